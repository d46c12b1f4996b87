// The runtime API that ordinary programs use: device properties and
// attributes, versions, memory information, cudaMemset, managed memory,
// error names and strings, launch errors in cudaGetLastError, attributes
// of a kernel, the occupancy calculator.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

__global__ void inc(int n, int *v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    v[i] += 1;
}

template <int N> __global__ void uses_dynamic(float *y) {
  extern __shared__ float big[];
  big[threadIdx.x] = (float)threadIdx.x;
  __syncthreads();
  y[threadIdx.x] = big[N - 1 - threadIdx.x];
}

int main() {
  int count = 0, dev = -1, v = 0, drv = 0, rt = 0;
  cudaGetDeviceCount(&count);
  cudaSetDevice(0);
  cudaGetDevice(&dev);
  cudaDeviceProp p;
  cudaGetDeviceProperties(&p, 0);
  printf("%d device; device %d is \"%s\", compute capability %d.%d, %d SM, warp %d, "
         "%d threads per block, %zu bytes of shared memory per block, cooperative %d, "
         "managed %d\n",
         count, dev, p.name, p.major, p.minor, p.multiProcessorCount, p.warpSize,
         p.maxThreadsPerBlock, p.sharedMemPerBlock, p.cooperativeLaunch, p.managedMemory);
  cudaDeviceGetAttribute(&v, cudaDevAttrMaxThreadsPerMultiProcessor, 0);
  printf("threads per SM %d", v);
  cudaDeviceGetAttribute(&v, cudaDevAttrComputeMode, 0);
  printf(", compute mode %d (prohibited is %d)\n", v, (int)cudaComputeModeProhibited);
  cudaDriverGetVersion(&drv);
  cudaRuntimeGetVersion(&rt);
  printf("versions: driver %d, runtime %d\n", drv, rt);

  size_t free0, free1, total;
  cudaMemGetInfo(&free0, &total);
  int *d;
  cudaMalloc(&d, 1 << 20);
  cudaMemGetInfo(&free1, &total);
  printf("a 1 MiB buffer takes %zu bytes of the free memory; free <= total: %s\n",
         free0 - free1, free1 <= total ? "yes" : "no");
  cudaMemset(d, 0, 1 << 20);
  inc<<<4, 256>>>(1000, d);
  int h[3];
  cudaMemcpy(h, d + 998, sizeof h, cudaMemcpyDeviceToHost);
  printf("after cudaMemset and one increment: %d %d %d\n", h[0], h[1], h[2]);

  int *m;
  cudaMallocManaged(&m, 100 * sizeof(int));
  for (int i = 0; i < 100; i++)
    m[i] = i;
  inc<<<1, 128>>>(100, m);
  cudaDeviceSynchronize();
  printf("managed memory, read by the host after the kernel: %d %d\n", m[0], m[99]);
  cudaFree(m);

  inc<<<1, 2048>>>(1, d);
  cudaError_t e = cudaPeekAtLastError();
  printf("a block of 2048: %s (%s); ", cudaGetErrorName(e), cudaGetErrorString(e));
  cudaError_t first = cudaGetLastError(), second = cudaGetLastError();
  printf("cudaGetLastError: %s, then %s\n", cudaGetErrorName(first), cudaGetErrorName(second));
  printf("error names: %s, %s, %s\n", cudaGetErrorName(cudaErrorMemoryAllocation),
         cudaGetErrorName(cudaErrorInvalidDevicePointer), cudaGetErrorString(cudaErrorIllegalAddress));

  float *y, hy[256];
  cudaMalloc(&y, sizeof hy);
  uses_dynamic<256><<<1, 256, 64 * 1024>>>(y);
  printf("64 KiB of dynamic shared memory: %s\n", cudaGetErrorName(cudaGetLastError()));
  cudaFuncSetAttribute(uses_dynamic<256>, cudaFuncAttributeMaxDynamicSharedMemorySize, 64 * 1024);
  uses_dynamic<256><<<1, 256, 64 * 1024>>>(y);
  cudaMemcpy(hy, y, sizeof hy, cudaMemcpyDeviceToHost);
  printf("after cudaFuncSetAttribute: %s, y[0] = %g\n", cudaGetErrorName(cudaGetLastError()), hy[0]);

  int grid = 0, block = 0, blocks = 0;
  cudaOccupancyMaxPotentialBlockSize(&grid, &block, inc, 0, 0);
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, inc, 256, 0);
  printf("occupancy: %d blocks of 256 per SM; suggested block %d, grid %d\n", blocks, block, grid);
  cudaFree(d);
  cudaFree(y);
  cudaDeviceReset();
  return 0;
}
