#line 4542 "chapters/04-matmul.nw"
#include "core/prelude.cuh"
#include "matmul/matmul.h"
#define LT_STAGES 4
#define LT_CP_ASYNC 1
#define LT_ENTRY litdnn_matmul_large_async
#include "matmul/matmul_cp_async.cuh"
#include "matmul/matmul_large.cuh"
