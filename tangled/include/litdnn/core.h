#ifndef LITDNN_CORE_H
#define LITDNN_CORE_H
#include <stddef.h>
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif

#define LITDNN_MAJOR 0
#define LITDNN_MINOR 1
#define LITDNN_PATCHLEVEL 0
#define LITDNN_VERSION (LITDNN_MAJOR * 10000 + LITDNN_MINOR * 100 + LITDNN_PATCHLEVEL)

size_t litdnnGetVersion(void);
typedef enum {
  LITDNN_STATUS_SUCCESS = 0,
  /* the library is not in a state to answer */
  LITDNN_STATUS_NOT_INITIALIZED = 1001,
  LITDNN_STATUS_VERSION_MISMATCH = 1002,
  /* the caller passed something wrong */
  LITDNN_STATUS_BAD_PARAM = 2000,
  LITDNN_STATUS_BAD_PARAM_NULL_POINTER = 2002,
  LITDNN_STATUS_BAD_PARAM_MISALIGNED_POINTER = 2003,
  LITDNN_STATUS_BAD_PARAM_NOT_FINALIZED = 2004,
  LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND = 2005,
  LITDNN_STATUS_BAD_PARAM_SIZE_INSUFFICIENT = 2006,
  LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH = 2008,
  LITDNN_STATUS_BAD_PARAM_OVERFLOW = 2010,
  /* valid, but this library cannot do it (here) */
  LITDNN_STATUS_NOT_SUPPORTED = 3000,
  LITDNN_STATUS_NOT_SUPPORTED_BACKEND = 3001,
  LITDNN_STATUS_NOT_SUPPORTED_DATA_TYPE = 3002,
  LITDNN_STATUS_NOT_SUPPORTED_LAYOUT = 3003,
  /* a bug in the library */
  LITDNN_STATUS_INTERNAL_ERROR = 4000,
  LITDNN_STATUS_ALLOC_FAILED = 4001,
  /* the device or a library under us failed */
  LITDNN_STATUS_EXECUTION_FAILED = 5000,
  LITDNN_STATUS_EXECUTION_FAILED_CUDA = 5001,
  LITDNN_STATUS_EXECUTION_FAILED_CUBLAS = 5002
} litdnnStatus_t;

#define LITDNN_STATUS_CATEGORY(status) ((litdnnStatus_t)(((int)(status) / 1000) * 1000))

const char *litdnnGetErrorString(litdnnStatus_t status);
const char *litdnnGetLastErrorString(void);
typedef enum {
  LITDNN_BACKEND_DEFAULT = 0,
  LITDNN_BACKEND_CPU = 1,
  LITDNN_BACKEND_CUDA = 2,
  LITDNN_BACKEND_EMU = 3
} litdnnBackend_t;
#define LITDNN_BACKEND_COUNT 4
#define LITDNN_BACKEND_BIT(backend) (1u << (backend))

typedef struct litdnnContext *litdnnHandle_t;
typedef void *litdnnStream_t; /* a cudaStream_t on the CUDA backend */

litdnnStatus_t litdnnCreateVersioned(litdnnHandle_t *handle, litdnnBackend_t backend,
                                     size_t headerVersion);
#define litdnnCreate(handle) \
  litdnnCreateVersioned((handle), LITDNN_BACKEND_DEFAULT, LITDNN_VERSION)
#define litdnnCreateWithBackend(handle, backend) \
  litdnnCreateVersioned((handle), (backend), LITDNN_VERSION)
litdnnStatus_t litdnnDestroy(litdnnHandle_t handle);

litdnnStatus_t litdnnGetBackend(litdnnHandle_t handle, litdnnBackend_t *backend);
const char *litdnnGetBackendName(litdnnBackend_t backend);
int litdnnBackendAvailable(litdnnBackend_t backend);
litdnnStatus_t litdnnGetDeviceName(litdnnHandle_t handle, char *name, size_t size);

litdnnStatus_t litdnnSetStream(litdnnHandle_t handle, litdnnStream_t stream);
litdnnStatus_t litdnnGetStream(litdnnHandle_t handle, litdnnStream_t *stream);
litdnnStatus_t litdnnSynchronize(litdnnHandle_t handle);
typedef enum {
  LITDNN_MEMCPY_HOST_TO_DEVICE = 1,
  LITDNN_MEMCPY_DEVICE_TO_HOST = 2,
  LITDNN_MEMCPY_DEVICE_TO_DEVICE = 3
} litdnnMemcpyKind_t;

litdnnStatus_t litdnnMalloc(litdnnHandle_t handle, void **ptr, size_t bytes);
litdnnStatus_t litdnnFree(litdnnHandle_t handle, void *ptr);
litdnnStatus_t litdnnMemcpy(litdnnHandle_t handle, void *dst, const void *src,
                            size_t bytes, litdnnMemcpyKind_t kind);
typedef struct {
  size_t inUse;            /* bytes of live blocks, as the pool rounds them */
  size_t requested;        /* bytes their callers asked for */
  size_t reserved;         /* bytes the pool holds from the device, in segments */
  size_t cached;           /* reserved - inUse: free, or freed on another stream and waiting */
  size_t largestFree;      /* the largest free block */
  double fragmentation;    /* 1 - largestFree / free bytes; 0 when nothing is free */
  size_t workspaceInUse;   /* the part of inUse that handles hold as workspaces */
  size_t peakInUse, peakReserved;
  size_t limit;            /* 0: none */
  size_t workspaceReserve; /* 0: none */
  size_t segments;         /* device allocations the pool holds */
  size_t liveBlocks;
  size_t allocsFromCache;  /* requests served from memory the pool held */
  size_t allocsFromDevice; /* requests that needed a device allocation */
  size_t deviceFrees;      /* segments given back to the device */
  size_t failedAllocs;
  size_t crossStreamFrees; /* blocks freed on another stream than their own */
} litdnnMemoryStats_t;

litdnnStatus_t litdnnMallocWorkspace(litdnnHandle_t handle, void **ptr, size_t bytes);
litdnnStatus_t litdnnSetMemoryLimit(litdnnHandle_t handle, size_t bytes);
litdnnStatus_t litdnnSetWorkspaceReserve(litdnnHandle_t handle, size_t bytes);
litdnnStatus_t litdnnEmptyCache(litdnnHandle_t handle);
litdnnStatus_t litdnnGetMemoryStats(litdnnHandle_t handle, litdnnMemoryStats_t *stats);
litdnnStatus_t litdnnResetPeakMemoryStats(litdnnHandle_t handle);
typedef enum {
  LITDNN_OP_SET_TENSOR,
  LITDNN_OP_SCALE_TENSOR,
  LITDNN_OP_ADD_TENSOR,
  LITDNN_OP_OP_TENSOR,
  LITDNN_OP_TRANSFORM_TENSOR,
  LITDNN_OP_ACTIVATION_FORWARD,
  LITDNN_OP_ACTIVATION_BACKWARD,
  LITDNN_OP_MATMUL,
  LITDNN_OP_CONVOLUTION_FORWARD,
  LITDNN_OP_CONVOLUTION_BACKWARD_DATA,
  LITDNN_OP_CONVOLUTION_BACKWARD_FILTER,
  LITDNN_OP_CONVOLUTION_BACKWARD_BIAS,
  LITDNN_OP_POOLING_FORWARD,
  LITDNN_OP_POOLING_BACKWARD,
  LITDNN_OP_SOFTMAX_FORWARD,
  LITDNN_OP_SOFTMAX_BACKWARD,
  LITDNN_OP_BATCHNORM_FORWARD_TRAINING,
  LITDNN_OP_BATCHNORM_FORWARD_INFERENCE,
  LITDNN_OP_BATCHNORM_BACKWARD,
  LITDNN_OP_LRN_FORWARD,
  LITDNN_OP_LRN_BACKWARD,
  LITDNN_OP_DROPOUT_FORWARD,
  LITDNN_OP_DROPOUT_BACKWARD,
  LITDNN_OP_RNN_FORWARD,
  LITDNN_OP_RNN_BACKWARD_DATA,
  LITDNN_OP_RNN_BACKWARD_WEIGHTS,
  LITDNN_OP_COUNT
} litdnnOp_t;

typedef enum {
  LITDNN_STAGE_TF32 = 1u << 0,          /* rounds its inputs to TF32: runs under LITDNN_MATH_TF32 only */
  LITDNN_STAGE_DETERMINISTIC = 1u << 1, /* the same bits from every run of the same problem */
  LITDNN_STAGE_GPU_ONLY = 1u << 2       /* needs a real GPU (cuBLAS, PTX, tensor cores): not the emulator */
} litdnnStageFlag_t;

const char *litdnnGetOpName(litdnnOp_t op);
litdnnStatus_t litdnnGetStageCount(litdnnOp_t op, int *count);
litdnnStatus_t litdnnGetStageInfo(litdnnOp_t op, int stage, const char **name,
                                  const char **idea, unsigned *backendMask);
litdnnStatus_t litdnnGetStageFlags(litdnnOp_t op, int stage, unsigned *flags);
litdnnStatus_t litdnnGetStageByName(litdnnOp_t op, const char *name, int *stage);
litdnnStatus_t litdnnSetStage(litdnnHandle_t handle, litdnnOp_t op, int stage);
litdnnStatus_t litdnnGetStage(litdnnHandle_t handle, litdnnOp_t op, int *stage);
litdnnStatus_t litdnnGetLastStage(litdnnHandle_t handle, litdnnOp_t op, int *stage);
#define LITDNN_STAGE_AUTOMATIC (-1)
typedef enum {
  LITDNN_DATA_FLOAT = 0,
  LITDNN_DATA_DOUBLE = 1,
  LITDNN_DATA_HALF = 2,
  LITDNN_DATA_BFLOAT16 = 3
} litdnnDataType_t;

typedef enum { LITDNN_TENSOR_NCHW = 0, LITDNN_TENSOR_NHWC = 1 } litdnnTensorFormat_t;
typedef enum { LITDNN_NOT_PROPAGATE_NAN = 0, LITDNN_PROPAGATE_NAN = 1 } litdnnNanPropagation_t;
#define LITDNN_DIM_MAX 8

typedef struct litdnnTensorStruct *litdnnTensorDescriptor_t;

litdnnStatus_t litdnnCreateTensorDescriptor(litdnnTensorDescriptor_t *desc);
litdnnStatus_t litdnnDestroyTensorDescriptor(litdnnTensorDescriptor_t desc);
litdnnStatus_t litdnnSetTensor4dDescriptor(litdnnTensorDescriptor_t desc,
    litdnnTensorFormat_t format, litdnnDataType_t dataType, int n, int c, int h, int w);
litdnnStatus_t litdnnSetTensor4dDescriptorEx(litdnnTensorDescriptor_t desc,
    litdnnDataType_t dataType, int n, int c, int h, int w,
    int nStride, int cStride, int hStride, int wStride);
litdnnStatus_t litdnnGetTensor4dDescriptor(litdnnTensorDescriptor_t desc,
    litdnnDataType_t *dataType, int *n, int *c, int *h, int *w,
    int *nStride, int *cStride, int *hStride, int *wStride);
litdnnStatus_t litdnnSetTensorNdDescriptor(litdnnTensorDescriptor_t desc,
    litdnnDataType_t dataType, int nbDims, const int dimA[], const int strideA[]);
litdnnStatus_t litdnnSetTensorNdDescriptorEx(litdnnTensorDescriptor_t desc,
    litdnnTensorFormat_t format, litdnnDataType_t dataType, int nbDims, const int dimA[]);
litdnnStatus_t litdnnGetTensorNdDescriptor(litdnnTensorDescriptor_t desc,
    int nbDimsRequested, litdnnDataType_t *dataType, int *nbDims, int dimA[], int strideA[]);
litdnnStatus_t litdnnGetTensorSizeInBytes(litdnnTensorDescriptor_t desc, size_t *size);

#ifdef __cplusplus
}
#endif
#endif
