/* Shape zc of the tuned kernel, for the tests only: walking loads, with
   lanes standing 8 by 4, a path that the library's one shape (za, the
   stage 'tuned') does not take. */
#include "core/prelude.cuh"
#include "matmul/matmul.h"
LITDNN_DECLARE_GPU(test_matmul_tuned_zc);
#define TU_LM 8
#define TU_RM 4
#define TU_RN 2
#define TU_WARPS_M 2
#define TU_WARPS_N 4
#define TU_BK 16
#define TU_MINB 1
#define TU_FIXED_LAYOUT 1
#define TU_WALK 1
#define TU_ENTRY test_matmul_tuned_zc
#include "matmul/matmul_tuned.cuh"
