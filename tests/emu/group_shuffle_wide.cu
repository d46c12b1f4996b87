// A cooperative group's shuffles move values wider than a register: a
// uint4 (16 bytes) and a structure of four doubles (32 bytes), through a
// warp-sized tile, a tile of 8 and a coalesced group. The host checks
// every lane against the lane the value must have come from.
#include <cooperative_groups.h>
#include <cstdio>
namespace cg = cooperative_groups;

struct four { double a, b, c, d; };

__device__ uint4 mark(unsigned r) { return make_uint4(r, 100 + r, 200 + r, 300 + r); }
__device__ four mark4(unsigned r) { return four{r + 0.5, r + 1.5, r + 2.5, r + 3.5}; }

__global__ void wide(uint4 *xor1, uint4 *up2, four *down1, four *odd) {
  auto block = cg::this_thread_block();
  auto warp = cg::tiled_partition<32>(block);
  auto tile = cg::tiled_partition<8>(block);
  unsigned t = threadIdx.x;
  xor1[t] = warp.shfl_xor(mark(warp.thread_rank()), 1);
  up2[t] = tile.shfl_up(mark(tile.thread_rank()), 2);
  down1[t] = tile.shfl_down(mark4(t), 1);
  odd[t] = four{-1, -1, -1, -1};
  if (t % 2) {
    cg::coalesced_group g = cg::coalesced_threads();
    odd[t] = g.shfl(mark4(t), 0);    /* from the group's first member */
  }
}

static bool same4(uint4 a, uint4 b) { return a.x == b.x && a.y == b.y && a.z == b.z && a.w == b.w; }
static bool samef(four a, four b) { return a.a == b.a && a.b == b.b && a.c == b.c && a.d == b.d; }
static uint4 hmark(unsigned r) { return uint4{r, 100 + r, 200 + r, 300 + r}; }
static four hmark4(unsigned r) { return four{r + 0.5, r + 1.5, r + 2.5, r + 3.5}; }

int main() {
  const int n = 64;
  uint4 *xor1, *up2, hx[n], hu[n];
  four *down1, *odd, hd[n], ho[n];
  cudaMalloc(&xor1, sizeof hx);
  cudaMalloc(&up2, sizeof hu);
  cudaMalloc(&down1, sizeof hd);
  cudaMalloc(&odd, sizeof ho);
  wide<<<1, n>>>(xor1, up2, down1, odd);
  cudaMemcpy(hx, xor1, sizeof hx, cudaMemcpyDeviceToHost);
  cudaMemcpy(hu, up2, sizeof hu, cudaMemcpyDeviceToHost);
  cudaMemcpy(hd, down1, sizeof hd, cudaMemcpyDeviceToHost);
  cudaMemcpy(ho, odd, sizeof ho, cudaMemcpyDeviceToHost);
  int bad[4] = {0, 0, 0, 0};
  for (unsigned t = 0; t < n; t++) {
    unsigned w = t % 32, r = t % 8;
    bad[0] += !same4(hx[t], hmark(w ^ 1));
    bad[1] += !same4(hu[t], hmark(r >= 2 ? r - 2 : r));
    bad[2] += !samef(hd[t], hmark4(r + 1 < 8 ? t + 1 : t));
    bad[3] += !samef(ho[t], t % 2 ? hmark4(t - t % 32 + 1) : four{-1, -1, -1, -1});
  }
  printf("lane 5: xor 1 gives (%u %u %u %u), up 2 in a tile of 8 gives (%u %u %u %u)\n",
         hx[5].x, hx[5].y, hx[5].z, hx[5].w, hu[5].x, hu[5].y, hu[5].z, hu[5].w);
  printf("lane 5: down 1 gives (%g %g %g %g); odd lane 37 from lane %g\n",
         hd[5].a, hd[5].b, hd[5].c, hd[5].d, ho[37].a - 0.5);
  printf("wrong lanes: xor %d, up %d, down %d, coalesced %d\n", bad[0], bad[1], bad[2], bad[3]);
  return 0;
}
