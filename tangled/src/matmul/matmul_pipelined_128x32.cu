#line 4381 "chapters/04-matmul.nw"
#include "core/prelude.cuh"
#include "matmul/matmul.h"
#define WT_WARPS_M 4
#define WT_WARPS_N 1
#define WT_RM 1
#define WT_RN 2
#define WT_BK 16
#define WT_ENTRY litdnn_matmul_pipelined_128x32
#include "matmul/matmul_pipelined.cuh"
