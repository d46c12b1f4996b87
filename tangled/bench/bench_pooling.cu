#line 3269 "chapters/06-pooling.nw"
/* Pooling forward and backward: every GPU stage and the automatic choice
   of litdnn against cuDNN, on the reference activation and on the pooling
   layers of benchdnn's AlexNet and ResNet-50 problem files. */
#include "bench.h"
#include <stdio.h>
#include <string.h>

#define MAX_SETS 16

typedef struct {
  int n, c, h, w, win, pad, stride;
  litdnnPoolingMode_t mode;
  litdnnTensorFormat_t fmt;
} pool_problem;

typedef struct {
  litdnnHandle_t h;
  cudnnHandle_t dnn;
  litdnnPoolingDescriptor_t pd;
  cudnnPoolingDescriptor_t pd_cudnn;
  litdnnTensorDescriptor_t xd, yd;
  cudnnTensorDescriptor_t xd_cudnn, yd_cudnn;
  int sets, backward;
  float *x[MAX_SETS], *y[MAX_SETS], *dy[MAX_SETS], *dx[MAX_SETS];
} pool_bench;

static __global__ void bench_fill(float *p, size_t n, unsigned seed)
{
  for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x) {
    unsigned v = (unsigned)i * 2654435761u + seed * 97u;
    v ^= v >> 13;
    v *= 0x5bd1e995u;
    v ^= v >> 15;
    p[i] = (float)(v & 0xffffff) / 16777216.0f * 2.0f - 1.0f;
  }
}

static void run_litdnn(void *ctx, int rep)
{
  pool_bench *t = (pool_bench *)ctx;
  int k = rep % t->sets;
  float one = 1.0f, zero = 0.0f;
  if (t->backward)
    BENCH_LITDNN(litdnnPoolingBackward(t->h, t->pd, &one, t->yd, t->y[k], t->yd, t->dy[k], t->xd,
                                       t->x[k], &zero, t->xd, t->dx[k]));
  else
    BENCH_LITDNN(litdnnPoolingForward(t->h, t->pd, &one, t->xd, t->x[k], &zero, t->yd, t->y[k]));
}

static void run_cudnn(void *ctx, int rep)
{
  pool_bench *t = (pool_bench *)ctx;
  int k = rep % t->sets;
  float one = 1.0f, zero = 0.0f;
  if (t->backward)
    BENCH_CUDNN(cudnnPoolingBackward(t->dnn, t->pd_cudnn, &one, t->yd_cudnn, t->y[k], t->yd_cudnn,
                                     t->dy[k], t->xd_cudnn, t->x[k], &zero, t->xd_cudnn, t->dx[k]));
  else
    BENCH_CUDNN(cudnnPoolingForward(t->dnn, t->pd_cudnn, &one, t->xd_cudnn, t->x[k], &zero,
                                    t->yd_cudnn, t->y[k]));
}

static const char *mode_name(litdnnPoolingMode_t m)
{
  return m == LITDNN_POOLING_MAX ? "max"
       : m == LITDNN_POOLING_MAX_DETERMINISTIC ? "max-det"
       : m == LITDNN_POOLING_AVERAGE_COUNT_INCLUDE_PADDING ? "avg-incl" : "avg-excl";
}

/* The name of one pass, as the CSV's op column writes it */
static void pool_op_name(char *op, size_t size, const pool_problem *p, const char *label, int dir)
{
  snprintf(op, size, "%s %s %dx%d/%d%s %s %s", label, mode_name(p->mode), p->win, p->win, p->stride,
           p->pad ? " pad" : "", p->fmt == LITDNN_TENSOR_NHWC ? "NHWC" : "NCHW",
           dir ? "backward" : "forward");
}

/* --only PIECE,PIECE: time only the passes whose name contains a piece, every stage */
static int pool_wanted(bench *b, const pool_problem *p, const char *label, int dir)
{
  char op[96];
  pool_op_name(op, sizeof op, p, label, dir);
  return bench_wanted(b, op);
}

/* Time one problem forward and backward: each applicable GPU stage (when
   all_stages), the automatic choice, and cuDNN. */
static void measure(bench *b, pool_bench *t, const pool_problem *p, const char *label, int all_stages)
{
  if (!pool_wanted(b, p, label, 0) && !pool_wanted(b, p, label, 1))
    return;
  if (bench_arg(b, "--only", NULL))
    all_stages = 1;
  int oh = 1 + (p->h + 2 * p->pad - p->win) / p->stride, ow = 1 + (p->w + 2 * p->pad - p->win) / p->stride;
  size_t xcount = (size_t)p->n * p->c * p->h * p->w, ycount = (size_t)p->n * p->c * oh * ow;
  size_t set_bytes = 2 * (xcount + ycount) * sizeof(float);
  t->sets = (int)((180e6 + set_bytes - 1) / set_bytes);
  if (t->sets < 1)
    t->sets = 1;
  if (t->sets > MAX_SETS)
    t->sets = MAX_SETS;
  for (int k = 0; k < t->sets; k++) {
    BENCH_CUDA(cudaMalloc((void **)&t->x[k], xcount * sizeof(float)));
    BENCH_CUDA(cudaMalloc((void **)&t->dx[k], xcount * sizeof(float)));
    BENCH_CUDA(cudaMalloc((void **)&t->y[k], ycount * sizeof(float)));
    BENCH_CUDA(cudaMalloc((void **)&t->dy[k], ycount * sizeof(float)));
    bench_fill<<<1024, 256>>>(t->x[k], xcount, 1 + k);
    bench_fill<<<1024, 256>>>(t->dy[k], ycount, 100 + k);
  }
  cudnnTensorFormat_t cf = p->fmt == LITDNN_TENSOR_NHWC ? CUDNN_TENSOR_NHWC : CUDNN_TENSOR_NCHW;
  BENCH_LITDNN(litdnnSetTensor4dDescriptor(t->xd, p->fmt, LITDNN_DATA_FLOAT, p->n, p->c, p->h, p->w));
  BENCH_LITDNN(litdnnSetTensor4dDescriptor(t->yd, p->fmt, LITDNN_DATA_FLOAT, p->n, p->c, oh, ow));
  BENCH_CUDNN(cudnnSetTensor4dDescriptor(t->xd_cudnn, cf, CUDNN_DATA_FLOAT, p->n, p->c, p->h, p->w));
  BENCH_CUDNN(cudnnSetTensor4dDescriptor(t->yd_cudnn, cf, CUDNN_DATA_FLOAT, p->n, p->c, oh, ow));
  BENCH_LITDNN(litdnnSetPooling2dDescriptor(t->pd, p->mode, LITDNN_NOT_PROPAGATE_NAN, p->win, p->win,
                                            p->pad, p->pad, p->stride, p->stride));
  BENCH_CUDNN(cudnnSetPooling2dDescriptor(t->pd_cudnn, (cudnnPoolingMode_t)p->mode, CUDNN_NOT_PROPAGATE_NAN,
                                          p->win, p->win, p->pad, p->pad, p->stride, p->stride));
  /* y for cuDNN's backward, which reads it */
  t->backward = 0;
  for (int k = 0; k < t->sets; k++)
    run_cudnn(t, k);
  char shape[64], op[96];
  snprintf(shape, sizeof shape, "%dx%dx%dx%d", p->n, p->c, p->h, p->w);
  for (int dir = 0; dir < 2; dir++) {
    litdnnOp_t id = dir ? LITDNN_OP_POOLING_BACKWARD : LITDNN_OP_POOLING_FORWARD;
    int is_max = p->mode == LITDNN_POOLING_MAX || p->mode == LITDNN_POOLING_MAX_DETERMINISTIC;
    double bytes = 4.0 * (dir == 0 ? xcount + ycount : is_max ? 2 * xcount + ycount : xcount + ycount);
    if (!pool_wanted(b, p, label, dir))
      continue;
    pool_op_name(op, sizeof op, p, label, dir);
    t->backward = dir;
    int count = 0;
    BENCH_LITDNN(litdnnGetStageCount(id, &count));
    for (int s = 0; all_stages && s < count; s++) {
      const char *name;
      unsigned mask;
      char impl[96];
      litdnnGetStageInfo(id, s, &name, NULL, &mask);
      if (!(mask & LITDNN_BACKEND_BIT(LITDNN_BACKEND_CUDA)))
        continue;
      BENCH_LITDNN(litdnnSetStage(t->h, id, s));
      float one = 1.0f, zero = 0.0f;
      litdnnStatus_t st = dir ? litdnnPoolingBackward(t->h, t->pd, &one, t->yd, t->y[0], t->yd, t->dy[0],
                                                      t->xd, t->x[0], &zero, t->xd, t->dx[0])
                              : litdnnPoolingForward(t->h, t->pd, &one, t->xd, t->x[0], &zero, t->yd, t->y[0]);
      snprintf(impl, sizeof impl, "litdnn: %s", name);
      if (!bench_stage_runs(impl, st))
        continue;   /* the stage does not apply to this problem: its reason is printed */
      bench_record(b, op, shape, impl, bench_median_ms(b, run_litdnn, t), bytes, 0.0);
    }
    BENCH_LITDNN(litdnnSetStage(t->h, id, LITDNN_STAGE_AUTOMATIC));
    bench_record(b, op, shape, "litdnn", bench_median_ms(b, run_litdnn, t), bytes, 0.0);
    bench_record(b, op, shape, "cuDNN", bench_median_ms(b, run_cudnn, t), bytes, 0.0);
  }
  for (int k = 0; k < t->sets; k++) {
    cudaFree(t->x[k]);
    cudaFree(t->dx[k]);
    cudaFree(t->y[k]);
    cudaFree(t->dy[k]);
  }
}

#line 3503 "chapters/06-pooling.nw"
static int field(const char *line, const char *key, int fallback)
{
  const char *p = strstr(line, key);
  while (p && p > line && p[-1] >= 'a' && p[-1] <= 'z')   /* skip a key inside a longer word */
    p = strstr(p + 1, key);
  return p ? atoi(p + strlen(key)) : fallback;
}

static int read_pool_problems(const char *dir, pool_problem *out, char names[][64], int max)
{
  static const char *const files[] = {"pool_shapes_alexnet", "pool_shapes_resnet_50"};
  int n = 0;
  for (int f = 0; f < 2; f++) {
    char path[512], line[512];
    snprintf(path, sizeof path, "%s/%s", dir, files[f]);
    FILE *in = fopen(path, "r");
    if (!in) {
      fprintf(stderr, "bench_pooling: cannot read %s (use --shapes DIR)\n", path);
      continue;
    }
    while (fgets(line, sizeof line, in) && n < max) {
      if (line[0] == '#' || line[0] == '\n' || !strstr(line, "ic"))
        continue;
      pool_problem *p = &out[n];
      p->n = field(line, "mb", 2);
      p->c = field(line, "ic", 1);
      p->h = p->w = field(line, "ih", 1);
      int oh = field(line, "oh", 1);
      p->win = field(line, "kh", 1);
      p->stride = field(line, "sh", 1);
      p->pad = 0;
      while (1 + (p->h + 2 * p->pad - p->win) / p->stride < oh && p->pad + 1 < p->win)
        p->pad++;
      const char *q = strchr(line, '"');
      snprintf(names[n], 64, "%s", q ? q + 1 : "benchdnn");
      char *end = strchr(names[n], '"');
      if (end)
        *end = '\0';
      p->mode = strstr(names[n], "ave") ? LITDNN_POOLING_AVERAGE_COUNT_EXCLUDE_PADDING : LITDNN_POOLING_MAX;
      n++;
    }
    fclose(in);
  }
  return n;
}

#line 3435 "chapters/06-pooling.nw"
int main(int argc, char **argv)
{
  bench *b = bench_open("pooling", argc, argv);
  pool_bench t;
  memset(&t, 0, sizeof t);
  BENCH_LITDNN(litdnnCreateWithBackend(&t.h, LITDNN_BACKEND_CUDA));
  BENCH_CUDNN(cudnnCreate(&t.dnn));
  BENCH_LITDNN(litdnnCreatePoolingDescriptor(&t.pd));
  BENCH_CUDNN(cudnnCreatePoolingDescriptor(&t.pd_cudnn));
  BENCH_LITDNN(litdnnCreateTensorDescriptor(&t.xd));
  BENCH_LITDNN(litdnnCreateTensorDescriptor(&t.yd));
  BENCH_CUDNN(cudnnCreateTensorDescriptor(&t.xd_cudnn));
  BENCH_CUDNN(cudnnCreateTensorDescriptor(&t.yd_cudnn));
  bench_copy_gbps(b);

  /* the reference activation, every window, both layouts */
  static const struct { litdnnPoolingMode_t mode; int win, pad, stride; } windows[] = {
    {LITDNN_POOLING_MAX, 2, 0, 2},
    {LITDNN_POOLING_MAX, 3, 1, 2},
    {LITDNN_POOLING_AVERAGE_COUNT_INCLUDE_PADDING, 2, 0, 2},
    {LITDNN_POOLING_AVERAGE_COUNT_EXCLUDE_PADDING, 3, 1, 2},
    /* with --only: the other two modes of the 3x3 stride-2 window */
    {LITDNN_POOLING_MAX_DETERMINISTIC, 3, 1, 2},
    {LITDNN_POOLING_AVERAGE_COUNT_INCLUDE_PADDING, 3, 1, 2},
  };
  int only = bench_arg(b, "--only", NULL) != NULL;
  int nwin = only ? 6 : bench_quick(b) ? 2 : 4;
  for (int f = 0; f < 2; f++)
    for (int i = 0; i < nwin; i++) {
      pool_problem p = {bench_quick(b) ? 8 : 64, 256, 56, 56, windows[i].win, windows[i].pad,
                        windows[i].stride, windows[i].mode, (litdnnTensorFormat_t)f};
      measure(b, &t, &p, "reference", 1);
    }
  /* benchdnn's pooling layers, NCHW and NHWC, every stage */
  pool_problem probs[32];
  char names[32][64];
  int np = read_pool_problems(bench_arg(b, "--shapes", "../shared/bench/benchdnn"), probs, names, 32);
  for (int i = 0; i < np && (!bench_quick(b) || only); i++)
    for (int f = 0; f < 2; f++) {
      probs[i].fmt = (litdnnTensorFormat_t)f;
      measure(b, &t, &probs[i], names[i], 1);
      if (only && probs[i].win == probs[i].h && probs[i].pad == 0) {   /* a global pool: max too */
        pool_problem m = probs[i];
        m.mode = LITDNN_POOLING_MAX;
        measure(b, &t, &m, names[i], 1);
      }
    }

  litdnnDestroyPoolingDescriptor(t.pd);
  cudnnDestroyPoolingDescriptor(t.pd_cudnn);
  litdnnDestroyTensorDescriptor(t.xd);
  litdnnDestroyTensorDescriptor(t.yd);
  cudnnDestroyTensorDescriptor(t.xd_cudnn);
  cudnnDestroyTensorDescriptor(t.yd_cudnn);
  cudnnDestroy(t.dnn);
  litdnnDestroy(t.h);
  bench_close(b);
  return 0;
}
