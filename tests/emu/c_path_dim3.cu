// The C path (--c, the way the library's kernels are built): dim3 with
// several declarators in one declaration, mixed with other initialisers.
// emucc-flags: --c
#include <stdio.h>

__global__ void shape(int *o) { o[0] = blockDim.x * 100 + gridDim.y; }

int main(void) {
  int n = 64, *d, h;
  dim3 blk(16, 2), grd(n / 16, n / 8), one = dim3(1), last(3);
  cudaMalloc(&d, sizeof(int));
  shape<<<grd, blk>>>(d);
  cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
  printf("blockDim.x * 100 + gridDim.y = %d; dim3(1) = (%u,%u,%u); last(3) = (%u,%u,%u)\n", h,
         one.x, one.y, one.z, last.x, last.y, last.z);
  return 0;
}
