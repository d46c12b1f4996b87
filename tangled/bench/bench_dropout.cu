#line 940 "chapters/09-dropout.nw"
#include "bench.h"
#include <string.h>

#define DROPOUT_COPIES 3

typedef struct {
  int backward, use_cudnn;
  litdnnHandle_t h;
  litdnnDropoutDescriptor_t ld;
  litdnnTensorDescriptor_t lt;
  cudnnHandle_t dnn;
  cudnnDropoutDescriptor_t cd;
  cudnnTensorDescriptor_t ct;
  float *in[DROPOUT_COPIES], *out;
  void *lreserve, *creserve;
  size_t lreserve_bytes, creserve_bytes;
} dropout_bench;

/* one call of litdnn's pass, its status returned */
static litdnnStatus_t dropout_litdnn_once(dropout_bench *c, const float *in)
{
  if (c->backward)
    return litdnnDropoutBackward(c->h, c->ld, c->lt, in, c->lt, c->out, c->lreserve, c->lreserve_bytes);
  return litdnnDropoutForward(c->h, c->ld, c->lt, in, c->lt, c->out, c->lreserve, c->lreserve_bytes);
}

static void dropout_run(void *ctx, int rep)
{
  dropout_bench *c = (dropout_bench *)ctx;
  const float *in = c->in[rep % DROPOUT_COPIES];
  if (c->use_cudnn) {
    if (c->backward)
      BENCH_CUDNN(cudnnDropoutBackward(c->dnn, c->cd, c->ct, in, c->ct, c->out, c->creserve, c->creserve_bytes));
    else
      BENCH_CUDNN(cudnnDropoutForward(c->dnn, c->cd, c->ct, in, c->ct, c->out, c->creserve, c->creserve_bytes));
  } else {
    BENCH_LITDNN(dropout_litdnn_once(c, in));
  }
}

int main(int argc, char **argv)
{
  bench *b = bench_open("dropout", argc, argv);
  bench_copy_gbps(b);
  const int N = 64, C = 256, H = 56, W = 56;
  size_t count = (size_t)N * C * H * W, bytes = count * sizeof(float);
  dropout_bench c;
  memset(&c, 0, sizeof c);
  float *host = (float *)malloc(bytes);
  for (size_t i = 0; i < count; i++)
    host[i] = (float)((i * 2654435761u) % 2001) / 1000.0f - 1.0f;
  for (int i = 0; i < DROPOUT_COPIES; i++) {
    BENCH_CUDA(cudaMalloc((void **)&c.in[i], bytes));
    BENCH_CUDA(cudaMemcpy(c.in[i], host, bytes, cudaMemcpyHostToDevice));
  }
  BENCH_CUDA(cudaMalloc((void **)&c.out, bytes));
  free(host);

  BENCH_LITDNN(litdnnCreateWithBackend(&c.h, LITDNN_BACKEND_CUDA));
  BENCH_LITDNN(litdnnCreateTensorDescriptor(&c.lt));
  BENCH_LITDNN(litdnnSetTensor4dDescriptor(c.lt, LITDNN_TENSOR_NCHW, LITDNN_DATA_FLOAT, N, C, H, W));
  BENCH_LITDNN(litdnnCreateDropoutDescriptor(&c.ld));
  size_t lstates_bytes;
  void *lstates;
  BENCH_LITDNN(litdnnDropoutGetStatesSize(c.h, &lstates_bytes));
  BENCH_CUDA(cudaMalloc(&lstates, lstates_bytes));
  BENCH_LITDNN(litdnnSetDropoutDescriptor(c.ld, c.h, 0.5f, lstates, lstates_bytes, 1234ull));
  BENCH_LITDNN(litdnnDropoutGetReserveSpaceSize(c.lt, &c.lreserve_bytes));
  BENCH_CUDA(cudaMalloc(&c.lreserve, c.lreserve_bytes));

  BENCH_CUDNN(cudnnCreate(&c.dnn));
  BENCH_CUDNN(cudnnCreateTensorDescriptor(&c.ct));
  BENCH_CUDNN(cudnnSetTensor4dDescriptor(c.ct, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, N, C, H, W));
  BENCH_CUDNN(cudnnCreateDropoutDescriptor(&c.cd));
  size_t cstates_bytes;
  void *cstates;
  BENCH_CUDNN(cudnnDropoutGetStatesSize(c.dnn, &cstates_bytes));
  BENCH_CUDA(cudaMalloc(&cstates, cstates_bytes));
  BENCH_CUDNN(cudnnSetDropoutDescriptor(c.cd, c.dnn, 0.5f, cstates, cstates_bytes, 1234ull));
  BENCH_CUDNN(cudnnDropoutGetReserveSpaceSize(c.ct, &c.creserve_bytes));
  BENCH_CUDA(cudaMalloc(&c.creserve, c.creserve_bytes));
  printf("dropout: cuDNN states %zu bytes, reserve %zu bytes; litdnn states %zu, reserve %zu\n",
         cstates_bytes, c.creserve_bytes, lstates_bytes, c.lreserve_bytes);

  static const char *ops[2] = {"dropout forward", "dropout backward"};
  static const litdnnOp_t ids[2] = {LITDNN_OP_DROPOUT_FORWARD, LITDNN_OP_DROPOUT_BACKWARD};
  double min_bytes = 8.0 * (double)count;
  for (int op = 0; op < 2; op++) {
    c.backward = op;
    if (op == 1) { /* the backward pass reads what a forward pass left */
      c.use_cudnn = 1;
      dropout_run(&c, 0);
      c.use_cudnn = 0;
      dropout_run(&c, 0);
    }
    c.use_cudnn = 1;
    bench_record(b, ops[op], "64x256x56x56", "cuDNN", bench_median_ms(b, dropout_run, &c), min_bytes, 0);
    c.use_cudnn = 0;
    int stages = 0;
    litdnnGetStageCount(ids[op], &stages);
    for (int s = 0; s < stages; s++) {
      const char *name;
      litdnnGetStageInfo(ids[op], s, &name, NULL, NULL);
      if (litdnnSetStage(c.h, ids[op], s) != LITDNN_STATUS_SUCCESS)
        continue;
      char impl[96], label[160];
      snprintf(impl, sizeof impl, "litdnn: %s", name);
      snprintf(label, sizeof label, "%s 64x256x56x56, %s", ops[op], impl);
      if (bench_stage_runs(label, dropout_litdnn_once(&c, c.in[0])))   /* a stage that refuses: no row */
        bench_record(b, ops[op], "64x256x56x56", impl, bench_median_ms(b, dropout_run, &c), min_bytes, 0);
    }
    litdnnSetStage(c.h, ids[op], LITDNN_STAGE_AUTOMATIC);   /* and what a caller gets */
    bench_record(b, ops[op], "64x256x56x56", "litdnn", bench_median_ms(b, dropout_run, &c), min_bytes, 0);
  }
  bench_close(b);
  for (int i = 0; i < DROPOUT_COPIES; i++)
    cudaFree(c.in[i]);
  cudaFree(c.out); cudaFree(lstates); cudaFree(cstates); cudaFree(c.lreserve); cudaFree(c.creserve);
  cudnnDestroyDropoutDescriptor(c.cd); cudnnDestroyTensorDescriptor(c.ct); cudnnDestroy(c.dnn);
  litdnnDestroyDropoutDescriptor(c.ld); litdnnDestroyTensorDescriptor(c.lt); litdnnDestroy(c.h);
  return 0;
}
