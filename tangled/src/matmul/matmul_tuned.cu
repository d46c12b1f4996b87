#line 4695 "chapters/04-matmul.nw"
#include "core/prelude.cuh"
#include "matmul/matmul.h"
#define TU_LM 4
#define TU_RM 4
#define TU_RN 2
#define TU_WARPS_M 4
#define TU_WARPS_N 2
#define TU_BK 16
#define TU_MINB 1
#define TU_FIXED_LAYOUT 1
#define TU_WALK 1
#define TU_ENTRY litdnn_matmul_tuned
#include "matmul/matmul_tuned.cuh"
