#error "litdnn-emu: cuBLAS is not part of the emulator (run the library's matmul, or the GPU)"
