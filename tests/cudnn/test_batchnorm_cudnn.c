/* Batch normalization against the real cuDNN, on a GPU: every GPU stage of
   the three operations, both modes and both layouts, same inputs. */
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

Test(batchnorm_cudnn, every_gpu_stage_agrees_with_cudnn)
{
  if (!t_have_gpu())
    cr_skip_test("no CUDA device");
  cudnnHandle_t dnn;
  cr_assert_eq(cudnnCreate(&dnn), CUDNN_STATUS_SUCCESS);
  litdnnHandle_t h = t_handle(LITDNN_BACKEND_CUDA);
  const litdnnOp_t ops[3] = {LITDNN_OP_BATCHNORM_FORWARD_TRAINING, LITDNN_OP_BATCHNORM_FORWARD_INFERENCE,
                             LITDNN_OP_BATCHNORM_BACKWARD};
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    const cmp_case *c = &cases[k];
    size_t n = (size_t)c->n * c->c * c->h * c->w, F = c->spatial ? (size_t)c->c : (size_t)c->c * c->h * c->w;
    cudnnTensorDescriptor_t cx, cb;
    cudnnCreateTensorDescriptor(&cx);
    cudnnCreateTensorDescriptor(&cb);
    cudnnSetTensor4dDescriptor(cx, c->nhwc ? CUDNN_TENSOR_NHWC : CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, c->n, c->c, c->h,
                               c->w);
    cudnnBatchNormMode_t cm = c->spatial ? CUDNN_BATCHNORM_SPATIAL : CUDNN_BATCHNORM_PER_ACTIVATION;
    cudnnDeriveBNTensorDescriptor(cb, cx, cm);
    litdnnTensorDescriptor_t lx, lb;
    litdnnCreateTensorDescriptor(&lx);
    litdnnCreateTensorDescriptor(&lb);
    litdnnSetTensor4dDescriptor(lx, c->nhwc ? LITDNN_TENSOR_NHWC : LITDNN_TENSOR_NCHW, LITDNN_DATA_FLOAT, c->n, c->c,
                                c->h, c->w);
    litdnnBatchNormMode_t lm = c->spatial ? LITDNN_BATCHNORM_SPATIAL : LITDNN_BATCHNORM_PER_ACTIVATION;
    litdnnDeriveBNTensorDescriptor(lb, lx, lm);
    float *x = t_random(n, -1, 3), *g = t_random(n, -1, 1), *sc = t_random(F, 0.5f, 1.5f), *bi = t_random(F, -1, 1);
    float *rm = t_random(F, -1, 1), *rv = t_random(F, 0.5f, 2);
    float one = 1, zero = 0;
    double eps = 1e-5, factor = 0.25;
    void *dx = gpu_copy(x, n), *dg = gpu_copy(g, n), *dsc = gpu_copy(sc, F), *dbi = gpu_copy(bi, F);
    /* cuDNN's results */
    void *cy = gpu_copy(x, n), *crm = gpu_copy(rm, F), *crv = gpu_copy(rv, F), *csm = gpu_copy(rm, F), *csi = gpu_copy(rm, F);
    void *ciy = gpu_copy(x, n), *cdx = gpu_copy(x, n), *cds = gpu_copy(sc, F), *cdb = gpu_copy(sc, F);
    cr_assert_eq(cudnnBatchNormalizationForwardTraining(dnn, cm, &one, &zero, cx, dx, cx, cy, cb, dsc, dbi, factor, crm,
                                                        crv, eps, csm, csi), CUDNN_STATUS_SUCCESS);
    cr_assert_eq(cudnnBatchNormalizationForwardInference(dnn, cm, &one, &zero, cx, dx, cx, ciy, cb, dsc, dbi, crm, crv,
                                                         eps), CUDNN_STATUS_SUCCESS);
    cr_assert_eq(cudnnBatchNormalizationBackward(dnn, cm, &one, &zero, &one, &zero, cx, dx, cx, dg, cx, cdx, cb, dsc,
                                                 cds, cdb, eps, csm, csi), CUDNN_STATUS_SUCCESS);
    float *ref_y = host_copy(cy, n), *ref_rm = host_copy(crm, F), *ref_rv = host_copy(crv, F);
    float *ref_sm = host_copy(csm, F), *ref_si = host_copy(csi, F), *ref_iy = host_copy(ciy, n);
    float *ref_dx = host_copy(cdx, n), *ref_ds = host_copy(cds, F), *ref_db = host_copy(cdb, F);
    for (int o = 0; o < 3; o++) {
      int count = 0;
      litdnnGetStageCount(ops[o], &count);
      for (int s = 0; s < count; s++) {
        if (litdnnSetStage(h, ops[o], s) != LITDNN_STATUS_SUCCESS)
          continue; /* not a GPU stage */
        const char *name;
        litdnnGetStageInfo(ops[o], s, &name, NULL, NULL);
        char what[128];
        snprintf(what, sizeof what, "%s / %s, case %zu", litdnnGetOpName(ops[o]), name, k);
        void *y = t_dev_poisoned(h, n), *m1 = gpu_copy(rm, F), *m2 = gpu_copy(rv, F);
        void *s1 = t_dev_poisoned(h, F), *s2 = t_dev_poisoned(h, F);
        if (o == 0) {
          cr_assert_eq(litdnnBatchNormalizationForwardTraining(h, lm, &one, &zero, lx, dx, lx, y, lb, dsc, dbi, factor,
                                                               m1, m2, eps, s1, s2), LITDNN_STATUS_SUCCESS);
          float *got = t_dev_fetch(h, y, n);
          compare(got, ref_y, n, 1e-4, what);
          free(got);
          got = t_dev_fetch(h, m1, F); compare(got, ref_rm, F, 1e-4, "running mean"); free(got);
          got = t_dev_fetch(h, m2, F); compare(got, ref_rv, F, 1e-4, "running variance"); free(got);
          got = t_dev_fetch(h, s1, F); compare(got, ref_sm, F, 1e-4, "saved mean"); free(got);
          got = t_dev_fetch(h, s2, F); compare(got, ref_si, F, 1e-3, "saved inverse std"); free(got);
        } else if (o == 1) {
          cr_assert_eq(litdnnBatchNormalizationForwardInference(h, lm, &one, &zero, lx, dx, lx, y, lb, dsc, dbi, crm,
                                                                crv, eps), LITDNN_STATUS_SUCCESS);
          float *got = t_dev_fetch(h, y, n);
          compare(got, ref_iy, n, 1e-5, what);
          free(got);
        } else {
          cr_assert_eq(litdnnBatchNormalizationBackward(h, lm, &one, &zero, &one, &zero, lx, dx, lx, dg, lx, y, lb, dsc,
                                                        s1, s2, eps, csm, csi), LITDNN_STATUS_SUCCESS);
          float *got = t_dev_fetch(h, y, n);
          compare(got, ref_dx, n, 1e-4, what);
          free(got);
          got = t_dev_fetch(h, s1, F); compare(got, ref_ds, F, 1e-4, "dscale"); free(got);
          got = t_dev_fetch(h, s2, F); compare(got, ref_db, F, 1e-4, "dbias"); free(got);
        }
        t_dev_free(h, y); t_dev_free(h, m1); t_dev_free(h, m2); t_dev_free(h, s1); t_dev_free(h, s2);
      }
      litdnnSetStage(h, ops[o], LITDNN_STAGE_AUTOMATIC);
    }
    void *bufs[] = {dx, dg, dsc, dbi, cy, crm, crv, csm, csi, ciy, cdx, cds, cdb};
    for (size_t b = 0; b < sizeof bufs / sizeof bufs[0]; b++) cudaFree(bufs[b]);
    free(x); free(g); free(sc); free(bi); free(rm); free(rv);
    free(ref_y); free(ref_rm); free(ref_rv); free(ref_sm); free(ref_si); free(ref_iy); free(ref_dx); free(ref_ds);
    free(ref_db);
    cudnnDestroyTensorDescriptor(cx); cudnnDestroyTensorDescriptor(cb);
    litdnnDestroyTensorDescriptor(lx); litdnnDestroyTensorDescriptor(lb);
  }
  litdnnDestroy(h);
  cudnnDestroy(dnn);
}
