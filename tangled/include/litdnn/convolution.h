#ifndef LITDNN_CONVOLUTION_H
#define LITDNN_CONVOLUTION_H
#include "litdnn/core.h"
#include "litdnn/matmul.h"
#include "litdnn/activation.h"
#ifdef __cplusplus
extern "C" {
#endif

typedef struct litdnnFilterStruct *litdnnFilterDescriptor_t;

litdnnStatus_t litdnnCreateFilterDescriptor(litdnnFilterDescriptor_t *filterDesc);
litdnnStatus_t litdnnDestroyFilterDescriptor(litdnnFilterDescriptor_t filterDesc);
litdnnStatus_t litdnnSetFilter4dDescriptor(litdnnFilterDescriptor_t filterDesc,
                                           litdnnDataType_t dataType, litdnnTensorFormat_t format,
                                           int k, int c, int h, int w);
litdnnStatus_t litdnnGetFilter4dDescriptor(litdnnFilterDescriptor_t filterDesc,
                                           litdnnDataType_t *dataType, litdnnTensorFormat_t *format,
                                           int *k, int *c, int *h, int *w);
/* nbDims = 3, 4 or 5: K, C and one to three spatial dimensions */
litdnnStatus_t litdnnSetFilterNdDescriptor(litdnnFilterDescriptor_t filterDesc,
                                           litdnnDataType_t dataType, litdnnTensorFormat_t format,
                                           int nbDims, const int filterDimA[]);
litdnnStatus_t litdnnGetFilterNdDescriptor(litdnnFilterDescriptor_t filterDesc, int nbDimsRequested,
                                           litdnnDataType_t *dataType, litdnnTensorFormat_t *format,
                                           int *nbDims, int filterDimA[]);
typedef enum {
  LITDNN_CONVOLUTION = 0,         /* the filter is flipped: true convolution */
  LITDNN_CROSS_CORRELATION = 1    /* the filter is applied as stored */
} litdnnConvolutionMode_t;
#define LITDNN_CONV_SPATIAL_MAX 3
typedef struct litdnnConvolutionStruct *litdnnConvolutionDescriptor_t;

litdnnStatus_t litdnnCreateConvolutionDescriptor(litdnnConvolutionDescriptor_t *convDesc);
litdnnStatus_t litdnnDestroyConvolutionDescriptor(litdnnConvolutionDescriptor_t convDesc);
litdnnStatus_t litdnnSetConvolution2dDescriptor(litdnnConvolutionDescriptor_t convDesc,
                                                int pad_h, int pad_w, int u, int v,
                                                int dilation_h, int dilation_w,
                                                litdnnConvolutionMode_t mode,
                                                litdnnDataType_t computeType);
litdnnStatus_t litdnnGetConvolution2dDescriptor(litdnnConvolutionDescriptor_t convDesc,
                                                int *pad_h, int *pad_w, int *u, int *v,
                                                int *dilation_h, int *dilation_w,
                                                litdnnConvolutionMode_t *mode,
                                                litdnnDataType_t *computeType);
/* arrayLength = 1, 2 or 3 spatial dimensions */
litdnnStatus_t litdnnSetConvolutionNdDescriptor(litdnnConvolutionDescriptor_t convDesc,
                                                int arrayLength, const int padA[],
                                                const int filterStrideA[], const int dilationA[],
                                                litdnnConvolutionMode_t mode,
                                                litdnnDataType_t computeType);
litdnnStatus_t litdnnGetConvolutionNdDescriptor(litdnnConvolutionDescriptor_t convDesc,
                                                int arrayLengthRequested, int *arrayLength,
                                                int padA[], int strideA[], int dilationA[],
                                                litdnnConvolutionMode_t *mode,
                                                litdnnDataType_t *computeType);
litdnnStatus_t litdnnSetConvolutionGroupCount(litdnnConvolutionDescriptor_t convDesc, int groupCount);
litdnnStatus_t litdnnGetConvolutionGroupCount(litdnnConvolutionDescriptor_t convDesc, int *groupCount);
/* LITDNN_MATH_FMA (the default) or LITDNN_MATH_TF32, which lets the GEMM algorithms round to TF32 */
litdnnStatus_t litdnnSetConvolutionMathType(litdnnConvolutionDescriptor_t convDesc, litdnnMathType_t mathType);
litdnnStatus_t litdnnGetConvolutionMathType(litdnnConvolutionDescriptor_t convDesc, litdnnMathType_t *mathType);

litdnnStatus_t litdnnGetConvolution2dForwardOutputDim(litdnnConvolutionDescriptor_t convDesc,
                                                      litdnnTensorDescriptor_t inputTensorDesc,
                                                      litdnnFilterDescriptor_t filterDesc,
                                                      int *n, int *c, int *h, int *w);
litdnnStatus_t litdnnGetConvolutionNdForwardOutputDim(litdnnConvolutionDescriptor_t convDesc,
                                                      litdnnTensorDescriptor_t inputTensorDesc,
                                                      litdnnFilterDescriptor_t filterDesc,
                                                      int nbDims, int tensorOutputDimA[]);
typedef enum {
  LITDNN_CONVOLUTION_FWD_ALGO_REFERENCE = 0,          /* the seven loops, CPU backend */
  LITDNN_CONVOLUTION_FWD_ALGO_DIRECT = 1,             /* one thread per output */
  LITDNN_CONVOLUTION_FWD_ALGO_DIRECT_TILED = 2,       /* input tile and filter in shared memory */
  LITDNN_CONVOLUTION_FWD_ALGO_GEMM = 3,               /* im2col, then the matrix-multiply chapter's GEMM */
  LITDNN_CONVOLUTION_FWD_ALGO_GEMM_CUBLAS = 4,        /* im2col, then cuBLAS (CUDA backend) */
  LITDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_GEMM = 5,      /* a tiled GEMM that gathers its own columns */
  LITDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_PRECOMP_GEMM = 6, /* the same, with a table of offsets; TF32: mma */
  LITDNN_CONVOLUTION_FWD_ALGO_DEPTHWISE = 7,          /* one input channel per group */
  LITDNN_CONVOLUTION_FWD_ALGO_WINOGRAD = 8,           /* F(2x2, 3x3): 3x3, stride 1, 2-d */
  LITDNN_CONVOLUTION_FWD_ALGO_WINOGRAD_NONFUSED = 9,  /* F(4x4, 3x3): transforms around 36 GEMMs */
  LITDNN_CONVOLUTION_FWD_ALGO_BATCH_GEMM_1X1 = 10,    /* 1x1: x channel-major over the batch, one GEMM */
  LITDNN_CONVOLUTION_FWD_ALGO_FEW_CHANNELS = 11,      /* C <= 4: all the filters in shared memory */
  LITDNN_CONVOLUTION_FWD_ALGO_COUNT
} litdnnConvolutionFwdAlgo_t;

typedef enum {
  LITDNN_CONVOLUTION_BWD_DATA_ALGO_REFERENCE = 0,
  LITDNN_CONVOLUTION_BWD_DATA_ALGO_DIRECT = 1,        /* one thread per input element */
  LITDNN_CONVOLUTION_BWD_DATA_ALGO_GEMM = 2,          /* w^T dy by the GEMM, then col2im */
  LITDNN_CONVOLUTION_BWD_DATA_ALGO_GEMM_CUBLAS = 3,   /* the same with cuBLAS (CUDA backend) */
  LITDNN_CONVOLUTION_BWD_DATA_ALGO_IMPLICIT_GEMM = 4, /* dx = w^T dy as a tiled GEMM, gathering dy; TF32: mma */
  LITDNN_CONVOLUTION_BWD_DATA_ALGO_WINOGRAD = 5,      /* forward Winograd of dy: 3x3, stride 1, 2-d */
  LITDNN_CONVOLUTION_BWD_DATA_ALGO_DEPTHWISE = 6,     /* 3x3 depthwise, K = C = groups */
  LITDNN_CONVOLUTION_BWD_DATA_ALGO_WINOGRAD_NONFUSED = 7, /* forward F(4x4, 3x3) of dy, 36 GEMMs */
  LITDNN_CONVOLUTION_BWD_DATA_ALGO_BATCH_GEMM_1X1 = 8,    /* 1x1: dy channel-major over the batch, one GEMM */
  LITDNN_CONVOLUTION_BWD_DATA_ALGO_FEW_CHANNELS = 9,      /* C <= 4: dx phase by phase, dy at stride 1 */
  LITDNN_CONVOLUTION_BWD_DATA_ALGO_COUNT
} litdnnConvolutionBwdDataAlgo_t;

typedef enum {
  LITDNN_CONVOLUTION_BWD_FILTER_ALGO_REFERENCE = 0,
  LITDNN_CONVOLUTION_BWD_FILTER_ALGO_DIRECT = 1,        /* one thread per filter tap */
  LITDNN_CONVOLUTION_BWD_FILTER_ALGO_GEMM = 2,          /* im2col, then the GEMM per image */
  LITDNN_CONVOLUTION_BWD_FILTER_ALGO_GEMM_CUBLAS = 3,   /* the same with cuBLAS (CUDA backend) */
  LITDNN_CONVOLUTION_BWD_FILTER_ALGO_IMPLICIT_GEMM = 4, /* dw = dy x^T as a tiled GEMM */
  LITDNN_CONVOLUTION_BWD_FILTER_ALGO_DEPTHWISE = 5,     /* 3x3 depthwise, K = C = groups */
  LITDNN_CONVOLUTION_BWD_FILTER_ALGO_WINOGRAD_NONFUSED = 6, /* F(4x4, 3x3) in reverse, 36 GEMMs over tiles */
  LITDNN_CONVOLUTION_BWD_FILTER_ALGO_BATCH_GEMM_1X1 = 7,    /* 1x1: one GEMM whose inner dimension is N P Q */
  LITDNN_CONVOLUTION_BWD_FILTER_ALGO_FEW_CHANNELS = 8,      /* C <= 4: blocks sum 64 filters' taps over tiles */
  LITDNN_CONVOLUTION_BWD_FILTER_ALGO_COUNT
} litdnnConvolutionBwdFilterAlgo_t;

typedef enum { LITDNN_NON_DETERMINISTIC = 0, LITDNN_DETERMINISTIC = 1 } litdnnDeterminism_t;

/* One entry of Get's ranking or Find's timing. status is SUCCESS for an
   algorithm that can run this problem here; time is in milliseconds (Find)
   or -1 (Get); memory is the workspace it needs, in bytes. */
typedef struct {
  litdnnConvolutionFwdAlgo_t algo;
  litdnnStatus_t status;
  float time;
  size_t memory;
  litdnnDeterminism_t determinism;
} litdnnConvolutionFwdAlgoPerf_t;
typedef struct {
  litdnnConvolutionBwdDataAlgo_t algo;
  litdnnStatus_t status;
  float time;
  size_t memory;
  litdnnDeterminism_t determinism;
} litdnnConvolutionBwdDataAlgoPerf_t;
typedef struct {
  litdnnConvolutionBwdFilterAlgo_t algo;
  litdnnStatus_t status;
  float time;
  size_t memory;
  litdnnDeterminism_t determinism;
} litdnnConvolutionBwdFilterAlgoPerf_t;
litdnnStatus_t litdnnConvolutionForward(litdnnHandle_t handle, const void *alpha,
                                        litdnnTensorDescriptor_t xDesc, const void *x,
                                        litdnnFilterDescriptor_t wDesc, const void *w,
                                        litdnnConvolutionDescriptor_t convDesc,
                                        litdnnConvolutionFwdAlgo_t algo,
                                        void *workSpace, size_t workSpaceSizeInBytes,
                                        const void *beta, litdnnTensorDescriptor_t yDesc, void *y);
litdnnStatus_t litdnnConvolutionBackwardData(litdnnHandle_t handle, const void *alpha,
                                             litdnnFilterDescriptor_t wDesc, const void *w,
                                             litdnnTensorDescriptor_t dyDesc, const void *dy,
                                             litdnnConvolutionDescriptor_t convDesc,
                                             litdnnConvolutionBwdDataAlgo_t algo,
                                             void *workSpace, size_t workSpaceSizeInBytes,
                                             const void *beta, litdnnTensorDescriptor_t dxDesc,
                                             void *dx);
litdnnStatus_t litdnnConvolutionBackwardFilter(litdnnHandle_t handle, const void *alpha,
                                               litdnnTensorDescriptor_t xDesc, const void *x,
                                               litdnnTensorDescriptor_t dyDesc, const void *dy,
                                               litdnnConvolutionDescriptor_t convDesc,
                                               litdnnConvolutionBwdFilterAlgo_t algo,
                                               void *workSpace, size_t workSpaceSizeInBytes,
                                               const void *beta, litdnnFilterDescriptor_t dwDesc,
                                               void *dw);
/* db (1 x K x 1 x 1, or 1 x K x 1 x 1 x 1) = alpha * sum of dy over n and space + beta * db */
litdnnStatus_t litdnnConvolutionBackwardBias(litdnnHandle_t handle, const void *alpha,
                                             litdnnTensorDescriptor_t dyDesc, const void *dy,
                                             const void *beta, litdnnTensorDescriptor_t dbDesc,
                                             void *db);
litdnnStatus_t litdnnGetConvolutionForwardAlgorithmMaxCount(litdnnHandle_t handle, int *count);
litdnnStatus_t litdnnGetConvolutionForwardAlgorithm(litdnnHandle_t handle,
    litdnnTensorDescriptor_t xDesc, litdnnFilterDescriptor_t wDesc,
    litdnnConvolutionDescriptor_t convDesc, litdnnTensorDescriptor_t yDesc,
    int requestedAlgoCount, int *returnedAlgoCount, litdnnConvolutionFwdAlgoPerf_t *perfResults);
litdnnStatus_t litdnnFindConvolutionForwardAlgorithm(litdnnHandle_t handle,
    litdnnTensorDescriptor_t xDesc, const void *x, litdnnFilterDescriptor_t wDesc, const void *w,
    litdnnConvolutionDescriptor_t convDesc, litdnnTensorDescriptor_t yDesc, void *y,
    int requestedAlgoCount, int *returnedAlgoCount, litdnnConvolutionFwdAlgoPerf_t *perfResults,
    void *workSpace, size_t workSpaceSizeInBytes);
litdnnStatus_t litdnnGetConvolutionForwardWorkspaceSize(litdnnHandle_t handle,
    litdnnTensorDescriptor_t xDesc, litdnnFilterDescriptor_t wDesc,
    litdnnConvolutionDescriptor_t convDesc, litdnnTensorDescriptor_t yDesc,
    litdnnConvolutionFwdAlgo_t algo, size_t *sizeInBytes);

litdnnStatus_t litdnnGetConvolutionBackwardDataAlgorithmMaxCount(litdnnHandle_t handle, int *count);
litdnnStatus_t litdnnGetConvolutionBackwardDataAlgorithm(litdnnHandle_t handle,
    litdnnFilterDescriptor_t wDesc, litdnnTensorDescriptor_t dyDesc,
    litdnnConvolutionDescriptor_t convDesc, litdnnTensorDescriptor_t dxDesc,
    int requestedAlgoCount, int *returnedAlgoCount, litdnnConvolutionBwdDataAlgoPerf_t *perfResults);
litdnnStatus_t litdnnFindConvolutionBackwardDataAlgorithm(litdnnHandle_t handle,
    litdnnFilterDescriptor_t wDesc, const void *w, litdnnTensorDescriptor_t dyDesc, const void *dy,
    litdnnConvolutionDescriptor_t convDesc, litdnnTensorDescriptor_t dxDesc, void *dx,
    int requestedAlgoCount, int *returnedAlgoCount, litdnnConvolutionBwdDataAlgoPerf_t *perfResults,
    void *workSpace, size_t workSpaceSizeInBytes);
litdnnStatus_t litdnnGetConvolutionBackwardDataWorkspaceSize(litdnnHandle_t handle,
    litdnnFilterDescriptor_t wDesc, litdnnTensorDescriptor_t dyDesc,
    litdnnConvolutionDescriptor_t convDesc, litdnnTensorDescriptor_t dxDesc,
    litdnnConvolutionBwdDataAlgo_t algo, size_t *sizeInBytes);

litdnnStatus_t litdnnGetConvolutionBackwardFilterAlgorithmMaxCount(litdnnHandle_t handle, int *count);
litdnnStatus_t litdnnGetConvolutionBackwardFilterAlgorithm(litdnnHandle_t handle,
    litdnnTensorDescriptor_t xDesc, litdnnTensorDescriptor_t dyDesc,
    litdnnConvolutionDescriptor_t convDesc, litdnnFilterDescriptor_t dwDesc,
    int requestedAlgoCount, int *returnedAlgoCount, litdnnConvolutionBwdFilterAlgoPerf_t *perfResults);
litdnnStatus_t litdnnFindConvolutionBackwardFilterAlgorithm(litdnnHandle_t handle,
    litdnnTensorDescriptor_t xDesc, const void *x, litdnnTensorDescriptor_t dyDesc, const void *dy,
    litdnnConvolutionDescriptor_t convDesc, litdnnFilterDescriptor_t dwDesc, void *dw,
    int requestedAlgoCount, int *returnedAlgoCount, litdnnConvolutionBwdFilterAlgoPerf_t *perfResults,
    void *workSpace, size_t workSpaceSizeInBytes);
litdnnStatus_t litdnnGetConvolutionBackwardFilterWorkspaceSize(litdnnHandle_t handle,
    litdnnTensorDescriptor_t xDesc, litdnnTensorDescriptor_t dyDesc,
    litdnnConvolutionDescriptor_t convDesc, litdnnFilterDescriptor_t dwDesc,
    litdnnConvolutionBwdFilterAlgo_t algo, size_t *sizeInBytes);
/* y = act(alpha1 * conv(x, w) + alpha2 * z + bias); z has yDesc's layout and may be y;
   bias is 1 x K x 1 x 1; act is RELU, CLIPPED_RELU or IDENTITY */
litdnnStatus_t litdnnConvolutionBiasActivationForward(litdnnHandle_t handle, const void *alpha1,
    litdnnTensorDescriptor_t xDesc, const void *x, litdnnFilterDescriptor_t wDesc, const void *w,
    litdnnConvolutionDescriptor_t convDesc, litdnnConvolutionFwdAlgo_t algo, void *workSpace,
    size_t workSpaceSizeInBytes, const void *alpha2, litdnnTensorDescriptor_t zDesc, const void *z,
    litdnnTensorDescriptor_t biasDesc, const void *bias, litdnnActivationDescriptor_t activationDesc,
    litdnnTensorDescriptor_t yDesc, void *y);

#ifdef __cplusplus
}
#endif
#endif
