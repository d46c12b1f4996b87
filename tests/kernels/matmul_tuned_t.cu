/* Shape t of the tuned kernel, for the tests only: blocks rastered in
   groups of 8 block columns, a path that the library's one shape (za, the
   stage 'tuned') does not take. */
#include "core/prelude.cuh"
#include "matmul/matmul.h"
LITDNN_DECLARE_GPU(test_matmul_tuned_t);
#define TU_LM 4
#define TU_RM 4
#define TU_RN 2
#define TU_WARPS_M 2
#define TU_WARPS_N 2
#define TU_BK 8
#define TU_MINB 2
#define TU_GROUP 8
#define TU_ENTRY test_matmul_tuned_t
#include "matmul/matmul_tuned.cuh"
