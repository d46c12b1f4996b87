#line 4532 "chapters/04-matmul.nw"
#include "core/prelude.cuh"
#include "matmul/matmul.h"
#define LT_STAGES 2
#define LT_ENTRY litdnn_matmul_large
#include "matmul/matmul_large.cuh"
