// Streams in order, events and their elapsed time, a host function on a
// stream, pinned host memory (cudaMallocHost) as a copy source and read
// directly by a kernel.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void add(int n, float *y, float v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] += v;
}

__global__ void read_pinned(int n, const float *host, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = 2 * host[i];
}

static void CUDART_CB note(void *what) { printf("host function: %s\n", (const char *)what); }

int main() {
  const int n = 1000;
  float *pinned, *d[2], back[2];
  cudaMallocHost(&pinned, n * sizeof(float));
  for (int i = 0; i < n; i++)
    pinned[i] = 1.0f;
  cudaStream_t s[2];
  cudaEvent_t start, stop;
  cudaStreamCreate(&s[0]);
  cudaStreamCreateWithFlags(&s[1], cudaStreamNonBlocking);
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  cudaEventRecord(start, s[0]);
  for (int k = 0; k < 2; k++) {
    cudaMalloc(&d[k], n * sizeof(float));
    cudaMemcpyAsync(d[k], pinned, n * sizeof(float), cudaMemcpyHostToDevice, s[k]);
    // in order on each stream: the copy, then three additions
    for (int r = 0; r < 3; r++)
      add<<<(n + 255) / 256, 256, 0, s[k]>>>(n, d[k], (float)(k + 1));
    cudaMemcpyAsync(&back[k], d[k] + n - 1, sizeof(float), cudaMemcpyDeviceToHost, s[k]);
  }
  cudaLaunchHostFunc(s[1], note, (void *)"after the work of stream 1");
  cudaEventRecord(stop, s[1]);
  cudaStreamSynchronize(s[0]);
  cudaEventSynchronize(stop);
  float ms = -1;
  cudaEventElapsedTime(&ms, start, stop);
  printf("stream 0: %g, stream 1: %g\n", back[0], back[1]);
  printf("elapsed time measured: %s\n", ms >= 0 ? "yes" : "no");
  printf("query: %s %s\n", cudaGetErrorName(cudaStreamQuery(s[0])),
         cudaGetErrorName(cudaEventQuery(stop)));
  read_pinned<<<(n + 255) / 256, 256>>>(n, pinned, d[0]);
  cudaMemcpy(back, d[0] + 7, sizeof(float), cudaMemcpyDeviceToHost);
  printf("kernel reading pinned memory: %g\n", back[0]);
  for (int k = 0; k < 2; k++) {
    cudaStreamDestroy(s[k]);
    cudaFree(d[k]);
  }
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  cudaFreeHost(pinned);
  return cudaGetLastError() != cudaSuccess;
}
