/* LRN across channels against the real cuDNN, on a GPU: one case per
   (pass, GPU stage, shape), and the stage the handle chooses, both layouts,
   several windows (odd and even n, which tells whether the two libraries
   put the extra channel of an even window on the same side). A pinned
   stage that does not take a shape skips its case with the library's
   reason (the main suite checks those refusals). */
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
#define NCASES ((int)(sizeof cases / sizeof cases[0]))

static void agrees_with_cudnn(const t_case *c)
{
  litdnnHandle_t h = t_case_handle(c);   /* skips without a GPU, before any CUDA call */
  const lrn_cmp *k = &cases[c->problem];
  cudnnHandle_t dnn;
  cr_assert_eq(cudnnCreate(&dnn), CUDNN_STATUS_SUCCESS);
  size_t n = (size_t)k->n * k->c * k->h * k->w;
  cudnnTensorDescriptor_t ct;
  cudnnCreateTensorDescriptor(&ct);
  cudnnSetTensor4dDescriptor(ct, k->nhwc ? CUDNN_TENSOR_NHWC : CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, k->n, k->c, k->h,
                             k->w);
  cudnnLRNDescriptor_t cn;
  cudnnCreateLRNDescriptor(&cn);
  cr_assert_eq(cudnnSetLRNDescriptor(cn, k->lrn_n, k->alpha, k->beta, k->k), CUDNN_STATUS_SUCCESS);
  litdnnTensorDescriptor_t lt;
  litdnnCreateTensorDescriptor(&lt);
  litdnnSetTensor4dDescriptor(lt, k->nhwc ? LITDNN_TENSOR_NHWC : LITDNN_TENSOR_NCHW, LITDNN_DATA_FLOAT, k->n, k->c,
                              k->h, k->w);
  litdnnLRNDescriptor_t ln;
  litdnnCreateLRNDescriptor(&ln);
  litdnnSetLRNDescriptor(ln, k->lrn_n, k->alpha, k->beta, k->k);
  float *x = t_random(n, -2, 2), *g = t_random(n, -1, 1), one = 1, zero = 0;
  void *dx = t_dev_from_host(h, x, n), *dg = t_dev_from_host(h, g, n);
  void *cy = t_dev_poisoned(h, n), *cdx = t_dev_poisoned(h, n);
  cudnnStatus_t fs = cudnnLRNCrossChannelForward(dnn, cn, CUDNN_LRN_CROSS_CHANNEL_DIM1, &one, ct, dx, &zero, ct, cy);
  cudnnStatus_t bs = fs != CUDNN_STATUS_SUCCESS ? fs
      : cudnnLRNCrossChannelBackward(dnn, cn, CUDNN_LRN_CROSS_CHANNEL_DIM1, &one, ct, cy, ct, dg, ct, dx, &zero, ct,
                                     cdx);
  cudaDeviceSynchronize();
  if (k->nhwc && (fs == CUDNN_STATUS_NOT_SUPPORTED || bs == CUDNN_STATUS_NOT_SUPPORTED))
    cr_skip_test("cuDNN does not support LRN in NHWC (%s): nothing to compare against; %s",
                 cudnnGetErrorString(fs ? fs : bs), t_case_name(c));
  cr_assert_eq(fs, CUDNN_STATUS_SUCCESS, "case %d: cuDNN forward: %s", c->problem, cudnnGetErrorString(fs));
  cr_assert_eq(bs, CUDNN_STATUS_SUCCESS, "case %d: cuDNN backward: %s", c->problem, cudnnGetErrorString(bs));
  float *ref = t_dev_fetch(h, c->op == LITDNN_OP_LRN_FORWARD ? cy : cdx, n);
  void *out = t_dev_poisoned(h, n);
  litdnnStatus_t s = c->op == LITDNN_OP_LRN_FORWARD
      ? litdnnLRNCrossChannelForward(h, ln, LITDNN_LRN_CROSS_CHANNEL_DIM1, &one, lt, dx, &zero, lt, out)
      : litdnnLRNCrossChannelBackward(h, ln, LITDNN_LRN_CROSS_CHANNEL_DIM1, &one, lt, cy, lt, dg, lt, dx, &zero, lt,
                                      out);
  t_case_status(c, s, 0);
  float *got = t_dev_fetch(h, out, n);
  double *r = malloc(n * sizeof *r);
  for (size_t i = 0; i < n; i++) r[i] = ref[i];
  char what[256];
  snprintf(what, sizeof what, "%s, cuDNN case %d", t_case_name(c), c->problem);
  /* two float implementations of pow and of the sums: 1e-4 */
  t_assert_close(got, r, n, 1e-4, 1e-4, what);
  free(got); free(ref); free(r);
  t_dev_free(h, out); t_dev_free(h, dx); t_dev_free(h, dg); t_dev_free(h, cy); t_dev_free(h, cdx);
  free(x); free(g);
  cudnnDestroyLRNDescriptor(cn); cudnnDestroyTensorDescriptor(ct);
  litdnnDestroyLRNDescriptor(ln); litdnnDestroyTensorDescriptor(lt);
  litdnnDestroy(h);
  cudnnDestroy(dnn);
}

ParameterizedTestParameters(lrn_cudnn, forward_agrees_with_cudnn)
{
  return t_cases_on(LITDNN_OP_LRN_FORWARD, NCASES, LITDNN_BACKEND_BIT(LITDNN_BACKEND_CUDA), NULL);
}
ParameterizedTest(t_case *c, lrn_cudnn, forward_agrees_with_cudnn) { agrees_with_cudnn(c); }

ParameterizedTestParameters(lrn_cudnn, backward_agrees_with_cudnn)
{
  return t_cases_on(LITDNN_OP_LRN_BACKWARD, NCASES, LITDNN_BACKEND_BIT(LITDNN_BACKEND_CUDA), NULL);
}
ParameterizedTest(t_case *c, lrn_cudnn, backward_agrees_with_cudnn) { agrees_with_cudnn(c); }
