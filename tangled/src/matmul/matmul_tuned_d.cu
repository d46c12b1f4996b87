#line 2173 "chapters/04-matmul.nw"
#include "core/prelude.cuh"
#include "matmul/matmul.h"
#define TU_LM 4
#define TU_RM 2
#define TU_RN 2
#define TU_WARPS_M 4
#define TU_WARPS_N 2
#define TU_BK 16
#define TU_MINB 2
#define TU_ENTRY litdnn_matmul_tuned_d
#include "matmul/matmul_tuned.cuh"
