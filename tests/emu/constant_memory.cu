// __constant__ and __device__ variables: cudaMemcpyToSymbol (with an
// offset), cudaMemcpyFromSymbol, cudaGetSymbolAddress and a symbol's
// address passed to a kernel, cudaGetSymbolSize.
#include <cstdio>
#include <cuda_runtime.h>

__constant__ float coef[4];
__constant__ int offset;
__device__ int hits;
__device__ float table[8];

// y[i] = coef[0] + coef[1] x + coef[2] x^2 + coef[3] x^3, at x = i + offset
__global__ void poly(int n, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float x = (float)(i + offset);
    y[i] = coef[0] + x * (coef[1] + x * (coef[2] + x * coef[3]));
    atomicAdd(&hits, 1);
  }
}

__global__ void fill(float *t, int n) {
  if ((int)threadIdx.x < n)
    t[threadIdx.x] = 10.0f * threadIdx.x;
}

int main() {
  float c[4] = {1, 0, 0, 0}, high[2] = {2, 1}, y[5], *dy;
  int off = 1, zero = 0, h = -1;
  cudaMemcpyToSymbol(coef, c, sizeof c);
  cudaMemcpyToSymbol(coef, high, sizeof high, 2 * sizeof(float));   // coef[2], coef[3]
  cudaMemcpyToSymbol(offset, &off, sizeof off);
  cudaMemcpyToSymbol(hits, &zero, sizeof zero, 0, cudaMemcpyHostToDevice);
  cudaMalloc(&dy, sizeof y);
  poly<<<1, 32>>>(5, dy);
  cudaMemcpy(y, dy, sizeof y, cudaMemcpyDeviceToHost);
  cudaMemcpyFromSymbol(&h, hits, sizeof h);
  printf("1 + 2x^2 + x^3 at 1..5: %g %g %g %g %g; %d threads counted\n", y[0], y[1], y[2],
         y[3], y[4], h);

  float *t, back[8];
  size_t bytes = 0;
  cudaGetSymbolAddress((void **)&t, table);
  cudaGetSymbolSize(&bytes, table);
  fill<<<1, 8>>>(t, 8);
  cudaMemcpy(back, t, sizeof back, cudaMemcpyDeviceToHost);
  printf("table (%zu bytes) through its address: %g %g %g\n", bytes, back[1], back[4], back[7]);
  cudaError_t e = cudaMemcpyToSymbol(coef, c, 2 * sizeof c);
  printf("copying 32 bytes into a 16-byte symbol: %s\n", cudaGetErrorName(e));
  return 0;
}
