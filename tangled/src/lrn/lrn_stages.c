#line 5281 "chapters/08-normalization.nw"
#include "lrn/lrn.h"
#include "lrn/lrn_stages.h"

static const litdnn_stage forward_stages[] = {
  LITDNN_CPU_STAGE("cpu reference", "the formula in double precision", litdnn_lrn_forward_cpu),
  LITDNN_GPU_STAGE("thread per element", "each thread sums its own window", litdnn_lrn_forward_naive),
  LITDNN_GPU_STAGE("sliding window", "a thread per pixel walks the channels, one square in, one out",
                   litdnn_lrn_forward_sliding),
  LITDNN_GPU_STAGE("warp per pixel (NHWC)", "32 channels and their halo staged in shared memory",
                   litdnn_lrn_forward_warp),
  LITDNN_GPU_STAGE("staged float4 (NCHW)", "four pixels per thread, a ring of channels in shared memory",
                   litdnn_lrn_forward_staged),
  LITDNN_GPU_STAGE("registers (n <= 5)", "the staged ring as a register array, one kernel per window size",
                   litdnn_lrn_forward_regs),
};
static const litdnn_stage backward_stages[] = {
  LITDNN_CPU_STAGE("cpu reference", "the gradient in double precision", litdnn_lrn_backward_cpu),
  LITDNN_GPU_STAGE("thread per element", "n windows per element", litdnn_lrn_backward_naive),
  LITDNN_GPU_STAGE("sliding window", "three running windows and a running sum per pixel",
                   litdnn_lrn_backward_sliding),
  LITDNN_GPU_STAGE("warp per pixel (NHWC)", "squares and gradient terms staged in shared memory",
                   litdnn_lrn_backward_warp),
  LITDNN_GPU_STAGE("staged float4 (NCHW)", "rings of x, t and the first term; every window summed afresh",
                   litdnn_lrn_backward_staged),
  LITDNN_GPU_STAGE("registers (n <= 5)", "the staged rings as register arrays, one kernel per window size",
                   litdnn_lrn_backward_regs),
  LITDNN_GPU_STAGE("a pixel a thread (n <= 5)", "one pixel per thread, windows in registers, 16 loads at once",
                   litdnn_lrn_backward_pixel),
  LITDNN_GPU_STAGE("loading ahead (n <= 5)", "a pixel a thread, each step's arithmetic over the next step's loads",
                   litdnn_lrn_backward_pixel_ahead),
};

static int choose(const litdnn_lrn_args *a, int backward)
{
  if (a->xs[1] == 1 && a->ys[1] == 1 && a->dims[1] > 1)
    return 3;
  /* measured on AlexNet's odd planes and the reference shape: backward, a pixel a thread
     loading ahead is the fastest stage on all three; forward, the register stage (its
     rotated path repaired). Both run the staged kernel themselves for n > 5 */
  if (backward)
    return a->xs[3] == 1 && a->dys[3] == 1 && a->dxs[3] == 1 ? 7 : 2;
  return a->xs[3] == 1 && a->ys[3] == 1 ? 5 : 2;
}
static int choose_forward(litdnnHandle_t h, const void *args) { return choose((const litdnn_lrn_args *)args, 0); }
static int choose_backward(litdnnHandle_t h, const void *args) { return choose((const litdnn_lrn_args *)args, 1); }

const litdnn_op_table litdnn_lrn_forward_table = {
  "LRN cross-channel forward", forward_stages, (int)(sizeof forward_stages / sizeof forward_stages[0]),
  choose_forward};
const litdnn_op_table litdnn_lrn_backward_table = {
  "LRN cross-channel backward", backward_stages, (int)(sizeof backward_stages / sizeof backward_stages[0]),
  choose_backward};
