/* Convolution against the real cuDNN, on a GPU: every GPU algorithm of the
   forward, backward-data, backward-filter and bias passes on the same inputs
   as cuDNN's (in FMA math: CUDNN_FMA_MATH, so that no TF32 rounding enters),
   both layouts, both modes, groups and dilation; then every algorithm again
   under LITDNN_MATH_TF32 against the same results with TF32's tolerance;
   and the fused bias-activation call against cuDNN's. One case per (pass,
   algorithm, problem) on the cuda backend; an algorithm that does not
   apply to a problem must refuse it, naming itself, and write nothing. */
#include "common.h"
#include <cudnn.h>
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

typedef struct {
  int n, c, h, w, k, r, s, pad_h, pad_w, u, v, dil_h, dil_w, groups;
  int nhwc, conv;
} cmp_case;

static const cmp_case cases[] = {
  {2, 3, 17, 19, 8, 3, 3, 1, 1, 1, 1, 1, 1, 1, 0, 0},      /* 3x3, odd spatial */
  {4, 64, 14, 14, 64, 3, 3, 1, 1, 1, 1, 1, 1, 1, 0, 0},    /* a ResNet-like layer */
  {2, 32, 9, 9, 48, 1, 1, 0, 0, 1, 1, 1, 1, 1, 1, 0},      /* 1x1, NHWC */
  {2, 3, 31, 29, 16, 7, 7, 3, 3, 2, 2, 1, 1, 1, 0, 1},     /* 7x7 stride 2, convolution mode */
  {1, 3, 47, 47, 8, 11, 11, 2, 2, 4, 4, 1, 1, 1, 0, 0},    /* 11x11 stride 4 */
  {2, 16, 12, 12, 16, 3, 3, 2, 2, 1, 1, 2, 2, 1, 1, 0},    /* dilation 2 */
  {2, 32, 10, 10, 32, 3, 3, 1, 1, 1, 1, 1, 1, 32, 1, 0},   /* depthwise, NHWC */
  {2, 8, 10, 10, 12, 5, 5, 2, 2, 1, 1, 1, 1, 2, 0, 1},     /* 2 groups, 5x5 */
};

static void *gpu_copy(const float *host, size_t n)
{
  void *d;
  cr_assert_eq(cudaMalloc(&d, n * sizeof(float)), cudaSuccess);
  cudaMemcpy(d, host, n * sizeof(float), cudaMemcpyHostToDevice);
  return d;
}
static float *host_copy(const void *d, size_t n)
{
  float *h = malloc(n * sizeof *h);
  cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
  return h;
}
static void compare(const float *a, const float *b, size_t n, double tol, const char *what)
{
  double *ref = malloc(n * sizeof *ref);
  for (size_t i = 0; i < n; i++) ref[i] = b[i];
  t_assert_close(a, ref, n, tol, tol, what);
  free(ref);
}

/* Both libraries' descriptors of one case, its inputs on the GPU, and
   cuDNN's results of the four passes (FMA math). */
typedef struct {
  cudnnHandle_t dnn;
  litdnnHandle_t h;
  cudnnTensorDescriptor_t cx, cy, cb;
  cudnnFilterDescriptor_t cw;
  cudnnConvolutionDescriptor_t cc;
  litdnnTensorDescriptor_t lx, ly, lb;
  litdnnFilterDescriptor_t lw;
  litdnnConvolutionDescriptor_t lc;
  int k;
  size_t counts[4];   /* y, x, w, bias */
  float *x, *w, *g;
  void *dx, *dw, *dg;
  float *ref[4];      /* cuDNN's forward, backward data, backward filter, bias */
} cmp_setup;

static void setup(const t_case *tc, const cmp_case *c, cmp_setup *S)
{
  S->h = t_case_handle(tc);
  cr_assert_eq(cudnnCreate(&S->dnn), CUDNN_STATUS_SUCCESS);
  cudnnTensorFormat_t cf = c->nhwc ? CUDNN_TENSOR_NHWC : CUDNN_TENSOR_NCHW;
  litdnnTensorFormat_t lf = c->nhwc ? LITDNN_TENSOR_NHWC : LITDNN_TENSOR_NCHW;
  int cg = c->c / c->groups;
  cudnnCreateTensorDescriptor(&S->cx);
  cudnnCreateTensorDescriptor(&S->cy);
  cudnnCreateTensorDescriptor(&S->cb);
  cudnnCreateFilterDescriptor(&S->cw);
  cudnnCreateConvolutionDescriptor(&S->cc);
  cudnnSetTensor4dDescriptor(S->cx, cf, CUDNN_DATA_FLOAT, c->n, c->c, c->h, c->w);
  cudnnSetFilter4dDescriptor(S->cw, CUDNN_DATA_FLOAT, cf, c->k, cg, c->r, c->s);
  cudnnSetConvolution2dDescriptor(S->cc, c->pad_h, c->pad_w, c->u, c->v, c->dil_h, c->dil_w,
                                  c->conv ? CUDNN_CONVOLUTION : CUDNN_CROSS_CORRELATION, CUDNN_DATA_FLOAT);
  cudnnSetConvolutionGroupCount(S->cc, c->groups);
  cudnnSetConvolutionMathType(S->cc, CUDNN_FMA_MATH);
  int n, k, p, q;
  cr_assert_eq(cudnnGetConvolution2dForwardOutputDim(S->cc, S->cx, S->cw, &n, &k, &p, &q), CUDNN_STATUS_SUCCESS);
  cudnnSetTensor4dDescriptor(S->cy, cf, CUDNN_DATA_FLOAT, n, k, p, q);
  cudnnSetTensor4dDescriptor(S->cb, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, 1, k, 1, 1);
  S->k = k;

  litdnnCreateTensorDescriptor(&S->lx);
  litdnnCreateTensorDescriptor(&S->ly);
  litdnnCreateTensorDescriptor(&S->lb);
  litdnnCreateFilterDescriptor(&S->lw);
  litdnnCreateConvolutionDescriptor(&S->lc);
  litdnnSetTensor4dDescriptor(S->lx, lf, LITDNN_DATA_FLOAT, c->n, c->c, c->h, c->w);
  litdnnSetFilter4dDescriptor(S->lw, LITDNN_DATA_FLOAT, lf, c->k, cg, c->r, c->s);
  litdnnSetConvolution2dDescriptor(S->lc, c->pad_h, c->pad_w, c->u, c->v, c->dil_h, c->dil_w,
                                   c->conv ? LITDNN_CONVOLUTION : LITDNN_CROSS_CORRELATION, LITDNN_DATA_FLOAT);
  litdnnSetConvolutionGroupCount(S->lc, c->groups);
  int ln, lk, lp, lq;
  cr_assert_eq(litdnnGetConvolution2dForwardOutputDim(S->lc, S->lx, S->lw, &ln, &lk, &lp, &lq), LITDNN_STATUS_SUCCESS);
  cr_assert(ln == n && lk == k && lp == p && lq == q, "output dims differ from cuDNN's");
  litdnnSetTensor4dDescriptor(S->ly, lf, LITDNN_DATA_FLOAT, n, k, p, q);
  litdnnSetTensor4dDescriptor(S->lb, LITDNN_TENSOR_NCHW, LITDNN_DATA_FLOAT, 1, k, 1, 1);

  size_t xn = (size_t)c->n * c->c * c->h * c->w, wn = (size_t)c->k * cg * c->r * c->s;
  size_t yn = (size_t)n * k * p * q;
  S->counts[0] = yn, S->counts[1] = xn, S->counts[2] = wn, S->counts[3] = (size_t)k;
  S->x = t_random(xn, -1, 1), S->w = t_random(wn, -1, 1), S->g = t_random(yn, -1, 1);
  S->dx = gpu_copy(S->x, xn), S->dw = gpu_copy(S->w, wn), S->dg = gpu_copy(S->g, yn);
  void *cyo = gpu_copy(S->g, yn), *cdx = gpu_copy(S->x, xn), *cdw = gpu_copy(S->w, wn), *cdb = gpu_copy(S->g, (size_t)k);
  float one = 1, zero = 0;
  /* cuDNN's results, each pass with the first algorithm its heuristic offers in FMA math */
  cudnnConvolutionFwdAlgoPerf_t fp[8];
  cudnnConvolutionBwdDataAlgoPerf_t dp[8];
  cudnnConvolutionBwdFilterAlgoPerf_t wp[8];
  int got = 0;
  cr_assert_eq(cudnnGetConvolutionForwardAlgorithm_v7(S->dnn, S->cx, S->cw, S->cc, S->cy, 8, &got, fp), CUDNN_STATUS_SUCCESS);
  cr_assert(got > 0 && fp[0].status == CUDNN_STATUS_SUCCESS);
  cr_assert_eq(cudnnGetConvolutionBackwardDataAlgorithm_v7(S->dnn, S->cw, S->cy, S->cc, S->cx, 8, &got, dp),
               CUDNN_STATUS_SUCCESS);
  cr_assert(got > 0 && dp[0].status == CUDNN_STATUS_SUCCESS);
  cr_assert_eq(cudnnGetConvolutionBackwardFilterAlgorithm_v7(S->dnn, S->cx, S->cy, S->cc, S->cw, 8, &got, wp),
               CUDNN_STATUS_SUCCESS);
  cr_assert(got > 0 && wp[0].status == CUDNN_STATUS_SUCCESS);
  size_t fws = fp[0].memory;
  if (dp[0].memory > fws) fws = dp[0].memory;
  if (wp[0].memory > fws) fws = wp[0].memory;
  void *cws = NULL;
  if (fws) cr_assert_eq(cudaMalloc(&cws, fws), cudaSuccess);
  cr_assert_eq(cudnnConvolutionForward(S->dnn, &one, S->cx, S->dx, S->cw, S->dw, S->cc, fp[0].algo, cws, fws, &zero,
                                       S->cy, cyo),
               CUDNN_STATUS_SUCCESS);
  cr_assert_eq(cudnnConvolutionBackwardData(S->dnn, &one, S->cw, S->dw, S->cy, S->dg, S->cc, dp[0].algo, cws, fws,
                                            &zero, S->cx, cdx),
               CUDNN_STATUS_SUCCESS);
  cr_assert_eq(cudnnConvolutionBackwardFilter(S->dnn, &one, S->cx, S->dx, S->cy, S->dg, S->cc, wp[0].algo, cws, fws,
                                              &zero, S->cw, cdw),
               CUDNN_STATUS_SUCCESS);
  cr_assert_eq(cudnnConvolutionBackwardBias(S->dnn, &one, S->cy, S->dg, &zero, S->cb, cdb), CUDNN_STATUS_SUCCESS);
  cudaDeviceSynchronize();
  S->ref[0] = host_copy(cyo, yn), S->ref[1] = host_copy(cdx, xn), S->ref[2] = host_copy(cdw, wn);
  S->ref[3] = host_copy(cdb, (size_t)k);
  cudaFree(cyo); cudaFree(cdx); cudaFree(cdw); cudaFree(cdb);
  if (cws) cudaFree(cws);
}

static void teardown(cmp_setup *S)
{
  for (int i = 0; i < 4; i++) free(S->ref[i]);
  free(S->x); free(S->w); free(S->g);
  cudaFree(S->dx); cudaFree(S->dw); cudaFree(S->dg);
  cudnnDestroyTensorDescriptor(S->cx); cudnnDestroyTensorDescriptor(S->cy); cudnnDestroyTensorDescriptor(S->cb);
  cudnnDestroyFilterDescriptor(S->cw); cudnnDestroyConvolutionDescriptor(S->cc);
  litdnnDestroyTensorDescriptor(S->lx); litdnnDestroyTensorDescriptor(S->ly); litdnnDestroyTensorDescriptor(S->lb);
  litdnnDestroyFilterDescriptor(S->lw); litdnnDestroyConvolutionDescriptor(S->lc);
  litdnnDestroy(S->h);
  cudnnDestroy(S->dnn);
}

/* The algorithm a case runs: its stage, or Get's first entry (which must run). */
static int algo_of(const t_case *tc, const cmp_setup *S, int pass)
{
  if (tc->stage != LITDNN_STAGE_AUTOMATIC)
    return tc->stage;
  int n = 0, algo = -1;
  litdnnStatus_t st = LITDNN_STATUS_INTERNAL_ERROR;
  if (pass == 0) {
    litdnnConvolutionFwdAlgoPerf_t p;
    cr_assert_eq(litdnnGetConvolutionForwardAlgorithm(S->h, S->lx, S->lw, S->lc, S->ly, 1, &n, &p), 0);
    algo = (int)p.algo, st = p.status;
  } else if (pass == 1) {
    litdnnConvolutionBwdDataAlgoPerf_t p;
    cr_assert_eq(litdnnGetConvolutionBackwardDataAlgorithm(S->h, S->lw, S->ly, S->lc, S->lx, 1, &n, &p), 0);
    algo = (int)p.algo, st = p.status;
  } else {
    litdnnConvolutionBwdFilterAlgoPerf_t p;
    cr_assert_eq(litdnnGetConvolutionBackwardFilterAlgorithm(S->h, S->lx, S->ly, S->lc, S->lw, 1, &n, &p), 0);
    algo = (int)p.algo, st = p.status;
  }
  cr_assert(n == 1 && st == LITDNN_STATUS_SUCCESS, "%s: Get's first algorithm cannot run", t_case_name(tc));
  return algo;
}

/* Case tc's algorithm of one pass in FMA and in TF32 math against cuDNN's
   result (FMA); then, forward, the fused call against cuDNN's. */
static void compare_pass(const t_case *tc)
{
  const cmp_case *c = &cases[tc->problem];
  int pass = tc->op - LITDNN_OP_CONVOLUTION_FORWARD;
  cmp_setup S;
  setup(tc, c, &S);
  float one = 1, zero = 0;
  int algo = algo_of(tc, &S, pass);
  for (int tf32 = 0; tf32 < 2; tf32++) {
    litdnnSetConvolutionMathType(S.lc, tf32 ? LITDNN_MATH_TF32 : LITDNN_MATH_FMA);
    size_t ws = 0;
    litdnnStatus_t s;
    if (pass == 0) s = litdnnGetConvolutionForwardWorkspaceSize(S.h, S.lx, S.lw, S.lc, S.ly, algo, &ws);
    else if (pass == 1) s = litdnnGetConvolutionBackwardDataWorkspaceSize(S.h, S.lw, S.ly, S.lc, S.lx, algo, &ws);
    else s = litdnnGetConvolutionBackwardFilterWorkspaceSize(S.h, S.lx, S.ly, S.lc, S.lw, algo, &ws);
    void *buf = NULL, *out = t_dev_poisoned(S.h, S.counts[pass]);
    if (s == LITDNN_STATUS_SUCCESS && ws) cr_assert_eq(cudaMalloc(&buf, ws), cudaSuccess);
    litdnnStatus_t r;
    if (pass == 0) r = litdnnConvolutionForward(S.h, &one, S.lx, S.dx, S.lw, S.dw, S.lc, algo, buf, ws, &zero, S.ly, out);
    else if (pass == 1) r = litdnnConvolutionBackwardData(S.h, &one, S.lw, S.dw, S.ly, S.dg, S.lc, algo, buf, ws, &zero, S.lx, out);
    else r = litdnnConvolutionBackwardFilter(S.h, &one, S.lx, S.dx, S.ly, S.dg, S.lc, algo, buf, ws, &zero, S.lw, out);
    char msg[512], what[256];
    snprintf(msg, sizeof msg, "%s", litdnnGetLastErrorString());
    snprintf(what, sizeof what, "%s: algo %d %s vs cuDNN (FMA)", t_case_name(tc), algo, tf32 ? "TF32" : "FMA");
    litdnnSynchronize(S.h);
    float *got = host_copy(out, S.counts[pass]);
    if (s == LITDNN_STATUS_NOT_SUPPORTED) {
      /* the algorithm does not apply to the case: the call refuses it too, and writes nothing */
      cr_assert(tc->stage != LITDNN_STAGE_AUTOMATIC && r == LITDNN_STATUS_NOT_SUPPORTED && strstr(msg, t_case_stage(tc)) &&
                    strstr(msg, "does not apply"),
                "%s: %s", what, msg);
      for (size_t i = 0; i < S.counts[pass]; i++)
        cr_assert(isnan(got[i]), "%s: a refused call wrote element %zu", what, i);
    } else {
      cr_assert_eq(s, LITDNN_STATUS_SUCCESS, "%s: %s", what, litdnnGetLastErrorString());
      cr_assert_eq(r, LITDNN_STATUS_SUCCESS, "%s: %s", what, msg);
      /* FMA: two float summations in different orders of up to ~1600 products. TF32 rounds each
         input to 10 mantissa bits (2^-11 relative): the sums of a few hundred products of
         numbers in [-1, 1] move by a few 1e-2 at most */
      compare(got, S.ref[pass], S.counts[pass], tf32 ? 5e-2 : 1e-3, what);
    }
    free(got);
    t_dev_free(S.h, out);
    if (buf) cudaFree(buf);
  }
  /* the fused call against cuDNN's, ReLU, NCHW, FMA math */
  if (pass == 0 && !c->nhwc) {
    litdnnSetConvolutionMathType(S.lc, LITDNN_MATH_FMA);
    size_t yn = S.counts[0];
    cudnnActivationDescriptor_t cact;
    litdnnActivationDescriptor_t lact;
    cudnnCreateActivationDescriptor(&cact);
    cudnnSetActivationDescriptor(cact, CUDNN_ACTIVATION_RELU, CUDNN_NOT_PROPAGATE_NAN, 0.0);
    litdnnCreateActivationDescriptor(&lact);
    litdnnSetActivationDescriptor(lact, LITDNN_ACTIVATION_RELU, LITDNN_NOT_PROPAGATE_NAN, 0.0);
    size_t pws = 0;
    cudnnGetConvolutionForwardWorkspaceSize(S.dnn, S.cx, S.cw, S.cc, S.cy, CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_PRECOMP_GEMM,
                                            &pws);
    void *pbuf = NULL;
    if (pws) cr_assert_eq(cudaMalloc(&pbuf, pws), cudaSuccess);
    float *z = t_random(yn, -1, 1), *bias = t_random((size_t)S.k, -1, 1), a2 = 0.5f;
    void *dz = gpu_copy(z, yn), *dbias = gpu_copy(bias, (size_t)S.k), *cfy = gpu_copy(z, yn);
    cudnnStatus_t cs = cudnnConvolutionBiasActivationForward(S.dnn, &one, S.cx, S.dx, S.cw, S.dw, S.cc,
        CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_PRECOMP_GEMM, pbuf, pws, &a2, S.cy, dz, S.cb, dbias, cact, S.cy, cfy);
    size_t ws = 0;
    int runs = algo != LITDNN_CONVOLUTION_FWD_ALGO_GEMM && algo != LITDNN_CONVOLUTION_FWD_ALGO_GEMM_CUBLAS &&
               litdnnGetConvolutionForwardWorkspaceSize(S.h, S.lx, S.lw, S.lc, S.ly, algo, &ws) == LITDNN_STATUS_SUCCESS;
    if (cs == CUDNN_STATUS_SUCCESS && runs) {
      cudaDeviceSynchronize();
      float *fref = host_copy(cfy, yn);
      void *buf = NULL, *out = t_dev_poisoned(S.h, yn);
      if (ws) cr_assert_eq(cudaMalloc(&buf, ws), cudaSuccess);
      cr_assert_eq(litdnnConvolutionBiasActivationForward(S.h, &one, S.lx, S.dx, S.lw, S.dw, S.lc, algo, buf, ws, &a2,
                                                          S.ly, dz, S.lb, dbias, lact, S.ly, out),
                   LITDNN_STATUS_SUCCESS, "%s", litdnnGetLastErrorString());
      litdnnSynchronize(S.h);
      float *got = host_copy(out, yn);
      char what[256];
      snprintf(what, sizeof what, "%s: fused algo %d vs cuDNN", t_case_name(tc), algo);
      compare(got, fref, yn, 1e-3, what);
      free(got);
      free(fref);
      t_dev_free(S.h, out);
      if (buf) cudaFree(buf);
    } else if (cs != CUDNN_STATUS_SUCCESS) {
      cr_log_info("%s: cuDNN's fused call refused (%s); not compared", t_case_name(tc), cudnnGetErrorString(cs));
    }
    free(z); free(bias);
    cudaFree(dz); cudaFree(dbias); cudaFree(cfy);
    if (pbuf) cudaFree(pbuf);
    cudnnDestroyActivationDescriptor(cact);
    litdnnDestroyActivationDescriptor(lact);
  }
  teardown(&S);
}

#define NCASES ((int)(sizeof cases / sizeof cases[0]))
#define ON_CUDA LITDNN_BACKEND_BIT(LITDNN_BACKEND_CUDA)

ParameterizedTestParameters(convolution_cudnn, forward_every_gpu_algorithm_agrees_with_cudnn)
{
  return t_cases_on(LITDNN_OP_CONVOLUTION_FORWARD, NCASES, ON_CUDA, NULL);
}
ParameterizedTest(t_case *tc, convolution_cudnn, forward_every_gpu_algorithm_agrees_with_cudnn, .timeout = 300)
{
  compare_pass(tc);
}

ParameterizedTestParameters(convolution_cudnn, backward_data_every_gpu_algorithm_agrees_with_cudnn)
{
  return t_cases_on(LITDNN_OP_CONVOLUTION_BACKWARD_DATA, NCASES, ON_CUDA, NULL);
}
ParameterizedTest(t_case *tc, convolution_cudnn, backward_data_every_gpu_algorithm_agrees_with_cudnn, .timeout = 300)
{
  compare_pass(tc);
}

ParameterizedTestParameters(convolution_cudnn, backward_filter_every_gpu_algorithm_agrees_with_cudnn)
{
  return t_cases_on(LITDNN_OP_CONVOLUTION_BACKWARD_FILTER, NCASES, ON_CUDA, NULL);
}
ParameterizedTest(t_case *tc, convolution_cudnn, backward_filter_every_gpu_algorithm_agrees_with_cudnn, .timeout = 300)
{
  compare_pass(tc);
}

/* the bias gradient, through the pinned stage or the handle's choice */
ParameterizedTestParameters(convolution_cudnn, backward_bias_agrees_with_cudnn)
{
  return t_cases_on(LITDNN_OP_CONVOLUTION_BACKWARD_BIAS, NCASES, ON_CUDA, NULL);
}
ParameterizedTest(t_case *tc, convolution_cudnn, backward_bias_agrees_with_cudnn)
{
  cmp_setup S;
  setup(tc, &cases[tc->problem], &S);
  float one = 1, zero = 0;
  void *db = t_dev_poisoned(S.h, (size_t)S.k);
  litdnnStatus_t r = litdnnConvolutionBackwardBias(S.h, &one, S.ly, S.dg, &zero, S.lb, db);
  char msg[512];   /* the next call of the library clears the message */
  snprintf(msg, sizeof msg, "%s", litdnnGetLastErrorString());
  litdnnSynchronize(S.h);
  float *gb = host_copy(db, (size_t)S.k);
  if (r == LITDNN_STATUS_NOT_SUPPORTED && tc->stage != LITDNN_STAGE_AUTOMATIC) {
    /* a pinned stage that does not take this dy (packed planes on NHWC): refused by name, nothing written */
    cr_assert(strstr(msg, t_case_stage(tc)) && strstr(msg, "does not apply"), "%s: %s", t_case_name(tc), msg);
    for (int i = 0; i < S.k; i++)
      cr_assert(isnan(gb[i]), "%s: a refused call wrote db[%d]", t_case_name(tc), i);
  } else {
    cr_assert_eq(r, LITDNN_STATUS_SUCCESS, "%s: %s", t_case_name(tc), msg);
    compare(gb, S.ref[3], (size_t)S.k, 1e-4, "bias vs cuDNN");
  }
  free(gb);
  t_dev_free(S.h, db);
  teardown(&S);
}
