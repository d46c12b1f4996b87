#line 857 "chapters/05-convolution.nw"
#include "convolution/convolution.h"
#include "convolution/convolution_stages.h"
#include "activation/activation.h"
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <time.h>

struct litdnnFilterStruct {
  int is_set;
  litdnnDataType_t dtype;
  litdnnTensorFormat_t format;
  int nbDims;
  int dims[LITDNN_CONV_SPATIAL_MAX + 2];   /* K, C, spatial... */
};

struct litdnnConvolutionStruct {
  int is_set;
  int spatial;                             /* 1, 2 or 3 */
  int pad[LITDNN_CONV_SPATIAL_MAX], stride[LITDNN_CONV_SPATIAL_MAX], dil[LITDNN_CONV_SPATIAL_MAX];
  litdnnConvolutionMode_t mode;
  litdnnDataType_t compute;
  int groups;
  litdnnMathType_t math;
};

#line 909 "chapters/05-convolution.nw"
litdnnStatus_t litdnnCreateFilterDescriptor(litdnnFilterDescriptor_t *filterDesc)
{
  LITDNN_API_CALL("litdnnCreateFilterDescriptor");
  LITDNN_CHECK_NULL("litdnnCreateFilterDescriptor", filterDesc);
  *filterDesc = calloc(1, sizeof **filterDesc);
  if (!*filterDesc)
    return litdnn_error(LITDNN_STATUS_ALLOC_FAILED, "litdnnCreateFilterDescriptor", "out of memory");
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnDestroyFilterDescriptor(litdnnFilterDescriptor_t filterDesc)
{
  LITDNN_API_CALL("litdnnDestroyFilterDescriptor");
  free(filterDesc);
  return LITDNN_STATUS_SUCCESS;
}

static litdnnStatus_t check_dtype(const char *call, const char *param, litdnnDataType_t t)
{
  if ((int)t < LITDNN_DATA_FLOAT || (int)t > LITDNN_DATA_BFLOAT16)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call,
                        "%s = %d is not a litdnnDataType_t", param, (int)t);
  return LITDNN_STATUS_SUCCESS;
}

/* what the messages call each size of a filter */
static const char *const filter_dim_names_nd[LITDNN_CONV_SPATIAL_MAX + 2] = {
    "filterDimA[0]", "filterDimA[1]", "filterDimA[2]", "filterDimA[3]", "filterDimA[4]"};
static const char *const filter_dim_names_4d[4] = {"k", "c", "h", "w"};

/* Checks everything, then stores; filterDimA is never null from the 4-d call. */
static litdnnStatus_t set_filter(const char *call, const char *const *dim_names,
                                 litdnnFilterDescriptor_t filterDesc, litdnnDataType_t dataType,
                                 litdnnTensorFormat_t format, int nbDims, const int filterDimA[])
{
  LITDNN_CHECK_NULL(call, filterDesc);
  LITDNN_CHECK_NULL(call, filterDimA);
  litdnnStatus_t s = check_dtype(call, "dataType", dataType);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  if (format != LITDNN_TENSOR_NCHW && format != LITDNN_TENSOR_NHWC)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call,
                        "format = %d is not a litdnnTensorFormat_t", (int)format);
  if (nbDims < 3 || nbDims > LITDNN_CONV_SPATIAL_MAX + 2)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call,
                        "nbDims = %d; a filter has 3 to %d dimensions", nbDims,
                        LITDNN_CONV_SPATIAL_MAX + 2);
  int64_t count = 1;
  for (int i = 0; i < nbDims; i++) {
    if (filterDimA[i] < 1)
      return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call, "%s = %d is not positive",
                          dim_names[i], filterDimA[i]);
    if (!litdnn_mul_size(count, filterDimA[i], &count) || count > INT32_MAX)
      return litdnn_error(LITDNN_STATUS_BAD_PARAM_OVERFLOW, call,
                          "the filter has more than 2^31 - 1 elements");
  }
  filterDesc->dtype = dataType;
  filterDesc->format = format;
  filterDesc->nbDims = nbDims;
  memcpy(filterDesc->dims, filterDimA, (size_t)nbDims * sizeof(int));
  filterDesc->is_set = 1;
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnSetFilterNdDescriptor(litdnnFilterDescriptor_t filterDesc,
                                           litdnnDataType_t dataType, litdnnTensorFormat_t format,
                                           int nbDims, const int filterDimA[])
{
  LITDNN_API_CALL("litdnnSetFilterNdDescriptor");
  return set_filter(call, filter_dim_names_nd, filterDesc, dataType, format, nbDims, filterDimA);
}

litdnnStatus_t litdnnSetFilter4dDescriptor(litdnnFilterDescriptor_t filterDesc,
                                           litdnnDataType_t dataType, litdnnTensorFormat_t format,
                                           int k, int c, int h, int w)
{
  LITDNN_API_CALL("litdnnSetFilter4dDescriptor");
  int dims[4] = {k, c, h, w};
  return set_filter(call, filter_dim_names_4d, filterDesc, dataType, format, 4, dims);
}

/* a descriptor that a Get can read: not null, and set */
static litdnnStatus_t check_filter_set(const char *call, const char *param, litdnnFilterDescriptor_t f)
{
  if (!f)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_NULL_POINTER, call, "%s is a null pointer", param);
  if (!f->is_set)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_NOT_FINALIZED, call, "%s was never set", param);
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnGetFilterNdDescriptor(litdnnFilterDescriptor_t filterDesc, int nbDimsRequested,
                                           litdnnDataType_t *dataType, litdnnTensorFormat_t *format,
                                           int *nbDims, int filterDimA[])
{
  LITDNN_API_CALL("litdnnGetFilterNdDescriptor");
  litdnnStatus_t s = check_filter_set(call, "filterDesc", filterDesc);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  if (dataType)
    *dataType = filterDesc->dtype;
  if (format)
    *format = filterDesc->format;
  if (nbDims)
    *nbDims = filterDesc->nbDims;
  for (int i = 0; filterDimA && i < nbDimsRequested && i < filterDesc->nbDims; i++)
    filterDimA[i] = filterDesc->dims[i];
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnGetFilter4dDescriptor(litdnnFilterDescriptor_t filterDesc,
                                           litdnnDataType_t *dataType, litdnnTensorFormat_t *format,
                                           int *k, int *c, int *h, int *w)
{
  LITDNN_API_CALL("litdnnGetFilter4dDescriptor");
  litdnnStatus_t s = check_filter_set(call, "filterDesc", filterDesc);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  if (filterDesc->nbDims != 4)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, call, "filterDesc has %d dimensions, not 4",
                        filterDesc->nbDims);
  if (dataType) *dataType = filterDesc->dtype;
  if (format) *format = filterDesc->format;
  if (k) *k = filterDesc->dims[0];
  if (c) *c = filterDesc->dims[1];
  if (h) *h = filterDesc->dims[2];
  if (w) *w = filterDesc->dims[3];
  return LITDNN_STATUS_SUCCESS;
}
#line 1046 "chapters/05-convolution.nw"
litdnnStatus_t litdnnCreateConvolutionDescriptor(litdnnConvolutionDescriptor_t *convDesc)
{
  LITDNN_API_CALL("litdnnCreateConvolutionDescriptor");
  LITDNN_CHECK_NULL("litdnnCreateConvolutionDescriptor", convDesc);
  *convDesc = calloc(1, sizeof **convDesc);
  if (!*convDesc)
    return litdnn_error(LITDNN_STATUS_ALLOC_FAILED, "litdnnCreateConvolutionDescriptor", "out of memory");
  (*convDesc)->groups = 1;
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnDestroyConvolutionDescriptor(litdnnConvolutionDescriptor_t convDesc)
{
  LITDNN_API_CALL("litdnnDestroyConvolutionDescriptor");
  free(convDesc);
  return LITDNN_STATUS_SUCCESS;
}

/* what the messages call the spatial parameters */
typedef struct {
  const char *pad[LITDNN_CONV_SPATIAL_MAX], *stride[LITDNN_CONV_SPATIAL_MAX], *dil[LITDNN_CONV_SPATIAL_MAX];
} conv_param_names;

static const conv_param_names conv_param_names_nd = {
    {"padA[0]", "padA[1]", "padA[2]"},
    {"filterStrideA[0]", "filterStrideA[1]", "filterStrideA[2]"},
    {"dilationA[0]", "dilationA[1]", "dilationA[2]"}};
static const conv_param_names conv_param_names_2d = {
    {"pad_h", "pad_w"}, {"u", "v"}, {"dilation_h", "dilation_w"}};

/* Checks everything, then stores; the arrays are never null from the 2-d call. */
static litdnnStatus_t set_convolution(const char *call, const conv_param_names *nm,
                                      litdnnConvolutionDescriptor_t convDesc, int arrayLength,
                                      const int padA[], const int filterStrideA[], const int dilationA[],
                                      litdnnConvolutionMode_t mode, litdnnDataType_t computeType)
{
  LITDNN_CHECK_NULL(call, convDesc);
  LITDNN_CHECK_NULL(call, padA);
  LITDNN_CHECK_NULL(call, filterStrideA);
  LITDNN_CHECK_NULL(call, dilationA);
  if (arrayLength < 1 || arrayLength > LITDNN_CONV_SPATIAL_MAX)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call,
                        "arrayLength = %d; a convolution has 1 to %d spatial dimensions", arrayLength,
                        LITDNN_CONV_SPATIAL_MAX);
  for (int i = 0; i < arrayLength; i++) {
    if (padA[i] < 0)
      return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call, "%s = %d is negative", nm->pad[i],
                          padA[i]);
    if (filterStrideA[i] < 1)
      return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call, "%s = %d is not positive",
                          nm->stride[i], filterStrideA[i]);
    if (dilationA[i] < 1)
      return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call, "%s = %d is not positive",
                          nm->dil[i], dilationA[i]);
  }
  if (mode != LITDNN_CONVOLUTION && mode != LITDNN_CROSS_CORRELATION)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call,
                        "mode = %d is not a litdnnConvolutionMode_t", (int)mode);
  litdnnStatus_t s = check_dtype(call, "computeType", computeType);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  convDesc->spatial = arrayLength;
  for (int i = 0; i < arrayLength; i++) {
    convDesc->pad[i] = padA[i];
    convDesc->stride[i] = filterStrideA[i];
    convDesc->dil[i] = dilationA[i];
  }
  convDesc->mode = mode;
  convDesc->compute = computeType;
  convDesc->is_set = 1;
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnSetConvolutionNdDescriptor(litdnnConvolutionDescriptor_t convDesc,
                                                int arrayLength, const int padA[],
                                                const int filterStrideA[], const int dilationA[],
                                                litdnnConvolutionMode_t mode,
                                                litdnnDataType_t computeType)
{
  LITDNN_API_CALL("litdnnSetConvolutionNdDescriptor");
  return set_convolution(call, &conv_param_names_nd, convDesc, arrayLength, padA, filterStrideA, dilationA,
                         mode, computeType);
}

litdnnStatus_t litdnnSetConvolution2dDescriptor(litdnnConvolutionDescriptor_t convDesc,
                                                int pad_h, int pad_w, int u, int v,
                                                int dilation_h, int dilation_w,
                                                litdnnConvolutionMode_t mode,
                                                litdnnDataType_t computeType)
{
  LITDNN_API_CALL("litdnnSetConvolution2dDescriptor");
  int pad[2] = {pad_h, pad_w}, stride[2] = {u, v}, dil[2] = {dilation_h, dilation_w};
  return set_convolution(call, &conv_param_names_2d, convDesc, 2, pad, stride, dil, mode, computeType);
}

/* a descriptor that a Get can read: not null, and set */
static litdnnStatus_t check_conv_set(const char *call, litdnnConvolutionDescriptor_t convDesc)
{
  LITDNN_CHECK_NULL(call, convDesc);
  if (!convDesc->is_set)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_NOT_FINALIZED, call, "convDesc was never set");
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnGetConvolutionNdDescriptor(litdnnConvolutionDescriptor_t convDesc,
                                                int arrayLengthRequested, int *arrayLength,
                                                int padA[], int strideA[], int dilationA[],
                                                litdnnConvolutionMode_t *mode,
                                                litdnnDataType_t *computeType)
{
  LITDNN_API_CALL("litdnnGetConvolutionNdDescriptor");
  litdnnStatus_t s = check_conv_set(call, convDesc);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  if (arrayLength)
    *arrayLength = convDesc->spatial;
  for (int i = 0; i < arrayLengthRequested && i < convDesc->spatial; i++) {
    if (padA) padA[i] = convDesc->pad[i];
    if (strideA) strideA[i] = convDesc->stride[i];
    if (dilationA) dilationA[i] = convDesc->dil[i];
  }
  if (mode)
    *mode = convDesc->mode;
  if (computeType)
    *computeType = convDesc->compute;
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnGetConvolution2dDescriptor(litdnnConvolutionDescriptor_t convDesc,
                                                int *pad_h, int *pad_w, int *u, int *v,
                                                int *dilation_h, int *dilation_w,
                                                litdnnConvolutionMode_t *mode,
                                                litdnnDataType_t *computeType)
{
  LITDNN_API_CALL("litdnnGetConvolution2dDescriptor");
  litdnnStatus_t s = check_conv_set(call, convDesc);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  if (convDesc->spatial != 2)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, call, "convDesc has %d spatial dimensions, not 2",
                        convDesc->spatial);
  if (pad_h) *pad_h = convDesc->pad[0];
  if (pad_w) *pad_w = convDesc->pad[1];
  if (u) *u = convDesc->stride[0];
  if (v) *v = convDesc->stride[1];
  if (dilation_h) *dilation_h = convDesc->dil[0];
  if (dilation_w) *dilation_w = convDesc->dil[1];
  if (mode) *mode = convDesc->mode;
  if (computeType) *computeType = convDesc->compute;
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnSetConvolutionGroupCount(litdnnConvolutionDescriptor_t convDesc, int groupCount)
{
  LITDNN_API_CALL("litdnnSetConvolutionGroupCount");
  LITDNN_CHECK_NULL(call, convDesc);
  if (groupCount < 1)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call, "groupCount = %d is not positive",
                        groupCount);
  convDesc->groups = groupCount;
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnGetConvolutionGroupCount(litdnnConvolutionDescriptor_t convDesc, int *groupCount)
{
  LITDNN_API_CALL("litdnnGetConvolutionGroupCount");
  LITDNN_CHECK_NULL(call, convDesc);
  LITDNN_CHECK_NULL(call, groupCount);
  *groupCount = convDesc->groups;
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnSetConvolutionMathType(litdnnConvolutionDescriptor_t convDesc, litdnnMathType_t mathType)
{
  LITDNN_API_CALL("litdnnSetConvolutionMathType");
  LITDNN_CHECK_NULL(call, convDesc);
  if (mathType != LITDNN_MATH_FMA && mathType != LITDNN_MATH_TF32)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call, "mathType = %d is not a litdnnMathType_t",
                        (int)mathType);
  convDesc->math = mathType;
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnGetConvolutionMathType(litdnnConvolutionDescriptor_t convDesc, litdnnMathType_t *mathType)
{
  LITDNN_API_CALL("litdnnGetConvolutionMathType");
  LITDNN_CHECK_NULL(call, convDesc);
  LITDNN_CHECK_NULL(call, mathType);
  *mathType = convDesc->math;
  return LITDNN_STATUS_SUCCESS;
}
#line 1255 "chapters/05-convolution.nw"
typedef struct {
  const char *x, *w, *y;        /* the descriptors' names in this call; y is NULL if it has no output */
} conv_names;

static const conv_names fwd_names = {"xDesc", "wDesc", "yDesc"};
static const conv_names bwd_data_names = {"dxDesc", "wDesc", "dyDesc"};
static const conv_names bwd_filter_names = {"xDesc", "dwDesc", "dyDesc"};
static const conv_names output_dim_names = {"inputTensorDesc", "filterDesc", NULL};

static litdnnStatus_t check_filter(const char *call, const char *param, litdnnFilterDescriptor_t f)
{
  litdnnStatus_t s = check_filter_set(call, param, f);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  if (f->dtype != LITDNN_DATA_FLOAT)
    return litdnn_error(LITDNN_STATUS_NOT_SUPPORTED_DATA_TYPE, call,
                        "%s has data type %d; only LITDNN_DATA_FLOAT is computed", param, (int)f->dtype);
  return LITDNN_STATUS_SUCCESS;
}

static litdnnStatus_t check_conv(const char *call, litdnnConvolutionDescriptor_t cd)
{
  litdnnStatus_t s = check_conv_set(call, cd);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  if (cd->compute != LITDNN_DATA_FLOAT)
    return litdnn_error(LITDNN_STATUS_NOT_SUPPORTED_DATA_TYPE, call,
                        "convDesc computes in data type %d; only LITDNN_DATA_FLOAT is supported",
                        (int)cd->compute);
  return LITDNN_STATUS_SUCCESS;
}

/* A tensor of rank 2 + sp seen as 5-d: spatial axes aligned to the right. */
static void view5(const struct litdnnTensorStruct *t, int sp, int *spatial, int64_t *strides)
{
  strides[0] = t->strides[0];
  strides[1] = t->strides[1];
  for (int i = 0; i < 3; i++) {
    int j = i - (3 - sp);      /* the tensor's spatial axis, or < 0 for a missing one */
    spatial[i] = j < 0 ? 1 : (int)t->dims[2 + j];
    strides[2 + i] = j < 0 ? 0 : t->strides[2 + j];
  }
}

/* The packed strides of a filter K x C/G x spatial in its format, as 5-d. */
static void filter_view5(litdnnFilterDescriptor_t f, int sp, int *spatial, int64_t *strides)
{
  for (int i = 0; i < 3; i++) {
    int j = i - (3 - sp);
    spatial[i] = j < 0 ? 1 : f->dims[2 + j];
  }
  int64_t c = f->dims[1], taps = (int64_t)spatial[0] * spatial[1] * spatial[2];
  if (f->format == LITDNN_TENSOR_NCHW) {
    strides[0] = c * taps;
    strides[1] = taps;
    strides[2] = (int64_t)spatial[1] * spatial[2];
    strides[3] = spatial[2];
    strides[4] = 1;
  } else {                     /* K x spatial x C: the channel innermost */
    strides[0] = c * taps;
    strides[1] = 1;
    strides[2] = (int64_t)spatial[1] * spatial[2] * c;
    strides[3] = spatial[2] * c;
    strides[4] = c;
  }
}

static litdnnStatus_t conv_problem(const char *call, int pass, const conv_names *nm,
                                   litdnnTensorDescriptor_t xd, litdnnFilterDescriptor_t wd,
                                   litdnnConvolutionDescriptor_t cd, litdnnTensorDescriptor_t yd,
                                   litdnn_conv_args *a)
{
  litdnnStatus_t s = check_conv(call, cd);
  if (s == LITDNN_STATUS_SUCCESS) s = litdnn_check_tensor(call, nm->x, xd);
  if (s == LITDNN_STATUS_SUCCESS) s = check_filter(call, nm->w, wd);
  if (s == LITDNN_STATUS_SUCCESS && nm->y) s = litdnn_check_tensor(call, nm->y, yd);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  int sp = cd->spatial;
  
#line 1363 "chapters/05-convolution.nw"
if (xd->nbDims != sp + 2)
  return litdnn_error(LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, call,
                      "%s has %d dimensions but convDesc has %d spatial dimensions", nm->x, xd->nbDims, sp);
if (wd->nbDims != sp + 2)
  return litdnn_error(LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, call,
                      "%s has %d dimensions but convDesc has %d spatial dimensions", nm->w, wd->nbDims, sp);
if (nm->y && yd->nbDims != sp + 2)
  return litdnn_error(LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, call,
                      "%s has %d dimensions but convDesc has %d spatial dimensions", nm->y, yd->nbDims, sp);
for (int i = 0; i < xd->nbDims; i++)
  if (xd->dims[i] > INT32_MAX)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OVERFLOW, call, "%s dimension %d = %lld does not fit an int",
                        nm->x, i, (long long)xd->dims[i]);
if (xd->dims[1] % cd->groups != 0)
  return litdnn_error(LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, call,
                      "groupCount = %d does not divide the %lld channels of %s", cd->groups,
                      (long long)xd->dims[1], nm->x);
if (wd->dims[0] % cd->groups != 0)
  return litdnn_error(LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, call,
                      "groupCount = %d does not divide the K = %d filters of %s", cd->groups,
                      wd->dims[0], nm->w);
if ((int64_t)wd->dims[1] * cd->groups != xd->dims[1])
  return litdnn_error(LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, call,
                      "%s has C = %d channels per group, but %s has %lld channels in %d group(s)",
                      nm->w, wd->dims[1], nm->x, (long long)xd->dims[1], cd->groups);
#line 1335 "chapters/05-convolution.nw"
  memset(a, 0, sizeof *a);
  a->call = call;
  a->pass = pass;
  a->n = (int)xd->dims[0];
  a->c = (int)xd->dims[1];
  a->k = wd->dims[0];
  a->groups = cd->groups;
  a->flip = cd->mode == LITDNN_CONVOLUTION;
  a->math = cd->math;
  view5(xd, sp, a->in, a->xs);
  filter_view5(wd, sp, a->flt, a->ws);
  for (int i = 0; i < 3; i++) {
    int j = i - (3 - sp);
    a->pad[i] = j < 0 ? 0 : cd->pad[j];
    a->stride[i] = j < 0 ? 1 : cd->stride[j];
    a->dil[i] = j < 0 ? 1 : cd->dil[j];
  }
  
#line 1391 "chapters/05-convolution.nw"
for (int i = 0; i < 3; i++) {
  int64_t extent = (int64_t)(a->flt[i] - 1) * a->dil[i] + 1;
  int64_t room = (int64_t)a->in[i] + 2 * (int64_t)a->pad[i] - extent;
  if (room < 0)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call,
                        "spatial dimension %d: the dilated filter spans %lld but the padded input "
                        "has only %lld, so the output would be empty",
                        i - (3 - sp), (long long)extent, (long long)a->in[i] + 2 * (long long)a->pad[i]);
  a->out[i] = (int)(room / a->stride[i] + 1);
}
#line 1353 "chapters/05-convolution.nw"
  if (nm->y) {
    
#line 1404 "chapters/05-convolution.nw"
int64_t want[LITDNN_CONV_SPATIAL_MAX + 2];
want[0] = a->n;
want[1] = a->k;
for (int i = 0; i < sp; i++)
  want[2 + i] = a->out[3 - sp + i];
for (int i = 0; i < sp + 2; i++)
  if (yd->dims[i] != want[i]) {
    char got[96], exp[96];
    int g = 0, e = 0;
    for (int j = 0; j < sp + 2; j++) {
      g += snprintf(got + g, sizeof got - (size_t)g, "%s%lld", j ? "x" : "", (long long)yd->dims[j]);
      e += snprintf(exp + e, sizeof exp - (size_t)e, "%s%lld", j ? "x" : "", (long long)want[j]);
    }
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, call,
                        "%s is %s but the convolution's output is %s", nm->y, got, exp);
  }
#line 1355 "chapters/05-convolution.nw"
    int out[3];
    view5(yd, sp, out, a->ys);
  }
  return LITDNN_STATUS_SUCCESS;
}
#line 1430 "chapters/05-convolution.nw"
litdnnStatus_t litdnnGetConvolutionNdForwardOutputDim(litdnnConvolutionDescriptor_t convDesc,
                                                      litdnnTensorDescriptor_t inputTensorDesc,
                                                      litdnnFilterDescriptor_t filterDesc,
                                                      int nbDims, int tensorOutputDimA[])
{
  LITDNN_API_CALL("litdnnGetConvolutionNdForwardOutputDim");
  litdnn_conv_args a;
  litdnnStatus_t s = conv_problem(call, LITDNN_CONV_FWD, &output_dim_names, inputTensorDesc, filterDesc,
                                  convDesc, NULL, &a);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  LITDNN_CHECK_NULL(call, tensorOutputDimA);
  int sp = convDesc->spatial;
  if (nbDims != sp + 2)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, call,
                        "nbDims = %d but the output has %d dimensions", nbDims, sp + 2);
  tensorOutputDimA[0] = a.n;
  tensorOutputDimA[1] = a.k;
  for (int i = 0; i < sp; i++)
    tensorOutputDimA[2 + i] = a.out[3 - sp + i];
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnGetConvolution2dForwardOutputDim(litdnnConvolutionDescriptor_t convDesc,
                                                      litdnnTensorDescriptor_t inputTensorDesc,
                                                      litdnnFilterDescriptor_t filterDesc,
                                                      int *n, int *c, int *h, int *w)
{
  LITDNN_API_CALL("litdnnGetConvolution2dForwardOutputDim");
  LITDNN_CHECK_NULL(call, n);
  LITDNN_CHECK_NULL(call, c);
  LITDNN_CHECK_NULL(call, h);
  LITDNN_CHECK_NULL(call, w);
  if (convDesc && convDesc->is_set && convDesc->spatial != 2)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, call, "convDesc has %d spatial dimensions, not 2",
                        convDesc->spatial);
  litdnn_conv_args a;
  litdnnStatus_t s = conv_problem(call, LITDNN_CONV_FWD, &output_dim_names, inputTensorDesc, filterDesc,
                                  convDesc, NULL, &a);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  *n = a.n;
  *c = a.k;
  *h = a.out[1];   /* a 2-d problem's spatial axes are the last two of three */
  *w = a.out[2];
  return LITDNN_STATUS_SUCCESS;
}
#line 1489 "chapters/05-convolution.nw"
static const litdnnOp_t pass_op[4] = {LITDNN_OP_CONVOLUTION_FORWARD, LITDNN_OP_CONVOLUTION_BACKWARD_DATA,
                                      LITDNN_OP_CONVOLUTION_BACKWARD_FILTER,
                                      LITDNN_OP_CONVOLUTION_BACKWARD_BIAS};

/* SUCCESS if algo runs this problem on h's backend, else why not (no message recorded) */
static litdnnStatus_t algo_status(litdnnHandle_t h, const litdnn_conv_args *a, int algo)
{
  const litdnn_op_table *t = litdnn_op(pass_op[a->pass]);
  if (algo < 0 || algo >= t->count)
    return LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND;
  if (!t->stages[algo].fn[litdnn_backend(h)])
    return LITDNN_STATUS_NOT_SUPPORTED_BACKEND;
  if (litdnn_conv_not_applicable(a, algo))
    return LITDNN_STATUS_NOT_SUPPORTED;
  return LITDNN_STATUS_SUCCESS;
}

static litdnnStatus_t check_algo(litdnnHandle_t h, const litdnn_conv_args *a, int algo)
{
  const litdnn_op_table *t = litdnn_op(pass_op[a->pass]);
  switch (algo_status(h, a, algo)) {
  case LITDNN_STATUS_SUCCESS:
    break;
  case LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND:
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, a->call,
                        "algo = %d, but %s has algorithms 0..%d", algo, t->name, t->count - 1);
  case LITDNN_STATUS_NOT_SUPPORTED_BACKEND:
    return litdnn_error(LITDNN_STATUS_NOT_SUPPORTED_BACKEND, a->call,
                        "algo = %d (%s) does not run on the %s backend", algo, t->stages[algo].name,
                        litdnnGetBackendName(litdnn_backend(h)));
  default:
    return litdnn_error(LITDNN_STATUS_NOT_SUPPORTED, a->call, "algo = %d (%s) of %s does not apply: %s", algo,
                        t->stages[algo].name, t->name, litdnn_conv_not_applicable(a, algo));
  }
  size_t need = litdnn_conv_workspace_size(a, algo);
  if (need > 0 && (a->workspace == NULL || a->workspace_size < need))
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_SIZE_INSUFFICIENT, a->call,
                        "algo = %d (%s) needs a workspace of %zu bytes; workSpace is %s of %zu bytes", algo,
                        t->stages[algo].name, need, a->workspace ? "a buffer" : "null",
                        a->workspace_size);
  return LITDNN_STATUS_SUCCESS;
}

static litdnnStatus_t run_algo(litdnnHandle_t h, const litdnn_conv_args *a, int algo)
{
  litdnnOp_t op = pass_op[a->pass];
  h->last_stage[op] = algo;
  return litdnn_op(op)->stages[algo].fn[litdnn_backend(h)](h, a);
}
#line 1547 "chapters/05-convolution.nw"
static litdnnStatus_t check_blend(const char *call, const void *alpha, const void *beta,
                                  litdnn_conv_args *a)
{
  LITDNN_CHECK_NULL(call, alpha);
  LITDNN_CHECK_NULL(call, beta);
  a->alpha = *(const float *)alpha;
  a->beta = *(const float *)beta;
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnConvolutionForward(litdnnHandle_t handle, const void *alpha,
                                        litdnnTensorDescriptor_t xDesc, const void *x,
                                        litdnnFilterDescriptor_t wDesc, const void *w,
                                        litdnnConvolutionDescriptor_t convDesc,
                                        litdnnConvolutionFwdAlgo_t algo,
                                        void *workSpace, size_t workSpaceSizeInBytes,
                                        const void *beta, litdnnTensorDescriptor_t yDesc, void *y)
{
  LITDNN_API_CALL("litdnnConvolutionForward");
  litdnn_conv_args a;
  litdnnStatus_t s = litdnn_check_handle(call, handle);
  if (s == LITDNN_STATUS_SUCCESS)
    s = conv_problem(call, LITDNN_CONV_FWD, &fwd_names, xDesc, wDesc, convDesc, yDesc, &a);
  if (s == LITDNN_STATUS_SUCCESS)
    s = check_blend(call, alpha, beta, &a);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  LITDNN_CHECK_NULL(call, x);
  LITDNN_CHECK_NULL(call, w);
  LITDNN_CHECK_NULL(call, y);
  a.x = (const float *)x;
  a.w = (const float *)w;
  a.result = (float *)y;
  a.workspace = workSpace;
  a.workspace_size = workSpaceSizeInBytes;
  if ((s = check_algo(handle, &a, (int)algo)) != LITDNN_STATUS_SUCCESS)
    return s;
  return run_algo(handle, &a, (int)algo);
}

litdnnStatus_t litdnnConvolutionBackwardData(litdnnHandle_t handle, const void *alpha,
                                             litdnnFilterDescriptor_t wDesc, const void *w,
                                             litdnnTensorDescriptor_t dyDesc, const void *dy,
                                             litdnnConvolutionDescriptor_t convDesc,
                                             litdnnConvolutionBwdDataAlgo_t algo,
                                             void *workSpace, size_t workSpaceSizeInBytes,
                                             const void *beta, litdnnTensorDescriptor_t dxDesc,
                                             void *dx)
{
  LITDNN_API_CALL("litdnnConvolutionBackwardData");
  litdnn_conv_args a;
  litdnnStatus_t s = litdnn_check_handle(call, handle);
  if (s == LITDNN_STATUS_SUCCESS)
    s = conv_problem(call, LITDNN_CONV_BWD_DATA, &bwd_data_names, dxDesc, wDesc, convDesc, dyDesc, &a);
  if (s == LITDNN_STATUS_SUCCESS)
    s = check_blend(call, alpha, beta, &a);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  LITDNN_CHECK_NULL(call, w);
  LITDNN_CHECK_NULL(call, dy);
  LITDNN_CHECK_NULL(call, dx);
  a.w = (const float *)w;
  a.dy = (const float *)dy;
  a.result = (float *)dx;
  a.workspace = workSpace;
  a.workspace_size = workSpaceSizeInBytes;
  if ((s = check_algo(handle, &a, (int)algo)) != LITDNN_STATUS_SUCCESS)
    return s;
  return run_algo(handle, &a, (int)algo);
}

litdnnStatus_t litdnnConvolutionBackwardFilter(litdnnHandle_t handle, const void *alpha,
                                               litdnnTensorDescriptor_t xDesc, const void *x,
                                               litdnnTensorDescriptor_t dyDesc, const void *dy,
                                               litdnnConvolutionDescriptor_t convDesc,
                                               litdnnConvolutionBwdFilterAlgo_t algo,
                                               void *workSpace, size_t workSpaceSizeInBytes,
                                               const void *beta, litdnnFilterDescriptor_t dwDesc,
                                               void *dw)
{
  LITDNN_API_CALL("litdnnConvolutionBackwardFilter");
  litdnn_conv_args a;
  litdnnStatus_t s = litdnn_check_handle(call, handle);
  if (s == LITDNN_STATUS_SUCCESS)
    s = conv_problem(call, LITDNN_CONV_BWD_FILTER, &bwd_filter_names, xDesc, dwDesc, convDesc, dyDesc, &a);
  if (s == LITDNN_STATUS_SUCCESS)
    s = check_blend(call, alpha, beta, &a);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  LITDNN_CHECK_NULL(call, x);
  LITDNN_CHECK_NULL(call, dy);
  LITDNN_CHECK_NULL(call, dw);
  a.x = (const float *)x;
  a.dy = (const float *)dy;
  a.result = (float *)dw;
  a.workspace = workSpace;
  a.workspace_size = workSpaceSizeInBytes;
  if ((s = check_algo(handle, &a, (int)algo)) != LITDNN_STATUS_SUCCESS)
    return s;
  return run_algo(handle, &a, (int)algo);
}
#line 1656 "chapters/05-convolution.nw"
litdnnStatus_t litdnnConvolutionBackwardBias(litdnnHandle_t handle, const void *alpha,
                                             litdnnTensorDescriptor_t dyDesc, const void *dy,
                                             const void *beta, litdnnTensorDescriptor_t dbDesc,
                                             void *db)
{
  LITDNN_API_CALL("litdnnConvolutionBackwardBias");
  litdnn_conv_args a;
  memset(&a, 0, sizeof a);
  litdnnStatus_t s = litdnn_check_handle(call, handle);
  if (s == LITDNN_STATUS_SUCCESS) s = litdnn_check_tensor(call, "dyDesc", dyDesc);
  if (s == LITDNN_STATUS_SUCCESS) s = litdnn_check_tensor(call, "dbDesc", dbDesc);
  if (s == LITDNN_STATUS_SUCCESS) s = check_blend(call, alpha, beta, &a);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  int nb = dyDesc->nbDims;
  if (nb < 3 || nb > LITDNN_CONV_SPATIAL_MAX + 2)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, call,
                        "dyDesc has %d dimensions; a convolution's output has 3 to %d", nb,
                        LITDNN_CONV_SPATIAL_MAX + 2);
  if (dbDesc->nbDims != nb)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, call,
                        "dbDesc has %d dimensions but dyDesc has %d", dbDesc->nbDims, nb);
  for (int i = 0; i < nb; i++)
    if (dbDesc->dims[i] != (i == 1 ? dyDesc->dims[1] : 1))
      return litdnn_error(LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, call,
                          "dbDesc dimension %d is %lld; it must be 1 x K x 1 ... with K = %lld", i,
                          (long long)dbDesc->dims[i], (long long)dyDesc->dims[1]);
  if (dyDesc->dims[1] > 1 && dbDesc->strides[1] != 1)
    return litdnn_error(LITDNN_STATUS_NOT_SUPPORTED_LAYOUT, call,
                        "dbDesc must be packed (channel stride 1), not %lld", (long long)dbDesc->strides[1]);
  LITDNN_CHECK_NULL(call, dy);
  LITDNN_CHECK_NULL(call, db);
  a.call = call;
  a.pass = LITDNN_CONV_BWD_BIAS;
  a.n = (int)dyDesc->dims[0];
  a.k = a.c = (int)dyDesc->dims[1];
  a.groups = 1;
  view5(dyDesc, nb - 2, a.out, a.ys);
  a.dy = (const float *)dy;
  a.result = (float *)db;
  return litdnn_run_op(handle, LITDNN_OP_CONVOLUTION_BACKWARD_BIAS, call, &a);
}
#line 1707 "chapters/05-convolution.nw"
typedef struct {
  int algo;
  litdnnStatus_t status;
  float time;
  size_t memory;
} conv_perf;

#line 1727 "chapters/05-convolution.nw"
_Static_assert(LITDNN_CONVOLUTION_FWD_ALGO_COUNT <= LITDNN_CONV_ALGO_MAX &&
                   LITDNN_CONVOLUTION_BWD_DATA_ALGO_COUNT <= LITDNN_CONV_ALGO_MAX &&
                   LITDNN_CONVOLUTION_BWD_FILTER_ALGO_COUNT <= LITDNN_CONV_ALGO_MAX,
               "a pass has more algorithms than LITDNN_CONV_ALGO_MAX: raise it");

static int conv_get(litdnnHandle_t h, const litdnn_conv_args *a, conv_perf *out)
{
  int order[LITDNN_CONV_ALGO_MAX], count = litdnn_conv_rank(a, order), returned = 0;
  for (int pass = 0; pass < 2; pass++)
    for (int i = 0; i < count; i++) {
      litdnnStatus_t st = algo_status(h, a, order[i]);
      if ((st == LITDNN_STATUS_SUCCESS) != (pass == 0))
        continue;
      out[returned].algo = order[i];
      out[returned].status = st;
      out[returned].time = -1.0f;
      out[returned].memory = litdnn_conv_workspace_size(a, order[i]);
      returned++;
    }
  return returned;
}
#line 1783 "chapters/05-convolution.nw"
static double now_ms(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec * 1e-6;
}

#define CONV_FIND_RUNS 3   /* runs queued per sample on the GPU */

/* runs of algo queued back to back, then one synchronization: the time of one in *ms */
static litdnnStatus_t time_runs(litdnnHandle_t h, const litdnn_conv_args *a, int algo, int runs, double *ms)
{
  double t0 = now_ms();
  litdnnStatus_t st = LITDNN_STATUS_SUCCESS;
  for (int i = 0; i < runs && st == LITDNN_STATUS_SUCCESS; i++)
    st = run_algo(h, a, algo);
  if (st == LITDNN_STATUS_SUCCESS)
    st = litdnnSynchronize(h);
  *ms = (now_ms() - t0) / runs;
  return st;
}

static int conv_find(litdnnHandle_t h, litdnn_conv_args *a, conv_perf *out)
{
  int count = conv_get(h, a, out);
  /* on the CPU backends a run is synchronous and all its cost is the caller's: one per sample */
  int gpu = litdnn_backend(h) == LITDNN_BACKEND_CUDA, runs = gpu ? CONV_FIND_RUNS : 1;
  double t[LITDNN_CONV_ALGO_MAX][3], warm;
  a->alpha = 1.0f;
  a->beta = 0.0f;
  for (int i = 0; i < count; i++) {   /* who may run, and its warm-up run */
    if (out[i].status != LITDNN_STATUS_SUCCESS)
      continue;
    if (out[i].memory > 0 && (a->workspace == NULL || out[i].memory > a->workspace_size)) {
      out[i].status = LITDNN_STATUS_BAD_PARAM_SIZE_INSUFFICIENT;
      continue;
    }
    out[i].status = time_runs(h, a, out[i].algo, 1, &warm);
  }
  for (int r = 0; r < 3; r++)   /* three rounds, every candidate once in each */
    for (int i = 0; i < count; i++) {
      if (gpu && out[i].status == LITDNN_STATUS_SUCCESS)   /* the lead-in run, not timed */
        out[i].status = time_runs(h, a, out[i].algo, 1, &warm);
      if (out[i].status == LITDNN_STATUS_SUCCESS)
        out[i].status = time_runs(h, a, out[i].algo, runs, &t[i][r]);
    }
  for (int i = 0; i < count; i++) {
    out[i].time = -1.0f;
    if (out[i].status != LITDNN_STATUS_SUCCESS)
      continue;
    double lo = t[i][0] < t[i][1] ? t[i][0] : t[i][1], hi = t[i][0] < t[i][1] ? t[i][1] : t[i][0];
    out[i].time = (float)(t[i][2] < lo ? lo : t[i][2] > hi ? hi : t[i][2]);   /* the median of three */
  }
  /* insertion sort: timed ones by time first, the rest after in Get's order */
  for (int i = 1; i < count; i++) {
    conv_perf p = out[i];
    int j = i;
    while (j > 0 && p.status == LITDNN_STATUS_SUCCESS &&
           (out[j - 1].status != LITDNN_STATUS_SUCCESS || out[j - 1].time > p.time)) {
      out[j] = out[j - 1];
      j--;
    }
    out[j] = p;
  }
  return count;
}
#line 1856 "chapters/05-convolution.nw"
#define CONV_COPY_PERF(dst, src, n, algo_type)                                     \
  do {                                                                             \
    for (int i_ = 0; i_ < (n); i_++) {                                             \
      (dst)[i_].algo = (algo_type)(src)[i_].algo;                                  \
      (dst)[i_].status = (src)[i_].status;                                         \
      (dst)[i_].time = (src)[i_].time;                                             \
      (dst)[i_].memory = (src)[i_].memory;                                         \
      (dst)[i_].determinism = LITDNN_DETERMINISTIC;                                \
    }                                                                              \
  } while (0)

static litdnnStatus_t max_count(const char *call, litdnnHandle_t h, int pass, int *count)
{
  litdnnStatus_t s = litdnn_check_handle(call, h);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  LITDNN_CHECK_NULL(call, count);
  *count = litdnn_conv_algo_count(pass);
  return LITDNN_STATUS_SUCCESS;
}

static litdnnStatus_t check_request(const char *call, int requested, int *returnedAlgoCount,
                                    const void *perfResults)
{
  LITDNN_CHECK_NULL(call, returnedAlgoCount);
  LITDNN_CHECK_NULL(call, perfResults);
  if (requested < 1)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call,
                        "requestedAlgoCount = %d is not positive", requested);
  return LITDNN_STATUS_SUCCESS;
}

/* the workspace size of one algorithm, or why it has none */
static litdnnStatus_t workspace_of(litdnnHandle_t h, const litdnn_conv_args *a, int algo,
                                   size_t *sizeInBytes)
{
  LITDNN_CHECK_NULL(a->call, sizeInBytes);
  const litdnn_op_table *t = litdnn_op(pass_op[a->pass]);
  if (algo < 0 || algo >= t->count)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, a->call,
                        "algo = %d, but %s has algorithms 0..%d", algo, t->name, t->count - 1);
  if (litdnn_conv_not_applicable(a, algo))
    return litdnn_error(LITDNN_STATUS_NOT_SUPPORTED, a->call, "algo = %d (%s) of %s does not apply: %s", algo,
                        t->stages[algo].name, t->name, litdnn_conv_not_applicable(a, algo));
  *sizeInBytes = litdnn_conv_workspace_size(a, algo);
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnGetConvolutionForwardAlgorithmMaxCount(litdnnHandle_t handle, int *count)
{
  LITDNN_API_CALL("litdnnGetConvolutionForwardAlgorithmMaxCount");
  return max_count("litdnnGetConvolutionForwardAlgorithmMaxCount", handle, LITDNN_CONV_FWD, count);
}
litdnnStatus_t litdnnGetConvolutionBackwardDataAlgorithmMaxCount(litdnnHandle_t handle, int *count)
{
  LITDNN_API_CALL("litdnnGetConvolutionBackwardDataAlgorithmMaxCount");
  return max_count("litdnnGetConvolutionBackwardDataAlgorithmMaxCount", handle, LITDNN_CONV_BWD_DATA, count);
}
litdnnStatus_t litdnnGetConvolutionBackwardFilterAlgorithmMaxCount(litdnnHandle_t handle, int *count)
{
  LITDNN_API_CALL("litdnnGetConvolutionBackwardFilterAlgorithmMaxCount");
  return max_count("litdnnGetConvolutionBackwardFilterAlgorithmMaxCount", handle, LITDNN_CONV_BWD_FILTER,
                   count);
}

litdnnStatus_t litdnnGetConvolutionForwardAlgorithm(litdnnHandle_t handle,
    litdnnTensorDescriptor_t xDesc, litdnnFilterDescriptor_t wDesc,
    litdnnConvolutionDescriptor_t convDesc, litdnnTensorDescriptor_t yDesc,
    int requestedAlgoCount, int *returnedAlgoCount, litdnnConvolutionFwdAlgoPerf_t *perfResults)
{
  LITDNN_API_CALL("litdnnGetConvolutionForwardAlgorithm");
  litdnn_conv_args a;
  conv_perf p[LITDNN_CONV_ALGO_MAX];
  litdnnStatus_t s = litdnn_check_handle(call, handle);
  if (s == LITDNN_STATUS_SUCCESS) s = conv_problem(call, LITDNN_CONV_FWD, &fwd_names, xDesc, wDesc, convDesc, yDesc, &a);
  if (s == LITDNN_STATUS_SUCCESS) s = check_request(call, requestedAlgoCount, returnedAlgoCount, perfResults);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  int n = conv_get(handle, &a, p);
  n = n < requestedAlgoCount ? n : requestedAlgoCount;
  CONV_COPY_PERF(perfResults, p, n, litdnnConvolutionFwdAlgo_t);
  *returnedAlgoCount = n;
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnFindConvolutionForwardAlgorithm(litdnnHandle_t handle,
    litdnnTensorDescriptor_t xDesc, const void *x, litdnnFilterDescriptor_t wDesc, const void *w,
    litdnnConvolutionDescriptor_t convDesc, litdnnTensorDescriptor_t yDesc, void *y,
    int requestedAlgoCount, int *returnedAlgoCount, litdnnConvolutionFwdAlgoPerf_t *perfResults,
    void *workSpace, size_t workSpaceSizeInBytes)
{
  LITDNN_API_CALL("litdnnFindConvolutionForwardAlgorithm");
  litdnn_conv_args a;
  conv_perf p[LITDNN_CONV_ALGO_MAX];
  litdnnStatus_t s = litdnn_check_handle(call, handle);
  if (s == LITDNN_STATUS_SUCCESS) s = conv_problem(call, LITDNN_CONV_FWD, &fwd_names, xDesc, wDesc, convDesc, yDesc, &a);
  if (s == LITDNN_STATUS_SUCCESS) s = check_request(call, requestedAlgoCount, returnedAlgoCount, perfResults);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  LITDNN_CHECK_NULL(call, x);
  LITDNN_CHECK_NULL(call, w);
  LITDNN_CHECK_NULL(call, y);
  a.x = (const float *)x;
  a.w = (const float *)w;
  a.result = (float *)y;
  a.workspace = workSpace;
  a.workspace_size = workSpaceSizeInBytes;
  int n = conv_find(handle, &a, p);
  n = n < requestedAlgoCount ? n : requestedAlgoCount;
  CONV_COPY_PERF(perfResults, p, n, litdnnConvolutionFwdAlgo_t);
  *returnedAlgoCount = n;
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnGetConvolutionForwardWorkspaceSize(litdnnHandle_t handle,
    litdnnTensorDescriptor_t xDesc, litdnnFilterDescriptor_t wDesc,
    litdnnConvolutionDescriptor_t convDesc, litdnnTensorDescriptor_t yDesc,
    litdnnConvolutionFwdAlgo_t algo, size_t *sizeInBytes)
{
  LITDNN_API_CALL("litdnnGetConvolutionForwardWorkspaceSize");
  litdnn_conv_args a;
  litdnnStatus_t s = litdnn_check_handle(call, handle);
  if (s == LITDNN_STATUS_SUCCESS) s = conv_problem(call, LITDNN_CONV_FWD, &fwd_names, xDesc, wDesc, convDesc, yDesc, &a);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  return workspace_of(handle, &a, (int)algo, sizeInBytes);
}

litdnnStatus_t litdnnGetConvolutionBackwardDataAlgorithm(litdnnHandle_t handle,
    litdnnFilterDescriptor_t wDesc, litdnnTensorDescriptor_t dyDesc,
    litdnnConvolutionDescriptor_t convDesc, litdnnTensorDescriptor_t dxDesc,
    int requestedAlgoCount, int *returnedAlgoCount, litdnnConvolutionBwdDataAlgoPerf_t *perfResults)
{
  LITDNN_API_CALL("litdnnGetConvolutionBackwardDataAlgorithm");
  litdnn_conv_args a;
  conv_perf p[LITDNN_CONV_ALGO_MAX];
  litdnnStatus_t s = litdnn_check_handle(call, handle);
  if (s == LITDNN_STATUS_SUCCESS)
    s = conv_problem(call, LITDNN_CONV_BWD_DATA, &bwd_data_names, dxDesc, wDesc, convDesc, dyDesc, &a);
  if (s == LITDNN_STATUS_SUCCESS) s = check_request(call, requestedAlgoCount, returnedAlgoCount, perfResults);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  int n = conv_get(handle, &a, p);
  n = n < requestedAlgoCount ? n : requestedAlgoCount;
  CONV_COPY_PERF(perfResults, p, n, litdnnConvolutionBwdDataAlgo_t);
  *returnedAlgoCount = n;
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnFindConvolutionBackwardDataAlgorithm(litdnnHandle_t handle,
    litdnnFilterDescriptor_t wDesc, const void *w, litdnnTensorDescriptor_t dyDesc, const void *dy,
    litdnnConvolutionDescriptor_t convDesc, litdnnTensorDescriptor_t dxDesc, void *dx,
    int requestedAlgoCount, int *returnedAlgoCount, litdnnConvolutionBwdDataAlgoPerf_t *perfResults,
    void *workSpace, size_t workSpaceSizeInBytes)
{
  LITDNN_API_CALL("litdnnFindConvolutionBackwardDataAlgorithm");
  litdnn_conv_args a;
  conv_perf p[LITDNN_CONV_ALGO_MAX];
  litdnnStatus_t s = litdnn_check_handle(call, handle);
  if (s == LITDNN_STATUS_SUCCESS)
    s = conv_problem(call, LITDNN_CONV_BWD_DATA, &bwd_data_names, dxDesc, wDesc, convDesc, dyDesc, &a);
  if (s == LITDNN_STATUS_SUCCESS) s = check_request(call, requestedAlgoCount, returnedAlgoCount, perfResults);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  LITDNN_CHECK_NULL(call, w);
  LITDNN_CHECK_NULL(call, dy);
  LITDNN_CHECK_NULL(call, dx);
  a.w = (const float *)w;
  a.dy = (const float *)dy;
  a.result = (float *)dx;
  a.workspace = workSpace;
  a.workspace_size = workSpaceSizeInBytes;
  int n = conv_find(handle, &a, p);
  n = n < requestedAlgoCount ? n : requestedAlgoCount;
  CONV_COPY_PERF(perfResults, p, n, litdnnConvolutionBwdDataAlgo_t);
  *returnedAlgoCount = n;
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnGetConvolutionBackwardDataWorkspaceSize(litdnnHandle_t handle,
    litdnnFilterDescriptor_t wDesc, litdnnTensorDescriptor_t dyDesc,
    litdnnConvolutionDescriptor_t convDesc, litdnnTensorDescriptor_t dxDesc,
    litdnnConvolutionBwdDataAlgo_t algo, size_t *sizeInBytes)
{
  LITDNN_API_CALL("litdnnGetConvolutionBackwardDataWorkspaceSize");
  litdnn_conv_args a;
  litdnnStatus_t s = litdnn_check_handle(call, handle);
  if (s == LITDNN_STATUS_SUCCESS)
    s = conv_problem(call, LITDNN_CONV_BWD_DATA, &bwd_data_names, dxDesc, wDesc, convDesc, dyDesc, &a);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  return workspace_of(handle, &a, (int)algo, sizeInBytes);
}

litdnnStatus_t litdnnGetConvolutionBackwardFilterAlgorithm(litdnnHandle_t handle,
    litdnnTensorDescriptor_t xDesc, litdnnTensorDescriptor_t dyDesc,
    litdnnConvolutionDescriptor_t convDesc, litdnnFilterDescriptor_t dwDesc,
    int requestedAlgoCount, int *returnedAlgoCount, litdnnConvolutionBwdFilterAlgoPerf_t *perfResults)
{
  LITDNN_API_CALL("litdnnGetConvolutionBackwardFilterAlgorithm");
  litdnn_conv_args a;
  conv_perf p[LITDNN_CONV_ALGO_MAX];
  litdnnStatus_t s = litdnn_check_handle(call, handle);
  if (s == LITDNN_STATUS_SUCCESS)
    s = conv_problem(call, LITDNN_CONV_BWD_FILTER, &bwd_filter_names, xDesc, dwDesc, convDesc, dyDesc, &a);
  if (s == LITDNN_STATUS_SUCCESS) s = check_request(call, requestedAlgoCount, returnedAlgoCount, perfResults);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  int n = conv_get(handle, &a, p);
  n = n < requestedAlgoCount ? n : requestedAlgoCount;
  CONV_COPY_PERF(perfResults, p, n, litdnnConvolutionBwdFilterAlgo_t);
  *returnedAlgoCount = n;
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnFindConvolutionBackwardFilterAlgorithm(litdnnHandle_t handle,
    litdnnTensorDescriptor_t xDesc, const void *x, litdnnTensorDescriptor_t dyDesc, const void *dy,
    litdnnConvolutionDescriptor_t convDesc, litdnnFilterDescriptor_t dwDesc, void *dw,
    int requestedAlgoCount, int *returnedAlgoCount, litdnnConvolutionBwdFilterAlgoPerf_t *perfResults,
    void *workSpace, size_t workSpaceSizeInBytes)
{
  LITDNN_API_CALL("litdnnFindConvolutionBackwardFilterAlgorithm");
  litdnn_conv_args a;
  conv_perf p[LITDNN_CONV_ALGO_MAX];
  litdnnStatus_t s = litdnn_check_handle(call, handle);
  if (s == LITDNN_STATUS_SUCCESS)
    s = conv_problem(call, LITDNN_CONV_BWD_FILTER, &bwd_filter_names, xDesc, dwDesc, convDesc, dyDesc, &a);
  if (s == LITDNN_STATUS_SUCCESS) s = check_request(call, requestedAlgoCount, returnedAlgoCount, perfResults);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  LITDNN_CHECK_NULL(call, x);
  LITDNN_CHECK_NULL(call, dy);
  LITDNN_CHECK_NULL(call, dw);
  a.x = (const float *)x;
  a.dy = (const float *)dy;
  a.result = (float *)dw;
  a.workspace = workSpace;
  a.workspace_size = workSpaceSizeInBytes;
  int n = conv_find(handle, &a, p);
  n = n < requestedAlgoCount ? n : requestedAlgoCount;
  CONV_COPY_PERF(perfResults, p, n, litdnnConvolutionBwdFilterAlgo_t);
  *returnedAlgoCount = n;
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnGetConvolutionBackwardFilterWorkspaceSize(litdnnHandle_t handle,
    litdnnTensorDescriptor_t xDesc, litdnnTensorDescriptor_t dyDesc,
    litdnnConvolutionDescriptor_t convDesc, litdnnFilterDescriptor_t dwDesc,
    litdnnConvolutionBwdFilterAlgo_t algo, size_t *sizeInBytes)
{
  LITDNN_API_CALL("litdnnGetConvolutionBackwardFilterWorkspaceSize");
  litdnn_conv_args a;
  litdnnStatus_t s = litdnn_check_handle(call, handle);
  if (s == LITDNN_STATUS_SUCCESS)
    s = conv_problem(call, LITDNN_CONV_BWD_FILTER, &bwd_filter_names, xDesc, dwDesc, convDesc, dyDesc, &a);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  return workspace_of(handle, &a, (int)algo, sizeInBytes);
}
#line 8271 "chapters/05-convolution.nw"
litdnnStatus_t litdnnConvolutionBiasActivationForward(litdnnHandle_t handle, const void *alpha1,
    litdnnTensorDescriptor_t xDesc, const void *x, litdnnFilterDescriptor_t wDesc, const void *w,
    litdnnConvolutionDescriptor_t convDesc, litdnnConvolutionFwdAlgo_t algo, void *workSpace,
    size_t workSpaceSizeInBytes, const void *alpha2, litdnnTensorDescriptor_t zDesc, const void *z,
    litdnnTensorDescriptor_t biasDesc, const void *bias, litdnnActivationDescriptor_t activationDesc,
    litdnnTensorDescriptor_t yDesc, void *y)
{
  LITDNN_API_CALL("litdnnConvolutionBiasActivationForward");
  litdnn_conv_args a;
  float zero = 0.0f;
  litdnnStatus_t s = litdnn_check_handle(call, handle);
  if (s == LITDNN_STATUS_SUCCESS)
    s = conv_problem(call, LITDNN_CONV_FWD, &fwd_names, xDesc, wDesc, convDesc, yDesc, &a);
  if (s == LITDNN_STATUS_SUCCESS && !alpha1)
    s = litdnn_error(LITDNN_STATUS_BAD_PARAM_NULL_POINTER, call, "alpha1 is a null pointer");
  if (s == LITDNN_STATUS_SUCCESS) s = check_blend(call, alpha1, &zero, &a);
  if (s == LITDNN_STATUS_SUCCESS) s = litdnn_check_tensor(call, "zDesc", zDesc);
  if (s == LITDNN_STATUS_SUCCESS) s = litdnn_check_tensor(call, "biasDesc", biasDesc);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  if (!litdnn_tensors_same_layout(zDesc, yDesc))
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, call,
                        "zDesc must have the dimensions and strides of yDesc");
  for (int i = 0; i < biasDesc->nbDims || i < yDesc->nbDims; i++)
    if (biasDesc->nbDims != yDesc->nbDims || biasDesc->dims[i] != (i == 1 ? a.k : 1))
      return litdnn_error(LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, call,
                          "biasDesc must be 1 x K x 1 x 1 (K = %d) with yDesc's rank", a.k);
  if (a.k > 1 && biasDesc->strides[1] != 1)
    return litdnn_error(LITDNN_STATUS_NOT_SUPPORTED_LAYOUT, call, "biasDesc must be packed (channel stride 1)");
  LITDNN_CHECK_NULL(call, alpha2);
  LITDNN_CHECK_NULL(call, activationDesc);
  if (!activationDesc->is_set)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_NOT_FINALIZED, call, "activationDesc was never set");
  litdnnActivationMode_t mode = activationDesc->mode;
  if (mode != LITDNN_ACTIVATION_RELU && mode != LITDNN_ACTIVATION_CLIPPED_RELU &&
      mode != LITDNN_ACTIVATION_IDENTITY)
    return litdnn_error(LITDNN_STATUS_NOT_SUPPORTED, call,
                        "activation %s: the fused call applies RELU, CLIPPED_RELU or IDENTITY",
                        litdnnGetActivationModeName(mode));
  LITDNN_CHECK_NULL(call, x);
  LITDNN_CHECK_NULL(call, w);
  LITDNN_CHECK_NULL(call, bias);
  LITDNN_CHECK_NULL(call, y);
  a.alpha2 = *(const float *)alpha2;
  if (a.alpha2 != 0.0f)
    LITDNN_CHECK_NULL(call, z);
  a.fused = 1;
  a.act = (int)mode;
  a.act_nan = activationDesc->nan == LITDNN_PROPAGATE_NAN;
  a.act_coef = (float)activationDesc->coef;
  a.z = (const float *)z;
  a.bias = (const float *)bias;
  a.x = (const float *)x;
  a.w = (const float *)w;
  a.result = (float *)y;
  a.workspace = workSpace;
  a.workspace_size = workSpaceSizeInBytes;
  if ((s = check_algo(handle, &a, (int)algo)) != LITDNN_STATUS_SUCCESS)
    return s;
  return run_algo(handle, &a, (int)algo);
}
