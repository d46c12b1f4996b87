/* The elementwise operation behind SetTensor, ScaleTensor, AddTensor,
   OpTensor and TransformTensor (internal). */
#ifndef LITDNN_TENSOR_OPS_INTERNAL_H
#define LITDNN_TENSOR_OPS_INTERNAL_H
#include "core/internal.h"
#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  LITDNN_EW_CONST = 0,  /* f = alpha1 (SetTensor); reads no input */
  LITDNN_EW_COPY,       /* f = alpha1 a (Scale, Add, Transform) */
  LITDNN_EW_ADD,        /* f = alpha1 a + alpha2 b, and so on: OpTensor */
  LITDNN_EW_MUL,
  LITDNN_EW_MIN,
  LITDNN_EW_MAX,
  LITDNN_EW_SQRT,
  LITDNN_EW_NOT
} litdnn_ew_fn;
#define LITDNN_EW_READS_A(fn) ((fn) != LITDNN_EW_CONST)
#define LITDNN_EW_READS_B(fn) ((fn) >= LITDNN_EW_ADD && (fn) <= LITDNN_EW_MAX)
typedef struct litdnn_ew {
  int fn;              /* a litdnn_ew_fn */
  int propagate_nan;   /* MIN and MAX: NaN wins (1) or loses (0) */
  int nbDims;
  int64_t count;       /* elements of the output */
  int64_t dims[LITDNN_DIM_MAX];
  int64_t cs[LITDNN_DIM_MAX], as[LITDNN_DIM_MAX], bs[LITDNN_DIM_MAX]; /* strides, 0 = broadcast */
  float alpha1, alpha2, beta;
  const float *a, *b;
  float *c;
  const char *call;    /* for messages */
} litdnn_ew;
static inline int litdnn_ew_is_flat(const litdnn_ew *p)
{
  return p->nbDims == 1 && p->cs[0] == 1 && (!LITDNN_EW_READS_A(p->fn) || p->as[0] == 1) &&
         (!LITDNN_EW_READS_B(p->fn) || p->bs[0] == 1);
}

typedef struct { int64_t batch, rows, cols; } litdnn_transpose_shape;

static inline int litdnn_ew_is_transpose(const litdnn_ew *p, litdnn_transpose_shape *t)
{
  int k = p->nbDims;
  if (p->fn != LITDNN_EW_COPY || k < 2 || k > 3)
    return 0;
  int64_t R = p->dims[k - 2], S = p->dims[k - 1];
  if (p->cs[k - 1] != 1 || p->cs[k - 2] != S || p->as[k - 2] != 1 || p->as[k - 1] != R)
    return 0;
  if (k == 3 && (p->cs[0] != R * S || p->as[0] != R * S))
    return 0;
  if (t) {
    t->batch = k == 3 ? p->dims[0] : 1;
    t->rows = R;
    t->cols = S;
  }
  return 1;
}
typedef struct {
  int vector;        /* which input repeats: 0 none, 1 a, 2 b */
  int64_t K, L;      /* element i reads vector element (i / L) % K */
} litdnn_broadcast_shape;

/* Strides xs describe the output's own layout (1), a repeated vector (2,
   filling K and L), or neither (0). */
static inline int litdnn_ew_operand_kind(const litdnn_ew *p, const int64_t *xs, int64_t *K,
                                         int64_t *L)
{
  int full = 1, ones = 0, zeros = 0, d0 = -1;
  for (int d = 0; d < p->nbDims; d++) {
    full &= xs[d] == p->cs[d];
    zeros += xs[d] == 0;
    if (xs[d] == 1) {
      ones++;
      d0 = d;
    }
  }
  if (full)
    return 1;
  if (zeros == p->nbDims || (ones == 1 && zeros == p->nbDims - 1)) {
    *K = d0 < 0 ? 1 : p->dims[d0];
    *L = d0 < 0 ? 1 : p->cs[d0];
    return 2;
  }
  return 0;
}

static inline int litdnn_ew_is_broadcast(const litdnn_ew *p, litdnn_broadcast_shape *t)
{
  int64_t packed = 1, K = 1, L = 1;
  for (int d = p->nbDims - 1; d >= 0; d--) {   /* the output is packed */
    if (p->cs[d] != packed)
      return 0;
    packed *= p->dims[d];
  }
  int ka = LITDNN_EW_READS_A(p->fn) ? litdnn_ew_operand_kind(p, p->as, &K, &L) : 1;
  int kb = LITDNN_EW_READS_B(p->fn) ? litdnn_ew_operand_kind(p, p->bs, &K, &L) : 1;
  if (ka == 0 || kb == 0 || (ka == 2 && kb == 2))
    return 0;
  if (t) {
    t->vector = ka == 2 ? 1 : kb == 2 ? 2 : 0;
    t->K = K;
    t->L = L;
  }
  return 1;
}

void litdnn_ew_cpu_loop(const litdnn_ew *p);
const char *litdnn_ew_flat_applies(litdnnHandle_t h, const void *args);
const char *litdnn_ew_broadcast_applies(litdnnHandle_t h, const void *args);
const char *litdnn_ew_transpose_applies(litdnnHandle_t h, const void *args);
#define EW_STAGES(S)                                                                          \
  S(EW_STAGE_CPU, "cpu loop", "the definition: an odometer over the indices", CPU,            \
    litdnn_ew_cpu, NULL, DET)                                                                 \
  S(EW_STAGE_NAIVE, "one thread per element", "index by division, any strides", GPU,         \
    litdnn_ew_naive, NULL, DET)                                                               \
  S(EW_STAGE_VEC4, "float4 grid-stride", "16-byte loads, few threads, flat arrays only", GPU, \
    litdnn_ew_vec4, litdnn_ew_flat_applies, DET)
#define EW_BROADCAST_STAGES(S)                                                                \
  S(EW_STAGE_BROADCAST, "broadcast float4",                                                   \
    "a repeated vector: wrap its index, or one value per plane", GPU, litdnn_ew_broadcast,    \
    litdnn_ew_broadcast_applies, DET)
#define EW_TRANSPOSE_STAGES(S)                                                                \
  S(EW_STAGE_TILED, "tiled transpose", "32x32 tiles through padded shared memory", GPU,       \
    litdnn_transform_tiled, litdnn_ew_transpose_applies, DET)                                 \
  S(EW_STAGE_WIDE, "64x64 float4 transpose", "16 KB per block in flight, 16-byte accesses",   \
    GPU, litdnn_transform_vec4, litdnn_ew_transpose_applies, DET)

enum { EW_STAGES(LITDNN_STAGE_ID) EW_BROADCAST_STAGES(LITDNN_STAGE_ID) };
enum { EW_TRANSPOSE_FIRST_ = EW_STAGE_VEC4, EW_TRANSPOSE_STAGES(LITDNN_STAGE_ID) };
EW_STAGES(LITDNN_STAGE_DECLARE)
EW_BROADCAST_STAGES(LITDNN_STAGE_DECLARE)
EW_TRANSPOSE_STAGES(LITDNN_STAGE_DECLARE)

#ifdef __cplusplus
}
#endif
#endif
