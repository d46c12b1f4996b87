#ifndef LITDNN_TENSOR_OPS_H
#define LITDNN_TENSOR_OPS_H
#include "litdnn/core.h"
#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  LITDNN_OP_TENSOR_ADD = 0,
  LITDNN_OP_TENSOR_MUL = 1,
  LITDNN_OP_TENSOR_MIN = 2,
  LITDNN_OP_TENSOR_MAX = 3,
  LITDNN_OP_TENSOR_SQRT = 4,
  LITDNN_OP_TENSOR_NOT = 5
} litdnnOpTensorOp_t;

typedef struct litdnnOpTensorStruct *litdnnOpTensorDescriptor_t;

litdnnStatus_t litdnnCreateOpTensorDescriptor(litdnnOpTensorDescriptor_t *opTensorDesc);
litdnnStatus_t litdnnSetOpTensorDescriptor(litdnnOpTensorDescriptor_t opTensorDesc,
    litdnnOpTensorOp_t opTensorOp, litdnnDataType_t opTensorCompType,
    litdnnNanPropagation_t opTensorNanOpt);
litdnnStatus_t litdnnGetOpTensorDescriptor(litdnnOpTensorDescriptor_t opTensorDesc,
    litdnnOpTensorOp_t *opTensorOp, litdnnDataType_t *opTensorCompType,
    litdnnNanPropagation_t *opTensorNanOpt);
litdnnStatus_t litdnnDestroyOpTensorDescriptor(litdnnOpTensorDescriptor_t opTensorDesc);

/* y = *valuePtr */
litdnnStatus_t litdnnSetTensor(litdnnHandle_t handle, litdnnTensorDescriptor_t yDesc, void *y,
                               const void *valuePtr);
/* y = alpha * y */
litdnnStatus_t litdnnScaleTensor(litdnnHandle_t handle, litdnnTensorDescriptor_t yDesc, void *y,
                                 const void *alpha);
/* C = alpha * A + beta * C; each dimension of A is C's or 1 */
litdnnStatus_t litdnnAddTensor(litdnnHandle_t handle, const void *alpha,
                               litdnnTensorDescriptor_t aDesc, const void *A, const void *beta,
                               litdnnTensorDescriptor_t cDesc, void *C);
/* C = op(alpha1 * A, alpha2 * B) + beta * C; A has C's dimensions, each of
   B's is C's or 1; SQRT and NOT ignore B */
litdnnStatus_t litdnnOpTensor(litdnnHandle_t handle, litdnnOpTensorDescriptor_t opTensorDesc,
                              const void *alpha1, litdnnTensorDescriptor_t aDesc, const void *A,
                              const void *alpha2, litdnnTensorDescriptor_t bDesc, const void *B,
                              const void *beta, litdnnTensorDescriptor_t cDesc, void *C);
/* y = alpha * x + beta * y; same dimensions, any two layouts */
litdnnStatus_t litdnnTransformTensor(litdnnHandle_t handle, const void *alpha,
                                     litdnnTensorDescriptor_t xDesc, const void *x,
                                     const void *beta, litdnnTensorDescriptor_t yDesc, void *y);

#ifdef __cplusplus
}
#endif
#endif
