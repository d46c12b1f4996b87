#line 6593 "chapters/01-emulator.nw"
/* bug_host_deref.cu: host code reads device memory.
   Generated from chapters/01-emulator.nw. */
#line 134 "chapters/01-emulator.nw"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <cuda_runtime.h>
#define CHECK(call)                                                          \
  do {                                                                       \
    cudaError_t e_ = (call);                                                 \
    if (e_ != cudaSuccess) {                                                 \
      fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call,   \
              cudaGetErrorString(e_));                                       \
      exit(1);                                                               \
    }                                                                        \
  } while (0)
#line 6596 "chapters/01-emulator.nw"
__global__ void fill(int n, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = 1.0f;
}

int main(void) {
  float *d_y;
  CHECK(cudaMalloc(&d_y, 1000 * sizeof(float)));
  fill<<<4, 256>>>(1000, d_y);
  CHECK(cudaGetLastError());
  printf("y[0] = %g\n", d_y[0]);  /* BUG: d_y is device memory */
  CHECK(cudaFree(d_y));
  return 0;
}
