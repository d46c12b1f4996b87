/* Generated from chapters/01-emulator.nw. */
#error "litdnn-emu: cooperative groups (including grid-wide sync) are not supported by the emulator"
