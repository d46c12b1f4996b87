// A reduction in a kernel template that forgot the barrier after writing
// shared memory: the race-check build names the race.
// emucc-flags: --check=race
// expect-status: 66
// expect-stderr: ThreadSanitizer: data race
#include <cuda_runtime.h>

template <class T, int N> __global__ void block_sum(const T *x, T *out) {
  __shared__ T part[N];
  part[threadIdx.x] = x[threadIdx.x];
  // BUG: no __syncthreads() here
  if (threadIdx.x == 0) {
    T s = 0;
    for (int i = 0; i < N; i++)
      s += part[i];
    *out = s;
  }
}

int main() {
  float *x, *out;
  cudaMalloc(&x, 64 * sizeof(float));
  cudaMalloc(&out, sizeof(float));
  cudaMemset(x, 0, 64 * sizeof(float));
  block_sum<float, 64><<<1, 64>>>(x, out);
  return 0;
}
