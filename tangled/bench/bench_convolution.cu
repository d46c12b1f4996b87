#line 3570 "chapters/05-convolution.nw"
#include "bench.h"
#include <string.h>

#line 3611 "chapters/05-convolution.nw"
typedef struct {
  int g, n, c, h, w, k, r, s, u, v, ph, pw, dh, dw;
  char name[64];
} conv_bench_shape;

/* the number after key in a benchdnn descriptor, or fallback */
static int field(const char *line, const char *key, int fallback)
{
  for (const char *p = line; (p = strstr(p, key)) != NULL; p++) {
    const char *q = p + strlen(key);
    if (*q >= '0' && *q <= '9' && (p == line || p[-1] < 'a' || p[-1] > 'z' ||
                                   (key[0] == 'g' && p == line)))
      return atoi(q);
  }
  return fallback;
}

static int read_conv_shapes(const char *path, conv_bench_shape *out, int max, int batch)
{
  FILE *f = fopen(path, "r");
  char line[512];
  int count = 0;
  if (!f) {
    fprintf(stderr, "bench_convolution: cannot read %s\n", path);
    return 0;
  }
  while (count < max && fgets(line, sizeof line, f)) {
    char *p = line;
    while (*p == ' ' || *p == '\t')
      p++;
    if (*p == '#' || *p == '\n' || *p == '\0')
      continue;
    conv_bench_shape s;
    s.g = p[0] == 'g' ? atoi(p + 1) : 1;
    s.n = batch > 0 ? batch : field(p, "mb", 2);
    s.c = field(p, "ic", 0);
    s.h = field(p, "ih", 0);
    s.w = field(p, "iw", s.h);
    s.k = field(p, "oc", 0);
    s.r = field(p, "kh", 1);
    s.s = field(p, "kw", s.r);
    s.u = field(p, "sh", 1);
    s.v = field(p, "sw", s.u);
    s.dh = field(p, "dh", 0) + 1;
    s.dw = field(p, "dw", s.dh - 1) + 1;
    s.ph = field(p, "ph", 0);
    s.pw = field(p, "pw", s.ph);
    char *q = strchr(p, '"'), *e = q ? strchr(q + 1, '"') : NULL;
    snprintf(s.name, sizeof s.name, "%.*s", q && e ? (int)(e - q - 1) : 0, q ? q + 1 : "");
    char *star = strchr(s.name, '*');
    if (star)
      *star = '\0';
    if (s.c > 0 && s.h > 0 && s.k > 0)
      out[count++] = s;
  }
  fclose(f);
  return count;
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
#line 3701 "chapters/05-convolution.nw"
typedef struct {
  int use_cudnn, algo, copies;
  litdnnHandle_t h;
  cudnnHandle_t dnn;
  litdnnTensorDescriptor_t lx, ly;
  litdnnFilterDescriptor_t lw;
  litdnnConvolutionDescriptor_t lc;
  cudnnTensorDescriptor_t cx, cy;
  cudnnFilterDescriptor_t cw;
  cudnnConvolutionDescriptor_t cc;
  cudnnConvolutionFwdAlgo_t calgo;
  float *x[4], *w[4], *y;
  void *ws;
  size_t ws_size;
} conv_bench_ctx;

static void run_once(void *ctx_, int rep)
{
  conv_bench_ctx *c = (conv_bench_ctx *)ctx_;
  float one = 1.0f, zero = 0.0f;
  int i = rep % c->copies;
  if (c->use_cudnn)
    BENCH_CUDNN(cudnnConvolutionForward(c->dnn, &one, c->cx, c->x[i], c->cw, c->w[i], c->cc, c->calgo, c->ws,
                                        c->ws_size, &zero, c->cy, c->y));
  else
    BENCH_LITDNN(litdnnConvolutionForward(c->h, &one, c->lx, c->x[i], c->lw, c->w[i], c->lc,
                                          (litdnnConvolutionFwdAlgo_t)c->algo, c->ws, c->ws_size, &zero, c->ly,
                                          c->y));
}
#line 3736 "chapters/05-convolution.nw"
#define CONV_BENCH_WORKSPACE ((size_t)1 << 30)

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

static void measure_layer(bench *b, const conv_bench_shape *s, int tf32)
{
  const char *op = tf32 ? "conv forward tf32" : "conv forward";
  conv_bench_ctx c;
  memset(&c, 0, sizeof c);
  int cg = s->c / s->g, n, k, p, q;
  BENCH_LITDNN(litdnnCreateWithBackend(&c.h, LITDNN_BACKEND_CUDA));
  BENCH_CUDNN(cudnnCreate(&c.dnn));
  BENCH_LITDNN(litdnnCreateTensorDescriptor(&c.lx));
  BENCH_LITDNN(litdnnCreateTensorDescriptor(&c.ly));
  BENCH_LITDNN(litdnnCreateFilterDescriptor(&c.lw));
  BENCH_LITDNN(litdnnCreateConvolutionDescriptor(&c.lc));
  BENCH_LITDNN(litdnnSetTensor4dDescriptor(c.lx, LITDNN_TENSOR_NCHW, LITDNN_DATA_FLOAT, s->n, s->c, s->h, s->w));
  BENCH_LITDNN(litdnnSetFilter4dDescriptor(c.lw, LITDNN_DATA_FLOAT, LITDNN_TENSOR_NCHW, s->k, cg, s->r, s->s));
  BENCH_LITDNN(litdnnSetConvolution2dDescriptor(c.lc, s->ph, s->pw, s->u, s->v, s->dh, s->dw,
                                                LITDNN_CROSS_CORRELATION, LITDNN_DATA_FLOAT));
  BENCH_LITDNN(litdnnSetConvolutionGroupCount(c.lc, s->g));
  BENCH_LITDNN(litdnnSetConvolutionMathType(c.lc, tf32 ? LITDNN_MATH_TF32 : LITDNN_MATH_FMA));
  BENCH_LITDNN(litdnnGetConvolution2dForwardOutputDim(c.lc, c.lx, c.lw, &n, &k, &p, &q));
  BENCH_LITDNN(litdnnSetTensor4dDescriptor(c.ly, LITDNN_TENSOR_NCHW, LITDNN_DATA_FLOAT, n, k, p, q));
  BENCH_CUDNN(cudnnCreateTensorDescriptor(&c.cx));
  BENCH_CUDNN(cudnnCreateTensorDescriptor(&c.cy));
  BENCH_CUDNN(cudnnCreateFilterDescriptor(&c.cw));
  BENCH_CUDNN(cudnnCreateConvolutionDescriptor(&c.cc));
  BENCH_CUDNN(cudnnSetTensor4dDescriptor(c.cx, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, s->n, s->c, s->h, s->w));
  BENCH_CUDNN(cudnnSetFilter4dDescriptor(c.cw, CUDNN_DATA_FLOAT, CUDNN_TENSOR_NCHW, s->k, cg, s->r, s->s));
  BENCH_CUDNN(cudnnSetConvolution2dDescriptor(c.cc, s->ph, s->pw, s->u, s->v, s->dh, s->dw,
                                              CUDNN_CROSS_CORRELATION, CUDNN_DATA_FLOAT));
  BENCH_CUDNN(cudnnSetConvolutionGroupCount(c.cc, s->g));
  BENCH_CUDNN(cudnnSetConvolutionMathType(c.cc, tf32 ? CUDNN_TENSOR_OP_MATH : CUDNN_FMA_MATH));
  BENCH_CUDNN(cudnnSetTensor4dDescriptor(c.cy, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, n, k, p, q));

  size_t xn = (size_t)s->n * s->c * s->h * s->w, wn = (size_t)s->k * cg * s->r * s->s;
  size_t yn = (size_t)n * k * p * q;
  double bytes = 4.0 * (double)(xn + wn + yn);
  double flops = 2.0 * (double)yn * cg * s->r * s->s;
  c.copies = (int)(3.0 * 60e6 / (4.0 * (double)(xn + wn)) + 1);
  if (c.copies > 4)
    c.copies = 4;
  for (int i = 0; i < c.copies; i++) {
    c.x[i] = device_filled(xn, 11u + i);
    c.w[i] = device_filled(wn, 23u + i);
  }
  BENCH_CUDA(cudaMalloc((void **)&c.y, yn * sizeof(float)));
  BENCH_CUDA(cudaMalloc(&c.ws, CONV_BENCH_WORKSPACE));
  c.ws_size = CONV_BENCH_WORKSPACE;
  char shape[160];
  snprintf(shape, sizeof shape, "%s %dx%dx%dx%d k%d %dx%d/%d g%d", s->name, s->n, s->c, s->h, s->w, s->k, s->r,
           s->s, s->u, s->g);

  /* cuDNN's best, as its own Find ranks them */
  cudnnConvolutionFwdAlgoPerf_t cp[16];
  int found = 0;
  BENCH_CUDNN(cudnnFindConvolutionForwardAlgorithmEx(c.dnn, c.cx, c.x[0], c.cw, c.w[0], c.cc, c.cy, c.y, 16, &found,
                                                     cp, c.ws, c.ws_size));
  /* in FMA mode the fastest in FMA math (DEFAULT_MATH may use TF32 on this GPU and would not be
     comparable); in TF32 mode the fastest of any */
  for (int i = 0; i < found; i++)
    if (cp[i].status == CUDNN_STATUS_SUCCESS && (tf32 || cp[i].mathType == CUDNN_FMA_MATH)) {
      c.calgo = cp[i].algo;
      c.use_cudnn = 1;
      bench_record(b, op, shape, "cuDNN", bench_median_ms(b, run_once, &c), bytes, flops);
      break;
    }
  c.use_cudnn = 0;

  /* litdnn's best, as our Find ranks them, then every GPU algorithm */
  litdnnConvolutionFwdAlgoPerf_t lp[LITDNN_CONVOLUTION_FWD_ALGO_COUNT];
  BENCH_LITDNN(litdnnFindConvolutionForwardAlgorithm(c.h, c.lx, c.x[0], c.lw, c.w[0], c.lc, c.ly, c.y,
                                                     LITDNN_CONVOLUTION_FWD_ALGO_COUNT, &found, lp, c.ws,
                                                     c.ws_size));
  if (found > 0 && lp[0].status == LITDNN_STATUS_SUCCESS) {
    c.algo = lp[0].algo;
    bench_record(b, op, shape, "litdnn", bench_median_ms(b, run_once, &c), bytes, flops);
  }
  for (int i = 0; i < found; i++) {
    /* TF32 changes only the algorithms that call a GEMM: time the others once, in FMA mode */
    int gemm = lp[i].algo == LITDNN_CONVOLUTION_FWD_ALGO_GEMM || lp[i].algo == LITDNN_CONVOLUTION_FWD_ALGO_GEMM_CUBLAS;
    if (lp[i].status != LITDNN_STATUS_SUCCESS || (tf32 && !gemm))
      continue;
    const char *name;
    char impl[64];
    litdnnGetStageInfo(LITDNN_OP_CONVOLUTION_FORWARD, lp[i].algo, &name, NULL, NULL);
    snprintf(impl, sizeof impl, "litdnn: %s", name);
    c.algo = lp[i].algo;
    bench_record(b, op, shape, impl, bench_median_ms(b, run_once, &c), bytes, flops);
  }
  for (int i = 0; i < c.copies; i++) {
    cudaFree(c.x[i]);
    cudaFree(c.w[i]);
  }
  cudaFree(c.y);
  cudaFree(c.ws);
  litdnnDestroyTensorDescriptor(c.lx);
  litdnnDestroyTensorDescriptor(c.ly);
  litdnnDestroyFilterDescriptor(c.lw);
  litdnnDestroyConvolutionDescriptor(c.lc);
  cudnnDestroyTensorDescriptor(c.cx);
  cudnnDestroyTensorDescriptor(c.cy);
  cudnnDestroyFilterDescriptor(c.cw);
  cudnnDestroyConvolutionDescriptor(c.cc);
  cudnnDestroy(c.dnn);
  litdnnDestroy(c.h);
}

#line 3577 "chapters/05-convolution.nw"
int main(int argc, char **argv)
{
  bench *b = bench_open("convolution", argc, argv);
  bench_copy_gbps(b);
  conv_bench_shape shapes[128];
  int batch = atoi(bench_arg(b, "--batch", "32"));
  int count = read_conv_shapes(bench_arg(b, "--shapes", "../shared/bench/benchdnn/conv_shapes_resnet_50"),
                               shapes, 128, batch);
  for (int tf32 = 0; tf32 < 2; tf32++)
    for (int i = 0; i < count && !(bench_quick(b) && i > 1); i++)
      measure_layer(b, &shapes[i], tf32);
  /* MobileNet's depthwise layers, FMA only: they are bound by memory, and TF32 changes nothing */
  count = read_conv_shapes(bench_arg(b, "--dw-shapes", "../shared/bench/benchdnn/conv_shapes_mobilenet_dw"),
                           shapes, 128, batch);
  for (int i = 0; i < count && !(bench_quick(b) && i > 1); i++)
    measure_layer(b, &shapes[i], 0);
  /* DeepBench's training set on request (--deepbench PATH): 94 problems, several minutes */
  const char *deepbench = bench_arg(b, "--deepbench", NULL);
  if (deepbench) {
    count = read_deepbench(deepbench, shapes, 128);
    for (int tf32 = 0; tf32 < 2; tf32++)
      for (int i = 0; i < count; i++)
        measure_layer(b, &shapes[i], tf32);
  }
  bench_close(b);
  return 0;
}
