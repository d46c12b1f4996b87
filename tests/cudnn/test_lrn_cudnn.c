/* LRN across channels against the real cuDNN, on a GPU: every GPU stage,
   forward and backward, both layouts, several windows (odd and even n,
   which tells whether the two libraries put the extra channel of an even
   window on the same side). */
#include "common.h"
#include <cudnn.h>
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  int n, c, h, w, nhwc;
  unsigned lrn_n;
  double alpha, beta, k;
} lrn_cmp;

static const lrn_cmp cases[] = {
  {2, 7, 5, 9, 0, 5, 1e-4, 0.75, 2.0}, {4, 64, 13, 13, 0, 5, 0.5, 0.75, 1.0}, {2, 16, 6, 7, 0, 4, 0.9, 0.5, 1.0},
  {3, 40, 5, 5, 1, 5, 0.5, 0.75, 1.0}, {1, 9, 4, 4, 1, 16, 0.25, 1.5, 0.5}, {2, 3, 3, 3, 0, 1, 1.0, 0.01, 1e-5},
  /* planes of 8 x 12: the staged kernels' float4 path, three channel chunks, even and widest windows */
  {3, 70, 8, 12, 0, 10, 0.5, 0.75, 1.0}, {2, 67, 4, 4, 0, 16, 0.25, 0.6, 0.5},
};

static void compare(const float *got, const float *ref, size_t n, double tol, const char *what)
{
  double *r = malloc(n * sizeof *r);
  for (size_t i = 0; i < n; i++) r[i] = ref[i];
  t_assert_close(got, r, n, tol, tol, what);
  free(r);
}

Test(lrn_cudnn, every_gpu_stage_agrees_with_cudnn)
{
  if (!t_have_gpu())
    cr_skip_test("no CUDA device");
  cudnnHandle_t dnn;
  cr_assert_eq(cudnnCreate(&dnn), CUDNN_STATUS_SUCCESS);
  litdnnHandle_t h = t_handle(LITDNN_BACKEND_CUDA);
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    const lrn_cmp *c = &cases[k];
    size_t n = (size_t)c->n * c->c * c->h * c->w;
    cudnnTensorDescriptor_t ct;
    cudnnCreateTensorDescriptor(&ct);
    cudnnSetTensor4dDescriptor(ct, c->nhwc ? CUDNN_TENSOR_NHWC : CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, c->n, c->c, c->h,
                               c->w);
    cudnnLRNDescriptor_t cn;
    cudnnCreateLRNDescriptor(&cn);
    cr_assert_eq(cudnnSetLRNDescriptor(cn, c->lrn_n, c->alpha, c->beta, c->k), CUDNN_STATUS_SUCCESS);
    litdnnTensorDescriptor_t lt;
    litdnnCreateTensorDescriptor(&lt);
    litdnnSetTensor4dDescriptor(lt, c->nhwc ? LITDNN_TENSOR_NHWC : LITDNN_TENSOR_NCHW, LITDNN_DATA_FLOAT, c->n, c->c,
                                c->h, c->w);
    litdnnLRNDescriptor_t ln;
    litdnnCreateLRNDescriptor(&ln);
    litdnnSetLRNDescriptor(ln, c->lrn_n, c->alpha, c->beta, c->k);
    float *x = t_random(n, -2, 2), *g = t_random(n, -1, 1), one = 1, zero = 0;
    void *dx = t_dev_from_host(h, x, n), *dg = t_dev_from_host(h, g, n);
    void *cy = t_dev_poisoned(h, n), *cdx = t_dev_poisoned(h, n);
    cudnnStatus_t fs = cudnnLRNCrossChannelForward(dnn, cn, CUDNN_LRN_CROSS_CHANNEL_DIM1, &one, ct, dx, &zero, ct, cy);
    cudnnStatus_t bs = fs != CUDNN_STATUS_SUCCESS ? fs
        : cudnnLRNCrossChannelBackward(dnn, cn, CUDNN_LRN_CROSS_CHANNEL_DIM1, &one, ct, cy, ct, dg, ct, dx, &zero, ct,
                                       cdx);
    cudaDeviceSynchronize();
    if (c->nhwc && (fs == CUDNN_STATUS_NOT_SUPPORTED || bs == CUDNN_STATUS_NOT_SUPPORTED)) {
      /* nothing to compare against in this layout */
      cr_log_warn("case %zu: cuDNN does not support LRN in NHWC (%s)", k, cudnnGetErrorString(fs ? fs : bs));
      t_dev_free(h, dx); t_dev_free(h, dg); t_dev_free(h, cy); t_dev_free(h, cdx);
      free(x); free(g);
      cudnnDestroyLRNDescriptor(cn); cudnnDestroyTensorDescriptor(ct);
      litdnnDestroyLRNDescriptor(ln); litdnnDestroyTensorDescriptor(lt);
      continue;
    }
    cr_assert_eq(fs, CUDNN_STATUS_SUCCESS, "case %zu: cuDNN forward: %s", k, cudnnGetErrorString(fs));
    cr_assert_eq(bs, CUDNN_STATUS_SUCCESS, "case %zu: cuDNN backward: %s", k, cudnnGetErrorString(bs));
    float *ref_y = t_dev_fetch(h, cy, n), *ref_dx = t_dev_fetch(h, cdx, n);
    const litdnnOp_t ops[2] = {LITDNN_OP_LRN_FORWARD, LITDNN_OP_LRN_BACKWARD};
    for (int o = 0; o < 2; o++) {
      int count = 0;
      litdnnGetStageCount(ops[o], &count);
      for (int s = 0; s < count; s++) {
        if (litdnnSetStage(h, ops[o], s) != LITDNN_STATUS_SUCCESS)
          continue;
        const char *name;
        litdnnGetStageInfo(ops[o], s, &name, NULL, NULL);
        char what[128];
        snprintf(what, sizeof what, "%s / %s, case %zu", litdnnGetOpName(ops[o]), name, k);
        void *out = t_dev_poisoned(h, n);
        if (o == 0)
          cr_assert_eq(litdnnLRNCrossChannelForward(h, ln, LITDNN_LRN_CROSS_CHANNEL_DIM1, &one, lt, dx, &zero, lt, out),
                       LITDNN_STATUS_SUCCESS);
        else
          cr_assert_eq(litdnnLRNCrossChannelBackward(h, ln, LITDNN_LRN_CROSS_CHANNEL_DIM1, &one, lt, cy, lt, dg, lt, dx,
                                                     &zero, lt, out), LITDNN_STATUS_SUCCESS);
        float *got = t_dev_fetch(h, out, n);
        /* two float implementations of pow and of the sums: 1e-4 */
        compare(got, o == 0 ? ref_y : ref_dx, n, 1e-4, what);
        free(got);
        t_dev_free(h, out);
      }
      litdnnSetStage(h, ops[o], LITDNN_STAGE_AUTOMATIC);
    }
    t_dev_free(h, dx); t_dev_free(h, dg); t_dev_free(h, cy); t_dev_free(h, cdx);
    free(x); free(g); free(ref_y); free(ref_dx);
    cudnnDestroyLRNDescriptor(cn); cudnnDestroyTensorDescriptor(ct);
    litdnnDestroyLRNDescriptor(ln); litdnnDestroyTensorDescriptor(lt);
  }
  litdnnDestroy(h);
  cudnnDestroy(dnn);
}
