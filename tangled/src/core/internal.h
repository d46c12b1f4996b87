#ifndef LITDNN_INTERNAL_H
#define LITDNN_INTERNAL_H
#include "litdnn.h"
#include <stdint.h>
#include <stddef.h>
#ifdef __cplusplus
extern "C" {
#endif

litdnnStatus_t litdnn_error(litdnnStatus_t status, const char *call, const char *fmt, ...)
#if defined(__GNUC__)
  __attribute__((format(printf, 3, 4)))
#endif
  ;
#define LITDNN_CHECK_NULL(call, ptr)                                              \
  do {                                                                            \
    if ((ptr) == NULL)                                                            \
      return litdnn_error(LITDNN_STATUS_BAD_PARAM_NULL_POINTER, (call),           \
                          "%s is a null pointer", #ptr);                          \
  } while (0)
typedef struct litdnn_device_ops {
  litdnnStatus_t (*malloc_)(void **ptr, size_t bytes);
  litdnnStatus_t (*free_)(void *ptr);
  litdnnStatus_t (*memcpy_)(void *dst, const void *src, size_t bytes, litdnnMemcpyKind_t kind,
                            litdnnStream_t stream);
  litdnnStatus_t (*memset_)(void *dst, int value, size_t bytes, litdnnStream_t stream);
  litdnnStatus_t (*synchronize)(litdnnStream_t stream);
  int (*available)(void);
  void (*device_name)(char *name, size_t size);
} litdnn_device_ops;

struct litdnnContext {
  litdnnBackend_t backend;
  const litdnn_device_ops *dev;
  litdnnStream_t stream;
  int stage[LITDNN_OP_COUNT];   /* LITDNN_STAGE_AUTOMATIC or a pinned stage */
  int last_stage[LITDNN_OP_COUNT]; /* the stage the last call ran, or -1 */
  void *workspace;              /* on the backend, reused across calls */
  size_t workspace_size;
  void *cublas;                 /* cublasHandle_t, made on first use */
};

/* the device functions of each GPU backend (src/core/device.cu, compiled twice) */
extern const litdnn_device_ops litdnn_gpu_device_cuda, litdnn_gpu_device_emu;

static inline litdnnBackend_t litdnn_backend(litdnnHandle_t h) { return h->backend; }
litdnnStatus_t litdnn_check_handle(const char *call, litdnnHandle_t h);
litdnnStatus_t litdnn_workspace(litdnnHandle_t h, const char *call, size_t bytes, void **ptr);
litdnnStatus_t litdnn_memset(litdnnHandle_t h, const char *call, void *dst, int value, size_t bytes);
#ifdef LITDNN_HAVE_CUDA
litdnnStatus_t litdnn_cublas(litdnnHandle_t h, const char *call, void **cublas_handle);
void litdnn_cublas_destroy(void *cublas_handle);
#endif
typedef litdnnStatus_t (*litdnn_stage_fn)(litdnnHandle_t h, const void *args);

typedef struct litdnn_stage {
  const char *name;
  const char *idea;
  litdnn_stage_fn fn[LITDNN_BACKEND_COUNT];
} litdnn_stage;

typedef struct litdnn_op_table {
  const char *name;
  const litdnn_stage *stages;
  int count;
  /* the stage to run when none is pinned, or -1 for the fastest runnable */
  int (*choose)(litdnnHandle_t h, const void *args);
} litdnn_op_table;

#define LITDNN_CPU_STAGE(name, idea, fn) { (name), (idea), { NULL, (fn), NULL, NULL } }
/* nvcc compiles kernel files as C++: a declaration with C linkage, seen
   before the definition, keeps the exported name unmangled. */
#ifdef __cplusplus
#define LITDNN_DECLARE_GPU_FN(base)                                              \
  extern "C" {                                                                   \
  litdnnStatus_t base##_cuda(litdnnHandle_t h, const void *args);                \
  litdnnStatus_t base##_emu(litdnnHandle_t h, const void *args);                 \
  }                                                                              \
  typedef int litdnn_declared_##base
#else
#define LITDNN_DECLARE_GPU_FN(base)                                              \
  litdnnStatus_t base##_cuda(litdnnHandle_t h, const void *args);                \
  litdnnStatus_t base##_emu(litdnnHandle_t h, const void *args)
#endif
#if defined(LITDNN_HAVE_CUDA)
#define LITDNN_CUDA_FN_(base) base##_cuda
#else
#define LITDNN_CUDA_FN_(base) NULL
#endif
#define LITDNN_GPU_STAGE(name, idea, base)                                       \
  { (name), (idea), { NULL, NULL, LITDNN_CUDA_FN_(base), base##_emu } }
#define LITDNN_CUDA_ONLY_STAGE(name, idea, base)                                 \
  { (name), (idea), { NULL, NULL, LITDNN_CUDA_FN_(base), NULL } }

litdnnStatus_t litdnn_run_op(litdnnHandle_t h, litdnnOp_t op, const char *call, const void *args);
const litdnn_op_table *litdnn_op(litdnnOp_t op);
struct litdnnTensorStruct {
  int is_set;
  litdnnDataType_t dtype;
  int nbDims;
  int64_t dims[LITDNN_DIM_MAX];
  int64_t strides[LITDNN_DIM_MAX];
};

int64_t litdnn_tensor_count(const struct litdnnTensorStruct *t);
int64_t litdnn_tensor_span(const struct litdnnTensorStruct *t);
int litdnn_tensor_is_packed(const struct litdnnTensorStruct *t);
int litdnn_tensors_same_layout(const struct litdnnTensorStruct *a, const struct litdnnTensorStruct *b);
litdnnStatus_t litdnn_check_tensor(const char *call, const char *param, litdnnTensorDescriptor_t d);
size_t litdnn_dtype_size(litdnnDataType_t dtype);
/* out = a * b for non-negative a, b; returns 0 (and leaves out alone) on overflow */
static inline int litdnn_mul_size(int64_t a, int64_t b, int64_t *out)
{
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r))
    return 0;
  *out = r;
  return 1;
}
static inline int litdnn_add_size(int64_t a, int64_t b, int64_t *out)
{
  int64_t r;
  if (__builtin_add_overflow(a, b, &r))
    return 0;
  *out = r;
  return 1;
}

#ifdef __cplusplus
}
#endif
#endif
