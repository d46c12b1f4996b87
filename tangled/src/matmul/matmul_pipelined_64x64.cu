#line 4367 "chapters/04-matmul.nw"
#include "core/prelude.cuh"
#include "matmul/matmul.h"
#define WT_WARPS_M 2
#define WT_WARPS_N 2
#define WT_RM 1
#define WT_RN 2
#define WT_BK 16
#define WT_ENTRY litdnn_matmul_pipelined_64x64
#include "matmul/matmul_pipelined.cuh"
