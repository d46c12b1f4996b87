// A shared-memory index one past the end, in C++: the memory-check build
// stops at the line.
// emucc-flags: --check=memory
// expect-status: 1
// expect-stderr: tests/emu/fault_shared_index_memory.cu:14:
// expect-stderr: runtime error: index 64 out of bounds for type 'float [64]'
#include <cuda_runtime.h>

__global__ void shift(const float *x, float *y) {
  __shared__ float s[64];
  s[threadIdx.x] = x[threadIdx.x];
  __syncthreads();
  y[threadIdx.x] =
      s[threadIdx.x + 1];        // BUG: 64 is past the end
}

int main() {
  float *x, *y;
  cudaMalloc(&x, 64 * sizeof(float));
  cudaMalloc(&y, 64 * sizeof(float));
  cudaMemset(x, 0, 64 * sizeof(float));
  shift<<<1, 64>>>(x, y);
  return 0;
}
