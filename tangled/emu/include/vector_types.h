/* Generated from chapters/01-emulator.nw. */
#include "litdnn_emu.h"
