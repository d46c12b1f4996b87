#line 6534 "chapters/01-emulator.nw"
/* bug_float4_past_end.cu: the last float4 load reads past the end.
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
#line 6537 "chapters/01-emulator.nw"
/* y = 2 x, four elements per thread */
__global__ void scale4(int n, const float *x, float *y) {
  int i = 4 * (blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) {
    float4 v = *(const float4 *)(x + i);   /* BUG: x[i + 3] may be past the end */
    float w[4] = {v.x, v.y, v.z, v.w};
    for (int k = 0; k < 4 && i + k < n; k++)
      y[i + k] = 2.0f * w[k];
  }
}

int main(void) {
  int n = 210;
  size_t bytes = n * sizeof(float);
  float *x = (float *)malloc(bytes), *d_x, *d_y;
  for (int i = 0; i < n; i++)
    x[i] = (float)i;
  CHECK(cudaMalloc(&d_x, bytes));
  CHECK(cudaMalloc(&d_y, bytes));
  CHECK(cudaMemcpy(d_x, x, bytes, cudaMemcpyHostToDevice));
  scale4<<<1, 64>>>(n, d_x, d_y);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(x, d_y, bytes, cudaMemcpyDeviceToHost));
  printf("y[209] = %g\n", x[209]);
  CHECK(cudaFree(d_x));
  CHECK(cudaFree(d_y));
  free(x);
  return 0;
}
