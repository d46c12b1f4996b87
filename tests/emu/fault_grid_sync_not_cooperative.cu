// A grid-wide barrier in a kernel launched with <<<...>>>: on a GPU it may
// wait for blocks that never run.
// expect-status: 1
// expect-stderr: litdnn-emu: tests/emu/fault_grid_sync_not_cooperative.cu:11: kernel 'step' waits at a grid-wide barrier (grid.sync()), but it was launched with <<<...>>>: only a kernel launched with cudaLaunchCooperativeKernel may
#include <cooperative_groups.h>
#include <cuda_runtime.h>
namespace cg = cooperative_groups;

__global__ void step(int *x) {
  x[blockIdx.x] = 1;
  cg::this_grid().sync();
  x[blockIdx.x] += x[(blockIdx.x + 1) % gridDim.x];
}

int main() {
  int *x;
  cudaMalloc(&x, 4 * sizeof(int));
  step<<<4, 32>>>(x);              // BUG: needs cudaLaunchCooperativeKernel
  return 0;
}
