#ifndef LITDNN_LRN_H
#define LITDNN_LRN_H
#include "litdnn/core.h"
#ifdef __cplusplus
extern "C" {
#endif

typedef struct litdnnLRNStruct *litdnnLRNDescriptor_t;
typedef enum {
  LITDNN_LRN_CROSS_CHANNEL_DIM1 = 0   /* normalize across dimension 1, the channels */
} litdnnLRNMode_t;

#define LITDNN_LRN_MIN_N 1        /* the smallest lrnN */
#define LITDNN_LRN_MAX_N 16       /* the largest lrnN */
#define LITDNN_LRN_MIN_K 1e-5     /* the smallest lrnK */
#define LITDNN_LRN_MIN_BETA 0.01  /* the smallest lrnBeta */

/* a new descriptor holds n = 5, alpha = 1e-4, beta = 0.75, k = 2 */
litdnnStatus_t litdnnCreateLRNDescriptor(litdnnLRNDescriptor_t *normDesc);
litdnnStatus_t litdnnSetLRNDescriptor(litdnnLRNDescriptor_t normDesc, unsigned lrnN,
                                      double lrnAlpha, double lrnBeta, double lrnK);
litdnnStatus_t litdnnGetLRNDescriptor(litdnnLRNDescriptor_t normDesc, unsigned *lrnN,
                                      double *lrnAlpha, double *lrnBeta, double *lrnK);
litdnnStatus_t litdnnDestroyLRNDescriptor(litdnnLRNDescriptor_t normDesc);

litdnnStatus_t litdnnLRNCrossChannelForward(litdnnHandle_t handle, litdnnLRNDescriptor_t normDesc,
    litdnnLRNMode_t lrnMode, const void *alpha,
    litdnnTensorDescriptor_t xDesc, const void *x, const void *beta,
    litdnnTensorDescriptor_t yDesc, void *y);
litdnnStatus_t litdnnLRNCrossChannelBackward(litdnnHandle_t handle, litdnnLRNDescriptor_t normDesc,
    litdnnLRNMode_t lrnMode, const void *alpha,
    litdnnTensorDescriptor_t yDesc, const void *y,
    litdnnTensorDescriptor_t dyDesc, const void *dy,
    litdnnTensorDescriptor_t xDesc, const void *x, const void *beta,
    litdnnTensorDescriptor_t dxDesc, void *dx);

#ifdef __cplusplus
}
#endif
#endif
