/* Convolution against the real cuDNN, on a GPU: every GPU algorithm of the
   forward, backward-data, backward-filter and bias passes on the same inputs
   as cuDNN's (in FMA math: CUDNN_FMA_MATH, so that no TF32 rounding enters),
   both layouts, both modes, groups and dilation; then every algorithm again
   under LITDNN_MATH_TF32 against the same results with TF32's tolerance;
   and the fused bias-activation call against cuDNN's. */
#include "common.h"
#include <cudnn.h>
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

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

Test(convolution_cudnn, every_gpu_algorithm_agrees_with_cudnn, .timeout = 300)
{
  if (!t_have_gpu())
    cr_skip_test("no CUDA device");
  cudnnHandle_t dnn;
  cr_assert_eq(cudnnCreate(&dnn), CUDNN_STATUS_SUCCESS);
  litdnnHandle_t h = t_handle(LITDNN_BACKEND_CUDA);
  for (size_t ci = 0; ci < sizeof cases / sizeof cases[0]; ci++) {
    const cmp_case *c = &cases[ci];
    cudnnTensorFormat_t cf = c->nhwc ? CUDNN_TENSOR_NHWC : CUDNN_TENSOR_NCHW;
    litdnnTensorFormat_t lf = c->nhwc ? LITDNN_TENSOR_NHWC : LITDNN_TENSOR_NCHW;
    int cg = c->c / c->groups;
    cudnnTensorDescriptor_t cx, cy, cb;
    cudnnFilterDescriptor_t cw;
    cudnnConvolutionDescriptor_t cc;
    cudnnCreateTensorDescriptor(&cx);
    cudnnCreateTensorDescriptor(&cy);
    cudnnCreateTensorDescriptor(&cb);
    cudnnCreateFilterDescriptor(&cw);
    cudnnCreateConvolutionDescriptor(&cc);
    cudnnSetTensor4dDescriptor(cx, cf, CUDNN_DATA_FLOAT, c->n, c->c, c->h, c->w);
    cudnnSetFilter4dDescriptor(cw, CUDNN_DATA_FLOAT, cf, c->k, cg, c->r, c->s);
    cudnnSetConvolution2dDescriptor(cc, c->pad_h, c->pad_w, c->u, c->v, c->dil_h, c->dil_w,
                                    c->conv ? CUDNN_CONVOLUTION : CUDNN_CROSS_CORRELATION, CUDNN_DATA_FLOAT);
    cudnnSetConvolutionGroupCount(cc, c->groups);
    cudnnSetConvolutionMathType(cc, CUDNN_FMA_MATH);
    int n, k, p, q;
    cr_assert_eq(cudnnGetConvolution2dForwardOutputDim(cc, cx, cw, &n, &k, &p, &q), CUDNN_STATUS_SUCCESS);
    cudnnSetTensor4dDescriptor(cy, cf, CUDNN_DATA_FLOAT, n, k, p, q);
    cudnnSetTensor4dDescriptor(cb, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, 1, k, 1, 1);

    litdnnTensorDescriptor_t lx, ly, lb;
    litdnnFilterDescriptor_t lw;
    litdnnConvolutionDescriptor_t lc;
    litdnnCreateTensorDescriptor(&lx);
    litdnnCreateTensorDescriptor(&ly);
    litdnnCreateTensorDescriptor(&lb);
    litdnnCreateFilterDescriptor(&lw);
    litdnnCreateConvolutionDescriptor(&lc);
    litdnnSetTensor4dDescriptor(lx, lf, LITDNN_DATA_FLOAT, c->n, c->c, c->h, c->w);
    litdnnSetFilter4dDescriptor(lw, LITDNN_DATA_FLOAT, lf, c->k, cg, c->r, c->s);
    litdnnSetConvolution2dDescriptor(lc, c->pad_h, c->pad_w, c->u, c->v, c->dil_h, c->dil_w,
                                     c->conv ? LITDNN_CONVOLUTION : LITDNN_CROSS_CORRELATION, LITDNN_DATA_FLOAT);
    litdnnSetConvolutionGroupCount(lc, c->groups);
    int ln, lk, lp, lq;
    cr_assert_eq(litdnnGetConvolution2dForwardOutputDim(lc, lx, lw, &ln, &lk, &lp, &lq), LITDNN_STATUS_SUCCESS);
    cr_assert(ln == n && lk == k && lp == p && lq == q, "output dims differ from cuDNN's");
    litdnnSetTensor4dDescriptor(ly, lf, LITDNN_DATA_FLOAT, n, k, p, q);
    litdnnSetTensor4dDescriptor(lb, LITDNN_TENSOR_NCHW, LITDNN_DATA_FLOAT, 1, k, 1, 1);

    size_t xn = (size_t)c->n * c->c * c->h * c->w, wn = (size_t)c->k * cg * c->r * c->s;
    size_t yn = (size_t)n * k * p * q;
    float *x = t_random(xn, -1, 1), *w = t_random(wn, -1, 1), *g = t_random(yn, -1, 1);
    void *dx = gpu_copy(x, xn), *dw = gpu_copy(w, wn), *dg = gpu_copy(g, yn);
    void *cyo = gpu_copy(g, yn), *cdx = gpu_copy(x, xn), *cdw = gpu_copy(w, wn), *cdb = gpu_copy(g, (size_t)k);
    float one = 1, zero = 0;
    /* cuDNN's results, each pass with the first algorithm its heuristic offers in FMA math */
    cudnnConvolutionFwdAlgoPerf_t fp[8];
    cudnnConvolutionBwdDataAlgoPerf_t dp[8];
    cudnnConvolutionBwdFilterAlgoPerf_t wp[8];
    int got = 0;
    cr_assert_eq(cudnnGetConvolutionForwardAlgorithm_v7(dnn, cx, cw, cc, cy, 8, &got, fp), CUDNN_STATUS_SUCCESS);
    cr_assert(got > 0 && fp[0].status == CUDNN_STATUS_SUCCESS);
    cr_assert_eq(cudnnGetConvolutionBackwardDataAlgorithm_v7(dnn, cw, cy, cc, cx, 8, &got, dp), CUDNN_STATUS_SUCCESS);
    cr_assert(got > 0 && dp[0].status == CUDNN_STATUS_SUCCESS);
    cr_assert_eq(cudnnGetConvolutionBackwardFilterAlgorithm_v7(dnn, cx, cy, cc, cw, 8, &got, wp), CUDNN_STATUS_SUCCESS);
    cr_assert(got > 0 && wp[0].status == CUDNN_STATUS_SUCCESS);
    size_t fws = fp[0].memory;
    if (dp[0].memory > fws) fws = dp[0].memory;
    if (wp[0].memory > fws) fws = wp[0].memory;
    void *cws = NULL;
    if (fws) cr_assert_eq(cudaMalloc(&cws, fws), cudaSuccess);
    cr_assert_eq(cudnnConvolutionForward(dnn, &one, cx, dx, cw, dw, cc, fp[0].algo, cws, fws, &zero, cy, cyo),
                 CUDNN_STATUS_SUCCESS);
    cr_assert_eq(cudnnConvolutionBackwardData(dnn, &one, cw, dw, cy, dg, cc, dp[0].algo, cws, fws, &zero, cx, cdx),
                 CUDNN_STATUS_SUCCESS);
    cr_assert_eq(cudnnConvolutionBackwardFilter(dnn, &one, cx, dx, cy, dg, cc, wp[0].algo, cws, fws, &zero, cw, cdw),
                 CUDNN_STATUS_SUCCESS);
    cr_assert_eq(cudnnConvolutionBackwardBias(dnn, &one, cy, dg, &zero, cb, cdb), CUDNN_STATUS_SUCCESS);
    cudaDeviceSynchronize();
    float *ref[4] = {host_copy(cyo, yn), host_copy(cdx, xn), host_copy(cdw, wn), host_copy(cdb, (size_t)k)};
    size_t counts[4] = {yn, xn, wn, (size_t)k};

    for (int tf32 = 0; tf32 < 2; tf32++)
    for (int pass = 0; pass < 3; pass++) {
      litdnnSetConvolutionMathType(lc, tf32 ? LITDNN_MATH_TF32 : LITDNN_MATH_FMA);
      int count = pass == 0 ? LITDNN_CONVOLUTION_FWD_ALGO_COUNT : pass == 1 ? LITDNN_CONVOLUTION_BWD_DATA_ALGO_COUNT
                                                                           : LITDNN_CONVOLUTION_BWD_FILTER_ALGO_COUNT;
      for (int algo = 1; algo < count; algo++) {
        size_t ws = 0;
        litdnnStatus_t s;
        if (pass == 0) s = litdnnGetConvolutionForwardWorkspaceSize(h, lx, lw, lc, ly, algo, &ws);
        else if (pass == 1) s = litdnnGetConvolutionBackwardDataWorkspaceSize(h, lw, ly, lc, lx, algo, &ws);
        else s = litdnnGetConvolutionBackwardFilterWorkspaceSize(h, lx, ly, lc, lw, algo, &ws);
        if (s == LITDNN_STATUS_NOT_SUPPORTED)
          continue;   /* this algorithm does not apply to the case */
        cr_assert_eq(s, LITDNN_STATUS_SUCCESS, "%s", litdnnGetLastErrorString());
        void *buf = NULL, *out = t_dev_poisoned(h, counts[pass]);
        if (ws) cr_assert_eq(cudaMalloc(&buf, ws), cudaSuccess);
        if (pass == 0) s = litdnnConvolutionForward(h, &one, lx, dx, lw, dw, lc, algo, buf, ws, &zero, ly, out);
        else if (pass == 1) s = litdnnConvolutionBackwardData(h, &one, lw, dw, ly, dg, lc, algo, buf, ws, &zero, lx, out);
        else s = litdnnConvolutionBackwardFilter(h, &one, lx, dx, ly, dg, lc, algo, buf, ws, &zero, lw, out);
        cr_assert_eq(s, LITDNN_STATUS_SUCCESS, "%s", litdnnGetLastErrorString());
        litdnnSynchronize(h);
        float *got = host_copy(out, counts[pass]);
        char what[128];
        snprintf(what, sizeof what, "case %zu pass %d algo %d %s vs cuDNN (FMA)", ci, pass, algo, tf32 ? "TF32" : "FMA");
        /* FMA: two float summations in different orders of up to ~1600 products. TF32 rounds each
           input to 10 mantissa bits (2^-11 relative): the sums of a few hundred products of
           numbers in [-1, 1] move by a few 1e-2 at most */
        compare(got, ref[pass], counts[pass], tf32 ? 5e-2 : 1e-3, what);
        free(got);
        t_dev_free(h, out);
        if (buf) cudaFree(buf);
      }
    }
    /* the fused call against cuDNN's, ReLU, NCHW, FMA math */
    if (!c->nhwc) {
      litdnnSetConvolutionMathType(lc, LITDNN_MATH_FMA);
      cudnnActivationDescriptor_t cact;
      litdnnActivationDescriptor_t lact;
      cudnnCreateActivationDescriptor(&cact);
      cudnnSetActivationDescriptor(cact, CUDNN_ACTIVATION_RELU, CUDNN_NOT_PROPAGATE_NAN, 0.0);
      litdnnCreateActivationDescriptor(&lact);
      litdnnSetActivationDescriptor(lact, LITDNN_ACTIVATION_RELU, LITDNN_NOT_PROPAGATE_NAN, 0.0);
      size_t pws = 0;
      cudnnGetConvolutionForwardWorkspaceSize(dnn, cx, cw, cc, cy, CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_PRECOMP_GEMM, &pws);
      void *pbuf = NULL;
      if (pws) cr_assert_eq(cudaMalloc(&pbuf, pws), cudaSuccess);
      float *z = t_random(yn, -1, 1), *bias = t_random((size_t)k, -1, 1), a2 = 0.5f;
      void *dz = gpu_copy(z, yn), *dbias = gpu_copy(bias, (size_t)k), *cfy = gpu_copy(z, yn);
      cudnnStatus_t cs = cudnnConvolutionBiasActivationForward(dnn, &one, cx, dx, cw, dw, cc,
          CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_PRECOMP_GEMM, pbuf, pws, &a2, cy, dz, cb, dbias, cact, cy, cfy);
      if (cs == CUDNN_STATUS_SUCCESS) {
        cudaDeviceSynchronize();
        float *fref = host_copy(cfy, yn);
        for (int algo = 1; algo < LITDNN_CONVOLUTION_FWD_ALGO_COUNT; algo++) {
          size_t ws = 0;
          if (algo == LITDNN_CONVOLUTION_FWD_ALGO_GEMM || algo == LITDNN_CONVOLUTION_FWD_ALGO_GEMM_CUBLAS ||
              litdnnGetConvolutionForwardWorkspaceSize(h, lx, lw, lc, ly, algo, &ws) != LITDNN_STATUS_SUCCESS)
            continue;
          void *buf = NULL, *out = t_dev_poisoned(h, yn);
          if (ws) cr_assert_eq(cudaMalloc(&buf, ws), cudaSuccess);
          cr_assert_eq(litdnnConvolutionBiasActivationForward(h, &one, lx, dx, lw, dw, lc, algo, buf, ws, &a2, ly, dz,
                                                              lb, dbias, lact, ly, out), LITDNN_STATUS_SUCCESS, "%s",
                       litdnnGetLastErrorString());
          litdnnSynchronize(h);
          float *got = host_copy(out, yn);
          char what[96];
          snprintf(what, sizeof what, "case %zu fused algo %d vs cuDNN", ci, algo);
          compare(got, fref, yn, 1e-3, what);
          free(got);
          t_dev_free(h, out);
          if (buf) cudaFree(buf);
        }
        free(fref);
      } else {
        cr_log_info("case %zu: cuDNN's fused call refused (%s); not compared", ci, cudnnGetErrorString(cs));
      }
      free(z); free(bias);
      cudaFree(dz); cudaFree(dbias); cudaFree(cfy);
      if (pbuf) cudaFree(pbuf);
      cudnnDestroyActivationDescriptor(cact);
      litdnnDestroyActivationDescriptor(lact);
    }
    void *db = t_dev_poisoned(h, (size_t)k);
    cr_assert_eq(litdnnConvolutionBackwardBias(h, &one, ly, dg, &zero, lb, db), LITDNN_STATUS_SUCCESS);
    litdnnSynchronize(h);
    float *gb = host_copy(db, (size_t)k);
    compare(gb, ref[3], (size_t)k, 1e-4, "bias vs cuDNN");
    free(gb);
    t_dev_free(h, db);
    for (int i = 0; i < 4; i++) free(ref[i]);
    free(x); free(w); free(g);
    cudaFree(dx); cudaFree(dw); cudaFree(dg); cudaFree(cyo); cudaFree(cdx); cudaFree(cdw); cudaFree(cdb);
    if (cws) cudaFree(cws);
    cudnnDestroyTensorDescriptor(cx); cudnnDestroyTensorDescriptor(cy); cudnnDestroyTensorDescriptor(cb);
    cudnnDestroyFilterDescriptor(cw); cudnnDestroyConvolutionDescriptor(cc);
    litdnnDestroyTensorDescriptor(lx); litdnnDestroyTensorDescriptor(ly); litdnnDestroyTensorDescriptor(lb);
    litdnnDestroyFilterDescriptor(lw); litdnnDestroyConvolutionDescriptor(lc);
  }
  litdnnDestroy(h);
  cudnnDestroy(dnn);
}
