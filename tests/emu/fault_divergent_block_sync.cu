// A block barrier that half of the block skips, through cooperative groups;
// in strict mode an error.
// run-env: LITDNN_EMU_STRICT=1
// expect-status: 1
// expect-stderr: litdnn-emu: __syncthreads() in kernel 'half' reached by only 16 of the 32 threads of block (0,0,0); the other 16 had returned (every thread of a block must reach each barrier)
#include <cooperative_groups.h>
#include <cuda_runtime.h>
namespace cg = cooperative_groups;

__global__ void half(float *x) {
  cg::thread_block b = cg::this_thread_block();
  if (threadIdx.x >= 16)
    return;                      // BUG: these threads never reach b.sync()
  x[threadIdx.x] = 1;
  b.sync();
  x[threadIdx.x] += x[15 - threadIdx.x];
}

int main() {
  float *x;
  cudaMalloc(&x, 32 * sizeof(float));
  half<<<1, 32>>>(x);
  return 0;
}
