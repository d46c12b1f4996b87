#line 5453 "chapters/08-normalization.nw"
#include "lrn/lrn.h"
#include "lrn/lrn_stages.h"

#line 5321 "chapters/08-normalization.nw"
static const char *windows_in_registers(const litdnn_lrn_args *a, int64_t limit, const int64_t *s0,
                                        const int64_t *s1, const int64_t *s2)
{
  int nw = a->lo + a->hi + 1;
  if (nw > LITDNN_LRN_REGS_MAX_N || a->lo != (nw - 1) / 2)
    return "it needs a window of at most 5 channels";
  if (litdnn_lrn_extent(a, s0) > limit || litdnn_lrn_extent(a, s1) > limit ||
      (s2 && litdnn_lrn_extent(a, s2) > limit))
    return "it needs tensors whose offsets fit in 32 bits";
  return NULL;
}

static const char *litdnn_lrn_warp_applies(litdnnHandle_t h, const void *args)
{
  const litdnn_lrn_args *a = (const litdnn_lrn_args *)args;
  return a->xs[1] == 1 && a->ys[1] == 1 ? NULL : "it needs x and y with their channels at stride 1 (NHWC)";
}
static const char *litdnn_lrn_backward_warp_applies(litdnnHandle_t h, const void *args)
{
  const litdnn_lrn_args *a = (const litdnn_lrn_args *)args;
  return a->xs[1] == 1 && a->ys[1] == 1 && a->dys[1] == 1 && a->dxs[1] == 1
             ? NULL
             : "it needs x, y, dy and dx with their channels at stride 1 (NHWC)";
}
static const char *litdnn_lrn_regs_applies(litdnnHandle_t h, const void *args)
{
  const litdnn_lrn_args *a = (const litdnn_lrn_args *)args;
  return windows_in_registers(a, INT32_MAX - 256, a->xs, a->ys, NULL);
}
static const char *litdnn_lrn_backward_regs_applies(litdnnHandle_t h, const void *args)
{
  const litdnn_lrn_args *a = (const litdnn_lrn_args *)args;
  return windows_in_registers(a, INT32_MAX - 256, a->xs, a->dys, a->dxs);
}
static const char *litdnn_lrn_backward_pixel_applies(litdnnHandle_t h, const void *args)
{
  const litdnn_lrn_args *a = (const litdnn_lrn_args *)args;
  return windows_in_registers(a, INT32_MAX, a->xs, a->dys, a->dxs);
}

#line 5458 "chapters/08-normalization.nw"
static const litdnn_stage forward_stages[] = {LRN_FORWARD_STAGES(LITDNN_STAGE_ROW)};
static const litdnn_stage backward_stages[] = {LRN_BACKWARD_STAGES(LITDNN_STAGE_ROW)};

static int choose_forward(litdnnHandle_t h, const void *args)
{
  const litdnn_lrn_args *a = (const litdnn_lrn_args *)args;
  if (litdnn_backend(h) == LITDNN_BACKEND_CPU)
    return LRN_FORWARD_CPU;
  if (a->xs[1] == 1 && a->ys[1] == 1 && a->dims[1] > 1)
    return LRN_FORWARD_WARP;
  /* measured on AlexNet's odd planes and the reference shape: the register stage (its
     rotated path repaired); the staged kernel for the windows it does not hold */
  if (a->xs[3] == 1 && a->ys[3] == 1)
    return LITDNN_PICK(h, forward_stages, args, LRN_FORWARD_REGS, LRN_FORWARD_STAGED);
  return LRN_FORWARD_SLIDING;
}
static int choose_backward(litdnnHandle_t h, const void *args)
{
  const litdnn_lrn_args *a = (const litdnn_lrn_args *)args;
  if (litdnn_backend(h) == LITDNN_BACKEND_CPU)
    return LRN_BACKWARD_CPU;
  /* x and y decide, as they always did; with dy or dx not NHWC, the sliding window */
  if (a->xs[1] == 1 && a->ys[1] == 1 && a->dims[1] > 1)
    return LITDNN_PICK(h, backward_stages, args, LRN_BACKWARD_WARP, LRN_BACKWARD_SLIDING);
  /* measured on AlexNet's odd planes and the reference shape: a pixel a thread loading
     ahead is the fastest stage on all three; the staged kernel for the windows it does not hold */
  if (a->xs[3] == 1 && a->dys[3] == 1 && a->dxs[3] == 1)
    return LITDNN_PICK(h, backward_stages, args, LRN_BACKWARD_PIXEL_AHEAD, LRN_BACKWARD_STAGED);
  return LRN_BACKWARD_SLIDING;
}

const litdnn_op_table litdnn_lrn_forward_table =
    LITDNN_OP_TABLE("LRN cross-channel forward", forward_stages, choose_forward);
const litdnn_op_table litdnn_lrn_backward_table =
    LITDNN_OP_TABLE("LRN cross-channel backward", backward_stages, choose_backward);
