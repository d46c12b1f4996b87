#line 6723 "chapters/01-emulator.nw"
/* emu-bench.cu: what a barrier costs, and the tiled SGEMM at 256^3.
   Generated from chapters/01-emulator.nw.  Run by make bench-emu. */
#line 134 "chapters/01-emulator.nw"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <cuda_runtime.h>
#define CHECK(call)                                                          \
  do {                                                                       \
    cudaError_t e_ = (call);                                                 \
    if (e_ != cudaSuccess) {                                                 \
      fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call,   \
              cudaGetErrorString(e_));                                       \
      exit(1);                                                               \
    }                                                                        \
  } while (0)
#line 6726 "chapters/01-emulator.nw"
#include <time.h>
#line 89 "chapters/01-emulator.nw"
#define TILE 16
__global__ void sgemm_tiled(int n, const float *a, const float *b, float *c) {
  __shared__ float a_tile[TILE][TILE];
  __shared__ float b_tile[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  float sum = 0.0f;
  for (int t = 0; t < n; t += TILE) {
    
#line 109 "chapters/01-emulator.nw"
a_tile[ty][tx] = row < n && t + tx < n ? a[row * n + t + tx] : 0.0f;
b_tile[ty][tx] = t + ty < n && col < n ? b[(t + ty) * n + col] : 0.0f;
#line 98 "chapters/01-emulator.nw"
    __syncthreads();
    for (int k = 0; k < TILE; k++)
      sum += a_tile[ty][k] * b_tile[k][tx];
    __syncthreads();
  }
  if (row < n && col < n)
    c[row * n + col] = sum;
}

#line 6729 "chapters/01-emulator.nw"
__global__ void barriers(int rounds, int *out) {
  int x = threadIdx.x;
  for (int r = 0; r < rounds; r++)
    __syncthreads();
  if (x == 0)
    out[blockIdx.x] = rounds;
}

static double seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* the processor time of this thread: what a run costs on one core, also
   on a machine that other work shares */
static double cpu_seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* the best of five runs of the tiled SGEMM at n^3, in milliseconds of
   wall-clock time (and of processor time, in *cpu_ms) */
static double time_sgemm(int n, double *cpu_ms) {
  size_t bytes = (size_t)n * n * sizeof(float);
  float *a = (float *)calloc((size_t)n * n, sizeof(float)), *d_a, *d_b, *d_c;
  CHECK(cudaMalloc(&d_a, bytes));
  CHECK(cudaMalloc(&d_b, bytes));
  CHECK(cudaMalloc(&d_c, bytes));
  CHECK(cudaMemcpy(d_a, a, bytes, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_b, a, bytes, cudaMemcpyHostToDevice));
  dim3 block(TILE, TILE), grid((n + TILE - 1) / TILE, (n + TILE - 1) / TILE);
  double best = 1e30, best_cpu = 1e30;
  for (int rep = 0; rep < 5; rep++) {
    double t0 = seconds(), c0 = cpu_seconds();
    sgemm_tiled<<<grid, block>>>(n, d_a, d_b, d_c);
    CHECK(cudaGetLastError());
    double t = seconds() - t0, c = cpu_seconds() - c0;
    best = t < best ? t : best;
    best_cpu = c < best_cpu ? c : best_cpu;
  }
  *cpu_ms = best_cpu * 1e3;
  CHECK(cudaFree(d_a));
  CHECK(cudaFree(d_b));
  CHECK(cudaFree(d_c));
  free(a);
  return best * 1e3;
}

/* emu-bench [N]: also the SGEMM at N^3, the size its peer is timed at */
int main(int argc, char **argv) {
  int blocks = 64, threads = 256, rounds = 200, *d_out;
  CHECK(cudaMalloc(&d_out, blocks * sizeof(int)));
  double best = 1e30;
  for (int rep = 0; rep < 5; rep++) {
    double t0 = seconds();
    barriers<<<blocks, threads>>>(rounds, d_out);
    CHECK(cudaGetLastError());
    double t = seconds() - t0;
    best = t < best ? t : best;
  }
  printf("barrier: %.1f ns per thread per barrier (%d blocks of %d threads, "
         "%d barriers)\n", best * 1e9 / ((double)blocks * threads * rounds),
         blocks, threads, rounds);
  double cpu, wall = time_sgemm(256, &cpu);
  printf("sgemm_tiled 256x256x256: %.0f ms (best of 5; %.0f ms of processor time)\n",
         wall, cpu);
  int n = argc > 1 ? atoi(argv[1]) : 0;
  if (n > 0) {
    wall = time_sgemm(n, &cpu);
    printf("sgemm_tiled %dx%dx%d: %.1f ms (best of 5; %.1f ms of processor time)\n", n, n, n,
           wall, cpu);
  }
  CHECK(cudaFree(d_out));
  return 0;
}
