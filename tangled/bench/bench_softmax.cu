#line 1712 "chapters/07-softmax.nw"
/* Softmax forward and backward: every GPU stage and the automatic choice
   of litdnn against cuDNN, on the reference activation and on benchdnn's
   softmax problem files. */
#include "bench.h"
#include <stdio.h>
#include <string.h>
#include <time.h>

#define MAX_SETS 16

typedef struct {
  litdnnHandle_t h;
  cudnnHandle_t dnn;
  litdnnTensorDescriptor_t d;
  cudnnTensorDescriptor_t d_cudnn;
  int algo, mode, backward, sets;
  float *x[MAX_SETS], *y[MAX_SETS], *dy[MAX_SETS], *dx[MAX_SETS];
} softmax_bench;

static __global__ void bench_fill(float *p, size_t n, unsigned seed)
{
  for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x) {
    unsigned v = (unsigned)i * 2654435761u + seed * 97u;
    v ^= v >> 13;
    v *= 0x5bd1e995u;
    v ^= v >> 15;
    p[i] = (float)(v & 0xffffff) / 16777216.0f * 6.0f - 3.0f;
  }
}

static void run_litdnn(void *ctx, int rep)
{
  softmax_bench *t = (softmax_bench *)ctx;
  int k = rep % t->sets;
  float one = 1.0f, zero = 0.0f;
  if (t->backward)
    BENCH_LITDNN(litdnnSoftmaxBackward(t->h, (litdnnSoftmaxAlgorithm_t)t->algo, (litdnnSoftmaxMode_t)t->mode,
                                       &one, t->d, t->y[k], t->d, t->dy[k], &zero, t->d, t->dx[k]));
  else
    BENCH_LITDNN(litdnnSoftmaxForward(t->h, (litdnnSoftmaxAlgorithm_t)t->algo, (litdnnSoftmaxMode_t)t->mode,
                                      &one, t->d, t->x[k], &zero, t->d, t->y[k]));
}

static void run_cudnn(void *ctx, int rep)
{
  softmax_bench *t = (softmax_bench *)ctx;
  int k = rep % t->sets;
  float one = 1.0f, zero = 0.0f;
  if (t->backward)
    BENCH_CUDNN(cudnnSoftmaxBackward(t->dnn, (cudnnSoftmaxAlgorithm_t)t->algo, (cudnnSoftmaxMode_t)t->mode,
                                     &one, t->d_cudnn, t->y[k], t->d_cudnn, t->dy[k], &zero, t->d_cudnn,
                                     t->dx[k]));
  else
    BENCH_CUDNN(cudnnSoftmaxForward(t->dnn, (cudnnSoftmaxAlgorithm_t)t->algo, (cudnnSoftmaxMode_t)t->mode,
                                    &one, t->d_cudnn, t->x[k], &zero, t->d_cudnn, t->y[k]));
}

/* --host: the host's time to issue one call, in microseconds: 200 calls
   queued without events, timed on the CPU clock (the GPU runs behind) */
static double host_us_per_call(void (*fn)(void *, int), void *ctx)
{
  struct timespec t0, t1;
  BENCH_CUDA(cudaDeviceSynchronize());
  clock_gettime(CLOCK_MONOTONIC, &t0);
  for (int i = 0; i < 200; i++)
    fn(ctx, i);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  BENCH_CUDA(cudaDeviceSynchronize());
  return ((t1.tv_sec - t0.tv_sec) * 1e9 + (t1.tv_nsec - t0.tv_nsec)) / 200.0 / 1e3;
}

static void measure(bench *b, softmax_bench *t, int n, int c, int h, int w, int fmt, int algo, int mode,
                    const char *label, int all_stages)
{
  static const char *const algos[3] = {"fast", "accurate", "log"};
  const char *only = bench_arg(b, "--only", NULL);
  if (only) {   /* measure only the problems whose name contains one of --only's pieces */
    char name[2][160];
    for (int dir = 0; dir < 2; dir++)
      snprintf(name[dir], sizeof name[dir], "%s %s %s %s %s,%dx%dx%dx%d", label, algos[algo],
               mode == LITDNN_SOFTMAX_MODE_CHANNEL ? "channel" : "instance", fmt ? "NHWC" : "NCHW",
               dir ? "backward" : "forward", n, c, h, w);
    if (!bench_wanted(b, name[0]) && !bench_wanted(b, name[1]))
      return;
  }
  size_t count = (size_t)n * c * h * w, set_bytes = 4 * count * sizeof(float);
  t->sets = (int)((180e6 + set_bytes - 1) / set_bytes);
  t->sets = t->sets < 1 ? 1 : t->sets > MAX_SETS ? MAX_SETS : t->sets;
  for (int k = 0; k < t->sets; k++) {
    BENCH_CUDA(cudaMalloc((void **)&t->x[k], count * sizeof(float)));
    BENCH_CUDA(cudaMalloc((void **)&t->y[k], count * sizeof(float)));
    BENCH_CUDA(cudaMalloc((void **)&t->dy[k], count * sizeof(float)));
    BENCH_CUDA(cudaMalloc((void **)&t->dx[k], count * sizeof(float)));
    bench_fill<<<1024, 256>>>(t->x[k], count, 1 + k);
    bench_fill<<<1024, 256>>>(t->dy[k], count, 50 + k);
  }
  BENCH_LITDNN(litdnnSetTensor4dDescriptor(t->d, (litdnnTensorFormat_t)fmt, LITDNN_DATA_FLOAT, n, c, h, w));
  BENCH_CUDNN(cudnnSetTensor4dDescriptor(t->d_cudnn, fmt ? CUDNN_TENSOR_NHWC : CUDNN_TENSOR_NCHW,
                                         CUDNN_DATA_FLOAT, n, c, h, w));
  t->algo = algo;
  t->mode = mode;
  t->backward = 0;
  for (int k = 0; k < t->sets; k++)   /* y for the backward pass */
    run_cudnn(t, k);
  long rows = mode == LITDNN_SOFTMAX_MODE_CHANNEL ? (long)n * h * w : n;
  char shape[64], op[128];
  snprintf(shape, sizeof shape, "%dx%dx%dx%d", n, c, h, w);
  for (int dir = 0; dir < 2; dir++) {
    litdnnOp_t id = dir ? LITDNN_OP_SOFTMAX_BACKWARD : LITDNN_OP_SOFTMAX_FORWARD;
    double bytes = 4.0 * count * (dir ? 3 : 2);
    snprintf(op, sizeof op, "%s %s %s %s %s", label, algos[algo],
             mode == LITDNN_SOFTMAX_MODE_CHANNEL ? "channel" : "instance", fmt ? "NHWC" : "NCHW",
             dir ? "backward" : "forward");
    t->backward = dir;
    if (only) {
      char name[200];
      snprintf(name, sizeof name, "%s,%s", op, shape);
      if (!bench_wanted(b, name))
        continue;
    }
    int stages = 0;
    BENCH_LITDNN(litdnnGetStageCount(id, &stages));
    for (int s = 0; all_stages && s < stages; s++) {
      const char *name;
      unsigned mask;
      char impl[96];
      litdnnGetStageInfo(id, s, &name, NULL, &mask);
      if (all_stages == 2 && strcmp(name, "small-rows") != 0 && strcmp(name, "rows-short") != 0)
        continue;   /* benchdnn's problems: only the two short-row kernels beside the choice */
      if (!(mask & LITDNN_BACKEND_BIT(LITDNN_BACKEND_CUDA)) || (strcmp(name, "naive") == 0 && rows < 1024) ||
          (rows < 132 && (strcmp(name, "block-smem") == 0 || strcmp(name, "warp-shuffle") == 0)))
        continue;   /* too few rows to occupy the GPU: seconds per run */
      BENCH_LITDNN(litdnnSetStage(t->h, id, s));
      float one = 1.0f, zero = 0.0f;
      litdnnStatus_t st =
          dir ? litdnnSoftmaxBackward(t->h, (litdnnSoftmaxAlgorithm_t)algo, (litdnnSoftmaxMode_t)mode, &one, t->d,
                                      t->y[0], t->d, t->dy[0], &zero, t->d, t->dx[0])
              : litdnnSoftmaxForward(t->h, (litdnnSoftmaxAlgorithm_t)algo, (litdnnSoftmaxMode_t)mode, &one, t->d,
                                     t->x[0], &zero, t->d, t->y[0]);
      snprintf(impl, sizeof impl, "litdnn: %s", name);
      if (!bench_stage_runs(impl, st))
        continue;   /* the stage does not apply to this problem: its reason is printed */
      bench_record(b, op, shape, impl, bench_median_ms(b, run_litdnn, t), bytes, 0.0);
    }
    BENCH_LITDNN(litdnnSetStage(t->h, id, LITDNN_STAGE_AUTOMATIC));
    bench_record(b, op, shape, "litdnn", bench_median_ms(b, run_litdnn, t), bytes, 0.0);
    bench_record(b, op, shape, "cuDNN", bench_median_ms(b, run_cudnn, t), bytes, 0.0);
    if (bench_arg(b, "--host", NULL))   /* printed, not recorded: a diagnosis, not a result */
      printf("   %-28s %-22s host issue time a call: litdnn %.2f us, cuDNN %.2f us\n", op, shape,
             host_us_per_call(run_litdnn, t), host_us_per_call(run_cudnn, t));
  }
  for (int k = 0; k < t->sets; k++) {
    cudaFree(t->x[k]);
    cudaFree(t->y[k]);
    cudaFree(t->dy[k]);
    cudaFree(t->dx[k]);
  }
}

/* benchdnn softmax files: one shape a line, NxC or NxCxHxW, softmax over C */
static void run_benchdnn(bench *b, softmax_bench *t, const char *dir, const char *file)
{
  char path[512], line[256];
  snprintf(path, sizeof path, "%s/%s", dir, file);
  FILE *in = fopen(path, "r");
  if (!in) {
    fprintf(stderr, "bench_softmax: cannot read %s (use --shapes DIR)\n", path);
    return;
  }
  while (fgets(line, sizeof line, in)) {
    int d[4] = {1, 1, 1, 1};
    if (line[0] == '#' || sscanf(line, "%dx%dx%dx%d", &d[0], &d[1], &d[2], &d[3]) < 2)
      continue;
    measure(b, t, d[0], d[1], d[2], d[3], 0, LITDNN_SOFTMAX_ACCURATE, LITDNN_SOFTMAX_MODE_CHANNEL, file, 2);
  }
  fclose(in);
}

int main(int argc, char **argv)
{
  bench *b = bench_open("softmax", argc, argv);
  softmax_bench t;
  memset(&t, 0, sizeof t);
  BENCH_LITDNN(litdnnCreateWithBackend(&t.h, LITDNN_BACKEND_CUDA));
  BENCH_CUDNN(cudnnCreate(&t.dnn));
  BENCH_LITDNN(litdnnCreateTensorDescriptor(&t.d));
  BENCH_CUDNN(cudnnCreateTensorDescriptor(&t.d_cudnn));
  bench_copy_gbps(b);
  int n = bench_quick(b) ? 8 : 64;
  const int A = LITDNN_SOFTMAX_ACCURATE, CH = LITDNN_SOFTMAX_MODE_CHANNEL, IN = LITDNN_SOFTMAX_MODE_INSTANCE;
  measure(b, &t, n, 256, 56, 56, 0, A, CH, "reference", 1);
  measure(b, &t, n, 256, 56, 56, 1, A, CH, "reference", 1);
  measure(b, &t, n, 256, 56, 56, 0, A, IN, "reference", 1);
  measure(b, &t, n * 196, 1024, 1, 1, 0, A, IN, "rows of 1024", 1);
  if (!bench_quick(b)) {
    measure(b, &t, n, 256, 56, 56, 0, LITDNN_SOFTMAX_LOG, CH, "reference", 0);
    measure(b, &t, n, 256, 56, 56, 1, LITDNN_SOFTMAX_FAST, CH, "reference", 0);
    const char *dir = bench_arg(b, "--shapes", "../shared/bench/benchdnn");
    run_benchdnn(b, &t, dir, "softmax_shapes_2d");
    run_benchdnn(b, &t, dir, "softmax_shapes_nlp");
  }
  litdnnDestroyTensorDescriptor(t.d);
  cudnnDestroyTensorDescriptor(t.d_cudnn);
  cudnnDestroy(t.dnn);
  litdnnDestroy(t.h);
  bench_close(b);
  return 0;
}
