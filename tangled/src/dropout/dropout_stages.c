#line 599 "chapters/09-dropout.nw"
#include "dropout/dropout.h"
#include "dropout/dropout_stages.h"

static const litdnn_stage forward_stages[] = {
  LITDNN_CPU_STAGE("cpu reference", "the definition, four elements per Philox call", litdnn_dropout_forward_cpu),
  LITDNN_GPU_STAGE("thread per element", "one Philox call per element, one word used", litdnn_dropout_forward_naive),
  LITDNN_GPU_STAGE("float4 grid-stride", "one Philox call per float4, two loads in flight",
                   litdnn_dropout_forward_vec4),
};
static const litdnn_stage backward_stages[] = {
  LITDNN_CPU_STAGE("cpu reference", "the mask regenerated from the reserve space", litdnn_dropout_backward_cpu),
  LITDNN_GPU_STAGE("thread per element", "one Philox call per element, one word used", litdnn_dropout_backward_naive),
  LITDNN_GPU_STAGE("float4 grid-stride", "one Philox call per float4, two loads in flight",
                   litdnn_dropout_backward_vec4),
};

static int choose_fast(litdnnHandle_t h, const void *args) { return 2; }

const litdnn_op_table litdnn_dropout_forward_table = {
  "dropout forward", forward_stages, (int)(sizeof forward_stages / sizeof forward_stages[0]), choose_fast};
const litdnn_op_table litdnn_dropout_backward_table = {
  "dropout backward", backward_stages, (int)(sizeof backward_stages / sizeof backward_stages[0]), choose_fast};
