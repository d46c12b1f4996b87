/* Generated from chapters/01-emulator.nw: under the emulator, CUDA's
   headers are the prelude. */
#include "litdnn_emu.h"
