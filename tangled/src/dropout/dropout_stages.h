#ifndef LITDNN_DROPOUT_STAGES_H
#define LITDNN_DROPOUT_STAGES_H
#include "core/internal.h"
#define DROPOUT_FORWARD_STAGES(S)                                                           \
  S(DROPOUT_FORWARD_STAGE_CPU, "cpu reference", "the definition, four elements per Philox call", \
    CPU, litdnn_dropout_forward_cpu, NULL, DET)                                             \
  S(DROPOUT_FORWARD_STAGE_NAIVE, "thread per element", "one Philox call per element, one word used", \
    GPU, litdnn_dropout_forward_naive, NULL, DET)                                           \
  S(DROPOUT_FORWARD_STAGE_VEC4, "float4 grid-stride", "one Philox call per float4, two loads in flight", \
    GPU, litdnn_dropout_forward_vec4, NULL, DET)
#define DROPOUT_BACKWARD_STAGES(S)                                                          \
  S(DROPOUT_BACKWARD_STAGE_CPU, "cpu reference", "the mask regenerated from the reserve space", \
    CPU, litdnn_dropout_backward_cpu, NULL, DET)                                            \
  S(DROPOUT_BACKWARD_STAGE_NAIVE, "thread per element", "one Philox call per element, one word used", \
    GPU, litdnn_dropout_backward_naive, NULL, DET)                                          \
  S(DROPOUT_BACKWARD_STAGE_VEC4, "float4 grid-stride", "one Philox call per float4, two loads in flight", \
    GPU, litdnn_dropout_backward_vec4, NULL, DET)
enum { DROPOUT_FORWARD_STAGES(LITDNN_STAGE_ID) };
enum { DROPOUT_BACKWARD_STAGES(LITDNN_STAGE_ID) };
DROPOUT_FORWARD_STAGES(LITDNN_STAGE_DECLARE)
DROPOUT_BACKWARD_STAGES(LITDNN_STAGE_DECLARE)
#endif
