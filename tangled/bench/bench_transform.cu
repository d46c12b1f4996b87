#line 3061 "chapters/02-tensors.nw"
/* NCHW -> NHWC layout change: every GPU stage of litdnnTransformTensor
   against cudnnTransformTensor. */
#include "bench.h"
#include <stdio.h>

typedef struct {
  litdnnHandle_t h;
  cudnnHandle_t dnn;
  litdnnTensorDescriptor_t x_desc, y_desc;
  cudnnTensorDescriptor_t x_cudnn, y_cudnn;
  float *x, *y;
} transform_bench;

static void run_litdnn(void *ctx, int rep)
{
  transform_bench *t = (transform_bench *)ctx;
  float one = 1.0f, zero = 0.0f;
  BENCH_LITDNN(litdnnTransformTensor(t->h, &one, t->x_desc, t->x, &zero, t->y_desc, t->y));
}

static void run_cudnn(void *ctx, int rep)
{
  transform_bench *t = (transform_bench *)ctx;
  float one = 1.0f, zero = 0.0f;
  BENCH_CUDNN(cudnnTransformTensor(t->dnn, &one, t->x_cudnn, t->x, &zero, t->y_cudnn, t->y));
}

/* Every GPU stage that accepts the problem, then cuDNN. */
static void measure(bench *b, transform_bench *t, const char *op, const char *shape,
                    double min_bytes)
{
  int count = 0;
  BENCH_LITDNN(litdnnGetStageCount(LITDNN_OP_TRANSFORM_TENSOR, &count));
  for (int s = 0; s < count; s++) {
    const char *name;
    unsigned mask;
    char impl[96];
    float one = 1.0f, zero = 0.0f;
    litdnnGetStageInfo(LITDNN_OP_TRANSFORM_TENSOR, s, &name, NULL, &mask);
    if (!(mask & LITDNN_BACKEND_BIT(LITDNN_BACKEND_CUDA)))
      continue;
    BENCH_LITDNN(litdnnSetStage(t->h, LITDNN_OP_TRANSFORM_TENSOR, s));
    if (litdnnTransformTensor(t->h, &one, t->x_desc, t->x, &zero, t->y_desc, t->y) ==
        LITDNN_STATUS_NOT_SUPPORTED_LAYOUT)
      continue;   /* this stage does not apply to these layouts */
    snprintf(impl, sizeof impl, "litdnn: %s", name);
    bench_record(b, op, shape, impl, bench_median_ms(b, run_litdnn, t), min_bytes, 0.0);
  }
  BENCH_LITDNN(litdnnSetStage(t->h, LITDNN_OP_TRANSFORM_TENSOR, LITDNN_STAGE_AUTOMATIC));
  bench_record(b, op, shape, "cuDNN", bench_median_ms(b, run_cudnn, t), min_bytes, 0.0);
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
  BENCH_LITDNN(litdnnSetTensor4dDescriptor(t.x_desc, LITDNN_TENSOR_NCHW, LITDNN_DATA_FLOAT, N, C, H, W));
  BENCH_LITDNN(litdnnSetTensor4dDescriptor(t.y_desc, LITDNN_TENSOR_NHWC, LITDNN_DATA_FLOAT, N, C, H, W));
  BENCH_CUDNN(cudnnSetTensor4dDescriptor(t.x_cudnn, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, N, C, H, W));
  BENCH_CUDNN(cudnnSetTensor4dDescriptor(t.y_cudnn, CUDNN_TENSOR_NHWC, CUDNN_DATA_FLOAT, N, C, H, W));
  measure(b, &t, "transform NCHW->NHWC", shape, 2.0 * bytes);

  /* the same call between equal layouts: a scaled copy */
  BENCH_LITDNN(litdnnSetTensor4dDescriptor(t.y_desc, LITDNN_TENSOR_NCHW, LITDNN_DATA_FLOAT, N, C, H, W));
  BENCH_CUDNN(cudnnSetTensor4dDescriptor(t.y_cudnn, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, N, C, H, W));
  measure(b, &t, "transform NCHW->NCHW", shape, 2.0 * bytes);

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
