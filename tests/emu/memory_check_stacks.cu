// The memory-check build reuses each CUDA thread's stack from block to
// block and launch to launch without clearing AddressSanitizer's marks
// when the thread before ran to its end. Kernels with differently laid
// out local arrays (their addresses passed to device functions, so
// AddressSanitizer guards them) run one after the other on the same
// stacks: no false report, and the right sums.
// emucc-flags: --check=memory
#include <stdio.h>

__device__ int sum_of(const int *v, int n) {
  int s = 0;
  for (int i = 0; i < n; i++)
    s += v[i];
  return s;
}

__device__ void fill(int *v, int n, int from) {
  for (int i = 0; i < n; i++)
    v[i] = from + i;
}

__global__ void small_frame(int *out) {
  int a[3];
  fill(a, 3, threadIdx.x);
  out[blockIdx.x * blockDim.x + threadIdx.x] = sum_of(a, 3);
}

__global__ void large_frame(int *out) {
  int a[40], b[7];
  char pad[13];
  fill(a, 40, threadIdx.x);
  fill(b, 7, (int)blockIdx.x);
  pad[threadIdx.x % 13] = 1;
  out[blockIdx.x * blockDim.x + threadIdx.x] = sum_of(a, 40) + sum_of(b, 7) + pad[threadIdx.x % 13];
}

int main(void) {
  const int blocks = 8, threads = 64, n = blocks * threads;
  int *d, h[n];
  cudaMalloc(&d, sizeof h);
  long long total[2] = {0, 0};
  for (int round = 0; round < 20; round++) {
    for (int k = 0; k < 2; k++) {
      if (k == 0)
        small_frame<<<blocks, threads>>>(d);
      else
        large_frame<<<blocks, threads>>>(d);
      cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
      for (int i = 0; i < n; i++)
        total[k] += h[i];
    }
  }
  printf("small frames: %lld, large frames: %lld (20 launches each)\n", total[0], total[1]);
  printf("last error: %s\n", cudaGetErrorName(cudaGetLastError()));
  return 0;
}
