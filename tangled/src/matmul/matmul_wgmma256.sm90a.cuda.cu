#line 5062 "chapters/04-matmul.nw"
#include "core/prelude.cuh"
#include "matmul/matmul.h"
#define WG_BN 256
#define WG_STAGES 4
#define WG_ENTRY litdnn_matmul_wgmma256_tf32_cuda
#include "matmul/matmul_wgmma.cuh"
