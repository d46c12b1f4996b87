#error "litdnn-emu: tensor-core matrix operations (mma.h, wmma) are not supported by the emulator"
