#line 4353 "chapters/04-matmul.nw"
#include "core/prelude.cuh"
#include "matmul/matmul.h"
#define WT_WARPS_M 2
#define WT_WARPS_N 4
#define WT_RM 2
#define WT_RN 2
#define WT_BK 8
#define WT_ENTRY litdnn_matmul_pipelined
#include "matmul/matmul_pipelined.cuh"
