#error "litdnn-emu: cuSPARSE (cusparse.h) is not part of the emulator"
