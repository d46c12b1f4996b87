// A kernel template, its arguments deduced, writes one element past the
// end: the message names the kernel, the thread, the buffer by the host's
// argument, and the line.
// expect-status: 1
// expect-stderr: litdnn-emu: kernel 'fill' block (3,0,0) thread (4,0,0): out-of-bounds write of 4 bytes at byte 400 of 'd_out' (400 bytes), 0 bytes past its end, at tests/emu/fault_oob_template.cu:11 (in fill<float>)
#include <cuda_runtime.h>

template <class T> __global__ void fill(T *out, int n, T v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i <= n)                    // BUG: i == n is past the end
    out[i] = v;
}

int main() {
  float *d_out;
  cudaMalloc(&d_out, 100 * sizeof(float));
  fill<<<4, 32>>>(d_out, 100, 1.0f);
  return 0;
}
