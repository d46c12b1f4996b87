#ifndef LITDNN_SOFTMAX_H
#define LITDNN_SOFTMAX_H
#include "litdnn/core.h"
#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  LITDNN_SOFTMAX_FAST = 0,
  LITDNN_SOFTMAX_ACCURATE = 1,
  LITDNN_SOFTMAX_LOG = 2
} litdnnSoftmaxAlgorithm_t;

typedef enum {
  LITDNN_SOFTMAX_MODE_INSTANCE = 0,   /* over C*H*W of each image */
  LITDNN_SOFTMAX_MODE_CHANNEL = 1     /* over C of each pixel */
} litdnnSoftmaxMode_t;

litdnnStatus_t litdnnSoftmaxForward(litdnnHandle_t handle, litdnnSoftmaxAlgorithm_t algo,
    litdnnSoftmaxMode_t mode, const void *alpha, litdnnTensorDescriptor_t xDesc, const void *x,
    const void *beta, litdnnTensorDescriptor_t yDesc, void *y);
litdnnStatus_t litdnnSoftmaxBackward(litdnnHandle_t handle, litdnnSoftmaxAlgorithm_t algo,
    litdnnSoftmaxMode_t mode, const void *alpha, litdnnTensorDescriptor_t yDesc, const void *y,
    litdnnTensorDescriptor_t dyDesc, const void *dy, const void *beta,
    litdnnTensorDescriptor_t dxDesc, void *dx);

#ifdef __cplusplus
}
#endif
#endif
