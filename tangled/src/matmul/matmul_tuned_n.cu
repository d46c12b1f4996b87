#line 2313 "chapters/04-matmul.nw"
#include "core/prelude.cuh"
#include "matmul/matmul.h"
#define TU_LM 8
#define TU_RM 2
#define TU_RN 4
#define TU_WARPS_M 2
#define TU_WARPS_N 2
#define TU_BK 16
#define TU_MINB 2
#define TU_GROUP 8
#define TU_ENTRY litdnn_matmul_tuned_n
#include "matmul/matmul_tuned.cuh"
