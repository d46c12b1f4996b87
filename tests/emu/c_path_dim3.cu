// The C path (--c, the way the library's kernels are built): dim3 with
// several declarators in one declaration, mixed with other initialisers,
// and a host function at file scope that returns a dim3 (declared, then
// defined): its parameters are not a dim3's arguments.
// emucc-flags: --c
#include <stdio.h>

__global__ void shape(int *o) { o[0] = blockDim.x * 100 + gridDim.y; }

static inline dim3 rows_of(int n, int per_block);

int main(void) {
  int n = 64, *d, h;
  dim3 blk(16, 2), grd(n / 16, n / 8), one = dim3(1), last(3);
  cudaMalloc(&d, sizeof(int));
  shape<<<grd, blk>>>(d);
  cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
  printf("blockDim.x * 100 + gridDim.y = %d; dim3(1) = (%u,%u,%u); last(3) = (%u,%u,%u)\n", h,
         one.x, one.y, one.z, last.x, last.y, last.z);
  dim3 rows = rows_of(100, 32);
  shape<<<rows, 32>>>(d);
  cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
  printf("rows_of(100, 32) = (%u,%u,%u); launched with it: %d\n", rows.x, rows.y, rows.z, h);
  return 0;
}

static inline dim3 rows_of(int n, int per_block) {
  dim3 g((n + per_block - 1) / per_block, 2);
  return g;
}
