#line 684 "chapters/05-convolution.nw"
#include "convolution/convolution.h"
#include "convolution/convolution_stages.h"
#include <stdlib.h>

#line 694 "chapters/05-convolution.nw"
static void conv_loops(const litdnn_conv_args *a, double *acc)
{
  int kg = a->k / a->groups, cg = a->c / a->groups;
  for (int n = 0; n < a->n; n++)
    for (int k = 0; k < a->k; k++) {
      int g = k / kg;
      for (int od = 0; od < a->out[0]; od++)
        for (int oh = 0; oh < a->out[1]; oh++)
          for (int ow = 0; ow < a->out[2]; ow++) {
            int64_t yi = (((int64_t)n * a->k + k) * a->out[0] + od) * a->out[1] * a->out[2] +
                         (int64_t)oh * a->out[2] + ow;
            for (int cc = 0; cc < cg; cc++) {
              int c = g * cg + cc;
              for (int rd = 0; rd < a->flt[0]; rd++) {
                int id = litdnn_conv_in(a, 0, od, rd);
                if (!litdnn_conv_inside(a, 0, id))
                  continue;
                for (int rh = 0; rh < a->flt[1]; rh++) {
                  int ih = litdnn_conv_in(a, 1, oh, rh);
                  if (!litdnn_conv_inside(a, 1, ih))
                    continue;
                  for (int rw = 0; rw < a->flt[2]; rw++) {
                    int iw = litdnn_conv_in(a, 2, ow, rw);
                    if (!litdnn_conv_inside(a, 2, iw))
                      continue;
                    
#line 736 "chapters/05-convolution.nw"
int64_t wi = (((int64_t)k * cg + cc) * a->flt[0] + litdnn_conv_tap(a->flip, a->flt[0], rd)) *
                 a->flt[1] * a->flt[2] +
             (int64_t)litdnn_conv_tap(a->flip, a->flt[1], rh) * a->flt[2] +
             litdnn_conv_tap(a->flip, a->flt[2], rw);
int64_t xi = (((int64_t)n * a->c + c) * a->in[0] + id) * a->in[1] * a->in[2] +
             (int64_t)ih * a->in[2] + iw;
double wv = a->w ? a->w[litdnn_conv_offset(a->ws, k, cc, litdnn_conv_tap(a->flip, a->flt[0], rd),
                                           litdnn_conv_tap(a->flip, a->flt[1], rh),
                                           litdnn_conv_tap(a->flip, a->flt[2], rw))] : 0.0;
double xv = a->x ? a->x[litdnn_conv_offset(a->xs, n, c, id, ih, iw)] : 0.0;
double dyv = a->dy ? a->dy[litdnn_conv_offset(a->ys, n, k, od, oh, ow)] : 0.0;
switch (a->pass) {
case LITDNN_CONV_FWD: acc[yi] += wv * xv; break;
case LITDNN_CONV_BWD_DATA: acc[xi] += wv * dyv; break;
default: acc[wi] += xv * dyv; break;
}
#line 720 "chapters/05-convolution.nw"
                  }
                }
              }
            }
          }
    }
}
#line 758 "chapters/05-convolution.nw"
static void conv_blend(const litdnn_conv_args *a, const double *acc, int64_t d0, int64_t d1,
                       const int *sp, const int64_t *strides)
{
  int64_t i = 0;
  for (int64_t a0 = 0; a0 < d0; a0++)
    for (int64_t a1 = 0; a1 < d1; a1++)
      for (int d = 0; d < sp[0]; d++)
        for (int h = 0; h < sp[1]; h++)
          for (int w = 0; w < sp[2]; w++, i++)
            litdnn_conv_store_y(a, litdnn_conv_offset(strides, a0, a1, d, h, w), a1, (float)acc[i]);
}
#line 796 "chapters/05-convolution.nw"
static litdnnStatus_t conv_reference(const litdnn_conv_args *a)
{
  int64_t count;
  const int *sp;
  const int64_t *strides;
  int64_t d0, d1;
  switch (a->pass) {
  case LITDNN_CONV_FWD: d0 = a->n; d1 = a->k; sp = a->out; strides = a->ys; break;
  case LITDNN_CONV_BWD_DATA: d0 = a->n; d1 = a->c; sp = a->in; strides = a->xs; break;
  default: d0 = a->k; d1 = a->c / a->groups; sp = a->flt; strides = a->ws; break;
  }
  count = d0 * d1 * sp[0] * sp[1] * sp[2];
  double *acc = calloc((size_t)count, sizeof *acc);
  if (!acc)
    return litdnn_error(LITDNN_STATUS_ALLOC_FAILED, a->call, "out of host memory (%lld doubles)",
                        (long long)count);
  conv_loops(a, acc);
  conv_blend(a, acc, d0, d1, sp, strides);
  free(acc);
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnn_conv_forward_cpu(litdnnHandle_t h, const void *args)
{
  return conv_reference((const litdnn_conv_args *)args);
}
litdnnStatus_t litdnn_conv_backward_data_cpu(litdnnHandle_t h, const void *args)
{
  return conv_reference((const litdnn_conv_args *)args);
}
litdnnStatus_t litdnn_conv_backward_filter_cpu(litdnnHandle_t h, const void *args)
{
  return conv_reference((const litdnn_conv_args *)args);
}

/* db_k = sum over n and space of dy_{n,k,...} */
litdnnStatus_t litdnn_conv_backward_bias_cpu(litdnnHandle_t h, const void *args)
{
  const litdnn_conv_args *a = (const litdnn_conv_args *)args;
  for (int k = 0; k < a->k; k++) {
    double sum = 0;
    for (int n = 0; n < a->n; n++)
      for (int d = 0; d < a->out[0]; d++)
        for (int hh = 0; hh < a->out[1]; hh++)
          for (int w = 0; w < a->out[2]; w++)
            sum += a->dy[litdnn_conv_offset(a->ys, n, k, d, hh, w)];
    litdnn_conv_store(&a->result[k], (float)sum, a->alpha, a->beta);
  }
  return LITDNN_STATUS_SUCCESS;
}
