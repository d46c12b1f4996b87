/* Shape p of the tuned kernel, for the tests only: one kernel for every
   layout, reading the transposes from its arguments, a path that the
   library's one shape (za, the stage 'tuned') does not take. */
#include "core/prelude.cuh"
#include "matmul/matmul.h"
LITDNN_DECLARE_GPU(test_matmul_tuned_p);
#define TU_LM 4
#define TU_RM 4
#define TU_RN 2
#define TU_WARPS_M 4
#define TU_WARPS_N 2
#define TU_BK 16
#define TU_MINB 1
#define TU_ENTRY test_matmul_tuned_p
#include "matmul/matmul_tuned.cuh"
