/* Batch normalization against the real cuDNN, on a GPU: one case per
   (operation, GPU stage, shape), and the stage the handle chooses, both
   modes and both layouts, the same inputs for both libraries. A pinned
   stage that does not take a shape skips its case with the library's
   reason (the main suite checks those refusals). */
#include "common.h"
#include <cudnn.h>
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  int n, c, h, w;
  int nhwc, spatial;
} cmp_case;

static const cmp_case cases[] = {
  {2, 3, 5, 7, 0, 1}, {8, 64, 14, 14, 0, 1}, {4, 16, 7, 9, 1, 1}, {4, 640, 2, 2, 0, 1},
  {5, 4, 6, 6, 0, 0}, {3, 32, 8, 8, 1, 1},
};
#define NCASES ((int)(sizeof cases / sizeof cases[0]))

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
/* n floats of dev (litdnn's result) against cuDNN's, fetched from ref_dev */
static void compare(litdnnHandle_t h, const void *dev, const void *ref_dev, size_t n, double tol, const char *what,
                    const char *which)
{
  float *got = t_dev_fetch(h, dev, n), *ref = host_copy(ref_dev, n);
  double *r = malloc(n * sizeof *r);
  for (size_t i = 0; i < n; i++) r[i] = ref[i];
  char label[384];
  snprintf(label, sizeof label, "%s: %s", what, which);
  t_assert_close(got, r, n, tol, tol, label);
  free(got); free(ref); free(r);
}

static void agrees_with_cudnn(const t_case *c)
{
  litdnnHandle_t h = t_case_handle(c);   /* skips without a GPU, before any CUDA call */
  const cmp_case *k = &cases[c->problem];
  cudnnHandle_t dnn;
  cr_assert_eq(cudnnCreate(&dnn), CUDNN_STATUS_SUCCESS);
  size_t n = (size_t)k->n * k->c * k->h * k->w, F = k->spatial ? (size_t)k->c : (size_t)k->c * k->h * k->w;
  cudnnTensorDescriptor_t cx, cb;
  cudnnCreateTensorDescriptor(&cx);
  cudnnCreateTensorDescriptor(&cb);
  cudnnSetTensor4dDescriptor(cx, k->nhwc ? CUDNN_TENSOR_NHWC : CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, k->n, k->c, k->h,
                             k->w);
  cudnnBatchNormMode_t cm = k->spatial ? CUDNN_BATCHNORM_SPATIAL : CUDNN_BATCHNORM_PER_ACTIVATION;
  cudnnDeriveBNTensorDescriptor(cb, cx, cm);
  litdnnTensorDescriptor_t lx, lb;
  litdnnCreateTensorDescriptor(&lx);
  litdnnCreateTensorDescriptor(&lb);
  litdnnSetTensor4dDescriptor(lx, k->nhwc ? LITDNN_TENSOR_NHWC : LITDNN_TENSOR_NCHW, LITDNN_DATA_FLOAT, k->n, k->c,
                              k->h, k->w);
  litdnnBatchNormMode_t lm = k->spatial ? LITDNN_BATCHNORM_SPATIAL : LITDNN_BATCHNORM_PER_ACTIVATION;
  litdnnDeriveBNTensorDescriptor(lb, lx, lm);
  float *x = t_random(n, -1, 3), *g = t_random(n, -1, 1), *sc = t_random(F, 0.5f, 1.5f), *bi = t_random(F, -1, 1);
  float *rm = t_random(F, -1, 1), *rv = t_random(F, 0.5f, 2);
  float one = 1, zero = 0;
  double eps = 1e-5, factor = 0.25;
  void *dx = gpu_copy(x, n), *dg = gpu_copy(g, n), *dsc = gpu_copy(sc, F), *dbi = gpu_copy(bi, F);
  /* cuDNN's results: training, then inference with the running averages training left,
     then backward with the statistics training saved */
  void *cy = gpu_copy(x, n), *crm = gpu_copy(rm, F), *crv = gpu_copy(rv, F), *csm = gpu_copy(rm, F), *csi = gpu_copy(rm, F);
  void *ciy = gpu_copy(x, n), *cdx = gpu_copy(x, n), *cds = gpu_copy(sc, F), *cdb = gpu_copy(sc, F);
  cr_assert_eq(cudnnBatchNormalizationForwardTraining(dnn, cm, &one, &zero, cx, dx, cx, cy, cb, dsc, dbi, factor, crm,
                                                      crv, eps, csm, csi), CUDNN_STATUS_SUCCESS);
  cr_assert_eq(cudnnBatchNormalizationForwardInference(dnn, cm, &one, &zero, cx, dx, cx, ciy, cb, dsc, dbi, crm, crv,
                                                       eps), CUDNN_STATUS_SUCCESS);
  cr_assert_eq(cudnnBatchNormalizationBackward(dnn, cm, &one, &zero, &one, &zero, cx, dx, cx, dg, cx, cdx, cb, dsc,
                                               cds, cdb, eps, csm, csi), CUDNN_STATUS_SUCCESS);
  char what[256];
  snprintf(what, sizeof what, "%s, cuDNN case %d", t_case_name(c), c->problem);
  void *y = t_dev_poisoned(h, n), *m1 = gpu_copy(rm, F), *m2 = gpu_copy(rv, F);
  void *s1 = t_dev_poisoned(h, F), *s2 = t_dev_poisoned(h, F);
  litdnnStatus_t s;
  if (c->op == LITDNN_OP_BATCHNORM_FORWARD_TRAINING) {
    s = litdnnBatchNormalizationForwardTraining(h, lm, &one, &zero, lx, dx, lx, y, lb, dsc, dbi, factor, m1, m2, eps,
                                                s1, s2);
    t_case_status(c, s, 0);
    compare(h, y, cy, n, 1e-4, what, "y");
    compare(h, m1, crm, F, 1e-4, what, "running mean");
    compare(h, m2, crv, F, 1e-4, what, "running variance");
    compare(h, s1, csm, F, 1e-4, what, "saved mean");
    compare(h, s2, csi, F, 1e-3, what, "saved inverse std");
  } else if (c->op == LITDNN_OP_BATCHNORM_FORWARD_INFERENCE) {
    s = litdnnBatchNormalizationForwardInference(h, lm, &one, &zero, lx, dx, lx, y, lb, dsc, dbi, crm, crv, eps);
    t_case_status(c, s, 0);
    compare(h, y, ciy, n, 1e-5, what, "y");
  } else {
    s = litdnnBatchNormalizationBackward(h, lm, &one, &zero, &one, &zero, lx, dx, lx, dg, lx, y, lb, dsc, s1, s2, eps,
                                         csm, csi);
    t_case_status(c, s, 0);
    compare(h, y, cdx, n, 1e-4, what, "dx");
    compare(h, s1, cds, F, 1e-4, what, "dscale");
    compare(h, s2, cdb, F, 1e-4, what, "dbias");
  }
  t_dev_free(h, y); t_dev_free(h, m1); t_dev_free(h, m2); t_dev_free(h, s1); t_dev_free(h, s2);
  void *bufs[] = {dx, dg, dsc, dbi, cy, crm, crv, csm, csi, ciy, cdx, cds, cdb};
  for (size_t b = 0; b < sizeof bufs / sizeof bufs[0]; b++) cudaFree(bufs[b]);
  free(x); free(g); free(sc); free(bi); free(rm); free(rv);
  cudnnDestroyTensorDescriptor(cx); cudnnDestroyTensorDescriptor(cb);
  litdnnDestroyTensorDescriptor(lx); litdnnDestroyTensorDescriptor(lb);
  litdnnDestroy(h);
  cudnnDestroy(dnn);
}

#define CUDNN_CASES(name, op)                                                                \
  ParameterizedTestParameters(batchnorm_cudnn, name)                                         \
  {                                                                                          \
    return t_cases_on(op, NCASES, LITDNN_BACKEND_BIT(LITDNN_BACKEND_CUDA), NULL);            \
  }                                                                                          \
  ParameterizedTest(t_case *c, batchnorm_cudnn, name) { agrees_with_cudnn(c); }

CUDNN_CASES(training_forward_agrees_with_cudnn, LITDNN_OP_BATCHNORM_FORWARD_TRAINING)
CUDNN_CASES(inference_forward_agrees_with_cudnn, LITDNN_OP_BATCHNORM_FORWARD_INFERENCE)
CUDNN_CASES(backward_agrees_with_cudnn, LITDNN_OP_BATCHNORM_BACKWARD)
