#line 183 "chapters/07-softmax.nw"
#include "softmax/softmax.h"
#include <string.h>

#define SOFTMAX_CHECK(expr)                                                           \
  do {                                                                           \
    litdnnStatus_t s_ = (expr);                                                  \
    if (s_ != LITDNN_STATUS_SUCCESS)                                             \
      return s_;                                                                 \
  } while (0)

static litdnnStatus_t check_algo_mode(const char *call, litdnnSoftmaxAlgorithm_t algo,
                                      litdnnSoftmaxMode_t mode)
{
  if ((int)algo < LITDNN_SOFTMAX_FAST || (int)algo > LITDNN_SOFTMAX_LOG)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call,
                        "algo = %d is not a litdnnSoftmaxAlgorithm_t", (int)algo);
  if ((int)mode < LITDNN_SOFTMAX_MODE_INSTANCE || (int)mode > LITDNN_SOFTMAX_MODE_CHANNEL)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call,
                        "mode = %d is not a litdnnSoftmaxMode_t", (int)mode);
  return LITDNN_STATUS_SUCCESS;
}

static litdnnStatus_t check_like(const char *call, litdnnTensorDescriptor_t a, const char *an,
                                 litdnnTensorDescriptor_t b, const char *bn)
{
  if (a->nbDims != 4)
    return litdnn_error(LITDNN_STATUS_NOT_SUPPORTED, call,
                        "%s has %d dimensions; softmax works on 4-D tensors", an, a->nbDims);
  if (b->nbDims != 4)
    return litdnn_error(LITDNN_STATUS_NOT_SUPPORTED, call,
                        "%s has %d dimensions; softmax works on 4-D tensors", bn, b->nbDims);
  for (int d = 0; d < 4; d++)
    if (a->dims[d] != b->dims[d])
      return litdnn_error(LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, call,
                          "%s dimension %d is %lld but %s's is %lld", an, d, (long long)a->dims[d],
                          bn, (long long)b->dims[d]);
  return LITDNN_STATUS_SUCCESS;
}

static void describe(litdnn_softmax_args *a, litdnnSoftmaxAlgorithm_t algo, litdnnSoftmaxMode_t mode,
                     litdnnTensorDescriptor_t t)
{
  memset(a, 0, sizeof *a);
  a->algo = algo;
  a->mode = mode;
  a->n = t->dims[0], a->c = t->dims[1], a->h = t->dims[2], a->w = t->dims[3];
  a->rows = mode == LITDNN_SOFTMAX_MODE_CHANNEL ? a->n * a->h * a->w : a->n;
  a->len = mode == LITDNN_SOFTMAX_MODE_CHANNEL ? a->c : a->c * a->h * a->w;
}

litdnnStatus_t litdnnSoftmaxForward(litdnnHandle_t handle, litdnnSoftmaxAlgorithm_t algo,
                                    litdnnSoftmaxMode_t mode, const void *alpha,
                                    litdnnTensorDescriptor_t xDesc, const void *x, const void *beta,
                                    litdnnTensorDescriptor_t yDesc, void *y)
{
  LITDNN_API_CALL("litdnnSoftmaxForward");
  SOFTMAX_CHECK(litdnn_check_handle(call, handle));
  SOFTMAX_CHECK(check_algo_mode(call, algo, mode));
  LITDNN_CHECK_NULL(call, alpha);
  LITDNN_CHECK_NULL(call, beta);
  SOFTMAX_CHECK(litdnn_check_tensor(call, "xDesc", xDesc));
  SOFTMAX_CHECK(litdnn_check_tensor(call, "yDesc", yDesc));
  LITDNN_CHECK_NULL(call, x);
  LITDNN_CHECK_NULL(call, y);
  SOFTMAX_CHECK(check_like(call, yDesc, "yDesc", xDesc, "xDesc"));
  if (litdnn_tensor_span(yDesc) < litdnn_tensor_count(yDesc))
    return litdnn_error(LITDNN_STATUS_BAD_PARAM, call,
                        "yDesc's strides make elements overlap; an output must not");
  litdnn_softmax_args a;
  describe(&a, algo, mode, xDesc);
  memcpy(a.xs, xDesc->strides, sizeof a.xs);
  memcpy(a.os, yDesc->strides, sizeof a.os);
  a.alpha = *(const float *)alpha;
  a.beta = *(const float *)beta;
  a.x = (const float *)x;
  a.out = (float *)y;
  return litdnn_run_op(handle, LITDNN_OP_SOFTMAX_FORWARD, call, &a);
}

litdnnStatus_t litdnnSoftmaxBackward(litdnnHandle_t handle, litdnnSoftmaxAlgorithm_t algo,
                                     litdnnSoftmaxMode_t mode, const void *alpha,
                                     litdnnTensorDescriptor_t yDesc, const void *y,
                                     litdnnTensorDescriptor_t dyDesc, const void *dy, const void *beta,
                                     litdnnTensorDescriptor_t dxDesc, void *dx)
{
  LITDNN_API_CALL("litdnnSoftmaxBackward");
  SOFTMAX_CHECK(litdnn_check_handle(call, handle));
  SOFTMAX_CHECK(check_algo_mode(call, algo, mode));
  LITDNN_CHECK_NULL(call, alpha);
  LITDNN_CHECK_NULL(call, beta);
  SOFTMAX_CHECK(litdnn_check_tensor(call, "yDesc", yDesc));
  SOFTMAX_CHECK(litdnn_check_tensor(call, "dyDesc", dyDesc));
  SOFTMAX_CHECK(litdnn_check_tensor(call, "dxDesc", dxDesc));
  LITDNN_CHECK_NULL(call, y);
  LITDNN_CHECK_NULL(call, dy);
  LITDNN_CHECK_NULL(call, dx);
  SOFTMAX_CHECK(check_like(call, dyDesc, "dyDesc", yDesc, "yDesc"));
  SOFTMAX_CHECK(check_like(call, dxDesc, "dxDesc", yDesc, "yDesc"));
  if (litdnn_tensor_span(dxDesc) < litdnn_tensor_count(dxDesc))
    return litdnn_error(LITDNN_STATUS_BAD_PARAM, call,
                        "dxDesc's strides make elements overlap; an output must not");
  litdnn_softmax_args a;
  describe(&a, algo, mode, yDesc);
  a.backward = 1;
  memcpy(a.xs, yDesc->strides, sizeof a.xs);
  memcpy(a.dys, dyDesc->strides, sizeof a.dys);
  memcpy(a.os, dxDesc->strides, sizeof a.os);
  a.alpha = *(const float *)alpha;
  a.beta = *(const float *)beta;
  a.x = (const float *)y;
  a.dy = (const float *)dy;
  a.out = (float *)dx;
  return litdnn_run_op(handle, LITDNN_OP_SOFTMAX_BACKWARD, call, &a);
}

#line 2060 "chapters/07-softmax.nw"
LITDNN_APPLIES(softmax_rows_applies, litdnn_softmax_args, litdnn_softmax_rows_contiguous(a),
               "it needs each row contiguous and alike in every tensor (INSTANCE on packed "
               "tensors, CHANNEL on NHWC)")
LITDNN_APPLIES(softmax_channel_nchw_applies, litdnn_softmax_args, litdnn_softmax_channel_nchw(a),
               a->backward ? "it needs CHANNEL mode on packed NCHW tensors with C <= 352"
                           : "it needs CHANNEL mode on packed NCHW tensors with C <= 704")
LITDNN_APPLIES(softmax_small_rows_applies, litdnn_softmax_args, litdnn_softmax_small_rows_fit(a),
               "it needs contiguous rows of at most 256 values")
LITDNN_APPLIES(softmax_channel_vec_applies, litdnn_softmax_args, litdnn_softmax_channel_vec_fits(a),
               "it needs CHANNEL mode on packed NCHW tensors with C <= 256, H*W a multiple of 4 "
               "and 16-byte aligned pointers")
LITDNN_APPLIES(softmax_rows_vec_applies, litdnn_softmax_args, litdnn_softmax_rows_vec_fits(a),
               "it needs contiguous rows of at most 1024 values, a multiple of 4 with 16-byte "
               "aligned pointers unless there are fewer than 1056 rows of more than 128")
LITDNN_APPLIES(softmax_short_rows_applies, litdnn_softmax_args, litdnn_softmax_short_rows_fit(a),
               "it needs contiguous rows of at most 128 values")

static const litdnn_stage softmax_stages[] = {SOFTMAX_STAGES(LITDNN_STAGE_ROW)};

static int choose_softmax(litdnnHandle_t h, const void *args)
{
  const litdnn_softmax_args *a = (const litdnn_softmax_args *)args;
  /* rows under 128: kernel 10 measured faster than kernel 6 on 42 of the 46 passes
     over the language-model rows (1.18 times forward, 1.14 backward, geometric means) */
  int short_stage = a->len < 128 ? SOFTMAX_SHORT_ROWS : SOFTMAX_ROWS_VEC;
  /* other contiguous rows: kernel 8 measured 95 % of copy on NHWC rows of 256; where it
     does not apply, three sweeps from L1 win forward up to 1024 */
  int row_stage = !a->backward && a->len <= 1024 ? SOFTMAX_WARP_SHUFFLE : SOFTMAX_ONLINE;
  /* CHANNEL in NCHW: kernel 9 measured 1.55 times kernel 7 forward */
  return LITDNN_PICK(h, softmax_stages, args, short_stage, SOFTMAX_ROWS_VEC, row_stage, SOFTMAX_CHANNEL_TILE,
                     SOFTMAX_CHANNEL_NCHW, SOFTMAX_NAIVE, SOFTMAX_CPU);
}

const litdnn_op_table litdnn_softmax_forward_table =
    LITDNN_OP_TABLE("softmax forward", softmax_stages, choose_softmax);
const litdnn_op_table litdnn_softmax_backward_table =
    LITDNN_OP_TABLE("softmax backward", softmax_stages, choose_softmax);
