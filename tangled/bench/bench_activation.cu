#line 1368 "chapters/03-activations.nw"
/* ReLU and sigmoid, forward and backward, 64x256x56x56 FP32: every GPU
   stage of litdnn against cuDNN's legacy activation calls. */
#include "bench.h"
#include <stdio.h>
#include <string.h>

typedef struct {
  litdnnHandle_t h;
  cudnnHandle_t dnn;
  litdnnActivationDescriptor_t act;
  cudnnActivationDescriptor_t act_cudnn;
  litdnnTensorDescriptor_t t;
  cudnnTensorDescriptor_t t_cudnn;
  float *x, *y, *dy, *dx;
  int backward;
} act_bench;

static litdnnStatus_t call_litdnn(act_bench *a)
{
  float one = 1.0f, zero = 0.0f;
  if (a->backward)
    return litdnnActivationBackward(a->h, a->act, &one, a->t, a->y, a->t, a->dy, a->t, a->x, &zero, a->t,
                                    a->dx);
  return litdnnActivationForward(a->h, a->act, &one, a->t, a->x, &zero, a->t, a->y);
}

static void run_litdnn(void *ctx, int rep)
{
  BENCH_LITDNN(call_litdnn((act_bench *)ctx));
}

static void run_cudnn(void *ctx, int rep)
{
  act_bench *a = (act_bench *)ctx;
  float one = 1.0f, zero = 0.0f;
  if (a->backward)
    BENCH_CUDNN(cudnnActivationBackward(a->dnn, a->act_cudnn, &one, a->t_cudnn, a->y, a->t_cudnn,
                                        a->dy, a->t_cudnn, a->x, &zero, a->t_cudnn, a->dx));
  else
    BENCH_CUDNN(cudnnActivationForward(a->dnn, a->act_cudnn, &one, a->t_cudnn, a->x, &zero,
                                       a->t_cudnn, a->y));
}

static void measure(bench *b, act_bench *a, litdnnActivationMode_t mode,
                    cudnnActivationMode_t mode_cudnn, int backward, double min_bytes)
{
  litdnnOp_t op = backward ? LITDNN_OP_ACTIVATION_BACKWARD : LITDNN_OP_ACTIVATION_FORWARD;
  char name[64];
  int count = 0;
  snprintf(name, sizeof name, "%s %s", litdnnGetActivationModeName(mode), backward ? "backward" : "forward");
  a->backward = backward;
  BENCH_LITDNN(litdnnSetActivationDescriptor(a->act, mode, LITDNN_NOT_PROPAGATE_NAN, 0.0));
  BENCH_CUDNN(cudnnSetActivationDescriptor(a->act_cudnn, mode_cudnn, CUDNN_NOT_PROPAGATE_NAN, 0.0));
  BENCH_LITDNN(litdnnGetStageCount(op, &count));
  for (int s = 0; s < count; s++) {
    const char *stage;
    unsigned mask;
    char impl[96];
    BENCH_LITDNN(litdnnGetStageInfo(op, s, &stage, NULL, &mask));
    if (!(mask & LITDNN_BACKEND_BIT(LITDNN_BACKEND_CUDA)))
      continue;
    BENCH_LITDNN(litdnnSetStage(a->h, op, s));
    snprintf(impl, sizeof impl, "litdnn: %s", stage);
    if (!bench_stage_runs(impl, call_litdnn(a)))
      continue;   /* the stage does not apply: its reason is printed */
    bench_record(b, name, "64x256x56x56", impl, bench_median_ms(b, run_litdnn, a), min_bytes, 0.0);
  }
  BENCH_LITDNN(litdnnSetStage(a->h, op, LITDNN_STAGE_AUTOMATIC));
  bench_record(b, name, "64x256x56x56", "cuDNN", bench_median_ms(b, run_cudnn, a), min_bytes, 0.0);
}

int main(int argc, char **argv)
{
  const int N = 64, C = 256, H = 56, W = 56;
  const size_t count = (size_t)N * C * H * W, bytes = count * sizeof(float);
  bench *b = bench_open("activation", argc, argv);
  act_bench a;
  memset(&a, 0, sizeof a);
  BENCH_LITDNN(litdnnCreateWithBackend(&a.h, LITDNN_BACKEND_CUDA));
  BENCH_CUDNN(cudnnCreate(&a.dnn));
  BENCH_LITDNN(litdnnCreateActivationDescriptor(&a.act));
  BENCH_CUDNN(cudnnCreateActivationDescriptor(&a.act_cudnn));
  BENCH_LITDNN(litdnnCreateTensorDescriptor(&a.t));
  BENCH_CUDNN(cudnnCreateTensorDescriptor(&a.t_cudnn));
  BENCH_LITDNN(litdnnSetTensor4dDescriptor(a.t, LITDNN_TENSOR_NCHW, LITDNN_DATA_FLOAT, N, C, H, W));
  BENCH_CUDNN(cudnnSetTensor4dDescriptor(a.t_cudnn, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, N, C, H, W));
  float **bufs[] = {&a.x, &a.y, &a.dy, &a.dx};
  for (int i = 0; i < 4; i++) {
    BENCH_CUDA(cudaMalloc((void **)bufs[i], bytes));
    /* 0x3e..: every float is about 0.19, a value where no mode is trivial */
    BENCH_CUDA(cudaMemset(*bufs[i], 0x3e, bytes));
  }
  /* forward: read x, write y; backward: read one of x and y, and dy; write dx */
  measure(b, &a, LITDNN_ACTIVATION_RELU, CUDNN_ACTIVATION_RELU, 0, 8.0 * count);
  measure(b, &a, LITDNN_ACTIVATION_SIGMOID, CUDNN_ACTIVATION_SIGMOID, 0, 8.0 * count);
  measure(b, &a, LITDNN_ACTIVATION_RELU, CUDNN_ACTIVATION_RELU, 1, 12.0 * count);
  measure(b, &a, LITDNN_ACTIVATION_SIGMOID, CUDNN_ACTIVATION_SIGMOID, 1, 12.0 * count);

  for (int i = 0; i < 4; i++)
    cudaFree(*bufs[i]);
  cudnnDestroyTensorDescriptor(a.t_cudnn);
  cudnnDestroyActivationDescriptor(a.act_cudnn);
  cudnnDestroy(a.dnn);
  litdnnDestroyTensorDescriptor(a.t);
  litdnnDestroyActivationDescriptor(a.act);
  litdnnDestroy(a.h);
  bench_close(b);
  return 0;
}
