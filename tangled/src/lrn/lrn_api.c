#line 5498 "chapters/08-normalization.nw"
#include "lrn/lrn.h"
#include <stdlib.h>
#include <string.h>

#line 5511 "chapters/08-normalization.nw"
litdnnStatus_t litdnnCreateLRNDescriptor(litdnnLRNDescriptor_t *normDesc)
{
  LITDNN_API_CALL("litdnnCreateLRNDescriptor");
  LITDNN_CHECK_NULL(call, normDesc);
  struct litdnnLRNStruct *d = (struct litdnnLRNStruct *)malloc(sizeof *d);
  if (!d)
    return litdnn_error(LITDNN_STATUS_ALLOC_FAILED, call, "out of host memory");
  d->n = 5;
  d->alpha = 1e-4;
  d->beta = 0.75;
  d->k = 2.0;
  *normDesc = d;
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnSetLRNDescriptor(litdnnLRNDescriptor_t normDesc, unsigned lrnN, double lrnAlpha,
                                      double lrnBeta, double lrnK)
{
  LITDNN_API_CALL("litdnnSetLRNDescriptor");
  LITDNN_CHECK_NULL(call, normDesc);
  if (lrnN < LITDNN_LRN_MIN_N || lrnN > LITDNN_LRN_MAX_N)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call, "lrnN = %u is not in [%d, %d]", lrnN,
                        LITDNN_LRN_MIN_N, LITDNN_LRN_MAX_N);
  if (!(lrnAlpha == lrnAlpha) || lrnAlpha - lrnAlpha != 0.0)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call, "lrnAlpha = %g is not finite", lrnAlpha);
  if (!(lrnBeta >= LITDNN_LRN_MIN_BETA) || lrnBeta - lrnBeta != 0.0)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call, "lrnBeta = %g is below LITDNN_LRN_MIN_BETA = %g",
                        lrnBeta, LITDNN_LRN_MIN_BETA);
  if (!(lrnK >= LITDNN_LRN_MIN_K) || lrnK - lrnK != 0.0)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call, "lrnK = %g is below LITDNN_LRN_MIN_K = %g", lrnK,
                        LITDNN_LRN_MIN_K);
  normDesc->n = lrnN;
  normDesc->alpha = lrnAlpha;
  normDesc->beta = lrnBeta;
  normDesc->k = lrnK;
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnGetLRNDescriptor(litdnnLRNDescriptor_t normDesc, unsigned *lrnN, double *lrnAlpha,
                                      double *lrnBeta, double *lrnK)
{
  LITDNN_API_CALL("litdnnGetLRNDescriptor");
  LITDNN_CHECK_NULL(call, normDesc);
  if (lrnN) *lrnN = normDesc->n;
  if (lrnAlpha) *lrnAlpha = normDesc->alpha;
  if (lrnBeta) *lrnBeta = normDesc->beta;
  if (lrnK) *lrnK = normDesc->k;
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnDestroyLRNDescriptor(litdnnLRNDescriptor_t normDesc)
{
  LITDNN_API_CALL("litdnnDestroyLRNDescriptor");
  free(normDesc);
  return LITDNN_STATUS_SUCCESS;
}
#line 5577 "chapters/08-normalization.nw"
static litdnnStatus_t check_lrn_tensor(const char *call, const char *param, litdnnTensorDescriptor_t d,
                                       litdnnTensorDescriptor_t x)
{
  litdnnStatus_t s = litdnn_check_tensor(call, param, d);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  if (d->nbDims != 4)
    return litdnn_error(LITDNN_STATUS_NOT_SUPPORTED, call, "%s has %d dimensions; LRN takes 4-d tensors", param,
                        d->nbDims);
  for (int i = 0; x && i < 4; i++)
    if (d->dims[i] != x->dims[i])
      return litdnn_error(LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, call, "%s is %lldx%lldx%lldx%lld but xDesc is "
                          "%lldx%lldx%lldx%lld", param, (long long)d->dims[0], (long long)d->dims[1],
                          (long long)d->dims[2], (long long)d->dims[3], (long long)x->dims[0],
                          (long long)x->dims[1], (long long)x->dims[2], (long long)x->dims[3]);
  return LITDNN_STATUS_SUCCESS;
}

static litdnnStatus_t check_lrn_common(const char *call, litdnnHandle_t handle, litdnnLRNDescriptor_t normDesc,
                                       litdnnLRNMode_t lrnMode)
{
  litdnnStatus_t s = litdnn_check_handle(call, handle);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  LITDNN_CHECK_NULL(call, normDesc);
  if (lrnMode != LITDNN_LRN_CROSS_CHANNEL_DIM1)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call, "lrnMode = %d is not a litdnnLRNMode_t",
                        (int)lrnMode);
  return LITDNN_STATUS_SUCCESS;
}

static void fill_lrn(litdnn_lrn_args *a, litdnnLRNDescriptor_t d, litdnnTensorDescriptor_t x, const void *alpha,
                     const void *beta)
{
  memset(a, 0, sizeof *a);
  for (int i = 0; i < 4; i++) {
    a->dims[i] = x->dims[i];
    a->xs[i] = x->strides[i];
  }
  a->lo = (int)(d->n - 1) / 2;
  a->hi = (int)d->n - 1 - a->lo;
  a->k = d->k;
  a->a_over_n = d->alpha / d->n;
  a->power = d->beta;
  a->alpha = *(const float *)alpha;
  a->beta = *(const float *)beta;
}
#line 5627 "chapters/08-normalization.nw"
litdnnStatus_t litdnnLRNCrossChannelForward(litdnnHandle_t handle, litdnnLRNDescriptor_t normDesc,
                                            litdnnLRNMode_t lrnMode, const void *alpha,
                                            litdnnTensorDescriptor_t xDesc, const void *x, const void *beta,
                                            litdnnTensorDescriptor_t yDesc, void *y)
{
  LITDNN_API_CALL("litdnnLRNCrossChannelForward");
  litdnnStatus_t s = check_lrn_common(call, handle, normDesc, lrnMode);
  if (s == LITDNN_STATUS_SUCCESS) s = check_lrn_tensor(call, "xDesc", xDesc, NULL);
  if (s == LITDNN_STATUS_SUCCESS) s = check_lrn_tensor(call, "yDesc", yDesc, xDesc);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  LITDNN_CHECK_NULL(call, alpha);
  LITDNN_CHECK_NULL(call, beta);
  LITDNN_CHECK_NULL(call, x);
  LITDNN_CHECK_NULL(call, y);
  litdnn_lrn_args a;
  fill_lrn(&a, normDesc, xDesc, alpha, beta);
  for (int i = 0; i < 4; i++)
    a.ys[i] = yDesc->strides[i];
  a.x = (const float *)x;
  a.out = (float *)y;
  return litdnn_run_op(handle, LITDNN_OP_LRN_FORWARD, call, &a);
}

litdnnStatus_t litdnnLRNCrossChannelBackward(litdnnHandle_t handle, litdnnLRNDescriptor_t normDesc,
                                             litdnnLRNMode_t lrnMode, const void *alpha,
                                             litdnnTensorDescriptor_t yDesc, const void *y,
                                             litdnnTensorDescriptor_t dyDesc, const void *dy,
                                             litdnnTensorDescriptor_t xDesc, const void *x, const void *beta,
                                             litdnnTensorDescriptor_t dxDesc, void *dx)
{
  LITDNN_API_CALL("litdnnLRNCrossChannelBackward");
  litdnnStatus_t s = check_lrn_common(call, handle, normDesc, lrnMode);
  if (s == LITDNN_STATUS_SUCCESS) s = check_lrn_tensor(call, "xDesc", xDesc, NULL);
  if (s == LITDNN_STATUS_SUCCESS) s = check_lrn_tensor(call, "yDesc", yDesc, xDesc);
  if (s == LITDNN_STATUS_SUCCESS) s = check_lrn_tensor(call, "dyDesc", dyDesc, xDesc);
  if (s == LITDNN_STATUS_SUCCESS) s = check_lrn_tensor(call, "dxDesc", dxDesc, xDesc);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  LITDNN_CHECK_NULL(call, alpha);
  LITDNN_CHECK_NULL(call, beta);
  LITDNN_CHECK_NULL(call, y);
  LITDNN_CHECK_NULL(call, dy);
  LITDNN_CHECK_NULL(call, x);
  LITDNN_CHECK_NULL(call, dx);
  litdnn_lrn_args a;
  fill_lrn(&a, normDesc, xDesc, alpha, beta);
  for (int i = 0; i < 4; i++) {
    a.ys[i] = yDesc->strides[i];
    a.dys[i] = dyDesc->strides[i];
    a.dxs[i] = dxDesc->strides[i];
  }
  a.x = (const float *)x;
  a.y = (const float *)y;
  a.dy = (const float *)dy;
  a.out = (float *)dx;
  return litdnn_run_op(handle, LITDNN_OP_LRN_BACKWARD, call, &a);
}
