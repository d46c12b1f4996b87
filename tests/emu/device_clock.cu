// clock() in a kernel counts the device's cycles at the clock rate the
// device reports (1 GHz here, a cycle a nanosecond), so a kernel that
// waits for a number of cycles waits that long; in host code clock() is
// still the C library's processor time.
#include <cstdio>
#include <ctime>
#include <cuda_runtime.h>

__global__ void wait_cycles(long long *out, long cycles) {
  unsigned start = (unsigned)clock();
  long waited = 0;
  while (waited < cycles)
    waited = (long)((unsigned)clock() - start);
  long long a = clock64();
  out[0] = waited;
  out[1] = clock64() >= a;
}

int main() {
  cudaDeviceProp p;
  cudaGetDeviceProperties(&p, 0);
  const long cycles = 5L * p.clockRate;          /* 5 ms: clockRate is in kHz */
  long long *d, h[2];
  cudaMalloc(&d, sizeof h);
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  clock_t host0 = clock();
  cudaEventRecord(start);
  wait_cycles<<<1, 1>>>(d, cycles);
  cudaEventRecord(stop);
  cudaEventSynchronize(stop);
  clock_t host1 = clock();
  float ms = 0;
  cudaEventElapsedTime(&ms, start, stop);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  printf("clock rate %d kHz; the kernel waited %s cycles; clock64 runs forward: %s\n",
         p.clockRate, h[0] >= cycles ? "at least 5 ms of" : "too few", h[1] ? "yes" : "no");
  printf("the launch took at least 5 ms: %s; and not a second: %s\n", ms >= 5.0f ? "yes" : "no",
         ms < 1000.0f ? "yes" : "no");
  double host_s = (double)(host1 - host0) / CLOCKS_PER_SEC;
  printf("host clock() counts processor time: %s\n",
         host_s >= 0 && host_s < 1.0 ? "yes" : "no");
  cudaFree(d);
  return 0;
}
