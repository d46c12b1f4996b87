// Mapped ("zero-copy") host memory: memory from cudaHostAlloc with
// cudaHostAllocMapped, and the program's own memory after
// cudaHostRegister, reached by a kernel through the pointer that
// cudaHostGetDevicePointer gives; the errors of registering twice and of
// unregistering what was never registered; and the profiler's calls.
#include <cstdio>
#include <cstdlib>
#include <cuda_profiler_api.h>
#include <cuda_runtime.h>

__global__ void triple(int n, const int *in, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = 3 * in[i];
}

int main() {
  const int n = 1000;
  printf("cudaProfilerStart: %s\n", cudaGetErrorName(cudaProfilerStart()));
  cudaSetDeviceFlags(cudaDeviceMapHost);
  cudaDeviceProp p;
  cudaGetDeviceProperties(&p, 0);
  printf("canMapHostMemory %d\n", p.canMapHostMemory);

  int *in, *out, *d_in, *d_out;
  cudaHostAlloc((void **)&in, n * sizeof(int), cudaHostAllocMapped);
  for (int i = 0; i < n; i++)
    in[i] = i - 7;
  out = static_cast<int *>(malloc(n * sizeof(int) + 64));
  printf("register: %s\n",
         cudaGetErrorName(cudaHostRegister(out, n * sizeof(int), cudaHostRegisterMapped)));
  printf("register again: %s\n",
         cudaGetErrorName(cudaHostRegister(out, n * sizeof(int), cudaHostRegisterMapped)));
  printf("device pointers: %s %s\n",
         cudaGetErrorName(cudaHostGetDevicePointer((void **)&d_in, in, 0)),
         cudaGetErrorName(cudaHostGetDevicePointer(&d_out, out, 0)));

  triple<<<(n + 127) / 128, 128>>>(n, d_in, d_out);
  printf("launch: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  int wrong = 0;
  for (int i = 0; i < n; i++)
    wrong += out[i] != 3 * (i - 7);
  printf("out[0] %d, out[%d] %d, %d wrong\n", out[0], n - 1, out[n - 1], wrong);

  int plain;
  void *nowhere;
  printf("device pointer of unregistered memory: %s\n",
         cudaGetErrorName(cudaHostGetDevicePointer(&nowhere, &plain, 0)));
  cudaGetLastError();
  printf("unregister: %s\n", cudaGetErrorName(cudaHostUnregister(out)));
  printf("unregister again: %s\n", cudaGetErrorName(cudaHostUnregister(out)));
  cudaGetLastError();
  free(out);
  printf("free host: %s\n", cudaGetErrorName(cudaFreeHost(in)));
  printf("cudaProfilerStop: %s\n", cudaGetErrorName(cudaProfilerStop()));
  return 0;
}
