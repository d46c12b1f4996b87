/* Dropout against the real cuDNN, on a GPU. The masks cannot match: cuDNN's
   generator is not Philox evaluated at an element's position, so the test
   compares what both must share -- the fraction of elements kept, 1 - p,
   and the scale 1/(1-p) of the survivors -- and that each backward pass
   applies its own forward pass's mask. */
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

Test(dropout_cudnn, kept_fraction_and_scale_agree_with_cudnn)
{
  if (!t_have_gpu())
    cr_skip_test("no CUDA device");
  const int N = 4, C = 16, H = 32, W = 33;
  size_t n = (size_t)N * C * H * W;
  float *x = t_random(n, 0.5f, 1.5f), *dy = t_random(n, -1, 1);
  cudnnHandle_t dnn;
  cr_assert_eq(cudnnCreate(&dnn), CUDNN_STATUS_SUCCESS);
  cudnnTensorDescriptor_t ct;
  cudnnCreateTensorDescriptor(&ct);
  cudnnSetTensor4dDescriptor(ct, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, N, C, H, W);
  litdnnHandle_t h = t_handle(LITDNN_BACKEND_CUDA);
  litdnnTensorDescriptor_t lt;
  litdnnCreateTensorDescriptor(&lt);
  litdnnSetTensor4dDescriptor(lt, LITDNN_TENSOR_NCHW, LITDNN_DATA_FLOAT, N, C, H, W);
  static const float ps[] = {0.1f, 0.5f, 0.8f};
  for (int k = 0; k < 3; k++) {
    float p = ps[k];
    /* cuDNN */
    cudnnDropoutDescriptor_t cd;
    size_t cs, cr;
    void *cstates, *creserve, *cx = t_dev_from_host(h, x, n), *cy = t_dev_poisoned(h, n);
    void *cdy = t_dev_from_host(h, dy, n), *cdx = t_dev_poisoned(h, n);
    cudnnCreateDropoutDescriptor(&cd);
    cudnnDropoutGetStatesSize(dnn, &cs);
    cudnnDropoutGetReserveSpaceSize(ct, &cr);
    cudaMalloc(&cstates, cs);
    cudaMalloc(&creserve, cr);
    cr_assert_eq(cudnnSetDropoutDescriptor(cd, dnn, p, cstates, cs, 77ull), CUDNN_STATUS_SUCCESS);
    cr_assert_eq(cudnnDropoutForward(dnn, cd, ct, cx, ct, cy, creserve, cr), CUDNN_STATUS_SUCCESS);
    cr_assert_eq(cudnnDropoutBackward(dnn, cd, ct, cdy, ct, cdx, creserve, cr), CUDNN_STATUS_SUCCESS);
    cudaDeviceSynchronize();
    float *y = t_dev_fetch(h, cy, n), *g = t_dev_fetch(h, cdx, n);
    check_output(y, x, n, p, "cuDNN forward");
    free(y); free(g);
    /* litdnn, every GPU stage */
    int stages = 0;
    litdnnGetStageCount(LITDNN_OP_DROPOUT_FORWARD, &stages);
    for (int s = 0; s < stages; s++) {
      if (litdnnSetStage(h, LITDNN_OP_DROPOUT_FORWARD, s) != LITDNN_STATUS_SUCCESS)
        continue;
      litdnnSetStage(h, LITDNN_OP_DROPOUT_BACKWARD, s);
      litdnnDropoutDescriptor_t ld;
      size_t ls, lr;
      void *lstates, *lreserve, *ly = t_dev_poisoned(h, n), *ldx = t_dev_poisoned(h, n);
      litdnnCreateDropoutDescriptor(&ld);
      litdnnDropoutGetStatesSize(h, &ls);
      litdnnDropoutGetReserveSpaceSize(lt, &lr);
      lstates = t_dev_alloc(h, ls);
      lreserve = t_dev_alloc(h, lr);
      cr_assert_eq(litdnnSetDropoutDescriptor(ld, h, p, lstates, ls, 77ull), LITDNN_STATUS_SUCCESS);
      cr_assert_eq(litdnnDropoutForward(h, ld, lt, cx, lt, ly, lreserve, lr), LITDNN_STATUS_SUCCESS);
      cr_assert_eq(litdnnDropoutBackward(h, ld, lt, cdy, lt, ldx, lreserve, lr), LITDNN_STATUS_SUCCESS);
      y = t_dev_fetch(h, ly, n);
      g = t_dev_fetch(h, ldx, n);
      check_output(y, x, n, p, "litdnn forward");
      for (size_t i = 0; i < n; i++) /* the backward mask is the forward mask */
        cr_assert((y[i] != 0.0f) == (g[i] != 0.0f || dy[i] == 0.0f), "litdnn: masks differ at %zu", i);
      free(y); free(g);
      t_dev_free(h, ly); t_dev_free(h, ldx); t_dev_free(h, lstates); t_dev_free(h, lreserve);
      litdnnDestroyDropoutDescriptor(ld);
    }
    litdnnSetStage(h, LITDNN_OP_DROPOUT_FORWARD, LITDNN_STAGE_AUTOMATIC);
    litdnnSetStage(h, LITDNN_OP_DROPOUT_BACKWARD, LITDNN_STAGE_AUTOMATIC);
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
