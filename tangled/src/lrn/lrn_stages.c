#line 5401 "chapters/08-normalization.nw"
#include "lrn/lrn.h"
#include "lrn/lrn_stages.h"

static const litdnn_stage forward_stages[] = {LRN_FORWARD_STAGES(LITDNN_STAGE_ROW)};
static const litdnn_stage backward_stages[] = {LRN_BACKWARD_STAGES(LITDNN_STAGE_ROW)};

static int choose_forward(litdnnHandle_t h, const void *args)
{
  const litdnn_lrn_args *a = (const litdnn_lrn_args *)args;
  if (litdnn_backend(h) == LITDNN_BACKEND_CPU)
    return LRN_FORWARD_CPU;
  if (a->xs[1] == 1 && a->ys[1] == 1 && a->dims[1] > 1)
    return LRN_FORWARD_WARP;
  /* measured on AlexNet's odd planes and the reference shape: the register stage
     (its rotated path repaired). It runs the staged kernel itself for n > 5 */
  return a->xs[3] == 1 && a->ys[3] == 1 ? LRN_FORWARD_REGS : LRN_FORWARD_SLIDING;
}
static int choose_backward(litdnnHandle_t h, const void *args)
{
  const litdnn_lrn_args *a = (const litdnn_lrn_args *)args;
  if (litdnn_backend(h) == LITDNN_BACKEND_CPU)
    return LRN_BACKWARD_CPU;
  if (a->xs[1] == 1 && a->ys[1] == 1 && a->dims[1] > 1)
    return LRN_BACKWARD_WARP;
  /* measured on AlexNet's odd planes and the reference shape: a pixel a thread loading
     ahead is the fastest stage on all three. It runs the staged kernel itself for n > 5 */
  return a->xs[3] == 1 && a->dys[3] == 1 && a->dxs[3] == 1 ? LRN_BACKWARD_PIXEL_AHEAD : LRN_BACKWARD_SLIDING;
}

const litdnn_op_table litdnn_lrn_forward_table =
    LITDNN_OP_TABLE("LRN cross-channel forward", forward_stages, choose_forward);
const litdnn_op_table litdnn_lrn_backward_table =
    LITDNN_OP_TABLE("LRN cross-channel backward", backward_stages, choose_backward);
