#line 5066 "chapters/02-tensors.nw"
#include "tensor_ops/tensor_ops.h"
#include <stdlib.h>

#line 5077 "chapters/02-tensors.nw"
struct litdnnOpTensorStruct {
  int is_set;
  litdnnOpTensorOp_t op;
  litdnnDataType_t comp_type;
  litdnnNanPropagation_t nan_opt;
};

litdnnStatus_t litdnnCreateOpTensorDescriptor(litdnnOpTensorDescriptor_t *opTensorDesc)
{
  LITDNN_API_CALL("litdnnCreateOpTensorDescriptor");
  LITDNN_CHECK_NULL(call, opTensorDesc);
  *opTensorDesc = calloc(1, sizeof **opTensorDesc);
  if (!*opTensorDesc)
    return litdnn_error(LITDNN_STATUS_ALLOC_FAILED, call, "out of host memory");
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnDestroyOpTensorDescriptor(litdnnOpTensorDescriptor_t opTensorDesc)
{
  LITDNN_API_CALL("litdnnDestroyOpTensorDescriptor");
  free(opTensorDesc);
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnSetOpTensorDescriptor(litdnnOpTensorDescriptor_t opTensorDesc,
                                           litdnnOpTensorOp_t opTensorOp,
                                           litdnnDataType_t opTensorCompType,
                                           litdnnNanPropagation_t opTensorNanOpt)
{
  LITDNN_API_CALL("litdnnSetOpTensorDescriptor");
  LITDNN_CHECK_NULL(call, opTensorDesc);
  if ((int)opTensorOp < LITDNN_OP_TENSOR_ADD || (int)opTensorOp > LITDNN_OP_TENSOR_NOT)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call,
                        "opTensorOp = %d is not a litdnnOpTensorOp_t", (int)opTensorOp);
  if (litdnn_dtype_size(opTensorCompType) == 0)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call,
                        "opTensorCompType = %d is not a litdnnDataType_t", (int)opTensorCompType);
  if (opTensorNanOpt != LITDNN_NOT_PROPAGATE_NAN && opTensorNanOpt != LITDNN_PROPAGATE_NAN)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call,
                        "opTensorNanOpt = %d is not a litdnnNanPropagation_t", (int)opTensorNanOpt);
  opTensorDesc->op = opTensorOp;
  opTensorDesc->comp_type = opTensorCompType;
  opTensorDesc->nan_opt = opTensorNanOpt;
  opTensorDesc->is_set = 1;
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnGetOpTensorDescriptor(litdnnOpTensorDescriptor_t opTensorDesc,
                                           litdnnOpTensorOp_t *opTensorOp,
                                           litdnnDataType_t *opTensorCompType,
                                           litdnnNanPropagation_t *opTensorNanOpt)
{
  LITDNN_API_CALL("litdnnGetOpTensorDescriptor");
  LITDNN_CHECK_NULL(call, opTensorDesc);
  if (!opTensorDesc->is_set)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_NOT_FINALIZED, call, "opTensorDesc was never set");
  if (opTensorOp)
    *opTensorOp = opTensorDesc->op;
  if (opTensorCompType)
    *opTensorCompType = opTensorDesc->comp_type;
  if (opTensorNanOpt)
    *opTensorNanOpt = opTensorDesc->nan_opt;
  return LITDNN_STATUS_SUCCESS;
}
#line 4040 "chapters/02-tensors.nw"
static void ew_simplify(litdnn_ew *p)
{
  int n = 0;
  for (int d = 0; d < p->nbDims; d++)        /* 1. drop the dimensions of size 1 */
    if (p->dims[d] > 1) {
      p->dims[n] = p->dims[d];
      p->cs[n] = p->cs[d];
      p->as[n] = p->as[d];
      p->bs[n] = p->bs[d];
      n++;
    }
  for (int i = 1; i < n; i++)                /* 2. insertion sort, output strides descending */
    for (int j = i; j > 0 && p->cs[j - 1] < p->cs[j]; j--) {
      int64_t t;
      t = p->dims[j]; p->dims[j] = p->dims[j - 1]; p->dims[j - 1] = t;
      t = p->cs[j]; p->cs[j] = p->cs[j - 1]; p->cs[j - 1] = t;
      t = p->as[j]; p->as[j] = p->as[j - 1]; p->as[j - 1] = t;
      t = p->bs[j]; p->bs[j] = p->bs[j - 1]; p->bs[j - 1] = t;
    }
  int m = 0;                                 /* 3. merge neighbours that are one dimension */
  for (int d = 1; d < n; d++) {
    int64_t in = p->dims[d];
    if (p->cs[m] == in * p->cs[d] && p->as[m] == in * p->as[d] && p->bs[m] == in * p->bs[d]) {
      p->dims[m] *= in;
      p->cs[m] = p->cs[d];
      p->as[m] = p->as[d];
      p->bs[m] = p->bs[d];
    } else {
      m++;
      p->dims[m] = p->dims[d];
      p->cs[m] = p->cs[d];
      p->as[m] = p->as[d];
      p->bs[m] = p->bs[d];
    }
  }
  p->nbDims = n ? m + 1 : 1;
  if (n == 0) {                              /* a single element: a flat array of one */
    p->dims[0] = 1;
    p->cs[0] = p->as[0] = p->bs[0] = 1;
  }
}
#line 5148 "chapters/02-tensors.nw"
static litdnnStatus_t check_pointer(const char *call, const char *name, const void *ptr)
{
  if (!ptr)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_NULL_POINTER, call, "%s is a null pointer", name);
  return LITDNN_STATUS_SUCCESS;
}

/* Refuse an output whose strides give two elements one address. */
static litdnnStatus_t check_no_overlap(const char *call, const char *name, litdnnTensorDescriptor_t t)
{
  int64_t dims[LITDNN_DIM_MAX], strides[LITDNN_DIM_MAX];
  int n = 0;
  for (int d = 0; d < t->nbDims; d++)
    if (t->dims[d] > 1) {
      int j = n++;
      for (; j > 0 && strides[j - 1] > t->strides[d]; j--) {
        strides[j] = strides[j - 1];
        dims[j] = dims[j - 1];
      }
      strides[j] = t->strides[d];
      dims[j] = t->dims[d];
    }
  int64_t reach = 0;   /* the largest offset of the dimensions so far */
  for (int k = 0; k < n; k++) {
    if (strides[k] <= reach)
      return litdnn_error(LITDNN_STATUS_BAD_PARAM, call,
                          "%s has overlapping elements: a stride of %lld under a reach of %lld",
                          name, (long long)strides[k], (long long)reach);
    reach += (dims[k] - 1) * strides[k];
  }
  return LITDNN_STATUS_SUCCESS;
}

/* Each dimension of the input is the output's, or (when broadcasting) 1. */
static litdnnStatus_t check_dims(const char *call, const char *in_name, litdnnTensorDescriptor_t in,
                                 const char *out_name, litdnnTensorDescriptor_t out, int broadcast)
{
  if (in->nbDims != out->nbDims)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, call,
                        "%s has %d dimensions but %s has %d", in_name, in->nbDims, out_name,
                        out->nbDims);
  for (int d = 0; d < in->nbDims; d++)
    if (in->dims[d] != out->dims[d] && !(broadcast && in->dims[d] == 1))
      return litdnn_error(LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, call,
                          "%s dimension %d is %lld but %s's is %lld%s", in_name, d,
                          (long long)in->dims[d], out_name, (long long)out->dims[d],
                          broadcast ? " (it must be equal or 1)" : "");
  return LITDNN_STATUS_SUCCESS;
}

/* An input is the output itself, or shares no byte with it. */
static litdnnStatus_t check_alias(const char *call, const char *in_name, litdnnTensorDescriptor_t in,
                                  const void *in_ptr, const char *out_name,
                                  litdnnTensorDescriptor_t out, const void *out_ptr)
{
  const char *i0 = (const char *)in_ptr, *o0 = (const char *)out_ptr;
  const char *i1 = i0 + litdnn_tensor_span(in) * 4, *o1 = o0 + litdnn_tensor_span(out) * 4;
  if (i0 >= o1 || o0 >= i1)
    return LITDNN_STATUS_SUCCESS;
  if (i0 == o0 && litdnn_tensors_same_layout(in, out))
    return LITDNN_STATUS_SUCCESS;
  return litdnn_error(LITDNN_STATUS_BAD_PARAM, call,
                      "%s overlaps %s in memory without being the same tensor", in_name, out_name);
}
#line 5215 "chapters/02-tensors.nw"
/* The elementwise problem: output c, inputs a and b (either may be NULL). */
static void ew_describe(litdnn_ew *p, const char *call, int fn, litdnnTensorDescriptor_t c,
                        litdnnTensorDescriptor_t a, litdnnTensorDescriptor_t b)
{
  p->fn = fn;
  p->propagate_nan = 0;
  p->call = call;
  p->nbDims = c->nbDims;
  p->count = litdnn_tensor_count(c);
  for (int d = 0; d < c->nbDims; d++) {
    p->dims[d] = c->dims[d];
    p->cs[d] = c->strides[d];
    p->as[d] = a && a->dims[d] > 1 ? a->strides[d] : 0;
    p->bs[d] = b && b->dims[d] > 1 ? b->strides[d] : 0;
  }
  ew_simplify(p);
}
#line 5238 "chapters/02-tensors.nw"
#define CHECK(expr)                                                                \
  do {                                                                             \
    litdnnStatus_t check_status_ = (expr);                                         \
    if (check_status_ != LITDNN_STATUS_SUCCESS)                                    \
      return check_status_;                                                        \
  } while (0)

litdnnStatus_t litdnnSetTensor(litdnnHandle_t handle, litdnnTensorDescriptor_t yDesc, void *y,
                               const void *valuePtr)
{
  LITDNN_API_CALL("litdnnSetTensor");
  CHECK(litdnn_check_handle(call, handle));
  CHECK(litdnn_check_tensor(call, "yDesc", yDesc));
  CHECK(check_pointer(call, "y", y));
  CHECK(check_pointer(call, "valuePtr", valuePtr));
  CHECK(check_no_overlap(call, "yDesc", yDesc));
  litdnn_ew p;
  ew_describe(&p, call, LITDNN_EW_CONST, yDesc, NULL, NULL);
  p.alpha1 = *(const float *)valuePtr;
  p.alpha2 = p.beta = 0.0f;
  p.a = p.b = NULL;
  p.c = (float *)y;
  return litdnn_run_op(handle, LITDNN_OP_SET_TENSOR, call, &p);
}

litdnnStatus_t litdnnScaleTensor(litdnnHandle_t handle, litdnnTensorDescriptor_t yDesc, void *y,
                                 const void *alpha)
{
  LITDNN_API_CALL("litdnnScaleTensor");
  CHECK(litdnn_check_handle(call, handle));
  CHECK(litdnn_check_tensor(call, "yDesc", yDesc));
  CHECK(check_pointer(call, "y", y));
  CHECK(check_pointer(call, "alpha", alpha));
  CHECK(check_no_overlap(call, "yDesc", yDesc));
  litdnn_ew p;
  ew_describe(&p, call, LITDNN_EW_COPY, yDesc, yDesc, NULL);  /* y = alpha * y: a is c */
  p.alpha1 = *(const float *)alpha;
  p.alpha2 = p.beta = 0.0f;
  p.a = (const float *)y;
  p.b = NULL;
  p.c = (float *)y;
  return litdnn_run_op(handle, LITDNN_OP_SCALE_TENSOR, call, &p);
}

litdnnStatus_t litdnnAddTensor(litdnnHandle_t handle, const void *alpha,
                               litdnnTensorDescriptor_t aDesc, const void *A, const void *beta,
                               litdnnTensorDescriptor_t cDesc, void *C)
{
  LITDNN_API_CALL("litdnnAddTensor");
  CHECK(litdnn_check_handle(call, handle));
  CHECK(check_pointer(call, "alpha", alpha));
  CHECK(check_pointer(call, "beta", beta));
  CHECK(litdnn_check_tensor(call, "aDesc", aDesc));
  CHECK(litdnn_check_tensor(call, "cDesc", cDesc));
  CHECK(check_pointer(call, "A", A));
  CHECK(check_pointer(call, "C", C));
  CHECK(check_dims(call, "aDesc", aDesc, "cDesc", cDesc, 1));
  CHECK(check_no_overlap(call, "cDesc", cDesc));
  CHECK(check_alias(call, "A", aDesc, A, "C", cDesc, C));
  litdnn_ew p;
  ew_describe(&p, call, LITDNN_EW_COPY, cDesc, aDesc, NULL);
  p.alpha1 = *(const float *)alpha;
  p.alpha2 = 0.0f;
  p.beta = *(const float *)beta;
  p.a = (const float *)A;
  p.b = NULL;
  p.c = (float *)C;
  return litdnn_run_op(handle, LITDNN_OP_ADD_TENSOR, call, &p);
}
#line 5314 "chapters/02-tensors.nw"
litdnnStatus_t litdnnOpTensor(litdnnHandle_t handle, litdnnOpTensorDescriptor_t opTensorDesc,
                              const void *alpha1, litdnnTensorDescriptor_t aDesc, const void *A,
                              const void *alpha2, litdnnTensorDescriptor_t bDesc, const void *B,
                              const void *beta, litdnnTensorDescriptor_t cDesc, void *C)
{
  LITDNN_API_CALL("litdnnOpTensor");
  CHECK(litdnn_check_handle(call, handle));
  CHECK(check_pointer(call, "opTensorDesc", opTensorDesc));
  if (!opTensorDesc->is_set)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_NOT_FINALIZED, call, "opTensorDesc was never set");
  if (opTensorDesc->comp_type != LITDNN_DATA_FLOAT)
    return litdnn_error(LITDNN_STATUS_NOT_SUPPORTED_DATA_TYPE, call,
                        "opTensorDesc has compute type %d; only LITDNN_DATA_FLOAT is computed",
                        (int)opTensorDesc->comp_type);
  static const int fns[] = {LITDNN_EW_ADD, LITDNN_EW_MUL, LITDNN_EW_MIN,
                            LITDNN_EW_MAX, LITDNN_EW_SQRT, LITDNN_EW_NOT};
  int fn = fns[opTensorDesc->op];
  int binary = LITDNN_EW_READS_B(fn);
  CHECK(check_pointer(call, "alpha1", alpha1));
  if (binary)
    CHECK(check_pointer(call, "alpha2", alpha2));
  CHECK(check_pointer(call, "beta", beta));
  CHECK(litdnn_check_tensor(call, "aDesc", aDesc));
  if (binary)
    CHECK(litdnn_check_tensor(call, "bDesc", bDesc));
  CHECK(litdnn_check_tensor(call, "cDesc", cDesc));
  CHECK(check_pointer(call, "A", A));
  if (binary)
    CHECK(check_pointer(call, "B", B));
  CHECK(check_pointer(call, "C", C));
  CHECK(check_dims(call, "aDesc", aDesc, "cDesc", cDesc, 0));
  if (binary)
    CHECK(check_dims(call, "bDesc", bDesc, "cDesc", cDesc, 1));
  CHECK(check_no_overlap(call, "cDesc", cDesc));
  CHECK(check_alias(call, "A", aDesc, A, "C", cDesc, C));
  if (binary)
    CHECK(check_alias(call, "B", bDesc, B, "C", cDesc, C));
  litdnn_ew p;
  ew_describe(&p, call, fn, cDesc, aDesc, binary ? bDesc : NULL);
  p.propagate_nan = opTensorDesc->nan_opt == LITDNN_PROPAGATE_NAN;
  p.alpha1 = *(const float *)alpha1;
  p.alpha2 = binary ? *(const float *)alpha2 : 0.0f;
  p.beta = *(const float *)beta;
  p.a = (const float *)A;
  p.b = binary ? (const float *)B : NULL;
  p.c = (float *)C;
  return litdnn_run_op(handle, LITDNN_OP_OP_TENSOR, call, &p);
}

litdnnStatus_t litdnnTransformTensor(litdnnHandle_t handle, const void *alpha,
                                     litdnnTensorDescriptor_t xDesc, const void *x,
                                     const void *beta, litdnnTensorDescriptor_t yDesc, void *y)
{
  LITDNN_API_CALL("litdnnTransformTensor");
  CHECK(litdnn_check_handle(call, handle));
  CHECK(check_pointer(call, "alpha", alpha));
  CHECK(check_pointer(call, "beta", beta));
  CHECK(litdnn_check_tensor(call, "xDesc", xDesc));
  CHECK(litdnn_check_tensor(call, "yDesc", yDesc));
  CHECK(check_pointer(call, "x", x));
  CHECK(check_pointer(call, "y", y));
  CHECK(check_dims(call, "xDesc", xDesc, "yDesc", yDesc, 0));
  CHECK(check_no_overlap(call, "yDesc", yDesc));
  CHECK(check_alias(call, "x", xDesc, x, "y", yDesc, y));
  litdnn_ew p;
  ew_describe(&p, call, LITDNN_EW_COPY, yDesc, xDesc, NULL);
  p.alpha1 = *(const float *)alpha;
  p.alpha2 = 0.0f;
  p.beta = *(const float *)beta;
  p.a = (const float *)x;
  p.b = NULL;
  p.c = (float *)y;
  return litdnn_run_op(handle, LITDNN_OP_TRANSFORM_TENSOR, call, &p);
}
