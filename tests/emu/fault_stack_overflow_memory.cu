// A local array indexed one past its end, in the memory-check build,
// after the threads' stacks have been used by earlier blocks and
// launches: AddressSanitizer still sees it, with the source line.
// emucc-flags: --check=memory
// expect-status: 1
// expect-stderr: stack-buffer-overflow
// expect-stderr: fault_stack_overflow_memory.cu:14 in sum_of
// expect-stderr: in local_sum(int*, int) tests/emu/fault_stack_overflow_memory.cu:22
#include <stdio.h>

__device__ int sum_of(const int *v, int n) {
  int s = 0;
  for (int i = 0; i < n; i++)
    s += v[i];
  return s;
}

__global__ void local_sum(int *out, int n) {
  int a[8];
  for (int i = 0; i < 8; i++)
    a[i] = i;
  out[blockIdx.x * blockDim.x + threadIdx.x] = sum_of(a, n);   /* BUG when n > 8 */
}

int main(void) {
  int *d;
  cudaMalloc(&d, 4 * 32 * sizeof(int));
  for (int r = 0; r < 5; r++)
    local_sum<<<4, 32>>>(d, 8);
  local_sum<<<4, 32>>>(d, 9);
  cudaDeviceSynchronize();
  printf("not reached\n");
  return 0;
}
