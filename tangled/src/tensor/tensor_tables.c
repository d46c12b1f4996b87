#line 2209 "chapters/02-tensors.nw"
#include "tensor/tensor_ops.h"

enum { STAGE_CPU, STAGE_NAIVE, STAGE_VEC4, STAGE_TILED };

static const litdnn_stage elementwise_stages[] = {
  LITDNN_CPU_STAGE("cpu loop", "the definition: an odometer over the indices", litdnn_ew_cpu),
  LITDNN_GPU_STAGE("one thread per element", "index by division, any strides", litdnn_ew_naive),
  LITDNN_GPU_STAGE("float4 grid-stride", "16-byte loads, few threads, flat arrays only",
                   litdnn_ew_vec4),
};

static const litdnn_stage transform_stages[] = {
  LITDNN_CPU_STAGE("cpu loop", "the definition: an odometer over the indices", litdnn_ew_cpu),
  LITDNN_GPU_STAGE("one thread per element", "index by division, any strides", litdnn_ew_naive),
  LITDNN_GPU_STAGE("float4 grid-stride", "16-byte loads, few threads, flat arrays only",
                   litdnn_ew_vec4),
  LITDNN_GPU_STAGE("tiled transpose", "32x32 tiles through padded shared memory",
                   litdnn_transform_tiled),
};

static int choose_elementwise(litdnnHandle_t h, const void *args)
{
  return litdnn_ew_is_flat((const litdnn_ew *)args) ? STAGE_VEC4 : STAGE_NAIVE;
}

static int choose_transform(litdnnHandle_t h, const void *args)
{
  const litdnn_ew *p = (const litdnn_ew *)args;
  if (litdnn_ew_is_transpose(p, NULL))
    return STAGE_TILED;
  return choose_elementwise(h, args);
}

#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))
const litdnn_op_table litdnn_set_tensor_table = {
  "litdnnSetTensor", elementwise_stages, COUNT(elementwise_stages), choose_elementwise};
const litdnn_op_table litdnn_scale_tensor_table = {
  "litdnnScaleTensor", elementwise_stages, COUNT(elementwise_stages), choose_elementwise};
const litdnn_op_table litdnn_add_tensor_table = {
  "litdnnAddTensor", elementwise_stages, COUNT(elementwise_stages), choose_elementwise};
const litdnn_op_table litdnn_op_tensor_table = {
  "litdnnOpTensor", elementwise_stages, COUNT(elementwise_stages), choose_elementwise};
const litdnn_op_table litdnn_transform_tensor_table = {
  "litdnnTransformTensor", transform_stages, COUNT(transform_stages), choose_transform};
