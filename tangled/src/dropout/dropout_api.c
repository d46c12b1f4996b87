#line 654 "chapters/09-dropout.nw"
#include "dropout/dropout.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

#line 665 "chapters/09-dropout.nw"
litdnnStatus_t litdnnCreateDropoutDescriptor(litdnnDropoutDescriptor_t *dropoutDesc)
{
  LITDNN_API_CALL("litdnnCreateDropoutDescriptor");
  LITDNN_CHECK_NULL(call, dropoutDesc);
  struct litdnnDropoutStruct *d = (struct litdnnDropoutStruct *)calloc(1, sizeof *d);
  if (!d)
    return litdnn_error(LITDNN_STATUS_ALLOC_FAILED, call, "out of host memory");
  *dropoutDesc = d;
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnDestroyDropoutDescriptor(litdnnDropoutDescriptor_t dropoutDesc)
{
  LITDNN_API_CALL("litdnnDestroyDropoutDescriptor");
  free(dropoutDesc);
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnDropoutGetStatesSize(litdnnHandle_t handle, size_t *sizeInBytes)
{
  LITDNN_API_CALL("litdnnDropoutGetStatesSize");
  litdnnStatus_t s = litdnn_check_handle(call, handle);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  LITDNN_CHECK_NULL(call, sizeInBytes);
  *sizeInBytes = LITDNN_DROPOUT_STATES_BYTES;
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnDropoutGetReserveSpaceSize(litdnnTensorDescriptor_t xDesc, size_t *sizeInBytes)
{
  LITDNN_API_CALL("litdnnDropoutGetReserveSpaceSize");
  litdnnStatus_t s = litdnn_check_tensor(call, "xDesc", xDesc);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  LITDNN_CHECK_NULL(call, sizeInBytes);
  *sizeInBytes = LITDNN_DROPOUT_RESERVE_BYTES;
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnSetDropoutDescriptor(litdnnDropoutDescriptor_t dropoutDesc, litdnnHandle_t handle,
                                          float dropout, void *states, size_t stateSizeInBytes,
                                          unsigned long long seed)
{
  LITDNN_API_CALL("litdnnSetDropoutDescriptor");
  LITDNN_CHECK_NULL(call, dropoutDesc);
  litdnnStatus_t s = litdnn_check_handle(call, handle);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  if (!(dropout >= 0.0f && dropout < 1.0f))
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call, "dropout = %g is not in [0, 1)",
                        (double)dropout);
  LITDNN_CHECK_NULL(call, states);
  if (stateSizeInBytes < LITDNN_DROPOUT_STATES_BYTES)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_SIZE_INSUFFICIENT, call,
                        "stateSizeInBytes = %zu, but the states need %d bytes (litdnnDropoutGetStatesSize)",
                        stateSizeInBytes, LITDNN_DROPOUT_STATES_BYTES);
  uint32_t threshold = (uint32_t)floor((double)dropout * 4294967296.0);
  uint32_t record[4] = {LITDNN_DROPOUT_TAG, (uint32_t)seed, (uint32_t)(seed >> 32), threshold};
  s = litdnnMemcpy(handle, states, record, sizeof record, LITDNN_MEMCPY_HOST_TO_DEVICE);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  dropoutDesc->dropout = dropout;
  dropoutDesc->seed = seed;
  dropoutDesc->passes = 0;
  dropoutDesc->states = states;
  dropoutDesc->threshold = threshold;
  dropoutDesc->scale = (float)(1.0 / (1.0 - (double)dropout));
  dropoutDesc->is_set = 1;
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnGetDropoutDescriptor(litdnnDropoutDescriptor_t dropoutDesc, litdnnHandle_t handle,
                                          float *dropout, void **states, unsigned long long *seed)
{
  LITDNN_API_CALL("litdnnGetDropoutDescriptor");
  LITDNN_CHECK_NULL(call, dropoutDesc);
  litdnnStatus_t s = litdnn_check_handle(call, handle);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  if (!dropoutDesc->is_set)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_NOT_FINALIZED, call,
                        "dropoutDesc was never set (litdnnSetDropoutDescriptor)");
  if (dropout)
    *dropout = dropoutDesc->dropout;
  if (states)
    *states = dropoutDesc->states;
  if (seed)
    *seed = dropoutDesc->seed;
  return LITDNN_STATUS_SUCCESS;
}
#line 768 "chapters/09-dropout.nw"
static litdnnStatus_t check_pass(const char *call, litdnnHandle_t handle, litdnnDropoutDescriptor_t dropoutDesc,
                                 const char *in_name, litdnnTensorDescriptor_t in, const char *out_name,
                                 litdnnTensorDescriptor_t out, size_t reserve_bytes)
{
  litdnnStatus_t s = litdnn_check_handle(call, handle);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  LITDNN_CHECK_NULL(call, dropoutDesc);
  if (!dropoutDesc->is_set)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_NOT_FINALIZED, call,
                        "dropoutDesc was never set (litdnnSetDropoutDescriptor)");
  if ((s = litdnn_check_tensor(call, in_name, in)) != LITDNN_STATUS_SUCCESS ||
      (s = litdnn_check_tensor(call, out_name, out)) != LITDNN_STATUS_SUCCESS)
    return s;
  int same = in->nbDims == out->nbDims;
  for (int i = 0; same && i < in->nbDims; i++)
    same = in->dims[i] == out->dims[i];
  if (!same)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, call,
                        "%s and %s have different dimensions", in_name, out_name);
  if (!litdnn_tensor_is_packed(in) || !litdnn_tensors_same_layout(in, out))
    return litdnn_error(LITDNN_STATUS_NOT_SUPPORTED_LAYOUT, call,
                        "%s and %s must be packed with the same strides", in_name, out_name);
  if (reserve_bytes < LITDNN_DROPOUT_RESERVE_BYTES)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_SIZE_INSUFFICIENT, call,
                        "reserveSpaceSizeInBytes = %zu, but the reserve space needs %d bytes "
                        "(litdnnDropoutGetReserveSpaceSize)", reserve_bytes, LITDNN_DROPOUT_RESERVE_BYTES);
  return LITDNN_STATUS_SUCCESS;
}

static int aligned16(const void *p) { return ((uintptr_t)p & 15) == 0; }
#line 802 "chapters/09-dropout.nw"
litdnnStatus_t litdnnDropoutForward(litdnnHandle_t handle, const litdnnDropoutDescriptor_t dropoutDesc,
                                    const litdnnTensorDescriptor_t xDesc, const void *x,
                                    const litdnnTensorDescriptor_t yDesc, void *y, void *reserveSpace,
                                    size_t reserveSpaceSizeInBytes)
{
  LITDNN_API_CALL("litdnnDropoutForward");
  litdnnStatus_t s = check_pass(call, handle, dropoutDesc, "xDesc", xDesc, "yDesc", yDesc,
                                reserveSpaceSizeInBytes);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  LITDNN_CHECK_NULL(call, x);
  LITDNN_CHECK_NULL(call, y);
  LITDNN_CHECK_NULL(call, reserveSpace);
  litdnn_dropout_args a;
  memset(&a, 0, sizeof a);
  a.count = litdnn_tensor_count(xDesc);
  litdnn_dropout_pass_key(dropoutDesc->seed, dropoutDesc->passes, &a.k0, &a.k1);
  a.threshold = dropoutDesc->threshold;
  a.scale = dropoutDesc->scale;
  a.in = (const float *)x;
  a.out = (float *)y;
  a.reserve = (uint32_t *)reserveSpace;
  a.vec = aligned16(x) && aligned16(y);
  s = litdnn_run_op(handle, LITDNN_OP_DROPOUT_FORWARD, call, &a);
  if (s == LITDNN_STATUS_SUCCESS)
    dropoutDesc->passes++;
  return s;
}

litdnnStatus_t litdnnDropoutBackward(litdnnHandle_t handle, const litdnnDropoutDescriptor_t dropoutDesc,
                                     const litdnnTensorDescriptor_t dyDesc, const void *dy,
                                     const litdnnTensorDescriptor_t dxDesc, void *dx, void *reserveSpace,
                                     size_t reserveSpaceSizeInBytes)
{
  LITDNN_API_CALL("litdnnDropoutBackward");
  litdnnStatus_t s = check_pass(call, handle, dropoutDesc, "dyDesc", dyDesc, "dxDesc", dxDesc,
                                reserveSpaceSizeInBytes);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  LITDNN_CHECK_NULL(call, dy);
  LITDNN_CHECK_NULL(call, dx);
  LITDNN_CHECK_NULL(call, reserveSpace);
  litdnn_dropout_args a;
  memset(&a, 0, sizeof a);
  a.count = litdnn_tensor_count(dyDesc);
  a.in = (const float *)dy;
  a.out = (float *)dx;
  a.reserve = (uint32_t *)reserveSpace;
  a.vec = aligned16(dy) && aligned16(dx);
  return litdnn_run_op(handle, LITDNN_OP_DROPOUT_BACKWARD, call, &a);
}
