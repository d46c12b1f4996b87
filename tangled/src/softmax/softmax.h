#ifndef LITDNN_SOFTMAX_INTERNAL_H
#define LITDNN_SOFTMAX_INTERNAL_H
#include "core/internal.h"
#ifdef __cplusplus
extern "C" {
#endif

/* Forward reads x (strides xs) and writes out = y (strides os).
   Backward reads y (xs) and dy (dys) and writes out = dx (os).
   Strides are (n, c, h, w). */
typedef struct litdnn_softmax_args {
  int algo, mode, backward;
  int64_t n, c, h, w;
  int64_t rows, len;          /* R and L */
  int64_t xs[4], dys[4], os[4];
  float alpha, beta;
  const float *x, *dy;
  float *out;
} litdnn_softmax_args;

/* The offset of element j of row r in a tensor with strides s. */
#define LITDNN_SOFTMAX_OFFSET(a, s, r, j)                                                      \
  ((a)->mode == LITDNN_SOFTMAX_MODE_CHANNEL                                              \
       ? ((r) / ((a)->h * (a)->w)) * (s)[0] + (j) * (s)[1] +                              \
             (((r) / (a)->w) % (a)->h) * (s)[2] + ((r) % (a)->w) * (s)[3]                 \
       : (r) * (s)[0] + ((j) / ((a)->h * (a)->w)) * (s)[1] +                              \
             (((j) / (a)->w) % (a)->h) * (s)[2] + ((j) % (a)->w) * (s)[3])

static inline int litdnn_softmax_same_packed(const litdnn_softmax_args *a, const int64_t *s)
{
  for (int d = 0; d < 4; d++) {
    int64_t dim = d == 0 ? a->n : d == 1 ? a->c : d == 2 ? a->h : a->w;
    if (dim > 1 && s[d] != a->os[d])
      return 0;
  }
  return 1;
}

/* rows are contiguous runs: row r is [r * len, (r + 1) * len) in every tensor */
static inline int litdnn_softmax_rows_contiguous(const litdnn_softmax_args *a)
{
  int64_t hw = a->h * a->w;
  int packed_out = 1;
  /* the output is packed with n outermost (span == count and n stride == C*H*W) */
  int64_t span = 1;
  for (int d = 0; d < 4; d++) {
    int64_t dim = d == 0 ? a->n : d == 1 ? a->c : d == 2 ? a->h : a->w;
    span += (dim - 1) * a->os[d];
  }
  packed_out = span == a->n * a->c * hw && (a->n == 1 || a->os[0] == a->c * hw);
  if (!packed_out || !litdnn_softmax_same_packed(a, a->xs) || (a->backward && !litdnn_softmax_same_packed(a, a->dys)))
    return 0;
  if (a->mode == LITDNN_SOFTMAX_MODE_INSTANCE)
    return 1;
  return hw == 1 || a->c == 1 || a->os[1] == 1;
}

/* CHANNEL mode on packed NCHW tensors (the same in x, dy and out) */
static inline int litdnn_softmax_channel_nchw(const litdnn_softmax_args *a)
{
  int64_t hw = a->h * a->w;
  return a->mode == LITDNN_SOFTMAX_MODE_CHANNEL && a->os[3] == 1 && (a->h == 1 || a->os[2] == a->w) &&
         (a->c == 1 || a->os[1] == hw) && (a->n == 1 || a->os[0] == a->c * hw) &&
         litdnn_softmax_same_packed(a, a->xs) && (!a->backward || litdnn_softmax_same_packed(a, a->dys)) &&
         a->c * 16 * 4 * (a->backward ? 2 : 1) <= 44 * 1024 /* 48 KB less the static arrays */ && a->n * hw < ((int64_t)1 << 31);
}

/* rows short enough for a group of at most 32 lanes holding 8 values each */
static inline int litdnn_softmax_small_rows_fit(const litdnn_softmax_args *a)
{
  return a->len <= 256 && litdnn_softmax_rows_contiguous(a);
}

/* rows short enough for a group of at most 32 lanes holding 4 values each */
static inline int litdnn_softmax_short_rows_fit(const litdnn_softmax_args *a)
{
  return a->len <= 128 && litdnn_softmax_rows_contiguous(a);
}

/* CHANNEL in packed NCHW with C <= 256 and float4 pixels that stay inside one image */
static inline int litdnn_softmax_channel_vec_fits(const litdnn_softmax_args *a)
{
  return litdnn_softmax_channel_nchw(a) && a->c <= 256 && (a->h * a->w) % 4 == 0 &&
         (uintptr_t)a->x % 16 == 0 && (uintptr_t)a->out % 16 == 0 &&
         (!a->backward || (uintptr_t)a->dy % 16 == 0);
}

/* contiguous rows of at most 1,024 floats in whole float4s, aligned */
static inline int litdnn_softmax_rows_float4(const litdnn_softmax_args *a)
{
  return a->len % 4 == 0 && (uintptr_t)a->x % 16 == 0 && (uintptr_t)a->out % 16 == 0 &&
         (!a->backward || (uintptr_t)a->dy % 16 == 0);
}

/* kernel 8: rows in float4, or few rows of more than 128 values (a block each) */
static inline int litdnn_softmax_rows_vec_fits(const litdnn_softmax_args *a)
{
  return a->len <= 1024 && litdnn_softmax_rows_contiguous(a) &&
         (litdnn_softmax_rows_float4(a) || (a->rows < 8 * 132 && a->len > 128));
}

#define SOFTMAX_STAGES(S)                                                                         \
  S(SOFTMAX_CPU, "cpu", "the reference loop, in double", CPU, litdnn_softmax_cpu, NULL, DET)      \
  S(SOFTMAX_NAIVE, "naive", "one thread per row, three sweeps", GPU, litdnn_softmax_naive, NULL,  \
    DET)                                                                                          \
  S(SOFTMAX_BLOCK_SMEM, "block-smem", "one block per row, shared-memory tree reductions", GPU,    \
    litdnn_softmax_block_smem, softmax_rows_applies, DET)                                         \
  S(SOFTMAX_WARP_SHUFFLE, "warp-shuffle",                                                         \
    "warp-shuffle reductions, a warp per short row, 16-byte loads", GPU,                          \
    litdnn_softmax_warp_shuffle, softmax_rows_applies, DET)                                       \
  S(SOFTMAX_ONLINE, "online",                                                                     \
    "running max and sum, the row held in registers: one trip to memory", GPU,                    \
    litdnn_softmax_online, softmax_rows_applies, DET)                                             \
  S(SOFTMAX_CHANNEL_NCHW, "channel-nchw",                                                         \
    "CHANNEL in NCHW: 16-pixel tiles in shared memory, coalesced", GPU,                           \
    litdnn_softmax_channel_nchw, softmax_channel_nchw_applies, DET)                               \
  S(SOFTMAX_SMALL_ROWS, "small-rows",                                                             \
    "a group of 1 to 32 lanes per short row, the row in registers", GPU,                          \
    litdnn_softmax_small_rows, softmax_small_rows_applies, DET)                                   \
  S(SOFTMAX_CHANNEL_VEC, "channel-vec4",                                                          \
    "CHANNEL in NCHW: four pixels per thread, the tile in registers", GPU,                        \
    litdnn_softmax_channel_vec, softmax_channel_vec_applies, DET)                                 \
  S(SOFTMAX_ROWS_VEC, "rows-vec4",                                                                \
    "a warp per row of at most 1,024, the row in float4 registers", GPU,                          \
    litdnn_softmax_rows_vec, softmax_rows_vec_applies, DET)                                       \
  S(SOFTMAX_CHANNEL_TILE, "channel-tile",                                                         \
    "CHANNEL in NCHW: kernel 7 specialised by direction, shuffles, tiles across images", GPU,     \
    litdnn_softmax_channel_tile, softmax_channel_vec_applies, DET)                                \
  S(SOFTMAX_SHORT_ROWS, "rows-short",                                                             \
    "a group of 1 to 32 lanes per row under 128, four values a lane, direction fixed", GPU,       \
    litdnn_softmax_short_rows, softmax_short_rows_applies, DET)
enum { SOFTMAX_STAGES(LITDNN_STAGE_ID) };
SOFTMAX_STAGES(LITDNN_STAGE_DECLARE)

#ifdef __cplusplus
}
#endif
#endif
