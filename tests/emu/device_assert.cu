// assert() in a kernel: each failing thread prints CUDA's message, with
// its block and thread, and ends; the others run on, past a barrier the
// failed thread never reaches. The launch fails with
// cudaErrorAssert, which stays: cudaGetLastError does not clear it, and a
// later launch fails too. An assert that holds, in host code, is silent.
// expect-status: 0
// expect-stderr: device_assert.cu:21: void check_positive(const int*, int*, int): block: [1,0,0], thread: [3,0,0] Assertion `x[i] > 0` failed.
// expect-stderr: device_assert.cu:21: void check_positive(const int*, int*, int): block: [1,0,0], thread: [5,0,0] Assertion `x[i] > 0` failed.
#include <cassert>
#include <cstdio>
#include <cuda_runtime.h>

__global__ void touch(int *seen) { seen[threadIdx.x] = 1; }

__global__ void check_positive(const int *x, int *seen, int n) {
  __shared__ int count;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0)
    count = 0;
  __syncthreads();
  assert(x[i] > 0);
  atomicAdd(&count, 1);
  __syncthreads();
  if (threadIdx.x == 0)
    seen[blockIdx.x] = count;
}

int main() {
  const int n = 16;
  int h[n], *x, *seen, hs[2] = {-1, -1};
  for (int i = 0; i < n; i++)
    h[i] = i == 11 || i == 13 ? -i : i + 1;    /* block 1, threads 3 and 5 */
  assert(n == 16);
  cudaMalloc(&x, sizeof h);
  cudaMalloc(&seen, sizeof hs);
  cudaMemcpy(x, h, sizeof h, cudaMemcpyHostToDevice);
  check_positive<<<2, 8>>>(x, seen, n);
  cudaError_t sync = cudaDeviceSynchronize();
  cudaError_t last = cudaGetLastError(), again = cudaGetLastError();
  touch<<<1, 2>>>(seen);
  cudaError_t later = cudaGetLastError();
  printf("synchronize: %s (%s); last error %s, then %s; a later launch: %s\n",
         cudaGetErrorName(sync), cudaGetErrorString(sync), cudaGetErrorName(last),
         cudaGetErrorName(again), cudaGetErrorName(later));
  int ok = sync == cudaErrorAssert && last == cudaErrorAssert &&
           again == cudaErrorAssert && later == cudaErrorAssert;
  return ok ? 0 : 1;
}
