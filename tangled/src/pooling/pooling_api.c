#line 214 "chapters/06-pooling.nw"
#include "pooling/pooling.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

litdnnStatus_t litdnnCreatePoolingDescriptor(litdnnPoolingDescriptor_t *desc)
{
  LITDNN_API_CALL("litdnnCreatePoolingDescriptor");
  LITDNN_CHECK_NULL("litdnnCreatePoolingDescriptor", desc);
  *desc = calloc(1, sizeof **desc);
  if (!*desc)
    return litdnn_error(LITDNN_STATUS_ALLOC_FAILED, "litdnnCreatePoolingDescriptor",
                        "out of host memory");
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnDestroyPoolingDescriptor(litdnnPoolingDescriptor_t desc)
{
  LITDNN_API_CALL("litdnnDestroyPoolingDescriptor");
  free(desc);
  return LITDNN_STATUS_SUCCESS;
}

#line 246 "chapters/06-pooling.nw"
static litdnnStatus_t set_pooling(const char *call, litdnnPoolingDescriptor_t desc,
                                  litdnnPoolingMode_t mode, litdnnNanPropagation_t nan,
                                  int nbDims, const int *window, const int *pad, const int *stride)
{
  static const char *const axis2[2] = {"height", "width"}, *const axis3[3] = {"depth", "height", "width"};
  LITDNN_CHECK_NULL(call, desc);
  if ((int)mode < LITDNN_POOLING_MAX || (int)mode > LITDNN_POOLING_MAX_DETERMINISTIC)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call,
                        "mode = %d is not a litdnnPoolingMode_t", (int)mode);
  if (nan != LITDNN_NOT_PROPAGATE_NAN && nan != LITDNN_PROPAGATE_NAN)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call,
                        "maxpoolingNanOpt = %d is not a litdnnNanPropagation_t", (int)nan);
  if (nbDims < 2 || nbDims > 3)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call,
                        "nbDims = %d; pooling has 2 or 3 spatial dimensions", nbDims);
  for (int d = 0; d < nbDims; d++) {
    const char *axis = nbDims == 2 ? axis2[d] : axis3[d];
    if (window[d] <= 0)
      return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call,
                          "window %s = %d must be positive", axis, window[d]);
    if (stride[d] <= 0)
      return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call,
                          "stride %s = %d must be positive", axis, stride[d]);
    if (pad[d] < 0)
      return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call,
                          "padding %s = %d must not be negative", axis, pad[d]);
    if (pad[d] >= window[d])
      return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call,
                          "padding %s = %d must be smaller than the window (%d)", axis, pad[d],
                          window[d]);
  }
  desc->is_set = 1;
  desc->mode = mode;
  desc->nan = nan;
  desc->nbDims = nbDims;
  for (int d = 0; d < 3; d++) {
    desc->window[d] = d < nbDims ? window[d] : 1;
    desc->pad[d] = d < nbDims ? pad[d] : 0;
    desc->stride[d] = d < nbDims ? stride[d] : 1;
  }
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnSetPooling2dDescriptor(litdnnPoolingDescriptor_t desc, litdnnPoolingMode_t mode,
                                            litdnnNanPropagation_t maxpoolingNanOpt, int windowHeight,
                                            int windowWidth, int verticalPadding,
                                            int horizontalPadding, int verticalStride,
                                            int horizontalStride)
{
  LITDNN_API_CALL("litdnnSetPooling2dDescriptor");
  int window[2] = {windowHeight, windowWidth}, pad[2] = {verticalPadding, horizontalPadding};
  int stride[2] = {verticalStride, horizontalStride};
  return set_pooling("litdnnSetPooling2dDescriptor", desc, mode, maxpoolingNanOpt, 2, window, pad,
                     stride);
}

litdnnStatus_t litdnnSetPoolingNdDescriptor(litdnnPoolingDescriptor_t desc, litdnnPoolingMode_t mode,
                                            litdnnNanPropagation_t maxpoolingNanOpt, int nbDims,
                                            const int windowDimA[], const int paddingA[],
                                            const int strideA[])
{
  LITDNN_API_CALL("litdnnSetPoolingNdDescriptor");
  LITDNN_CHECK_NULL(call, windowDimA);
  LITDNN_CHECK_NULL(call, paddingA);
  LITDNN_CHECK_NULL(call, strideA);
  return set_pooling(call, desc, mode, maxpoolingNanOpt, nbDims, windowDimA, paddingA, strideA);
}
#line 316 "chapters/06-pooling.nw"
/* every call names its descriptor desc, as pooling.h does */
static litdnnStatus_t check_pooling(const char *call, litdnnPoolingDescriptor_t desc)
{
  LITDNN_CHECK_NULL(call, desc);
  if (!desc->is_set)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_NOT_FINALIZED, call, "desc was never set");
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnGetPooling2dDescriptor(litdnnPoolingDescriptor_t desc, litdnnPoolingMode_t *mode,
                                            litdnnNanPropagation_t *maxpoolingNanOpt,
                                            int *windowHeight, int *windowWidth,
                                            int *verticalPadding, int *horizontalPadding,
                                            int *verticalStride, int *horizontalStride)
{
  LITDNN_API_CALL("litdnnGetPooling2dDescriptor");
  litdnnStatus_t s = check_pooling(call, desc);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  if (desc->nbDims != 2)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, call,
                        "desc has %d spatial dimensions, not 2", desc->nbDims);
  int *out[8] = {windowHeight, windowWidth, verticalPadding, horizontalPadding, verticalStride,
                 horizontalStride};
  int val[8] = {desc->window[0], desc->window[1], desc->pad[0], desc->pad[1], desc->stride[0],
                desc->stride[1]};
  for (int i = 0; i < 6; i++)
    if (out[i])
      *out[i] = val[i];
  if (mode)
    *mode = desc->mode;
  if (maxpoolingNanOpt)
    *maxpoolingNanOpt = desc->nan;
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnGetPoolingNdDescriptor(litdnnPoolingDescriptor_t desc, int nbDimsRequested,
                                            litdnnPoolingMode_t *mode,
                                            litdnnNanPropagation_t *maxpoolingNanOpt, int *nbDims,
                                            int windowDimA[], int paddingA[], int strideA[])
{
  LITDNN_API_CALL("litdnnGetPoolingNdDescriptor");
  litdnnStatus_t s = check_pooling(call, desc);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  if (nbDimsRequested < 0)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call,
                        "nbDimsRequested = %d must not be negative", nbDimsRequested);
  if (nbDimsRequested > 0) {
    LITDNN_CHECK_NULL(call, windowDimA);
    LITDNN_CHECK_NULL(call, paddingA);
    LITDNN_CHECK_NULL(call, strideA);
  }
  if (mode)
    *mode = desc->mode;
  if (maxpoolingNanOpt)
    *maxpoolingNanOpt = desc->nan;
  if (nbDims)
    *nbDims = desc->nbDims;
  for (int d = 0; d < nbDimsRequested && d < desc->nbDims; d++) {
    windowDimA[d] = desc->window[d];
    paddingA[d] = desc->pad[d];
    strideA[d] = desc->stride[d];
  }
  return LITDNN_STATUS_SUCCESS;
}
#line 389 "chapters/06-pooling.nw"
/* The input's spatial sizes (depth, height, width; depth 1 for 2-D) and the
   output's, after checking that x has the right rank and that every window
   fits in the padded input. */
static litdnnStatus_t pooling_geometry(const char *call, litdnnPoolingDescriptor_t p,
                                       litdnnTensorDescriptor_t x, const char *xname, int in[3],
                                       int out[3])
{
  static const char *const axis[3] = {"depth", "height", "width"};
  if (x->nbDims != p->nbDims + 2)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, call,
                        "%s has %d dimensions, but a %d-D pooling needs %d", xname, x->nbDims,
                        p->nbDims, p->nbDims + 2);
  int first = 3 - p->nbDims;   /* 2-D pooling leaves the depth at 1 */
  for (int d = 0; d < 3; d++) {
    int k = d - first;         /* index into the descriptor's arrays */
    if (k < 0) {
      in[d] = out[d] = 1;
      continue;
    }
    int64_t size = x->dims[2 + k];
    int64_t padded = size + 2 * (int64_t)p->pad[k];
    if (p->window[k] > padded)
      return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call,
                          "window %s = %d is larger than the padded input (%lld + 2 * %d)",
                          axis[d], p->window[k], (long long)size, p->pad[k]);
    in[d] = (int)size;
    out[d] = (int)(1 + (padded - p->window[k]) / p->stride[k]);
  }
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnGetPoolingNdForwardOutputDim(litdnnPoolingDescriptor_t desc,
                                                  litdnnTensorDescriptor_t inputDesc, int nbDims,
                                                  int outputTensorDimA[])
{
  LITDNN_API_CALL("litdnnGetPoolingNdForwardOutputDim");
  litdnnStatus_t s = check_pooling(call, desc);
  if (s == LITDNN_STATUS_SUCCESS)
    s = litdnn_check_tensor(call, "inputDesc", inputDesc);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  LITDNN_CHECK_NULL(call, outputTensorDimA);
  int in[3], out[3];
  if ((s = pooling_geometry(call, desc, inputDesc, "inputDesc", in, out)) != LITDNN_STATUS_SUCCESS)
    return s;
  if (nbDims != desc->nbDims + 2)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, call,
                        "nbDims = %d, but the output has %d dimensions", nbDims, desc->nbDims + 2);
  outputTensorDimA[0] = (int)inputDesc->dims[0];
  outputTensorDimA[1] = (int)inputDesc->dims[1];
  for (int k = 0; k < desc->nbDims; k++)
    outputTensorDimA[2 + k] = out[3 - desc->nbDims + k];
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnGetPooling2dForwardOutputDim(litdnnPoolingDescriptor_t desc,
                                                  litdnnTensorDescriptor_t inputDesc, int *n, int *c,
                                                  int *h, int *w)
{
  LITDNN_API_CALL("litdnnGetPooling2dForwardOutputDim");
  litdnnStatus_t s = check_pooling(call, desc);
  if (s == LITDNN_STATUS_SUCCESS)
    s = litdnn_check_tensor(call, "inputDesc", inputDesc);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  if (desc->nbDims != 2)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, call,
                        "desc has %d spatial dimensions, not 2", desc->nbDims);
  int in[3], out[3];
  if ((s = pooling_geometry(call, desc, inputDesc, "inputDesc", in, out)) != LITDNN_STATUS_SUCCESS)
    return s;
  int vals[4] = {(int)inputDesc->dims[0], (int)inputDesc->dims[1], out[1], out[2]};
  int *ptrs[4] = {n, c, h, w};
  for (int i = 0; i < 4; i++)
    if (ptrs[i])
      *ptrs[i] = vals[i];
  return LITDNN_STATUS_SUCCESS;
}
#line 479 "chapters/06-pooling.nw"
static litdnnStatus_t check_same_dims(const char *call, litdnnTensorDescriptor_t a, const char *an,
                                      litdnnTensorDescriptor_t b, const char *bn)
{
  if (a->nbDims != b->nbDims)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, call,
                        "%s has %d dimensions and %s has %d", an, a->nbDims, bn, b->nbDims);
  for (int d = 0; d < a->nbDims; d++)
    if (a->dims[d] != b->dims[d])
      return litdnn_error(LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, call,
                          "%s dimension %d is %lld but %s's is %lld", an, d, (long long)a->dims[d],
                          bn, (long long)b->dims[d]);
  return LITDNN_STATUS_SUCCESS;
}

static litdnnStatus_t check_output_shape(const char *call, litdnnTensorDescriptor_t x,
                                         litdnnTensorDescriptor_t y, const char *yname,
                                         const int out[3], int nbSpatial)
{
  if (y->nbDims != x->nbDims)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, call,
                        "%s has %d dimensions, the input %d", yname, y->nbDims, x->nbDims);
  for (int d = 0; d < y->nbDims; d++) {
    int64_t want = d < 2 ? x->dims[d] : out[3 - nbSpatial + d - 2];
    if (y->dims[d] != want)
      return litdnn_error(LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, call,
                          "%s dimension %d is %lld, but the pooling makes %lld", yname, d,
                          (long long)y->dims[d], (long long)want);
  }
  if (litdnn_tensor_span(y) < litdnn_tensor_count(y))
    return litdnn_error(LITDNN_STATUS_BAD_PARAM, call,
                        "%s's strides make elements overlap; an output must not", yname);
  return LITDNN_STATUS_SUCCESS;
}

/* Copy a tensor's strides into (n, c, d, h, w) order, depth stride 0 for 4-D. */
static void pool_strides(litdnnTensorDescriptor_t t, int64_t s[5])
{
  if (t->nbDims == 4) {
    s[0] = t->strides[0], s[1] = t->strides[1], s[2] = 0, s[3] = t->strides[2], s[4] = t->strides[3];
  } else {
    for (int d = 0; d < 5; d++)
      s[d] = t->strides[d];
  }
}

static void pool_fill_geometry(litdnn_pool_args *a, litdnnPoolingDescriptor_t p,
                               litdnnTensorDescriptor_t x, const int in[3], const int out[3])
{
  int first = 3 - p->nbDims;
  a->mode = p->mode;
  a->propagate_nan = p->nan == LITDNN_PROPAGATE_NAN;
  a->n = x->dims[0];
  a->c = x->dims[1];
  for (int d = 0; d < 3; d++) {
    int k = d - first;
    a->in[d] = in[d];
    a->out[d] = out[d];
    a->win[d] = k < 0 ? 1 : p->window[k];
    a->pad[d] = k < 0 ? 0 : p->pad[k];
    a->stride[d] = k < 0 ? 1 : p->stride[k];
  }
}
#line 544 "chapters/06-pooling.nw"
#define POOL_CHECK(expr)                                                         \
  do {                                                                           \
    litdnnStatus_t s_ = (expr);                                                  \
    if (s_ != LITDNN_STATUS_SUCCESS)                                             \
      return s_;                                                                 \
  } while (0)

litdnnStatus_t litdnnPoolingForward(litdnnHandle_t handle, litdnnPoolingDescriptor_t desc,
                                    const void *alpha, litdnnTensorDescriptor_t xDesc, const void *x,
                                    const void *beta, litdnnTensorDescriptor_t yDesc, void *y)
{
  LITDNN_API_CALL("litdnnPoolingForward");
  POOL_CHECK(litdnn_check_handle(call, handle));
  POOL_CHECK(check_pooling(call, desc));
  LITDNN_CHECK_NULL(call, alpha);
  LITDNN_CHECK_NULL(call, beta);
  POOL_CHECK(litdnn_check_tensor(call, "xDesc", xDesc));
  POOL_CHECK(litdnn_check_tensor(call, "yDesc", yDesc));
  LITDNN_CHECK_NULL(call, x);
  LITDNN_CHECK_NULL(call, y);
  int in[3], out[3];
  POOL_CHECK(pooling_geometry(call, desc, xDesc, "xDesc", in, out));
  POOL_CHECK(check_output_shape(call, xDesc, yDesc, "yDesc", out, desc->nbDims));
  litdnn_pool_args a;
  memset(&a, 0, sizeof a);
  pool_fill_geometry(&a, desc, xDesc, in, out);
  pool_strides(xDesc, a.xs);
  a.channels_last = a.c > 1 && a.xs[1] == 1;
  pool_strides(yDesc, a.ys);
  a.alpha = *(const float *)alpha;
  a.beta = *(const float *)beta;
  a.x = (const float *)x;
  a.y = (float *)y;
  return litdnn_run_op(handle, LITDNN_OP_POOLING_FORWARD, call, &a);
}

litdnnStatus_t litdnnPoolingBackward(litdnnHandle_t handle, litdnnPoolingDescriptor_t desc,
                                     const void *alpha, litdnnTensorDescriptor_t yDesc, const void *y,
                                     litdnnTensorDescriptor_t dyDesc, const void *dy,
                                     litdnnTensorDescriptor_t xDesc, const void *x, const void *beta,
                                     litdnnTensorDescriptor_t dxDesc, void *dx)
{
  LITDNN_API_CALL("litdnnPoolingBackward");
  POOL_CHECK(litdnn_check_handle(call, handle));
  POOL_CHECK(check_pooling(call, desc));
  LITDNN_CHECK_NULL(call, alpha);
  LITDNN_CHECK_NULL(call, beta);
  POOL_CHECK(litdnn_check_tensor(call, "yDesc", yDesc));
  POOL_CHECK(litdnn_check_tensor(call, "dyDesc", dyDesc));
  POOL_CHECK(litdnn_check_tensor(call, "xDesc", xDesc));
  POOL_CHECK(litdnn_check_tensor(call, "dxDesc", dxDesc));
  LITDNN_CHECK_NULL(call, y);
  LITDNN_CHECK_NULL(call, dy);
  LITDNN_CHECK_NULL(call, x);
  LITDNN_CHECK_NULL(call, dx);
  int in[3], out[3];
  POOL_CHECK(pooling_geometry(call, desc, xDesc, "xDesc", in, out));
  POOL_CHECK(check_same_dims(call, dxDesc, "dxDesc", xDesc, "xDesc"));
  POOL_CHECK(check_same_dims(call, dyDesc, "dyDesc", yDesc, "yDesc"));
  POOL_CHECK(check_output_shape(call, xDesc, yDesc, "yDesc", out, desc->nbDims));
  if (litdnn_tensor_span(dxDesc) < litdnn_tensor_count(dxDesc))
    return litdnn_error(LITDNN_STATUS_BAD_PARAM, call,
                        "dxDesc's strides make elements overlap; an output must not");
  litdnn_pool_args a;
  memset(&a, 0, sizeof a);
  pool_fill_geometry(&a, desc, xDesc, in, out);
  pool_strides(xDesc, a.xs);
  a.channels_last = a.c > 1 && a.xs[1] == 1;
  pool_strides(dyDesc, a.ys);
  pool_strides(dxDesc, a.dxs);
  pool_strides(yDesc, a.yfs);
  a.yf = (const float *)y;
  a.alpha = *(const float *)alpha;
  a.beta = *(const float *)beta;
  a.x = (const float *)x;
  a.dy = (const float *)dy;
  a.dx = (float *)dx;
  return litdnn_run_op(handle, LITDNN_OP_POOLING_BACKWARD, call, &a);
}
#line 3636 "chapters/06-pooling.nw"
LITDNN_APPLIES(pool_k2s2_applies, litdnn_pool_args, litdnn_pool_k2s2_fits(a),
               "it needs a 2-D 2x2 window with stride 2 and no padding, packed NCHW tensors, a "
               "width that is a multiple of 8, 16-byte alignment and fewer than 2^31 outputs")
LITDNN_APPLIES(pool_nhwc4_applies, litdnn_pool_args, litdnn_pool_nhwc4_fits(a),
               "it needs packed NHWC tensors, C a multiple of 4, 16-byte alignment and fewer "
               "than 2^31 outputs")
LITDNN_APPLIES(pool_k3s2_applies, litdnn_pool_args, litdnn_pool_k3s2_fits(a),
               "it needs 2-D 3x3 windows with stride 2 and padding 0 or 1, and input rows that "
               "are contiguous (NCHW)")
LITDNN_APPLIES(pool_nhwc_k3_applies, litdnn_pool_args, litdnn_pool_nhwc_k3_fits(a),
               "it needs 2-D 3x3 windows, packed NHWC tensors, C a multiple of 4 and 16-byte "
               "alignment")
LITDNN_APPLIES(pool_global_applies, litdnn_pool_args, litdnn_pool_global_fits(a),
               "it needs a 2-D window that covers the whole input plane")
LITDNN_APPLIES(pool_global4_applies, litdnn_pool_args, litdnn_pool_global4_fits(a),
               "it needs a 2-D window over the whole plane, x packed and 16-byte aligned, and C "
               "a multiple of 4 (NHWC) or planes of at most 2048 elements (NCHW)")
LITDNN_APPLIES(pool_scatter_applies, litdnn_pool_args, a->mode != LITDNN_POOLING_MAX_DETERMINISTIC,
               "its atomic adds land in no fixed order, which LITDNN_POOLING_MAX_DETERMINISTIC "
               "forbids")
LITDNN_APPLIES(pool_argmax_applies, litdnn_pool_args, litdnn_pool_is_max(a->mode),
               "it stores where each window's maximum is, and an average has none")
LITDNN_APPLIES(pool_disjoint_applies, litdnn_pool_args, litdnn_pool_disjoint_fits(a),
               "it needs windows that tile the input: the stride equal to the window, no "
               "padding, sizes divisible by the window")
LITDNN_APPLIES(pool_k2s2_backward_applies, litdnn_pool_args, litdnn_pool_k2s2_backward_fits(a),
               "it needs a 2-D 2x2 window with stride 2 and no padding, packed NCHW tensors "
               "aligned to 16 bytes, an even height and a width that is a multiple of 8")
LITDNN_APPLIES(pool_tile_applies, litdnn_pool_args, litdnn_pool_tile_plan(a, &(litdnn_pool_tile){0}),
               "it needs 2-D pooling whose windows for one element fit in shared memory")
LITDNN_APPLIES(pool_plane_applies, litdnn_pool_args, litdnn_pool_plane_plan(a, &(litdnn_pool_plane){0}),
               "it needs 2-D pooling whose tiles number fewer than 2^31")
LITDNN_APPLIES(pool_staged_applies, litdnn_pool_args, litdnn_pool_staged_fits(a),
               "it needs 2-D max pooling of NCHW planes with 3x3 windows at stride 2")
LITDNN_APPLIES(pool_k3s2_backward_applies, litdnn_pool_args,
               litdnn_pool_k3s2_backward_plan(a, &(litdnn_pool_k3){0}),
               "it needs 2-D 3x3 windows with stride 2 and padding 0 or 1, and x, dy and dx all "
               "with contiguous rows (NCHW) or all with the channels innermost (NHWC), with "
               "32-bit offsets inside a plane or an image")

static const litdnn_stage pool_forward_stages[] = {POOL_FORWARD_STAGES(LITDNN_STAGE_ROW)};
static const litdnn_stage pool_backward_stages[] = {POOL_BACKWARD_STAGES(LITDNN_STAGE_ROW)};

static int choose_pool_forward(litdnnHandle_t h, const void *args)
{
  const litdnn_pool_args *a = (const litdnn_pool_args *)args;
  /* measured: naive beats global on a 7x7 plane (global-vec4 beats both) */
  if (litdnn_pool_global_fits(a) && (int64_t)a->in[1] * a->in[2] <= 64)
    return LITDNN_PICK(h, pool_forward_stages, args, POOL_FWD_GLOBAL4, POOL_FWD_NAIVE, POOL_FWD_CPU);
  /* rows of at least 16 outputs, contiguous, go to a warp each */
  int row_stage = a->out[2] >= 16 && a->xs[4] == 1 && a->ys[4] == 1 ? POOL_FWD_ROWS : POOL_FWD_NAIVE;
  return LITDNN_PICK(h, pool_forward_stages, args, POOL_FWD_GLOBAL4, POOL_FWD_GLOBAL, POOL_FWD_NHWC_K3,
                     POOL_FWD_NHWC4, POOL_FWD_K2S2, POOL_FWD_K3S2, row_stage, POOL_FWD_CPU);
}

static int choose_pool_backward(litdnnHandle_t h, const void *args)
{
  const litdnn_pool_args *a = (const litdnn_pool_args *)args;
  if (a->mode == LITDNN_POOLING_MAX)
    return LITDNN_PICK(h, pool_backward_stages, args, POOL_BWD_GLOBAL, POOL_BWD_K2S2, POOL_BWD_DISJOINT,
                       POOL_BWD_K3S2, POOL_BWD_SCATTER, POOL_BWD_CPU);
  /* fixed-order stages only from here: tile for the deterministic maximum
     and for NCHW averages, plane-y for averages with the channels innermost
     (the fastest of the fixed-order stages; scatter is faster for averages
     but adds in no fixed order); argmax-gather takes only maxima */
  int channels_last = a->c > 1 && a->xs[1] < a->xs[4];
  if (a->mode != LITDNN_POOLING_MAX_DETERMINISTIC && channels_last)
    return LITDNN_PICK(h, pool_backward_stages, args, POOL_BWD_GLOBAL, POOL_BWD_K2S2, POOL_BWD_DISJOINT,
                       POOL_BWD_K3S2, POOL_BWD_PLANE, POOL_BWD_TILE, POOL_BWD_COMPARE, POOL_BWD_CPU);
  return LITDNN_PICK(h, pool_backward_stages, args, POOL_BWD_GLOBAL, POOL_BWD_K2S2, POOL_BWD_DISJOINT,
                     POOL_BWD_K3S2, POOL_BWD_TILE, POOL_BWD_PLANE, POOL_BWD_ARGMAX, POOL_BWD_COMPARE,
                     POOL_BWD_CPU);
}

const litdnn_op_table litdnn_pooling_forward_table =
    LITDNN_OP_TABLE("pooling forward", pool_forward_stages, choose_pool_forward);
const litdnn_op_table litdnn_pooling_backward_table =
    LITDNN_OP_TABLE("pooling backward", pool_backward_stages, choose_pool_backward);
