#ifndef LITDNN_DROPOUT_H
#define LITDNN_DROPOUT_H
#include "litdnn/core.h"
#ifdef __cplusplus
extern "C" {
#endif

typedef struct litdnnDropoutStruct *litdnnDropoutDescriptor_t;

litdnnStatus_t litdnnCreateDropoutDescriptor(litdnnDropoutDescriptor_t *dropoutDesc);
litdnnStatus_t litdnnDestroyDropoutDescriptor(litdnnDropoutDescriptor_t dropoutDesc);
/* the bytes of device memory the states buffer needs */
litdnnStatus_t litdnnDropoutGetStatesSize(litdnnHandle_t handle, size_t *sizeInBytes);
/* the bytes of reserve space a forward pass over xDesc needs */
litdnnStatus_t litdnnDropoutGetReserveSpaceSize(litdnnTensorDescriptor_t xDesc, size_t *sizeInBytes);
/* dropout in [0, 1); states: device memory of at least the states size */
litdnnStatus_t litdnnSetDropoutDescriptor(litdnnDropoutDescriptor_t dropoutDesc,
    litdnnHandle_t handle, float dropout, void *states, size_t stateSizeInBytes,
    unsigned long long seed);
litdnnStatus_t litdnnGetDropoutDescriptor(litdnnDropoutDescriptor_t dropoutDesc,
    litdnnHandle_t handle, float *dropout, void **states, unsigned long long *seed);

litdnnStatus_t litdnnDropoutForward(litdnnHandle_t handle,
    const litdnnDropoutDescriptor_t dropoutDesc,
    const litdnnTensorDescriptor_t xDesc, const void *x,
    const litdnnTensorDescriptor_t yDesc, void *y,
    void *reserveSpace, size_t reserveSpaceSizeInBytes);
litdnnStatus_t litdnnDropoutBackward(litdnnHandle_t handle,
    const litdnnDropoutDescriptor_t dropoutDesc,
    const litdnnTensorDescriptor_t dyDesc, const void *dy,
    const litdnnTensorDescriptor_t dxDesc, void *dx,
    void *reserveSpace, size_t reserveSpaceSizeInBytes);

#ifdef __cplusplus
}
#endif
#endif
