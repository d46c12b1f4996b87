#ifndef LITDNN_LRN_STAGES_H
#define LITDNN_LRN_STAGES_H
#include "core/internal.h"
#define LRN_FORWARD_STAGES(S)                                                                     \
  S(LRN_FORWARD_CPU, "cpu reference", "the formula in double precision", CPU,                     \
    litdnn_lrn_forward_cpu, NULL, DET)                                                            \
  S(LRN_FORWARD_NAIVE, "thread per element", "each thread sums its own window", GPU,              \
    litdnn_lrn_forward_naive, NULL, DET)                                                          \
  S(LRN_FORWARD_SLIDING, "sliding window",                                                        \
    "a thread per pixel walks the channels, one square in, one out", GPU,                         \
    litdnn_lrn_forward_sliding, NULL, DET)                                                        \
  S(LRN_FORWARD_WARP, "warp per pixel (NHWC)",                                                    \
    "32 channels and their halo staged in shared memory", GPU, litdnn_lrn_forward_warp,           \
    litdnn_lrn_warp_applies, DET)                                                                 \
  S(LRN_FORWARD_STAGED, "staged float4 (NCHW)",                                                   \
    "four pixels per thread, a ring of channels in shared memory", GPU,                           \
    litdnn_lrn_forward_staged, NULL, DET)                                                         \
  S(LRN_FORWARD_REGS, "registers (n <= 5)",                                                       \
    "the staged ring as a register array, one kernel per window size", GPU,                       \
    litdnn_lrn_forward_regs, litdnn_lrn_regs_applies, DET)
#define LRN_BACKWARD_STAGES(S)                                                                    \
  S(LRN_BACKWARD_CPU, "cpu reference", "the gradient in double precision", CPU,                   \
    litdnn_lrn_backward_cpu, NULL, DET)                                                           \
  S(LRN_BACKWARD_NAIVE, "thread per element", "n windows per element", GPU,                       \
    litdnn_lrn_backward_naive, NULL, DET)                                                         \
  S(LRN_BACKWARD_SLIDING, "sliding window", "three running windows and a running sum per pixel",  \
    GPU, litdnn_lrn_backward_sliding, NULL, DET)                                                  \
  S(LRN_BACKWARD_WARP, "warp per pixel (NHWC)",                                                   \
    "squares and gradient terms staged in shared memory", GPU, litdnn_lrn_backward_warp,          \
    litdnn_lrn_backward_warp_applies, DET)                                                        \
  S(LRN_BACKWARD_STAGED, "staged float4 (NCHW)",                                                  \
    "rings of x, t and the first term; every window summed afresh", GPU,                          \
    litdnn_lrn_backward_staged, NULL, DET)                                                        \
  S(LRN_BACKWARD_REGS, "registers (n <= 5)",                                                      \
    "the staged rings as register arrays, one kernel per window size", GPU,                       \
    litdnn_lrn_backward_regs, litdnn_lrn_backward_regs_applies, DET)                              \
  S(LRN_BACKWARD_PIXEL, "a pixel a thread (n <= 5)",                                              \
    "one pixel per thread, windows in registers, 16 loads at once", GPU,                          \
    litdnn_lrn_backward_pixel, litdnn_lrn_backward_pixel_applies, DET)                            \
  S(LRN_BACKWARD_PIXEL_AHEAD, "loading ahead (n <= 5)",                                           \
    "a pixel a thread, each step's arithmetic over the next step's loads", GPU,                   \
    litdnn_lrn_backward_pixel_ahead, litdnn_lrn_backward_pixel_applies, DET)
enum { LRN_FORWARD_STAGES(LITDNN_STAGE_ID) };
enum { LRN_BACKWARD_STAGES(LITDNN_STAGE_ID) };
LRN_FORWARD_STAGES(LITDNN_STAGE_DECLARE)
LRN_BACKWARD_STAGES(LITDNN_STAGE_DECLARE)
#endif
