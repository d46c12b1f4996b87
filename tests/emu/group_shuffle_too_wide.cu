// A group's shuffle of more than 32 bytes is refused when the program is
// compiled, as CUDA refuses it.
// expect-compile-error: a warp shuffle moves a value of at most 8 bytes (a cooperative group's shfl, 32)
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

struct five { double v[5]; };

__global__ void k(five *x) {
  auto warp = cg::tiled_partition<32>(cg::this_thread_block());
  x[threadIdx.x] = warp.shfl_xor(x[threadIdx.x], 1);
}

int main() { return 0; }
