#line 3511 "chapters/02-tensors.nw"
#include "core/internal.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

size_t litdnn_dtype_size(litdnnDataType_t dtype)
{
  switch (dtype) {
  case LITDNN_DATA_FLOAT: return 4;
  case LITDNN_DATA_DOUBLE: return 8;
  case LITDNN_DATA_HALF: return 2;
  case LITDNN_DATA_BFLOAT16: return 2;
  }
  return 0;
}

litdnnStatus_t litdnnCreateTensorDescriptor(litdnnTensorDescriptor_t *desc)
{
  LITDNN_API_CALL("litdnnCreateTensorDescriptor");
  LITDNN_CHECK_NULL("litdnnCreateTensorDescriptor", desc);
  *desc = calloc(1, sizeof **desc);
  if (!*desc)
    return litdnn_error(LITDNN_STATUS_ALLOC_FAILED, "litdnnCreateTensorDescriptor", "out of host memory");
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnDestroyTensorDescriptor(litdnnTensorDescriptor_t desc)
{
  LITDNN_API_CALL("litdnnDestroyTensorDescriptor");
  free(desc);
  return LITDNN_STATUS_SUCCESS;
}

#line 3550 "chapters/02-tensors.nw"
static const char *const dim_names4[4] = {"n", "c", "h", "w"};

static litdnnStatus_t set_tensor(const char *call, litdnnTensorDescriptor_t desc,
                                 litdnnDataType_t dtype, int nbDims, const int *dims,
                                 const int64_t *strides)
{
  LITDNN_CHECK_NULL(call, desc);
  if (litdnn_dtype_size(dtype) == 0)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call,
                        "dataType = %d is not a litdnnDataType_t", (int)dtype);
  if (nbDims < 1 || nbDims > LITDNN_DIM_MAX)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call,
                        "nbDims = %d must be in 1..%d", nbDims, LITDNN_DIM_MAX);
  char names[LITDNN_DIM_MAX][24];   /* room for "dimA[%d]" of any int */
  for (int d = 0; d < nbDims; d++) {
    if (nbDims == 4)
      strcpy(names[d], dim_names4[d]);
    else
      snprintf(names[d], sizeof names[d], "dimA[%d]", d);
  }
  /* the sizes first, all of them: the strides may have been made from them */
  int64_t count = 1, span = 1;
  for (int d = 0; d < nbDims; d++) {
    if (dims[d] <= 0)
      return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call, "%s = %d must be positive",
                          names[d], dims[d]);
    if (!litdnn_mul_size(count, dims[d], &count))
      return litdnn_error(LITDNN_STATUS_BAD_PARAM_OVERFLOW, call,
                          "%s = %d makes the tensor too large for 64-bit sizes", names[d], dims[d]);
  }
  for (int d = 0; d < nbDims; d++) {
    if (strides[d] <= 0)
      return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call,
                          "stride of %s = %lld must be positive", names[d], (long long)strides[d]);
    int64_t reach;
    if (!litdnn_mul_size(dims[d] - 1, strides[d], &reach) || !litdnn_add_size(span, reach, &span))
      return litdnn_error(LITDNN_STATUS_BAD_PARAM_OVERFLOW, call,
                          "%s = %d makes the tensor too large for 64-bit sizes", names[d], dims[d]);
  }
  int64_t bytes;
  if (!litdnn_mul_size(span, (int64_t)litdnn_dtype_size(dtype), &bytes))
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OVERFLOW, call,
                        "the tensor spans %lld elements, too many bytes for 64-bit sizes",
                        (long long)span);
  desc->is_set = 1;
  desc->dtype = dtype;
  desc->nbDims = nbDims;
  for (int d = 0; d < LITDNN_DIM_MAX; d++) {
    desc->dims[d] = d < nbDims ? dims[d] : 1;
    desc->strides[d] = d < nbDims ? strides[d] : 1;
  }
  return LITDNN_STATUS_SUCCESS;
}

/* Packed strides for a format: NCHW is row-major over the dims as listed;
   NHWC puts channels (dim 1) innermost and the spatial dims before it.
   A size below one counts as one and a product past 2^63 stops at
   INT64_MAX: set_tensor reports either by the size's name. */
static int64_t times_size(int64_t s, int size)
{
  int64_t r;
  return litdnn_mul_size(s, size > 0 ? size : 1, &r) ? r : INT64_MAX;
}

static void packed_strides(litdnnTensorFormat_t format, int nbDims, const int *dims, int64_t *strides)
{
  int64_t s = 1;
  if (format == LITDNN_TENSOR_NHWC && nbDims >= 3) {
    strides[1] = 1;
    s = times_size(1, dims[1]);
    for (int d = nbDims - 1; d >= 2; d--) {
      strides[d] = s;
      s = times_size(s, dims[d]);
    }
    strides[0] = s;
    return;
  }
  for (int d = nbDims - 1; d >= 0; d--) {
    strides[d] = s;
    s = times_size(s, dims[d]);
  }
}
#line 3645 "chapters/02-tensors.nw"
static litdnnStatus_t check_format(const char *call, litdnnTensorFormat_t format)
{
  if (format != LITDNN_TENSOR_NCHW && format != LITDNN_TENSOR_NHWC)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call,
                        "format = %d is not a litdnnTensorFormat_t", (int)format);
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnSetTensor4dDescriptor(litdnnTensorDescriptor_t desc, litdnnTensorFormat_t format,
                                           litdnnDataType_t dataType, int n, int c, int h, int w)
{
  LITDNN_API_CALL("litdnnSetTensor4dDescriptor");
  litdnnStatus_t s = check_format(call, format);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  int dims[4] = {n, c, h, w};
  int64_t strides[4];
  packed_strides(format, 4, dims, strides);
  return set_tensor(call, desc, dataType, 4, dims, strides);
}

litdnnStatus_t litdnnSetTensor4dDescriptorEx(litdnnTensorDescriptor_t desc, litdnnDataType_t dataType,
                                             int n, int c, int h, int w, int nStride, int cStride,
                                             int hStride, int wStride)
{
  LITDNN_API_CALL("litdnnSetTensor4dDescriptorEx");
  int dims[4] = {n, c, h, w};
  int64_t strides[4] = {nStride, cStride, hStride, wStride};
  return set_tensor("litdnnSetTensor4dDescriptorEx", desc, dataType, 4, dims, strides);
}

litdnnStatus_t litdnnSetTensorNdDescriptor(litdnnTensorDescriptor_t desc, litdnnDataType_t dataType,
                                           int nbDims, const int dimA[], const int strideA[])
{
  LITDNN_API_CALL("litdnnSetTensorNdDescriptor");
  LITDNN_CHECK_NULL(call, dimA);
  LITDNN_CHECK_NULL(call, strideA);
  int64_t strides[LITDNN_DIM_MAX];
  for (int d = 0; d < nbDims && d < LITDNN_DIM_MAX; d++)
    strides[d] = strideA[d];
  return set_tensor(call, desc, dataType, nbDims, dimA, strides);
}

litdnnStatus_t litdnnSetTensorNdDescriptorEx(litdnnTensorDescriptor_t desc, litdnnTensorFormat_t format,
                                             litdnnDataType_t dataType, int nbDims, const int dimA[])
{
  LITDNN_API_CALL("litdnnSetTensorNdDescriptorEx");
  LITDNN_CHECK_NULL(call, dimA);
  litdnnStatus_t s = check_format(call, format);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  if (nbDims < 1 || nbDims > LITDNN_DIM_MAX)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call,
                        "nbDims = %d must be in 1..%d", nbDims, LITDNN_DIM_MAX);
  int64_t strides[LITDNN_DIM_MAX];
  packed_strides(format, nbDims, dimA, strides);
  return set_tensor(call, desc, dataType, nbDims, dimA, strides);
}

static litdnnStatus_t check_readable(const char *call, litdnnTensorDescriptor_t desc)
{
  LITDNN_CHECK_NULL(call, desc);
  if (!desc->is_set)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_NOT_FINALIZED, call, "desc was never set");
  return LITDNN_STATUS_SUCCESS;
}

/* Values reported through int must fit an int. */
static litdnnStatus_t narrow(const char *call, const char *what, int64_t v, int *out)
{
  if (v > INT32_MAX)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OVERFLOW, call,
                        "%s = %lld does not fit an int", what, (long long)v);
  if (out)
    *out = (int)v;
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnGetTensor4dDescriptor(litdnnTensorDescriptor_t desc, litdnnDataType_t *dataType,
                                           int *n, int *c, int *h, int *w, int *nStride,
                                           int *cStride, int *hStride, int *wStride)
{
  LITDNN_API_CALL("litdnnGetTensor4dDescriptor");
  litdnnStatus_t s = check_readable(call, desc);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  if (desc->nbDims != 4)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, call,
                        "desc has %d dimensions, not 4", desc->nbDims);
  for (int d = 0; d < 4; d++)
    if ((s = narrow(call, "a stride", desc->strides[d], NULL)) != LITDNN_STATUS_SUCCESS)
      return s;
  if (dataType)
    *dataType = desc->dtype;
  int *dims[4] = {n, c, h, w}, *strides[4] = {nStride, cStride, hStride, wStride};
  for (int d = 0; d < 4; d++) {
    narrow(call, dim_names4[d], desc->dims[d], dims[d]);
    narrow(call, "a stride", desc->strides[d], strides[d]);
  }
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnGetTensorNdDescriptor(litdnnTensorDescriptor_t desc, int nbDimsRequested,
                                           litdnnDataType_t *dataType, int *nbDims, int dimA[],
                                           int strideA[])
{
  LITDNN_API_CALL("litdnnGetTensorNdDescriptor");
  litdnnStatus_t s = check_readable(call, desc);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  if (nbDimsRequested < 0)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call,
                        "nbDimsRequested = %d must not be negative", nbDimsRequested);
  if (nbDimsRequested > 0) {
    LITDNN_CHECK_NULL(call, dimA);
    LITDNN_CHECK_NULL(call, strideA);
  }
  for (int d = 0; d < desc->nbDims; d++)
    if ((s = narrow(call, "a stride", desc->strides[d], NULL)) != LITDNN_STATUS_SUCCESS)
      return s;
  if (dataType)
    *dataType = desc->dtype;
  if (nbDims)
    *nbDims = desc->nbDims;
  for (int d = 0; d < nbDimsRequested && d < desc->nbDims; d++) {
    dimA[d] = (int)desc->dims[d];
    strideA[d] = (int)desc->strides[d];
  }
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnGetTensorSizeInBytes(litdnnTensorDescriptor_t desc, size_t *size)
{
  LITDNN_API_CALL("litdnnGetTensorSizeInBytes");
  litdnnStatus_t s = check_readable(call, desc);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  LITDNN_CHECK_NULL(call, size);
  *size = (size_t)litdnn_tensor_span(desc) * litdnn_dtype_size(desc->dtype);
  return LITDNN_STATUS_SUCCESS;
}
#line 3789 "chapters/02-tensors.nw"
int64_t litdnn_tensor_count(const struct litdnnTensorStruct *t)
{
  int64_t n = 1;
  for (int d = 0; d < t->nbDims; d++)
    n *= t->dims[d];
  return n;
}

int64_t litdnn_tensor_span(const struct litdnnTensorStruct *t)
{
  int64_t span = 1;
  for (int d = 0; d < t->nbDims; d++)
    span += (t->dims[d] - 1) * t->strides[d];
  return span;
}

/* Packed: the elements fill [0, count) exactly, in some order of the dims.
   Then an elementwise operation can treat the tensor as a flat array. */
int litdnn_tensor_is_packed(const struct litdnnTensorStruct *t)
{
  return litdnn_tensor_span(t) == litdnn_tensor_count(t);
}

int litdnn_tensors_same_layout(const struct litdnnTensorStruct *a, const struct litdnnTensorStruct *b)
{
  if (a->nbDims != b->nbDims)
    return 0;
  for (int d = 0; d < a->nbDims; d++)
    if (a->dims[d] != b->dims[d] || (a->dims[d] > 1 && a->strides[d] != b->strides[d]))
      return 0;
  return 1;
}

litdnnStatus_t litdnn_check_tensor(const char *call, const char *param, litdnnTensorDescriptor_t d)
{
  if (!d)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_NULL_POINTER, call, "%s is a null pointer", param);
  if (!d->is_set)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_NOT_FINALIZED, call, "%s was never set", param);
  if (d->dtype != LITDNN_DATA_FLOAT)
    return litdnn_error(LITDNN_STATUS_NOT_SUPPORTED_DATA_TYPE, call,
                        "%s has data type %d; only LITDNN_DATA_FLOAT is computed", param, (int)d->dtype);
  return LITDNN_STATUS_SUCCESS;
}
