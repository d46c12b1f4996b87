#line 263 "chapters/08-normalization.nw"
#include "batchnorm/batchnorm.h"
#include <math.h>

#line 273 "chapters/08-normalization.nw"
static void cpu_feature_stats(const litdnn_batchnorm_args *a, int64_t f, double *mean, double *var)
{
  int64_t m = litdnn_batchnorm_per_feature(a);
  double sum = 0, dev2 = 0;
  for (int64_t r = 0; r < m; r++)
    sum += a->x[litdnn_batchnorm_offset(a, a->xs, f, r)];
  *mean = sum / (double)m;
  for (int64_t r = 0; r < m; r++) {
    double d = a->x[litdnn_batchnorm_offset(a, a->xs, f, r)] - *mean;
    dev2 += d * d;
  }
  *var = dev2 / (double)m;
}

/* y = alpha * value + beta * y, reading y only when beta != 0 */
static void cpu_blend(float *y, double value, float alpha, float beta)
{
  *y = (float)(alpha * value + (beta != 0.0f ? beta * (double)*y : 0.0));
}
#line 295 "chapters/08-normalization.nw"
litdnnStatus_t litdnn_batchnorm_training_cpu(litdnnHandle_t h, const void *args)
{
  const litdnn_batchnorm_args *a = (const litdnn_batchnorm_args *)args;
  int64_t features = litdnn_batchnorm_features(a), m = litdnn_batchnorm_per_feature(a);
  for (int64_t f = 0; f < features; f++) {
    double mean, var;
    cpu_feature_stats(a, f, &mean, &var);
    double invstd = 1.0 / sqrt(var + a->eps);
    for (int64_t r = 0; r < m; r++) {
      double xv = a->x[litdnn_batchnorm_offset(a, a->xs, f, r)];
      cpu_blend(&a->y[litdnn_batchnorm_offset(a, a->ys, f, r)],
                a->scale[f] * (xv - mean) * invstd + a->bias[f], a->alpha, a->beta);
    }
    if (a->run_mean) {
      double unbiased = m > 1 ? var * (double)m / (double)(m - 1) : var;
      a->run_mean[f] = (float)((1.0 - a->factor) * a->run_mean[f] + a->factor * mean);
      a->run_var[f] = (float)((1.0 - a->factor) * a->run_var[f] + a->factor * unbiased);
    }
    if (a->save_mean) {
      a->save_mean[f] = (float)mean;
      a->save_invstd[f] = (float)invstd;
    }
  }
  return LITDNN_STATUS_SUCCESS;
}
#line 327 "chapters/08-normalization.nw"
litdnnStatus_t litdnn_batchnorm_inference_cpu(litdnnHandle_t h, const void *args)
{
  const litdnn_batchnorm_args *a = (const litdnn_batchnorm_args *)args;
  int64_t features = litdnn_batchnorm_features(a), m = litdnn_batchnorm_per_feature(a);
  for (int64_t f = 0; f < features; f++) {
    double invstd = 1.0 / sqrt((double)a->var_in[f] + a->eps);
    for (int64_t r = 0; r < m; r++) {
      double xv = a->x[litdnn_batchnorm_offset(a, a->xs, f, r)];
      cpu_blend(&a->y[litdnn_batchnorm_offset(a, a->ys, f, r)],
                a->scale[f] * (xv - a->mean_in[f]) * invstd + a->bias[f], a->alpha, a->beta);
    }
  }
  return LITDNN_STATUS_SUCCESS;
}
#line 347 "chapters/08-normalization.nw"
litdnnStatus_t litdnn_batchnorm_backward_cpu(litdnnHandle_t h, const void *args)
{
  const litdnn_batchnorm_args *a = (const litdnn_batchnorm_args *)args;
  int64_t features = litdnn_batchnorm_features(a), m = litdnn_batchnorm_per_feature(a);
  for (int64_t f = 0; f < features; f++) {
    double mean, invstd, var, sum_dy = 0, sum_dy_xhat = 0;
    if (a->mean_in) {
      mean = a->mean_in[f];
      invstd = a->var_in[f];
    } else {
      cpu_feature_stats(a, f, &mean, &var);
      invstd = 1.0 / sqrt(var + a->eps);
    }
    for (int64_t r = 0; r < m; r++) {
      double dy = a->dy[litdnn_batchnorm_offset(a, a->dys, f, r)];
      sum_dy += dy;
      sum_dy_xhat += dy * (a->x[litdnn_batchnorm_offset(a, a->xs, f, r)] - mean) * invstd;
    }
    for (int64_t r = 0; r < m; r++) {
      double dy = a->dy[litdnn_batchnorm_offset(a, a->dys, f, r)];
      double xhat = (a->x[litdnn_batchnorm_offset(a, a->xs, f, r)] - mean) * invstd;
      double dx = a->scale[f] * invstd * (dy - sum_dy / m - xhat * sum_dy_xhat / m);
      cpu_blend(&a->y[litdnn_batchnorm_offset(a, a->ys, f, r)], dx, a->alpha, a->beta);
    }
    cpu_blend(&a->dscale[f], sum_dy_xhat, a->alpha_p, a->beta_p);
    cpu_blend(&a->dbias[f], sum_dy, a->alpha_p, a->beta_p);
  }
  return LITDNN_STATUS_SUCCESS;
}
