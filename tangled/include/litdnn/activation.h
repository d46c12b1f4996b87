#ifndef LITDNN_ACTIVATION_H
#define LITDNN_ACTIVATION_H
#include "litdnn/core.h"
#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  LITDNN_ACTIVATION_SIGMOID = 0,
  LITDNN_ACTIVATION_RELU = 1,
  LITDNN_ACTIVATION_TANH = 2,
  LITDNN_ACTIVATION_CLIPPED_RELU = 3, /* coef: the ceiling, > 0 */
  LITDNN_ACTIVATION_ELU = 4,          /* coef: alpha of ELU, >= 0 */
  LITDNN_ACTIVATION_IDENTITY = 5,     /* accepted here, unlike cuDNN */
  LITDNN_ACTIVATION_SWISH = 6,        /* coef: beta of swish */
  LITDNN_ACTIVATION_LEAKY_RELU = 7,   /* coef: the slope for x <= 0 (not in cuDNN) */
  LITDNN_ACTIVATION_GELU = 8,         /* exact: x * Phi(x), with erfc (not in cuDNN) */
  LITDNN_ACTIVATION_GELU_TANH = 9     /* the tanh approximation of GELU (not in cuDNN) */
} litdnnActivationMode_t;
#define LITDNN_ACTIVATION_MODE_COUNT 10

/* "sigmoid", "relu", ... ; "unknown" for a value outside the enumeration */
const char *litdnnGetActivationModeName(litdnnActivationMode_t mode);
typedef struct litdnnActivationStruct *litdnnActivationDescriptor_t;

litdnnStatus_t litdnnCreateActivationDescriptor(litdnnActivationDescriptor_t *activationDesc);
litdnnStatus_t litdnnSetActivationDescriptor(litdnnActivationDescriptor_t activationDesc,
                                             litdnnActivationMode_t mode,
                                             litdnnNanPropagation_t reluNanOpt, double coef);
litdnnStatus_t litdnnGetActivationDescriptor(const litdnnActivationDescriptor_t activationDesc,
                                             litdnnActivationMode_t *mode,
                                             litdnnNanPropagation_t *reluNanOpt, double *coef);
litdnnStatus_t litdnnDestroyActivationDescriptor(litdnnActivationDescriptor_t activationDesc);
/* y = alpha * f(x) + beta * y; with beta == 0, y is not read. x and y may
   be the same memory when xDesc and yDesc describe the same layout. */
litdnnStatus_t litdnnActivationForward(litdnnHandle_t handle,
                                       litdnnActivationDescriptor_t activationDesc,
                                       const void *alpha,
                                       const litdnnTensorDescriptor_t xDesc, const void *x,
                                       const void *beta,
                                       const litdnnTensorDescriptor_t yDesc, void *y);

/* dx = alpha * f'(x) * dy + beta * dx. SIGMOID and TANH read y (the
   forward output), IDENTITY reads neither y nor x, every other mode reads x. */
litdnnStatus_t litdnnActivationBackward(litdnnHandle_t handle,
                                        litdnnActivationDescriptor_t activationDesc,
                                        const void *alpha,
                                        const litdnnTensorDescriptor_t yDesc, const void *y,
                                        const litdnnTensorDescriptor_t dyDesc, const void *dy,
                                        const litdnnTensorDescriptor_t xDesc, const void *x,
                                        const void *beta,
                                        const litdnnTensorDescriptor_t dxDesc, void *dx);

#ifdef __cplusplus
}
#endif
#endif
