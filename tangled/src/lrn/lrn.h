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

#ifdef __cplusplus
}
#endif
#endif
