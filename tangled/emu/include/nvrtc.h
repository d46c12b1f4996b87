#error "litdnn-emu: NVRTC (nvrtc.h, compiling CUDA at run time) is not supported by the emulator"
