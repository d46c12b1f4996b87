/* Generated from chapters/01-emulator.nw: reduce and the scans are in
   cooperative_groups.h. */
#include "../cooperative_groups.h"
