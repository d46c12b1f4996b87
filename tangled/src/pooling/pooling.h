#ifndef LITDNN_POOLING_INTERNAL_H
#define LITDNN_POOLING_INTERNAL_H
#include "core/internal.h"
#ifdef __cplusplus
extern "C" {
#endif

struct litdnnPoolingStruct {
  int is_set;
  litdnnPoolingMode_t mode;
  litdnnNanPropagation_t nan;
  int nbDims;                 /* spatial: 2 or 3 */
  int window[3], pad[3], stride[3];
};

/* The arguments of every pooling stage. Spatial arrays are (depth, height,
   width); 2-D pooling has depth 1. Strides are in elements, ordered
   (n, c, d, h, w). Forward reads x and writes y; backward reads x and dy
   and writes dx (y's strides describe dy then). */
typedef struct litdnn_pool_args {
  int mode;                   /* litdnnPoolingMode_t */
  int propagate_nan;
  int channels_last;          /* x's channels are innermost (NHWC): threads walk c fastest */
  int64_t n, c;
  int in[3], out[3], win[3], pad[3], stride[3];
  int64_t xs[5], ys[5], dxs[5];
  float alpha, beta;
  const float *x, *dy;
  float *y, *dx;
  const float *yf;            /* backward: the forward output y, whose maxima it compares with */
  int64_t yfs[5];             /* backward: y's strides */
} litdnn_pool_args;

/* a macro, so that host and device code share it */
#define litdnn_pool_is_max(mode) \
  ((mode) == LITDNN_POOLING_MAX || (mode) == LITDNN_POOLING_MAX_DETERMINISTIC)

#define POOL_FORWARD_STAGES(S)                                                                    \
  S(POOL_FWD_CPU, "cpu", "the reference loop", CPU, litdnn_pool_forward_cpu, NULL, DET)           \
  S(POOL_FWD_NAIVE, "naive", "one thread per output", GPU, litdnn_pool_forward_naive, NULL, DET)  \
  S(POOL_FWD_ROWS, "rows", "one warp per output row: one index split per row", GPU,               \
    litdnn_pool_forward_rows, NULL, DET)                                                          \
  S(POOL_FWD_K2S2, "k2s2-vec4", "2x2 stride 2: 16-byte loads and stores", GPU,                    \
    litdnn_pool_forward_k2s2, pool_k2s2_applies, DET)                                                          \
  S(POOL_FWD_NHWC4, "nhwc-vec4", "NHWC: four channels per thread, 16-byte accesses", GPU,         \
    litdnn_pool_forward_nhwc4, pool_nhwc4_applies, DET)                                                         \
  S(POOL_FWD_K3S2, "k3s2-x4",                                                                     \
    "3x3 stride 2: four outputs per thread share their loaded columns", GPU,                      \
    litdnn_pool_forward_k3s2, pool_k3s2_applies, DET)                                                          \
  S(POOL_FWD_NHWC_K3, "nhwc-k3",                                                                  \
    "NHWC 3x3: nine 16-byte loads in flight, four channels per thread", GPU,                      \
    litdnn_pool_forward_nhwc_k3, pool_nhwc_k3_applies, DET)                                                       \
  S(POOL_FWD_GLOBAL, "global", "a window over the whole plane: 8 or 32 threads per output", GPU,  \
    litdnn_pool_forward_global, pool_global_applies, DET)                                                        \
  S(POOL_FWD_GLOBAL4, "global-vec4",                                                              \
    "the whole plane: runs of planes or four channels in 16-byte loads, eight in flight", GPU,    \
    litdnn_pool_forward_global4, pool_global4_applies, DET)
#define POOL_BACKWARD_STAGES(S)                                                                   \
  S(POOL_BWD_CPU, "cpu", "the reference scatter", CPU, litdnn_pool_backward_cpu, NULL, DET)       \
  S(POOL_BWD_SCATTER, "scatter", "one thread per output, atomic adds", GPU,                       \
    litdnn_pool_backward_scatter, pool_scatter_applies, 0)                                                        \
  S(POOL_BWD_GATHER, "gather", "one thread per input, recomputed maxima, deterministic", GPU,     \
    litdnn_pool_backward_gather, NULL, DET)                                                       \
  S(POOL_BWD_ARGMAX, "argmax-gather", "maxima found once and stored, then gathered", GPU,         \
    litdnn_pool_backward_argmax, pool_argmax_applies, DET)                                                       \
  S(POOL_BWD_DISJOINT, "disjoint", "windows that tile the input: no atomics, one pass", GPU,      \
    litdnn_pool_backward_disjoint, pool_disjoint_applies, DET)                                                     \
  S(POOL_BWD_COMPARE, "compare-y", "gather; a maximum is found by comparing x with y", GPU,       \
    litdnn_pool_backward_compare, NULL, DET)                                                      \
  S(POOL_BWD_K2S2, "k2s2-vec4",                                                                   \
    "2x2 stride 2: four outputs per thread, 16-byte loads and stores", GPU,                       \
    litdnn_pool_backward_k2s2, pool_k2s2_backward_applies, DET)                                                         \
  S(POOL_BWD_TILE, "tile",                                                                        \
    "a block per tile of dx: windows' maxima in shared memory, then a gather", GPU,               \
    litdnn_pool_backward_tile, pool_tile_applies, DET)                                                         \
  S(POOL_BWD_GLOBAL, "global",                                                                    \
    "a window over the whole plane: the maximum found again, a broadcast", GPU,                   \
    litdnn_pool_backward_global, pool_global_applies, DET)                                                       \
  S(POOL_BWD_PLANE, "plane-y",                                                                    \
    "compare-y in tiles of a plane: no index divisions, no shared memory", GPU,                   \
    litdnn_pool_backward_plane, pool_plane_applies, DET)                                                        \
  S(POOL_BWD_STAGED, "staged",                                                                    \
    "3x3 stride 2, NCHW: x under a tile in shared memory, then a gather", GPU,                    \
    litdnn_pool_backward_staged, pool_staged_applies, DET)                                                       \
  S(POOL_BWD_K3S2, "k3s2-cell",                                                                   \
    "3x3 stride 2: a 2x2 cell of dx per thread, windows shared by shuffles", GPU,                 \
    litdnn_pool_backward_k3s2, pool_k3s2_backward_applies, DET)
enum { POOL_FORWARD_STAGES(LITDNN_STAGE_ID) };
enum { POOL_BACKWARD_STAGES(LITDNN_STAGE_ID) };
POOL_FORWARD_STAGES(LITDNN_STAGE_DECLARE)
POOL_BACKWARD_STAGES(LITDNN_STAGE_DECLARE)

/* The tile of dx a block of the tile stage owns (th x tw positions x tc
   channels) and the most windows that can touch it along each axis. */
typedef struct litdnn_pool_tile { int th, tw, tc, wr, wc; } litdnn_pool_tile;
#define LITDNN_POOL_TILE_SMEM 32768   /* bytes of windows per block */

static inline int litdnn_pool_tile_plan(const litdnn_pool_args *a, litdnn_pool_tile *t)
{
  if (a->in[0] != 1 || a->out[0] != 1 || a->win[0] != 1 ||
      (int64_t)a->in[1] * a->in[2] >= ((int64_t)1 << 31))
    return 0;
  /* in 64 bits: a side or a window may be as large as INT_MAX */
  int64_t most_w = a->channels_last ? 8 : 64;
  int64_t tiles_w = ((int64_t)a->in[2] + most_w - 1) / most_w;
  t->tw = (int)(((int64_t)a->in[2] + tiles_w - 1) / tiles_w);   /* equal tiles: no thin one at the end */
  int64_t most_h = a->channels_last ? 8 : 2048 / t->tw;
  int64_t tiles_h = ((int64_t)a->in[1] + most_h - 1) / most_h;
  t->th = (int)(((int64_t)a->in[1] + tiles_h - 1) / tiles_h);
  t->tc = a->channels_last ? (a->c < 32 ? (int)a->c : 32) : 1;
  for (;;) {
    int64_t wr = ((int64_t)t->th + a->win[1] - 1 + a->stride[1] - 1) / a->stride[1];
    int64_t wc = ((int64_t)t->tw + a->win[2] - 1 + a->stride[2] - 1) / a->stride[2];
    t->wr = (int)(wr < a->out[1] ? wr : a->out[1]);
    t->wc = (int)(wc < a->out[2] ? wc : a->out[2]);
    if ((int64_t)t->wr * t->wc * t->tc * 8 <= LITDNN_POOL_TILE_SMEM)
      return 1;
    if (t->th > 1)
      t->th = (t->th + 1) / 2;
    else if (t->tw > 1)
      t->tw = (t->tw + 1) / 2;
    else if (t->tc > 1)
      t->tc = (t->tc + 1) / 2;
    else
      return 0;
  }
}
/* staged: 2-D max pooling, 3x3 windows with stride 2, channels not innermost */
static inline int litdnn_pool_staged_fits(const litdnn_pool_args *a)
{
  return a->in[0] == 1 && a->out[0] == 1 && a->win[0] == 1 && a->win[1] == 3 && a->win[2] == 3 &&
         a->stride[1] == 2 && a->stride[2] == 2 && litdnn_pool_is_max(a->mode) && !a->channels_last &&
         (int64_t)a->in[1] * a->in[2] < ((int64_t)1 << 31);
}
/* The tiles of the plane-y stage: th rows per band; tiles along w and h,
   runs of 32 channels (NHWC), and the block count. */
typedef struct litdnn_pool_plane { int th, tiles_w, tiles_h, tiles_c; int64_t blocks; } litdnn_pool_plane;

static inline int litdnn_pool_plane_plan(const litdnn_pool_args *a, litdnn_pool_plane *p)
{
  if (a->in[0] != 1 || a->out[0] != 1 || a->win[0] != 1 || a->c >= ((int64_t)1 << 31))
    return 0;
  int64_t most_h = a->channels_last ? 4 : 32, most_w = a->channels_last ? 8 : 32;
  p->tiles_h = (int)(((int64_t)a->in[1] + most_h - 1) / most_h);
  p->th = (int)(((int64_t)a->in[1] + p->tiles_h - 1) / p->tiles_h);
  p->tiles_w = (int)(((int64_t)a->in[2] + most_w - 1) / most_w);
  p->tiles_c = (int)((a->c + 31) / 32);
  p->blocks = a->n * (a->channels_last ? p->tiles_c : a->c) * p->tiles_h * p->tiles_w;
  return p->blocks < ((int64_t)1 << 31);
}
typedef struct litdnn_pool_k3 {
  int nhwc;               /* the channels innermost: the NHWC kernel */
  int cells_h, cells_w;   /* cells of 2x2 elements of dx per column and per row */
  int run, per_warp;      /* NCHW: lanes per run of cell columns (halo lane included), runs per warp */
  int runs, rows, strips; /* runs across a row; cell rows per strip; strips down a plane */
  int64_t planes;         /* NCHW: n * c */
  unsigned cgroups;       /* NHWC: runs of 32 channels */
  unsigned units;         /* warps' worth of work */
} litdnn_pool_k3;
#define LITDNN_POOL_K3_ROWS 16
#define LITDNN_POOL_K3_NHWC_CELLS 4   /* cells per thread along a row, NHWC (POOL_K3N_T) */

static inline int litdnn_pool_k3s2_backward_plan(const litdnn_pool_args *a, litdnn_pool_k3 *t)
{
  const int64_t lim = (int64_t)1 << 31;
  if (a->in[0] != 1 || a->out[0] != 1 || a->win[0] != 1 || a->win[1] != 3 || a->win[2] != 3 ||
      a->stride[1] != 2 || a->stride[2] != 2 || a->pad[1] < 0 || a->pad[1] > 1 || a->pad[2] < 0 ||
      a->pad[2] > 1 || a->c >= lim)
    return 0;
  for (int k = 3; k < 5; k++)
    if (a->xs[k] < 0 || a->ys[k] < 0 || a->dxs[k] < 0)
      return 0;
  t->nhwc = a->c > 1 && a->xs[1] == 1 && a->ys[1] == 1 && a->dxs[1] == 1;
  if (!t->nhwc && (a->xs[4] != 1 || a->ys[4] != 1 || a->dxs[4] != 1))
    return 0;
  /* every offset inside a plane (NCHW) or an image (NHWC) in 32 bits */
  int64_t cspan = t->nhwc ? a->c : 1;
  if ((int64_t)a->in[1] * a->xs[3] + (int64_t)a->in[2] * a->xs[4] + cspan >= lim ||
      (int64_t)a->in[1] * a->dxs[3] + (int64_t)a->in[2] * a->dxs[4] + cspan >= lim ||
      (int64_t)a->out[1] * a->ys[3] + (int64_t)a->out[2] * a->ys[4] + cspan >= lim)
    return 0;
  t->cells_h = (int)(((int64_t)a->in[1] + a->pad[1] + 1) / 2);
  t->cells_w = (int)(((int64_t)a->in[2] + a->pad[2] + 1) / 2);
  t->strips = (t->cells_h + LITDNN_POOL_K3_ROWS - 1) / LITDNN_POOL_K3_ROWS;
  t->rows = (t->cells_h + t->strips - 1) / t->strips;   /* equal strips */
  t->planes = a->n * a->c;
  int64_t units;
  if (t->nhwc) {
    t->run = t->per_warp = 1;
    t->runs = (t->cells_w + LITDNN_POOL_K3_NHWC_CELLS - 1) / LITDNN_POOL_K3_NHWC_CELLS;
    t->cgroups = (unsigned)((a->c + 31) / 32);
    units = a->n * t->cgroups * t->runs * t->strips;
  } else {
    t->run = t->cells_w + 1 < 32 ? t->cells_w + 1 : 32;
    t->per_warp = 32 / t->run;
    t->runs = (t->cells_w + t->run - 2) / (t->run - 1);
    t->cgroups = 1;
    units = (t->planes + t->per_warp - 1) / t->per_warp * t->runs * t->strips;
  }
  if (units >= lim)
    return 0;
  t->units = (unsigned)units;
  return 1;
}
static inline int litdnn_pool_aligned16(const void *p) { return ((uintptr_t)p % 16) == 0; }

/* packed in NCHW (or NCDHW) order: strides w=1, h=W, d=HW, c=DHW, n=CDHW */
static inline int litdnn_pool_packed_nchw(const int64_t s[5], const litdnn_pool_args *a,
                                          const int sp[3])
{
  int64_t hs = sp[2], ds = (int64_t)sp[1] * sp[2], cs = ds * sp[0];
  return s[4] == 1 && (sp[1] == 1 || s[3] == hs) && (sp[0] == 1 || s[2] == ds) &&
         (a->c == 1 || s[1] == cs) && (a->n == 1 || s[0] == cs * a->c);
}

/* packed in NHWC (or NDHWC) order: c=1, w=C, h=WC, d=HWC, n=DHWC */
static inline int litdnn_pool_packed_nhwc(const int64_t s[5], const litdnn_pool_args *a,
                                          const int sp[3])
{
  int64_t ws = a->c, hs = ws * sp[2], ds = hs * sp[1], ns = ds * sp[0];
  return (a->c == 1 || s[1] == 1) && (sp[2] == 1 || s[4] == ws) && (sp[1] == 1 || s[3] == hs) &&
         (sp[0] == 1 || s[2] == ds) && (a->n == 1 || s[0] == ns);
}

static inline int litdnn_pool_small(const litdnn_pool_args *a)
{
  return a->n * a->c * a->out[0] * a->out[1] * a->out[2] < ((int64_t)1 << 31);
}

static inline int litdnn_pool_nhwc4_fits(const litdnn_pool_args *a)
{
  return litdnn_pool_small(a) && a->c % 4 == 0 && litdnn_pool_packed_nhwc(a->xs, a, a->in) &&
         litdnn_pool_packed_nhwc(a->ys, a, a->out) && litdnn_pool_aligned16(a->x) &&
         litdnn_pool_aligned16(a->y);
}

/* global: 2-D, one output per plane, a window that covers the whole plane */
static inline int litdnn_pool_global_fits(const litdnn_pool_args *a)
{
  return a->in[0] == 1 && a->out[0] == 1 && a->win[0] == 1 && a->out[1] == 1 && a->out[2] == 1 &&
         a->win[1] - a->pad[1] >= a->in[1] && a->win[2] - a->pad[2] >= a->in[2];
}

/* global-vec4: the same, x packed and 16-byte aligned, 32-bit indices; NHWC
   needs C a multiple of 4, NCHW planes of at most 2048 elements */
static inline int litdnn_pool_global4_fits(const litdnn_pool_args *a)
{
  int64_t plane = (int64_t)a->in[1] * a->in[2];
  if (!litdnn_pool_global_fits(a) || a->n * a->c * plane >= ((int64_t)1 << 31) ||
      !litdnn_pool_aligned16(a->x))
    return 0;
  if (a->channels_last)
    return a->c % 4 == 0 && litdnn_pool_packed_nhwc(a->xs, a, a->in);
  return plane <= 2048 && litdnn_pool_packed_nchw(a->xs, a, a->in);
}

/* nhwc-k3: the same, for 2-D 3x3 windows */
static inline int litdnn_pool_nhwc_k3_fits(const litdnn_pool_args *a)
{
  return a->in[0] == 1 && a->out[0] == 1 && a->win[1] == 3 && a->win[2] == 3 &&
         litdnn_pool_nhwc4_fits(a);
}

static inline int litdnn_pool_k2s2_fits(const litdnn_pool_args *a)
{
  return litdnn_pool_small(a) && a->in[0] == 1 && a->win[1] == 2 && a->win[2] == 2 &&
         a->stride[1] == 2 && a->stride[2] == 2 && a->pad[1] == 0 && a->pad[2] == 0 &&
         a->in[2] % 8 == 0 && litdnn_pool_packed_nchw(a->xs, a, a->in) &&
         litdnn_pool_packed_nchw(a->ys, a, a->out) && litdnn_pool_aligned16(a->x) &&
         litdnn_pool_aligned16(a->y);
}

/* 3x3 stride 2, padding 0 or 1, rows contiguous; 32-bit thread indices */
static inline int litdnn_pool_k3s2_fits(const litdnn_pool_args *a)
{
  return a->in[0] == 1 && a->win[1] == 3 && a->win[2] == 3 && a->stride[1] == 2 &&
         a->stride[2] == 2 && a->pad[1] >= 0 && a->pad[1] <= 1 && a->pad[2] >= 0 && a->pad[2] <= 1 &&
         a->xs[4] == 1 && !a->channels_last &&
         a->n * a->c * a->out[1] * (int64_t)((a->out[2] + 3) / 4) < ((int64_t)1 << 31);
}

/* the backward of k2s2: x, dy and dx packed NCHW and aligned, every input row in a window */
static inline int litdnn_pool_k2s2_backward_fits(const litdnn_pool_args *a)
{
  return litdnn_pool_small(a) && a->in[0] == 1 && a->win[1] == 2 && a->win[2] == 2 &&
         a->stride[1] == 2 && a->stride[2] == 2 && a->pad[1] == 0 && a->pad[2] == 0 &&
         a->in[2] % 8 == 0 && a->in[1] % 2 == 0 && litdnn_pool_packed_nchw(a->xs, a, a->in) &&
         litdnn_pool_packed_nchw(a->dxs, a, a->in) && litdnn_pool_packed_nchw(a->ys, a, a->out) &&
         litdnn_pool_aligned16(a->x) && litdnn_pool_aligned16(a->dx) && litdnn_pool_aligned16(a->dy);
}

static inline int litdnn_pool_disjoint_fits(const litdnn_pool_args *a)
{
  for (int k = 0; k < 3; k++)
    if (a->stride[k] != a->win[k] || a->pad[k] != 0 || a->in[k] != a->out[k] * a->win[k])
      return 0;
  return 1;
}

#ifdef __cplusplus
}
#endif
#endif
