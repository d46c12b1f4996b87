// A tile larger than a warp is refused when the program is compiled.
// expect-compile-error: litdnn-emu: tiles of more than 32 threads are not supported
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void k(int *x) {
  auto t = cg::tiled_partition<64>(cg::this_thread_block());
  x[threadIdx.x] = t.thread_rank();
}

int main() { return 0; }
