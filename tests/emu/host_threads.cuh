// host_threads.cuh: the program of host_threads.cu and its check builds.
// Two host threads use the runtime at the same time, as CUDA allows: each
// allocates its own buffer, launches a small kernel many times, checks
// every result, and reads its own last error. One thread makes a bad
// launch; the error is that thread's, not the other's.
#include <pthread.h>
#include <stdio.h>

__global__ void fill(int *x, int n, int base) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  __syncthreads();
  if (i < n)
    x[i] = base + i;
}

struct job {
  int id, rounds, wrong, launch_errors;
  int error_after_barrier;
};

static pthread_barrier_t start, checked;

static void *work(void *arg) {
  job *j = (job *)arg;
  const int n = 100;
  int *d = nullptr, h[n];
  pthread_barrier_wait(&start);
  if (cudaMalloc(&d, n * sizeof(int)) != cudaSuccess)
    j->launch_errors++;
  for (int r = 0; r < j->rounds; r++) {
    int base = j->id * 1000000 + r;
    fill<<<(n + 31) / 32, 32>>>(d, n, base);
    if (cudaGetLastError() != cudaSuccess)
      j->launch_errors++;
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++)
      j->wrong += h[i] != base + i;
  }
  if (j->id == 1)                         /* 2048 threads: a launch error */
    fill<<<1, 2048>>>(d, n, 0);
  pthread_barrier_wait(&checked);         /* the bad launch has happened */
  j->error_after_barrier = cudaGetLastError();
  cudaDeviceSynchronize();
  cudaFree(d);
  return nullptr;
}

int main() {
  job jobs[2] = {{0, 2000, 0, 0, 0}, {1, 2000, 0, 0, 0}};
  pthread_t t[2];
  pthread_barrier_init(&start, nullptr, 2);
  pthread_barrier_init(&checked, nullptr, 2);
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], nullptr, work, &jobs[i]);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], nullptr);
  for (int i = 0; i < 2; i++)
    printf("thread %d: %d launches, %d wrong elements, %d failed calls, last error %s\n",
           i, jobs[i].rounds, jobs[i].wrong, jobs[i].launch_errors,
           cudaGetErrorName((cudaError_t)jobs[i].error_after_barrier));
  printf("main thread: last error %s\n", cudaGetErrorName(cudaGetLastError()));
  return 0;
}
