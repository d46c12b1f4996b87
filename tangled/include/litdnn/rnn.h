#ifndef LITDNN_RNN_H
#define LITDNN_RNN_H
#include "litdnn/core.h"
#include "litdnn/matmul.h"
#include "litdnn/dropout.h"
#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  LITDNN_RNN_RELU = 0,   /* h = relu(W x + R h + bW + bR) */
  LITDNN_RNN_TANH = 1,   /* h = tanh(W x + R h + bW + bR) */
  LITDNN_LSTM = 2,       /* gates i, f, c~, o; a cell state c */
  LITDNN_GRU = 3         /* gates r, z, h~; h~ = tanh(Wx + bW + r (R h + bR)) */
} litdnnRNNMode_t;

typedef enum {
  LITDNN_RNN_NO_BIAS = 0,
  LITDNN_RNN_SINGLE_INP_BIAS = 1,   /* bW only */
  LITDNN_RNN_DOUBLE_BIAS = 2,       /* bW and bR: cuDNN's default */
  LITDNN_RNN_SINGLE_REC_BIAS = 3    /* bR only */
} litdnnRNNBiasMode_t;

typedef enum { LITDNN_UNIDIRECTIONAL = 0, LITDNN_BIDIRECTIONAL = 1 } litdnnDirectionMode_t;

typedef enum {
  LITDNN_LINEAR_INPUT = 0,   /* the first layer multiplies x by W */
  LITDNN_SKIP_INPUT = 1      /* W of the first layer is the identity: inputSize == hiddenSize */
} litdnnRNNInputMode_t;

/* A request, not a pin: the persistent algorithms ask for the stage that
   keeps the recurrent weights on chip when it can run the problem
   (litdnnSetStage pins a stage). */
typedef enum {
  LITDNN_RNN_ALGO_STANDARD = 0,
  LITDNN_RNN_ALGO_PERSIST_STATIC = 1,
  LITDNN_RNN_ALGO_PERSIST_DYNAMIC = 2,
  LITDNN_RNN_ALGO_PERSIST_STATIC_SMALL_H = 3
} litdnnRNNAlgo_t;

typedef enum { LITDNN_FWD_MODE_INFERENCE = 0, LITDNN_FWD_MODE_TRAINING = 1 } litdnnForwardMode_t;

typedef enum {
  LITDNN_RNN_DATA_LAYOUT_SEQ_MAJOR_UNPACKED = 0,    /* T blocks of N vectors, padded */
  LITDNN_RNN_DATA_LAYOUT_SEQ_MAJOR_PACKED = 1,      /* lengths sorted, no padding */
  LITDNN_RNN_DATA_LAYOUT_BATCH_MAJOR_UNPACKED = 2   /* N blocks of T vectors, padded */
} litdnnRNNDataLayout_t;

/* auxFlags of litdnnSetRNNDescriptor: the unpacked layouts need this one */
#define LITDNN_RNN_PADDED_IO_DISABLED 0u
#define LITDNN_RNN_PADDED_IO_ENABLED (1u << 0)

typedef enum { LITDNN_WGRAD_MODE_ADD = 0, LITDNN_WGRAD_MODE_SET = 1 } litdnnWgradMode_t;
typedef struct litdnnRNNStruct *litdnnRNNDescriptor_t;

litdnnStatus_t litdnnCreateRNNDescriptor(litdnnRNNDescriptor_t *rnnDesc);
litdnnStatus_t litdnnDestroyRNNDescriptor(litdnnRNNDescriptor_t rnnDesc);
litdnnStatus_t litdnnSetRNNDescriptor(litdnnRNNDescriptor_t rnnDesc, litdnnRNNAlgo_t algo,
    litdnnRNNMode_t cellMode, litdnnRNNBiasMode_t biasMode, litdnnDirectionMode_t dirMode,
    litdnnRNNInputMode_t inputMode, litdnnDataType_t dataType, litdnnDataType_t mathPrec,
    litdnnMathType_t mathType, int32_t inputSize, int32_t hiddenSize, int32_t projSize,
    int32_t numLayers, litdnnDropoutDescriptor_t dropoutDesc, uint32_t auxFlags);
/* any output pointer may be NULL */
litdnnStatus_t litdnnGetRNNDescriptor(litdnnRNNDescriptor_t rnnDesc, litdnnRNNAlgo_t *algo,
    litdnnRNNMode_t *cellMode, litdnnRNNBiasMode_t *biasMode, litdnnDirectionMode_t *dirMode,
    litdnnRNNInputMode_t *inputMode, litdnnDataType_t *dataType, litdnnDataType_t *mathPrec,
    litdnnMathType_t *mathType, int32_t *inputSize, int32_t *hiddenSize, int32_t *projSize,
    int32_t *numLayers, litdnnDropoutDescriptor_t *dropoutDesc, uint32_t *auxFlags);
typedef struct litdnnRNNDataStruct *litdnnRNNDataDescriptor_t;

litdnnStatus_t litdnnCreateRNNDataDescriptor(litdnnRNNDataDescriptor_t *rnnDataDesc);
litdnnStatus_t litdnnDestroyRNNDataDescriptor(litdnnRNNDataDescriptor_t rnnDataDesc);
litdnnStatus_t litdnnSetRNNDataDescriptor(litdnnRNNDataDescriptor_t rnnDataDesc,
    litdnnDataType_t dataType, litdnnRNNDataLayout_t layout, int maxSeqLength, int batchSize,
    int vectorSize, const int seqLengthArray[], void *paddingFill);
/* copies min(arrayLengthRequested, batchSize) lengths; paddingFill (if not
   NULL) receives the fill value, or 0 when none was set */
litdnnStatus_t litdnnGetRNNDataDescriptor(litdnnRNNDataDescriptor_t rnnDataDesc,
    litdnnDataType_t *dataType, litdnnRNNDataLayout_t *layout, int *maxSeqLength, int *batchSize,
    int *vectorSize, int arrayLengthRequested, int seqLengthArray[], void *paddingFill);
litdnnStatus_t litdnnGetRNNWeightSpaceSize(litdnnHandle_t handle, litdnnRNNDescriptor_t rnnDesc,
                                           size_t *weightSpaceSize);
/* mDesc and mAddr may both be NULL, as may bDesc and bAddr */
litdnnStatus_t litdnnGetRNNWeightParams(litdnnHandle_t handle, litdnnRNNDescriptor_t rnnDesc,
    int32_t pseudoLayer, size_t weightSpaceSize, const void *weightSpace, int32_t linLayerID,
    litdnnTensorDescriptor_t mDesc, void **mAddr, litdnnTensorDescriptor_t bDesc, void **bAddr);
/* reserveSpaceSize is 0 for LITDNN_FWD_MODE_INFERENCE */
litdnnStatus_t litdnnGetRNNTempSpaceSizes(litdnnHandle_t handle, litdnnRNNDescriptor_t rnnDesc,
    litdnnForwardMode_t fwdMode, litdnnRNNDataDescriptor_t xDesc, size_t *workSpaceSize,
    size_t *reserveSpaceSize);
litdnnStatus_t litdnnRNNForward(litdnnHandle_t handle, litdnnRNNDescriptor_t rnnDesc,
    litdnnForwardMode_t fwdMode, const int32_t devSeqLengths[],
    litdnnRNNDataDescriptor_t xDesc, const void *x, litdnnRNNDataDescriptor_t yDesc, void *y,
    litdnnTensorDescriptor_t hDesc, const void *hx, void *hy,
    litdnnTensorDescriptor_t cDesc, const void *cx, void *cy,
    size_t weightSpaceSize, const void *weightSpace, size_t workSpaceSize, void *workSpace,
    size_t reserveSpaceSize, void *reserveSpace);
litdnnStatus_t litdnnRNNBackwardData(litdnnHandle_t handle, litdnnRNNDescriptor_t rnnDesc,
    const int32_t devSeqLengths[], litdnnRNNDataDescriptor_t yDesc, const void *y, const void *dy,
    litdnnRNNDataDescriptor_t xDesc, void *dx,
    litdnnTensorDescriptor_t hDesc, const void *hx, const void *dhy, void *dhx,
    litdnnTensorDescriptor_t cDesc, const void *cx, const void *dcy, void *dcx,
    size_t weightSpaceSize, const void *weightSpace, size_t workSpaceSize, void *workSpace,
    size_t reserveSpaceSize, void *reserveSpace);
litdnnStatus_t litdnnRNNBackwardWeights(litdnnHandle_t handle, litdnnRNNDescriptor_t rnnDesc,
    litdnnWgradMode_t addGrad, const int32_t devSeqLengths[],
    litdnnRNNDataDescriptor_t xDesc, const void *x, litdnnTensorDescriptor_t hDesc, const void *hx,
    litdnnRNNDataDescriptor_t yDesc, const void *y, size_t weightSpaceSize, void *dweightSpace,
    size_t workSpaceSize, void *workSpace, size_t reserveSpaceSize, void *reserveSpace);

#ifdef __cplusplus
}
#endif
#endif
