/* The bad-input table: what every case of tests/test_bad_input.c is
 * made of.
 *
 * A case names the public function it calls and what is wrong with the
 * call. It starts from a valid call built on a bench of good objects (a
 * handle, set and unset descriptors of every kind, device buffers of
 * random bytes, out-parameters pointing at sentinel bytes), breaks one
 * thing, makes the call and checks four things: the exact status, a
 * message that starts with the call's name and contains a given word (the
 * parameter, and its value where the library prints it), that nothing the
 * call could write has changed (every device buffer, every descriptor as
 * its Get function reads it back, the handle's stages and stream, the
 * sentinel bytes), and that the next good call on the handle succeeds.
 *
 *   BI_CASE(litdnnActivationForward, null_x, BAD_PARAM_NULL_POINTER,
 *           "x is a null pointer", x = NULL)
 *
 * declares the arguments of a valid call under the names the header gives
 * them (BI_ARGS_litdnnActivationForward), runs `x = NULL`, and calls
 * BI_CALL_litdnnActivationForward. Functions that return no status get
 * BI_ANSWER cases, which check the answer themselves. */
#ifndef LITDNN_TESTS_BAD_INPUT_H
#define LITDNN_TESTS_BAD_INPUT_H
#include "common.h"
#include <limits.h>

/* ---- the bench of good objects ---- */
enum { BI_FLOATS = 1024, BI_WS_FLOATS = 16384, BI_OUT_BYTES = 8192 };

typedef struct bi_bench {
  litdnnBackend_t backend;
  litdnnHandle_t h;
  float one, zero, two;                    /* host scalars for alpha and beta */
  float host[BI_FLOATS];                   /* host memory, the source of copies */
  /* tensors; t is 2x3x4x5 NCHW float unless the name says otherwise */
  litdnnTensorDescriptor_t t, t_other,     /* 2x3x5x4: as many elements, another shape */
      t_unset, t_half, t_double,           /* never set; HALF and DOUBLE 2x3x4x5 */
      t5,                                  /* 2x3x2x4x5 */
      t3,                                  /* 2x3x20 */
      t2,                                  /* 6x20 */
      t_overlap,                           /* 2x3x4x5 with every stride 1 */
      t_nhwc,                              /* 2x3x4x5 NHWC */
      t_strided,                           /* 2x3x4x5, every second element of each row */
      t_big,                               /* 2x1x65536x65536: strides past INT_MAX */
      t_bn, t_bn_act,                      /* 1x3x1x1, 1x3x4x5 */
      t_bn_strided,                        /* 1x3x1x1 with a channel stride of 2 */
      pool_y, pool_y_other,                /* 2x3x2x2, 2x3x3x2 */
      cx, cy, cy_s2, cbias, cbias_strided, /* 2x3x6x6, 2x4x4x4, 2x4x2x2, 1x4x1x1, 1x4x1x1 strided */
      c_bias3,                             /* 1x3x1x1 */
      rh, rh2,                             /* RNN states {1, 2, 3} and {2, 2, 3} */
      rh_half, rh_strided,                 /* {1, 2, 3} HALF; {1, 2, 3} with strides {12, 6, 2} */
      rm, rb;                              /* 2x3x4x5, for litdnnGetRNNWeightParams to fill */
  litdnnFilterDescriptor_t f, f_unset, f_half, f5d, f_c2, f_big; /* 4x3x3x3, -, HALF, 4x3x1x3x3, 4x2x3x3, 4x3x7x7 */
  litdnnConvolutionDescriptor_t conv, conv_unset, conv_double, conv3d, conv_g2, conv_s2;
  litdnnActivationDescriptor_t act, act_unset, act_sigmoid;
  litdnnOpTensorDescriptor_t opt, opt_unset, opt_half;
  litdnnPoolingDescriptor_t pool, pool_unset, pool3d, pool_big;
  litdnnLRNDescriptor_t lrn;
  litdnnDropoutDescriptor_t drop, drop_unset;
  /* rnn: an LSTM of one layer, inputSize 4, hiddenSize 3, packed data only;
     rnn_drop: the same with two layers and dropout drop between them */
  litdnnRNNDescriptor_t rnn, rnn_unset, rnn_drop;
  /* T = 3, N = 2, lengths {3, 2}, packed, vectorSize 4 (x) or 3 (y), unless the name says otherwise */
  litdnnRNNDataDescriptor_t rx, ry, rx_unset, rx_unpacked, ry_unpacked, ry_other_lengths;
  /* device buffers of the handle's backend, filled with random bytes */
  void *bx, *by, *bdy, *bdx, *bw, *bdw, *bz, *bbias, *bws, *bstates, *breserve, *bscale, *bbnbias,
      *bmean, *bvar, *bsmean, *bsvar, *bdscale, *bdbias;
  void *bscratch;                          /* written by the good call after each case */
  litdnnTensorDescriptor_t good_t;         /* 2x3x4x5, for that good call only */
  size_t ws_bytes, states_bytes, reserve_bytes;
  size_t rnn_weight_bytes, rnn_ws_bytes, rnn_reserve_bytes;   /* of rnn and rx, training */
  size_t rnn_drop_weight_bytes, rnn_drop_ws_bytes, rnn_drop_reserve_bytes;
  /* out-parameters point here; every byte holds BI_SENTINEL */
  unsigned char out[BI_OUT_BYTES];
  size_t out_used;
} bi_bench;

#define BI_SENTINEL 0xA5

/* n bytes of the sentinel area, aligned for any type */
void *bi_out(bi_bench *W, size_t n);
#define BI_OUT(type) ((type *)bi_out(W, sizeof(type)))
#define BI_OUTN(type, n) ((type *)bi_out(W, (n) * sizeof(type)))
/* printf into one of a few static buffers: needles with computed values */
const char *bi_fmt(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* the algorithm of each pass that runs on the bench's backend */
int bi_fwd_algo(const bi_bench *W);
int bi_bwd_data_algo(const bi_bench *W);
int bi_bwd_filter_algo(const bi_bench *W);

/* ---- the table ---- */
enum { BI_CPU = 1, BI_EMU = 2, BI_BOTH = 3 };

typedef struct bi_case {
  const char *fn;          /* the public function it calls */
  const char *name;        /* what is wrong with the call */
  unsigned backends;       /* BI_CPU, BI_EMU or BI_BOTH */
  void (*run)(bi_bench *W, const struct bi_case *c);
  int valid_call;          /* the unbroken call (BI_VALID), not a case of bad input */
} bi_case;

void bi_register(bi_case *c);
/* "litdnnMatmul / lda_too_small on emu" */
const char *bi_name(const bi_case *c, const bi_bench *W);

/* Between the fault and the call: reads back everything the call could
   write, and leaves a stale message that the call must replace. */
void bi_before(bi_bench *W);
/* After the call: the status, the message, and nothing written. */
void bi_expect(bi_bench *W, const bi_case *c, litdnnStatus_t got, litdnnStatus_t want, const char *needle);
/* After the unbroken call: success and no message. */
void bi_expect_valid(bi_bench *W, const bi_case *c, litdnnStatus_t got);

/* The backends of the cases that follow; a case may name its own. */
#define BI_ON BI_BOTH

#define BI_REGISTER_(on, F, id, valid_)                                                  \
  static bi_case bi_case_##F##_##id = {#F, #id, (on), bi_run_##F##_##id, (valid_)};      \
  __attribute__((constructor)) static void bi_register_##F##_##id(void)                  \
  {                                                                                      \
    bi_register(&bi_case_##F##_##id);                                                    \
  }

/* A case that expects `status` (LITDNN_STATUS_ left out) and a message
   containing `needle`; the fault is the statement(s) after the needle. */
#define BI_CASE_ON(on, F, id, status, needle, ...)                                       \
  static void bi_run_##F##_##id(bi_bench *W, const bi_case *c_)                          \
  {                                                                                      \
    BI_ARGS_##F;                                                                         \
    __VA_ARGS__;                                                                         \
    bi_before(W);                                                                        \
    litdnnStatus_t got_ = BI_CALL_##F;                                                   \
    bi_expect(W, c_, got_, LITDNN_STATUS_##status, (needle));                            \
  }                                                                                      \
  BI_REGISTER_(on, F, id, 0)
#define BI_CASE(F, id, status, needle, ...) BI_CASE_ON(BI_ON, F, id, status, needle, __VA_ARGS__)

/* A case of a function that returns no status: the body checks the answer. */
#define BI_ANSWER_ON(on, F, id, ...)                                                     \
  static void bi_run_##F##_##id(bi_bench *W, const bi_case *c_)                          \
  {                                                                                      \
    (void)W;                                                                             \
    (void)c_;                                                                            \
    __VA_ARGS__;                                                                         \
  }                                                                                      \
  BI_REGISTER_(on, F, id, 0)
#define BI_ANSWER(F, id, ...) BI_ANSWER_ON(BI_CPU, F, id, __VA_ARGS__)

/* The unbroken call: it must succeed, so that every case of F breaks
   exactly one thing. (Not for the calls that free what they are given.) */
#define BI_VALID_ON(on, F)                                                               \
  static void bi_run_##F##_valid_call(bi_bench *W, const bi_case *c_)                   \
  {                                                                                      \
    BI_ARGS_##F;                                                                         \
    bi_before(W);                                                                        \
    litdnnStatus_t got_ = BI_CALL_##F;                                                   \
    bi_expect_valid(W, c_, got_);                                                        \
  }                                                                                      \
  BI_REGISTER_(on, F, valid_call, 1)
#define BI_VALID(F) BI_VALID_ON(BI_ON, F)

/* ---- a valid call of every public function ----
   BI_ARGS_f declares f's arguments under the header's names, each holding
   a good value from the bench W; BI_CALL_f makes the call with them. A
   call that sets a descriptor would change every field of it, so that a
   failing call that stores anything is caught. */

/* litdnn/core.h: versions, status, the handle */
#define BI_ARGS_litdnnCreateVersioned                                                    \
  litdnnHandle_t *handle = BI_OUT(litdnnHandle_t);                                       \
  litdnnBackend_t backend = W->backend;                                                  \
  size_t headerVersion = LITDNN_VERSION
#define BI_CALL_litdnnCreateVersioned litdnnCreateVersioned(handle, backend, headerVersion)
#define BI_ARGS_litdnnCreate litdnnHandle_t *handle = BI_OUT(litdnnHandle_t)
#define BI_CALL_litdnnCreate litdnnCreate(handle)
#define BI_ARGS_litdnnCreateWithBackend                                                  \
  litdnnHandle_t *handle = BI_OUT(litdnnHandle_t);                                       \
  litdnnBackend_t backend = W->backend
#define BI_CALL_litdnnCreateWithBackend litdnnCreateWithBackend(handle, backend)
#define BI_ARGS_litdnnDestroy litdnnHandle_t handle = NULL
#define BI_CALL_litdnnDestroy litdnnDestroy(handle)
#define BI_ARGS_litdnnGetBackend                                                         \
  litdnnHandle_t handle = W->h;                                                          \
  litdnnBackend_t *backend = BI_OUT(litdnnBackend_t)
#define BI_CALL_litdnnGetBackend litdnnGetBackend(handle, backend)
#define BI_ARGS_litdnnGetDeviceName                                                      \
  litdnnHandle_t handle = W->h;                                                          \
  char *name = BI_OUTN(char, 64);                                                        \
  size_t size = 64
#define BI_CALL_litdnnGetDeviceName litdnnGetDeviceName(handle, name, size)
#define BI_ARGS_litdnnSetStream                                                          \
  litdnnHandle_t handle = W->h;                                                          \
  litdnnStream_t stream = NULL
#define BI_CALL_litdnnSetStream litdnnSetStream(handle, stream)
#define BI_ARGS_litdnnGetStream                                                          \
  litdnnHandle_t handle = W->h;                                                          \
  litdnnStream_t *stream = BI_OUT(litdnnStream_t)
#define BI_CALL_litdnnGetStream litdnnGetStream(handle, stream)
#define BI_ARGS_litdnnSynchronize litdnnHandle_t handle = W->h
#define BI_CALL_litdnnSynchronize litdnnSynchronize(handle)

/* litdnn/core.h: device memory */
#define BI_ARGS_litdnnMalloc                                                             \
  litdnnHandle_t handle = W->h;                                                          \
  void **ptr = BI_OUT(void *);                                                           \
  size_t bytes = 64
#define BI_CALL_litdnnMalloc litdnnMalloc(handle, ptr, bytes)
/* ptr is a bench buffer: every case must make the call fail before it frees */
#define BI_ARGS_litdnnFree                                                               \
  litdnnHandle_t handle = W->h;                                                          \
  void *ptr = W->bx
#define BI_CALL_litdnnFree litdnnFree(handle, ptr)
/* the device memory pool */
#define BI_ARGS_litdnnMallocWorkspace                                                    \
  litdnnHandle_t handle = W->h;                                                          \
  void **ptr = BI_OUT(void *);                                                           \
  size_t bytes = 4096
#define BI_CALL_litdnnMallocWorkspace litdnnMallocWorkspace(handle, ptr, bytes)
#define BI_ARGS_litdnnSetMemoryLimit                                                     \
  litdnnHandle_t handle = W->h;                                                          \
  size_t bytes = (size_t)1 << 30
#define BI_CALL_litdnnSetMemoryLimit litdnnSetMemoryLimit(handle, bytes)
#define BI_ARGS_litdnnSetWorkspaceReserve                                                \
  litdnnHandle_t handle = W->h;                                                          \
  size_t bytes = (size_t)1 << 20
#define BI_CALL_litdnnSetWorkspaceReserve litdnnSetWorkspaceReserve(handle, bytes)
#define BI_ARGS_litdnnEmptyCache litdnnHandle_t handle = W->h
#define BI_CALL_litdnnEmptyCache litdnnEmptyCache(handle)
#define BI_ARGS_litdnnGetMemoryStats                                                     \
  litdnnHandle_t handle = W->h;                                                          \
  litdnnMemoryStats_t *stats = BI_OUT(litdnnMemoryStats_t)
#define BI_CALL_litdnnGetMemoryStats litdnnGetMemoryStats(handle, stats)
#define BI_ARGS_litdnnResetPeakMemoryStats litdnnHandle_t handle = W->h
#define BI_CALL_litdnnResetPeakMemoryStats litdnnResetPeakMemoryStats(handle)
#define BI_ARGS_litdnnMemcpy                                                             \
  litdnnHandle_t handle = W->h;                                                          \
  void *dst = W->by;                                                                     \
  const void *src = W->host;                                                             \
  size_t bytes = 16;                                                                     \
  litdnnMemcpyKind_t kind = LITDNN_MEMCPY_HOST_TO_DEVICE
#define BI_CALL_litdnnMemcpy litdnnMemcpy(handle, dst, src, bytes, kind)

/* litdnn/core.h: ops and their stages */
#define BI_ARGS_litdnnGetStageCount                                                      \
  litdnnOp_t op = LITDNN_OP_MATMUL;                                                      \
  int *count = BI_OUT(int)
#define BI_CALL_litdnnGetStageCount litdnnGetStageCount(op, count)
#define BI_ARGS_litdnnGetStageInfo                                                       \
  litdnnOp_t op = LITDNN_OP_MATMUL;                                                      \
  int stage = 0;                                                                         \
  const char **name = BI_OUT(const char *);                                              \
  const char **idea = BI_OUT(const char *);                                              \
  unsigned *backendMask = BI_OUT(unsigned)
#define BI_CALL_litdnnGetStageInfo litdnnGetStageInfo(op, stage, name, idea, backendMask)
#define BI_ARGS_litdnnGetStageFlags                                                      \
  litdnnOp_t op = LITDNN_OP_MATMUL;                                                      \
  int stage = 0;                                                                         \
  unsigned *flags = BI_OUT(unsigned)
#define BI_CALL_litdnnGetStageFlags litdnnGetStageFlags(op, stage, flags)
#define BI_ARGS_litdnnGetStageByName                                                     \
  litdnnOp_t op = LITDNN_OP_SET_TENSOR;                                                  \
  const char *name = "cpu loop";                                                         \
  int *stage = BI_OUT(int)
#define BI_CALL_litdnnGetStageByName litdnnGetStageByName(op, name, stage)
#define BI_ARGS_litdnnSetStage                                                           \
  litdnnHandle_t handle = W->h;                                                          \
  litdnnOp_t op = LITDNN_OP_MATMUL;                                                      \
  int stage = LITDNN_STAGE_AUTOMATIC
#define BI_CALL_litdnnSetStage litdnnSetStage(handle, op, stage)
#define BI_ARGS_litdnnGetStage                                                           \
  litdnnHandle_t handle = W->h;                                                          \
  litdnnOp_t op = LITDNN_OP_MATMUL;                                                      \
  int *stage = BI_OUT(int)
#define BI_CALL_litdnnGetStage litdnnGetStage(handle, op, stage)
#define BI_ARGS_litdnnGetLastStage BI_ARGS_litdnnGetStage
#define BI_CALL_litdnnGetLastStage litdnnGetLastStage(handle, op, stage)

/* litdnn/core.h: tensor descriptors */
#define BI_ARGS_litdnnCreateTensorDescriptor                                             \
  litdnnTensorDescriptor_t *desc = BI_OUT(litdnnTensorDescriptor_t)
#define BI_CALL_litdnnCreateTensorDescriptor litdnnCreateTensorDescriptor(desc)
#define BI_ARGS_litdnnDestroyTensorDescriptor litdnnTensorDescriptor_t desc = NULL
#define BI_CALL_litdnnDestroyTensorDescriptor litdnnDestroyTensorDescriptor(desc)
#define BI_ARGS_litdnnSetTensor4dDescriptor                                              \
  litdnnTensorDescriptor_t desc = W->t;                                                  \
  litdnnTensorFormat_t format = LITDNN_TENSOR_NHWC;                                      \
  litdnnDataType_t dataType = LITDNN_DATA_DOUBLE;                                        \
  int n = 3, c = 2, h = 5, w = 4
#define BI_CALL_litdnnSetTensor4dDescriptor litdnnSetTensor4dDescriptor(desc, format, dataType, n, c, h, w)
#define BI_ARGS_litdnnSetTensor4dDescriptorEx                                            \
  litdnnTensorDescriptor_t desc = W->t;                                                  \
  litdnnDataType_t dataType = LITDNN_DATA_DOUBLE;                                        \
  int n = 3, c = 2, h = 5, w = 4;                                                        \
  int nStride = 80, cStride = 40, hStride = 8, wStride = 2
#define BI_CALL_litdnnSetTensor4dDescriptorEx                                            \
  litdnnSetTensor4dDescriptorEx(desc, dataType, n, c, h, w, nStride, cStride, hStride, wStride)
#define BI_ARGS_litdnnGetTensor4dDescriptor                                              \
  litdnnTensorDescriptor_t desc = W->t;                                                  \
  litdnnDataType_t *dataType = BI_OUT(litdnnDataType_t);                                 \
  int *n = BI_OUT(int), *c = BI_OUT(int), *h = BI_OUT(int), *w = BI_OUT(int);            \
  int *nStride = BI_OUT(int), *cStride = BI_OUT(int), *hStride = BI_OUT(int),            \
      *wStride = BI_OUT(int)
#define BI_CALL_litdnnGetTensor4dDescriptor                                              \
  litdnnGetTensor4dDescriptor(desc, dataType, n, c, h, w, nStride, cStride, hStride, wStride)
/* dims and strides are the arrays behind dimA and strideA */
#define BI_ARGS_litdnnSetTensorNdDescriptor                                              \
  litdnnTensorDescriptor_t desc = W->t3;                                                 \
  litdnnDataType_t dataType = LITDNN_DATA_DOUBLE;                                        \
  int nbDims = 3;                                                                        \
  int dims[LITDNN_DIM_MAX + 1] = {4, 5, 6}, strides[LITDNN_DIM_MAX + 1] = {1, 4, 20};    \
  const int *dimA = dims, *strideA = strides
#define BI_CALL_litdnnSetTensorNdDescriptor litdnnSetTensorNdDescriptor(desc, dataType, nbDims, dimA, strideA)
#define BI_ARGS_litdnnSetTensorNdDescriptorEx                                            \
  litdnnTensorDescriptor_t desc = W->t3;                                                 \
  litdnnTensorFormat_t format = LITDNN_TENSOR_NHWC;                                      \
  litdnnDataType_t dataType = LITDNN_DATA_DOUBLE;                                        \
  int nbDims = 3;                                                                        \
  int dims[LITDNN_DIM_MAX + 1] = {4, 5, 6};                                              \
  const int *dimA = dims
#define BI_CALL_litdnnSetTensorNdDescriptorEx                                            \
  litdnnSetTensorNdDescriptorEx(desc, format, dataType, nbDims, dimA)
#define BI_ARGS_litdnnGetTensorNdDescriptor                                              \
  litdnnTensorDescriptor_t desc = W->t;                                                  \
  int nbDimsRequested = LITDNN_DIM_MAX;                                                  \
  litdnnDataType_t *dataType = BI_OUT(litdnnDataType_t);                                 \
  int *nbDims = BI_OUT(int);                                                             \
  int *dimA = BI_OUTN(int, LITDNN_DIM_MAX), *strideA = BI_OUTN(int, LITDNN_DIM_MAX)
#define BI_CALL_litdnnGetTensorNdDescriptor                                              \
  litdnnGetTensorNdDescriptor(desc, nbDimsRequested, dataType, nbDims, dimA, strideA)
#define BI_ARGS_litdnnGetTensorSizeInBytes                                               \
  litdnnTensorDescriptor_t desc = W->t;                                                  \
  size_t *size = BI_OUT(size_t)
#define BI_CALL_litdnnGetTensorSizeInBytes litdnnGetTensorSizeInBytes(desc, size)

/* litdnn/tensor_ops.h */
#define BI_ARGS_litdnnCreateOpTensorDescriptor                                           \
  litdnnOpTensorDescriptor_t *opTensorDesc = BI_OUT(litdnnOpTensorDescriptor_t)
#define BI_CALL_litdnnCreateOpTensorDescriptor litdnnCreateOpTensorDescriptor(opTensorDesc)
#define BI_ARGS_litdnnDestroyOpTensorDescriptor litdnnOpTensorDescriptor_t opTensorDesc = NULL
#define BI_CALL_litdnnDestroyOpTensorDescriptor litdnnDestroyOpTensorDescriptor(opTensorDesc)
#define BI_ARGS_litdnnSetOpTensorDescriptor                                              \
  litdnnOpTensorDescriptor_t opTensorDesc = W->opt;                                      \
  litdnnOpTensorOp_t opTensorOp = LITDNN_OP_TENSOR_MUL;                                  \
  litdnnDataType_t opTensorCompType = LITDNN_DATA_DOUBLE;                                \
  litdnnNanPropagation_t opTensorNanOpt = LITDNN_PROPAGATE_NAN
#define BI_CALL_litdnnSetOpTensorDescriptor                                              \
  litdnnSetOpTensorDescriptor(opTensorDesc, opTensorOp, opTensorCompType, opTensorNanOpt)
#define BI_ARGS_litdnnGetOpTensorDescriptor                                              \
  litdnnOpTensorDescriptor_t opTensorDesc = W->opt;                                      \
  litdnnOpTensorOp_t *opTensorOp = BI_OUT(litdnnOpTensorOp_t);                           \
  litdnnDataType_t *opTensorCompType = BI_OUT(litdnnDataType_t);                         \
  litdnnNanPropagation_t *opTensorNanOpt = BI_OUT(litdnnNanPropagation_t)
#define BI_CALL_litdnnGetOpTensorDescriptor                                              \
  litdnnGetOpTensorDescriptor(opTensorDesc, opTensorOp, opTensorCompType, opTensorNanOpt)
#define BI_ARGS_litdnnSetTensor                                                          \
  litdnnHandle_t handle = W->h;                                                          \
  litdnnTensorDescriptor_t yDesc = W->t;                                                 \
  void *y = W->by;                                                                       \
  const void *valuePtr = &W->two
#define BI_CALL_litdnnSetTensor litdnnSetTensor(handle, yDesc, y, valuePtr)
#define BI_ARGS_litdnnScaleTensor                                                        \
  litdnnHandle_t handle = W->h;                                                          \
  litdnnTensorDescriptor_t yDesc = W->t;                                                 \
  void *y = W->by;                                                                       \
  const void *alpha = &W->two
#define BI_CALL_litdnnScaleTensor litdnnScaleTensor(handle, yDesc, y, alpha)
#define BI_ARGS_litdnnAddTensor                                                          \
  litdnnHandle_t handle = W->h;                                                          \
  const void *alpha = &W->one, *beta = &W->one;                                          \
  litdnnTensorDescriptor_t aDesc = W->t, cDesc = W->t;                                   \
  const void *A = W->bx;                                                                 \
  void *C = W->by
#define BI_CALL_litdnnAddTensor litdnnAddTensor(handle, alpha, aDesc, A, beta, cDesc, C)
#define BI_ARGS_litdnnOpTensor                                                           \
  litdnnHandle_t handle = W->h;                                                          \
  litdnnOpTensorDescriptor_t opTensorDesc = W->opt;                                      \
  const void *alpha1 = &W->one, *alpha2 = &W->one, *beta = &W->zero;                     \
  litdnnTensorDescriptor_t aDesc = W->t, bDesc = W->t, cDesc = W->t;                     \
  const void *A = W->bx, *B = W->bdy;                                                    \
  void *C = W->by
#define BI_CALL_litdnnOpTensor                                                           \
  litdnnOpTensor(handle, opTensorDesc, alpha1, aDesc, A, alpha2, bDesc, B, beta, cDesc, C)
#define BI_ARGS_litdnnTransformTensor                                                    \
  litdnnHandle_t handle = W->h;                                                          \
  const void *alpha = &W->one, *beta = &W->zero;                                         \
  litdnnTensorDescriptor_t xDesc = W->t, yDesc = W->t_nhwc;                              \
  const void *x = W->bx;                                                                 \
  void *y = W->by
#define BI_CALL_litdnnTransformTensor litdnnTransformTensor(handle, alpha, xDesc, x, beta, yDesc, y)

/* litdnn/activation.h */
#define BI_ARGS_litdnnCreateActivationDescriptor                                         \
  litdnnActivationDescriptor_t *activationDesc = BI_OUT(litdnnActivationDescriptor_t)
#define BI_CALL_litdnnCreateActivationDescriptor litdnnCreateActivationDescriptor(activationDesc)
#define BI_ARGS_litdnnDestroyActivationDescriptor litdnnActivationDescriptor_t activationDesc = NULL
#define BI_CALL_litdnnDestroyActivationDescriptor litdnnDestroyActivationDescriptor(activationDesc)
#define BI_ARGS_litdnnSetActivationDescriptor                                            \
  litdnnActivationDescriptor_t activationDesc = W->act;                                  \
  litdnnActivationMode_t mode = LITDNN_ACTIVATION_CLIPPED_RELU;                          \
  litdnnNanPropagation_t reluNanOpt = LITDNN_PROPAGATE_NAN;                              \
  double coef = 6.0
#define BI_CALL_litdnnSetActivationDescriptor                                            \
  litdnnSetActivationDescriptor(activationDesc, mode, reluNanOpt, coef)
#define BI_ARGS_litdnnGetActivationDescriptor                                            \
  litdnnActivationDescriptor_t activationDesc = W->act;                                  \
  litdnnActivationMode_t *mode = BI_OUT(litdnnActivationMode_t);                         \
  litdnnNanPropagation_t *reluNanOpt = BI_OUT(litdnnNanPropagation_t);                   \
  double *coef = BI_OUT(double)
#define BI_CALL_litdnnGetActivationDescriptor                                            \
  litdnnGetActivationDescriptor(activationDesc, mode, reluNanOpt, coef)
#define BI_ARGS_litdnnActivationForward                                                  \
  litdnnHandle_t handle = W->h;                                                          \
  litdnnActivationDescriptor_t activationDesc = W->act;                                  \
  const void *alpha = &W->one, *beta = &W->zero;                                         \
  litdnnTensorDescriptor_t xDesc = W->t, yDesc = W->t;                                   \
  const void *x = W->bx;                                                                 \
  void *y = W->by
#define BI_CALL_litdnnActivationForward                                                  \
  litdnnActivationForward(handle, activationDesc, alpha, xDesc, x, beta, yDesc, y)
#define BI_ARGS_litdnnActivationBackward                                                 \
  litdnnHandle_t handle = W->h;                                                          \
  litdnnActivationDescriptor_t activationDesc = W->act;                                  \
  const void *alpha = &W->one, *beta = &W->zero;                                         \
  litdnnTensorDescriptor_t yDesc = W->t, dyDesc = W->t, xDesc = W->t, dxDesc = W->t;     \
  const void *y = W->by, *dy = W->bdy, *x = W->bx;                                       \
  void *dx = W->bdx
#define BI_CALL_litdnnActivationBackward                                                 \
  litdnnActivationBackward(handle, activationDesc, alpha, yDesc, y, dyDesc, dy, xDesc, x, beta, dxDesc, dx)

/* litdnn/matmul.h: C (3x4) = A (3x5) B (5x4), column-major */
#define BI_ARGS_litdnnMatmul                                                             \
  litdnnHandle_t handle = W->h;                                                          \
  litdnnMathType_t math = LITDNN_MATH_FMA;                                               \
  litdnnTranspose_t transa = LITDNN_NO_TRANSPOSE, transb = LITDNN_NO_TRANSPOSE;          \
  int m = 3, n = 4, k = 5;                                                               \
  const void *alpha = &W->one, *beta = &W->zero;                                         \
  const void *A = W->bx, *B = W->bw;                                                     \
  void *C = W->by;                                                                       \
  int lda = 3, ldb = 5, ldc = 3;                                                         \
  long long strideA = 15, strideB = 20, strideC = 12;                                    \
  int batchCount = 1
#define BI_CALL_litdnnMatmul                                                             \
  litdnnMatmul(handle, math, transa, transb, m, n, k, alpha, A, lda, strideA, B, ldb, strideB, beta, C, \
               ldc, strideC, batchCount)

/* litdnn/convolution.h: x 2x3x6x6, w 4x3x3x3, y 2x4x4x4, no padding, stride 1 */
#define BI_ARGS_litdnnCreateFilterDescriptor                                             \
  litdnnFilterDescriptor_t *filterDesc = BI_OUT(litdnnFilterDescriptor_t)
#define BI_CALL_litdnnCreateFilterDescriptor litdnnCreateFilterDescriptor(filterDesc)
#define BI_ARGS_litdnnDestroyFilterDescriptor litdnnFilterDescriptor_t filterDesc = NULL
#define BI_CALL_litdnnDestroyFilterDescriptor litdnnDestroyFilterDescriptor(filterDesc)
#define BI_ARGS_litdnnSetFilter4dDescriptor                                              \
  litdnnFilterDescriptor_t filterDesc = W->f;                                            \
  litdnnDataType_t dataType = LITDNN_DATA_DOUBLE;                                        \
  litdnnTensorFormat_t format = LITDNN_TENSOR_NHWC;                                      \
  int k = 5, c = 2, h = 2, w = 4
#define BI_CALL_litdnnSetFilter4dDescriptor litdnnSetFilter4dDescriptor(filterDesc, dataType, format, k, c, h, w)
#define BI_ARGS_litdnnGetFilter4dDescriptor                                              \
  litdnnFilterDescriptor_t filterDesc = W->f;                                            \
  litdnnDataType_t *dataType = BI_OUT(litdnnDataType_t);                                 \
  litdnnTensorFormat_t *format = BI_OUT(litdnnTensorFormat_t);                           \
  int *k = BI_OUT(int), *c = BI_OUT(int), *h = BI_OUT(int), *w = BI_OUT(int)
#define BI_CALL_litdnnGetFilter4dDescriptor litdnnGetFilter4dDescriptor(filterDesc, dataType, format, k, c, h, w)
#define BI_ARGS_litdnnSetFilterNdDescriptor                                              \
  litdnnFilterDescriptor_t filterDesc = W->f;                                            \
  litdnnDataType_t dataType = LITDNN_DATA_DOUBLE;                                        \
  litdnnTensorFormat_t format = LITDNN_TENSOR_NHWC;                                      \
  int nbDims = 3;                                                                        \
  int dims[LITDNN_CONV_SPATIAL_MAX + 3] = {4, 3, 5};                                     \
  const int *filterDimA = dims
#define BI_CALL_litdnnSetFilterNdDescriptor                                              \
  litdnnSetFilterNdDescriptor(filterDesc, dataType, format, nbDims, filterDimA)
#define BI_ARGS_litdnnGetFilterNdDescriptor                                              \
  litdnnFilterDescriptor_t filterDesc = W->f;                                            \
  int nbDimsRequested = LITDNN_CONV_SPATIAL_MAX + 2;                                     \
  litdnnDataType_t *dataType = BI_OUT(litdnnDataType_t);                                 \
  litdnnTensorFormat_t *format = BI_OUT(litdnnTensorFormat_t);                           \
  int *nbDims = BI_OUT(int);                                                             \
  int *filterDimA = BI_OUTN(int, LITDNN_CONV_SPATIAL_MAX + 2)
#define BI_CALL_litdnnGetFilterNdDescriptor                                              \
  litdnnGetFilterNdDescriptor(filterDesc, nbDimsRequested, dataType, format, nbDims, filterDimA)
#define BI_ARGS_litdnnCreateConvolutionDescriptor                                        \
  litdnnConvolutionDescriptor_t *convDesc = BI_OUT(litdnnConvolutionDescriptor_t)
#define BI_CALL_litdnnCreateConvolutionDescriptor litdnnCreateConvolutionDescriptor(convDesc)
#define BI_ARGS_litdnnDestroyConvolutionDescriptor litdnnConvolutionDescriptor_t convDesc = NULL
#define BI_CALL_litdnnDestroyConvolutionDescriptor litdnnDestroyConvolutionDescriptor(convDesc)
#define BI_ARGS_litdnnSetConvolution2dDescriptor                                         \
  litdnnConvolutionDescriptor_t convDesc = W->conv;                                      \
  int pad_h = 1, pad_w = 2, u = 2, v = 1, dilation_h = 1, dilation_w = 2;                \
  litdnnConvolutionMode_t mode = LITDNN_CONVOLUTION;                                     \
  litdnnDataType_t computeType = LITDNN_DATA_DOUBLE
#define BI_CALL_litdnnSetConvolution2dDescriptor                                         \
  litdnnSetConvolution2dDescriptor(convDesc, pad_h, pad_w, u, v, dilation_h, dilation_w, mode, computeType)
#define BI_ARGS_litdnnGetConvolution2dDescriptor                                         \
  litdnnConvolutionDescriptor_t convDesc = W->conv;                                      \
  int *pad_h = BI_OUT(int), *pad_w = BI_OUT(int), *u = BI_OUT(int), *v = BI_OUT(int);    \
  int *dilation_h = BI_OUT(int), *dilation_w = BI_OUT(int);                              \
  litdnnConvolutionMode_t *mode = BI_OUT(litdnnConvolutionMode_t);                       \
  litdnnDataType_t *computeType = BI_OUT(litdnnDataType_t)
#define BI_CALL_litdnnGetConvolution2dDescriptor                                         \
  litdnnGetConvolution2dDescriptor(convDesc, pad_h, pad_w, u, v, dilation_h, dilation_w, mode, computeType)
/* pads, strides and dilations are the arrays behind padA, filterStrideA, dilationA */
#define BI_ARGS_litdnnSetConvolutionNdDescriptor                                         \
  litdnnConvolutionDescriptor_t convDesc = W->conv;                                      \
  int arrayLength = 3;                                                                   \
  int pads[LITDNN_CONV_SPATIAL_MAX + 1] = {0, 1, 1}, strides[LITDNN_CONV_SPATIAL_MAX + 1] = {1, 2, 2}, \
      dilations[LITDNN_CONV_SPATIAL_MAX + 1] = {1, 1, 1};                                \
  const int *padA = pads, *filterStrideA = strides, *dilationA = dilations;              \
  litdnnConvolutionMode_t mode = LITDNN_CONVOLUTION;                                     \
  litdnnDataType_t computeType = LITDNN_DATA_DOUBLE
#define BI_CALL_litdnnSetConvolutionNdDescriptor                                         \
  litdnnSetConvolutionNdDescriptor(convDesc, arrayLength, padA, filterStrideA, dilationA, mode, computeType)
#define BI_ARGS_litdnnGetConvolutionNdDescriptor                                         \
  litdnnConvolutionDescriptor_t convDesc = W->conv;                                      \
  int arrayLengthRequested = LITDNN_CONV_SPATIAL_MAX;                                    \
  int *arrayLength = BI_OUT(int);                                                        \
  int *padA = BI_OUTN(int, LITDNN_CONV_SPATIAL_MAX), *strideA = BI_OUTN(int, LITDNN_CONV_SPATIAL_MAX), \
      *dilationA = BI_OUTN(int, LITDNN_CONV_SPATIAL_MAX);                                \
  litdnnConvolutionMode_t *mode = BI_OUT(litdnnConvolutionMode_t);                       \
  litdnnDataType_t *computeType = BI_OUT(litdnnDataType_t)
#define BI_CALL_litdnnGetConvolutionNdDescriptor                                         \
  litdnnGetConvolutionNdDescriptor(convDesc, arrayLengthRequested, arrayLength, padA, strideA, dilationA, \
                                   mode, computeType)
#define BI_ARGS_litdnnSetConvolutionGroupCount                                           \
  litdnnConvolutionDescriptor_t convDesc = W->conv;                                      \
  int groupCount = 3
#define BI_CALL_litdnnSetConvolutionGroupCount litdnnSetConvolutionGroupCount(convDesc, groupCount)
#define BI_ARGS_litdnnGetConvolutionGroupCount                                           \
  litdnnConvolutionDescriptor_t convDesc = W->conv;                                      \
  int *groupCount = BI_OUT(int)
#define BI_CALL_litdnnGetConvolutionGroupCount litdnnGetConvolutionGroupCount(convDesc, groupCount)
#define BI_ARGS_litdnnSetConvolutionMathType                                             \
  litdnnConvolutionDescriptor_t convDesc = W->conv;                                      \
  litdnnMathType_t mathType = LITDNN_MATH_TF32
#define BI_CALL_litdnnSetConvolutionMathType litdnnSetConvolutionMathType(convDesc, mathType)
#define BI_ARGS_litdnnGetConvolutionMathType                                             \
  litdnnConvolutionDescriptor_t convDesc = W->conv;                                      \
  litdnnMathType_t *mathType = BI_OUT(litdnnMathType_t)
#define BI_CALL_litdnnGetConvolutionMathType litdnnGetConvolutionMathType(convDesc, mathType)
#define BI_ARGS_litdnnGetConvolution2dForwardOutputDim                                   \
  litdnnConvolutionDescriptor_t convDesc = W->conv;                                      \
  litdnnTensorDescriptor_t inputTensorDesc = W->cx;                                      \
  litdnnFilterDescriptor_t filterDesc = W->f;                                            \
  int *n = BI_OUT(int), *c = BI_OUT(int), *h = BI_OUT(int), *w = BI_OUT(int)
#define BI_CALL_litdnnGetConvolution2dForwardOutputDim                                   \
  litdnnGetConvolution2dForwardOutputDim(convDesc, inputTensorDesc, filterDesc, n, c, h, w)
#define BI_ARGS_litdnnGetConvolutionNdForwardOutputDim                                   \
  litdnnConvolutionDescriptor_t convDesc = W->conv;                                      \
  litdnnTensorDescriptor_t inputTensorDesc = W->cx;                                      \
  litdnnFilterDescriptor_t filterDesc = W->f;                                            \
  int nbDims = 4;                                                                        \
  int *tensorOutputDimA = BI_OUTN(int, 4)
#define BI_CALL_litdnnGetConvolutionNdForwardOutputDim                                   \
  litdnnGetConvolutionNdForwardOutputDim(convDesc, inputTensorDesc, filterDesc, nbDims, tensorOutputDimA)
#define BI_ARGS_litdnnConvolutionForward                                                 \
  litdnnHandle_t handle = W->h;                                                          \
  const void *alpha = &W->one, *beta = &W->zero;                                         \
  litdnnTensorDescriptor_t xDesc = W->cx, yDesc = W->cy;                                 \
  litdnnFilterDescriptor_t wDesc = W->f;                                                 \
  litdnnConvolutionDescriptor_t convDesc = W->conv;                                      \
  litdnnConvolutionFwdAlgo_t algo = (litdnnConvolutionFwdAlgo_t)bi_fwd_algo(W);          \
  const void *x = W->bx, *w = W->bw;                                                     \
  void *y = W->by;                                                                       \
  void *workSpace = W->bws;                                                              \
  size_t workSpaceSizeInBytes = W->ws_bytes
#define BI_CALL_litdnnConvolutionForward                                                 \
  litdnnConvolutionForward(handle, alpha, xDesc, x, wDesc, w, convDesc, algo, workSpace,                \
                           workSpaceSizeInBytes, beta, yDesc, y)
#define BI_ARGS_litdnnConvolutionBackwardData                                            \
  litdnnHandle_t handle = W->h;                                                          \
  const void *alpha = &W->one, *beta = &W->zero;                                         \
  litdnnFilterDescriptor_t wDesc = W->f;                                                 \
  litdnnTensorDescriptor_t dyDesc = W->cy, dxDesc = W->cx;                               \
  litdnnConvolutionDescriptor_t convDesc = W->conv;                                      \
  litdnnConvolutionBwdDataAlgo_t algo = (litdnnConvolutionBwdDataAlgo_t)bi_bwd_data_algo(W); \
  const void *w = W->bw, *dy = W->bdy;                                                   \
  void *dx = W->bdx;                                                                     \
  void *workSpace = W->bws;                                                              \
  size_t workSpaceSizeInBytes = W->ws_bytes
#define BI_CALL_litdnnConvolutionBackwardData                                            \
  litdnnConvolutionBackwardData(handle, alpha, wDesc, w, dyDesc, dy, convDesc, algo, workSpace,         \
                                workSpaceSizeInBytes, beta, dxDesc, dx)
#define BI_ARGS_litdnnConvolutionBackwardFilter                                          \
  litdnnHandle_t handle = W->h;                                                          \
  const void *alpha = &W->one, *beta = &W->zero;                                         \
  litdnnTensorDescriptor_t xDesc = W->cx, dyDesc = W->cy;                                \
  litdnnFilterDescriptor_t dwDesc = W->f;                                                \
  litdnnConvolutionDescriptor_t convDesc = W->conv;                                      \
  litdnnConvolutionBwdFilterAlgo_t algo = (litdnnConvolutionBwdFilterAlgo_t)bi_bwd_filter_algo(W); \
  const void *x = W->bx, *dy = W->bdy;                                                   \
  void *dw = W->bdw;                                                                     \
  void *workSpace = W->bws;                                                              \
  size_t workSpaceSizeInBytes = W->ws_bytes
#define BI_CALL_litdnnConvolutionBackwardFilter                                          \
  litdnnConvolutionBackwardFilter(handle, alpha, xDesc, x, dyDesc, dy, convDesc, algo, workSpace,       \
                                  workSpaceSizeInBytes, beta, dwDesc, dw)
#define BI_ARGS_litdnnConvolutionBackwardBias                                            \
  litdnnHandle_t handle = W->h;                                                          \
  const void *alpha = &W->one, *beta = &W->zero;                                         \
  litdnnTensorDescriptor_t dyDesc = W->cy, dbDesc = W->cbias;                            \
  const void *dy = W->bdy;                                                               \
  void *db = W->bbias
#define BI_CALL_litdnnConvolutionBackwardBias                                            \
  litdnnConvolutionBackwardBias(handle, alpha, dyDesc, dy, beta, dbDesc, db)
#define BI_ARGS_litdnnGetConvolutionForwardAlgorithmMaxCount                             \
  litdnnHandle_t handle = W->h;                                                          \
  int *count = BI_OUT(int)
#define BI_CALL_litdnnGetConvolutionForwardAlgorithmMaxCount                             \
  litdnnGetConvolutionForwardAlgorithmMaxCount(handle, count)
#define BI_ARGS_litdnnGetConvolutionBackwardDataAlgorithmMaxCount BI_ARGS_litdnnGetConvolutionForwardAlgorithmMaxCount
#define BI_CALL_litdnnGetConvolutionBackwardDataAlgorithmMaxCount                        \
  litdnnGetConvolutionBackwardDataAlgorithmMaxCount(handle, count)
#define BI_ARGS_litdnnGetConvolutionBackwardFilterAlgorithmMaxCount BI_ARGS_litdnnGetConvolutionForwardAlgorithmMaxCount
#define BI_CALL_litdnnGetConvolutionBackwardFilterAlgorithmMaxCount                      \
  litdnnGetConvolutionBackwardFilterAlgorithmMaxCount(handle, count)
#define BI_ARGS_litdnnGetConvolutionForwardAlgorithm                                     \
  litdnnHandle_t handle = W->h;                                                          \
  litdnnTensorDescriptor_t xDesc = W->cx, yDesc = W->cy;                                 \
  litdnnFilterDescriptor_t wDesc = W->f;                                                 \
  litdnnConvolutionDescriptor_t convDesc = W->conv;                                      \
  int requestedAlgoCount = LITDNN_CONVOLUTION_FWD_ALGO_COUNT;                            \
  int *returnedAlgoCount = BI_OUT(int);                                                  \
  litdnnConvolutionFwdAlgoPerf_t *perfResults =                                          \
      BI_OUTN(litdnnConvolutionFwdAlgoPerf_t, LITDNN_CONVOLUTION_FWD_ALGO_COUNT)
#define BI_CALL_litdnnGetConvolutionForwardAlgorithm                                     \
  litdnnGetConvolutionForwardAlgorithm(handle, xDesc, wDesc, convDesc, yDesc, requestedAlgoCount,       \
                                       returnedAlgoCount, perfResults)
#define BI_ARGS_litdnnFindConvolutionForwardAlgorithm                                    \
  BI_ARGS_litdnnGetConvolutionForwardAlgorithm;                                          \
  const void *x = W->bx, *w = W->bw;                                                     \
  void *y = W->by;                                                                       \
  void *workSpace = W->bws;                                                              \
  size_t workSpaceSizeInBytes = W->ws_bytes
#define BI_CALL_litdnnFindConvolutionForwardAlgorithm                                    \
  litdnnFindConvolutionForwardAlgorithm(handle, xDesc, x, wDesc, w, convDesc, yDesc, y, requestedAlgoCount, \
                                        returnedAlgoCount, perfResults, workSpace, workSpaceSizeInBytes)
#define BI_ARGS_litdnnGetConvolutionForwardWorkspaceSize                                 \
  litdnnHandle_t handle = W->h;                                                          \
  litdnnTensorDescriptor_t xDesc = W->cx, yDesc = W->cy;                                 \
  litdnnFilterDescriptor_t wDesc = W->f;                                                 \
  litdnnConvolutionDescriptor_t convDesc = W->conv;                                      \
  litdnnConvolutionFwdAlgo_t algo = LITDNN_CONVOLUTION_FWD_ALGO_GEMM;                    \
  size_t *sizeInBytes = BI_OUT(size_t)
#define BI_CALL_litdnnGetConvolutionForwardWorkspaceSize                                 \
  litdnnGetConvolutionForwardWorkspaceSize(handle, xDesc, wDesc, convDesc, yDesc, algo, sizeInBytes)
#define BI_ARGS_litdnnGetConvolutionBackwardDataAlgorithm                                \
  litdnnHandle_t handle = W->h;                                                          \
  litdnnFilterDescriptor_t wDesc = W->f;                                                 \
  litdnnTensorDescriptor_t dyDesc = W->cy, dxDesc = W->cx;                               \
  litdnnConvolutionDescriptor_t convDesc = W->conv;                                      \
  int requestedAlgoCount = LITDNN_CONVOLUTION_BWD_DATA_ALGO_COUNT;                       \
  int *returnedAlgoCount = BI_OUT(int);                                                  \
  litdnnConvolutionBwdDataAlgoPerf_t *perfResults =                                      \
      BI_OUTN(litdnnConvolutionBwdDataAlgoPerf_t, LITDNN_CONVOLUTION_BWD_DATA_ALGO_COUNT)
#define BI_CALL_litdnnGetConvolutionBackwardDataAlgorithm                                \
  litdnnGetConvolutionBackwardDataAlgorithm(handle, wDesc, dyDesc, convDesc, dxDesc, requestedAlgoCount, \
                                            returnedAlgoCount, perfResults)
#define BI_ARGS_litdnnFindConvolutionBackwardDataAlgorithm                               \
  BI_ARGS_litdnnGetConvolutionBackwardDataAlgorithm;                                     \
  const void *w = W->bw, *dy = W->bdy;                                                   \
  void *dx = W->bdx;                                                                     \
  void *workSpace = W->bws;                                                              \
  size_t workSpaceSizeInBytes = W->ws_bytes
#define BI_CALL_litdnnFindConvolutionBackwardDataAlgorithm                               \
  litdnnFindConvolutionBackwardDataAlgorithm(handle, wDesc, w, dyDesc, dy, convDesc, dxDesc, dx,         \
                                             requestedAlgoCount, returnedAlgoCount, perfResults, workSpace, \
                                             workSpaceSizeInBytes)
#define BI_ARGS_litdnnGetConvolutionBackwardDataWorkspaceSize                            \
  litdnnHandle_t handle = W->h;                                                          \
  litdnnFilterDescriptor_t wDesc = W->f;                                                 \
  litdnnTensorDescriptor_t dyDesc = W->cy, dxDesc = W->cx;                               \
  litdnnConvolutionDescriptor_t convDesc = W->conv;                                      \
  litdnnConvolutionBwdDataAlgo_t algo = LITDNN_CONVOLUTION_BWD_DATA_ALGO_GEMM;           \
  size_t *sizeInBytes = BI_OUT(size_t)
#define BI_CALL_litdnnGetConvolutionBackwardDataWorkspaceSize                            \
  litdnnGetConvolutionBackwardDataWorkspaceSize(handle, wDesc, dyDesc, convDesc, dxDesc, algo, sizeInBytes)
#define BI_ARGS_litdnnGetConvolutionBackwardFilterAlgorithm                              \
  litdnnHandle_t handle = W->h;                                                          \
  litdnnTensorDescriptor_t xDesc = W->cx, dyDesc = W->cy;                                \
  litdnnConvolutionDescriptor_t convDesc = W->conv;                                      \
  litdnnFilterDescriptor_t dwDesc = W->f;                                                \
  int requestedAlgoCount = LITDNN_CONVOLUTION_BWD_FILTER_ALGO_COUNT;                     \
  int *returnedAlgoCount = BI_OUT(int);                                                  \
  litdnnConvolutionBwdFilterAlgoPerf_t *perfResults =                                    \
      BI_OUTN(litdnnConvolutionBwdFilterAlgoPerf_t, LITDNN_CONVOLUTION_BWD_FILTER_ALGO_COUNT)
#define BI_CALL_litdnnGetConvolutionBackwardFilterAlgorithm                              \
  litdnnGetConvolutionBackwardFilterAlgorithm(handle, xDesc, dyDesc, convDesc, dwDesc, requestedAlgoCount, \
                                              returnedAlgoCount, perfResults)
#define BI_ARGS_litdnnFindConvolutionBackwardFilterAlgorithm                             \
  BI_ARGS_litdnnGetConvolutionBackwardFilterAlgorithm;                                   \
  const void *x = W->bx, *dy = W->bdy;                                                   \
  void *dw = W->bdw;                                                                     \
  void *workSpace = W->bws;                                                              \
  size_t workSpaceSizeInBytes = W->ws_bytes
#define BI_CALL_litdnnFindConvolutionBackwardFilterAlgorithm                             \
  litdnnFindConvolutionBackwardFilterAlgorithm(handle, xDesc, x, dyDesc, dy, convDesc, dwDesc, dw,       \
                                               requestedAlgoCount, returnedAlgoCount, perfResults,       \
                                               workSpace, workSpaceSizeInBytes)
#define BI_ARGS_litdnnGetConvolutionBackwardFilterWorkspaceSize                          \
  litdnnHandle_t handle = W->h;                                                          \
  litdnnTensorDescriptor_t xDesc = W->cx, dyDesc = W->cy;                                \
  litdnnConvolutionDescriptor_t convDesc = W->conv;                                      \
  litdnnFilterDescriptor_t dwDesc = W->f;                                                \
  litdnnConvolutionBwdFilterAlgo_t algo = LITDNN_CONVOLUTION_BWD_FILTER_ALGO_GEMM;       \
  size_t *sizeInBytes = BI_OUT(size_t)
#define BI_CALL_litdnnGetConvolutionBackwardFilterWorkspaceSize                          \
  litdnnGetConvolutionBackwardFilterWorkspaceSize(handle, xDesc, dyDesc, convDesc, dwDesc, algo, sizeInBytes)
#define BI_ARGS_litdnnConvolutionBiasActivationForward                                   \
  litdnnHandle_t handle = W->h;                                                          \
  const void *alpha1 = &W->one, *alpha2 = &W->one;                                       \
  litdnnTensorDescriptor_t xDesc = W->cx, zDesc = W->cy, biasDesc = W->cbias, yDesc = W->cy; \
  litdnnFilterDescriptor_t wDesc = W->f;                                                 \
  litdnnConvolutionDescriptor_t convDesc = W->conv;                                      \
  litdnnConvolutionFwdAlgo_t algo = (litdnnConvolutionFwdAlgo_t)bi_fwd_algo(W);          \
  void *workSpace = W->bws;                                                              \
  size_t workSpaceSizeInBytes = W->ws_bytes;                                             \
  litdnnActivationDescriptor_t activationDesc = W->act;                                  \
  const void *x = W->bx, *w = W->bw, *z = W->bz, *bias = W->bbias;                       \
  void *y = W->by
#define BI_CALL_litdnnConvolutionBiasActivationForward                                   \
  litdnnConvolutionBiasActivationForward(handle, alpha1, xDesc, x, wDesc, w, convDesc, algo, workSpace, \
                                         workSpaceSizeInBytes, alpha2, zDesc, z, biasDesc, bias,        \
                                         activationDesc, yDesc, y)

/* litdnn/pooling.h: 2x2 max pooling, stride 2, of t (2x3x4x5) into 2x3x2x2 */
#define BI_ARGS_litdnnCreatePoolingDescriptor litdnnPoolingDescriptor_t *desc = BI_OUT(litdnnPoolingDescriptor_t)
#define BI_CALL_litdnnCreatePoolingDescriptor litdnnCreatePoolingDescriptor(desc)
#define BI_ARGS_litdnnDestroyPoolingDescriptor litdnnPoolingDescriptor_t desc = NULL
#define BI_CALL_litdnnDestroyPoolingDescriptor litdnnDestroyPoolingDescriptor(desc)
#define BI_ARGS_litdnnSetPooling2dDescriptor                                             \
  litdnnPoolingDescriptor_t desc = W->pool;                                              \
  litdnnPoolingMode_t mode = LITDNN_POOLING_AVERAGE_COUNT_INCLUDE_PADDING;               \
  litdnnNanPropagation_t maxpoolingNanOpt = LITDNN_PROPAGATE_NAN;                        \
  int windowHeight = 3, windowWidth = 3, verticalPadding = 1, horizontalPadding = 1;     \
  int verticalStride = 1, horizontalStride = 1
#define BI_CALL_litdnnSetPooling2dDescriptor                                             \
  litdnnSetPooling2dDescriptor(desc, mode, maxpoolingNanOpt, windowHeight, windowWidth, verticalPadding, \
                               horizontalPadding, verticalStride, horizontalStride)
/* windows, pads and strides are the arrays behind windowDimA, paddingA, strideA */
#define BI_ARGS_litdnnSetPoolingNdDescriptor                                             \
  litdnnPoolingDescriptor_t desc = W->pool;                                              \
  litdnnPoolingMode_t mode = LITDNN_POOLING_AVERAGE_COUNT_EXCLUDE_PADDING;               \
  litdnnNanPropagation_t maxpoolingNanOpt = LITDNN_PROPAGATE_NAN;                        \
  int nbDims = 3;                                                                        \
  int windows[4] = {2, 3, 3}, pads[4] = {0, 1, 1}, strides[4] = {1, 2, 2};               \
  const int *windowDimA = windows, *paddingA = pads, *strideA = strides
#define BI_CALL_litdnnSetPoolingNdDescriptor                                             \
  litdnnSetPoolingNdDescriptor(desc, mode, maxpoolingNanOpt, nbDims, windowDimA, paddingA, strideA)
#define BI_ARGS_litdnnGetPooling2dDescriptor                                             \
  litdnnPoolingDescriptor_t desc = W->pool;                                              \
  litdnnPoolingMode_t *mode = BI_OUT(litdnnPoolingMode_t);                               \
  litdnnNanPropagation_t *maxpoolingNanOpt = BI_OUT(litdnnNanPropagation_t);             \
  int *windowHeight = BI_OUT(int), *windowWidth = BI_OUT(int);                           \
  int *verticalPadding = BI_OUT(int), *horizontalPadding = BI_OUT(int);                  \
  int *verticalStride = BI_OUT(int), *horizontalStride = BI_OUT(int)
#define BI_CALL_litdnnGetPooling2dDescriptor                                             \
  litdnnGetPooling2dDescriptor(desc, mode, maxpoolingNanOpt, windowHeight, windowWidth, verticalPadding, \
                               horizontalPadding, verticalStride, horizontalStride)
#define BI_ARGS_litdnnGetPoolingNdDescriptor                                             \
  litdnnPoolingDescriptor_t desc = W->pool;                                              \
  int nbDimsRequested = 3;                                                               \
  litdnnPoolingMode_t *mode = BI_OUT(litdnnPoolingMode_t);                               \
  litdnnNanPropagation_t *maxpoolingNanOpt = BI_OUT(litdnnNanPropagation_t);             \
  int *nbDims = BI_OUT(int);                                                             \
  int *windowDimA = BI_OUTN(int, 3), *paddingA = BI_OUTN(int, 3), *strideA = BI_OUTN(int, 3)
#define BI_CALL_litdnnGetPoolingNdDescriptor                                             \
  litdnnGetPoolingNdDescriptor(desc, nbDimsRequested, mode, maxpoolingNanOpt, nbDims, windowDimA, paddingA, \
                               strideA)
#define BI_ARGS_litdnnGetPooling2dForwardOutputDim                                       \
  litdnnPoolingDescriptor_t desc = W->pool;                                              \
  litdnnTensorDescriptor_t inputDesc = W->t;                                             \
  int *n = BI_OUT(int), *c = BI_OUT(int), *h = BI_OUT(int), *w = BI_OUT(int)
#define BI_CALL_litdnnGetPooling2dForwardOutputDim litdnnGetPooling2dForwardOutputDim(desc, inputDesc, n, c, h, w)
#define BI_ARGS_litdnnGetPoolingNdForwardOutputDim                                       \
  litdnnPoolingDescriptor_t desc = W->pool;                                              \
  litdnnTensorDescriptor_t inputDesc = W->t;                                             \
  int nbDims = 4;                                                                        \
  int *outputTensorDimA = BI_OUTN(int, 4)
#define BI_CALL_litdnnGetPoolingNdForwardOutputDim                                       \
  litdnnGetPoolingNdForwardOutputDim(desc, inputDesc, nbDims, outputTensorDimA)
#define BI_ARGS_litdnnPoolingForward                                                     \
  litdnnHandle_t handle = W->h;                                                          \
  litdnnPoolingDescriptor_t desc = W->pool;                                              \
  const void *alpha = &W->one, *beta = &W->zero;                                         \
  litdnnTensorDescriptor_t xDesc = W->t, yDesc = W->pool_y;                              \
  const void *x = W->bx;                                                                 \
  void *y = W->by
#define BI_CALL_litdnnPoolingForward litdnnPoolingForward(handle, desc, alpha, xDesc, x, beta, yDesc, y)
#define BI_ARGS_litdnnPoolingBackward                                                    \
  litdnnHandle_t handle = W->h;                                                          \
  litdnnPoolingDescriptor_t desc = W->pool;                                              \
  const void *alpha = &W->one, *beta = &W->zero;                                         \
  litdnnTensorDescriptor_t yDesc = W->pool_y, dyDesc = W->pool_y, xDesc = W->t, dxDesc = W->t; \
  const void *y = W->by, *dy = W->bdy, *x = W->bx;                                       \
  void *dx = W->bdx
#define BI_CALL_litdnnPoolingBackward                                                    \
  litdnnPoolingBackward(handle, desc, alpha, yDesc, y, dyDesc, dy, xDesc, x, beta, dxDesc, dx)

/* litdnn/softmax.h */
#define BI_ARGS_litdnnSoftmaxForward                                                     \
  litdnnHandle_t handle = W->h;                                                          \
  litdnnSoftmaxAlgorithm_t algo = LITDNN_SOFTMAX_ACCURATE;                               \
  litdnnSoftmaxMode_t mode = LITDNN_SOFTMAX_MODE_CHANNEL;                                \
  const void *alpha = &W->one, *beta = &W->zero;                                         \
  litdnnTensorDescriptor_t xDesc = W->t, yDesc = W->t;                                   \
  const void *x = W->bx;                                                                 \
  void *y = W->by
#define BI_CALL_litdnnSoftmaxForward litdnnSoftmaxForward(handle, algo, mode, alpha, xDesc, x, beta, yDesc, y)
#define BI_ARGS_litdnnSoftmaxBackward                                                    \
  litdnnHandle_t handle = W->h;                                                          \
  litdnnSoftmaxAlgorithm_t algo = LITDNN_SOFTMAX_ACCURATE;                               \
  litdnnSoftmaxMode_t mode = LITDNN_SOFTMAX_MODE_CHANNEL;                                \
  const void *alpha = &W->one, *beta = &W->zero;                                         \
  litdnnTensorDescriptor_t yDesc = W->t, dyDesc = W->t, dxDesc = W->t;                   \
  const void *y = W->by, *dy = W->bdy;                                                   \
  void *dx = W->bdx
#define BI_CALL_litdnnSoftmaxBackward                                                    \
  litdnnSoftmaxBackward(handle, algo, mode, alpha, yDesc, y, dyDesc, dy, beta, dxDesc, dx)

/* litdnn/batchnorm.h: spatial batch normalization of t (2x3x4x5), per-channel tensors 1x3x1x1 */
#define BI_ARGS_litdnnDeriveBNTensorDescriptor                                           \
  litdnnTensorDescriptor_t derivedBnDesc = W->t_bn, xDesc = W->t;                        \
  litdnnBatchNormMode_t mode = LITDNN_BATCHNORM_PER_ACTIVATION
#define BI_CALL_litdnnDeriveBNTensorDescriptor litdnnDeriveBNTensorDescriptor(derivedBnDesc, xDesc, mode)
#define BI_ARGS_litdnnBatchNormalizationForwardTraining                                  \
  litdnnHandle_t handle = W->h;                                                          \
  litdnnBatchNormMode_t mode = LITDNN_BATCHNORM_SPATIAL;                                 \
  const void *alpha = &W->one, *beta = &W->zero;                                         \
  litdnnTensorDescriptor_t xDesc = W->t, yDesc = W->t, bnScaleBiasMeanVarDesc = W->t_bn; \
  const void *x = W->bx, *bnScale = W->bscale, *bnBias = W->bbnbias;                     \
  void *y = W->by;                                                                       \
  double exponentialAverageFactor = 0.1, epsilon = 1e-5;                                 \
  void *resultRunningMean = W->bmean, *resultRunningVariance = W->bvar;                  \
  void *resultSaveMean = W->bsmean, *resultSaveInvVariance = W->bsvar
#define BI_CALL_litdnnBatchNormalizationForwardTraining                                  \
  litdnnBatchNormalizationForwardTraining(handle, mode, alpha, beta, xDesc, x, yDesc, y,                \
                                          bnScaleBiasMeanVarDesc, bnScale, bnBias, exponentialAverageFactor, \
                                          resultRunningMean, resultRunningVariance, epsilon, resultSaveMean, \
                                          resultSaveInvVariance)
#define BI_ARGS_litdnnBatchNormalizationForwardInference                                 \
  litdnnHandle_t handle = W->h;                                                          \
  litdnnBatchNormMode_t mode = LITDNN_BATCHNORM_SPATIAL;                                 \
  const void *alpha = &W->one, *beta = &W->zero;                                         \
  litdnnTensorDescriptor_t xDesc = W->t, yDesc = W->t, bnScaleBiasMeanVarDesc = W->t_bn; \
  const void *x = W->bx, *bnScale = W->bscale, *bnBias = W->bbnbias;                     \
  const void *estimatedMean = W->bmean, *estimatedVariance = W->bvar;                    \
  void *y = W->by;                                                                       \
  double epsilon = 1e-5
#define BI_CALL_litdnnBatchNormalizationForwardInference                                 \
  litdnnBatchNormalizationForwardInference(handle, mode, alpha, beta, xDesc, x, yDesc, y,               \
                                           bnScaleBiasMeanVarDesc, bnScale, bnBias, estimatedMean,      \
                                           estimatedVariance, epsilon)
#define BI_ARGS_litdnnBatchNormalizationBackward                                         \
  litdnnHandle_t handle = W->h;                                                          \
  litdnnBatchNormMode_t mode = LITDNN_BATCHNORM_SPATIAL;                                 \
  const void *alphaDataDiff = &W->one, *betaDataDiff = &W->zero;                         \
  const void *alphaParamDiff = &W->one, *betaParamDiff = &W->zero;                       \
  litdnnTensorDescriptor_t xDesc = W->t, dyDesc = W->t, dxDesc = W->t, dBnScaleBiasDesc = W->t_bn; \
  const void *x = W->bx, *dy = W->bdy, *bnScale = W->bscale;                             \
  void *dx = W->bdx, *dBnScaleResult = W->bdscale, *dBnBiasResult = W->bdbias;           \
  double epsilon = 1e-5;                                                                 \
  const void *savedMean = W->bsmean, *savedInvVariance = W->bsvar
#define BI_CALL_litdnnBatchNormalizationBackward                                         \
  litdnnBatchNormalizationBackward(handle, mode, alphaDataDiff, betaDataDiff, alphaParamDiff, betaParamDiff, \
                                   xDesc, x, dyDesc, dy, dxDesc, dx, dBnScaleBiasDesc, bnScale,          \
                                   dBnScaleResult, dBnBiasResult, epsilon, savedMean, savedInvVariance)

/* litdnn/lrn.h */
#define BI_ARGS_litdnnCreateLRNDescriptor litdnnLRNDescriptor_t *normDesc = BI_OUT(litdnnLRNDescriptor_t)
#define BI_CALL_litdnnCreateLRNDescriptor litdnnCreateLRNDescriptor(normDesc)
#define BI_ARGS_litdnnDestroyLRNDescriptor litdnnLRNDescriptor_t normDesc = NULL
#define BI_CALL_litdnnDestroyLRNDescriptor litdnnDestroyLRNDescriptor(normDesc)
#define BI_ARGS_litdnnSetLRNDescriptor                                                   \
  litdnnLRNDescriptor_t normDesc = W->lrn;                                               \
  unsigned lrnN = 3;                                                                     \
  double lrnAlpha = 2e-4, lrnBeta = 0.5, lrnK = 1.0
#define BI_CALL_litdnnSetLRNDescriptor litdnnSetLRNDescriptor(normDesc, lrnN, lrnAlpha, lrnBeta, lrnK)
#define BI_ARGS_litdnnGetLRNDescriptor                                                   \
  litdnnLRNDescriptor_t normDesc = W->lrn;                                               \
  unsigned *lrnN = BI_OUT(unsigned);                                                     \
  double *lrnAlpha = BI_OUT(double), *lrnBeta = BI_OUT(double), *lrnK = BI_OUT(double)
#define BI_CALL_litdnnGetLRNDescriptor litdnnGetLRNDescriptor(normDesc, lrnN, lrnAlpha, lrnBeta, lrnK)
#define BI_ARGS_litdnnLRNCrossChannelForward                                             \
  litdnnHandle_t handle = W->h;                                                          \
  litdnnLRNDescriptor_t normDesc = W->lrn;                                               \
  litdnnLRNMode_t lrnMode = LITDNN_LRN_CROSS_CHANNEL_DIM1;                               \
  const void *alpha = &W->one, *beta = &W->zero;                                         \
  litdnnTensorDescriptor_t xDesc = W->t, yDesc = W->t;                                   \
  const void *x = W->bx;                                                                 \
  void *y = W->by
#define BI_CALL_litdnnLRNCrossChannelForward                                             \
  litdnnLRNCrossChannelForward(handle, normDesc, lrnMode, alpha, xDesc, x, beta, yDesc, y)
#define BI_ARGS_litdnnLRNCrossChannelBackward                                            \
  litdnnHandle_t handle = W->h;                                                          \
  litdnnLRNDescriptor_t normDesc = W->lrn;                                               \
  litdnnLRNMode_t lrnMode = LITDNN_LRN_CROSS_CHANNEL_DIM1;                               \
  const void *alpha = &W->one, *beta = &W->zero;                                         \
  litdnnTensorDescriptor_t yDesc = W->t, dyDesc = W->t, xDesc = W->t, dxDesc = W->t;     \
  const void *y = W->by, *dy = W->bdy, *x = W->bx;                                       \
  void *dx = W->bdx
#define BI_CALL_litdnnLRNCrossChannelBackward                                            \
  litdnnLRNCrossChannelBackward(handle, normDesc, lrnMode, alpha, yDesc, y, dyDesc, dy, xDesc, x, beta, \
                                dxDesc, dx)

/* litdnn/dropout.h */
#define BI_ARGS_litdnnCreateDropoutDescriptor                                            \
  litdnnDropoutDescriptor_t *dropoutDesc = BI_OUT(litdnnDropoutDescriptor_t)
#define BI_CALL_litdnnCreateDropoutDescriptor litdnnCreateDropoutDescriptor(dropoutDesc)
#define BI_ARGS_litdnnDestroyDropoutDescriptor litdnnDropoutDescriptor_t dropoutDesc = NULL
#define BI_CALL_litdnnDestroyDropoutDescriptor litdnnDestroyDropoutDescriptor(dropoutDesc)
#define BI_ARGS_litdnnDropoutGetStatesSize                                               \
  litdnnHandle_t handle = W->h;                                                          \
  size_t *sizeInBytes = BI_OUT(size_t)
#define BI_CALL_litdnnDropoutGetStatesSize litdnnDropoutGetStatesSize(handle, sizeInBytes)
#define BI_ARGS_litdnnDropoutGetReserveSpaceSize                                         \
  litdnnTensorDescriptor_t xDesc = W->t;                                                 \
  size_t *sizeInBytes = BI_OUT(size_t)
#define BI_CALL_litdnnDropoutGetReserveSpaceSize litdnnDropoutGetReserveSpaceSize(xDesc, sizeInBytes)
#define BI_ARGS_litdnnSetDropoutDescriptor                                               \
  litdnnDropoutDescriptor_t dropoutDesc = W->drop;                                       \
  litdnnHandle_t handle = W->h;                                                          \
  float dropout = 0.25f;                                                                 \
  void *states = W->bstates;                                                             \
  size_t stateSizeInBytes = W->states_bytes;                                             \
  unsigned long long seed = 99
#define BI_CALL_litdnnSetDropoutDescriptor                                               \
  litdnnSetDropoutDescriptor(dropoutDesc, handle, dropout, states, stateSizeInBytes, seed)
#define BI_ARGS_litdnnGetDropoutDescriptor                                               \
  litdnnDropoutDescriptor_t dropoutDesc = W->drop;                                       \
  litdnnHandle_t handle = W->h;                                                          \
  float *dropout = BI_OUT(float);                                                        \
  void **states = BI_OUT(void *);                                                        \
  unsigned long long *seed = BI_OUT(unsigned long long)
#define BI_CALL_litdnnGetDropoutDescriptor litdnnGetDropoutDescriptor(dropoutDesc, handle, dropout, states, seed)
#define BI_ARGS_litdnnDropoutForward                                                     \
  litdnnHandle_t handle = W->h;                                                          \
  litdnnDropoutDescriptor_t dropoutDesc = W->drop;                                       \
  litdnnTensorDescriptor_t xDesc = W->t, yDesc = W->t;                                   \
  const void *x = W->bx;                                                                 \
  void *y = W->by;                                                                       \
  void *reserveSpace = W->breserve;                                                      \
  size_t reserveSpaceSizeInBytes = W->reserve_bytes
#define BI_CALL_litdnnDropoutForward                                                     \
  litdnnDropoutForward(handle, dropoutDesc, xDesc, x, yDesc, y, reserveSpace, reserveSpaceSizeInBytes)
#define BI_ARGS_litdnnDropoutBackward                                                    \
  litdnnHandle_t handle = W->h;                                                          \
  litdnnDropoutDescriptor_t dropoutDesc = W->drop;                                       \
  litdnnTensorDescriptor_t dyDesc = W->t, dxDesc = W->t;                                 \
  const void *dy = W->bdy;                                                               \
  void *dx = W->bdx;                                                                     \
  void *reserveSpace = W->breserve;                                                      \
  size_t reserveSpaceSizeInBytes = W->reserve_bytes
#define BI_CALL_litdnnDropoutBackward                                                    \
  litdnnDropoutBackward(handle, dropoutDesc, dyDesc, dy, dxDesc, dx, reserveSpace, reserveSpaceSizeInBytes)

/* litdnn/rnn.h: a valid set call changes every field it can (only FLOAT
   is computed); the three passes run rnn on rx, ry, rh in training mode */
#define BI_ARGS_litdnnCreateRNNDescriptor litdnnRNNDescriptor_t *rnnDesc = BI_OUT(litdnnRNNDescriptor_t)
#define BI_CALL_litdnnCreateRNNDescriptor litdnnCreateRNNDescriptor(rnnDesc)
#define BI_ARGS_litdnnDestroyRNNDescriptor litdnnRNNDescriptor_t rnnDesc = NULL
#define BI_CALL_litdnnDestroyRNNDescriptor litdnnDestroyRNNDescriptor(rnnDesc)
#define BI_ARGS_litdnnSetRNNDescriptor                                                   \
  litdnnRNNDescriptor_t rnnDesc = W->rnn;                                                \
  litdnnRNNAlgo_t algo = LITDNN_RNN_ALGO_PERSIST_STATIC;                                 \
  litdnnRNNMode_t cellMode = LITDNN_GRU;                                                 \
  litdnnRNNBiasMode_t biasMode = LITDNN_RNN_SINGLE_INP_BIAS;                             \
  litdnnDirectionMode_t dirMode = LITDNN_BIDIRECTIONAL;                                  \
  litdnnRNNInputMode_t inputMode = LITDNN_SKIP_INPUT;                                    \
  litdnnDataType_t dataType = LITDNN_DATA_FLOAT, mathPrec = LITDNN_DATA_FLOAT;           \
  litdnnMathType_t mathType = LITDNN_MATH_TF32;                                          \
  int32_t inputSize = 5, hiddenSize = 5, projSize = 5, numLayers = 2;                    \
  litdnnDropoutDescriptor_t dropoutDesc = W->drop;                                       \
  uint32_t auxFlags = LITDNN_RNN_PADDED_IO_ENABLED
#define BI_CALL_litdnnSetRNNDescriptor                                                   \
  litdnnSetRNNDescriptor(rnnDesc, algo, cellMode, biasMode, dirMode, inputMode, dataType, mathPrec, mathType, \
                         inputSize, hiddenSize, projSize, numLayers, dropoutDesc, auxFlags)
#define BI_ARGS_litdnnGetRNNDescriptor                                                   \
  litdnnRNNDescriptor_t rnnDesc = W->rnn;                                                \
  litdnnRNNAlgo_t *algo = BI_OUT(litdnnRNNAlgo_t);                                       \
  litdnnRNNMode_t *cellMode = BI_OUT(litdnnRNNMode_t);                                   \
  litdnnRNNBiasMode_t *biasMode = BI_OUT(litdnnRNNBiasMode_t);                           \
  litdnnDirectionMode_t *dirMode = BI_OUT(litdnnDirectionMode_t);                        \
  litdnnRNNInputMode_t *inputMode = BI_OUT(litdnnRNNInputMode_t);                        \
  litdnnDataType_t *dataType = BI_OUT(litdnnDataType_t), *mathPrec = BI_OUT(litdnnDataType_t); \
  litdnnMathType_t *mathType = BI_OUT(litdnnMathType_t);                                 \
  int32_t *inputSize = BI_OUT(int32_t), *hiddenSize = BI_OUT(int32_t), *projSize = BI_OUT(int32_t), \
          *numLayers = BI_OUT(int32_t);                                                  \
  litdnnDropoutDescriptor_t *dropoutDesc = BI_OUT(litdnnDropoutDescriptor_t);            \
  uint32_t *auxFlags = BI_OUT(uint32_t)
#define BI_CALL_litdnnGetRNNDescriptor                                                   \
  litdnnGetRNNDescriptor(rnnDesc, algo, cellMode, biasMode, dirMode, inputMode, dataType, mathPrec, mathType, \
                         inputSize, hiddenSize, projSize, numLayers, dropoutDesc, auxFlags)
#define BI_ARGS_litdnnCreateRNNDataDescriptor                                            \
  litdnnRNNDataDescriptor_t *rnnDataDesc = BI_OUT(litdnnRNNDataDescriptor_t)
#define BI_CALL_litdnnCreateRNNDataDescriptor litdnnCreateRNNDataDescriptor(rnnDataDesc)
#define BI_ARGS_litdnnDestroyRNNDataDescriptor litdnnRNNDataDescriptor_t rnnDataDesc = NULL
#define BI_CALL_litdnnDestroyRNNDataDescriptor litdnnDestroyRNNDataDescriptor(rnnDataDesc)
#define BI_ARGS_litdnnSetRNNDataDescriptor                                               \
  litdnnRNNDataDescriptor_t rnnDataDesc = W->rx;                                         \
  litdnnDataType_t dataType = LITDNN_DATA_FLOAT;                                         \
  litdnnRNNDataLayout_t layout = LITDNN_RNN_DATA_LAYOUT_BATCH_MAJOR_UNPACKED;            \
  int maxSeqLength = 4, batchSize = 3, vectorSize = 7;                                   \
  int *seqLengthArray = (int[]){1, 4, 2};                                                \
  void *paddingFill = &W->two
#define BI_CALL_litdnnSetRNNDataDescriptor                                               \
  litdnnSetRNNDataDescriptor(rnnDataDesc, dataType, layout, maxSeqLength, batchSize, vectorSize, seqLengthArray, \
                             paddingFill)
#define BI_ARGS_litdnnGetRNNDataDescriptor                                               \
  litdnnRNNDataDescriptor_t rnnDataDesc = W->rx;                                         \
  litdnnDataType_t *dataType = BI_OUT(litdnnDataType_t);                                 \
  litdnnRNNDataLayout_t *layout = BI_OUT(litdnnRNNDataLayout_t);                         \
  int *maxSeqLength = BI_OUT(int), *batchSize = BI_OUT(int), *vectorSize = BI_OUT(int);  \
  int arrayLengthRequested = 8;                                                          \
  int *seqLengthArray = BI_OUTN(int, 8);                                                 \
  void *paddingFill = BI_OUT(float)
#define BI_CALL_litdnnGetRNNDataDescriptor                                               \
  litdnnGetRNNDataDescriptor(rnnDataDesc, dataType, layout, maxSeqLength, batchSize, vectorSize, \
                             arrayLengthRequested, seqLengthArray, paddingFill)
#define BI_ARGS_litdnnGetRNNWeightSpaceSize                                              \
  litdnnHandle_t handle = W->h;                                                          \
  litdnnRNNDescriptor_t rnnDesc = W->rnn;                                                \
  size_t *weightSpaceSize = BI_OUT(size_t)
#define BI_CALL_litdnnGetRNNWeightSpaceSize litdnnGetRNNWeightSpaceSize(handle, rnnDesc, weightSpaceSize)
#define BI_ARGS_litdnnGetRNNWeightParams                                                 \
  litdnnHandle_t handle = W->h;                                                          \
  litdnnRNNDescriptor_t rnnDesc = W->rnn;                                                \
  int32_t pseudoLayer = 0;                                                               \
  size_t weightSpaceSize = W->rnn_weight_bytes;                                          \
  const void *weightSpace = W->bw;                                                       \
  int32_t linLayerID = 5;                                                                \
  litdnnTensorDescriptor_t mDesc = W->rm, bDesc = W->rb;                                 \
  void **mAddr = BI_OUT(void *), **bAddr = BI_OUT(void *)
#define BI_CALL_litdnnGetRNNWeightParams                                                 \
  litdnnGetRNNWeightParams(handle, rnnDesc, pseudoLayer, weightSpaceSize, weightSpace, linLayerID, mDesc, mAddr, \
                           bDesc, bAddr)
#define BI_ARGS_litdnnGetRNNTempSpaceSizes                                               \
  litdnnHandle_t handle = W->h;                                                          \
  litdnnRNNDescriptor_t rnnDesc = W->rnn;                                                \
  litdnnForwardMode_t fwdMode = LITDNN_FWD_MODE_TRAINING;                                \
  litdnnRNNDataDescriptor_t xDesc = W->rx;                                               \
  size_t *workSpaceSize = BI_OUT(size_t), *reserveSpaceSize = BI_OUT(size_t)
#define BI_CALL_litdnnGetRNNTempSpaceSizes                                               \
  litdnnGetRNNTempSpaceSizes(handle, rnnDesc, fwdMode, xDesc, workSpaceSize, reserveSpaceSize)
/* what the three passes share */
#define BI_RNN_ARGS_                                                                     \
  litdnnHandle_t handle = W->h;                                                          \
  litdnnRNNDescriptor_t rnnDesc = W->rnn;                                                \
  const int32_t *devSeqLengths = NULL;                                                   \
  litdnnRNNDataDescriptor_t xDesc = W->rx, yDesc = W->ry;                                \
  litdnnTensorDescriptor_t hDesc = W->rh, cDesc = W->rh;                                 \
  size_t weightSpaceSize = W->rnn_weight_bytes, workSpaceSize = W->rnn_ws_bytes,         \
         reserveSpaceSize = W->rnn_reserve_bytes;                                        \
  void *workSpace = W->bws, *reserveSpace = W->breserve
#define BI_ARGS_litdnnRNNForward                                                         \
  BI_RNN_ARGS_;                                                                          \
  litdnnForwardMode_t fwdMode = LITDNN_FWD_MODE_TRAINING;                                \
  const void *x = W->bx, *hx = W->bz, *cx = W->bbias, *weightSpace = W->bw;              \
  void *y = W->by, *hy = W->bdx, *cy = W->bdw
#define BI_CALL_litdnnRNNForward                                                         \
  litdnnRNNForward(handle, rnnDesc, fwdMode, devSeqLengths, xDesc, x, yDesc, y, hDesc, hx, hy, cDesc, cx, cy, \
                   weightSpaceSize, weightSpace, workSpaceSize, workSpace, reserveSpaceSize, reserveSpace)
#define BI_ARGS_litdnnRNNBackwardData                                                    \
  BI_RNN_ARGS_;                                                                          \
  const void *y = W->by, *dy = W->bdy, *hx = W->bz, *dhy = W->bscale, *cx = W->bbias, *dcy = W->bbnbias, \
             *weightSpace = W->bw;                                                       \
  void *dx = W->bdx, *dhx = W->bmean, *dcx = W->bvar
#define BI_CALL_litdnnRNNBackwardData                                                    \
  litdnnRNNBackwardData(handle, rnnDesc, devSeqLengths, yDesc, y, dy, xDesc, dx, hDesc, hx, dhy, dhx, cDesc, cx, \
                        dcy, dcx, weightSpaceSize, weightSpace, workSpaceSize, workSpace, reserveSpaceSize,  \
                        reserveSpace)
#define BI_ARGS_litdnnRNNBackwardWeights                                                 \
  BI_RNN_ARGS_;                                                                          \
  litdnnWgradMode_t addGrad = LITDNN_WGRAD_MODE_ADD;                                     \
  const void *x = W->bx, *hx = W->bz, *y = W->by;                                        \
  void *dweightSpace = W->bdw;                                                           \
  (void)cDesc
#define BI_CALL_litdnnRNNBackwardWeights                                                 \
  litdnnRNNBackwardWeights(handle, rnnDesc, addGrad, devSeqLengths, xDesc, x, hDesc, hx, yDesc, y, \
                           weightSpaceSize, dweightSpace, workSpaceSize, workSpace, reserveSpaceSize, reserveSpace)

#endif
