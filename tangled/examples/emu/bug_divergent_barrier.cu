#line 6647 "chapters/01-emulator.nw"
/* bug_divergent_barrier.cu: threads past the end return before a barrier.
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
#line 6650 "chapters/01-emulator.nw"
/* each block sums its 256 elements of x into sums[blockIdx.x] */
__global__ void block_sums(int n, const float *x, float *sums) {
  __shared__ float partial[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;                  /* BUG: these threads never reach the barrier */
  partial[threadIdx.x] = x[i];
  __syncthreads();
  if (threadIdx.x == 0) {
    float s = 0.0f;
    for (int k = 0; k < 256 && blockIdx.x * 256 + k < n; k++)
      s += partial[k];
    sums[blockIdx.x] = s;
  }
}

int main(void) {
  int n = 1000, blocks = (n + 255) / 256;
  float *x = (float *)malloc(n * sizeof(float)), sums[4], *d_x, *d_sums;
  for (int i = 0; i < n; i++)
    x[i] = 1.0f;
  CHECK(cudaMalloc(&d_x, n * sizeof(float)));
  CHECK(cudaMalloc(&d_sums, blocks * sizeof(float)));
  CHECK(cudaMemcpy(d_x, x, n * sizeof(float), cudaMemcpyHostToDevice));
  block_sums<<<blocks, 256>>>(n, d_x, d_sums);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(sums, d_sums, blocks * sizeof(float), cudaMemcpyDeviceToHost));
  printf("block sums: %g %g %g %g\n", sums[0], sums[1], sums[2], sums[3]);
  CHECK(cudaFree(d_x));
  CHECK(cudaFree(d_sums));
  free(x);
  return 0;
}
