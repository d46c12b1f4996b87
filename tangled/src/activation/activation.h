/* Internal: the activation descriptor and the arguments of the stages. */
#ifndef LITDNN_ACTIVATION_INTERNAL_H
#define LITDNN_ACTIVATION_INTERNAL_H
#include "core/internal.h"
#ifdef __cplusplus
extern "C" {
#endif

struct litdnnActivationStruct {
  int is_set;
  litdnnActivationMode_t mode;
  litdnnNanPropagation_t nan;
  double coef;
};

#define LITDNN_ACT_READS_Y(mode) \
  ((mode) == LITDNN_ACTIVATION_SIGMOID || (mode) == LITDNN_ACTIVATION_TANH)
#define LITDNN_ACT_READS_X(mode) \
  (!LITDNN_ACT_READS_Y(mode) && (mode) != LITDNN_ACTIVATION_IDENTITY)
enum { LITDNN_ACT_MAX_TENSORS = 4 };

typedef struct litdnn_act_layout {
  int nbDims;
  int64_t dims[LITDNN_DIM_MAX];
  int64_t strides[LITDNN_ACT_MAX_TENSORS][LITDNN_DIM_MAX];
} litdnn_act_layout;

typedef struct litdnn_act_forward_args {
  int mode, propagate_nan;
  float coef, alpha, beta;
  int64_t n;
  int flat;                  /* x and y packed, same layout: element i at offset i */
  litdnn_act_layout layout;  /* tensor 0 is x, tensor 1 is y */
  const float *x;
  float *y;
} litdnn_act_forward_args;

typedef struct litdnn_act_backward_args {
  int mode, propagate_nan;
  float coef, alpha, beta;
  int64_t n;
  int flat;                  /* all four packed, same layout */
  litdnn_act_layout layout;  /* tensors 0..3 are y, dy, x, dx */
  const float *y, *dy, *x;
  float *dx;
} litdnn_act_backward_args;
#define ACT_FORWARD_STAGES(S)                                                                 \
  S(ACT_FORWARD_STAGE_CPU, "cpu", "the definition: a loop over every element, any strides", CPU, \
    litdnn_act_forward_cpu, NULL, DET)                                                        \
  S(ACT_FORWARD_STAGE_NAIVE, "naive", "one thread per element", GPU, litdnn_act_forward_naive, \
    NULL, DET)                                                                                \
  S(ACT_FORWARD_STAGE_VEC4, "vec4", "float4 loads and stores, grid-stride loop, one loop per mode", \
    GPU, litdnn_act_forward_vec4, litdnn_act_forward_flat, DET)
#define ACT_BACKWARD_STAGES(S)                                                                \
  S(ACT_BACKWARD_STAGE_CPU, "cpu", "the definition: a loop over every element, any strides", CPU, \
    litdnn_act_backward_cpu, NULL, DET)                                                       \
  S(ACT_BACKWARD_STAGE_NAIVE, "naive", "one thread per element", GPU, litdnn_act_backward_naive, \
    NULL, DET)                                                                                \
  S(ACT_BACKWARD_STAGE_VEC4, "vec4", "float4 loads and stores, grid-stride loop, one loop per mode", \
    GPU, litdnn_act_backward_vec4, litdnn_act_backward_flat, DET)
enum { ACT_FORWARD_STAGES(LITDNN_STAGE_ID) };
enum { ACT_BACKWARD_STAGES(LITDNN_STAGE_ID) };
ACT_FORWARD_STAGES(LITDNN_STAGE_DECLARE)
ACT_BACKWARD_STAGES(LITDNN_STAGE_DECLARE)
const char *litdnn_act_forward_flat(litdnnHandle_t h, const void *args);
const char *litdnn_act_backward_flat(litdnnHandle_t h, const void *args);

#ifdef __cplusplus
}
#endif
#endif
