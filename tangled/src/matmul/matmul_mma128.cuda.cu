#line 4985 "chapters/04-matmul.nw"
#include "core/prelude.cuh"
#include "matmul/matmul.h"
#define MX_BM 128
#define MX_BN 128
#define MX_STAGES 3
#define MX_MIN_BLOCKS 2
#define MX_ENTRY litdnn_matmul_mma128_tf32_cuda
#include "matmul/matmul_mma16.cuh"
