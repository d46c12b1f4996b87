#line 6445 "chapters/01-emulator.nw"
/* bug_missing_barrier.cu: the tiled SGEMM without its first barrier.
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
#line 6448 "chapters/01-emulator.nw"
#define TILE 16
__global__ void sgemm_tiled(int n, const float *a, const float *b, float *c) {
  __shared__ float a_tile[TILE][TILE];
  __shared__ float b_tile[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  float sum = 0.0f;
  for (int t = 0; t < n; t += TILE) {
    
#line 109 "chapters/01-emulator.nw"
a_tile[ty][tx] = row < n && t + tx < n ? a[row * n + t + tx] : 0.0f;
b_tile[ty][tx] = t + ty < n && col < n ? b[(t + ty) * n + col] : 0.0f;
#line 6457 "chapters/01-emulator.nw"
    /* BUG: no __syncthreads() here; a thread reads tiles still being loaded */
    for (int k = 0; k < TILE; k++)
      sum += a_tile[ty][k] * b_tile[k][tx];
    __syncthreads();
  }
  if (row < n && col < n)
    c[row * n + col] = sum;
}
#line 153 "chapters/01-emulator.nw"
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 100;
  size_t bytes = (size_t)n * n * sizeof(float);
  float *a = (float *)malloc(bytes), *b = (float *)malloc(bytes);
  float *c = (float *)malloc(bytes);
  for (int i = 0; i < n * n; i++) {
    a[i] = (float)((i * 7) % 13) / 13.0f - 0.5f;
    b[i] = (float)((i * 5) % 11) / 11.0f - 0.5f;
  }
  float *d_a, *d_b, *d_c;
  CHECK(cudaMalloc(&d_a, bytes));
  CHECK(cudaMalloc(&d_b, bytes));
  CHECK(cudaMalloc(&d_c, bytes));
  CHECK(cudaMemcpy(d_a, a, bytes, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_b, b, bytes, cudaMemcpyHostToDevice));
  dim3 block(TILE, TILE);
  dim3 grid((n + TILE - 1) / TILE, (n + TILE - 1) / TILE);
  sgemm_tiled<<<grid, block>>>(n, d_a, d_b, d_c);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(c, d_c, bytes, cudaMemcpyDeviceToHost));
  double worst = 0.0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double ref = 0.0;
      for (int k = 0; k < n; k++)
        ref += (double)a[i * n + k] * b[k * n + j];
      double err = fabs(c[i * n + j] - ref);
      if (!(err <= worst))          /* NaN-safe: a NaN becomes the worst */
        worst = err;
    }
  int ok = worst <= 1e-4 * n;
  printf("sgemm_tiled n=%d: largest error %g: %s\n", n, worst,
         ok ? "matches the CPU" : "WRONG");
  CHECK(cudaFree(d_a));
  CHECK(cudaFree(d_b));
  CHECK(cudaFree(d_c));
  free(a);
  free(b);
  free(c);
  return ok ? 0 : 1;
}
