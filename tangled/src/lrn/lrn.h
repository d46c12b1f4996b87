/* Local response normalization: the arguments every stage receives. */
#ifndef LITDNN_LRN_INTERNAL_H
#define LITDNN_LRN_INTERNAL_H
#include "core/internal.h"
#ifdef __cplusplus
extern "C" {
#endif
#ifdef __CUDACC__
#define LITDNN_LRN_HD __host__ __device__
#else
#define LITDNN_LRN_HD
#endif

struct litdnnLRNStruct {
  unsigned n;
  double alpha, beta, k;
};

typedef struct litdnn_lrn_args {
  int64_t dims[4];                 /* n, c, h, w */
  int64_t xs[4], ys[4], dys[4], dxs[4];
  int lo, hi;                      /* the window of c is [c - lo, c + hi] */
  double k, a_over_n, power;       /* k, alpha / n, beta of the formula */
  float alpha, beta;               /* the blend */
  const float *x, *y, *dy;         /* forward: x; backward: x, y, dy */
  float *out;                      /* y, or dx */
} litdnn_lrn_args;

static inline LITDNN_LRN_HD int64_t litdnn_lrn_pixels(const litdnn_lrn_args *a)
{
  return a->dims[0] * a->dims[2] * a->dims[3];
}
/* offset of channel 0 of pixel p (p runs over n, h, w) in a tensor with strides s */
static inline LITDNN_LRN_HD int64_t litdnn_lrn_pixel(const litdnn_lrn_args *a, const int64_t *s, int64_t p)
{
  int64_t hw = a->dims[2] * a->dims[3], q = p % hw;
  return (p / hw) * s[0] + (q / a->dims[3]) * s[2] + (q % a->dims[3]) * s[3];
}

/* the planes of the tensor with strides s at p can be read as aligned float4 (the staged kernels) */
static inline int litdnn_lrn_vec_ok(const litdnn_lrn_args *a, const int64_t *s, const void *p)
{
  return s[3] == 1 && s[2] == a->dims[3] && (a->dims[2] * a->dims[3]) % 4 == 0 && s[1] % 4 == 0 &&
         s[0] % 4 == 0 && ((uintptr_t)p & 15) == 0;
}
/* every tensor the staged kernel reads or writes can (the backward one does not read y) */
static inline int litdnn_lrn_all_vec(const litdnn_lrn_args *a, int backward)
{
  return litdnn_lrn_vec_ok(a, a->xs, a->x) && (backward ? litdnn_lrn_vec_ok(a, a->dys, a->dy) &&
         litdnn_lrn_vec_ok(a, a->dxs, a->out) : litdnn_lrn_vec_ok(a, a->ys, a->out));
}

/* the largest element offset of a tensor with strides s, plus one */
static inline int64_t litdnn_lrn_extent(const litdnn_lrn_args *a, const int64_t *s)
{
  int64_t e = 1;
  for (int d = 0; d < 4; d++)
    e += (a->dims[d] - 1) * s[d];
  return e;
}

/* the widest window the register and pixel-a-thread stages hold in registers */
#define LITDNN_LRN_REGS_MAX_N 5

#ifdef __cplusplus
}
#endif
#endif
