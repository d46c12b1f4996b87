#line 638 "chapters/90-measuring.nw"
#include "bench.h"
#include <string.h>

#line 692 "chapters/90-measuring.nw"
typedef bench_conv_shape conv_bench_shape;

/* benchdnn's layers (bench_read_conv_shapes in the harness), or none */
static int read_conv_shapes(const char *path, conv_bench_shape *out, int max, int batch)
{
  int count = bench_read_conv_shapes(path, batch, out, max);
  if (count < 0)
    fprintf(stderr, "bench_convolution: cannot read %s\n", path);
  return count < 0 ? 0 : count;
}

/* DeepBench's conv list: set,w,h,c,n,k,s,r,pad_w,pad_h,stride_w,stride_h; the training set only */
static int read_deepbench(const char *path, conv_bench_shape *out, int max)
{
  FILE *f = fopen(path, "r");
  char line[256];
  int count = 0;
  if (!f) {
    fprintf(stderr, "bench_convolution: cannot read %s\n", path);
    return 0;
  }
  while (count < max && fgets(line, sizeof line, f)) {
    conv_bench_shape s;
    memset(&s, 0, sizeof s);
    if (strncmp(line, "training_set,", 13) != 0 ||
        sscanf(line + 13, "%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d", &s.w, &s.h, &s.c, &s.n, &s.k, &s.s, &s.r, &s.pw,
               &s.ph, &s.v, &s.u) != 11)
      continue;
    s.g = 1;
    s.dh = s.dw = 1;
    snprintf(s.name, sizeof s.name, "deepbench:%d", count);
    out[count++] = s;
  }
  fclose(f);
  return count;
}
#line 734 "chapters/90-measuring.nw"
/* the passes with algorithms to choose; the bias gradient, which has none, comes after them */
enum { CONV_BENCH_FWD, CONV_BENCH_BWD_DATA, CONV_BENCH_BWD_FILTER, CONV_BENCH_PASSES, CONV_BENCH_BIAS = CONV_BENCH_PASSES };
static const char *const conv_pass_flag[CONV_BENCH_PASSES] = {"fwd", "bwdd", "bwdf"};
static const char *const conv_pass_op[CONV_BENCH_PASSES][2] = {
  {"conv forward", "conv forward tf32"},
  {"conv backward data", "conv backward data tf32"},
  {"conv backward filter", "conv backward filter tf32"}};
static const litdnnOp_t conv_pass_stages[CONV_BENCH_PASSES] = {
  LITDNN_OP_CONVOLUTION_FORWARD, LITDNN_OP_CONVOLUTION_BACKWARD_DATA, LITDNN_OP_CONVOLUTION_BACKWARD_FILTER};

typedef struct {
  int pass, use_cudnn, algo, calgo, copies;
  litdnnHandle_t h;
  cudnnHandle_t dnn;
  litdnnTensorDescriptor_t lx, ly;
  litdnnFilterDescriptor_t lw;
  litdnnConvolutionDescriptor_t lc;
  litdnnTensorDescriptor_t lb;   /* the bias gradient's 1 x K x 1 x 1 (the bias pass only) */
  cudnnTensorDescriptor_t cx, cy, cb;
  cudnnFilterDescriptor_t cw;
  cudnnConvolutionDescriptor_t cc;
  float *x[4], *w[4], *y[4];   /* the pass's two inputs have copies; its output is [0] */
  void *ws;
  size_t ws_size;
} conv_bench_ctx;

static void run_once(void *ctx_, int rep)
{
  conv_bench_ctx *c = (conv_bench_ctx *)ctx_;
  float one = 1.0f, zero = 0.0f;
  int i = rep % c->copies;
  switch (c->pass) {
  case CONV_BENCH_FWD:
    if (c->use_cudnn)
      BENCH_CUDNN(cudnnConvolutionForward(c->dnn, &one, c->cx, c->x[i], c->cw, c->w[i], c->cc,
                                          (cudnnConvolutionFwdAlgo_t)c->calgo, c->ws, c->ws_size, &zero, c->cy,
                                          c->y[0]));
    else
      BENCH_LITDNN(litdnnConvolutionForward(c->h, &one, c->lx, c->x[i], c->lw, c->w[i], c->lc,
                                            (litdnnConvolutionFwdAlgo_t)c->algo, c->ws, c->ws_size, &zero,
                                            c->ly, c->y[0]));
    break;
  case CONV_BENCH_BWD_DATA:
    if (c->use_cudnn)
      BENCH_CUDNN(cudnnConvolutionBackwardData(c->dnn, &one, c->cw, c->w[i], c->cy, c->y[i], c->cc,
                                               (cudnnConvolutionBwdDataAlgo_t)c->calgo, c->ws, c->ws_size,
                                               &zero, c->cx, c->x[0]));
    else
      BENCH_LITDNN(litdnnConvolutionBackwardData(c->h, &one, c->lw, c->w[i], c->ly, c->y[i], c->lc,
                                                 (litdnnConvolutionBwdDataAlgo_t)c->algo, c->ws, c->ws_size,
                                                 &zero, c->lx, c->x[0]));
    break;
  case CONV_BENCH_BIAS:   /* db in w[0] */
    if (c->use_cudnn)
      BENCH_CUDNN(cudnnConvolutionBackwardBias(c->dnn, &one, c->cy, c->y[i], &zero, c->cb, c->w[0]));
    else
      BENCH_LITDNN(litdnnConvolutionBackwardBias(c->h, &one, c->ly, c->y[i], &zero, c->lb, c->w[0]));
    break;
  default:
    if (c->use_cudnn)
      BENCH_CUDNN(cudnnConvolutionBackwardFilter(c->dnn, &one, c->cx, c->x[i], c->cy, c->y[i], c->cc,
                                                 (cudnnConvolutionBwdFilterAlgo_t)c->calgo, c->ws, c->ws_size,
                                                 &zero, c->cw, c->w[0]));
    else
      BENCH_LITDNN(litdnnConvolutionBackwardFilter(c->h, &one, c->lx, c->x[i], c->ly, c->y[i], c->lc,
                                                   (litdnnConvolutionBwdFilterAlgo_t)c->algo, c->ws, c->ws_size,
                                                   &zero, c->lw, c->w[0]));
  }
}

/* one call of litdnn's algorithm c->algo on the first copy, its status returned: the probe of a stage */
static litdnnStatus_t litdnn_probe(conv_bench_ctx *c)
{
  float one = 1.0f, zero = 0.0f;
  switch (c->pass) {
  case CONV_BENCH_FWD:
    return litdnnConvolutionForward(c->h, &one, c->lx, c->x[0], c->lw, c->w[0], c->lc,
                                    (litdnnConvolutionFwdAlgo_t)c->algo, c->ws, c->ws_size, &zero, c->ly, c->y[0]);
  case CONV_BENCH_BWD_DATA:
    return litdnnConvolutionBackwardData(c->h, &one, c->lw, c->w[0], c->ly, c->y[0], c->lc,
                                         (litdnnConvolutionBwdDataAlgo_t)c->algo, c->ws, c->ws_size, &zero, c->lx,
                                         c->x[0]);
  default:
    return litdnnConvolutionBackwardFilter(c->h, &one, c->lx, c->x[0], c->ly, c->y[0], c->lc,
                                           (litdnnConvolutionBwdFilterAlgo_t)c->algo, c->ws, c->ws_size, &zero,
                                           c->lw, c->w[0]);
  }
}
#line 828 "chapters/90-measuring.nw"
#define CONV_BENCH_WORKSPACE ((size_t)1 << 30)
#define CONV_BENCH_HOPELESS 20.0

static float *device_filled(size_t n, unsigned seed)
{
  float *host = (float *)malloc(n * sizeof *host), *d;
  for (size_t i = 0; i < n; i++) {
    seed = seed * 1664525u + 1013904223u;
    host[i] = (float)((seed >> 8) * (1.0 / 16777216.0)) * 2.0f - 1.0f;
  }
  BENCH_CUDA(cudaMalloc((void **)&d, n * sizeof *d));
  BENCH_CUDA(cudaMemcpy(d, host, n * sizeof *d, cudaMemcpyHostToDevice));
  free(host);
  return d;
}

#line 1104 "chapters/90-measuring.nw"
typedef struct {
  int algo, math;   /* math: the cuDNN math type the algorithm ran in (cuDNN's list only) */
  float ms;         /* as Find measured it */
  litdnnStatus_t status;   /* litdnn's list: Find's verdict */
} conv_bench_found;

/* every algorithm of cuDNN's list that ran, with the math it ran in: FMA only in FMA mode */
#define CONV_BENCH_KEEP_CUDNN(perf, found, tf32, out, kept)                                   \
  for (int i_ = 0; i_ < (found); i_++)                                                        \
    if ((perf)[i_].status == CUDNN_STATUS_SUCCESS && (perf)[i_].memory <= c->ws_size &&       \
        ((tf32) || (perf)[i_].mathType == CUDNN_FMA_MATH)) {                                  \
      (out)[kept].algo = (int)(perf)[i_].algo;                                                \
      (out)[kept].math = (int)(perf)[i_].mathType;                                            \
      (out)[kept++].ms = (perf)[i_].time;                                                     \
    }

static int cudnn_find(conv_bench_ctx *c, int tf32, conv_bench_found *out)
{
  int found = 0, kept = 0;
  if (c->pass == CONV_BENCH_FWD) {
    cudnnConvolutionFwdAlgoPerf_t perf[16];
    BENCH_CUDNN(cudnnFindConvolutionForwardAlgorithmEx(c->dnn, c->cx, c->x[0], c->cw, c->w[0], c->cc, c->cy,
                                                       c->y[0], 16, &found, perf, c->ws, c->ws_size));
    CONV_BENCH_KEEP_CUDNN(perf, found, tf32, out, kept);
  } else if (c->pass == CONV_BENCH_BWD_DATA) {
    cudnnConvolutionBwdDataAlgoPerf_t perf[16];
    BENCH_CUDNN(cudnnFindConvolutionBackwardDataAlgorithmEx(c->dnn, c->cw, c->w[0], c->cy, c->y[0], c->cc,
                                                            c->cx, c->x[0], 16, &found, perf, c->ws,
                                                            c->ws_size));
    CONV_BENCH_KEEP_CUDNN(perf, found, tf32, out, kept);
  } else {
    cudnnConvolutionBwdFilterAlgoPerf_t perf[16];
    BENCH_CUDNN(cudnnFindConvolutionBackwardFilterAlgorithmEx(c->dnn, c->cx, c->x[0], c->cy, c->y[0], c->cc,
                                                              c->cw, c->w[0], 16, &found, perf, c->ws,
                                                              c->ws_size));
    CONV_BENCH_KEEP_CUDNN(perf, found, tf32, out, kept);
  }
  return kept;
}

/* every algorithm of litdnn's list with its verdict: the timed ones come first */
#define CONV_BENCH_KEEP(perf, found, out, kept)                                               \
  for (int i_ = 0; i_ < (found); i_++) {                                                      \
    (out)[kept].algo = (int)(perf)[i_].algo;                                                  \
    (out)[kept].status = (perf)[i_].status;                                                   \
    (out)[kept++].ms = (perf)[i_].time;                                                       \
  }

static int litdnn_find(conv_bench_ctx *c, conv_bench_found *out)
{
  int found = 0, kept = 0;
  if (c->pass == CONV_BENCH_FWD) {
    litdnnConvolutionFwdAlgoPerf_t perf[16];
    BENCH_LITDNN(litdnnFindConvolutionForwardAlgorithm(c->h, c->lx, c->x[0], c->lw, c->w[0], c->lc, c->ly,
                                                       c->y[0], 16, &found, perf, c->ws, c->ws_size));
    CONV_BENCH_KEEP(perf, found, out, kept);
  } else if (c->pass == CONV_BENCH_BWD_DATA) {
    litdnnConvolutionBwdDataAlgoPerf_t perf[16];
    BENCH_LITDNN(litdnnFindConvolutionBackwardDataAlgorithm(c->h, c->lw, c->w[0], c->ly, c->y[0], c->lc, c->lx,
                                                            c->x[0], 16, &found, perf, c->ws, c->ws_size));
    CONV_BENCH_KEEP(perf, found, out, kept);
  } else {
    litdnnConvolutionBwdFilterAlgoPerf_t perf[16];
    BENCH_LITDNN(litdnnFindConvolutionBackwardFilterAlgorithm(c->h, c->lx, c->x[0], c->ly, c->y[0], c->lc,
                                                              c->lw, c->w[0], 16, &found, perf, c->ws,
                                                              c->ws_size));
    CONV_BENCH_KEEP(perf, found, out, kept);
  }
  return kept;
}
#line 951 "chapters/90-measuring.nw"
/* both libraries' descriptions of the layer, into c; the output's dimensions into n, k, p, q */
static void describe_layer(conv_bench_ctx *c, const conv_bench_shape *s, int tf32, int *n, int *k, int *p, int *q)
{
  int cg = s->c / s->g;
  BENCH_LITDNN(litdnnCreateWithBackend(&c->h, LITDNN_BACKEND_CUDA));
  BENCH_CUDNN(cudnnCreate(&c->dnn));
  BENCH_LITDNN(litdnnCreateTensorDescriptor(&c->lx));
  BENCH_LITDNN(litdnnCreateTensorDescriptor(&c->ly));
  BENCH_LITDNN(litdnnCreateFilterDescriptor(&c->lw));
  BENCH_LITDNN(litdnnCreateConvolutionDescriptor(&c->lc));
  BENCH_LITDNN(litdnnSetTensor4dDescriptor(c->lx, LITDNN_TENSOR_NCHW, LITDNN_DATA_FLOAT, s->n, s->c, s->h, s->w));
  BENCH_LITDNN(litdnnSetFilter4dDescriptor(c->lw, LITDNN_DATA_FLOAT, LITDNN_TENSOR_NCHW, s->k, cg, s->r, s->s));
  BENCH_LITDNN(litdnnSetConvolution2dDescriptor(c->lc, s->ph, s->pw, s->u, s->v, s->dh, s->dw,
                                                LITDNN_CROSS_CORRELATION, LITDNN_DATA_FLOAT));
  BENCH_LITDNN(litdnnSetConvolutionGroupCount(c->lc, s->g));
  BENCH_LITDNN(litdnnSetConvolutionMathType(c->lc, tf32 ? LITDNN_MATH_TF32 : LITDNN_MATH_FMA));
  BENCH_LITDNN(litdnnGetConvolution2dForwardOutputDim(c->lc, c->lx, c->lw, n, k, p, q));
  BENCH_LITDNN(litdnnSetTensor4dDescriptor(c->ly, LITDNN_TENSOR_NCHW, LITDNN_DATA_FLOAT, *n, *k, *p, *q));
  BENCH_CUDNN(cudnnCreateTensorDescriptor(&c->cx));
  BENCH_CUDNN(cudnnCreateTensorDescriptor(&c->cy));
  BENCH_CUDNN(cudnnCreateFilterDescriptor(&c->cw));
  BENCH_CUDNN(cudnnCreateConvolutionDescriptor(&c->cc));
  BENCH_CUDNN(cudnnSetTensor4dDescriptor(c->cx, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, s->n, s->c, s->h, s->w));
  BENCH_CUDNN(cudnnSetFilter4dDescriptor(c->cw, CUDNN_DATA_FLOAT, CUDNN_TENSOR_NCHW, s->k, cg, s->r, s->s));
  BENCH_CUDNN(cudnnSetConvolution2dDescriptor(c->cc, s->ph, s->pw, s->u, s->v, s->dh, s->dw,
                                              CUDNN_CROSS_CORRELATION, CUDNN_DATA_FLOAT));
  BENCH_CUDNN(cudnnSetConvolutionGroupCount(c->cc, s->g));
  BENCH_CUDNN(cudnnSetConvolutionMathType(c->cc, tf32 ? CUDNN_TENSOR_OP_MATH : CUDNN_FMA_MATH));
  BENCH_CUDNN(cudnnSetTensor4dDescriptor(c->cy, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, *n, *k, *p, *q));
}
#line 1016 "chapters/90-measuring.nw"
/* everything describe_layer and the fill made, and the handles */
static void free_layer(conv_bench_ctx *c)
{
  for (int i = 0; i < c->copies; i++) {
    cudaFree(c->x[i]);
    cudaFree(c->w[i]);
    cudaFree(c->y[i]);
  }
  cudaFree(c->ws);
  litdnnDestroyTensorDescriptor(c->lx);
  litdnnDestroyTensorDescriptor(c->ly);
  litdnnDestroyFilterDescriptor(c->lw);
  litdnnDestroyConvolutionDescriptor(c->lc);
  cudnnDestroyTensorDescriptor(c->cx);
  cudnnDestroyTensorDescriptor(c->cy);
  cudnnDestroyFilterDescriptor(c->cw);
  cudnnDestroyConvolutionDescriptor(c->cc);
  cudnnDestroy(c->dnn);
  litdnnDestroy(c->h);
}

#line 848 "chapters/90-measuring.nw"
/* the layer as the CSV names it: source and name, input, filters, size/stride, groups */
static void conv_bench_label(const conv_bench_shape *s, char *shape, size_t size)
{
  snprintf(shape, size, "%s %dx%dx%dx%d k%d %dx%d/%d g%d", s->name, s->n, s->c, s->h, s->w, s->k, s->r, s->s, s->u,
           s->g);
}

static void measure_layer(bench *b, const conv_bench_shape *s, int pass, int tf32)
{
  const char *op = conv_pass_op[pass][tf32];
  conv_bench_ctx c;
  memset(&c, 0, sizeof c);
  c.pass = pass;
  char shape[160];
  conv_bench_label(s, shape, sizeof shape);
  if (!bench_wanted(b, shape))
    return;
  int cg = s->c / s->g, n, k, p, q;
  describe_layer(&c, s, tf32, &n, &k, &p, &q);
  
#line 993 "chapters/90-measuring.nw"
size_t xn = (size_t)s->n * s->c * s->h * s->w, wn = (size_t)s->k * cg * s->r * s->s;
size_t yn = (size_t)n * k * p * q;
double bytes = 4.0 * (double)(xn + wn + yn);
double flops = 2.0 * (double)yn * cg * s->r * s->s;
int reads_x = pass != CONV_BENCH_BWD_DATA, reads_w = pass != CONV_BENCH_BWD_FILTER;
int reads_y = pass != CONV_BENCH_FWD;
double read_bytes = 4.0 * (double)(reads_x * xn + reads_w * wn + reads_y * yn);
c.copies = (int)(3.0 * 60e6 / read_bytes + 1);
if (c.copies > 4)
  c.copies = 4;
for (int i = 0; i < c.copies; i++) {
  if (i == 0 || reads_x)
    c.x[i] = device_filled(xn, 11u + i);
  if (i == 0 || reads_w)
    c.w[i] = device_filled(wn, 23u + i);
  if (i == 0 || reads_y)
    c.y[i] = device_filled(yn, 37u + i);
}
BENCH_CUDA(cudaMalloc(&c.ws, CONV_BENCH_WORKSPACE));
c.ws_size = CONV_BENCH_WORKSPACE;

#line 869 "chapters/90-measuring.nw"
  /* cuDNN's best for this pass: every algorithm its Find returns that is not hopeless, timed as ours are */
  double best = 0.0;
  conv_bench_found cp[16];
  int cfound = cudnn_find(&c, tf32, cp);
  c.use_cudnn = 1;
  for (int i = 0; i < cfound; i++) {
    if (cp[i].ms > CONV_BENCH_HOPELESS * cp[0].ms) {
      printf("   %-28s %-22s cuDNN: algo %d skipped: %.3f ms in Find, over %.0fx its best %.4f ms\n", op, shape,
             cp[i].algo, cp[i].ms, CONV_BENCH_HOPELESS, cp[0].ms);
      continue;
    }
    c.calgo = cp[i].algo;
    BENCH_CUDNN(cudnnSetConvolutionMathType(c.cc, (cudnnMathType_t)cp[i].math));
    double ms = bench_median_ms(b, run_once, &c);
    printf("   %-28s %-22s cuDNN: algo %d, math %d %9.4f ms (%.4f ms in Find)\n", op, shape, cp[i].algo,
           cp[i].math, ms, cp[i].ms);
    best = best > 0.0 && best < ms ? best : ms;
  }
  if (best > 0.0)
    bench_record(b, op, shape, "cuDNN", best, bytes, flops);
  c.use_cudnn = 0;

  /* litdnn's best, as our Find ranks them, then every GPU algorithm that is not hopeless */
  conv_bench_found lp[16];
  int found = litdnn_find(&c, lp);
  if (found > 0 && lp[0].status == LITDNN_STATUS_SUCCESS) {
    c.algo = lp[0].algo;
    double ms = bench_median_ms(b, run_once, &c);
    bench_record(b, op, shape, "litdnn", ms, bytes, flops);
    best = best > 0.0 && best < ms ? best : ms;
  }
  for (int i = 0; i < found; i++) {
    /* TF32 changes only the algorithms that call a GEMM (Winograd's F(2x2) form among them) and the
       implicit GEMMs that run on the tensor cores: the others are timed once, in FMA mode */
    int a = lp[i].algo;
    int gemm = pass == CONV_BENCH_FWD ? a == LITDNN_CONVOLUTION_FWD_ALGO_GEMM || a == LITDNN_CONVOLUTION_FWD_ALGO_GEMM_CUBLAS ||
                                            a == LITDNN_CONVOLUTION_FWD_ALGO_BATCH_GEMM_1X1 ||
                                            a == LITDNN_CONVOLUTION_FWD_ALGO_WINOGRAD ||
                                            a == LITDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_PRECOMP_GEMM
             : pass == CONV_BENCH_BWD_DATA
                 ? a == LITDNN_CONVOLUTION_BWD_DATA_ALGO_GEMM || a == LITDNN_CONVOLUTION_BWD_DATA_ALGO_GEMM_CUBLAS ||
                       a == LITDNN_CONVOLUTION_BWD_DATA_ALGO_BATCH_GEMM_1X1 ||
                       a == LITDNN_CONVOLUTION_BWD_DATA_ALGO_WINOGRAD ||
                       a == LITDNN_CONVOLUTION_BWD_DATA_ALGO_IMPLICIT_GEMM
                 : a == LITDNN_CONVOLUTION_BWD_FILTER_ALGO_GEMM || a == LITDNN_CONVOLUTION_BWD_FILTER_ALGO_GEMM_CUBLAS ||
                       a == LITDNN_CONVOLUTION_BWD_FILTER_ALGO_BATCH_GEMM_1X1 ||
                       a == LITDNN_CONVOLUTION_BWD_FILTER_ALGO_IMPLICIT_GEMM;
    if ((tf32 && !gemm) || lp[i].status == LITDNN_STATUS_NOT_SUPPORTED_BACKEND)
      continue;   /* timed in FMA mode; or the CPU reference */
    const char *name;
    char impl[64];
    litdnnGetStageInfo(conv_pass_stages[pass], a, &name, NULL, NULL);
    snprintf(impl, sizeof impl, "litdnn: %s", name);
    c.algo = a;
    if (lp[i].status == LITDNN_STATUS_NOT_SUPPORTED) {
      bench_stage_runs(impl, litdnn_probe(&c));   /* prints why the algorithm does not apply */
      continue;
    }
    if (lp[i].status != LITDNN_STATUS_SUCCESS) {
      printf("   %-28s %-22s %-30s skipped: %s in Find\n", op, shape, impl, litdnnGetErrorString(lp[i].status));
      continue;
    }
    if (lp[i].ms > CONV_BENCH_HOPELESS * best) {
      printf("   %-28s %-22s %-30s skipped: %.3f ms in Find, over %.0fx the best %.4f ms\n", op, shape, impl,
             lp[i].ms, CONV_BENCH_HOPELESS, best);
      continue;
    }
    c.algo = lp[i].algo;
    double ms = bench_median_ms(b, run_once, &c);
    printf("   %-28s %-22s %-30s %.4f ms in Find%s\n", op, shape, impl, lp[i].ms, i == 0 ? ", ranked first" : "");
    bench_record(b, op, shape, impl, ms, bytes, flops);
    best = best < ms ? best : ms;
  }
  free_layer(&c);
}
#line 1045 "chapters/90-measuring.nw"
static void measure_bias(bench *b, const conv_bench_shape *s)
{
  conv_bench_ctx c;
  memset(&c, 0, sizeof c);
  c.pass = CONV_BENCH_BIAS;
  char shape[160];
  conv_bench_label(s, shape, sizeof shape);
  if (!bench_wanted(b, shape))
    return;
  int n, k, p, q;
  describe_layer(&c, s, 0, &n, &k, &p, &q);
  BENCH_LITDNN(litdnnCreateTensorDescriptor(&c.lb));
  BENCH_LITDNN(litdnnSetTensor4dDescriptor(c.lb, LITDNN_TENSOR_NCHW, LITDNN_DATA_FLOAT, 1, k, 1, 1));
  BENCH_CUDNN(cudnnCreateTensorDescriptor(&c.cb));
  BENCH_CUDNN(cudnnSetTensor4dDescriptor(c.cb, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, 1, k, 1, 1));
  size_t yn = (size_t)n * k * p * q;
  double bytes = 4.0 * (double)(yn + k);
  c.copies = (int)(3.0 * 60e6 / (4.0 * (double)yn) + 1);
  if (c.copies > 4)
    c.copies = 4;
  for (int i = 0; i < c.copies; i++)
    c.y[i] = device_filled(yn, 37u + i);
  c.w[0] = device_filled(k, 23u);
  c.use_cudnn = 1;
  bench_record(b, "conv backward bias", shape, "cuDNN", bench_median_ms(b, run_once, &c), bytes, (double)yn);
  c.use_cudnn = 0;
  bench_record(b, "conv backward bias", shape, "litdnn", bench_median_ms(b, run_once, &c), bytes, (double)yn);
  litdnnDestroyTensorDescriptor(c.lb);
  cudnnDestroyTensorDescriptor(c.cb);
  free_layer(&c);
}

#line 646 "chapters/90-measuring.nw"
int main(int argc, char **argv)
{
  bench *b = bench_open("convolution", argc, argv);
  bench_copy_gbps(b);
  conv_bench_shape shapes[128];
  const char *passes = bench_arg(b, "--pass", "fwd,bwdd,bwdf,bias");
  int batch = atoi(bench_arg(b, "--batch", "32"));
  int count = read_conv_shapes(bench_arg(b, "--shapes", "../shared/bench/benchdnn/conv_shapes_resnet_50"),
                               shapes, 128, batch);
  for (int pass = 0; pass < CONV_BENCH_PASSES; pass++)
    if (strstr(passes, conv_pass_flag[pass]))
      for (int tf32 = 0; tf32 < 2; tf32++)
        for (int i = 0; i < count && !(bench_quick(b) && i > 1); i++)
          measure_layer(b, &shapes[i], pass, tf32);
  if (strstr(passes, "bias"))
    for (int i = 0; i < count && !(bench_quick(b) && i > 1); i++)
      measure_bias(b, &shapes[i]);
  /* MobileNet's depthwise layers, each pass in FMA only: they are bound by memory, and TF32 changes nothing */
  count = read_conv_shapes(bench_arg(b, "--dw-shapes", "../shared/bench/benchdnn/conv_shapes_mobilenet_dw"),
                           shapes, 128, batch);
  for (int pass = 0; pass < CONV_BENCH_PASSES; pass++)
    if (strstr(passes, conv_pass_flag[pass]))
      for (int i = 0; i < count && !(bench_quick(b) && i > 1); i++)
        measure_layer(b, &shapes[i], pass, 0);
  if (strstr(passes, "bias"))
    for (int i = 0; i < count && !(bench_quick(b) && i > 1); i++)
      measure_bias(b, &shapes[i]);
  /* DeepBench's training set on request (--deepbench PATH): 94 problems, several minutes */
  const char *deepbench = bench_arg(b, "--deepbench", NULL);
  if (deepbench) {
    count = read_deepbench(deepbench, shapes, 128);
    for (int pass = 0; pass < CONV_BENCH_PASSES; pass++)
      if (strstr(passes, conv_pass_flag[pass]))
        for (int tf32 = 0; tf32 < 2; tf32++)
          for (int i = 0; i < count; i++)
            measure_layer(b, &shapes[i], pass, tf32);
  }
  bench_close(b);
  return 0;
}
