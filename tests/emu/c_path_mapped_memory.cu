// emucc-flags: --c
// The C path's prelude has the same zero-copy calls as the C++ one:
// cudaHostRegister, cudaHostGetDevicePointer and cudaHostUnregister, and
// cuda_profiler_api.h's calls, in a program compiled as C.
#include <stdio.h>
#include <stdlib.h>
#include <cuda_profiler_api.h>
#include <cuda_runtime.h>

__global__ void twice(int n, int *x) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= 2;
}

int main(void) {
  int n = 100, *h = (int *)malloc(n * sizeof(int)), *d = NULL;
  for (int i = 0; i < n; i++)
    h[i] = i;
  printf("start %s\n", cudaGetErrorName(cudaProfilerStart()));
  printf("register %s\n", cudaGetErrorName(cudaHostRegister(h, n * sizeof(int),
                                                            cudaHostRegisterMapped)));
  cudaError_t e = cudaHostGetDevicePointer(&d, h, 0);
  printf("device pointer %s, the host's: %s\n", cudaGetErrorName(e), d == h ? "yes" : "no");
  twice<<<1, 128>>>(n, d);
  cudaDeviceSynchronize();
  printf("%d %d\n", h[1], h[99]);
  printf("unregister %s, stop %s\n", cudaGetErrorName(cudaHostUnregister(h)),
         cudaGetErrorName(cudaProfilerStop()));
  free(h);
  return 0;
}
