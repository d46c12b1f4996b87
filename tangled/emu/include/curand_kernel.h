#error "litdnn-emu: cuRAND's device API (curand_kernel.h) is not supported by the emulator"
