#line 5073 "chapters/04-matmul.nw"
#include "core/prelude.cuh"
#include "matmul/matmul.h"
#define WG_BN 128
#define WG_STAGES 6
#define WG_ENTRY litdnn_matmul_wgmma128_tf32_cuda
#include "matmul/matmul_wgmma.cuh"
