// A kernel's attributes and cache preferences: overloaded kernels reached
// through function pointers, cudaFuncSetCacheConfig and the shared-memory
// bank configuration, cudaFuncGetAttributes on a kernel, on a template's
// instance, after cudaFuncSetAttribute, and on a host function.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

__global__ void twice(const int *in, int *out) { out[threadIdx.x] = 2 * in[threadIdx.x]; }
__global__ void twice(const int2 *in, int *out) {
  out[threadIdx.x] = 2 * (in[threadIdx.x].x + in[threadIdx.x].y);
}
template <int N> __global__ void plus(int *out) { out[threadIdx.x] += N; }
void not_a_kernel(int *) {}

static void show(const char *what, cudaError_t e, const cudaFuncAttributes &a) {
  printf("%-22s %s: %d threads, dynamic shared %d, shared %zu, registers %d, version %d\n",
         what, cudaGetErrorName(e), a.maxThreadsPerBlock, a.maxDynamicSharedSizeBytes,
         a.sharedSizeBytes, a.numRegs, a.ptxVersion);
}

int main() {
  int h[8], *in, *out;
  for (int i = 0; i < 8; i++)
    h[i] = i;
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&out, sizeof h);
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);

  void (*scalar)(const int *, int *) = twice;
  void (*pairs)(const int2 *, int *) = twice;
  printf("cache config: %s; bank size: %s\n",
         cudaGetErrorName(cudaFuncSetCacheConfig(*scalar, cudaFuncCachePreferShared)),
         cudaGetErrorName(cudaDeviceSetSharedMemConfig(cudaSharedMemBankSizeFourByte)));
  cudaFuncAttributes a;
  memset(&a, 0xff, sizeof a);
  show("twice(const int *)", cudaFuncGetAttributes(&a, *scalar), a);
  (*scalar)<<<1, 8>>>(in, out);
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  printf("scalar: %d %d ... %d\n", h[0], h[1], h[7]);
  (*pairs)<<<1, 4>>>(reinterpret_cast<const int2 *>(in), out);
  cudaMemcpy(h, out, 4 * sizeof(int), cudaMemcpyDeviceToHost);
  printf("pairs: %d %d %d %d\n", h[0], h[1], h[2], h[3]);

  cudaFuncSetAttribute(plus<3>, cudaFuncAttributeMaxDynamicSharedMemorySize, 96 * 1024);
  show("plus<3>", cudaFuncGetAttributes(&a, plus<3>), a);
  show("plus<3> by address", cudaFuncGetAttributes(&a, (const void *)plus<3>), a);
  cudaError_t e = cudaFuncGetAttributes(&a, (const void *)not_a_kernel);
  printf("a host function: %s\n", cudaGetErrorName(e));
  cudaGetLastError();
  cudaFree(in);
  cudaFree(out);
  return 0;
}
