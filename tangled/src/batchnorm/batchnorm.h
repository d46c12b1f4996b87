/* Batch normalization: the arguments every stage receives. */
#ifndef LITDNN_BATCHNORM_INTERNAL_H
#define LITDNN_BATCHNORM_INTERNAL_H
#include "core/internal.h"
#ifdef __cplusplus
extern "C" {
#endif
#ifdef __CUDACC__
#define LITDNN_BN_HD __host__ __device__
#else
#define LITDNN_BN_HD
#endif

typedef struct litdnn_batchnorm_args {
  int spatial;                   /* 1: SPATIAL, 0: PER_ACTIVATION */
  int64_t dims[4];               /* n, c, h, w */
  int64_t xs[4], ys[4], dys[4];  /* strides of x; of y (forward) or dx (backward); of dy */
  float alpha, beta;             /* blend of y, or of dx */
  float alpha_p, beta_p;         /* backward: blend of dscale and dbias */
  const float *x;
  float *y;                      /* y, or dx in the backward pass */
  const float *dy;
  const float *scale, *bias;
  const float *mean_in, *var_in; /* inference: estimated mean, variance;
                                    backward: saved mean, inverse std (or NULL) */
  float *run_mean, *run_var;     /* training: running averages (or NULL) */
  double factor;                 /* exponential average factor */
  float *save_mean, *save_invstd;/* training: saved statistics (or NULL) */
  float *dscale, *dbias;         /* backward results */
  double eps;
} litdnn_batchnorm_args;

static inline LITDNN_BN_HD int64_t litdnn_batchnorm_features(const litdnn_batchnorm_args *a)
{
  return a->spatial ? a->dims[1] : a->dims[1] * a->dims[2] * a->dims[3];
}
static inline LITDNN_BN_HD int64_t litdnn_batchnorm_per_feature(const litdnn_batchnorm_args *a)
{
  return a->spatial ? a->dims[0] * a->dims[2] * a->dims[3] : a->dims[0];
}
/* offset of element r of feature f in a tensor with strides s */
static inline LITDNN_BN_HD int64_t litdnn_batchnorm_offset(const litdnn_batchnorm_args *a, const int64_t *s,
                                                    int64_t f, int64_t r)
{
  int64_t hw = a->dims[2] * a->dims[3], n, c, p;
  if (a->spatial) {
    c = f;
    n = r / hw;
    p = r % hw;
  } else {
    c = f / hw;
    p = f % hw;
    n = r;
  }
  return n * s[0] + c * s[1] + (p / a->dims[3]) * s[2] + (p % a->dims[3]) * s[3];
}
enum { LITDNN_BN_GENERAL = 0, LITDNN_BN_PLANES = 1, LITDNN_BN_ROWS = 2 };
/* Which layout x, y (and dy, for the backward pass) share, if any. */
int litdnn_batchnorm_layout(const litdnn_batchnorm_args *a, int backward);
/* The one-launch stages: spatial NCHW, channels of at most this many elements, */
#define LITDNN_BN_ONE_LAUNCH_MAX_M 40000
/* at least this many channels (fewer leave SMs idle), */
#define LITDNN_BN_ONE_LAUNCH_MIN_C 128
/* and, for the training forward pass only, channels of at least this many elements; */
#define LITDNN_BN_ONE_LAUNCH_MIN_M_TRAINING 4096
/* channels of more than LITDNN_BN_ONE_LAUNCH_MAX_M elements when there are at least this
   many of them */
#define LITDNN_BN_ONE_LAUNCH_MIN_C_LARGE 256
int litdnn_batchnorm_one_launch_fits(const litdnn_batchnorm_args *a, int layout, int backward);
/* The register stages: a block of at most LITDNN_BN_REGS_THREADS threads, each holding this
   many units of x (forward) or of x and of dy (backward): float4 on planes of a multiple of
   four floats, single floats on others */
#define LITDNN_BN_REGS_THREADS 1024
#define LITDNN_BN_REGS_UNITS_V 8
#define LITDNN_BN_REGS_UNITS_S 16
#define LITDNN_BN_REGS_BACKWARD_UNITS_V 4
#define LITDNN_BN_REGS_BACKWARD_UNITS_S 12
/* so they take spatial NCHW with at least LITDNN_BN_ONE_LAUNCH_MIN_C channels of at most this
   many elements: what a block holds on the path of single floats, which holds fewer */
#define LITDNN_BN_REGS_MAX_M (LITDNN_BN_REGS_THREADS * LITDNN_BN_REGS_UNITS_S)
#define LITDNN_BN_REGS_MAX_M_BACKWARD (LITDNN_BN_REGS_THREADS * LITDNN_BN_REGS_BACKWARD_UNITS_S)
int litdnn_batchnorm_regs_fits(const litdnn_batchnorm_args *a, int layout, int backward);
/* the smallest register block */
#define LITDNN_BN_REGS_MIN_THREADS 128
/* The threads of the register block that holds a channel of this call (spatial NCHW),
   or 0 when even LITDNN_BN_REGS_THREADS are too few or the tensor has 2^31 units or more */
int litdnn_batchnorm_regs_threads(const litdnn_batchnorm_args *a, int backward);
/* Whether the kernels read this call's tensors in float4 units in this layout: x, y (and dy)
   16-byte aligned, and the run of a plane (planes) or of a row (rows) a multiple of four */
int litdnn_batchnorm_vec4(const litdnn_batchnorm_args *a, int layout, int backward);
/* Planes of at least this many channels of at most this many elements: where the split
   tiles' stage used to run the one-launch kernel itself (see the chooser) */
#define LITDNN_BN_FUSED_MIN_C 512
#define LITDNN_BN_FUSED_MAX_M 16384

#ifdef __cplusplus
}
#endif
#endif
