#line 5784 "chapters/08-normalization.nw"
#include "bench.h"
#include <string.h>

typedef struct {
  int backward, use_cudnn;
  litdnnHandle_t h;
  litdnnLRNDescriptor_t ln;
  litdnnTensorDescriptor_t lt;
  cudnnHandle_t dnn;
  cudnnLRNDescriptor_t cn;
  cudnnTensorDescriptor_t ct;
  float *x, *y, *dy, *dx;
} lrn_bench;

/* one call of litdnn's pass, its status returned */
static litdnnStatus_t lrn_litdnn_once(lrn_bench *c)
{
  float one = 1.0f, zero = 0.0f;
  if (c->backward)
    return litdnnLRNCrossChannelBackward(c->h, c->ln, LITDNN_LRN_CROSS_CHANNEL_DIM1, &one, c->lt, c->y, c->lt, c->dy,
                                         c->lt, c->x, &zero, c->lt, c->dx);
  return litdnnLRNCrossChannelForward(c->h, c->ln, LITDNN_LRN_CROSS_CHANNEL_DIM1, &one, c->lt, c->x, &zero, c->lt,
                                      c->y);
}

static void lrn_run(void *ctx, int rep)
{
  lrn_bench *c = (lrn_bench *)ctx;
  float one = 1.0f, zero = 0.0f;
  if (c->use_cudnn) {
    if (c->backward)
      BENCH_CUDNN(cudnnLRNCrossChannelBackward(c->dnn, c->cn, CUDNN_LRN_CROSS_CHANNEL_DIM1, &one, c->ct, c->y, c->ct,
                                               c->dy, c->ct, c->x, &zero, c->ct, c->dx));
    else
      BENCH_CUDNN(cudnnLRNCrossChannelForward(c->dnn, c->cn, CUDNN_LRN_CROSS_CHANNEL_DIM1, &one, c->ct, c->x, &zero,
                                              c->ct, c->y));
  } else {
    BENCH_LITDNN(lrn_litdnn_once(c));
  }
}

/* whether cuDNN accepts this pass in this layout (some layouts it may not) */
static int lrn_cudnn_runs(lrn_bench *c)
{
  float one = 1.0f, zero = 0.0f;
  cudnnStatus_t s = c->backward
      ? cudnnLRNCrossChannelBackward(c->dnn, c->cn, CUDNN_LRN_CROSS_CHANNEL_DIM1, &one, c->ct, c->y, c->ct, c->dy,
                                     c->ct, c->x, &zero, c->ct, c->dx)
      : cudnnLRNCrossChannelForward(c->dnn, c->cn, CUDNN_LRN_CROSS_CHANNEL_DIM1, &one, c->ct, c->x, &zero, c->ct,
                                    c->y);
  BENCH_CUDA(cudaDeviceSynchronize());
  return s == CUDNN_STATUS_SUCCESS;
}

static float *lrn_filled(size_t count, unsigned seed)
{
  float *host = (float *)malloc(count * sizeof *host), *d;
  for (size_t i = 0; i < count; i++) {
    seed = seed * 1664525u + 1013904223u;
    host[i] = (float)((seed >> 8) * (1.0 / 16777216.0)) * 2.0f - 1.0f;
  }
  BENCH_CUDA(cudaMalloc((void **)&d, count * sizeof *d));
  BENCH_CUDA(cudaMemcpy(d, host, count * sizeof *d, cudaMemcpyHostToDevice));
  free(host);
  return d;
}

int main(int argc, char **argv)
{
  bench *b = bench_open("lrn", argc, argv);
  bench_copy_gbps(b);
  /* the reference shape in both layouts, then AlexNet's two LRN layers at batch 128, whose planes
     (55 x 55, 27 x 27) are not multiples of four; --only "PIECE,PIECE" keeps the cases whose label
     ("lrn backward 64x256x56x56 NHWC", ...) contains a piece */
  static const struct { int n, c, h, w, nhwc; const char *shape; } cases[] = {
    {64, 256, 56, 56, 0, "64x256x56x56"},
    {64, 256, 56, 56, 1, "64x256x56x56 NHWC"},
    {128, 96, 55, 55, 0, "128x96x55x55"},
    {128, 256, 27, 27, 0, "128x256x27x27"},
  };
  size_t count = 0;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    size_t e = (size_t)cases[i].n * cases[i].c * cases[i].h * cases[i].w;
    count = e > count ? e : count;
  }
  lrn_bench c;
  memset(&c, 0, sizeof c);
  c.x = lrn_filled(count, 1);
  c.dy = lrn_filled(count, 2);
  c.y = lrn_filled(count, 3);
  c.dx = lrn_filled(count, 4);
  BENCH_LITDNN(litdnnCreateWithBackend(&c.h, LITDNN_BACKEND_CUDA));
  BENCH_LITDNN(litdnnCreateLRNDescriptor(&c.ln));
  BENCH_LITDNN(litdnnSetLRNDescriptor(c.ln, 5, 1e-4, 0.75, 2.0));
  BENCH_LITDNN(litdnnCreateTensorDescriptor(&c.lt));
  BENCH_CUDNN(cudnnCreate(&c.dnn));
  BENCH_CUDNN(cudnnCreateLRNDescriptor(&c.cn));
  BENCH_CUDNN(cudnnSetLRNDescriptor(c.cn, 5, 1e-4, 0.75, 2.0));
  BENCH_CUDNN(cudnnCreateTensorDescriptor(&c.ct));
  static const char *ops[2] = {"lrn forward", "lrn backward"};
  static const litdnnOp_t ids[2] = {LITDNN_OP_LRN_FORWARD, LITDNN_OP_LRN_BACKWARD};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    int N = cases[i].n, C = cases[i].c, H = cases[i].h, W = cases[i].w, nhwc = cases[i].nhwc;
    BENCH_LITDNN(litdnnSetTensor4dDescriptor(c.lt, nhwc ? LITDNN_TENSOR_NHWC : LITDNN_TENSOR_NCHW, LITDNN_DATA_FLOAT,
                                             N, C, H, W));
    BENCH_CUDNN(cudnnSetTensor4dDescriptor(c.ct, nhwc ? CUDNN_TENSOR_NHWC : CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, N, C,
                                           H, W));
    const char *shape = cases[i].shape;
    double elements = (double)N * C * H * W;
    for (int op = 0; op < 2; op++) {
      char label[128];
      snprintf(label, sizeof label, "%s %s", ops[op], shape);
      if (!bench_wanted(b, label))
        continue;
      double min_bytes = (op ? 16.0 : 8.0) * elements;
      c.backward = op;
      if (lrn_cudnn_runs(&c)) {
        c.use_cudnn = 1;
        bench_record(b, ops[op], shape, "cuDNN", bench_median_ms(b, lrn_run, &c), min_bytes, 0);
      } else {
        printf("lrn: cuDNN refuses %s on %s; no cuDNN row\n", ops[op], shape);
      }
      c.use_cudnn = 0;
      bench_record(b, ops[op], shape, "litdnn", bench_median_ms(b, lrn_run, &c), min_bytes, 0);
      int stages = 0;
      litdnnGetStageCount(ids[op], &stages);
      for (int s = 0; s < stages; s++) {
        const char *name;
        litdnnGetStageInfo(ids[op], s, &name, NULL, NULL);
        if (litdnnSetStage(c.h, ids[op], s) != LITDNN_STATUS_SUCCESS)
          continue;
        char impl[96];
        snprintf(impl, sizeof impl, "litdnn: %s", name);
        snprintf(label, sizeof label, "%s %s, %s", ops[op], shape, impl);
        if (bench_stage_runs(label, lrn_litdnn_once(&c)))   /* a stage that refuses: no row */
          bench_record(b, ops[op], shape, impl, bench_median_ms(b, lrn_run, &c), min_bytes, 0);
      }
      litdnnSetStage(c.h, ids[op], LITDNN_STAGE_AUTOMATIC);
    }
  }
  bench_close(b);
  cudaFree(c.x); cudaFree(c.y); cudaFree(c.dy); cudaFree(c.dx);
  cudnnDestroyLRNDescriptor(c.cn); cudnnDestroyTensorDescriptor(c.ct); cudnnDestroy(c.dnn);
  litdnnDestroyLRNDescriptor(c.ln); litdnnDestroyTensorDescriptor(c.lt); litdnnDestroy(c.h);
  return 0;
}
