/* Shape y of the tuned kernel, for the tests only: one fragment set, a
   path that the library's one shape (za, the stage 'tuned') does not take. */
#include "core/prelude.cuh"
#include "matmul/matmul.h"
LITDNN_DECLARE_GPU(test_matmul_tuned_y);
#define TU_LM 8
#define TU_RM 2
#define TU_RN 2
#define TU_WARPS_M 2
#define TU_WARPS_N 4
#define TU_BK 16
#define TU_MINB 2
#define TU_FRAG_SETS 1
#define TU_ENTRY test_matmul_tuned_y
#include "matmul/matmul_tuned.cuh"
