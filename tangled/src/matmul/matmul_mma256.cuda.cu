#line 4998 "chapters/04-matmul.nw"
#include "core/prelude.cuh"
#include "matmul/matmul.h"
#define MX_BM 256
#define MX_BN 128
#define MX_STAGES 4
#define MX_MIN_BLOCKS 1
#define MX_ENTRY litdnn_matmul_mma256_tf32_cuda
#include "matmul/matmul_mma16.cuh"
