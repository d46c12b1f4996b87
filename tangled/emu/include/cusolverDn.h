#error "litdnn-emu: cuSOLVER (cusolverDn.h) is not part of the emulator"
