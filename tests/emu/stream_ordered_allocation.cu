// Stream-ordered allocation: cudaMallocAsync and cudaFreeAsync on a
// stream around a kernel, the device's default memory pool and its
// attributes, and the device attribute that says pools are supported.
#include <cstdint>
#include <cstdio>
#include <cuda_runtime.h>

__global__ void square(const int *in, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i] * in[i];
}

int main() {
  int supported = 0;
  cudaDeviceGetAttribute(&supported, cudaDevAttrMemoryPoolsSupported, 0);
  printf("memory pools supported: %d\n", supported);

  cudaMemPool_t pool, again;
  printf("default pool: %s", cudaGetErrorName(cudaDeviceGetDefaultMemPool(&pool, 0)));
  cudaDeviceGetMemPool(&again, 0);
  printf(", the same from cudaDeviceGetMemPool: %s; device 3: %s\n", pool == again ? "yes" : "no",
         cudaGetErrorName(cudaDeviceGetDefaultMemPool(&again, 3)));
  uint64_t threshold = UINT64_MAX, read = 0;
  int follow = 0;
  cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &threshold);
  cudaMemPoolGetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &read);
  cudaMemPoolGetAttribute(pool, cudaMemPoolReuseFollowEventDependencies, &follow);
  printf("release threshold kept: %s; follow event dependencies: %d\n",
         read == UINT64_MAX ? "yes" : "no", follow);

  const int n = 1000;
  int h[n], *in, *out;
  for (int i = 0; i < n; i++)
    h[i] = i - 500;
  cudaStream_t s;
  cudaStreamCreate(&s);
  uint64_t used0 = 0, used1 = 0;
  cudaMemPoolGetAttribute(pool, cudaMemPoolAttrUsedMemCurrent, &used0);
  printf("cudaMallocAsync: %s", cudaGetErrorName(cudaMallocAsync(&in, sizeof h, s)));
  printf(" %s\n", cudaGetErrorName(cudaMallocAsync(&out, sizeof h, s)));
  cudaMemPoolGetAttribute(pool, cudaMemPoolAttrUsedMemCurrent, &used1);
  printf("in use after two allocations of %zu bytes: %s\n", sizeof h,
         used1 - used0 >= 2 * sizeof h ? "at least their size" : "too little");
  cudaMemcpyAsync(in, h, sizeof h, cudaMemcpyHostToDevice, s);
  square<<<(n + 255) / 256, 256, 0, s>>>(in, out, n);
  printf("cudaFreeAsync(in): %s\n", cudaGetErrorName(cudaFreeAsync(in, s)));
  cudaMemcpyAsync(h, out, sizeof h, cudaMemcpyDeviceToHost, s);
  cudaFreeAsync(out, s);
  cudaStreamSynchronize(s);
  printf("squares: %d %d %d\n", h[0], h[500], h[n - 1]);
  printf("a high-water mark: %s\n",
         cudaGetErrorName(cudaMemPoolGetAttribute(pool, cudaMemPoolAttrUsedMemHigh, &read)));
  printf("freeing twice: %s\n", cudaGetErrorName(cudaFreeAsync(out, s)));
  cudaGetLastError();
  cudaStreamDestroy(s);
  return 0;
}
