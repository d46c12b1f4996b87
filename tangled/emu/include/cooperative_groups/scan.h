/* Generated from chapters/01-emulator.nw. */
#include "../cooperative_groups.h"
