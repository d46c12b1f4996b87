// The device and event flags a program passes to choose how the host
// waits, including the older name cudaDeviceBlockingSync, are accepted
// (every launch here finishes before it returns); work on several
// streams into registered host memory then arrives in order.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void add(int *x, const int *by, int rounds) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int r = 0; r < rounds; r++)
    x[i] += *by;
}

int main() {
  const unsigned flags[] = {cudaDeviceScheduleAuto, cudaDeviceScheduleSpin,
                            cudaDeviceScheduleYield, cudaDeviceScheduleBlockingSync,
                            cudaDeviceBlockingSync | cudaDeviceMapHost};
  for (unsigned f : flags)
    printf("cudaSetDeviceFlags(%u): %s\n", f, cudaGetErrorName(cudaSetDeviceFlags(f)));
  printf("cudaDeviceBlockingSync is cudaDeviceScheduleBlockingSync: %s\n",
         cudaDeviceBlockingSync == cudaDeviceScheduleBlockingSync ? "yes" : "no");

  const int n = 4096, nstreams = 4, chunk = n / nstreams;
  int *host = static_cast<int *>(malloc(n * sizeof(int))), *d, *by, five = 5;
  cudaHostRegister(host, n * sizeof(int), cudaHostRegisterDefault);
  cudaMalloc(&d, n * sizeof(int));
  cudaMalloc(&by, sizeof(int));
  cudaMemset(d, 0, n * sizeof(int));
  cudaMemcpy(by, &five, sizeof(int), cudaMemcpyHostToDevice);
  cudaStream_t s[nstreams];
  cudaEvent_t done;
  cudaEventCreateWithFlags(&done, cudaEventBlockingSync);
  for (int i = 0; i < nstreams; i++)
    cudaStreamCreate(&s[i]);
  for (int i = 0; i < nstreams; i++) {
    add<<<chunk / 256, 256, 0, s[i]>>>(d + i * chunk, by, i + 1);
    cudaMemcpyAsync(host + i * chunk, d + i * chunk, chunk * sizeof(int),
                    cudaMemcpyDeviceToHost, s[i]);
  }
  cudaEventRecord(done, 0);
  printf("event: %s\n", cudaGetErrorName(cudaEventSynchronize(done)));
  int wrong = 0;
  for (int i = 0; i < n; i++)
    wrong += host[i] != 5 * (i / chunk + 1);
  printf("chunks hold %d %d %d %d; %d wrong\n", host[0], host[chunk], host[2 * chunk],
         host[3 * chunk], wrong);
  for (int i = 0; i < nstreams; i++)
    cudaStreamDestroy(s[i]);
  cudaEventDestroy(done);
  cudaHostUnregister(host);
  free(host);
  cudaFree(d);
  cudaFree(by);
  return 0;
}
