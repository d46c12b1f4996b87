// A std::vector's data passed to a kernel instead of device memory.
// expect-status: 1
// expect-stderr: litdnn-emu: argument 1 'x' of kernel 'scale' (the host passed 'h.data()' at tests/emu/fault_host_vector.cu:18) is a host pointer, not device memory from cudaMalloc
#include <cuda_runtime.h>
#include <vector>

__global__ void scale(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= 2;
}

int main() {
  std::vector<float> h(64, 1.0f);
  float *d;
  cudaMalloc(&d, h.size() * sizeof(float));
  cudaMemcpy(d, h.data(), h.size() * sizeof(float), cudaMemcpyHostToDevice);
  scale<<<1, 64>>>(h.data(), (int)h.size());     // BUG: should be d
  return 0;
}
