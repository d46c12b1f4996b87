// A persistent kernel with grid-wide barriers (cooperative_groups::
// this_grid().sync()), launched with cudaLaunchCooperativeKernel and sized
// with the occupancy query: a prefix sum over the blocks' partial sums.
#include <cooperative_groups.h>
#include <cstdio>
#include <cuda_runtime.h>
namespace cg = cooperative_groups;

// out[i] = x[0] + ... + x[i], for n values over the whole grid
__global__ void grid_prefix(int n, const int *x, int *partial, int *out, int *valid) {
  cg::grid_group grid = cg::this_grid();
  cg::thread_block block = cg::this_thread_block();
  __shared__ int sums[1024];
  int per = (n + grid.num_blocks() - 1) / grid.num_blocks();
  int first = blockIdx.x * per, t = threadIdx.x;
  if (t == 0) {
    int s = 0;
    for (int i = first; i < first + per && i < n; i++)
      s += x[i];
    partial[blockIdx.x] = s;
  }
  *valid = grid.is_valid();
  grid.sync();                                // every block's partial sum is written
  if (t == 0) {
    int s = 0;
    for (unsigned b = 0; b < blockIdx.x; b++)
      s += partial[b];
    sums[0] = s;
  }
  block.sync();
  if (t == 0) {
    int s = sums[0];
    for (int i = first; i < first + per && i < n; i++)
      out[i] = s += x[i];
  }
  grid.sync();
}

int main() {
  int per_sm = 0, sms = 0, coop = 0, threads = 128;
  cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, 0);
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, grid_prefix, threads, 0);
  int blocks = sms * per_sm, n = 1000;
  printf("cooperative launch: %d; %d blocks of %d threads at once\n", coop, blocks, threads);
  int x[1000], out[1000], *dx, *dpartial, *dout, *dvalid, valid = 0;
  for (int i = 0; i < n; i++)
    x[i] = i % 10;
  cudaMalloc(&dx, sizeof x);
  cudaMalloc(&dout, sizeof out);
  cudaMalloc(&dpartial, blocks * sizeof(int));
  cudaMalloc(&dvalid, sizeof(int));
  cudaMemcpy(dx, x, sizeof x, cudaMemcpyHostToDevice);
  void *args[] = {&n, &dx, &dpartial, &dout, &dvalid};
  cudaError_t e = cudaLaunchCooperativeKernel((void *)grid_prefix, blocks, threads, args);
  printf("launch: %s\n", cudaGetErrorString(e));
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  cudaMemcpy(&valid, dvalid, sizeof valid, cudaMemcpyDeviceToHost);
  int wrong = 0, s = 0;
  for (int i = 0; i < n; i++)
    wrong += out[i] != (s += x[i]);
  printf("prefix sums: %d wrong, last %d, grid valid %d\n", wrong, out[n - 1], valid);
  // the typed form, and a grid one block too large
  e = cudaLaunchCooperativeKernel(grid_prefix, dim3(blocks), dim3(threads), args, 0, 0);
  printf("typed launch: %s\n", cudaGetErrorName(e));
  e = cudaLaunchCooperativeKernel((const void *)grid_prefix, blocks + 1, threads, args);
  printf("%d blocks: %s\n", blocks + 1, cudaGetErrorName(e));
  return wrong;
}
