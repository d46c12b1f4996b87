#line 2625 "chapters/02-tensors.nw"
#include "tensor_ops/tensor_ops.h"

enum { STAGE_CPU, STAGE_NAIVE, STAGE_VEC4, STAGE_FOURTH, STAGE_FIFTH };
enum { STAGE_BROADCAST = STAGE_FOURTH };                        /* Add and Op */
enum { STAGE_TILED = STAGE_FOURTH, STAGE_WIDE = STAGE_FIFTH };  /* Transform */

#define ELEMENTWISE_STAGES                                                                    \
  LITDNN_CPU_STAGE("cpu loop", "the definition: an odometer over the indices", litdnn_ew_cpu), \
  LITDNN_GPU_STAGE("one thread per element", "index by division, any strides", litdnn_ew_naive), \
  LITDNN_GPU_STAGE("float4 grid-stride", "16-byte loads, few threads, flat arrays only",       \
                   litdnn_ew_vec4)

static const litdnn_stage elementwise_stages[] = {ELEMENTWISE_STAGES};

static const litdnn_stage broadcast_stages[] = {
  ELEMENTWISE_STAGES,
  LITDNN_GPU_STAGE("broadcast float4", "a repeated vector: wrap its index, or one value per plane",
                   litdnn_ew_broadcast),
};

static const litdnn_stage transform_stages[] = {
  ELEMENTWISE_STAGES,
  LITDNN_GPU_STAGE("tiled transpose", "32x32 tiles through padded shared memory",
                   litdnn_transform_tiled),
  LITDNN_GPU_STAGE("64x64 float4 transpose", "16 KB per block in flight, 16-byte accesses",
                   litdnn_transform_vec4),
};

static int choose_elementwise(litdnnHandle_t h, const void *args)
{
  return litdnn_ew_is_flat((const litdnn_ew *)args) ? STAGE_VEC4 : STAGE_NAIVE;
}

static int choose_broadcast(litdnnHandle_t h, const void *args)
{
  const litdnn_ew *p = (const litdnn_ew *)args;
  if (!litdnn_ew_is_flat(p) && litdnn_ew_is_broadcast(p, NULL))
    return STAGE_BROADCAST;
  return choose_elementwise(h, args);
}

static int choose_transform(litdnnHandle_t h, const void *args)
{
  const litdnn_ew *p = (const litdnn_ew *)args;
  if (litdnn_ew_is_transpose(p, NULL))
    return STAGE_WIDE;
  return choose_elementwise(h, args);
}

#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))
const litdnn_op_table litdnn_set_tensor_table = {
  "litdnnSetTensor", elementwise_stages, COUNT(elementwise_stages), choose_elementwise};
const litdnn_op_table litdnn_scale_tensor_table = {
  "litdnnScaleTensor", elementwise_stages, COUNT(elementwise_stages), choose_elementwise};
const litdnn_op_table litdnn_add_tensor_table = {
  "litdnnAddTensor", broadcast_stages, COUNT(broadcast_stages), choose_broadcast};
const litdnn_op_table litdnn_op_tensor_table = {
  "litdnnOpTensor", broadcast_stages, COUNT(broadcast_stages), choose_broadcast};
const litdnn_op_table litdnn_transform_tensor_table = {
  "litdnnTransformTensor", transform_stages, COUNT(transform_stages), choose_transform};
