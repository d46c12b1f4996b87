#line 4475 "chapters/04-matmul.nw"
/* Blocks rastered in groups of LT_GROUP block columns (the including file
   defines LT_GROUP). */
#ifndef LITDNN_MATMUL_RASTER_CUH
#define LITDNN_MATMUL_RASTER_CUH
#include "matmul/matmul_device.cuh"

#line 1245 "chapters/04-matmul.nw"
static __device__ inline void matmul_raster(int b, int tiles_m, int tiles_n, int *bi, int *bj)
{
  int per_group = LT_GROUP * tiles_m;
  int first = (b / per_group) * LT_GROUP;
  int width = min(LT_GROUP, tiles_n - first);
  int r = b % per_group;
  *bi = r / width;
  *bj = first + r % width;
}
#line 4482 "chapters/04-matmul.nw"
#endif
