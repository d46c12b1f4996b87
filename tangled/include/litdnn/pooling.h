#ifndef LITDNN_POOLING_H
#define LITDNN_POOLING_H
#include "litdnn/core.h"
#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  LITDNN_POOLING_MAX = 0,
  LITDNN_POOLING_AVERAGE_COUNT_INCLUDE_PADDING = 1,
  LITDNN_POOLING_AVERAGE_COUNT_EXCLUDE_PADDING = 2,
  LITDNN_POOLING_MAX_DETERMINISTIC = 3
} litdnnPoolingMode_t;

typedef struct litdnnPoolingStruct *litdnnPoolingDescriptor_t;

litdnnStatus_t litdnnCreatePoolingDescriptor(litdnnPoolingDescriptor_t *desc);
litdnnStatus_t litdnnDestroyPoolingDescriptor(litdnnPoolingDescriptor_t desc);
litdnnStatus_t litdnnSetPooling2dDescriptor(litdnnPoolingDescriptor_t desc,
    litdnnPoolingMode_t mode, litdnnNanPropagation_t maxpoolingNanOpt,
    int windowHeight, int windowWidth, int verticalPadding, int horizontalPadding,
    int verticalStride, int horizontalStride);
litdnnStatus_t litdnnGetPooling2dDescriptor(litdnnPoolingDescriptor_t desc,
    litdnnPoolingMode_t *mode, litdnnNanPropagation_t *maxpoolingNanOpt,
    int *windowHeight, int *windowWidth, int *verticalPadding, int *horizontalPadding,
    int *verticalStride, int *horizontalStride);
/* nbDims counts the spatial dimensions: 2 (H, W) or 3 (D, H, W) */
litdnnStatus_t litdnnSetPoolingNdDescriptor(litdnnPoolingDescriptor_t desc,
    litdnnPoolingMode_t mode, litdnnNanPropagation_t maxpoolingNanOpt, int nbDims,
    const int windowDimA[], const int paddingA[], const int strideA[]);
litdnnStatus_t litdnnGetPoolingNdDescriptor(litdnnPoolingDescriptor_t desc, int nbDimsRequested,
    litdnnPoolingMode_t *mode, litdnnNanPropagation_t *maxpoolingNanOpt, int *nbDims,
    int windowDimA[], int paddingA[], int strideA[]);

litdnnStatus_t litdnnGetPooling2dForwardOutputDim(litdnnPoolingDescriptor_t desc,
    litdnnTensorDescriptor_t inputDesc, int *n, int *c, int *h, int *w);
/* nbDims counts the tensor's dimensions: 2 + the spatial ones */
litdnnStatus_t litdnnGetPoolingNdForwardOutputDim(litdnnPoolingDescriptor_t desc,
    litdnnTensorDescriptor_t inputDesc, int nbDims, int outputTensorDimA[]);

litdnnStatus_t litdnnPoolingForward(litdnnHandle_t handle, litdnnPoolingDescriptor_t desc,
    const void *alpha, litdnnTensorDescriptor_t xDesc, const void *x,
    const void *beta, litdnnTensorDescriptor_t yDesc, void *y);
/* y must be what litdnnPoolingForward wrote for x with alpha 1 and beta 0:
   for max pooling the backward pass finds each window's maximum in it. */
litdnnStatus_t litdnnPoolingBackward(litdnnHandle_t handle, litdnnPoolingDescriptor_t desc,
    const void *alpha, litdnnTensorDescriptor_t yDesc, const void *y,
    litdnnTensorDescriptor_t dyDesc, const void *dy,
    litdnnTensorDescriptor_t xDesc, const void *x,
    const void *beta, litdnnTensorDescriptor_t dxDesc, void *dx);

#ifdef __cplusplus
}
#endif
#endif
