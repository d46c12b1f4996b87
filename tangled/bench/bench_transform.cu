#line 5460 "chapters/02-tensors.nw"
/* NCHW -> NHWC layout change, an NCHW copy, and the bias of a convolution:
   every GPU stage of litdnnTransformTensor and litdnnAddTensor against
   cudnnTransformTensor and cudnnAddTensor. */
#include "bench.h"
#include <stdio.h>

typedef struct {
  litdnnHandle_t h;
  cudnnHandle_t dnn;
  litdnnOp_t op;   /* LITDNN_OP_TRANSFORM_TENSOR or LITDNN_OP_ADD_TENSOR */
  float beta;
  litdnnTensorDescriptor_t x_desc, y_desc;
  cudnnTensorDescriptor_t x_cudnn, y_cudnn;
  float *x, *y;
} transform_bench;

static litdnnStatus_t call_litdnn(transform_bench *t)
{
  float one = 1.0f;
  if (t->op == LITDNN_OP_ADD_TENSOR)
    return litdnnAddTensor(t->h, &one, t->x_desc, t->x, &t->beta, t->y_desc, t->y);
  return litdnnTransformTensor(t->h, &one, t->x_desc, t->x, &t->beta, t->y_desc, t->y);
}

static void run_litdnn(void *ctx, int rep)
{
  BENCH_LITDNN(call_litdnn((transform_bench *)ctx));
}

static void run_cudnn(void *ctx, int rep)
{
  transform_bench *t = (transform_bench *)ctx;
  float one = 1.0f;
  if (t->op == LITDNN_OP_ADD_TENSOR)
    BENCH_CUDNN(cudnnAddTensor(t->dnn, &one, t->x_cudnn, t->x, &t->beta, t->y_cudnn, t->y));
  else
    BENCH_CUDNN(cudnnTransformTensor(t->dnn, &one, t->x_cudnn, t->x, &t->beta, t->y_cudnn, t->y));
}

/* Every GPU stage of t->op that accepts the problem, then cuDNN. */
static void measure(bench *b, transform_bench *t, const char *op, const char *shape,
                    double min_bytes)
{
  int count = 0;
  BENCH_LITDNN(litdnnGetStageCount(t->op, &count));
  for (int s = 0; s < count; s++) {
    const char *name;
    unsigned mask;
    char impl[96];
    litdnnGetStageInfo(t->op, s, &name, NULL, &mask);
    if (!(mask & LITDNN_BACKEND_BIT(LITDNN_BACKEND_CUDA)))
      continue;
    BENCH_LITDNN(litdnnSetStage(t->h, t->op, s));
    snprintf(impl, sizeof impl, "litdnn: %s", name);
    if (!bench_stage_runs(impl, call_litdnn(t)))
      continue;   /* this stage does not apply to these layouts: its reason is printed */
    bench_record(b, op, shape, impl, bench_median_ms(b, run_litdnn, t), min_bytes, 0.0);
  }
  BENCH_LITDNN(litdnnSetStage(t->h, t->op, LITDNN_STAGE_AUTOMATIC));
  bench_record(b, op, shape, "cuDNN", bench_median_ms(b, run_cudnn, t), min_bytes, 0.0);
}

/* Describe x and y to both libraries. */
static void describe(transform_bench *t, int x_nhwc, int xn, int xc, int xh, int xw, int y_nhwc,
                     int n, int c, int h, int w)
{
  BENCH_LITDNN(litdnnSetTensor4dDescriptor(t->x_desc, x_nhwc ? LITDNN_TENSOR_NHWC : LITDNN_TENSOR_NCHW,
                                           LITDNN_DATA_FLOAT, xn, xc, xh, xw));
  BENCH_LITDNN(litdnnSetTensor4dDescriptor(t->y_desc, y_nhwc ? LITDNN_TENSOR_NHWC : LITDNN_TENSOR_NCHW,
                                           LITDNN_DATA_FLOAT, n, c, h, w));
  BENCH_CUDNN(cudnnSetTensor4dDescriptor(t->x_cudnn, x_nhwc ? CUDNN_TENSOR_NHWC : CUDNN_TENSOR_NCHW,
                                         CUDNN_DATA_FLOAT, xn, xc, xh, xw));
  BENCH_CUDNN(cudnnSetTensor4dDescriptor(t->y_cudnn, y_nhwc ? CUDNN_TENSOR_NHWC : CUDNN_TENSOR_NCHW,
                                         CUDNN_DATA_FLOAT, n, c, h, w));
}

int main(int argc, char **argv)
{
  const int N = 64, C = 256, H = 56, W = 56;
  const char *shape = "64x256x56x56";
  size_t count = (size_t)N * C * H * W, bytes = count * sizeof(float);
  bench *b = bench_open("transform", argc, argv);
  transform_bench t;
  BENCH_LITDNN(litdnnCreateWithBackend(&t.h, LITDNN_BACKEND_CUDA));
  BENCH_CUDNN(cudnnCreate(&t.dnn));
  BENCH_LITDNN(litdnnCreateTensorDescriptor(&t.x_desc));
  BENCH_LITDNN(litdnnCreateTensorDescriptor(&t.y_desc));
  BENCH_CUDNN(cudnnCreateTensorDescriptor(&t.x_cudnn));
  BENCH_CUDNN(cudnnCreateTensorDescriptor(&t.y_cudnn));
  BENCH_CUDA(cudaMalloc((void **)&t.x, bytes));
  BENCH_CUDA(cudaMalloc((void **)&t.y, bytes));
  BENCH_CUDA(cudaMemset(t.x, 0, bytes));
  BENCH_CUDA(cudaMemset(t.y, 0, bytes));

  /* the layout change */
  t.op = LITDNN_OP_TRANSFORM_TENSOR;
  t.beta = 0.0f;
  describe(&t, 0, N, C, H, W, 1, N, C, H, W);
  measure(b, &t, "transform NCHW->NHWC", shape, 2.0 * bytes);

  /* the same call between equal layouts: a scaled copy */
  describe(&t, 0, N, C, H, W, 0, N, C, H, W);
  measure(b, &t, "transform NCHW->NCHW", shape, 2.0 * bytes);

  /* the bias of a convolution, C = bias + C: C read and written, the bias
     (1 KB) read once */
  t.op = LITDNN_OP_ADD_TENSOR;
  t.beta = 1.0f;
  describe(&t, 0, 1, C, 1, 1, 0, N, C, H, W);
  measure(b, &t, "bias add NCHW", "64x256x56x56 + 1x256x1x1", 2.0 * bytes + C * sizeof(float));
  describe(&t, 1, 1, C, 1, 1, 1, N, C, H, W);
  measure(b, &t, "bias add NHWC", "64x256x56x56 + 1x256x1x1", 2.0 * bytes + C * sizeof(float));

  cudaFree(t.x);
  cudaFree(t.y);
  cudnnDestroyTensorDescriptor(t.x_cudnn);
  cudnnDestroyTensorDescriptor(t.y_cudnn);
  cudnnDestroy(t.dnn);
  litdnnDestroyTensorDescriptor(t.x_desc);
  litdnnDestroyTensorDescriptor(t.y_desc);
  litdnnDestroy(t.h);
  bench_close(b);
  return 0;
}
