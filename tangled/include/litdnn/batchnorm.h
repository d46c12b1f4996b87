#ifndef LITDNN_BATCHNORM_H
#define LITDNN_BATCHNORM_H
#include "litdnn/core.h"
#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  LITDNN_BATCHNORM_PER_ACTIVATION = 0,  /* statistics per (c,h,w), over n */
  LITDNN_BATCHNORM_SPATIAL = 1          /* statistics per c, over n, h, w */
} litdnnBatchNormMode_t;

/* The smallest epsilon accepted (cuDNN 9 accepts any epsilon >= 0). */
#define LITDNN_BN_MIN_EPSILON 0.0

litdnnStatus_t litdnnDeriveBNTensorDescriptor(litdnnTensorDescriptor_t derivedBnDesc,
    litdnnTensorDescriptor_t xDesc, litdnnBatchNormMode_t mode);

litdnnStatus_t litdnnBatchNormalizationForwardTraining(litdnnHandle_t handle,
    litdnnBatchNormMode_t mode, const void *alpha, const void *beta,
    litdnnTensorDescriptor_t xDesc, const void *x,
    litdnnTensorDescriptor_t yDesc, void *y,
    litdnnTensorDescriptor_t bnScaleBiasMeanVarDesc, const void *bnScale, const void *bnBias,
    double exponentialAverageFactor, void *resultRunningMean, void *resultRunningVariance,
    double epsilon, void *resultSaveMean, void *resultSaveInvVariance);

litdnnStatus_t litdnnBatchNormalizationForwardInference(litdnnHandle_t handle,
    litdnnBatchNormMode_t mode, const void *alpha, const void *beta,
    litdnnTensorDescriptor_t xDesc, const void *x,
    litdnnTensorDescriptor_t yDesc, void *y,
    litdnnTensorDescriptor_t bnScaleBiasMeanVarDesc, const void *bnScale, const void *bnBias,
    const void *estimatedMean, const void *estimatedVariance, double epsilon);

litdnnStatus_t litdnnBatchNormalizationBackward(litdnnHandle_t handle,
    litdnnBatchNormMode_t mode, const void *alphaDataDiff, const void *betaDataDiff,
    const void *alphaParamDiff, const void *betaParamDiff,
    litdnnTensorDescriptor_t xDesc, const void *x,
    litdnnTensorDescriptor_t dyDesc, const void *dy,
    litdnnTensorDescriptor_t dxDesc, void *dx,
    litdnnTensorDescriptor_t dBnScaleBiasDesc, const void *bnScale,
    void *dBnScaleResult, void *dBnBiasResult, double epsilon,
    const void *savedMean, const void *savedInvVariance);

#ifdef __cplusplus
}
#endif
#endif
