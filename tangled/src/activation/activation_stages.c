#line 296 "chapters/03-activations.nw"
#include "activation/activation.h"

static const litdnn_stage forward_stages[] = {
  LITDNN_CPU_STAGE("cpu", "the definition: a loop over every element, any strides",
                   litdnn_act_forward_cpu),
  LITDNN_GPU_STAGE("naive", "one thread per element", litdnn_act_forward_naive),
  LITDNN_GPU_STAGE("vec4", "float4 loads and stores, grid-stride loop, one loop per mode",
                   litdnn_act_forward_vec4),
};
static const litdnn_stage backward_stages[] = {
  LITDNN_CPU_STAGE("cpu", "the definition: a loop over every element, any strides",
                   litdnn_act_backward_cpu),
  LITDNN_GPU_STAGE("naive", "one thread per element", litdnn_act_backward_naive),
  LITDNN_GPU_STAGE("vec4", "float4 loads and stores, grid-stride loop, one loop per mode",
                   litdnn_act_backward_vec4),
};

const litdnn_op_table litdnn_activation_forward_table = {
  "activation forward", forward_stages, (int)(sizeof forward_stages / sizeof forward_stages[0]), NULL,
};
const litdnn_op_table litdnn_activation_backward_table = {
  "activation backward", backward_stages, (int)(sizeof backward_stages / sizeof backward_stages[0]), NULL,
};
