#line 6614 "chapters/01-emulator.nw"
/* bug_shared_off_by_one.cu: a shared-memory index one past the tile.
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
#line 6617 "chapters/01-emulator.nw"
/* y[i] = x[i + 1] - x[i] within each block of 256 */
__global__ void difference(int n, const float *x, float *y) {
  __shared__ float tile[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = i < n ? x[i] : 0.0f;
  __syncthreads();
  if (i < n)
    y[i] = tile[threadIdx.x + 1] - tile[threadIdx.x];  /* BUG: 256 is past the end */
}

int main(void) {
  int n = 512;
  float *x = (float *)malloc(n * sizeof(float)), *d_x, *d_y;
  for (int i = 0; i < n; i++)
    x[i] = (float)(i * i);
  CHECK(cudaMalloc(&d_x, n * sizeof(float)));
  CHECK(cudaMalloc(&d_y, n * sizeof(float)));
  CHECK(cudaMemcpy(d_x, x, n * sizeof(float), cudaMemcpyHostToDevice));
  difference<<<n / 256, 256>>>(n, d_x, d_y);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(x, d_y, n * sizeof(float), cudaMemcpyDeviceToHost));
  printf("y[255] = %g\n", x[255]);
  CHECK(cudaFree(d_x));
  CHECK(cudaFree(d_y));
  free(x);
  return 0;
}
