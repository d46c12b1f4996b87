#error "litdnn-emu: cuRAND (curand.h) is not part of the emulator"
