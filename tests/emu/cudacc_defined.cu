// A .cu file is compiled as nvcc compiles one: __CUDACC__ is defined, so a
// header that supplies host versions of CUDA's functions only when it is
// not (as the common helper_math.h of NVIDIA's samples does) leaves them
// out; __CUDA_ARCH__ is not defined, one compilation serving host and device.
#include <cmath>
#include <cstdio>
#include <cuda_runtime.h>

#ifndef __CUDACC__
inline int max(int a, int b) { return a > b ? a : b; }
inline float rsqrtf(float x) { return 1.0f / sqrtf(x); }
#endif
#ifdef __CUDA_ARCH__
#error "__CUDA_ARCH__ is defined for the host's code"
#endif

__global__ void k(float *y) { y[threadIdx.x] = rsqrtf(4.0f) + max((int)threadIdx.x, 2); }

int main() {
  float *y, h[4];
  cudaMalloc(&y, sizeof h);
  k<<<1, 4>>>(y);
  cudaMemcpy(h, y, sizeof h, cudaMemcpyDeviceToHost);
#ifdef __CUDACC__
  printf("__CUDACC__ is defined\n");
#endif
  printf("%g %g %g %g\n", h[0], h[1], h[2], h[3]);
  cudaFree(y);
  return 0;
}
