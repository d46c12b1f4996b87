#line 4804 "chapters/04-matmul.nw"
#include "core/prelude.cuh"
#include "matmul/matmul.h"
#define WT_WARPS_M 2
#define WT_WARPS_N 2
#define WT_RM 1
#define WT_RN 2
#define WT_BK 16
#define SK_BLOCKS_PER_SM 4      /* 115 registers x 128 threads */
#define SK_ENTRY litdnn_matmul_splitk_64x64
#include "matmul/matmul_splitk.cuh"
