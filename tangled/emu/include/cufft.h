#error "litdnn-emu: cuFFT (cufft.h) is not part of the emulator"
