/* Recurrent networks against the real cuDNN, on a GPU: the same network
   in both libraries, every matrix and bias placed through each library's
   own GetRNNWeightParams from one set of canonical weights (so the gate
   order and the numbering of the linear layers must agree), then
   cudnnRNNForward, cudnnRNNBackwardData_v8 and cudnnRNNBackwardWeights_v8
   against litdnn's three calls. FP32 with CUDNN_FMA_MATH on both sides. */
#include "common.h"
#include <cudnn.h>
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  litdnnRNNMode_t cell;
  int layers, bidir, H, I, N, T;
  int lens[4];
} cproblem;

static const cproblem cproblems[] = {
  {LITDNN_LSTM, 2, 0, 17, 9, 3, 6, {6, 4, 1}},
  {LITDNN_GRU, 2, 1, 8, 13, 2, 5, {5, 3}},
  {LITDNN_RNN_RELU, 1, 1, 5, 4, 4, 3, {3, 3, 2, 3}},
  {LITDNN_RNN_TANH, 3, 0, 11, 7, 2, 4, {4, 4}},
};

#define CUDNN_OK(call)                                                                                 \
  do {                                                                                                 \
    cudnnStatus_t e_ = (call);                                                                         \
    cr_assert(e_ == CUDNN_STATUS_SUCCESS, "%s: %s", #call, cudnnGetErrorString(e_));                  \
  } while (0)
#define LIT_OK(call)                                                                                   \
  do {                                                                                                 \
    litdnnStatus_t e_ = (call);                                                                        \
    cr_assert(e_ == LITDNN_STATUS_SUCCESS, "%s: %s", #call, litdnnGetLastErrorString());               \
  } while (0)

static int gates(litdnnRNNMode_t c) { return c == LITDNN_LSTM ? 4 : c == LITDNN_GRU ? 3 : 1; }

/* the canonical value of element i of (pseudo-layer q, linear layer id, matrix or bias) */
static float canonical(int q, int id, int bias, long i)
{
  uint32_t v = (uint32_t)(q * 7919 + id * 104729 + bias * 1299709) ^ (uint32_t)(i * 2654435761u);
  v ^= v >> 15;
  v *= 2246822519u;
  v ^= v >> 13;
  return ((float)(v % 20001u) / 10000.0f - 1.0f) * 0.5f;
}

typedef struct {
  const cproblem *p;
  int D, P, G;
  size_t nx, ny, ns;
  /* cuDNN */
  cudnnHandle_t dnn;
  cudnnRNNDescriptor_t rnn;
  cudnnRNNDataDescriptor_t xd, yd;
  cudnnTensorDescriptor_t hd, md, bd;
  cudnnDropoutDescriptor_t drop;
  void *states, *w, *dw, *work, *reserve;
  size_t wbytes, workbytes, resbytes;
  int *dev_lens;
  /* litdnn */
  litdnnHandle_t h;
  litdnnRNNDescriptor_t lrnn;
  litdnnRNNDataDescriptor_t lxd, lyd;
  litdnnTensorDescriptor_t lhd, lmd, lbd;
  void *lw, *ldw, *lwork, *lreserve;
  size_t lwbytes, lworkbytes, lresbytes;
} pair;

/* every matrix and bias of both weight spaces, from the canonical values;
   fill = 0 fills the gradient spaces with zeros instead */
static void place_weights(pair *q, int fill)
{
  const cproblem *p = q->p;
  for (int ps = 0; ps < q->P; ps++)
    for (int id = 0; id < 2 * q->G; id++) {
      void *cm, *cb, *lm, *lb;
      CUDNN_OK(cudnnGetRNNWeightParams(q->dnn, q->rnn, ps, q->wbytes, fill ? q->w : q->dw, id, q->md, &cm, q->bd, &cb));
      LIT_OK(litdnnGetRNNWeightParams(q->h, q->lrnn, ps, q->lwbytes, fill ? q->lw : q->ldw, id, q->lmd, &lm, q->lbd,
                                      &lb));
      cr_assert((cm == NULL) == (lm == NULL) && (cb == NULL) == (lb == NULL),
                "pseudo-layer %d id %d: one library has a matrix or bias the other lacks", ps, id);
      int cols = id >= q->G ? p->H : ps < q->D ? p->I : q->D * p->H;
      long nm = (long)p->H * cols;
      float *buf = malloc((size_t)nm * sizeof *buf);
      for (int bias = 0; bias < 2; bias++) {
        void *c = bias ? cb : cm, *l = bias ? lb : lm;
        long n = bias ? p->H : nm;
        if (!c)
          continue;
        for (long i = 0; i < n; i++)
          buf[i] = fill ? canonical(ps, id, bias, i) : 0.0f;
        cudaMemcpy(c, buf, (size_t)n * sizeof(float), cudaMemcpyHostToDevice);
        cudaMemcpy(l, buf, (size_t)n * sizeof(float), cudaMemcpyHostToDevice);
      }
      free(buf);
    }
}

/* compare the weight gradients matrix by matrix, through both libraries' maps */
static void compare_weight_grads(pair *q)
{
  const cproblem *p = q->p;
  for (int ps = 0; ps < q->P; ps++)
    for (int id = 0; id < 2 * q->G; id++) {
      void *cm, *cb, *lm, *lb;
      CUDNN_OK(cudnnGetRNNWeightParams(q->dnn, q->rnn, ps, q->wbytes, q->dw, id, q->md, &cm, q->bd, &cb));
      LIT_OK(litdnnGetRNNWeightParams(q->h, q->lrnn, ps, q->lwbytes, q->ldw, id, q->lmd, &lm, q->lbd, &lb));
      int cols = id >= q->G ? p->H : ps < q->D ? p->I : q->D * p->H;
      for (int bias = 0; bias < 2; bias++) {
        void *c = bias ? cb : cm, *l = bias ? lb : lm;
        long n = bias ? p->H : (long)p->H * cols;
        if (!c)
          continue;
        float *a = malloc((size_t)n * sizeof *a), *b = malloc((size_t)n * sizeof *b);
        cudaMemcpy(a, c, (size_t)n * sizeof(float), cudaMemcpyDeviceToHost);
        cudaMemcpy(b, l, (size_t)n * sizeof(float), cudaMemcpyDeviceToHost);
        char what[96];
        snprintf(what, sizeof what, "d%s of pseudo-layer %d, linear layer %d", bias ? "bias" : "W", ps, id);
        t_assert_close_f(b, a, (size_t)n, 1e-3, 1e-4, what);
        free(a), free(b);
      }
    }
}

static void open_pair(pair *q, const cproblem *p)
{
  memset(q, 0, sizeof *q);
  q->p = p;
  q->D = p->bidir ? 2 : 1;
  q->P = p->layers * q->D;
  q->G = gates(p->cell);
  q->nx = (size_t)p->T * p->N * p->I;
  q->ny = (size_t)p->T * p->N * q->D * p->H;
  q->ns = (size_t)q->P * p->N * p->H;
  CUDNN_OK(cudnnCreate(&q->dnn));
  size_t sb;
  CUDNN_OK(cudnnCreateDropoutDescriptor(&q->drop));
  CUDNN_OK(cudnnDropoutGetStatesSize(q->dnn, &sb));
  cudaMalloc(&q->states, sb);
  CUDNN_OK(cudnnSetDropoutDescriptor(q->drop, q->dnn, 0.0f, q->states, sb, 1ull));
  CUDNN_OK(cudnnCreateRNNDescriptor(&q->rnn));
  CUDNN_OK(cudnnSetRNNDescriptor_v8(q->rnn, CUDNN_RNN_ALGO_STANDARD, (cudnnRNNMode_t)p->cell, CUDNN_RNN_DOUBLE_BIAS,
                                    p->bidir ? CUDNN_BIDIRECTIONAL : CUDNN_UNIDIRECTIONAL, CUDNN_LINEAR_INPUT,
                                    CUDNN_DATA_FLOAT, CUDNN_DATA_FLOAT, CUDNN_FMA_MATH, p->I, p->H, p->H, p->layers,
                                    q->drop, CUDNN_RNN_PADDED_IO_ENABLED));
  float zero = 0.0f;
  CUDNN_OK(cudnnCreateRNNDataDescriptor(&q->xd));
  CUDNN_OK(cudnnCreateRNNDataDescriptor(&q->yd));
  CUDNN_OK(cudnnSetRNNDataDescriptor(q->xd, CUDNN_DATA_FLOAT, CUDNN_RNN_DATA_LAYOUT_SEQ_MAJOR_UNPACKED, p->T, p->N,
                                     p->I, p->lens, &zero));
  CUDNN_OK(cudnnSetRNNDataDescriptor(q->yd, CUDNN_DATA_FLOAT, CUDNN_RNN_DATA_LAYOUT_SEQ_MAJOR_UNPACKED, p->T, p->N,
                                     q->D * p->H, p->lens, &zero));
  int dims[3] = {q->P, p->N, p->H}, strides[3] = {p->N * p->H, p->H, 1};
  CUDNN_OK(cudnnCreateTensorDescriptor(&q->hd));
  CUDNN_OK(cudnnSetTensorNdDescriptor(q->hd, CUDNN_DATA_FLOAT, 3, dims, strides));
  CUDNN_OK(cudnnCreateTensorDescriptor(&q->md));
  CUDNN_OK(cudnnCreateTensorDescriptor(&q->bd));
  CUDNN_OK(cudnnGetRNNWeightSpaceSize(q->dnn, q->rnn, &q->wbytes));
  CUDNN_OK(cudnnGetRNNTempSpaceSizes(q->dnn, q->rnn, CUDNN_FWD_MODE_TRAINING, q->xd, &q->workbytes, &q->resbytes));
  cudaMalloc(&q->w, q->wbytes);
  cudaMalloc(&q->dw, q->wbytes);
  cudaMalloc(&q->work, q->workbytes);
  cudaMalloc(&q->reserve, q->resbytes);
  cudaMalloc((void **)&q->dev_lens, (size_t)p->N * sizeof(int));
  cudaMemcpy(q->dev_lens, p->lens, (size_t)p->N * sizeof(int), cudaMemcpyHostToDevice);

  q->h = t_handle(LITDNN_BACKEND_CUDA);
  LIT_OK(litdnnCreateRNNDescriptor(&q->lrnn));
  LIT_OK(litdnnSetRNNDescriptor(q->lrnn, LITDNN_RNN_ALGO_STANDARD, p->cell, LITDNN_RNN_DOUBLE_BIAS,
                                p->bidir ? LITDNN_BIDIRECTIONAL : LITDNN_UNIDIRECTIONAL, LITDNN_LINEAR_INPUT,
                                LITDNN_DATA_FLOAT, LITDNN_DATA_FLOAT, LITDNN_MATH_FMA, p->I, p->H, p->H, p->layers,
                                NULL, LITDNN_RNN_PADDED_IO_ENABLED));
  LIT_OK(litdnnCreateRNNDataDescriptor(&q->lxd));
  LIT_OK(litdnnCreateRNNDataDescriptor(&q->lyd));
  LIT_OK(litdnnSetRNNDataDescriptor(q->lxd, LITDNN_DATA_FLOAT, LITDNN_RNN_DATA_LAYOUT_SEQ_MAJOR_UNPACKED, p->T, p->N,
                                    p->I, p->lens, &zero));
  LIT_OK(litdnnSetRNNDataDescriptor(q->lyd, LITDNN_DATA_FLOAT, LITDNN_RNN_DATA_LAYOUT_SEQ_MAJOR_UNPACKED, p->T, p->N,
                                    q->D * p->H, p->lens, &zero));
  LIT_OK(litdnnCreateTensorDescriptor(&q->lhd));
  LIT_OK(litdnnSetTensorNdDescriptor(q->lhd, LITDNN_DATA_FLOAT, 3, dims, strides));
  LIT_OK(litdnnCreateTensorDescriptor(&q->lmd));
  LIT_OK(litdnnCreateTensorDescriptor(&q->lbd));
  LIT_OK(litdnnGetRNNWeightSpaceSize(q->h, q->lrnn, &q->lwbytes));
  LIT_OK(litdnnGetRNNTempSpaceSizes(q->h, q->lrnn, LITDNN_FWD_MODE_TRAINING, q->lxd, &q->lworkbytes, &q->lresbytes));
  q->lw = t_dev_alloc(q->h, q->lwbytes);
  q->ldw = t_dev_alloc(q->h, q->lwbytes);
  q->lwork = t_dev_alloc(q->h, q->lworkbytes);
  q->lreserve = t_dev_alloc(q->h, q->lresbytes);
  place_weights(q, 1);
  place_weights(q, 0);
}

static void close_pair(pair *q)
{
  cudaFree(q->states), cudaFree(q->w), cudaFree(q->dw), cudaFree(q->work), cudaFree(q->reserve);
  cudaFree(q->dev_lens);
  cudnnDestroyRNNDataDescriptor(q->xd), cudnnDestroyRNNDataDescriptor(q->yd);
  cudnnDestroyTensorDescriptor(q->hd), cudnnDestroyTensorDescriptor(q->md), cudnnDestroyTensorDescriptor(q->bd);
  cudnnDestroyRNNDescriptor(q->rnn), cudnnDestroyDropoutDescriptor(q->drop), cudnnDestroy(q->dnn);
  t_dev_free(q->h, q->lw), t_dev_free(q->h, q->ldw), t_dev_free(q->h, q->lwork), t_dev_free(q->h, q->lreserve);
  litdnnDestroyRNNDataDescriptor(q->lxd), litdnnDestroyRNNDataDescriptor(q->lyd);
  litdnnDestroyTensorDescriptor(q->lhd), litdnnDestroyTensorDescriptor(q->lmd), litdnnDestroyTensorDescriptor(q->lbd);
  litdnnDestroyRNNDescriptor(q->lrnn);
  litdnnDestroy(q->h);
}

/* width > 0: a sequence-major tensor of rows that wide, compared on its
   active rows only (what cuDNN leaves in the padding of dx is its own) */
static void compare_dev(pair *q, const void *ref, const void *got, size_t n, int width, const char *what)
{
  float *a = t_dev_fetch(q->h, ref, n), *b = t_dev_fetch(q->h, got, n);
  for (int t = 0; width > 0 && t < q->p->T; t++)
    for (int k = 0; k < q->p->N; k++)
      if (t >= q->p->lens[k])
        for (int i = 0; i < width; i++)
          a[((size_t)t * q->p->N + k) * width + i] = b[((size_t)t * q->p->N + k) * width + i] = 0.0f;
  t_assert_close_f(b, a, n, 1e-4, 2e-5, what);
  free(a), free(b);
}

ParameterizedTestParameters(rnn_cudnn, forward_and_backward_agree_with_cudnn)
{
  static int idx[] = {0, 1, 2, 3};
  return cr_make_param_array(int, idx, sizeof idx / sizeof idx[0]);
}

ParameterizedTest(int *which, rnn_cudnn, forward_and_backward_agree_with_cudnn)
{
  if (!t_have_gpu())
    cr_skip_test("no CUDA device; the comparison with cuDNN runs on a GPU");
  const cproblem *p = &cproblems[*which];
  pair q;
  open_pair(&q, p);
  float *x = t_random(q.nx, -1, 1), *hx = t_random(q.ns, -1, 1), *cx = t_random(q.ns, -1, 1);
  float *dy = t_random(q.ny, -1, 1), *dhy = t_random(q.ns, -1, 1), *dcy = t_random(q.ns, -1, 1);
  for (int t = 0; t < p->T; t++)   /* padding: zeros, which cuDNN may read */
    for (int n = 0; n < p->N; n++)
      if (t >= p->lens[n]) {
        memset(x + ((size_t)t * p->N + n) * p->I, 0, (size_t)p->I * sizeof(float));
        memset(dy + ((size_t)t * p->N + n) * q.D * p->H, 0, (size_t)q.D * p->H * sizeof(float));
      }
  void *dx_ = t_dev_from_host(q.h, x, q.nx), *dhx_ = t_dev_from_host(q.h, hx, q.ns);
  void *dcx_ = t_dev_from_host(q.h, cx, q.ns), *ddy = t_dev_from_host(q.h, dy, q.ny);
  void *ddhy = t_dev_from_host(q.h, dhy, q.ns), *ddcy = t_dev_from_host(q.h, dcy, q.ns);
  void *cy_[2], *chy[2], *ccy[2], *cdx[2], *cdhx[2], *cdcx[2];
  for (int k = 0; k < 2; k++) {
    cy_[k] = t_dev_poisoned(q.h, q.ny), chy[k] = t_dev_poisoned(q.h, q.ns), ccy[k] = t_dev_poisoned(q.h, q.ns);
    cdx[k] = t_dev_poisoned(q.h, q.nx), cdhx[k] = t_dev_poisoned(q.h, q.ns), cdcx[k] = t_dev_poisoned(q.h, q.ns);
  }
  int lstm = p->cell == LITDNN_LSTM;
  /* [0]: cuDNN, [1]: litdnn */
  CUDNN_OK(cudnnRNNForward(q.dnn, q.rnn, CUDNN_FWD_MODE_TRAINING, q.dev_lens, q.xd, dx_, q.yd, cy_[0], q.hd, dhx_,
                           chy[0], q.hd, lstm ? dcx_ : NULL, lstm ? ccy[0] : NULL, q.wbytes, q.w, q.workbytes, q.work,
                           q.resbytes, q.reserve));
  LIT_OK(litdnnRNNForward(q.h, q.lrnn, LITDNN_FWD_MODE_TRAINING, NULL, q.lxd, dx_, q.lyd, cy_[1], q.lhd, dhx_, chy[1],
                          q.lhd, lstm ? dcx_ : NULL, lstm ? ccy[1] : NULL, q.lwbytes, q.lw, q.lworkbytes, q.lwork,
                          q.lresbytes, q.lreserve));
  cudaDeviceSynchronize();
  compare_dev(&q, cy_[0], cy_[1], q.ny, q.D * p->H, "y");
  compare_dev(&q, chy[0], chy[1], q.ns, 0, "hy");
  if (lstm)
    compare_dev(&q, ccy[0], ccy[1], q.ns, 0, "cy");
  CUDNN_OK(cudnnRNNBackwardData_v8(q.dnn, q.rnn, q.dev_lens, q.yd, cy_[0], ddy, q.xd, cdx[0], q.hd, dhx_, ddhy,
                                   cdhx[0], q.hd, lstm ? dcx_ : NULL, lstm ? ddcy : NULL, lstm ? cdcx[0] : NULL,
                                   q.wbytes, q.w, q.workbytes, q.work, q.resbytes, q.reserve));
  LIT_OK(litdnnRNNBackwardData(q.h, q.lrnn, NULL, q.lyd, cy_[1], ddy, q.lxd, cdx[1], q.lhd, dhx_, ddhy, cdhx[1],
                               q.lhd, lstm ? dcx_ : NULL, lstm ? ddcy : NULL, lstm ? cdcx[1] : NULL, q.lwbytes, q.lw,
                               q.lworkbytes, q.lwork, q.lresbytes, q.lreserve));
  cudaDeviceSynchronize();
  compare_dev(&q, cdx[0], cdx[1], q.nx, p->I, "dx");
  compare_dev(&q, cdhx[0], cdhx[1], q.ns, 0, "dhx");
  if (lstm)
    compare_dev(&q, cdcx[0], cdcx[1], q.ns, 0, "dcx");
  CUDNN_OK(cudnnRNNBackwardWeights_v8(q.dnn, q.rnn, CUDNN_WGRAD_MODE_ADD, q.dev_lens, q.xd, dx_, q.hd, dhx_, q.yd,
                                      cy_[0], q.wbytes, q.dw, q.workbytes, q.work, q.resbytes, q.reserve));
  LIT_OK(litdnnRNNBackwardWeights(q.h, q.lrnn, LITDNN_WGRAD_MODE_ADD, NULL, q.lxd, dx_, q.lhd, dhx_, q.lyd, cy_[1],
                                  q.lwbytes, q.ldw, q.lworkbytes, q.lwork, q.lresbytes, q.lreserve));
  cudaDeviceSynchronize();
  compare_weight_grads(&q);
  for (int k = 0; k < 2; k++) {
    t_dev_free(q.h, cy_[k]), t_dev_free(q.h, chy[k]), t_dev_free(q.h, ccy[k]);
    t_dev_free(q.h, cdx[k]), t_dev_free(q.h, cdhx[k]), t_dev_free(q.h, cdcx[k]);
  }
  t_dev_free(q.h, dx_), t_dev_free(q.h, dhx_), t_dev_free(q.h, dcx_), t_dev_free(q.h, ddy);
  t_dev_free(q.h, ddhy), t_dev_free(q.h, ddcy);
  free(x), free(hx), free(cx), free(dy), free(dhy), free(dcy);
  close_pair(&q);
}
