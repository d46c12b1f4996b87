// Cooperative groups: the thread block, tiles of 32, 16, 8 and 4 with
// their shuffles, votes, reductions and scans, and coalesced groups of the
// lanes that take a branch.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cstdio>
#include <cuda_runtime.h>
namespace cg = cooperative_groups;

// out[t] for each thread t of a block of 64:
//   0: sum over the tile of 32 (shfl_down), 1: max over the tile of 16 (cg::reduce),
//   2: ballot of (value odd) in the tile of 8, 3: inclusive scan in the tile of 4,
//   4: meta group rank of the tile of 8, 5: any/all in the tile of 4
__global__ void tiles(const int *x, int *out) {
  cg::thread_block block = cg::this_thread_block();
  int t = block.thread_rank(), v = x[t];
  cg::thread_block_tile<32> t32 = cg::tiled_partition<32>(block);
  int s = v;
  for (int d = t32.size() / 2; d > 0; d /= 2)
    s += t32.shfl_down(s, d);
  s = t32.shfl(s, 0);                         // every lane gets lane 0's total
  auto t16 = cg::tiled_partition<16>(block);
  int m = cg::reduce(t16, v, cg::greater<int>());
  auto t8 = cg::tiled_partition<8>(t32);
  unsigned odd = t8.ballot(v & 1);
  auto t4 = cg::tiled_partition<4>(block);
  int scan = cg::inclusive_scan(t4, v);
  int votes = t4.any(v > 60) * 10 + t4.all(v % 2 == 0);
  block.sync();
  out[6 * t + 0] = s;
  out[6 * t + 1] = m;
  out[6 * t + 2] = (int)odd;
  out[6 * t + 3] = scan;
  out[6 * t + 4] = t8.meta_group_rank();
  out[6 * t + 5] = votes;
}

// lanes with an odd value form a coalesced group: its size, each member's
// rank, and the value of its first member, by shuffle
__global__ void coalesced(const int *x, int *out) {
  int t = threadIdx.x, v = x[t];
  out[3 * t] = out[3 * t + 1] = out[3 * t + 2] = -1;
  if (v & 1) {
    cg::coalesced_group odd = cg::coalesced_threads();
    out[3 * t] = odd.size();
    out[3 * t + 1] = odd.thread_rank();
    out[3 * t + 2] = odd.shfl(v, 0);
    odd.sync();
  }
}

int main() {
  int x[64], out[6 * 64], *dx, *dout;
  for (int i = 0; i < 64; i++)
    x[i] = (i * 7) % 64;
  cudaMalloc(&dx, sizeof x);
  cudaMalloc(&dout, sizeof out);
  cudaMemcpy(dx, x, sizeof x, cudaMemcpyHostToDevice);
  tiles<<<1, 64>>>(dx, dout);
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  int ok = 1;
  for (int t = 0; t < 64; t++) {
    int sum = 0, max = 0, ballot = 0, scan = 0, any = 0, all = 1;
    for (int j = t / 32 * 32; j < t / 32 * 32 + 32; j++) sum += x[j];
    for (int j = t / 16 * 16; j < t / 16 * 16 + 16; j++) max = x[j] > max ? x[j] : max;
    for (int j = t / 8 * 8; j < t / 8 * 8 + 8; j++) ballot |= (x[j] & 1) << (j % 8);
    for (int j = t / 4 * 4; j <= t; j++) scan += x[j];
    for (int j = t / 4 * 4; j < t / 4 * 4 + 4; j++) any |= x[j] > 60, all &= x[j] % 2 == 0;
    int want[6] = {sum, max, ballot, scan, t / 8, any * 10 + all};
    for (int k = 0; k < 6; k++)
      if (out[6 * t + k] != want[k]) {
        printf("thread %d value %d: got %d, expected %d\n", t, k, out[6 * t + k], want[k]);
        ok = 0;
      }
  }
  printf("tiles: %s; thread 37: %d %d %d %d %d %d\n", ok ? "all as on the CPU" : "WRONG",
         out[6 * 37], out[6 * 37 + 1], out[6 * 37 + 2], out[6 * 37 + 3], out[6 * 37 + 4],
         out[6 * 37 + 5]);

  for (int i = 0; i < 32; i++)
    x[i] = i % 3 == 0 ? 2 * i + 1 : 2 * i;   // odd at lanes 0, 3, 6, ..., 30
  cudaMemcpy(dx, x, 32 * sizeof(int), cudaMemcpyHostToDevice);
  coalesced<<<1, 32>>>(dx, dout);
  cudaMemcpy(out, dout, 3 * 32 * sizeof(int), cudaMemcpyDeviceToHost);
  printf("coalesced:");
  for (int t = 0; t < 10; t++)
    printf(" (%d %d %d)", out[3 * t], out[3 * t + 1], out[3 * t + 2]);
  printf("\n");
  return ok ? 0 : 1;
}
