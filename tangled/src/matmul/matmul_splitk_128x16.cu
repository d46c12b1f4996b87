#line 4789 "chapters/04-matmul.nw"
#include "core/prelude.cuh"
#include "matmul/matmul.h"
#define WT_WARPS_M 4
#define WT_WARPS_N 1
#define WT_RM 1
#define WT_RN 1
#define WT_BK 32
#define SK_BLOCKS_PER_SM 3      /* 161 registers x 128 threads */
#define SK_ENTRY litdnn_matmul_splitk_128x16
#include "matmul/matmul_splitk.cuh"
