#line 391 "chapters/08-normalization.nw"
#include "batchnorm/batchnorm.h"
#include <math.h>

#line 403 "chapters/08-normalization.nw"
static litdnnStatus_t check_mode(const char *call, litdnnBatchNormMode_t mode)
{
  if (mode != LITDNN_BATCHNORM_PER_ACTIVATION && mode != LITDNN_BATCHNORM_SPATIAL)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call,
                        "mode = %d is not a litdnnBatchNormMode_t", (int)mode);
  return LITDNN_STATUS_SUCCESS;
}

static litdnnStatus_t check_4d(const char *call, const char *param, litdnnTensorDescriptor_t d)
{
  litdnnStatus_t s = litdnn_check_tensor(call, param, d);
  if (s == LITDNN_STATUS_SUCCESS && d->nbDims != 4)
    return litdnn_error(LITDNN_STATUS_NOT_SUPPORTED, call,
                        "%s has %d dimensions; batch normalization takes 4-d tensors", param, d->nbDims);
  return s;
}

static litdnnStatus_t check_same_shape(const char *call, const char *param,
                                       litdnnTensorDescriptor_t d, litdnnTensorDescriptor_t x)
{
  litdnnStatus_t s = check_4d(call, param, d);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  for (int i = 0; i < 4; i++)
    if (d->dims[i] != x->dims[i])
      return litdnn_error(LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, call,
                          "%s is %lldx%lldx%lldx%lld but xDesc is %lldx%lldx%lldx%lld", param,
                          (long long)d->dims[0], (long long)d->dims[1], (long long)d->dims[2],
                          (long long)d->dims[3], (long long)x->dims[0], (long long)x->dims[1],
                          (long long)x->dims[2], (long long)x->dims[3]);
  return LITDNN_STATUS_SUCCESS;
}

/* The per-feature tensors: 1xCx1x1 (spatial) or 1xCxHxW, packed. */
static litdnnStatus_t check_bn_desc(const char *call, const char *param, litdnnTensorDescriptor_t d,
                                    litdnnTensorDescriptor_t x, litdnnBatchNormMode_t mode)
{
  litdnnStatus_t s = check_4d(call, param, d);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  int spatial = mode == LITDNN_BATCHNORM_SPATIAL;
  int64_t want[4] = {1, x->dims[1], spatial ? 1 : x->dims[2], spatial ? 1 : x->dims[3]};
  for (int i = 0; i < 4; i++)
    if (d->dims[i] != want[i])
      return litdnn_error(LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, call,
                          "%s is %lldx%lldx%lldx%lld, but the mode needs %lldx%lldx%lldx%lld", param,
                          (long long)d->dims[0], (long long)d->dims[1], (long long)d->dims[2],
                          (long long)d->dims[3], (long long)want[0], (long long)want[1],
                          (long long)want[2], (long long)want[3]);
  int64_t packed[4] = {want[1] * want[2] * want[3], want[2] * want[3], want[3], 1};
  for (int i = 0; i < 4; i++)
    if (d->dims[i] > 1 && d->strides[i] != packed[i])
      return litdnn_error(LITDNN_STATUS_NOT_SUPPORTED_LAYOUT, call,
                          "%s must be packed in NCHW order, as litdnnDeriveBNTensorDescriptor makes it",
                          param);
  return LITDNN_STATUS_SUCCESS;
}

static litdnnStatus_t check_epsilon(const char *call, double epsilon)
{
  if (!(epsilon >= LITDNN_BN_MIN_EPSILON))
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call,
                        "epsilon = %g is below LITDNN_BN_MIN_EPSILON = %g", epsilon,
                        LITDNN_BN_MIN_EPSILON);
  return LITDNN_STATUS_SUCCESS;
}

static void fill_shape(litdnn_batchnorm_args *a, litdnnBatchNormMode_t mode, litdnnTensorDescriptor_t x)
{
  a->spatial = mode == LITDNN_BATCHNORM_SPATIAL;
  for (int i = 0; i < 4; i++) {
    a->dims[i] = x->dims[i];
    a->xs[i] = x->strides[i];
  }
}
#line 540 "chapters/08-normalization.nw"
static int strides_are(const litdnn_batchnorm_args *a, const int64_t *s, const int64_t *want)
{
  for (int i = 0; i < 4; i++)
    if (a->dims[i] > 1 && s[i] != want[i])
      return 0;
  return 1;
}

int litdnn_batchnorm_layout(const litdnn_batchnorm_args *a, int backward)
{
  int64_t c = a->dims[1], h = a->dims[2], w = a->dims[3];
  int64_t nchw[4] = {c * h * w, h * w, w, 1}, nhwc[4] = {h * w * c, 1, w * c, c};
  const int64_t *tensors[3] = {a->xs, a->ys, a->dys};
  int count = backward ? 3 : 2, all_nchw = 1, all_nhwc = 1;
  for (int t = 0; t < count; t++) {
    all_nchw &= strides_are(a, tensors[t], nchw);
    all_nhwc &= strides_are(a, tensors[t], nhwc);
  }
  if (a->spatial && all_nchw)
    return LITDNN_BN_PLANES;
  if ((a->spatial && all_nhwc) || (!a->spatial && all_nchw))
    return LITDNN_BN_ROWS;
  return LITDNN_BN_GENERAL;
}

int litdnn_batchnorm_one_launch_fits(const litdnn_batchnorm_args *a, int layout, int backward)
{
  int64_t m = litdnn_batchnorm_per_feature(a), c = litdnn_batchnorm_features(a);
  int small = m <= LITDNN_BN_ONE_LAUNCH_MAX_M;
  int large = m > LITDNN_BN_ONE_LAUNCH_MAX_M && c >= LITDNN_BN_ONE_LAUNCH_MIN_C_LARGE;
  return layout == LITDNN_BN_PLANES && c >= LITDNN_BN_ONE_LAUNCH_MIN_C && (small || large) &&
         (backward || m >= LITDNN_BN_ONE_LAUNCH_MIN_M_TRAINING);
}

int litdnn_batchnorm_regs_fits(const litdnn_batchnorm_args *a, int layout, int backward)
{
  int64_t m = litdnn_batchnorm_per_feature(a), c = litdnn_batchnorm_features(a);
  return layout == LITDNN_BN_PLANES && c >= LITDNN_BN_ONE_LAUNCH_MIN_C &&
         m <= (backward ? LITDNN_BN_REGS_MAX_M_BACKWARD : LITDNN_BN_REGS_MAX_M) && c * m < ((int64_t)1 << 31);
}

static int aligned16(const void *p) { return ((uintptr_t)p & 15) == 0; }

int litdnn_batchnorm_vec4(const litdnn_batchnorm_args *a, int layout, int backward)
{
  int64_t run = layout == LITDNN_BN_PLANES ? a->dims[2] * a->dims[3] : litdnn_batchnorm_features(a);
  return aligned16(a->x) && aligned16(a->y) && (!backward || aligned16(a->dy)) && run % 4 == 0;
}

int litdnn_batchnorm_regs_threads(const litdnn_batchnorm_args *a, int backward)
{
  int vec = litdnn_batchnorm_vec4(a, LITDNN_BN_PLANES, backward);
  int64_t hw = a->dims[2] * a->dims[3], units = a->dims[0] * (vec ? hw / 4 : hw);
  int R = backward ? (vec ? LITDNN_BN_REGS_BACKWARD_UNITS_V : LITDNN_BN_REGS_BACKWARD_UNITS_S)
                   : (vec ? LITDNN_BN_REGS_UNITS_V : LITDNN_BN_REGS_UNITS_S);
  if (a->dims[1] * units >= ((int64_t)1 << 31))
    return 0;
  int t = LITDNN_BN_REGS_MIN_THREADS;
  while (t < LITDNN_BN_REGS_THREADS && (int64_t)t * R < units)
    t *= 2;
  return (int64_t)t * R >= units ? t : 0;
}
#line 606 "chapters/08-normalization.nw"
litdnnStatus_t litdnnDeriveBNTensorDescriptor(litdnnTensorDescriptor_t derivedBnDesc,
                                              litdnnTensorDescriptor_t xDesc,
                                              litdnnBatchNormMode_t mode)
{
  LITDNN_API_CALL("litdnnDeriveBNTensorDescriptor");
  LITDNN_CHECK_NULL(call, derivedBnDesc);
  litdnnStatus_t s = check_mode(call, mode);
  if (s == LITDNN_STATUS_SUCCESS)
    s = check_4d(call, "xDesc", xDesc);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  int spatial = mode == LITDNN_BATCHNORM_SPATIAL;
  return litdnnSetTensor4dDescriptor(derivedBnDesc, LITDNN_TENSOR_NCHW, xDesc->dtype, 1,
                                     (int)xDesc->dims[1], spatial ? 1 : (int)xDesc->dims[2],
                                     spatial ? 1 : (int)xDesc->dims[3]);
}
#line 628 "chapters/08-normalization.nw"
litdnnStatus_t litdnnBatchNormalizationForwardTraining(litdnnHandle_t handle,
    litdnnBatchNormMode_t mode, const void *alpha, const void *beta,
    litdnnTensorDescriptor_t xDesc, const void *x, litdnnTensorDescriptor_t yDesc, void *y,
    litdnnTensorDescriptor_t bnScaleBiasMeanVarDesc, const void *bnScale, const void *bnBias,
    double exponentialAverageFactor, void *resultRunningMean, void *resultRunningVariance,
    double epsilon, void *resultSaveMean, void *resultSaveInvVariance)
{
  LITDNN_API_CALL("litdnnBatchNormalizationForwardTraining");
  litdnnStatus_t s = litdnn_check_handle(call, handle);
  if (s == LITDNN_STATUS_SUCCESS) s = check_mode(call, mode);
  if (s == LITDNN_STATUS_SUCCESS) s = check_4d(call, "xDesc", xDesc);
  if (s == LITDNN_STATUS_SUCCESS) s = check_same_shape(call, "yDesc", yDesc, xDesc);
  if (s == LITDNN_STATUS_SUCCESS)
    s = check_bn_desc(call, "bnScaleBiasMeanVarDesc", bnScaleBiasMeanVarDesc, xDesc, mode);
  if (s == LITDNN_STATUS_SUCCESS) s = check_epsilon(call, epsilon);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  LITDNN_CHECK_NULL(call, alpha);
  LITDNN_CHECK_NULL(call, beta);
  LITDNN_CHECK_NULL(call, x);
  LITDNN_CHECK_NULL(call, y);
  LITDNN_CHECK_NULL(call, bnScale);
  LITDNN_CHECK_NULL(call, bnBias);
  if ((resultRunningMean == NULL) != (resultRunningVariance == NULL))
    return litdnn_error(LITDNN_STATUS_BAD_PARAM, call,
                        "resultRunningMean and resultRunningVariance must both be given or both be null");
  if ((resultSaveMean == NULL) != (resultSaveInvVariance == NULL))
    return litdnn_error(LITDNN_STATUS_BAD_PARAM, call,
                        "resultSaveMean and resultSaveInvVariance must both be given or both be null");
  if (resultRunningMean && !(exponentialAverageFactor >= 0.0 && exponentialAverageFactor <= 1.0))
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call,
                        "exponentialAverageFactor = %g is not in [0, 1]", exponentialAverageFactor);
  litdnn_batchnorm_args a = {0};
  fill_shape(&a, mode, xDesc);
  for (int i = 0; i < 4; i++)
    a.ys[i] = yDesc->strides[i];
  a.alpha = *(const float *)alpha;
  a.beta = *(const float *)beta;
  a.x = (const float *)x;
  a.y = (float *)y;
  a.scale = (const float *)bnScale;
  a.bias = (const float *)bnBias;
  a.run_mean = (float *)resultRunningMean;
  a.run_var = (float *)resultRunningVariance;
  a.factor = exponentialAverageFactor;
  a.save_mean = (float *)resultSaveMean;
  a.save_invstd = (float *)resultSaveInvVariance;
  a.eps = epsilon;
  return litdnn_run_op(handle, LITDNN_OP_BATCHNORM_FORWARD_TRAINING, call, &a);
}
#line 681 "chapters/08-normalization.nw"
litdnnStatus_t litdnnBatchNormalizationForwardInference(litdnnHandle_t handle,
    litdnnBatchNormMode_t mode, const void *alpha, const void *beta,
    litdnnTensorDescriptor_t xDesc, const void *x, litdnnTensorDescriptor_t yDesc, void *y,
    litdnnTensorDescriptor_t bnScaleBiasMeanVarDesc, const void *bnScale, const void *bnBias,
    const void *estimatedMean, const void *estimatedVariance, double epsilon)
{
  LITDNN_API_CALL("litdnnBatchNormalizationForwardInference");
  litdnnStatus_t s = litdnn_check_handle(call, handle);
  if (s == LITDNN_STATUS_SUCCESS) s = check_mode(call, mode);
  if (s == LITDNN_STATUS_SUCCESS) s = check_4d(call, "xDesc", xDesc);
  if (s == LITDNN_STATUS_SUCCESS) s = check_same_shape(call, "yDesc", yDesc, xDesc);
  if (s == LITDNN_STATUS_SUCCESS)
    s = check_bn_desc(call, "bnScaleBiasMeanVarDesc", bnScaleBiasMeanVarDesc, xDesc, mode);
  if (s == LITDNN_STATUS_SUCCESS) s = check_epsilon(call, epsilon);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  LITDNN_CHECK_NULL(call, alpha);
  LITDNN_CHECK_NULL(call, beta);
  LITDNN_CHECK_NULL(call, x);
  LITDNN_CHECK_NULL(call, y);
  LITDNN_CHECK_NULL(call, bnScale);
  LITDNN_CHECK_NULL(call, bnBias);
  LITDNN_CHECK_NULL(call, estimatedMean);
  LITDNN_CHECK_NULL(call, estimatedVariance);
  litdnn_batchnorm_args a = {0};
  fill_shape(&a, mode, xDesc);
  for (int i = 0; i < 4; i++)
    a.ys[i] = yDesc->strides[i];
  a.alpha = *(const float *)alpha;
  a.beta = *(const float *)beta;
  a.x = (const float *)x;
  a.y = (float *)y;
  a.scale = (const float *)bnScale;
  a.bias = (const float *)bnBias;
  a.mean_in = (const float *)estimatedMean;
  a.var_in = (const float *)estimatedVariance;
  a.eps = epsilon;
  return litdnn_run_op(handle, LITDNN_OP_BATCHNORM_FORWARD_INFERENCE, call, &a);
}
#line 723 "chapters/08-normalization.nw"
litdnnStatus_t litdnnBatchNormalizationBackward(litdnnHandle_t handle,
    litdnnBatchNormMode_t mode, const void *alphaDataDiff, const void *betaDataDiff,
    const void *alphaParamDiff, const void *betaParamDiff,
    litdnnTensorDescriptor_t xDesc, const void *x, litdnnTensorDescriptor_t dyDesc, const void *dy,
    litdnnTensorDescriptor_t dxDesc, void *dx, litdnnTensorDescriptor_t dBnScaleBiasDesc,
    const void *bnScale, void *dBnScaleResult, void *dBnBiasResult, double epsilon,
    const void *savedMean, const void *savedInvVariance)
{
  LITDNN_API_CALL("litdnnBatchNormalizationBackward");
  litdnnStatus_t s = litdnn_check_handle(call, handle);
  if (s == LITDNN_STATUS_SUCCESS) s = check_mode(call, mode);
  if (s == LITDNN_STATUS_SUCCESS) s = check_4d(call, "xDesc", xDesc);
  if (s == LITDNN_STATUS_SUCCESS) s = check_same_shape(call, "dyDesc", dyDesc, xDesc);
  if (s == LITDNN_STATUS_SUCCESS) s = check_same_shape(call, "dxDesc", dxDesc, xDesc);
  if (s == LITDNN_STATUS_SUCCESS)
    s = check_bn_desc(call, "dBnScaleBiasDesc", dBnScaleBiasDesc, xDesc, mode);
  if (s == LITDNN_STATUS_SUCCESS) s = check_epsilon(call, epsilon);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  LITDNN_CHECK_NULL(call, alphaDataDiff);
  LITDNN_CHECK_NULL(call, betaDataDiff);
  LITDNN_CHECK_NULL(call, alphaParamDiff);
  LITDNN_CHECK_NULL(call, betaParamDiff);
  LITDNN_CHECK_NULL(call, x);
  LITDNN_CHECK_NULL(call, dy);
  LITDNN_CHECK_NULL(call, dx);
  LITDNN_CHECK_NULL(call, bnScale);
  LITDNN_CHECK_NULL(call, dBnScaleResult);
  LITDNN_CHECK_NULL(call, dBnBiasResult);
  if ((savedMean == NULL) != (savedInvVariance == NULL))
    return litdnn_error(LITDNN_STATUS_BAD_PARAM, call,
                        "savedMean and savedInvVariance must both be given or both be null");
  litdnn_batchnorm_args a = {0};
  fill_shape(&a, mode, xDesc);
  for (int i = 0; i < 4; i++) {
    a.ys[i] = dxDesc->strides[i];
    a.dys[i] = dyDesc->strides[i];
  }
  a.alpha = *(const float *)alphaDataDiff;
  a.beta = *(const float *)betaDataDiff;
  a.alpha_p = *(const float *)alphaParamDiff;
  a.beta_p = *(const float *)betaParamDiff;
  a.x = (const float *)x;
  a.y = (float *)dx;
  a.dy = (const float *)dy;
  a.scale = (const float *)bnScale;
  a.mean_in = (const float *)savedMean;
  a.var_in = (const float *)savedInvVariance;
  a.dscale = (float *)dBnScaleResult;
  a.dbias = (float *)dBnBiasResult;
  a.eps = epsilon;
  return litdnn_run_op(handle, LITDNN_OP_BATCHNORM_BACKWARD, call, &a);
}
