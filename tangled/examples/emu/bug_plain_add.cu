#line 6469 "chapters/01-emulator.nw"
/* bug_plain_add.cu: a sum with += where an atomic is needed.
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
#line 6472 "chapters/01-emulator.nw"
__global__ void sum_all(int n, const float *x, float *total) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    *total += x[i];          /* BUG: should be atomicAdd(total, x[i]) */
}

int main(void) {
  int n = 1000;
  float *x = (float *)malloc(n * sizeof(float)), total = 0.0f, *d_x, *d_total;
  for (int i = 0; i < n; i++)
    x[i] = 1.0f;
  CHECK(cudaMalloc(&d_x, n * sizeof(float)));
  CHECK(cudaMalloc(&d_total, sizeof(float)));
  CHECK(cudaMemcpy(d_x, x, n * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_total, &total, sizeof(float), cudaMemcpyHostToDevice));
  sum_all<<<(n + 255) / 256, 256>>>(n, d_x, d_total);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(&total, d_total, sizeof(float), cudaMemcpyDeviceToHost));
  printf("sum of %d ones: %g\n", n, total);
  CHECK(cudaFree(d_x));
  CHECK(cudaFree(d_total));
  free(x);
  return total == n ? 0 : 1;
}
