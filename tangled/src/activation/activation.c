#line 1010 "chapters/03-activations.nw"
#include "activation/activation.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#line 1024 "chapters/03-activations.nw"
static const char *const mode_names[LITDNN_ACTIVATION_MODE_COUNT] = {
  "sigmoid", "relu", "tanh", "clipped_relu", "elu", "identity", "swish", "leaky_relu", "gelu",
  "gelu_tanh",
};

const char *litdnnGetActivationModeName(litdnnActivationMode_t mode)
{
  return (int)mode >= 0 && (int)mode < LITDNN_ACTIVATION_MODE_COUNT ? mode_names[mode] : "unknown";
}
#line 1042 "chapters/03-activations.nw"
litdnnStatus_t litdnnCreateActivationDescriptor(litdnnActivationDescriptor_t *activationDesc)
{
  LITDNN_API_CALL("litdnnCreateActivationDescriptor");
  LITDNN_CHECK_NULL(call, activationDesc);
  struct litdnnActivationStruct *d = calloc(1, sizeof *d);
  if (!d)
    return litdnn_error(LITDNN_STATUS_ALLOC_FAILED, call, "out of host memory");
  *activationDesc = d;
  return LITDNN_STATUS_SUCCESS;
}

static int uses_coef(litdnnActivationMode_t mode)
{
  return mode == LITDNN_ACTIVATION_CLIPPED_RELU || mode == LITDNN_ACTIVATION_ELU ||
         mode == LITDNN_ACTIVATION_SWISH || mode == LITDNN_ACTIVATION_LEAKY_RELU;
}

litdnnStatus_t litdnnSetActivationDescriptor(litdnnActivationDescriptor_t activationDesc,
                                             litdnnActivationMode_t mode,
                                             litdnnNanPropagation_t reluNanOpt, double coef)
{
  LITDNN_API_CALL("litdnnSetActivationDescriptor");
  LITDNN_CHECK_NULL(call, activationDesc);
  if ((int)mode < 0 || (int)mode >= LITDNN_ACTIVATION_MODE_COUNT)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call,
                        "mode = %d is not a litdnnActivationMode_t", (int)mode);
  if (reluNanOpt != LITDNN_NOT_PROPAGATE_NAN && reluNanOpt != LITDNN_PROPAGATE_NAN)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call,
                        "reluNanOpt = %d is not a litdnnNanPropagation_t", (int)reluNanOpt);
  if (uses_coef(mode)) {
    if (!isfinite(coef) || fabs(coef) > 3.0e38)
      return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call,
                          "coef = %g is not a finite float (mode %s)", coef, mode_names[mode]);
    if (mode == LITDNN_ACTIVATION_CLIPPED_RELU && !(coef > 0))
      return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call,
                          "coef = %g: the ceiling of clipped_relu must be positive", coef);
    if (mode == LITDNN_ACTIVATION_ELU && coef < 0)
      return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call,
                          "coef = %g: the alpha of elu must not be negative", coef);
  }
  activationDesc->is_set = 1;
  activationDesc->mode = mode;
  activationDesc->nan = reluNanOpt;
  activationDesc->coef = coef;
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnGetActivationDescriptor(const litdnnActivationDescriptor_t activationDesc,
                                             litdnnActivationMode_t *mode,
                                             litdnnNanPropagation_t *reluNanOpt, double *coef)
{
  LITDNN_API_CALL("litdnnGetActivationDescriptor");
  LITDNN_CHECK_NULL(call, activationDesc);
  if (!activationDesc->is_set)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_NOT_FINALIZED, call, "activationDesc was never set");
  LITDNN_CHECK_NULL(call, mode);
  LITDNN_CHECK_NULL(call, reluNanOpt);
  LITDNN_CHECK_NULL(call, coef);
  *mode = activationDesc->mode;
  *reluNanOpt = activationDesc->nan;
  *coef = activationDesc->coef;
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnDestroyActivationDescriptor(litdnnActivationDescriptor_t activationDesc)
{
  LITDNN_API_CALL("litdnnDestroyActivationDescriptor");
  free(activationDesc); /* like free(NULL), destroying nothing succeeds */
  return LITDNN_STATUS_SUCCESS;
}
#line 1124 "chapters/03-activations.nw"
static int overlaps_itself(const struct litdnnTensorStruct *t)
{
  int order[LITDNN_DIM_MAX], k = 0;
  for (int d = 0; d < t->nbDims; d++)
    if (t->dims[d] > 1)
      order[k++] = d;
  for (int i = 1; i < k; i++) /* insertion sort by stride */
    for (int j = i; j > 0 && t->strides[order[j]] < t->strides[order[j - 1]]; j--) {
      int swap = order[j];
      order[j] = order[j - 1];
      order[j - 1] = swap;
    }
  int64_t reach = 0; /* the largest offset of the dimensions so far */
  for (int i = 0; i < k; i++) {
    int d = order[i];
    if (t->strides[d] <= reach)
      return 1;
    reach += (t->dims[d] - 1) * t->strides[d];
  }
  return 0;
}

static litdnnStatus_t check_same_shape(const char *call, const char *name,
                                       const struct litdnnTensorStruct *t, const char *ref_name,
                                       const struct litdnnTensorStruct *ref)
{
  int same = t->nbDims == ref->nbDims;
  for (int d = 0; same && d < t->nbDims; d++)
    same = t->dims[d] == ref->dims[d];
  if (!same) {
    char got[128] = "", want[128] = "";
    for (int d = 0; d < t->nbDims; d++)
      snprintf(got + strlen(got), sizeof got - strlen(got), "%s%lld", d ? "x" : "", (long long)t->dims[d]);
    for (int d = 0; d < ref->nbDims; d++)
      snprintf(want + strlen(want), sizeof want - strlen(want), "%s%lld", d ? "x" : "",
               (long long)ref->dims[d]);
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, call,
                        "%s is %s but %s is %s; they must have the same dimensions", name, got,
                        ref_name, want);
  }
  return LITDNN_STATUS_SUCCESS;
}

static litdnnStatus_t check_output(const char *call, const char *name,
                                   const struct litdnnTensorStruct *t)
{
  if (overlaps_itself(t))
    return litdnn_error(LITDNN_STATUS_NOT_SUPPORTED_LAYOUT, call,
                        "%s has strides that make two elements share an address; an output "
                        "must not overlap itself", name);
  return LITDNN_STATUS_SUCCESS;
}

/* the parameter bears the public name: LITDNN_CHECK_NULL prints it */
static litdnnStatus_t check_descriptor(const char *call, litdnnActivationDescriptor_t activationDesc)
{
  LITDNN_CHECK_NULL(call, activationDesc);
  if (!activationDesc->is_set)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_NOT_FINALIZED, call, "activationDesc was never set");
  return LITDNN_STATUS_SUCCESS;
}

/* The description of the tensors that the stages use. */
static void describe(litdnn_act_layout *l, int64_t *n, int *flat, int ntensors,
                     const struct litdnnTensorStruct *const *t)
{
  memset(l, 0, sizeof *l);
  l->nbDims = t[0]->nbDims;
  for (int d = 0; d < l->nbDims; d++) {
    l->dims[d] = t[0]->dims[d];
    for (int k = 0; k < ntensors; k++)
      l->strides[k][d] = t[k]->strides[d];
  }
  *n = litdnn_tensor_count(t[0]);
  *flat = 1;
  for (int k = 0; k < ntensors; k++)
    *flat = *flat && litdnn_tensor_is_packed(t[k]) && litdnn_tensors_same_layout(t[k], t[0]);
}
#line 1210 "chapters/03-activations.nw"
#define ACT_CHECK(expr)                       \
  do {                                        \
    litdnnStatus_t status_ = (expr);          \
    if (status_ != LITDNN_STATUS_SUCCESS)     \
      return status_;                         \
  } while (0)

litdnnStatus_t litdnnActivationForward(litdnnHandle_t handle,
                                       litdnnActivationDescriptor_t activationDesc,
                                       const void *alpha, const litdnnTensorDescriptor_t xDesc,
                                       const void *x, const void *beta,
                                       const litdnnTensorDescriptor_t yDesc, void *y)
{
  LITDNN_API_CALL("litdnnActivationForward");
  ACT_CHECK(litdnn_check_handle(call, handle));
  ACT_CHECK(check_descriptor(call, activationDesc));
  LITDNN_CHECK_NULL(call, alpha);
  ACT_CHECK(litdnn_check_tensor(call, "xDesc", xDesc));
  LITDNN_CHECK_NULL(call, x);
  LITDNN_CHECK_NULL(call, beta);
  ACT_CHECK(litdnn_check_tensor(call, "yDesc", yDesc));
  LITDNN_CHECK_NULL(call, y);
  ACT_CHECK(check_same_shape(call, "yDesc", yDesc, "xDesc", xDesc));
  ACT_CHECK(check_output(call, "yDesc", yDesc));

  litdnn_act_forward_args a;
  const struct litdnnTensorStruct *tensors[2] = {xDesc, yDesc};
  describe(&a.layout, &a.n, &a.flat, 2, tensors);
  a.mode = activationDesc->mode;
  a.propagate_nan = activationDesc->nan == LITDNN_PROPAGATE_NAN;
  a.coef = (float)activationDesc->coef;
  a.alpha = *(const float *)alpha;
  a.beta = *(const float *)beta;
  a.x = (const float *)x;
  a.y = (float *)y;
  return litdnn_run_op(handle, LITDNN_OP_ACTIVATION_FORWARD, call, &a);
}
#line 1250 "chapters/03-activations.nw"
litdnnStatus_t litdnnActivationBackward(litdnnHandle_t handle,
                                        litdnnActivationDescriptor_t activationDesc,
                                        const void *alpha, const litdnnTensorDescriptor_t yDesc,
                                        const void *y, const litdnnTensorDescriptor_t dyDesc,
                                        const void *dy, const litdnnTensorDescriptor_t xDesc,
                                        const void *x, const void *beta,
                                        const litdnnTensorDescriptor_t dxDesc, void *dx)
{
  LITDNN_API_CALL("litdnnActivationBackward");
  ACT_CHECK(litdnn_check_handle(call, handle));
  ACT_CHECK(check_descriptor(call, activationDesc));
  LITDNN_CHECK_NULL(call, alpha);
  ACT_CHECK(litdnn_check_tensor(call, "yDesc", yDesc));
  LITDNN_CHECK_NULL(call, y);
  ACT_CHECK(litdnn_check_tensor(call, "dyDesc", dyDesc));
  LITDNN_CHECK_NULL(call, dy);
  ACT_CHECK(litdnn_check_tensor(call, "xDesc", xDesc));
  LITDNN_CHECK_NULL(call, x);
  LITDNN_CHECK_NULL(call, beta);
  ACT_CHECK(litdnn_check_tensor(call, "dxDesc", dxDesc));
  LITDNN_CHECK_NULL(call, dx);
  ACT_CHECK(check_same_shape(call, "yDesc", yDesc, "dxDesc", dxDesc));
  ACT_CHECK(check_same_shape(call, "dyDesc", dyDesc, "dxDesc", dxDesc));
  ACT_CHECK(check_same_shape(call, "xDesc", xDesc, "dxDesc", dxDesc));
  ACT_CHECK(check_output(call, "dxDesc", dxDesc));

  litdnn_act_backward_args a;
  const struct litdnnTensorStruct *tensors[4] = {yDesc, dyDesc, xDesc, dxDesc};
  describe(&a.layout, &a.n, &a.flat, 4, tensors);
  a.mode = activationDesc->mode;
  a.propagate_nan = activationDesc->nan == LITDNN_PROPAGATE_NAN;
  a.coef = (float)activationDesc->coef;
  a.alpha = *(const float *)alpha;
  a.beta = *(const float *)beta;
  a.y = (const float *)y;
  a.dy = (const float *)dy;
  a.x = (const float *)x;
  a.dx = (float *)dx;
  return litdnn_run_op(handle, LITDNN_OP_ACTIVATION_BACKWARD, call, &a);
}
