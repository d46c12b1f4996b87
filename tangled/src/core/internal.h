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
void litdnn_clear_error(void);
/* The first statement of every public call that returns a status: it names
   the call for the messages (as `call`) and clears the last error. */
#define LITDNN_API_CALL(name)                                                    \
  static const char call[] = name;                                               \
  (void)call;                                                                    \
  litdnn_clear_error()
typedef struct litdnn_device_ops {
  litdnnStatus_t (*malloc_)(void **ptr, size_t bytes);
  litdnnStatus_t (*free_)(void *ptr);
  litdnnStatus_t (*memcpy_)(void *dst, const void *src, size_t bytes, litdnnMemcpyKind_t kind,
                            litdnnStream_t stream);
  litdnnStatus_t (*memset_)(void *dst, int value, size_t bytes, litdnnStream_t stream);
  litdnnStatus_t (*synchronize)(litdnnStream_t stream);
  int (*available)(void);
  void (*device_name)(char *name, size_t size);
  int (*device_index)(void);    /* the device the calls go to: one pool each */
  /* a fence is an event recorded on a stream: where a block is freed on
     another stream than its own (NULL where the backend has no streams) */
  litdnnStatus_t (*fence_record)(litdnnStream_t stream, void **fence);
  int (*fence_done)(void *fence, int wait);
  void (*fence_destroy)(void *fence);
  /* tells a memory checker which bytes may be touched (NULL: no checker) */
  void (*mark)(void *ptr, size_t bytes, int usable);
} litdnn_device_ops;

struct litdnn_pool;

struct litdnnContext {
  litdnnBackend_t backend;
  const litdnn_device_ops *dev;
  struct litdnn_pool *pool;     /* the device's memory pool, shared by its handles */
  litdnnStream_t stream;
  int stage[LITDNN_OP_COUNT];   /* LITDNN_STAGE_AUTOMATIC or a pinned stage */
  int last_stage[LITDNN_OP_COUNT]; /* the stage the last call ran, or -1 */
  void *workspace;              /* a block of the pool, reused across calls */
  size_t workspace_size;
  void *cublas;                 /* cublasHandle_t, made on first use */
};

/* the device functions of each GPU backend (src/core/device.cu, compiled twice) */
extern const litdnn_device_ops litdnn_gpu_device_cuda, litdnn_gpu_device_emu;

static inline litdnnBackend_t litdnn_backend(litdnnHandle_t h) { return h->backend; }
litdnnStatus_t litdnn_check_handle(const char *call, litdnnHandle_t h);
litdnnStatus_t litdnn_workspace(litdnnHandle_t h, const char *call, size_t bytes, void **ptr);
void litdnn_workspace_release(litdnnHandle_t h);
litdnnStatus_t litdnn_memset(litdnnHandle_t h, const char *call, void *dst, int value, size_t bytes);
#ifdef LITDNN_HAVE_CUDA
litdnnStatus_t litdnn_cublas(litdnnHandle_t h, const char *call, void **cublas_handle);
void litdnn_cublas_destroy(void *cublas_handle);
#endif
typedef litdnnStatus_t (*litdnn_stage_fn)(litdnnHandle_t h, const void *args);
typedef const char *(*litdnn_applies_fn)(litdnnHandle_t h, const void *args);

typedef struct litdnn_stage {
  int id;                                  /* its index in the table */
  const char *name;                        /* unique within the op */
  const char *idea;
  litdnn_stage_fn fn[LITDNN_BACKEND_COUNT];
  litdnn_applies_fn applies;               /* NULL: every problem the API accepts */
  unsigned flags;                          /* litdnnStageFlag_t */
} litdnn_stage;

typedef struct litdnn_op_table {
  const char *name;
  const litdnn_stage *stages;
  int count;
  /* the id of the stage to run when none is pinned, one that runs on h's
     backend and applies; or -1, for the last such stage of the table */
  int (*choose)(litdnnHandle_t h, const void *args);
} litdnn_op_table;

#define LITDNN_STAGE_ID(id, ...) id,
#define LITDNN_STAGE_DECLARE(id, name, idea, where, fn, ...) LITDNN_DECLARE_##where(fn);
#define LITDNN_STAGE_ROW(id_, name_, idea_, where, fn_, applies_, flags_)                    \
  [id_] = {.id = (id_), .name = (name_), .idea = (idea_), .fn = LITDNN_FNS_##where(fn_),       \
           .applies = (applies_), .flags = (unsigned)(flags_) | LITDNN_FLAGS_##where},
#define DET LITDNN_STAGE_DETERMINISTIC
#define TF32 LITDNN_STAGE_TF32

#define LITDNN_FNS_CPU(fn) {[LITDNN_BACKEND_CPU] = (fn)}
#define LITDNN_FNS_GPU(fn) {[LITDNN_BACKEND_CUDA] = LITDNN_CUDA_FN_(fn), [LITDNN_BACKEND_EMU] = fn##_emu}
#define LITDNN_FNS_CUDA(fn) {[LITDNN_BACKEND_CUDA] = LITDNN_CUDA_FN_(fn)}
#define LITDNN_FLAGS_CPU 0u
#define LITDNN_FLAGS_GPU 0u
#define LITDNN_FLAGS_CUDA ((unsigned)LITDNN_STAGE_GPU_ONLY)
#if defined(LITDNN_HAVE_CUDA)
#define LITDNN_CUDA_FN_(fn) fn##_cuda
#else
#define LITDNN_CUDA_FN_(fn) NULL
#endif

/* nvcc compiles kernel files as C++: a declaration with C linkage, seen
   before the definition, keeps the exported name unmangled. */
#ifdef __cplusplus
#define LITDNN_EXTERN_C_ extern "C"
#else
#define LITDNN_EXTERN_C_ extern
#endif
#define LITDNN_DECLARE_CPU(fn) LITDNN_EXTERN_C_ litdnnStatus_t fn(litdnnHandle_t h, const void *args)
#define LITDNN_DECLARE_GPU(fn)                                                               \
  LITDNN_EXTERN_C_ litdnnStatus_t fn##_cuda(litdnnHandle_t h, const void *args);              \
  LITDNN_EXTERN_C_ litdnnStatus_t fn##_emu(litdnnHandle_t h, const void *args)
#define LITDNN_DECLARE_CUDA(fn) LITDNN_DECLARE_GPU(fn)

#define LITDNN_OP_TABLE(name_, stages_, choose_)                                            \
  {.name = (name_), .stages = (stages_), .count = (int)(sizeof(stages_) / sizeof((stages_)[0])), \
   .choose = (choose_)}
/* TRANSITIONAL: the positional form, until every op's table is a list */
#define LITDNN_CPU_STAGE(n, i, f) {.id = -1, .name = (n), .idea = (i), .fn = LITDNN_FNS_CPU(f)}
#define LITDNN_GPU_STAGE(n, i, f) {.id = -1, .name = (n), .idea = (i), .fn = LITDNN_FNS_GPU(f)}
#define LITDNN_CUDA_ONLY_STAGE(n, i, f) \
  {.id = -1, .name = (n), .idea = (i), .fn = LITDNN_FNS_CUDA(f), .flags = LITDNN_FLAGS_CUDA}
#define LITDNN_DECLARE_GPU_FN(fn) LITDNN_DECLARE_GPU(fn)
#define LITDNN_APPLIES(fn, args_type, condition, reason)                                  \
  static const char *fn(litdnnHandle_t h, const void *args_)                              \
  {                                                                                       \
    const args_type *a = (const args_type *)args_;                                        \
    (void)h;                                                                              \
    (void)a;                                                                              \
    return (condition) ? NULL : (reason);                                                 \
  }

litdnnStatus_t litdnn_run_op(litdnnHandle_t h, litdnnOp_t op, const char *call, const void *args);
const litdnn_op_table *litdnn_op(litdnnOp_t op);
/* NULL if the stage runs on h's backend and applies to args, else why not */
const char *litdnn_stage_refusal(litdnnHandle_t h, const litdnn_stage *stage, const void *args);
/* the first of ids[0..n-1] whose stage runs and applies, or -1 */
int litdnn_first_usable(litdnnHandle_t h, const litdnn_stage *stages, const void *args, const int *ids,
                        int n);
/* litdnn_first_usable over a list written in place: LITDNN_PICK(h, stages, args, A, B, C) */
#define LITDNN_PICK(h, stages, args, ...)                                                    \
  litdnn_first_usable((h), (stages), (args), (const int[]){__VA_ARGS__},                     \
                      (int)(sizeof((const int[]){__VA_ARGS__}) / sizeof(int)))
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
