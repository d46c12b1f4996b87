/* Dropout against the real cuDNN, on a GPU. The masks cannot match: cuDNN's
   generator is not Philox evaluated at an element's position, so the test
   compares what both must share -- the fraction of elements kept, 1 - p,
   and the scale 1/(1-p) of the survivors -- and that each backward pass
   applies its own forward pass's mask; one case per (pass, GPU stage),
   the other pass left to the handle's choice. */
#include "common.h"
#include <cudnn.h>
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

static void check_output(const float *y, const float *x, size_t n, float p, const char *who)
{
  size_t kept = 0;
  float scale = (float)(1.0 / (1.0 - (double)p));
  for (size_t i = 0; i < n; i++) {
    if (y[i] != 0.0f) {
      kept++;
      cr_assert(fabsf(y[i] - x[i] * scale) <= 1e-6f * fabsf(x[i] * scale), "%s: y[%zu] = %g, x * scale = %g", who,
                i, y[i], x[i] * scale);
    }
  }
  double q = 1.0 - p, sigma = sqrt(n * q * (1 - q));
  cr_assert(fabs((double)kept - n * q) < 5 * sigma, "%s: p=%g kept %zu of %zu", who, p, kept, n);
}

/* case c: its pass's stage pinned on the GPU, three probabilities */
static void agrees_with_cudnn(const t_case *cs)
{
  litdnnHandle_t h = t_case_handle(cs);   /* skips without a GPU, before any CUDA call */
  const int N = 4, C = 16, H = 32, W = 33;
  size_t n = (size_t)N * C * H * W;
  float *x = t_random(n, 0.5f, 1.5f), *dy = t_random(n, -1, 1);
  cudnnHandle_t dnn;
  cr_assert_eq(cudnnCreate(&dnn), CUDNN_STATUS_SUCCESS);
  cudnnTensorDescriptor_t ct;
  cudnnCreateTensorDescriptor(&ct);
  cudnnSetTensor4dDescriptor(ct, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, N, C, H, W);
  litdnnTensorDescriptor_t lt;
  litdnnCreateTensorDescriptor(&lt);
  litdnnSetTensor4dDescriptor(lt, LITDNN_TENSOR_NCHW, LITDNN_DATA_FLOAT, N, C, H, W);
  static const float ps[] = {0.1f, 0.5f, 0.8f};
  for (int k = 0; k < 3; k++) {
    float p = ps[k];
    /* cuDNN */
    cudnnDropoutDescriptor_t cd;
    size_t cs_bytes, cr;
    void *cstates, *creserve, *cx = t_dev_from_host(h, x, n), *cy = t_dev_poisoned(h, n);
    void *cdy = t_dev_from_host(h, dy, n), *cdx = t_dev_poisoned(h, n);
    cudnnCreateDropoutDescriptor(&cd);
    cudnnDropoutGetStatesSize(dnn, &cs_bytes);
    cudnnDropoutGetReserveSpaceSize(ct, &cr);
    cudaMalloc(&cstates, cs_bytes);
    cudaMalloc(&creserve, cr);
    cr_assert_eq(cudnnSetDropoutDescriptor(cd, dnn, p, cstates, cs_bytes, 77ull), CUDNN_STATUS_SUCCESS);
    cr_assert_eq(cudnnDropoutForward(dnn, cd, ct, cx, ct, cy, creserve, cr), CUDNN_STATUS_SUCCESS);
    cr_assert_eq(cudnnDropoutBackward(dnn, cd, ct, cdy, ct, cdx, creserve, cr), CUDNN_STATUS_SUCCESS);
    cudaDeviceSynchronize();
    float *y = t_dev_fetch(h, cy, n), *g = t_dev_fetch(h, cdx, n);
    check_output(y, x, n, p, "cuDNN forward");
    free(y); free(g);
    /* litdnn, the case's stage */
    litdnnDropoutDescriptor_t ld;
    size_t ls, lr;
    void *lstates, *lreserve, *ly = t_dev_poisoned(h, n), *ldx = t_dev_poisoned(h, n);
    litdnnCreateDropoutDescriptor(&ld);
    litdnnDropoutGetStatesSize(h, &ls);
    litdnnDropoutGetReserveSpaceSize(lt, &lr);
    lstates = t_dev_alloc(h, ls);
    lreserve = t_dev_alloc(h, lr);
    cr_assert_eq(litdnnSetDropoutDescriptor(ld, h, p, lstates, ls, 77ull), LITDNN_STATUS_SUCCESS);
    cr_assert_eq(litdnnDropoutForward(h, ld, lt, cx, lt, ly, lreserve, lr), LITDNN_STATUS_SUCCESS, "%s: %s",
                 t_case_name(cs), litdnnGetLastErrorString());
    cr_assert_eq(litdnnDropoutBackward(h, ld, lt, cdy, lt, ldx, lreserve, lr), LITDNN_STATUS_SUCCESS, "%s: %s",
                 t_case_name(cs), litdnnGetLastErrorString());
    y = t_dev_fetch(h, ly, n);
    g = t_dev_fetch(h, ldx, n);
    check_output(y, x, n, p, t_case_name(cs));
    for (size_t i = 0; i < n; i++) /* the backward mask is the forward mask */
      cr_assert((y[i] != 0.0f) == (g[i] != 0.0f || dy[i] == 0.0f), "%s: masks differ at %zu", t_case_name(cs), i);
    free(y); free(g);
    t_dev_free(h, ly); t_dev_free(h, ldx); t_dev_free(h, lstates); t_dev_free(h, lreserve);
    litdnnDestroyDropoutDescriptor(ld);
    cudaFree(cstates); cudaFree(creserve);
    t_dev_free(h, cx); t_dev_free(h, cy); t_dev_free(h, cdy); t_dev_free(h, cdx);
    cudnnDestroyDropoutDescriptor(cd);
  }
  free(x); free(dy);
  litdnnDestroyTensorDescriptor(lt);
  cudnnDestroyTensorDescriptor(ct);
  litdnnDestroy(h);
  cudnnDestroy(dnn);
}

ParameterizedTestParameters(dropout_cudnn, forward_kept_fraction_and_scale_agree_with_cudnn)
{
  return t_cases_on(LITDNN_OP_DROPOUT_FORWARD, 1, LITDNN_BACKEND_BIT(LITDNN_BACKEND_CUDA), NULL);
}
ParameterizedTest(t_case *c, dropout_cudnn, forward_kept_fraction_and_scale_agree_with_cudnn) { agrees_with_cudnn(c); }

ParameterizedTestParameters(dropout_cudnn, backward_kept_fraction_and_scale_agree_with_cudnn)
{
  return t_cases_on(LITDNN_OP_DROPOUT_BACKWARD, 1, LITDNN_BACKEND_BIT(LITDNN_BACKEND_CUDA), NULL);
}
ParameterizedTest(t_case *c, dropout_cudnn, backward_kept_fraction_and_scale_agree_with_cudnn) { agrees_with_cudnn(c); }
