#line 2982 "chapters/08-normalization.nw"
#include "bench.h"
#include <string.h>

#line 3010 "chapters/08-normalization.nw"
typedef struct {
  int n, c, h, w;
  char name[64];
} batchnorm_bench_shape;

/* benchdnn's bnorm lines: mbN_icC_ihH[iwW]n"NAME"; '#' starts a comment */
static int read_shapes(const char *path, batchnorm_bench_shape *out, int max)
{
  FILE *f = fopen(path, "r");
  char line[512];
  int count = 0;
  if (!f) {
    fprintf(stderr, "bench_batchnorm: cannot read %s; only the reference shape is measured\n", path);
    return 0;
  }
  while (count < max && fgets(line, sizeof line, f)) {
    batchnorm_bench_shape s;
    char *p = line;
    while (*p == ' ' || *p == '\t')
      p++;
    if (*p == '#' || *p == '\n' || *p == '\0')
      continue;
    s.n = 2;
    s.c = s.h = s.w = 0;
    if (sscanf(p, "mb%d_ic%d_ih%d", &s.n, &s.c, &s.h) != 3)
      continue;
    char *iw = strstr(p, "iw");
    s.w = iw ? atoi(iw + 2) : s.h;
    char *q = strchr(p, '"'), *e = q ? strchr(q + 1, '"') : NULL;
    snprintf(s.name, sizeof s.name, "%.*s", q && e ? (int)(e - q - 1) : 0, q ? q + 1 : "");
    char *star = strchr(s.name, '*');
    if (star)
      *star = '\0';
    out[count++] = s;
  }
  fclose(f);
  return count;
}

typedef struct {
  int op;                  /* 0 training, 1 inference, 2 backward */
  int use_cudnn;
  litdnnHandle_t h;
  cudnnHandle_t dnn;
  litdnnTensorDescriptor_t lx, lb;
  cudnnTensorDescriptor_t cx, cb;
  int copies;
  float *x[8], *dy[8], *y;
  float *scale, *bias, *rmean, *rvar, *smean, *sinv, *dscale, *dbias;
} batchnorm_bench_ctx;
#line 3063 "chapters/08-normalization.nw"
/* one call of litdnn's pass, its status returned */
static litdnnStatus_t litdnn_once(batchnorm_bench_ctx *c, const float *x, const float *dy)
{
  float one = 1.0f, zero = 0.0f;
  if (c->op == 0)
    return litdnnBatchNormalizationForwardTraining(c->h, LITDNN_BATCHNORM_SPATIAL, &one, &zero, c->lx, x, c->lx,
        c->y, c->lb, c->scale, c->bias, 0.1, c->rmean, c->rvar, 1e-5, c->smean, c->sinv);
  if (c->op == 1)
    return litdnnBatchNormalizationForwardInference(c->h, LITDNN_BATCHNORM_SPATIAL, &one, &zero, c->lx, x, c->lx,
        c->y, c->lb, c->scale, c->bias, c->rmean, c->rvar, 1e-5);
  return litdnnBatchNormalizationBackward(c->h, LITDNN_BATCHNORM_SPATIAL, &one, &zero, &one, &zero, c->lx, x, c->lx,
      dy, c->lx, c->y, c->lb, c->scale, c->dscale, c->dbias, 1e-5, c->smean, c->sinv);
}

static void run_once(void *ctx_, int rep)
{
  batchnorm_bench_ctx *c = (batchnorm_bench_ctx *)ctx_;
  float one = 1.0f, zero = 0.0f;
  const float *x = c->x[rep % c->copies], *dy = c->dy[rep % c->copies];
  if (c->use_cudnn) {
    if (c->op == 0)
      BENCH_CUDNN(cudnnBatchNormalizationForwardTraining(c->dnn, CUDNN_BATCHNORM_SPATIAL, &one, &zero, c->cx, x,
          c->cx, c->y, c->cb, c->scale, c->bias, 0.1, c->rmean, c->rvar, 1e-5, c->smean, c->sinv));
    else if (c->op == 1)
      BENCH_CUDNN(cudnnBatchNormalizationForwardInference(c->dnn, CUDNN_BATCHNORM_SPATIAL, &one, &zero, c->cx, x,
          c->cx, c->y, c->cb, c->scale, c->bias, c->rmean, c->rvar, 1e-5));
    else
      BENCH_CUDNN(cudnnBatchNormalizationBackward(c->dnn, CUDNN_BATCHNORM_SPATIAL, &one, &zero, &one, &zero, c->cx,
          x, c->cx, dy, c->cx, c->y, c->cb, c->scale, c->dscale, c->dbias, 1e-5, c->smean, c->sinv));
  } else {
    BENCH_LITDNN(litdnn_once(c, x, dy));
  }
}
#line 3099 "chapters/08-normalization.nw"
static float *device_filled(size_t n, float lo, float hi)
{
  float *host = (float *)malloc(n * sizeof *host), *d;
  unsigned s = 12345u;
  for (size_t i = 0; i < n; i++) {
    s = s * 1664525u + 1013904223u;
    host[i] = lo + (hi - lo) * (float)((s >> 8) * (1.0 / 16777216.0));
  }
  BENCH_CUDA(cudaMalloc((void **)&d, n * sizeof *d));
  BENCH_CUDA(cudaMemcpy(d, host, n * sizeof *d, cudaMemcpyHostToDevice));
  free(host);
  return d;
}

static void measure_shape(bench *b, const batchnorm_bench_shape *s, int nhwc, int every_stage)
{
  static const char *ops[3] = {"bn training forward", "bn inference forward", "bn backward"};
  static const litdnnOp_t ids[3] = {LITDNN_OP_BATCHNORM_FORWARD_TRAINING, LITDNN_OP_BATCHNORM_FORWARD_INFERENCE,
                                    LITDNN_OP_BATCHNORM_BACKWARD};
  char shape[64], label[128];
  snprintf(shape, sizeof shape, "%dx%dx%dx%d%s", s->n, s->c, s->h, s->w, nhwc ? " NHWC" : "");
  int wanted = 0;
  for (int op = 0; op < 3; op++) {
    snprintf(label, sizeof label, "%s %s", ops[op], shape);
    wanted |= bench_wanted(b, label);
  }
  if (!wanted)
    return;
  batchnorm_bench_ctx c;
  memset(&c, 0, sizeof c);
  size_t n = (size_t)s->n * s->c * s->h * s->w, bytes = n * sizeof(float);
  c.copies = (int)((3 * (size_t)60000000) / bytes + 1);
  if (c.copies > 8)
    c.copies = 8;
  for (int i = 0; i < c.copies; i++) {
    c.x[i] = device_filled(n, -1.0f, 3.0f);
    c.dy[i] = device_filled(n, -1.0f, 1.0f);
  }
  BENCH_CUDA(cudaMalloc((void **)&c.y, bytes));
  float **params[8] = {&c.scale, &c.bias, &c.rmean, &c.rvar, &c.smean, &c.sinv, &c.dscale, &c.dbias};
  for (int i = 0; i < 8; i++)
    *params[i] = device_filled((size_t)s->c, 0.5f, 1.5f);
  BENCH_LITDNN(litdnnCreateWithBackend(&c.h, LITDNN_BACKEND_CUDA));
  BENCH_CUDNN(cudnnCreate(&c.dnn));
  BENCH_LITDNN(litdnnCreateTensorDescriptor(&c.lx));
  BENCH_LITDNN(litdnnCreateTensorDescriptor(&c.lb));
  BENCH_LITDNN(litdnnSetTensor4dDescriptor(c.lx, nhwc ? LITDNN_TENSOR_NHWC : LITDNN_TENSOR_NCHW, LITDNN_DATA_FLOAT,
                                           s->n, s->c, s->h, s->w));
  BENCH_LITDNN(litdnnDeriveBNTensorDescriptor(c.lb, c.lx, LITDNN_BATCHNORM_SPATIAL));
  BENCH_CUDNN(cudnnCreateTensorDescriptor(&c.cx));
  BENCH_CUDNN(cudnnCreateTensorDescriptor(&c.cb));
  BENCH_CUDNN(cudnnSetTensor4dDescriptor(c.cx, nhwc ? CUDNN_TENSOR_NHWC : CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, s->n,
                                         s->c, s->h, s->w));
  BENCH_CUDNN(cudnnDeriveBNTensorDescriptor(c.cb, c.cx, CUDNN_BATCHNORM_SPATIAL));
  for (int op = 0; op < 3; op++) {
    snprintf(label, sizeof label, "%s %s", ops[op], shape);
    if (!bench_wanted(b, label))
      continue;
    double min_bytes = (op == 2 ? 12.0 : 8.0) * (double)n;
    c.op = op;
    c.use_cudnn = 1;
    bench_record(b, ops[op], shape, "cuDNN", bench_median_ms(b, run_once, &c), min_bytes, 0);
    c.use_cudnn = 0;
    bench_record(b, ops[op], shape, "litdnn", bench_median_ms(b, run_once, &c), min_bytes, 0);
    int count = 0;
    litdnnGetStageCount(ids[op], &count);
    for (int st = 0; every_stage && st < count; st++) {
      const char *name;
      litdnnGetStageInfo(ids[op], st, &name, NULL, NULL);
      if (strncmp(name, "thread per", 10) == 0 || litdnnSetStage(c.h, ids[op], st) != LITDNN_STATUS_SUCCESS)
        continue;
      char impl[64];
      snprintf(impl, sizeof impl, "litdnn: %s", name);
      snprintf(label, sizeof label, "%s %s, %s", ops[op], shape, impl);
      if (bench_stage_runs(label, litdnn_once(&c, c.x[0], c.dy[0])))   /* a stage that refuses: no row */
        bench_record(b, ops[op], shape, impl, bench_median_ms(b, run_once, &c), min_bytes, 0);
      litdnnSetStage(c.h, ids[op], LITDNN_STAGE_AUTOMATIC);
    }
  }
  for (int i = 0; i < c.copies; i++) {
    cudaFree(c.x[i]);
    cudaFree(c.dy[i]);
  }
  cudaFree(c.y);
  for (int i = 0; i < 8; i++)
    cudaFree(*params[i]);
  litdnnDestroyTensorDescriptor(c.lx);
  litdnnDestroyTensorDescriptor(c.lb);
  cudnnDestroyTensorDescriptor(c.cx);
  cudnnDestroyTensorDescriptor(c.cb);
  cudnnDestroy(c.dnn);
  litdnnDestroy(c.h);
}

#line 2989 "chapters/08-normalization.nw"
int main(int argc, char **argv)
{
  bench *b = bench_open("batchnorm", argc, argv);
  bench_copy_gbps(b);
  batchnorm_bench_shape shapes[64];
  int count = read_shapes(bench_arg(b, "--shapes", "../shared/bench/benchdnn/bnorm_shapes_resnet_50"),
                          shapes, 63);
  /* --only "PIECE,PIECE" keeps the passes whose label ("bn backward 50x512x7x7") contains a piece,
     and times every stage on them */
  const char *only = bench_arg(b, "--only", NULL);
  batchnorm_bench_shape ref = {64, 256, 56, 56, "64x256x56x56"};
  measure_shape(b, &ref, 0, 1);
  measure_shape(b, &ref, 1, 0);
  for (int i = 0; i < count && !(bench_quick(b) && i > 1); i++)
    measure_shape(b, &shapes[i], 0, only != NULL);
  bench_close(b);
  return 0;
}
