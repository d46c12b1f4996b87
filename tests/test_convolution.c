/* Convolution: every algorithm of every pass on every backend against a
   double-precision reference written here, on shapes that reach the corners
   (1x1, 5x5, 7x7 stride 2, 11x11 stride 4, dilation, padding larger than half
   the filter, groups 1/2/C, odd channel counts, batch 1, 1-d and 3-d), both
   layouts, both modes and several alpha/beta; finite differences for the two
   backward passes; Get, Find and the workspace size; bad input. One
   Criterion case per (pass, algorithm, backend, problem); the algorithm the
   handle would choose is Get's first. An algorithm must run every problem
   for which Get (its applies test) says it can, and refuse every other one
   with NOT_SUPPORTED, naming itself, and writing nothing. */
#include "common.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { FWD = 0, BWD_DATA = 1, BWD_FILTER = 2 };

typedef struct {
  int sp;                        /* spatial dimensions: 1, 2 or 3 */
  int n, c, k, groups;
  int in[3], flt[3];             /* d, h, w; unused leading axes are 1 */
  int pad[3], stride[3], dil[3];
  litdnnTensorFormat_t xfmt, wfmt;
  litdnnConvolutionMode_t mode;
  float alpha, beta;
} conv_case;

#define XC LITDNN_CROSS_CORRELATION
#define CV LITDNN_CONVOLUTION
#define NCHW LITDNN_TENSOR_NCHW
#define NHWC LITDNN_TENSOR_NHWC

static const conv_case cases[] = {
  /* sp  n  c  k  g   in          flt        pad        stride     dil      x     w     mode  a     b */
  {2, 2, 3, 4, 1, {1, 7, 6}, {1, 3, 3}, {0, 1, 1}, {1, 1, 1}, {1, 1, 1}, NCHW, NCHW, XC, 1.0f, 0.0f},
  {2, 2, 5, 3, 1, {1, 4, 5}, {1, 1, 1}, {0, 0, 0}, {1, 1, 1}, {1, 1, 1}, NHWC, NHWC, CV, 0.5f, 0.25f},
  {2, 1, 4, 6, 2, {1, 6, 7}, {1, 5, 5}, {0, 2, 2}, {1, 1, 1}, {1, 1, 1}, NCHW, NHWC, CV, 1.0f, 0.0f},
  {2, 2, 2, 3, 1, {1, 11, 9}, {1, 7, 7}, {0, 3, 3}, {1, 2, 2}, {1, 1, 1}, NHWC, NCHW, XC, -1.0f, 0.5f},
  {2, 1, 1, 2, 1, {1, 23, 19}, {1, 11, 11}, {0, 2, 2}, {1, 4, 4}, {1, 1, 1}, NCHW, NCHW, CV, 1.0f, 0.0f},
  {2, 2, 3, 5, 1, {1, 8, 7}, {1, 3, 3}, {0, 2, 2}, {1, 1, 1}, {1, 2, 2}, NHWC, NHWC, XC, 1.0f, 1.0f},
  {2, 1, 2, 3, 1, {1, 4, 5}, {1, 3, 3}, {0, 3, 2}, {1, 1, 1}, {1, 1, 1}, NCHW, NCHW, CV, 1.0f, 0.0f},
  {2, 2, 4, 4, 4, {1, 6, 6}, {1, 3, 3}, {0, 1, 1}, {1, 1, 1}, {1, 1, 1}, NHWC, NHWC, XC, 1.0f, 0.0f},
  {2, 1, 3, 6, 3, {1, 5, 5}, {1, 3, 3}, {0, 1, 1}, {1, 2, 2}, {1, 1, 1}, NCHW, NCHW, CV, 0.5f, -1.0f},
  {2, 1, 5, 7, 1, {1, 5, 4}, {1, 3, 2}, {0, 1, 0}, {1, 1, 2}, {1, 1, 1}, NCHW, NHWC, XC, 1.0f, 0.0f},
  {2, 3, 17, 33, 1, {1, 3, 3}, {1, 3, 3}, {0, 1, 1}, {1, 1, 1}, {1, 1, 1}, NHWC, NCHW, XC, 1.0f, 0.0f},
  {3, 1, 2, 3, 1, {3, 4, 4}, {2, 3, 3}, {1, 1, 1}, {1, 1, 2}, {1, 1, 1}, NCHW, NCHW, CV, 1.0f, 0.0f},
  {1, 2, 3, 2, 1, {1, 1, 9}, {1, 1, 3}, {0, 0, 1}, {1, 1, 2}, {1, 1, 2}, NHWC, NCHW, XC, 1.0f, 0.0f},
  /* 1x1 at stride 1 without padding over NCHW x: the GEMM algorithms read x (write dx) in place */
  {2, 3, 6, 5, 1, {1, 7, 9}, {1, 1, 1}, {0, 0, 0}, {1, 1, 1}, {1, 1, 1}, NCHW, NCHW, XC, 0.5f, 0.25f},
  {2, 2, 6, 4, 2, {1, 5, 3}, {1, 1, 1}, {0, 0, 0}, {1, 1, 1}, {1, 2, 2}, NCHW, NHWC, CV, 1.0f, 0.0f},
  {3, 2, 3, 4, 1, {2, 3, 5}, {1, 1, 1}, {0, 0, 0}, {1, 1, 1}, {1, 1, 1}, NCHW, NCHW, XC, -1.0f, 0.5f},
  {2, 1, 5, 3, 1, {1, 4, 4}, {1, 1, 1}, {0, 0, 0}, {1, 1, 1}, {1, 1, 1}, NCHW, NCHW, CV, 1.0f, 0.0f},
  /* 3x3 at stride 1 with 16 or more channels: Winograd runs as 16 GEMMs; odd output sizes */
  {2, 2, 16, 20, 1, {1, 7, 5}, {1, 3, 3}, {0, 1, 0}, {1, 1, 1}, {1, 1, 1}, NCHW, NHWC, CV, 0.5f, 0.25f},
  {2, 1, 19, 16, 1, {1, 6, 9}, {1, 3, 3}, {0, 2, 1}, {1, 1, 1}, {1, 1, 1}, NCHW, NCHW, XC, 1.0f, 0.0f},
  /* 3x3 at stride 1 for Winograd F(4x4, 3x3): no padding (backward data pads by 2) and 9x8 outputs, a
     last tile of one row; 64 channels, to see its error grow with the sum over them */
  {2, 3, 7, 5, 1, {1, 11, 10}, {1, 3, 3}, {0, 0, 0}, {1, 1, 1}, {1, 1, 1}, NHWC, NHWC, CV, -1.0f, 0.5f},
  {2, 2, 64, 40, 1, {1, 9, 9}, {1, 3, 3}, {0, 1, 1}, {1, 1, 1}, {1, 1, 1}, NCHW, NCHW, XC, 1.0f, 0.0f},
  /* 1x1 with padding, and at stride 2: not the identity, im2col runs */
  {2, 2, 3, 2, 1, {1, 4, 5}, {1, 1, 1}, {0, 1, 0}, {1, 1, 1}, {1, 1, 1}, NCHW, NCHW, XC, 1.0f, 0.0f},
  {2, 2, 4, 3, 1, {1, 7, 6}, {1, 1, 1}, {0, 0, 0}, {1, 2, 2}, {1, 1, 1}, NCHW, NCHW, XC, 1.0f, 0.0f},
  /* backward filter by GEMM: 2 images per GEMM and 2 GEMMs (20x20 planes, N = 4), in both layouts and
     in place (1x1); one image per GEMM on planes of 24x24 and more */
  {2, 4, 3, 5, 1, {1, 20, 20}, {1, 3, 3}, {0, 1, 1}, {1, 1, 1}, {1, 1, 1}, NCHW, NCHW, XC, 0.5f, 0.25f},
  {2, 4, 4, 6, 2, {1, 20, 20}, {1, 3, 3}, {0, 1, 1}, {1, 1, 1}, {1, 1, 1}, NHWC, NHWC, CV, 1.0f, 0.0f},
  {2, 4, 3, 2, 1, {1, 20, 20}, {1, 1, 1}, {0, 0, 0}, {1, 1, 1}, {1, 1, 1}, NCHW, NCHW, XC, 1.0f, 0.0f},
  {2, 2, 2, 3, 1, {1, 24, 24}, {1, 3, 3}, {0, 1, 1}, {1, 1, 1}, {1, 1, 1}, NCHW, NCHW, XC, 1.0f, -0.5f},
  {2, 2, 3, 2, 1, {1, 24, 24}, {1, 1, 1}, {0, 0, 0}, {1, 1, 1}, {1, 1, 1}, NCHW, NCHW, CV, 0.5f, 0.25f},
  /* depthwise over NCHW: the 3x3 kernels at stride 1 (37 wide: scalar loads; 16 wide: 16-byte loads, two rows
     per thread over an odd number of rows); the row-tile kernel on two tiles of a plane (dilation 2), on a
     stride-4 tile halved to fit shared memory, with dilation and a channel multiplier; a 1-d row too wide
     for shared memory */
  {2, 2, 3, 3, 3, {1, 40, 37}, {1, 3, 3}, {0, 1, 1}, {1, 1, 1}, {1, 1, 1}, NCHW, NCHW, XC, 1.0f, 0.5f},
  {2, 2, 3, 3, 3, {1, 9, 16}, {1, 3, 3}, {0, 1, 1}, {1, 1, 1}, {1, 1, 1}, NCHW, NCHW, CV, 0.5f, 0.5f},
  {2, 2, 3, 3, 3, {1, 40, 37}, {1, 3, 3}, {0, 1, 1}, {1, 1, 1}, {1, 2, 2}, NCHW, NCHW, XC, 1.0f, 0.5f},
  {2, 1, 2, 2, 2, {1, 200, 200}, {1, 11, 11}, {0, 0, 0}, {1, 4, 4}, {1, 1, 1}, NCHW, NCHW, CV, 1.0f, 0.0f},
  {2, 2, 2, 4, 2, {1, 45, 30}, {1, 5, 3}, {0, 2, 0}, {1, 2, 1}, {1, 1, 2}, NCHW, NCHW, CV, -1.0f, 0.0f},
  {1, 1, 2, 2, 2, {1, 1, 13000}, {1, 1, 3}, {0, 0, 1}, {1, 1, 1}, {1, 1, 1}, NCHW, NCHW, XC, 1.0f, 0.0f},
  /* the 3x3 depthwise kernels at stride 2: no padding on one axis, a last strip of 2 outputs of 4, two
     rows per forward thread, 16-byte loads of x */
  {2, 2, 5, 5, 5, {1, 17, 28}, {1, 3, 3}, {0, 0, 1}, {1, 2, 2}, {1, 1, 1}, NCHW, NCHW, CV, 1.0f, 0.25f},
  /* ... and with an even padding of w (backward data's other parity), one output row: one block per
     channel in backward filter, which then needs no workspace */
  {2, 1, 4, 4, 4, {1, 3, 10}, {1, 3, 3}, {0, 0, 0}, {1, 2, 2}, {1, 1, 1}, NCHW, NCHW, XC, -1.0f, 0.5f},
  /* MobileNet's small planes: 7x7 at stride 1 (one row a forward thread, a last strip of 3), 14x14 at
     stride 2 (16-byte loads, an output of 7x7) */
  {2, 1, 6, 6, 6, {1, 7, 7}, {1, 3, 3}, {0, 1, 1}, {1, 1, 1}, {1, 1, 1}, NCHW, NCHW, CV, 0.5f, 0.25f},
  {2, 2, 6, 6, 6, {1, 14, 14}, {1, 3, 3}, {0, 1, 1}, {1, 2, 2}, {1, 1, 1}, NCHW, NCHW, XC, 1.0f, 0.0f},
  /* the 1x1 batch GEMM (the stride-1 1x1 problems above run it too): stride 2 over NHWC x and a blend; stride 3
     on a non-square plane (10x7 to 4x3), N = 1; strides 2, 1, 2 in 3-d with two groups; 16 channels each way
     at stride 2, where Get ranks it first; and 3 images of 151x151 outputs, 2 to a chunk of at most 65536
     columns: two chunks, the last one short, backward filter adding the second into dw */
  {2, 3, 5, 7, 1, {1, 9, 8}, {1, 1, 1}, {0, 0, 0}, {1, 2, 2}, {1, 1, 1}, NHWC, NCHW, CV, 0.5f, 0.25f},
  {2, 1, 7, 5, 1, {1, 10, 7}, {1, 1, 1}, {0, 0, 0}, {1, 3, 3}, {1, 1, 1}, NCHW, NHWC, XC, -1.0f, 0.5f},
  {3, 2, 4, 6, 2, {3, 5, 4}, {1, 1, 1}, {0, 0, 0}, {2, 1, 2}, {1, 1, 1}, NCHW, NCHW, XC, 1.0f, 1.0f},
  /* planes of 196 outputs and more, which forward multiplies into y itself (smaller ones it scatters):
     3-d outputs of 6x10x9 = 540 pixels with two groups, where a gather thread's step of 256 columns (2
     planes, 8 rows, 4 columns) carries into the next row, plane and image; and 15x14 channels-last
     outputs, the transposed product */
  {3, 2, 4, 6, 2, {6, 19, 9}, {1, 1, 1}, {0, 0, 0}, {1, 2, 1}, {1, 1, 1}, NCHW, NCHW, CV, 1.0f, 0.5f},
  {2, 2, 3, 5, 1, {1, 29, 28}, {1, 1, 1}, {0, 0, 0}, {1, 2, 2}, {1, 1, 1}, NHWC, NCHW, XC, 0.5f, 0.25f},
  {2, 2, 16, 17, 1, {1, 7, 9}, {1, 1, 1}, {0, 0, 0}, {1, 2, 2}, {1, 1, 1}, NCHW, NCHW, XC, 1.0f, 0.0f},
  {2, 3, 3, 2, 1, {1, 301, 301}, {1, 1, 1}, {0, 0, 0}, {1, 2, 2}, {1, 1, 1}, NCHW, NCHW, XC, 0.5f, 0.25f},
  /* a first layer as ResNet's, smaller: 3 channels, 7x7 at stride 2; 70 filters, a full block of 64 and a
     short one, and 19x18 outputs, a short last tile both ways, for the few-channels kernel */
  {2, 2, 3, 70, 1, {1, 37, 35}, {1, 7, 7}, {0, 3, 3}, {1, 2, 2}, {1, 1, 1}, NCHW, NCHW, XC, 1.0f, 0.5f},
  /* 7x7 at stride 1 over 3 channels: one phase whose dy rectangle, 22 x 70, is more than the few-channels
     backward-data kernel holds in registers, so the rest of each plane is loaded after the barrier */
  {2, 2, 3, 6, 1, {1, 20, 70}, {1, 7, 7}, {0, 3, 3}, {1, 1, 1}, {1, 1, 1}, NCHW, NCHW, XC, 1.0f, 0.0f},
};
#define NCASES ((int)(sizeof cases / sizeof cases[0]))

/* ---- shapes and offsets, computed here independently of the library ---- */
static int out_dim(const conv_case *k, int i)
{
  return (k->in[i] + 2 * k->pad[i] - (k->flt[i] - 1) * k->dil[i] - 1) / k->stride[i] + 1;
}
static int64_t vol(const int *s) { return (int64_t)s[0] * s[1] * s[2]; }
static void outs(const conv_case *k, int *o) { for (int i = 0; i < 3; i++) o[i] = out_dim(k, i); }
static size_t x_count(const conv_case *k) { return (size_t)(k->n * k->c * vol(k->in)); }
static size_t w_count(const conv_case *k) { return (size_t)(k->k * (k->c / k->groups) * vol(k->flt)); }
static size_t y_count(const conv_case *k) { int o[3]; outs(k, o); return (size_t)(k->n * k->k * vol(o)); }

/* offset of (a, b, d, h, w) in a packed tensor with b channels, in format f */
static size_t at(litdnnTensorFormat_t f, int nb, const int *sp, int a, int b, int d, int h, int w)
{
  if (f == NCHW)
    return (size_t)((((int64_t)a * nb + b) * sp[0] + d) * sp[1] * sp[2] + (int64_t)h * sp[2] + w);
  return (size_t)(((((int64_t)a * sp[0] + d) * sp[1] + h) * sp[2] + w) * nb + b);
}

/* the three passes in double precision, on the tensors as laid out in memory */
static void ref_pass(const conv_case *k, int pass, const float *x, const float *w, const float *dy,
                     double *out)
{
  int o[3], kg = k->k / k->groups, cg = k->c / k->groups;
  outs(k, o);
  size_t count = pass == FWD ? y_count(k) : pass == BWD_DATA ? x_count(k) : w_count(k);
  memset(out, 0, count * sizeof *out);
  for (int n = 0; n < k->n; n++)
    for (int kk = 0; kk < k->k; kk++)
      for (int od = 0; od < o[0]; od++)
        for (int oh = 0; oh < o[1]; oh++)
          for (int ow = 0; ow < o[2]; ow++)
            for (int cc = 0; cc < cg; cc++)
              for (int rd = 0; rd < k->flt[0]; rd++)
                for (int rh = 0; rh < k->flt[1]; rh++)
                  for (int rw = 0; rw < k->flt[2]; rw++) {
                    int id = od * k->stride[0] - k->pad[0] + rd * k->dil[0];
                    int ih = oh * k->stride[1] - k->pad[1] + rh * k->dil[1];
                    int iw = ow * k->stride[2] - k->pad[2] + rw * k->dil[2];
                    if (id < 0 || id >= k->in[0] || ih < 0 || ih >= k->in[1] || iw < 0 || iw >= k->in[2])
                      continue;
                    int f = k->mode == CV;
                    int td = f ? k->flt[0] - 1 - rd : rd, th = f ? k->flt[1] - 1 - rh : rh,
                        tw = f ? k->flt[2] - 1 - rw : rw;
                    int c = (kk / kg) * cg + cc;
                    size_t xi = at(k->xfmt, k->c, k->in, n, c, id, ih, iw);
                    size_t wi = at(k->wfmt, cg, k->flt, kk, cc, td, th, tw);
                    size_t yi = at(k->xfmt, k->k, o, n, kk, od, oh, ow);
                    if (pass == FWD) out[yi] += (double)w[wi] * x[xi];
                    else if (pass == BWD_DATA) out[xi] += (double)w[wi] * dy[yi];
                    else out[wi] += (double)x[xi] * dy[yi];
                  }
}

/* ---- descriptors ---- */
typedef struct {
  litdnnTensorDescriptor_t x, y;
  litdnnFilterDescriptor_t w;
  litdnnConvolutionDescriptor_t conv;
} conv_descs;

static litdnnTensorDescriptor_t tensor(const conv_case *k, int nb, const int *sp)
{
  int dims[5], strides[5], nd = k->sp + 2;
  dims[0] = k->n;
  dims[1] = nb;
  for (int i = 0; i < k->sp; i++)
    dims[2 + i] = sp[3 - k->sp + i];
  /* strides from the offset function: the distance one step along each axis moves */
  int one[3] = {0, 0, 0};
  size_t base = at(k->xfmt, nb, sp, 0, 0, 0, 0, 0);
  strides[0] = (int)(at(k->xfmt, nb, sp, 1, 0, 0, 0, 0) - base);
  strides[1] = (int)(at(k->xfmt, nb, sp, 0, 1, 0, 0, 0) - base);
  for (int i = 0; i < k->sp; i++) {
    int axis = 3 - k->sp + i;
    memset(one, 0, sizeof one);
    one[axis] = 1;
    strides[2 + i] = (int)(at(k->xfmt, nb, sp, 0, 0, one[0], one[1], one[2]) - base);
  }
  litdnnTensorDescriptor_t d;
  cr_assert_eq(litdnnCreateTensorDescriptor(&d), LITDNN_STATUS_SUCCESS);
  cr_assert_eq(litdnnSetTensorNdDescriptor(d, LITDNN_DATA_FLOAT, nd, dims, strides), LITDNN_STATUS_SUCCESS,
               "%s", litdnnGetLastErrorString());
  return d;
}

static conv_descs make_descs(const conv_case *k)
{
  conv_descs d;
  int o[3], sp = k->sp, fd[5], pad[3], str[3], dil[3];
  outs(k, o);
  d.x = tensor(k, k->c, k->in);
  d.y = tensor(k, k->k, o);
  fd[0] = k->k;
  fd[1] = k->c / k->groups;
  for (int i = 0; i < sp; i++) {
    fd[2 + i] = k->flt[3 - sp + i];
    pad[i] = k->pad[3 - sp + i];
    str[i] = k->stride[3 - sp + i];
    dil[i] = k->dil[3 - sp + i];
  }
  cr_assert_eq(litdnnCreateFilterDescriptor(&d.w), LITDNN_STATUS_SUCCESS);
  cr_assert_eq(litdnnSetFilterNdDescriptor(d.w, LITDNN_DATA_FLOAT, k->wfmt, sp + 2, fd), LITDNN_STATUS_SUCCESS,
               "%s", litdnnGetLastErrorString());
  cr_assert_eq(litdnnCreateConvolutionDescriptor(&d.conv), LITDNN_STATUS_SUCCESS);
  cr_assert_eq(litdnnSetConvolutionNdDescriptor(d.conv, sp, pad, str, dil, k->mode, LITDNN_DATA_FLOAT),
               LITDNN_STATUS_SUCCESS, "%s", litdnnGetLastErrorString());
  cr_assert_eq(litdnnSetConvolutionGroupCount(d.conv, k->groups), LITDNN_STATUS_SUCCESS);
  return d;
}

static void free_descs(conv_descs *d)
{
  litdnnDestroyTensorDescriptor(d->x);
  litdnnDestroyTensorDescriptor(d->y);
  litdnnDestroyFilterDescriptor(d->w);
  litdnnDestroyConvolutionDescriptor(d->conv);
}

/* ---- the tolerance of an algorithm ----
   Every comparison fails unless |got - ref| <= tol (1 + |ref|). Sums of up to a few hundred products
   of numbers in [-1, 1] in float come within about 1e-6 relative, and every algorithm is held to
   tol = 1e-4 but one. Winograd F(4x4, 3x3) ("winograd nonfused") rounds intermediate values whose
   sums of absolute values, carried through B^T, G and A^T, reach 48^2 = 2304 per channel at the
   worst output of a tile, where F(2x2, 3x3) reaches 8^2 = 64 and the direct sum 9 (the convolution
   chapter derives the factors). Its rounding errors can be 36 times those of F(2x2), which is held
   to 1e-4, so it is held to 36e-4. Measured through the emulator on this suite's problems (three
   seeds), |got - ref| / (1 + |ref|) reached 9.3e-5 on the 64-channel one (F(2x2): 7.2e-6), and on
   the others at most 2.7e-5 in one seed (F(2x2): 2.1e-6): under 1e-4, but not by enough to hold it
   there. A lost or misplaced term errs by the size of a product, about 0.25.
   Backward filter by F(4x4, 3x3) is held to the same: there the sums through A, B^T and G^T reach
   53.3^2 = 2844 per tile against the direct sum's 16, a ratio of 178 where the forward form's is
   2304 / 9 = 256. Measured through the emulator (three seeds), its error stayed under 1e-4 and went
   over 1e-5 on three to five of the problems. */
static double tolerance(int pass, int algo)
{
  if ((pass == FWD && algo == LITDNN_CONVOLUTION_FWD_ALGO_WINOGRAD_NONFUSED) ||
      (pass == BWD_DATA && algo == LITDNN_CONVOLUTION_BWD_DATA_ALGO_WINOGRAD_NONFUSED) ||
      (pass == BWD_FILTER && algo == LITDNN_CONVOLUTION_BWD_FILTER_ALGO_WINOGRAD_NONFUSED))
    return 36e-4;
  return 1e-4;
}

/* A float sum of n terms errs by about sqrt(n) roundings of its partial sums, however small the sum
   itself comes out: backward filter sums N P Q products per tap (68,403 in the chunked case), and a
   tap whose sum nearly cancels is then judged by the absolute tolerance alone. It grows with the
   square root of the sum's length past 1024 terms; a wrong index or a lost term still errs by the
   size of a product, ~0.25. */
static double sum_scale(const conv_case *k, int pass)
{
  double terms = pass == BWD_FILTER ? (double)y_count(k) / k->k : 1.0;
  return terms > 1024 ? sqrt(terms / 1024) : 1.0;
}

/* ---- run one pass with one algorithm ---- */
static litdnnStatus_t call_pass(litdnnHandle_t h, int pass, int algo, const conv_descs *d, const conv_case *k,
                                const void *x, const void *w, const void *dy, void *out, void *ws, size_t wss)
{
  switch (pass) {
  case FWD:
    return litdnnConvolutionForward(h, &k->alpha, d->x, x, d->w, w, d->conv, (litdnnConvolutionFwdAlgo_t)algo,
                                    ws, wss, &k->beta, d->y, out);
  case BWD_DATA:
    return litdnnConvolutionBackwardData(h, &k->alpha, d->w, w, d->y, dy, d->conv,
                                         (litdnnConvolutionBwdDataAlgo_t)algo, ws, wss, &k->beta, d->x, out);
  default:
    return litdnnConvolutionBackwardFilter(h, &k->alpha, d->x, x, d->y, dy, d->conv,
                                           (litdnnConvolutionBwdFilterAlgo_t)algo, ws, wss, &k->beta, d->w, out);
  }
}

/* The op of a pass; the pass of a case. */
static litdnnOp_t op_of(int pass) { return (litdnnOp_t)(LITDNN_OP_CONVOLUTION_FORWARD + pass); }
static int pass_of(const t_case *c) { return c->op - LITDNN_OP_CONVOLUTION_FORWARD; }

static void describe(char *buf, size_t size, const t_case *c, int algo, const conv_case *k)
{
  snprintf(buf, size, "%s (algo %d) n%d c%d k%d g%d in %dx%dx%d flt %dx%dx%d pad %d,%d,%d str %d,%d,%d dil %d,%d,%d %s/%s %s a=%g b=%g",
           t_case_name(c), algo, k->n, k->c, k->k, k->groups, k->in[0], k->in[1], k->in[2], k->flt[0], k->flt[1],
           k->flt[2], k->pad[0], k->pad[1], k->pad[2], k->stride[0], k->stride[1], k->stride[2], k->dil[0], k->dil[1],
           k->dil[2], k->xfmt == NCHW ? "NCHW" : "NHWC", k->wfmt == NCHW ? "KCRS" : "KRSC", k->mode == CV ? "conv" : "xcorr",
           k->alpha, k->beta);
}

/* Get's list for a pass: how many entries, in out (at most 16) */
static int get_list(litdnnHandle_t h, int pass, const conv_descs *d, int *algo, litdnnStatus_t *status, size_t *memory)
{
  int n = 0;
  if (pass == FWD) {
    litdnnConvolutionFwdAlgoPerf_t p[16];
    cr_assert_eq(litdnnGetConvolutionForwardAlgorithm(h, d->x, d->w, d->conv, d->y, 16, &n, p), LITDNN_STATUS_SUCCESS,
                 "%s", litdnnGetLastErrorString());
    for (int i = 0; i < n; i++) algo[i] = (int)p[i].algo, status[i] = p[i].status, memory[i] = p[i].memory;
  } else if (pass == BWD_DATA) {
    litdnnConvolutionBwdDataAlgoPerf_t p[16];
    cr_assert_eq(litdnnGetConvolutionBackwardDataAlgorithm(h, d->w, d->y, d->conv, d->x, 16, &n, p),
                 LITDNN_STATUS_SUCCESS, "%s", litdnnGetLastErrorString());
    for (int i = 0; i < n; i++) algo[i] = (int)p[i].algo, status[i] = p[i].status, memory[i] = p[i].memory;
  } else {
    litdnnConvolutionBwdFilterAlgoPerf_t p[16];
    cr_assert_eq(litdnnGetConvolutionBackwardFilterAlgorithm(h, d->x, d->y, d->conv, d->w, 16, &n, p),
                 LITDNN_STATUS_SUCCESS, "%s", litdnnGetLastErrorString());
    for (int i = 0; i < n; i++) algo[i] = (int)p[i].algo, status[i] = p[i].status, memory[i] = p[i].memory;
  }
  return n;
}

/* Get's verdict on one algorithm: its status and workspace */
static litdnnStatus_t get_verdict(litdnnHandle_t h, int pass, int algo, const conv_descs *d, size_t *memory)
{
  int algos[16];
  litdnnStatus_t status[16], st = LITDNN_STATUS_INTERNAL_ERROR;
  size_t mem[16];
  int n = get_list(h, pass, d, algos, status, mem);
  *memory = 0;
  for (int i = 0; i < n; i++)
    if (algos[i] == algo) {
      st = status[i];
      *memory = mem[i];
    }
  return st;
}

/* a pass's workspace-size call for algorithm algo */
static litdnnStatus_t workspace_size(litdnnHandle_t h, int pass, int algo, const conv_descs *d, size_t *ws)
{
  return pass == FWD ? litdnnGetConvolutionForwardWorkspaceSize(h, d->x, d->w, d->conv, d->y, algo, ws)
       : pass == BWD_DATA ? litdnnGetConvolutionBackwardDataWorkspaceSize(h, d->w, d->y, d->conv, d->x, algo, ws)
                          : litdnnGetConvolutionBackwardFilterWorkspaceSize(h, d->x, d->y, d->conv, d->w, algo, ws);
}

/* The algorithm case c runs: its stage, or for the handle's own choice
   Get's first entry, which must be one that runs. */
static int algo_of(const t_case *c, litdnnHandle_t h, int pass, const conv_descs *d)
{
  if (c->stage != LITDNN_STAGE_AUTOMATIC)
    return c->stage;
  int algos[16];
  litdnnStatus_t status[16];
  size_t mem[16];
  int n = get_list(h, pass, d, algos, status, mem);
  cr_assert(n > 0 && status[0] == LITDNN_STATUS_SUCCESS, "%s: Get's first algorithm cannot run", t_case_name(c));
  return algos[0];
}

/* After a call of algorithm algo in case c whose verdict (Get's) was not
   SUCCESS: the call must have said the same, naming the algorithm and
   that it does not apply, and the output (on holds n floats, before
   them) must be as it was. The message is read at once: the next call
   of the library clears it. */
static void expect_refusal(const t_case *c, litdnnHandle_t h, litdnnStatus_t s, const char *msg,
                           litdnnStatus_t verdict, const void *out, const float *before, size_t n, const char *what)
{
  cr_assert(c->stage != LITDNN_STAGE_AUTOMATIC, "%s: Get's first choice cannot run (%s)", what, msg);
  cr_assert_eq(s, verdict, "%s: status %d, Get said %d (%s)", what, s, verdict, msg);
  if (verdict == LITDNN_STATUS_NOT_SUPPORTED)
    cr_assert(strstr(msg, t_case_stage(c)) && strstr(msg, "does not apply"),
              "%s: the refusal does not name the algorithm and say that it does not apply: %s", what, msg);
  float *got = t_dev_fetch(h, out, n);
  t_assert_close_f(got, before, n, 0, 0, what);
  free(got);
}

/* One pass of case c on problem k: the algorithm runs and matches the
   reference, or is refused as Get says it must be. */
static void run_case(const t_case *c, const conv_case *k)
{
  int pass = pass_of(c);
  litdnnHandle_t h = t_case_handle(c);
  conv_descs d = make_descs(k);
  size_t xn = x_count(k), wn = w_count(k), yn = y_count(k);
  size_t on = pass == FWD ? yn : pass == BWD_DATA ? xn : wn;
  float *x = t_random(xn, -1, 1), *w = t_random(wn, -1, 1), *dy = t_random(yn, -1, 1);
  float *out0 = t_random(on, -1, 1);
  if (k->beta == 0)
    t_poison(out0, on);   /* beta = 0: the output is not read, and NaN in it must not leak */
  double *ref = malloc(on * sizeof *ref);
  ref_pass(k, pass, x, w, dy, ref);
  for (size_t i = 0; i < on; i++)
    ref[i] = k->alpha * ref[i] + (k->beta != 0 ? k->beta * (double)out0[i] : 0.0);
  void *dx = t_dev_from_host(h, x, xn), *dw = t_dev_from_host(h, w, wn), *ddy = t_dev_from_host(h, dy, yn);
  void *dout = t_dev_from_host(h, out0, on);
  int algo = algo_of(c, h, pass, &d);
  size_t memory;
  litdnnStatus_t verdict = get_verdict(h, pass, algo, &d, &memory);
  void *ws = memory ? t_dev_alloc(h, memory) : NULL;
  char what[384];
  describe(what, sizeof what, c, algo, k);
  litdnnStatus_t s = call_pass(h, pass, algo, &d, k, dx, dw, ddy, dout, ws, memory);
  char msg[512];
  snprintf(msg, sizeof msg, "%s", litdnnGetLastErrorString());
  if (verdict != LITDNN_STATUS_SUCCESS) {
    expect_refusal(c, h, s, msg, verdict, dout, out0, on, what);
  } else {
    cr_assert_eq(s, LITDNN_STATUS_SUCCESS, "%s: %s", what, msg);
    int last = -1;
    litdnnGetLastStage(h, op_of(pass), &last);
    cr_assert_eq(last, algo, "%s: ran stage %d", what, last);
    float *got = t_dev_fetch(h, dout, on);
    double tol = tolerance(pass, algo);
    t_assert_close(got, ref, on, tol, tol * sum_scale(k, pass), what);
    free(got);
  }
  if (ws) t_dev_free(h, ws);
  t_dev_free(h, dx); t_dev_free(h, dw); t_dev_free(h, ddy); t_dev_free(h, dout);
  free(x); free(w); free(dy); free(out0); free(ref);
  free_descs(&d);
  litdnnDestroy(h);
}

/* A test for each of the three passes: NAME_forward, NAME_backward_data
   and NAME_backward_filter, one case per (algorithm, backend, problem)
   of problems problems, each running body(c). */
#define EVERY_PASS(name, problems, body)                                                           \
  ParameterizedTestParameters(convolution, forward_##name)                                         \
  { return t_cases(LITDNN_OP_CONVOLUTION_FORWARD, problems); }                                     \
  ParameterizedTest(t_case *c, convolution, forward_##name, .timeout = 120) { body(c); }           \
  ParameterizedTestParameters(convolution, backward_data_##name)                                   \
  { return t_cases(LITDNN_OP_CONVOLUTION_BACKWARD_DATA, problems); }                               \
  ParameterizedTest(t_case *c, convolution, backward_data_##name, .timeout = 120) { body(c); }     \
  ParameterizedTestParameters(convolution, backward_filter_##name)                                 \
  { return t_cases(LITDNN_OP_CONVOLUTION_BACKWARD_FILTER, problems); }                             \
  ParameterizedTest(t_case *c, convolution, backward_filter_##name, .timeout = 120) { body(c); }

static void every_case(const t_case *c) { run_case(c, &cases[c->problem]); }
EVERY_PASS(every_algorithm_matches_the_reference, NCASES, every_case)

/* Coverage: every algorithm of every pass takes at least one problem of
   the list (the workspace-size call answers NOT_SUPPORTED where it does
   not, on any backend), so no algorithm passes by refusing them all. */
Test(convolution, every_algorithm_takes_some_problem)
{
  litdnnHandle_t h = t_handle(LITDNN_BACKEND_CPU);
  for (int pass = 0; pass < 3; pass++) {
    int count = 0;
    litdnnGetStageCount(op_of(pass), &count);
    for (int algo = 0; algo < count; algo++) {
      int takes = 0;
      for (int i = 0; i < NCASES && !takes; i++) {
        conv_descs d = make_descs(&cases[i]);
        size_t ws;
        takes = workspace_size(h, pass, algo, &d, &ws) == LITDNN_STATUS_SUCCESS;
        free_descs(&d);
      }
      const char *name;
      litdnnGetStageInfo(op_of(pass), algo, &name, NULL, NULL);
      cr_expect(takes, "%s algorithm %d '%s' takes none of the problems", litdnnGetOpName(op_of(pass)), algo, name);
    }
  }
  litdnnDestroy(h);
}

static void layouts_modes_and_blends(const t_case *c)
{
  static const float blends[][2] = {{1, 0}, {0.5f, 0.25f}, {-2, 1}};
  for (int f = 0; f < 4; f++)
    for (int m = 0; m < 2; m++) {
      conv_case k = {2, 2, 4, 6, 2, {1, 5, 6}, {1, 3, 2}, {0, 1, 1}, {1, 2, 1}, {1, 1, 2},
                     (f & 1) ? NHWC : NCHW, (f & 2) ? NHWC : NCHW, m ? CV : XC, 1, 0};
      k.alpha = blends[(f + m) % 3][0];
      k.beta = blends[(f + m) % 3][1];
      run_case(c, &k);
    }
}
EVERY_PASS(both_layouts_both_modes_and_blends_on_one_shape, 1, layouts_modes_and_blends)

/* ---- the im2col stages over a batch too large for one run ---- */
extern size_t litdnn_conv_gemm_limit;   /* the library's cap on their workspace (convolution.h) */

static int im2col_only(litdnnOp_t op, int stage)
{
  switch (op) {
  case LITDNN_OP_CONVOLUTION_FORWARD:
    return stage == LITDNN_CONVOLUTION_FWD_ALGO_GEMM || stage == LITDNN_CONVOLUTION_FWD_ALGO_GEMM_CUBLAS;
  case LITDNN_OP_CONVOLUTION_BACKWARD_DATA:
    return stage == LITDNN_CONVOLUTION_BWD_DATA_ALGO_GEMM || stage == LITDNN_CONVOLUTION_BWD_DATA_ALGO_GEMM_CUBLAS;
  default:
    return stage == LITDNN_CONVOLUTION_BWD_FILTER_ALGO_GEMM || stage == LITDNN_CONVOLUTION_BWD_FILTER_ALGO_GEMM_CUBLAS;
  }
}

/* five images, and a cap on the workspace that one run of two images just meets: the stage takes runs of
   2, 2 and 1 images, asks for the workspace of two, and still computes the whole batch (backward filter
   summing the runs into dw through the blend; the third problem unrolls 2 images per GEMM) */
static const conv_case runs_cases[] = {
  {2, 5, 3, 4, 1, {1, 7, 6}, {1, 3, 3}, {0, 1, 1}, {1, 1, 1}, {1, 1, 1}, NCHW, NCHW, XC, 0.5f, 0.25f},
  {2, 5, 4, 6, 2, {1, 9, 8}, {1, 3, 2}, {0, 1, 0}, {1, 2, 1}, {1, 1, 1}, NHWC, NHWC, CV, 1.0f, 0.0f},
  {2, 5, 3, 5, 1, {1, 20, 20}, {1, 3, 3}, {0, 1, 1}, {1, 1, 1}, {1, 1, 1}, NCHW, NCHW, XC, -1.0f, 0.5f},
};

static size_t pass_workspace(litdnnHandle_t h, int pass, int algo, const conv_case *k)
{
  conv_descs d = make_descs(k);
  size_t ws = 0;
  cr_assert_eq(workspace_size(h, pass, algo, &d, &ws), LITDNN_STATUS_SUCCESS, "the workspace of algorithm %d, pass %d",
               algo, pass);
  free_descs(&d);
  return ws;
}

static void runs_of_images(const t_case *c)
{
  const conv_case *k = &runs_cases[c->problem];
  conv_case two = *k;
  two.n = 2;
  litdnnHandle_t h = t_case_handle(c);
  int pass = pass_of(c);
  size_t whole = pass_workspace(h, pass, c->stage, k), run = pass_workspace(h, pass, c->stage, &two);
  cr_assert(run < whole, "%s: two images need %zu bytes, five %zu", t_case_name(c), run, whole);
  litdnn_conv_gemm_limit = run;
  cr_assert_eq(pass_workspace(h, pass, c->stage, k), run, "%s: five images in runs of two", t_case_name(c));
  litdnnDestroy(h);
  run_case(c, k);
}
#define IM2COL_RUNS(pass, op)                                                                      \
  ParameterizedTestParameters(convolution, pass##_im2col_takes_the_batch_in_runs)                  \
  { return t_cases_if(op, 3, im2col_only); }                                                       \
  ParameterizedTest(t_case *c, convolution, pass##_im2col_takes_the_batch_in_runs) { runs_of_images(c); }
IM2COL_RUNS(forward, LITDNN_OP_CONVOLUTION_FORWARD)
IM2COL_RUNS(backward_data, LITDNN_OP_CONVOLUTION_BACKWARD_DATA)
IM2COL_RUNS(backward_filter, LITDNN_OP_CONVOLUTION_BACKWARD_FILTER)

/* ---- the bias gradient ---- */
typedef struct {
  int n, k, nsp, sp[3];
  litdnnTensorFormat_t fmt;
  float alpha, beta;
} bias_case;

static const bias_case bias_cases[] = {
  {3, 5, 2, {7, 5}, NCHW, 1, 0},       {2, 7, 2, {7, 5}, NHWC, 0.5f, 2}, {1, 3, 2, {1, 1}, NCHW, 1, 0},
  {2, 2, 3, {3, 4, 5}, NHWC, -1, 0.5f}, {2, 3, 2, {31, 17}, NCHW, 1, 0},
  /* planes of a multiple of 4 floats (the packed-planes stage reads them as float4), one of them
     long enough that a thread makes two rounds, and a 3-d one */
  {4, 6, 2, {8, 6}, NCHW, 0.5f, 2},     {5, 3, 2, {64, 60}, NCHW, 1, 0},   {2, 4, 3, {4, 4, 6}, NCHW, 1, 0.5f},
};

ParameterizedTestParameters(convolution, backward_bias_every_stage_matches_the_reference)
{
  return t_cases(LITDNN_OP_CONVOLUTION_BACKWARD_BIAS, (int)(sizeof bias_cases / sizeof bias_cases[0]));
}
ParameterizedTest(t_case *c, convolution, backward_bias_every_stage_matches_the_reference)
{
  const bias_case *b = &bias_cases[c->problem];
  int n = b->n, k = b->k, nsp = b->nsp;
  litdnnTensorFormat_t fmt = b->fmt;
  float alpha = b->alpha, beta = b->beta;
  litdnnHandle_t h = t_case_handle(c);
  int dims[5] = {n, k, 1, 1, 1}, bdims[5] = {1, k, 1, 1, 1};
  for (int i = 0; i < nsp; i++) dims[2 + i] = b->sp[i];
  litdnnTensorDescriptor_t yd, bd;
  litdnnCreateTensorDescriptor(&yd);
  litdnnCreateTensorDescriptor(&bd);
  cr_assert_eq(litdnnSetTensorNdDescriptorEx(yd, fmt, LITDNN_DATA_FLOAT, nsp + 2, dims), LITDNN_STATUS_SUCCESS);
  cr_assert_eq(litdnnSetTensorNdDescriptorEx(bd, NCHW, LITDNN_DATA_FLOAT, nsp + 2, bdims), LITDNN_STATUS_SUCCESS);
  size_t yn = (size_t)n * k;
  for (int i = 0; i < nsp; i++) yn *= (size_t)b->sp[i];
  size_t plane = yn / ((size_t)n * k);
  float *dy = t_random(yn, -1, 1), *b0 = t_random((size_t)k, -1, 1);
  if (beta == 0)
    t_poison(b0, (size_t)k);
  double *ref = malloc((size_t)k * sizeof *ref);
  for (int ch = 0; ch < k; ch++) {
    double s = 0;
    for (int i = 0; i < n; i++)
      for (size_t p = 0; p < plane; p++)
        s += dy[fmt == NCHW ? ((size_t)i * k + ch) * plane + p : ((size_t)i * plane + p) * k + ch];
    ref[ch] = alpha * s + (beta != 0 ? beta * (double)b0[ch] : 0.0);
  }
  void *ddy = t_dev_from_host(h, dy, yn);
  void *db = t_dev_from_host(h, b0, (size_t)k);
  /* every stage runs NCHW and NCDHW; only the packed-planes stage may refuse another layout */
  int must_run = fmt == NCHW || strcmp(t_case_stage(c), "packed planes") != 0;
  litdnnStatus_t s = litdnnConvolutionBackwardBias(h, &alpha, yd, ddy, &beta, bd, db);
  t_case_status(c, s, must_run);
  char what[256];
  snprintf(what, sizeof what, "%s: n%d k%d %s", t_case_name(c), n, k, fmt == NCHW ? "NCHW" : "NHWC");
  float *got = t_dev_fetch(h, db, (size_t)k);
  t_assert_close(got, ref, (size_t)k, 1e-5, 1e-4, what);
  free(got); free(dy); free(b0); free(ref);
  t_dev_free(h, ddy); t_dev_free(h, db);
  litdnnDestroyTensorDescriptor(yd);
  litdnnDestroyTensorDescriptor(bd);
  litdnnDestroy(h);
}

/* ---- finite differences: the backward passes are the gradients ---- */
/* L(x, w) = sum_i g_i y_i(x, w), with y from the reference written here */
static double loss(const conv_case *k, const float *x, const float *w, const float *g)
{
  size_t yn = y_count(k);
  double *y = malloc(yn * sizeof *y), l = 0;
  ref_pass(k, FWD, x, w, NULL, y);
  for (size_t i = 0; i < yn; i++) l += g[i] * y[i];
  free(y);
  return l;
}

static const conv_case fd_cases[] = {
  {2, 1, 2, 3, 1, {1, 5, 5}, {1, 3, 3}, {0, 1, 1}, {1, 2, 2}, {1, 1, 1}, NCHW, NCHW, CV, 1, 0},
  {2, 2, 4, 2, 2, {1, 6, 5}, {1, 2, 3}, {0, 2, 1}, {1, 1, 2}, {1, 2, 1}, NHWC, NHWC, XC, 1, 0},
};

/* The gradient with respect to x (backward data) or w (backward filter) of
   case c's algorithm against central differences of L. */
static void finite_differences(const t_case *c)
{
  const conv_case *k = &fd_cases[c->problem];
  int pass = pass_of(c);
  size_t xn = x_count(k), wn = w_count(k), yn = y_count(k);
  float *x = t_random(xn, -1, 1), *w = t_random(wn, -1, 1), *g = t_random(yn, -1, 1);
  float *v = pass == BWD_DATA ? x : w;   /* the variable of the gradient */
  size_t vn = pass == BWD_DATA ? xn : wn;
  double *num = malloc(vn * sizeof *num);
  const float h = 0.03125f;   /* a power of two: x +- h is exact in float for |x| < 1 */
  for (size_t i = 0; i < vn; i++) {
    float keep = v[i];
    v[i] = keep + h; double lp = loss(k, x, w, g);
    v[i] = keep - h; double lm = loss(k, x, w, g);
    v[i] = keep;
    num[i] = (lp - lm) / (2 * h);
  }
  litdnnHandle_t hd = t_case_handle(c);
  conv_descs d = make_descs(k);
  float one = 1, zero = 0;
  void *dx = t_dev_from_host(hd, x, xn), *dw = t_dev_from_host(hd, w, wn), *dg = t_dev_from_host(hd, g, yn);
  void *out = t_dev_poisoned(hd, vn);
  int algo = algo_of(c, hd, pass, &d);
  size_t memory;
  litdnnStatus_t verdict = get_verdict(hd, pass, algo, &d, &memory);
  void *ws = memory ? t_dev_alloc(hd, memory) : NULL;
  litdnnStatus_t s = pass == BWD_DATA
                         ? litdnnConvolutionBackwardData(hd, &one, d.w, dw, d.y, dg, d.conv, algo, ws, memory, &zero,
                                                         d.x, out)
                         : litdnnConvolutionBackwardFilter(hd, &one, d.x, dx, d.y, dg, d.conv, algo, ws, memory, &zero,
                                                           d.w, out);
  char msg[512];
  snprintf(msg, sizeof msg, "%s", litdnnGetLastErrorString());
  char what[256];
  snprintf(what, sizeof what, "%s: dL/d%s by finite differences", t_case_name(c), pass == BWD_DATA ? "x" : "w");
  if (verdict != LITDNN_STATUS_SUCCESS) {
    float *nan = malloc(vn * sizeof *nan);
    t_poison(nan, vn);
    expect_refusal(c, hd, s, msg, verdict, out, nan, vn, what);
    free(nan);
  } else {
    cr_assert_eq(s, LITDNN_STATUS_SUCCESS, "%s: %s", what, msg);
    float *got = t_dev_fetch(hd, out, vn);
    t_assert_close(got, num, vn, tolerance(pass, algo), tolerance(pass, algo), what);
    free(got);
  }
  if (ws) t_dev_free(hd, ws);
  t_dev_free(hd, dx); t_dev_free(hd, dw); t_dev_free(hd, dg); t_dev_free(hd, out);
  free_descs(&d);
  litdnnDestroy(hd);
  free(x); free(w); free(g); free(num);
}

ParameterizedTestParameters(convolution, backward_data_agrees_with_finite_differences)
{
  return t_cases(LITDNN_OP_CONVOLUTION_BACKWARD_DATA, 2);
}
ParameterizedTest(t_case *c, convolution, backward_data_agrees_with_finite_differences) { finite_differences(c); }

ParameterizedTestParameters(convolution, backward_filter_agrees_with_finite_differences)
{
  return t_cases(LITDNN_OP_CONVOLUTION_BACKWARD_FILTER, 2);
}
ParameterizedTest(t_case *c, convolution, backward_filter_agrees_with_finite_differences) { finite_differences(c); }

/* ---- descriptors and output dimensions ---- */
Test(convolution, descriptors_round_trip_and_output_dims)
{
  litdnnConvolutionDescriptor_t cd;
  litdnnFilterDescriptor_t wd;
  litdnnTensorDescriptor_t xd;
  cr_assert_eq(litdnnCreateConvolutionDescriptor(&cd), 0);
  cr_assert_eq(litdnnCreateFilterDescriptor(&wd), 0);
  cr_assert_eq(litdnnCreateTensorDescriptor(&xd), 0);
  cr_assert_eq(litdnnSetConvolution2dDescriptor(cd, 3, 3, 2, 2, 1, 1, XC, LITDNN_DATA_FLOAT), 0);
  int ph, pw, u, v, dh, dw, g;
  litdnnConvolutionMode_t mode;
  litdnnDataType_t t;
  cr_assert_eq(litdnnGetConvolution2dDescriptor(cd, &ph, &pw, &u, &v, &dh, &dw, &mode, &t), 0);
  cr_assert(ph == 3 && pw == 3 && u == 2 && v == 2 && dh == 1 && dw == 1 && mode == XC && t == LITDNN_DATA_FLOAT);
  cr_assert_eq(litdnnGetConvolutionGroupCount(cd, &g), 0);
  cr_assert_eq(g, 1);
  /* ResNet-50's first layer: 224x224, 7x7 stride 2 pad 3 -> 112x112 */
  cr_assert_eq(litdnnSetTensor4dDescriptor(xd, NCHW, LITDNN_DATA_FLOAT, 32, 3, 224, 224), 0);
  cr_assert_eq(litdnnSetFilter4dDescriptor(wd, LITDNN_DATA_FLOAT, NCHW, 64, 3, 7, 7), 0);
  int n, c, h, w;
  cr_assert_eq(litdnnGetConvolution2dForwardOutputDim(cd, xd, wd, &n, &c, &h, &w), 0, "%s", litdnnGetLastErrorString());
  cr_assert(n == 32 && c == 64 && h == 112 && w == 112, "%dx%dx%dx%d", n, c, h, w);
  litdnnDataType_t ft;
  litdnnTensorFormat_t ff;
  int k, fc, fh, fw;
  cr_assert_eq(litdnnGetFilter4dDescriptor(wd, &ft, &ff, &k, &fc, &fh, &fw), 0);
  cr_assert(ft == LITDNN_DATA_FLOAT && ff == NCHW && k == 64 && fc == 3 && fh == 7 && fw == 7);
  /* 3-d: 8x16x16, 3x3x3, pad 1, stride (1, 2, 2), dilation (2, 1, 1) -> 6x8x8 */
  int pad[3] = {1, 1, 1}, str[3] = {1, 2, 2}, dil[3] = {2, 1, 1}, xdims[5] = {2, 4, 8, 16, 16};
  int fdims[5] = {6, 2, 3, 3, 3}, out[5];
  cr_assert_eq(litdnnSetConvolutionNdDescriptor(cd, 3, pad, str, dil, CV, LITDNN_DATA_FLOAT), 0);
  cr_assert_eq(litdnnSetConvolutionGroupCount(cd, 2), 0);
  cr_assert_eq(litdnnSetTensorNdDescriptorEx(xd, NHWC, LITDNN_DATA_FLOAT, 5, xdims), 0);
  cr_assert_eq(litdnnSetFilterNdDescriptor(wd, LITDNN_DATA_FLOAT, NHWC, 5, fdims), 0);
  cr_assert_eq(litdnnGetConvolutionNdForwardOutputDim(cd, xd, wd, 5, out), 0, "%s", litdnnGetLastErrorString());
  cr_assert(out[0] == 2 && out[1] == 6 && out[2] == 6 && out[3] == 8 && out[4] == 8, "%dx%dx%dx%dx%d", out[0],
            out[1], out[2], out[3], out[4]);
  int len, gp[3], gs[3], gd[3];
  cr_assert_eq(litdnnGetConvolutionNdDescriptor(cd, 3, &len, gp, gs, gd, &mode, &t), 0);
  cr_assert(len == 3 && gp[2] == 1 && gs[1] == 2 && gd[0] == 2 && mode == CV);
  int nbd, gf[5];
  cr_assert_eq(litdnnGetFilterNdDescriptor(wd, 5, &ft, &ff, &nbd, gf), 0);
  cr_assert(nbd == 5 && ff == NHWC && gf[0] == 6 && gf[4] == 3);
  litdnnDestroyConvolutionDescriptor(cd);
  litdnnDestroyFilterDescriptor(wd);
  litdnnDestroyTensorDescriptor(xd);
}

/* The cases of a test that runs once per backend in the mask, through the
   handle's own choice (the test names its algorithms itself). */
static int automatic_only(litdnnOp_t op, int stage)
{
  (void)op;
  return stage == LITDNN_STAGE_AUTOMATIC;
}
#define ON(b) LITDNN_BACKEND_BIT(LITDNN_BACKEND_##b)

/* ---- Get, Find and workspace sizes ---- */
/* on the emulator: the algorithms of the emu backend, cuBLAS and the reference out */
ParameterizedTestParameters(convolution, get_ranks_find_times_and_workspace_sizes_agree)
{
  return t_cases_on(LITDNN_OP_CONVOLUTION_FORWARD, 1, ON(EMU), automatic_only);
}
ParameterizedTest(t_case *tc, convolution, get_ranks_find_times_and_workspace_sizes_agree, .timeout = 120)
{
  conv_case k = {2, 2, 3, 16, 1, {1, 6, 6}, {1, 3, 3}, {0, 1, 1}, {1, 1, 1}, {1, 1, 1}, NCHW, NCHW, XC, 1, 0};
  conv_descs d = make_descs(&k);
  litdnnHandle_t h = t_case_handle(tc);
  int max = 0, n = 0;
  cr_assert_eq(litdnnGetConvolutionForwardAlgorithmMaxCount(h, &max), 0);
  cr_assert_eq(max, LITDNN_CONVOLUTION_FWD_ALGO_COUNT);
  litdnnConvolutionFwdAlgoPerf_t p[LITDNN_CONVOLUTION_FWD_ALGO_COUNT];
  cr_assert_eq(litdnnGetConvolutionForwardAlgorithm(h, d.x, d.w, d.conv, d.y, max, &n, p), 0);
  cr_assert_eq(n, max);
  cr_assert_eq(p[0].status, LITDNN_STATUS_SUCCESS);
  int seen_ok_after_bad = 0, bad = 0;
  for (int i = 0; i < n; i++) {
    size_t ws;
    if (p[i].status != LITDNN_STATUS_SUCCESS) bad = 1;
    else if (bad) seen_ok_after_bad = 1;
    if (p[i].algo == LITDNN_CONVOLUTION_FWD_ALGO_REFERENCE)
      cr_assert_eq(p[i].status, LITDNN_STATUS_NOT_SUPPORTED_BACKEND);
    if (p[i].algo == LITDNN_CONVOLUTION_FWD_ALGO_DEPTHWISE)
      cr_assert_eq(p[i].status, LITDNN_STATUS_NOT_SUPPORTED);
    cr_assert_eq(p[i].determinism, LITDNN_DETERMINISTIC);
    litdnnStatus_t st = litdnnGetConvolutionForwardWorkspaceSize(h, d.x, d.w, d.conv, d.y, p[i].algo, &ws);
    if (p[i].status == LITDNN_STATUS_NOT_SUPPORTED) {   /* cannot run this problem: no size either */
      cr_assert_eq(st, LITDNN_STATUS_NOT_SUPPORTED);
      continue;
    }
    cr_assert_eq(st, 0, "%s", litdnnGetLastErrorString());
    cr_assert_eq(ws, p[i].memory, "algo %d", p[i].algo);
    if (p[i].algo == LITDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_PRECOMP_GEMM)
      cr_assert_eq(ws, (size_t)27 * 32, "one 32-byte record per (c, r, s)");
    if (p[i].algo == LITDNN_CONVOLUTION_FWD_ALGO_GEMM)
      cr_assert_eq(ws, (size_t)2 * 27 * 36 * 4, "the unrolled input: N x L x PQ");
    if (p[i].algo == LITDNN_CONVOLUTION_FWD_ALGO_WINOGRAD)
      cr_assert_eq(ws, (size_t)16 * 3 * 16 * 4, "a 4x4 transformed filter per (k, c)");
    if (p[i].algo == LITDNN_CONVOLUTION_FWD_ALGO_WINOGRAD_NONFUSED)
      cr_assert_eq(ws, (size_t)36 * (16 * 3 + 3 * 8 + 16 * 8) * 4, "U, V and M of 36 GEMMs, 8 tiles of 4x4");
  }
  cr_assert(!seen_ok_after_bad, "Get must list the runnable algorithms first");
  /* asking for fewer records returns fewer */
  cr_assert_eq(litdnnGetConvolutionForwardAlgorithm(h, d.x, d.w, d.conv, d.y, 2, &n, p), 0);
  cr_assert_eq(n, 2);

  size_t xn = x_count(&k), wn = w_count(&k), yn = y_count(&k);
  float *x = t_random(xn, -1, 1), *w = t_random(wn, -1, 1);
  void *dx = t_dev_from_host(h, x, xn), *dw = t_dev_from_host(h, w, wn), *dy = t_dev_poisoned(h, yn);
  /* without a workspace, the two GEMMs that need one are left out with SIZE_INSUFFICIENT */
  cr_assert_eq(litdnnFindConvolutionForwardAlgorithm(h, d.x, dx, d.w, dw, d.conv, d.y, dy, max, &n, p, NULL, 0), 0,
               "%s", litdnnGetLastErrorString());
  int timed = 0;
  for (int i = 0; i < n; i++) {
    if (p[i].algo == LITDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_PRECOMP_GEMM ||
        p[i].algo == LITDNN_CONVOLUTION_FWD_ALGO_GEMM || p[i].algo == LITDNN_CONVOLUTION_FWD_ALGO_WINOGRAD ||
        p[i].algo == LITDNN_CONVOLUTION_FWD_ALGO_WINOGRAD_NONFUSED)
      cr_assert_eq(p[i].status, LITDNN_STATUS_BAD_PARAM_SIZE_INSUFFICIENT);
    if (p[i].status == LITDNN_STATUS_SUCCESS) {
      cr_assert_eq(i, timed, "timed algorithms come first");
      cr_assert_geq(p[i].time, 0.0f);
      if (i > 0) cr_assert_geq(p[i].time, p[i - 1].time, "sorted by time");
      timed++;
    } else {
      cr_assert_eq(p[i].time, -1.0f);
    }
  }
  cr_assert_eq(timed, 4);   /* direct, tiled, implicit GEMM, few channels (3 of them here) */
  size_t ws;
  cr_assert_eq(litdnnGetConvolutionForwardWorkspaceSize(h, d.x, d.w, d.conv, d.y,
                                                        LITDNN_CONVOLUTION_FWD_ALGO_GEMM, &ws), 0);
  void *buf = t_dev_alloc(h, ws);   /* larger than those of Winograd and the precomputed GEMM */
  cr_assert_eq(litdnnFindConvolutionForwardAlgorithm(h, d.x, dx, d.w, dw, d.conv, d.y, dy, max, &n, p, buf, ws), 0);
  timed = 0;
  for (int i = 0; i < n; i++) timed += p[i].status == LITDNN_STATUS_SUCCESS;
  cr_assert_eq(timed, 7);   /* and the GEMM, Winograd and the precomputed GEMM */
  /* F(4x4) wants more: with its workspace, Find times it too */
  size_t ws4;
  cr_assert_eq(litdnnGetConvolutionForwardWorkspaceSize(h, d.x, d.w, d.conv, d.y,
                                                        LITDNN_CONVOLUTION_FWD_ALGO_WINOGRAD_NONFUSED, &ws4), 0);
  cr_assert_gt(ws4, ws);
  void *buf4 = t_dev_alloc(h, ws4);
  cr_assert_eq(litdnnFindConvolutionForwardAlgorithm(h, d.x, dx, d.w, dw, d.conv, d.y, dy, max, &n, p, buf4, ws4), 0);
  timed = 0;
  int nonfused_timed = 0;
  for (int i = 0; i < n; i++) {
    timed += p[i].status == LITDNN_STATUS_SUCCESS;
    nonfused_timed |= p[i].algo == LITDNN_CONVOLUTION_FWD_ALGO_WINOGRAD_NONFUSED && p[i].status == 0 && p[i].time >= 0;
  }
  cr_assert_eq(timed, 8);
  cr_assert(nonfused_timed, "Find times Winograd F(4x4) when its workspace is lent");
  t_dev_free(h, buf4);

  /* the backward passes: max counts and Find */
  cr_assert_eq(litdnnGetConvolutionBackwardDataAlgorithmMaxCount(h, &max), 0);
  cr_assert_eq(max, LITDNN_CONVOLUTION_BWD_DATA_ALGO_COUNT);
  cr_assert_eq(litdnnGetConvolutionBackwardFilterAlgorithmMaxCount(h, &max), 0);
  cr_assert_eq(max, LITDNN_CONVOLUTION_BWD_FILTER_ALGO_COUNT);
  litdnnConvolutionBwdDataAlgoPerf_t pd[LITDNN_CONVOLUTION_BWD_DATA_ALGO_COUNT];
  litdnnConvolutionBwdFilterAlgoPerf_t pf[4];
  float *g = t_random(yn, -1, 1);
  void *ox = t_dev_poisoned(h, xn), *ow = t_dev_poisoned(h, wn), *gy = t_dev_from_host(h, g, yn);
  cr_assert_eq(litdnnFindConvolutionBackwardDataAlgorithm(h, d.w, dw, d.y, gy, d.conv, d.x, ox,
                                                       LITDNN_CONVOLUTION_BWD_DATA_ALGO_COUNT, &n, pd, NULL, 0), 0,
               "%s", litdnnGetLastErrorString());
  cr_assert_eq(n, LITDNN_CONVOLUTION_BWD_DATA_ALGO_COUNT);
  /* three run without a workspace (direct, implicit GEMM, few channels: C = 3), fastest first */
  int few_timed = 0;
  for (int i = 0; i < 3; i++) {
    cr_assert_eq(pd[i].status, 0, "algo %d", pd[i].algo);
    cr_assert(i == 0 || pd[i - 1].time <= pd[i].time);
    few_timed |= pd[i].algo == LITDNN_CONVOLUTION_BWD_DATA_ALGO_FEW_CHANNELS;
  }
  cr_assert(few_timed, "Find times the few-channels stage on a 3-channel problem");
  /* the three that need a workspace, then in Get's order cuBLAS (not on the emulator), the depthwise kernel
     (not a depthwise problem), the 1x1 batch GEMM (not a 1x1 filter) and the reference (CPU only) */
  cr_assert(pd[3].status == LITDNN_STATUS_BAD_PARAM_SIZE_INSUFFICIENT && pd[3].algo == LITDNN_CONVOLUTION_BWD_DATA_ALGO_GEMM);
  cr_assert(pd[4].status == LITDNN_STATUS_BAD_PARAM_SIZE_INSUFFICIENT &&
            pd[4].algo == LITDNN_CONVOLUTION_BWD_DATA_ALGO_WINOGRAD);
  cr_assert(pd[5].status == LITDNN_STATUS_BAD_PARAM_SIZE_INSUFFICIENT &&
            pd[5].algo == LITDNN_CONVOLUTION_BWD_DATA_ALGO_WINOGRAD_NONFUSED);
  cr_assert_eq(pd[6].status, LITDNN_STATUS_NOT_SUPPORTED_BACKEND);
  cr_assert(pd[7].status == LITDNN_STATUS_NOT_SUPPORTED && pd[7].algo == LITDNN_CONVOLUTION_BWD_DATA_ALGO_DEPTHWISE);
  cr_assert(pd[8].status == LITDNN_STATUS_NOT_SUPPORTED && pd[8].algo == LITDNN_CONVOLUTION_BWD_DATA_ALGO_BATCH_GEMM_1X1);
  cr_assert(pd[9].status == LITDNN_STATUS_NOT_SUPPORTED_BACKEND && pd[9].algo == LITDNN_CONVOLUTION_BWD_DATA_ALGO_REFERENCE);
  cr_assert_eq(litdnnFindConvolutionBackwardFilterAlgorithm(h, d.x, dx, d.y, gy, d.conv, d.w, ow, 4, &n, pf, NULL, 0), 0,
               "%s", litdnnGetLastErrorString());
  cr_assert(n == 4 && pf[0].status == 0 && pf[1].status == 0 && pf[0].time <= pf[1].time);
  cr_assert(pf[2].status == LITDNN_STATUS_BAD_PARAM_SIZE_INSUFFICIENT && pf[2].algo == LITDNN_CONVOLUTION_BWD_FILTER_ALGO_GEMM);
  t_dev_free(h, buf); t_dev_free(h, dx); t_dev_free(h, dw); t_dev_free(h, dy);
  t_dev_free(h, ox); t_dev_free(h, ow); t_dev_free(h, gy);
  free(x); free(w); free(g);
  free_descs(&d);
  litdnnDestroy(h);
}

/* Get's first choice follows the measured winners: Winograd F(4x4) on 3x3 stride-1 layers with 16 or more
   channels (every pass), then F(2x2) (forward and backward data), the other way round in TF32 math on planes
   under 56x56, and the tensor cores' implicit GEMM before both in TF32 math on larger ones (forward and
   backward data, channels a multiple of 16), and first on wider filters that Winograd does not take; each pass's depthwise kernel on 3x3 depthwise
   layers at stride 1 and 2; the 1x1 batch GEMM on 1x1 layers with 16 or more channels at a stride (forward and
   backward data; backward filter on planes of at most 14x14) and, at stride 1, in backward filter on planes
   of at most 14x14; and in TF32 math the tensor cores' backward filter on layers wider than 1x1 that
   Winograd does not take, on first layers before the few-channels kernel, and before Winograd on layers of
   at most 64 channels each way */
ParameterizedTestParameters(convolution, get_puts_the_measured_winner_first)
{
  return t_cases_on(LITDNN_OP_CONVOLUTION_FORWARD, 1, ON(EMU), automatic_only);
}
ParameterizedTest(t_case *tc, convolution, get_puts_the_measured_winner_first)
{
  litdnnHandle_t h = t_case_handle(tc);
  conv_case dense = {2, 2, 16, 16, 1, {1, 8, 8}, {1, 3, 3}, {0, 1, 1}, {1, 1, 1}, {1, 1, 1}, NCHW, NCHW, XC, 1, 0};
  conv_case dw1 = {2, 2, 8, 8, 8, {1, 8, 8}, {1, 3, 3}, {0, 1, 1}, {1, 1, 1}, {1, 1, 1}, NCHW, NCHW, XC, 1, 0};
  conv_case dw2 = dw1, small = dense;
  dw2.stride[1] = dw2.stride[2] = 2;
  small.c = 8;   /* too few channels for Winograd's GEMMs: backward data keeps cuBLAS first */
  int n = 0;
  litdnnConvolutionFwdAlgoPerf_t p[LITDNN_CONVOLUTION_FWD_ALGO_COUNT];
  litdnnConvolutionBwdDataAlgoPerf_t pd[LITDNN_CONVOLUTION_BWD_DATA_ALGO_COUNT];
  conv_descs d = make_descs(&dense);
  cr_assert_eq(litdnnGetConvolutionForwardAlgorithm(h, d.x, d.w, d.conv, d.y, 1, &n, p), 0);
  cr_assert_eq(p[0].algo, LITDNN_CONVOLUTION_FWD_ALGO_WINOGRAD_NONFUSED);
  cr_assert_eq(litdnnGetConvolutionBackwardDataAlgorithm(h, d.w, d.y, d.conv, d.x, 1, &n, pd), 0);
  cr_assert_eq(pd[0].algo, LITDNN_CONVOLUTION_BWD_DATA_ALGO_WINOGRAD_NONFUSED);
  /* Winograd F(4x4) first in every pass, then F(2x2) in the two that have it */
  int algos[16];
  litdnnStatus_t status[16];
  size_t mem[16];
  const int first[3] = {LITDNN_CONVOLUTION_FWD_ALGO_WINOGRAD_NONFUSED, LITDNN_CONVOLUTION_BWD_DATA_ALGO_WINOGRAD_NONFUSED,
                        LITDNN_CONVOLUTION_BWD_FILTER_ALGO_WINOGRAD_NONFUSED};
  const int second[2] = {LITDNN_CONVOLUTION_FWD_ALGO_WINOGRAD, LITDNN_CONVOLUTION_BWD_DATA_ALGO_WINOGRAD};
  for (int pass = FWD; pass <= BWD_FILTER; pass++) {
    int count = get_list(h, pass, &d, algos, status, mem);
    cr_assert(count >= 2 && algos[0] == first[pass] && status[0] == LITDNN_STATUS_SUCCESS, "pass %d", pass);
    if (pass != BWD_FILTER)
      cr_assert_eq(algos[1], second[pass], "pass %d", pass);
  }
  /* in TF32 math, where only F(2x2)'s GEMMs use the tensor cores, the two swap places; backward
     filter, which has no F(2x2), lists the tensor cores' kernel before F(4x4) on these 16 channels */
  cr_assert_eq(litdnnSetConvolutionMathType(d.conv, LITDNN_MATH_TF32), 0);
  for (int pass = FWD; pass <= BWD_FILTER; pass++) {
    int count = get_list(h, pass, &d, algos, status, mem);
    if (pass != BWD_FILTER)
      cr_assert(count >= 2 && algos[0] == second[pass] && algos[1] == first[pass], "TF32, pass %d", pass);
    else
      cr_assert(count >= 2 && algos[0] == LITDNN_CONVOLUTION_BWD_FILTER_ALGO_IMPLICIT_GEMM && algos[1] == first[pass],
                "TF32, pass %d", pass);
  }
  free_descs(&d);
  /* but with 128 filters, more than 64, backward filter keeps F(4x4) first */
  conv_case wider = dense;
  wider.k = 128;
  d = make_descs(&wider);
  cr_assert_eq(litdnnSetConvolutionMathType(d.conv, LITDNN_MATH_TF32), 0);
  cr_assert_eq(get_list(h, BWD_FILTER, &d, algos, status, mem) > 0 && algos[0] == first[BWD_FILTER], 1,
               "TF32, 128 filters: first %d", algos[0]);
  free_descs(&d);
  /* but on planes of 56 x 56, where the transforms' traffic is the larger cost, F(4x4) stays ahead of
     F(2x2); there the implicit GEMM on the tensor cores comes before both in forward and backward data,
     where its slices of 16 channels fit (16 channels each way), and not where they do not (24) */
  const int tensor[2] = {LITDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_PRECOMP_GEMM,
                         LITDNN_CONVOLUTION_BWD_DATA_ALGO_IMPLICIT_GEMM};
  for (int channels = 16; channels <= 24; channels += 8) {
    conv_case large = dense;
    large.in[1] = large.in[2] = 56;
    large.c = large.k = channels;
    int fits = channels % 16 == 0;
    d = make_descs(&large);
    cr_assert_eq(litdnnSetConvolutionMathType(d.conv, LITDNN_MATH_TF32), 0);
    for (int pass = FWD; pass <= BWD_FILTER; pass++) {
      int count = get_list(h, pass, &d, algos, status, mem), i = 0;
      if (pass != BWD_FILTER && fits)
        cr_assert(count >= 1 && algos[i++] == tensor[pass], "TF32, 56 x 56, %d channels, pass %d", channels, pass);
      if (pass == BWD_FILTER)   /* at most 64 channels each way: the split-K kernel, whatever the channels */
        cr_assert(count >= 1 && algos[i++] == LITDNN_CONVOLUTION_BWD_FILTER_ALGO_IMPLICIT_GEMM,
                  "TF32, 56 x 56, %d channels, backward filter", channels);
      cr_assert(count >= i + 1 && algos[i] == first[pass], "TF32, 56 x 56, %d channels, pass %d", channels, pass);
      if (pass != BWD_FILTER)
        cr_assert(count >= i + 2 && algos[i + 1] == second[pass], "TF32, 56 x 56, %d channels, pass %d", channels,
                  pass);
      for (int j = i; j < count; j++)   /* and listed once */
        cr_assert(pass == BWD_FILTER ? algos[j] != LITDNN_CONVOLUTION_BWD_FILTER_ALGO_IMPLICIT_GEMM
                                     : algos[j] != tensor[pass] || !fits,
                  "pass %d lists it twice", pass);
    }
    free_descs(&d);
  }
  /* and on a 5x5 layer, which Winograd does not take, it comes first in TF32 math in forward and backward
     data where its slices fit (32 channels each way), at stride 1 and at stride 2 (backward data by
     phases), not where they do not (24), not in FMA math, not on a 1x1 layer, and not in backward data
     at stride 2 onto 8 channels, too few for its tiles */
  for (int variant = 0; variant < 6; variant++) {
    conv_case five = {2, 2, 32, 32, 1, {1, 14, 14}, {1, 5, 5}, {0, 2, 2}, {1, 1, 1}, {1, 1, 1}, NCHW, NCHW, XC, 1, 0};
    if (variant == 1)
      five.c = five.k = 24;
    if (variant == 3) {
      five.flt[1] = five.flt[2] = 1;
      five.pad[1] = five.pad[2] = 0;
    }
    if (variant >= 4)
      five.stride[1] = five.stride[2] = 2;
    if (variant == 5)
      five.c = 8;
    d = make_descs(&five);
    if (variant != 2)
      cr_assert_eq(litdnnSetConvolutionMathType(d.conv, LITDNN_MATH_TF32), 0);
    for (int pass = FWD; pass <= BWD_DATA; pass++) {
      int count = get_list(h, pass, &d, algos, status, mem);
      cr_assert(count >= 1 && (algos[0] == tensor[pass]) == (variant == 0 || variant == 4),
                "5x5, variant %d, pass %d: first %d",
                variant, pass, algos[0]);
    }
    free_descs(&d);
  }
  d = make_descs(&small);
  cr_assert_eq(litdnnGetConvolutionBackwardDataAlgorithm(h, d.w, d.y, d.conv, d.x, 1, &n, pd), 0);
  cr_assert_neq(pd[0].algo, LITDNN_CONVOLUTION_BWD_DATA_ALGO_WINOGRAD);
  cr_assert_neq(pd[0].algo, LITDNN_CONVOLUTION_BWD_DATA_ALGO_WINOGRAD_NONFUSED);
  free_descs(&d);
  const conv_case *dws[2] = {&dw1, &dw2};
  for (int i = 0; i < 2; i++) {
    litdnnConvolutionBwdFilterAlgoPerf_t pf[LITDNN_CONVOLUTION_BWD_FILTER_ALGO_COUNT];
    d = make_descs(dws[i]);
    cr_assert_eq(litdnnGetConvolutionForwardAlgorithm(h, d.x, d.w, d.conv, d.y, 1, &n, p), 0);
    cr_assert_eq(p[0].algo, LITDNN_CONVOLUTION_FWD_ALGO_DEPTHWISE);
    cr_assert_eq(litdnnGetConvolutionBackwardDataAlgorithm(h, d.w, d.y, d.conv, d.x, 1, &n, pd), 0);
    cr_assert_eq(pd[0].algo, LITDNN_CONVOLUTION_BWD_DATA_ALGO_DEPTHWISE);
    cr_assert_eq(litdnnGetConvolutionBackwardFilterAlgorithm(h, d.x, d.y, d.conv, d.w, 1, &n, pf), 0);
    cr_assert_eq(pf[0].algo, LITDNN_CONVOLUTION_BWD_FILTER_ALGO_DEPTHWISE);
    free_descs(&d);
  }
  /* 1x1: at stride 2 onto 14x14 on every pass; at stride 2 onto 28x28 in forward and backward data; at
     stride 1 on 14x14 in backward filter only, and on 15x15 nowhere */
  const int batch[3] = {LITDNN_CONVOLUTION_FWD_ALGO_BATCH_GEMM_1X1, LITDNN_CONVOLUTION_BWD_DATA_ALGO_BATCH_GEMM_1X1,
                        LITDNN_CONVOLUTION_BWD_FILTER_ALGO_BATCH_GEMM_1X1};
  conv_case pw2 = {2, 2, 32, 16, 1, {1, 28, 28}, {1, 1, 1}, {0, 0, 0}, {1, 2, 2}, {1, 1, 1}, NCHW, NCHW, XC, 1, 0};
  conv_case pw14 = pw2, pw15 = pw2, few = pw2;
  pw14.stride[1] = pw14.stride[2] = 1;
  pw14.in[1] = pw14.in[2] = 14;
  pw15 = pw14;
  pw15.in[1] = pw15.in[2] = 15;
  few.k = 8;   /* too few filters for the GEMM's tiles */
  conv_case pw56 = pw2;
  pw56.in[1] = pw56.in[2] = 56;
  const conv_case *pws[5] = {&pw2, &pw14, &pw15, &few, &pw56};
  for (int i = 0; i < 5; i++) {
    d = make_descs(pws[i]);
    for (int pass = FWD; pass <= BWD_FILTER; pass++) {
      int count = get_list(h, pass, &d, algos, status, mem);
      int expect_first = i == 0 || (i == 1 && pass == BWD_FILTER) || (i == 4 && pass != BWD_FILTER);
      cr_assert(count > 0 && (algos[0] == batch[pass]) == expect_first, "1x1 problem %d, pass %d: first %d", i, pass,
                algos[0]);
    }
    free_descs(&d);
  }
  /* backward filter in TF32 math: the tensor cores' implicit GEMM first on a 5x5 layer at stride 2, which
     Winograd does not take, and on a first layer (3 channels, 7x7 at stride 2), where the few-channels
     kernel comes second; not in FMA math (where the few-channels kernel comes first), not on a 1x1 layer,
     not where Winograd comes first */
  conv_case wide = {2, 2, 32, 32, 1, {1, 20, 20}, {1, 5, 5}, {0, 2, 2}, {1, 2, 2}, {1, 1, 1}, NCHW, NCHW, XC, 1, 0};
  conv_case first_layer = {2, 2, 3, 64, 1, {1, 32, 32}, {1, 7, 7}, {0, 3, 3}, {1, 2, 2}, {1, 1, 1}, NCHW, NCHW, XC, 1, 0};
  const conv_case *tf[6] = {&wide, &first_layer, &wide, &first_layer, &pw56, &wider};
  for (int i = 0; i < 6; i++) {
    d = make_descs(tf[i]);
    if (i != 2 && i != 3)
      cr_assert_eq(litdnnSetConvolutionMathType(d.conv, LITDNN_MATH_TF32), 0);
    int count = get_list(h, BWD_FILTER, &d, algos, status, mem);
    cr_assert(count > 1 && (algos[0] == LITDNN_CONVOLUTION_BWD_FILTER_ALGO_IMPLICIT_GEMM) == (i < 2),
              "backward filter, problem %d: first %d", i, algos[0]);
    if (tf[i] == &first_layer)
      cr_assert_eq(algos[i == 1 ? 1 : 0], LITDNN_CONVOLUTION_BWD_FILTER_ALGO_FEW_CHANNELS, "problem %d", i);
    free_descs(&d);
  }
  litdnnDestroy(h);
}

/* The 1x1 batch GEMM's workspace is both channel-major matrices of a chunk, (C + K) nb P Q floats, nb the
   images that fit 65536 columns: all 4 on 7x7 outputs, 2 on 151x151; forward on 151x151, which writes y
   itself, needs x' alone, C nb P Q; and the stage has none for a 3x3 filter */
Test(convolution, batch_gemm_workspace_holds_the_matrices_of_a_chunk)
{
  litdnnHandle_t h = t_handle(LITDNN_BACKEND_CPU);
  conv_case small = {2, 4, 24, 40, 1, {1, 14, 13}, {1, 1, 1}, {0, 0, 0}, {1, 2, 2}, {1, 1, 1}, NCHW, NCHW, XC, 1, 0};
  conv_case big = {2, 3, 3, 2, 1, {1, 301, 301}, {1, 1, 1}, {0, 0, 0}, {1, 2, 2}, {1, 1, 1}, NCHW, NCHW, XC, 1, 0};
  conv_case three = small;
  three.flt[1] = three.flt[2] = 3;
  const conv_case *k[3] = {&small, &big, &three};
  const size_t expect[2][3] = {{(size_t)(24 + 40) * 4 * 49 * 4, (size_t)(24 + 40) * 4 * 49 * 4, (size_t)(24 + 40) * 4 * 49 * 4},
                               {(size_t)3 * 2 * 151 * 151 * 4, (size_t)(3 + 2) * 2 * 151 * 151 * 4,
                                (size_t)(3 + 2) * 2 * 151 * 151 * 4}};
  for (int i = 0; i < 3; i++) {
    conv_descs d = make_descs(k[i]);
    size_t ws[3] = {0, 0, 0};
    litdnnStatus_t s[3];
    s[0] = litdnnGetConvolutionForwardWorkspaceSize(h, d.x, d.w, d.conv, d.y, LITDNN_CONVOLUTION_FWD_ALGO_BATCH_GEMM_1X1,
                                                    &ws[0]);
    s[1] = litdnnGetConvolutionBackwardDataWorkspaceSize(h, d.w, d.y, d.conv, d.x,
                                                         LITDNN_CONVOLUTION_BWD_DATA_ALGO_BATCH_GEMM_1X1, &ws[1]);
    s[2] = litdnnGetConvolutionBackwardFilterWorkspaceSize(h, d.x, d.y, d.conv, d.w,
                                                           LITDNN_CONVOLUTION_BWD_FILTER_ALGO_BATCH_GEMM_1X1, &ws[2]);
    for (int pass = 0; pass < 3; pass++) {
      if (i == 2) {
        cr_assert_eq(s[pass], LITDNN_STATUS_NOT_SUPPORTED, "pass %d", pass);
        continue;
      }
      cr_assert_eq(s[pass], LITDNN_STATUS_SUCCESS, "pass %d: %s", pass, litdnnGetLastErrorString());
      cr_assert_eq(ws[pass], expect[i][pass], "problem %d, pass %d: %zu bytes", i, pass, ws[pass]);
    }
    free_descs(&d);
  }
  litdnnDestroy(h);
}

/* two runs of every algorithm that applies to a problem give the same bits */
static const conv_case determinism_cases[] = {
  {2, 2, 6, 20, 2, {1, 7, 6}, {1, 3, 3}, {0, 1, 1}, {1, 1, 1}, {1, 1, 1}, NHWC, NCHW, XC, 1, 0},
  /* depthwise: backward filter splits each channel over blocks and adds their partial sums */
  {2, 3, 4, 4, 4, {1, 30, 29}, {1, 3, 3}, {0, 1, 1}, {1, 2, 2}, {1, 1, 1}, NCHW, NCHW, XC, 1, 0},
};

static void check_deterministic(const t_case *c)
{
  conv_case k = determinism_cases[c->problem];
  int pass = pass_of(c);
  conv_descs d = make_descs(&k);
  litdnnHandle_t h = t_case_handle(c);
  size_t xn = x_count(&k), wn = w_count(&k), yn = y_count(&k);
  size_t on = pass == FWD ? yn : pass == BWD_DATA ? xn : wn;
  float *x = t_random(xn, -1, 1), *w = t_random(wn, -1, 1), *dy = t_random(yn, -1, 1);
  void *dx = t_dev_from_host(h, x, xn), *dw = t_dev_from_host(h, w, wn), *ddy = t_dev_from_host(h, dy, yn);
  int algo = algo_of(c, h, pass, &d);
  size_t memory;
  litdnnStatus_t verdict = get_verdict(h, pass, algo, &d, &memory);
  void *ws = memory ? t_dev_alloc(h, memory) : NULL;
  void *o1 = t_dev_poisoned(h, on), *o2 = t_dev_poisoned(h, on);
  char what[384];
  describe(what, sizeof what, c, algo, &k);
  litdnnStatus_t s = call_pass(h, pass, algo, &d, &k, dx, dw, ddy, o1, ws, memory);
  char msg[512];
  snprintf(msg, sizeof msg, "%s", litdnnGetLastErrorString());
  if (verdict != LITDNN_STATUS_SUCCESS) {
    float *nan = malloc(on * sizeof *nan);
    t_poison(nan, on);
    expect_refusal(c, h, s, msg, verdict, o1, nan, on, what);
    free(nan);
  } else {
    cr_assert_eq(s, 0, "%s: %s", what, msg);
    cr_assert_eq(call_pass(h, pass, algo, &d, &k, dx, dw, ddy, o2, ws, memory), 0, "%s: %s", what,
                 litdnnGetLastErrorString());
    float *a = t_dev_fetch(h, o1, on), *b = t_dev_fetch(h, o2, on);
    t_assert_close_f(a, b, on, 0, 0, what);   /* two runs of one algorithm */
    free(a); free(b);
  }
  t_dev_free(h, o1); t_dev_free(h, o2);
  if (ws) t_dev_free(h, ws);
  t_dev_free(h, dx); t_dev_free(h, dw); t_dev_free(h, ddy);
  free(x); free(w); free(dy);
  free_descs(&d);
  litdnnDestroy(h);
}

/* the kernels' algorithms, on the GPU backends */
#define GPU_PASS(name, problems, body)                                                             \
  ParameterizedTestParameters(convolution, forward_##name)                                         \
  { return t_cases_on(LITDNN_OP_CONVOLUTION_FORWARD, problems, ON(EMU) | ON(CUDA), NULL); }        \
  ParameterizedTest(t_case *c, convolution, forward_##name) { body(c); }                           \
  ParameterizedTestParameters(convolution, backward_data_##name)                                   \
  { return t_cases_on(LITDNN_OP_CONVOLUTION_BACKWARD_DATA, problems, ON(EMU) | ON(CUDA), NULL); }  \
  ParameterizedTest(t_case *c, convolution, backward_data_##name) { body(c); }                     \
  ParameterizedTestParameters(convolution, backward_filter_##name)                                 \
  { return t_cases_on(LITDNN_OP_CONVOLUTION_BACKWARD_FILTER, problems, ON(EMU) | ON(CUDA), NULL); } \
  ParameterizedTest(t_case *c, convolution, backward_filter_##name) { body(c); }

GPU_PASS(every_algorithm_is_deterministic, 2, check_deterministic)

/* ---- bad input: exact status, a message, outputs untouched ---- */
#define EXPECT(call_, status_, needle_) t_assert_status((call_), (status_), (needle_), #call_)

static void expect_untouched(litdnnHandle_t h, void *dev, const float *was, size_t n, const char *what)
{
  float *now = t_dev_fetch(h, dev, n);
  t_assert_close_f(now, was, n, 0, 0, what);
  free(now);
}

/* on the cpu backend with the reference, on the emulator with the direct kernel */
ParameterizedTestParameters(convolution, bad_input_is_refused_and_writes_nothing)
{
  return t_cases_on(LITDNN_OP_CONVOLUTION_FORWARD, 1, ON(CPU) | ON(EMU), automatic_only);
}
ParameterizedTest(t_case *tc, convolution, bad_input_is_refused_and_writes_nothing)
{
  float one = 1, zero = 0;
  int b = tc->backend == LITDNN_BACKEND_CPU ? 0 : 1;
  litdnnHandle_t h = t_case_handle(tc);
  int algo = b == 0 ? 0 : 1;   /* the reference on the cpu, the direct kernel on the emulator */
  conv_case k = {2, 2, 4, 6, 2, {1, 5, 5}, {1, 3, 3}, {0, 1, 1}, {1, 1, 1}, {1, 1, 1}, NCHW, NCHW, XC, 1, 0};
  conv_descs d = make_descs(&k);
  size_t xn = x_count(&k), wn = w_count(&k), yn = y_count(&k);
  float *x = t_random(xn, -1, 1), *w = t_random(wn, -1, 1), *y0 = t_random(yn, -1, 1);
  void *dx = t_dev_from_host(h, x, xn), *dw = t_dev_from_host(h, w, wn), *dy = t_dev_from_host(h, y0, yn);
  litdnnTensorDescriptor_t t;
  litdnnFilterDescriptor_t f;
  litdnnConvolutionDescriptor_t c;
  litdnnCreateTensorDescriptor(&t);
  litdnnCreateFilterDescriptor(&f);
  litdnnCreateConvolutionDescriptor(&c);

  /* null pointers and unset descriptors */
  EXPECT(litdnnConvolutionForward(NULL, &one, d.x, dx, d.w, dw, d.conv, algo, NULL, 0, &zero, d.y, dy),
         LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "handle");
  EXPECT(litdnnConvolutionForward(h, &one, d.x, NULL, d.w, dw, d.conv, algo, NULL, 0, &zero, d.y, dy),
         LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "x");
  EXPECT(litdnnConvolutionForward(h, NULL, d.x, dx, d.w, dw, d.conv, algo, NULL, 0, &zero, d.y, dy),
         LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "alpha");
  EXPECT(litdnnConvolutionForward(h, &one, d.x, dx, d.w, dw, c, algo, NULL, 0, &zero, d.y, dy),
         LITDNN_STATUS_BAD_PARAM_NOT_FINALIZED, "convDesc");
  EXPECT(litdnnConvolutionForward(h, &one, d.x, dx, f, dw, d.conv, algo, NULL, 0, &zero, d.y, dy),
         LITDNN_STATUS_BAD_PARAM_NOT_FINALIZED, "wDesc");
  EXPECT(litdnnConvolutionBackwardData(h, &one, d.w, dw, d.y, dy, NULL, algo, NULL, 0, &zero, d.x, dx),
         LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "convDesc");

  /* C mismatch: the filter has 3 channels per group, x has 4 in 2 groups */
  litdnnSetFilter4dDescriptor(f, LITDNN_DATA_FLOAT, NCHW, 6, 3, 3, 3);
  EXPECT(litdnnConvolutionForward(h, &one, d.x, dx, f, dw, d.conv, algo, NULL, 0, &zero, d.y, dy),
         LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, "channels per group");
  /* groups that divide neither C nor K */
  litdnnSetConvolution2dDescriptor(c, 1, 1, 1, 1, 1, 1, XC, LITDNN_DATA_FLOAT);
  litdnnSetConvolutionGroupCount(c, 3);
  EXPECT(litdnnConvolutionForward(h, &one, d.x, dx, d.w, dw, c, algo, NULL, 0, &zero, d.y, dy),
         LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, "groupCount = 3 does not divide the 4 channels");
  litdnnSetConvolutionGroupCount(c, 4);
  litdnnSetFilter4dDescriptor(f, LITDNN_DATA_FLOAT, NCHW, 6, 1, 3, 3);
  EXPECT(litdnnConvolutionForward(h, &one, d.x, dx, f, dw, c, algo, NULL, 0, &zero, d.y, dy),
         LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, "does not divide the K = 6");
  /* wrong output dims */
  litdnnSetTensor4dDescriptor(t, NCHW, LITDNN_DATA_FLOAT, 2, 6, 5, 4);
  EXPECT(litdnnConvolutionForward(h, &one, d.x, dx, d.w, dw, d.conv, algo, NULL, 0, &zero, t, dy),
         LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, "yDesc is 2x6x5x4 but the convolution's output is 2x6x5x5");
  litdnnSetTensor4dDescriptor(t, NCHW, LITDNN_DATA_FLOAT, 2, 5, 5, 5);
  EXPECT(litdnnConvolutionBackwardData(h, &one, d.w, dw, t, dy, d.conv, algo, NULL, 0, &zero, d.x, dx),
         LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, "dyDesc");
  /* zero-size output: a 3x3 filter, dilation 3, on 5x5 without padding */
  litdnnSetConvolution2dDescriptor(c, 0, 0, 1, 1, 3, 3, XC, LITDNN_DATA_FLOAT);
  litdnnSetConvolutionGroupCount(c, 2);
  EXPECT(litdnnConvolutionForward(h, &one, d.x, dx, d.w, dw, c, algo, NULL, 0, &zero, d.y, dy),
         LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "the output would be empty");
  int on, oc, oh, ow;
  EXPECT(litdnnGetConvolution2dForwardOutputDim(c, d.x, d.w, &on, &oc, &oh, &ow),
         LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "the output would be empty");
  /* rank mismatch: a 3-d convolution descriptor with 4-d tensors */
  int p3[3] = {0, 0, 0}, s3[3] = {1, 1, 1};
  litdnnSetConvolutionNdDescriptor(c, 3, p3, s3, s3, XC, LITDNN_DATA_FLOAT);
  EXPECT(litdnnConvolutionForward(h, &one, d.x, dx, d.w, dw, c, algo, NULL, 0, &zero, d.y, dy),
         LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, "3 spatial dimensions");
  /* algorithms: out of range, wrong backend */
  EXPECT(litdnnConvolutionForward(h, &one, d.x, dx, d.w, dw, d.conv, 99, NULL, 0, &zero, d.y, dy),
         LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "algo = 99");
  EXPECT(litdnnConvolutionBackwardFilter(h, &one, d.x, dx, d.y, dy, d.conv, b == 0 ? 1 : 0, NULL, 0, &zero, d.w, dw),
         LITDNN_STATUS_NOT_SUPPORTED_BACKEND, "backend");
  /* bias: a db that is not 1 x K x 1 x 1 */
  litdnnSetTensor4dDescriptor(t, NCHW, LITDNN_DATA_FLOAT, 1, 5, 1, 1);
  EXPECT(litdnnConvolutionBackwardBias(h, &one, d.y, dy, &zero, t, dw), LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH,
         "dbDesc");
  /* descriptor setters */
  int bad_stride[2] = {1, 0}, ok2[2] = {1, 1}, neg[2] = {-1, 0};
  EXPECT(litdnnSetConvolutionNdDescriptor(c, 2, ok2, bad_stride, ok2, XC, LITDNN_DATA_FLOAT),
         LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "filterStrideA[1] = 0");
  EXPECT(litdnnSetConvolutionNdDescriptor(c, 2, neg, ok2, ok2, XC, LITDNN_DATA_FLOAT),
         LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "padA[0] = -1");
  EXPECT(litdnnSetConvolutionNdDescriptor(c, 2, ok2, ok2, ok2, (litdnnConvolutionMode_t)7, LITDNN_DATA_FLOAT),
         LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "mode");
  EXPECT(litdnnSetConvolutionNdDescriptor(c, 4, ok2, ok2, ok2, XC, LITDNN_DATA_FLOAT),
         LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "arrayLength");
  EXPECT(litdnnSetConvolutionGroupCount(c, 0), LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "groupCount");
  EXPECT(litdnnSetFilter4dDescriptor(f, LITDNN_DATA_FLOAT, NCHW, 0, 1, 3, 3), LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND,
         "k = 0 is not positive");
  EXPECT(litdnnSetFilter4dDescriptor(f, LITDNN_DATA_HALF, NCHW, 6, 2, 3, 3), LITDNN_STATUS_SUCCESS, "");
  EXPECT(litdnnConvolutionForward(h, &one, d.x, dx, f, dw, d.conv, algo, NULL, 0, &zero, d.y, dy),
         LITDNN_STATUS_NOT_SUPPORTED_DATA_TYPE, "wDesc");
  EXPECT(litdnnGetConvolutionForwardAlgorithm(h, d.x, d.w, d.conv, d.y, 0, &on, NULL),
         LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "perfResults");

  if (b == 1) {
    /* an algorithm that cannot run the problem, and a workspace too small */
    conv_case k3 = {3, 1, 2, 2, 1, {3, 4, 4}, {2, 2, 2}, {0, 0, 0}, {1, 1, 1}, {1, 1, 1}, NCHW, NCHW, XC, 1, 0};
    conv_descs d3 = make_descs(&k3);
    EXPECT(litdnnConvolutionForward(h, &one, d3.x, dx, d3.w, dw, d3.conv, LITDNN_CONVOLUTION_FWD_ALGO_DIRECT_TILED,
                                    NULL, 0, &zero, d3.y, dy),
           LITDNN_STATUS_NOT_SUPPORTED, "2-d convolutions only");
    size_t ws;
    EXPECT(litdnnGetConvolutionForwardWorkspaceSize(h, d3.x, d3.w, d3.conv, d3.y,
                                                    LITDNN_CONVOLUTION_FWD_ALGO_DIRECT_TILED, &ws),
           LITDNN_STATUS_NOT_SUPPORTED, "2-d convolutions only");
    free_descs(&d3);
    /* the 1x1 batch GEMM pinned on this 3x3 problem, and on a 1x1 problem with padding */
    EXPECT(litdnnConvolutionForward(h, &one, d.x, dx, d.w, dw, d.conv, LITDNN_CONVOLUTION_FWD_ALGO_BATCH_GEMM_1X1,
                                    NULL, 0, &zero, d.y, dy),
           LITDNN_STATUS_NOT_SUPPORTED, "algo = 10 (1x1 batch gemm) of convolution forward does not apply: the 1x1 "
                                        "batch GEMM needs a 1x1 filter");
    EXPECT(litdnnConvolutionBackwardData(h, &one, d.w, dw, d.y, dy, d.conv,
                                         LITDNN_CONVOLUTION_BWD_DATA_ALGO_BATCH_GEMM_1X1, NULL, 0, &zero, d.x, dx),
           LITDNN_STATUS_NOT_SUPPORTED, "needs a 1x1 filter");
    EXPECT(litdnnConvolutionBackwardFilter(h, &one, d.x, dx, d.y, dy, d.conv,
                                           LITDNN_CONVOLUTION_BWD_FILTER_ALGO_BATCH_GEMM_1X1, NULL, 0, &zero, d.w, dw),
           LITDNN_STATUS_NOT_SUPPORTED, "needs a 1x1 filter");
    EXPECT(litdnnGetConvolutionForwardWorkspaceSize(h, d.x, d.w, d.conv, d.y,
                                                    LITDNN_CONVOLUTION_FWD_ALGO_BATCH_GEMM_1X1, &ws),
           LITDNN_STATUS_NOT_SUPPORTED, "needs a 1x1 filter");
    conv_case kp = {2, 2, 4, 6, 2, {1, 5, 5}, {1, 1, 1}, {0, 1, 1}, {1, 1, 1}, {1, 1, 1}, NCHW, NCHW, XC, 1, 0};
    conv_descs dp = make_descs(&kp);
    EXPECT(litdnnGetConvolutionBackwardFilterWorkspaceSize(h, dp.x, dp.y, dp.conv, dp.w,
                                                           LITDNN_CONVOLUTION_BWD_FILTER_ALGO_BATCH_GEMM_1X1, &ws),
           LITDNN_STATUS_NOT_SUPPORTED, "the 1x1 batch GEMM needs zero padding");
    free_descs(&dp);
    void *small = t_dev_alloc(h, 64);
    EXPECT(litdnnConvolutionForward(h, &one, d.x, dx, d.w, dw, d.conv,
                                    LITDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_PRECOMP_GEMM, small, 64, &zero, d.y, dy),
           LITDNN_STATUS_BAD_PARAM_SIZE_INSUFFICIENT, "needs a workspace of 576 bytes");
    EXPECT(litdnnConvolutionForward(h, &one, d.x, dx, d.w, dw, d.conv,
                                    LITDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_PRECOMP_GEMM, NULL, 4096, &zero, d.y, dy),
           LITDNN_STATUS_BAD_PARAM_SIZE_INSUFFICIENT, "workSpace is null");
    t_dev_free(h, small);
  }
  expect_untouched(h, dy, y0, yn, "y after refused calls");
  expect_untouched(h, dx, x, xn, "x after refused calls");
  expect_untouched(h, dw, w, wn, "w after refused calls");
  litdnnDestroyTensorDescriptor(t);
  litdnnDestroyFilterDescriptor(f);
  litdnnDestroyConvolutionDescriptor(c);
  t_dev_free(h, dx); t_dev_free(h, dw); t_dev_free(h, dy);
  free(x); free(w); free(y0);
  free_descs(&d);
  litdnnDestroy(h);
}

/* ---- strided views, and the math type ---- */
/* y with padded rows (h stride W + 3): not a GEMM operand, so the GEMM
   algorithms refuse it; every other algorithm must write exactly the
   elements of the view and nothing in the gaps. */
ParameterizedTestParameters(convolution, strided_output_views_on_every_algorithm)
{
  return t_cases(LITDNN_OP_CONVOLUTION_FORWARD, 1);
}
ParameterizedTest(t_case *c, convolution, strided_output_views_on_every_algorithm)
{
  conv_case k = {2, 2, 3, 5, 1, {1, 6, 7}, {1, 3, 3}, {0, 1, 1}, {1, 1, 1}, {1, 1, 1}, NCHW, NCHW, XC, 1, 0};
  if (c->stage == LITDNN_CONVOLUTION_FWD_ALGO_BATCH_GEMM_1X1) {   /* a 1x1 problem for it, at stride 2 */
    k.flt[1] = k.flt[2] = 1;
    k.pad[1] = k.pad[2] = 0;
    k.stride[1] = k.stride[2] = 2;
  }
  int o[3];
  outs(&k, o);
  int P = o[1], Q = o[2], row = Q + 3;
  int dims[4] = {k.n, k.k, P, Q}, strides[4] = {k.k * P * row, P * row, row, 1};
  size_t span = (size_t)k.n * k.k * P * row, yn = y_count(&k);
  float *x = t_random(x_count(&k), -1, 1), *w = t_random(w_count(&k), -1, 1);
  double *ref = malloc(yn * sizeof *ref);
  ref_pass(&k, FWD, x, w, NULL, ref);
  litdnnHandle_t h = t_case_handle(c);
  conv_descs d = make_descs(&k), view;
  litdnnTensorDescriptor_t yv;
  litdnnCreateTensorDescriptor(&yv);
  cr_assert_eq(litdnnSetTensorNdDescriptor(yv, LITDNN_DATA_FLOAT, 4, dims, strides), 0);
  view = d;
  view.y = yv;
  int algo = algo_of(c, h, FWD, &view);
  void *dx = t_dev_from_host(h, x, x_count(&k)), *dw = t_dev_from_host(h, w, w_count(&k));
  void *dy = t_dev_poisoned(h, span);
  size_t ws = 0;
  float one = 1, zero = 0;
  char what[256];
  snprintf(what, sizeof what, "%s: strided y", t_case_name(c));
  litdnnStatus_t gs = litdnnGetConvolutionForwardWorkspaceSize(h, d.x, d.w, d.conv, yv, algo, &ws);
  int gemm = algo == LITDNN_CONVOLUTION_FWD_ALGO_GEMM || algo == LITDNN_CONVOLUTION_FWD_ALGO_GEMM_CUBLAS;
  if (algo == LITDNN_CONVOLUTION_FWD_ALGO_DEPTHWISE) {
    cr_assert_eq(gs, LITDNN_STATUS_NOT_SUPPORTED, "%s", what);   /* not a depthwise problem */
  } else if (gemm) {
    cr_assert_eq(gs, LITDNN_STATUS_NOT_SUPPORTED, "%s: %s", what, litdnnGetLastErrorString());
    EXPECT(litdnnConvolutionForward(h, &one, d.x, dx, d.w, dw, d.conv, algo, NULL, 0, &zero, yv, dy),
           LITDNN_STATUS_NOT_SUPPORTED, "packed NCHW or NHWC");
  } else {
    cr_assert_eq(gs, 0, "%s: %s", what, litdnnGetLastErrorString());
    void *buf = ws ? t_dev_alloc(h, ws) : NULL;
    cr_assert_eq(litdnnConvolutionForward(h, &one, d.x, dx, d.w, dw, d.conv, algo, buf, ws, &zero, yv, dy),
                 0, "%s: %s", what, litdnnGetLastErrorString());
    float *got = t_dev_fetch(h, dy, span), *dense = malloc(yn * sizeof *dense);
    for (size_t i = 0, j = 0; i < span; i++) {
      size_t col = i % (size_t)row;
      if (col < (size_t)Q) dense[j++] = got[i];
      else cr_assert(isnan(got[i]), "%s wrote a gap at %zu", what, i);
    }
    t_assert_close(dense, ref, yn, tolerance(FWD, algo), tolerance(FWD, algo), what);
    free(got); free(dense);
    if (buf) t_dev_free(h, buf);
  }
  t_dev_free(h, dx); t_dev_free(h, dw); t_dev_free(h, dy);
  litdnnDestroyTensorDescriptor(yv);
  free_descs(&d);
  litdnnDestroy(h);
  free(x); free(w); free(ref);
}

/* TF32 lets the GEMM algorithms round on tensor cores; through the
   emulator and the CPU every algorithm still computes in FP32, so the
   results meet the FP32 tolerance there (on a GPU the cuDNN suite checks
   the TF32 tolerance). */
Test(convolution, math_type_is_kept)
{
  litdnnConvolutionDescriptor_t cd;
  litdnnMathType_t m;
  cr_assert_eq(litdnnCreateConvolutionDescriptor(&cd), 0);
  cr_assert_eq(litdnnGetConvolutionMathType(cd, &m), 0);
  cr_assert_eq(m, LITDNN_MATH_FMA);
  cr_assert_eq(litdnnSetConvolutionMathType(cd, LITDNN_MATH_TF32), 0);
  cr_assert_eq(litdnnGetConvolutionMathType(cd, &m), 0);
  cr_assert_eq(m, LITDNN_MATH_TF32);
  EXPECT(litdnnSetConvolutionMathType(cd, (litdnnMathType_t)5), LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "mathType = 5");
  litdnnDestroyConvolutionDescriptor(cd);
}

/* The second problem has 16 channels each way, so that Winograd runs as
   16 GEMMs, which TF32 math lets round. The tensor-core implicit GEMM
   (forward, and backward data at stride 1 with one group as a forward
   problem) takes problems whose channels per group, dx's channels for
   backward data, are a multiple of 16; the first problem has none and
   runs its FP32 fallback. The third to sixth give it partial tiles of 64
   channels and 128 positions, a blend, the convolution mode, groups, a
   stride, dilation, both layouts and three dimensions. On a GPU it splits
   the 9 slices (16 channels at a tap) of the second and third problems'
   forward pass, and of the second's backward data, in two, and sums the
   partial outputs (through the blend in the third); the fifth and
   sixth, 6 and 8 slices, run in one. The seventh is backward data at
   stride 2 with 16 filters: four phases, forward problems of 9, 6, 6
   and 4 taps on the tensor cores, the blend and the convolution mode
   through each. Backward filter's
   implicit GEMM takes every problem on the tensor cores, its positions
   in one range or, past 128 of them, two. Each problem keeps every
   pass's reduction at most 180 products long, the length the tolerance
   below assumes. */
static const conv_case tf32_cases[] = {
  {2, 2, 6, 20, 1, {1, 5, 6}, {1, 3, 3}, {0, 1, 1}, {1, 1, 1}, {1, 1, 1}, NHWC, NHWC, XC, 1, 0},
  {2, 2, 16, 16, 1, {1, 6, 7}, {1, 3, 3}, {0, 1, 1}, {1, 1, 1}, {1, 1, 1}, NCHW, NCHW, XC, 1, 0},
  {2, 2, 16, 20, 1, {1, 9, 9}, {1, 3, 3}, {0, 1, 1}, {1, 1, 1}, {1, 1, 1}, NCHW, NCHW, CV, 0.5f, 0.25f},
  {2, 2, 20, 16, 1, {1, 9, 8}, {1, 3, 3}, {0, 1, 1}, {1, 1, 1}, {1, 1, 2}, NHWC, NHWC, XC, 0.75f, 0.5f},
  {2, 2, 32, 40, 2, {1, 13, 10}, {1, 3, 2}, {0, 2, 1}, {1, 2, 1}, {1, 2, 1}, NHWC, NHWC, XC, 1, 0},
  {3, 1, 16, 16, 1, {4, 6, 7}, {2, 2, 2}, {1, 0, 1}, {1, 1, 1}, {1, 2, 1}, NCHW, NCHW, XC, 1, 0},
  {2, 2, 6, 16, 1, {1, 11, 13}, {1, 5, 5}, {0, 2, 2}, {1, 2, 2}, {1, 1, 1}, NCHW, NHWC, CV, 0.5f, 0.25f},
};

/* the tolerance of an algorithm in TF32 math: FP32's, or on a GPU at least gpu (twice that for Winograd's
   16 GEMMs), as the comment in tf32_runs below argues */
static double tf32_tolerance(const t_case *c, const conv_case *k, int pass, int algo, double gpu)
{
  int winograd_gemm = k->c >= 16 && k->k >= 16 &&
                      ((pass == FWD && algo == LITDNN_CONVOLUTION_FWD_ALGO_WINOGRAD) ||
                       (pass == BWD_DATA && algo == LITDNN_CONVOLUTION_BWD_DATA_ALGO_WINOGRAD));
  return fmax(tolerance(pass, algo), c->backend == LITDNN_BACKEND_CUDA ? gpu * (winograd_gemm ? 2.0 : 1.0) : 0.0);
}

static void tf32_runs(const t_case *c)
{
  conv_case k = tf32_cases[c->problem];
  int pass = pass_of(c);
  size_t on = pass == FWD ? y_count(&k) : pass == BWD_DATA ? x_count(&k) : w_count(&k);
  float *x = t_random(x_count(&k), -1, 1), *w = t_random(w_count(&k), -1, 1), *dy = t_random(y_count(&k), -1, 1);
  float *out0 = t_random(on, -1, 1);
  if (k.beta == 0)
    t_poison(out0, on);   /* beta = 0: the output is not read, and NaN in it must not leak */
  double *ref = malloc(on * sizeof *ref);
  ref_pass(&k, pass, x, w, dy, ref);
  for (size_t i = 0; i < on; i++)
    ref[i] = k.alpha * ref[i] + (k.beta != 0 ? k.beta * (double)out0[i] : 0.0);
  litdnnHandle_t h = t_case_handle(c);
  conv_descs d = make_descs(&k);
  cr_assert_eq(litdnnSetConvolutionMathType(d.conv, LITDNN_MATH_TF32), 0);
  int algo = algo_of(c, h, pass, &d);
  size_t memory;
  litdnnStatus_t verdict = get_verdict(h, pass, algo, &d, &memory);
  void *ws = memory ? t_dev_alloc(h, memory) : NULL;
  void *dx = t_dev_from_host(h, x, x_count(&k)), *dw = t_dev_from_host(h, w, w_count(&k));
  void *ddy = t_dev_from_host(h, dy, y_count(&k)), *out = t_dev_from_host(h, out0, on);
  char what[384];
  describe(what, sizeof what, c, algo, &k);
  litdnnStatus_t s = call_pass(h, pass, algo, &d, &k, dx, dw, ddy, out, ws, memory);
  char msg[512];
  snprintf(msg, sizeof msg, "%s", litdnnGetLastErrorString());
  if (verdict != LITDNN_STATUS_SUCCESS) {
    expect_refusal(c, h, s, msg, verdict, out, out0, on, what);
  } else {
    cr_assert_eq(s, 0, "%s: %s", what, msg);
    float *got = t_dev_fetch(h, out, on);
    /* The cpu and emu backends compute TF32 math in FP32, so FP32's
       tolerance holds there. A GPU rounds both operands of every
       product to TF32's 10-bit mantissa (unit roundoff 2^-11): each
       product carries an error of up to 2^-10 of its size, with a
       standard deviation of about 2^-11 * sqrt(2/3) = 4e-4. Over the
       K = C*R*S = 180 products of inputs in [-1, 1] (E[(ab)^2] = 1/9),
       the error of one output has a standard deviation of about
       4e-4 * sqrt(180 / 9) = 1.8e-3; 1e-2 is five and a half of those
       (seen on an H200: 1.1e-3 on an output of 3.05). A wrong index
       or a lost term errs by the size of a product, ~0.25 or more.
       Winograd's 16-GEMM form rounds the transformed V and U instead,
       whose per-channel error bound is 64 where the direct sum's is 9
       (the chapter's argument); since errors add at random, far below
       their bound, twice the direct sum's tolerance holds them: on an
       H200, over layers of 64 to 512 channels, their root mean square
       was 1.9 times that of im2col with cuBLAS in TF32. */
    t_assert_close(got, ref, on, tf32_tolerance(c, &k, pass, algo, 1e-3), tf32_tolerance(c, &k, pass, algo, 1e-2),
                   what);
    free(got);
  }
  if (ws) t_dev_free(h, ws);
  t_dev_free(h, dx); t_dev_free(h, dw); t_dev_free(h, ddy); t_dev_free(h, out);
  free_descs(&d);
  litdnnDestroy(h);
  free(x); free(w); free(dy); free(out0); free(ref);
}
EVERY_PASS(tf32_runs_every_algorithm, 7, tf32_runs)

/* ---- the fused call: y = act(alpha1 conv + alpha2 z + bias) ---- */
static void run_fused(const t_case *c, const conv_case *k, litdnnActivationMode_t mode, double coef,
                      float alpha1, float alpha2, int in_place, litdnnMathType_t math)
{
  litdnnHandle_t h = t_case_handle(c);
  conv_descs d = make_descs(k);
  cr_assert_eq(litdnnSetConvolutionMathType(d.conv, math), 0);
  size_t xn = x_count(k), wn = w_count(k), yn = y_count(k);
  float *x = t_random(xn, -1, 1), *w = t_random(wn, -1, 1), *z = t_random(yn, -1, 1);
  float *bias = t_random((size_t)k->k, -1, 1), *y0 = malloc(yn * sizeof *y0);
  double *ref = malloc(yn * sizeof *ref);
  ref_pass(k, FWD, x, w, NULL, ref);
  int o[3];
  outs(k, o);
  for (int n = 0; n < k->n; n++)
    for (int kk = 0; kk < k->k; kk++)
      for (int p = 0; p < o[1] * o[2]; p++) {
        size_t i = at(k->xfmt, k->k, o, n, kk, 0, p / o[2], p % o[2]);
        double t = alpha1 * ref[i] + alpha2 * (double)z[i] + bias[kk];
        if (mode != LITDNN_ACTIVATION_IDENTITY) t = t > 0 ? t : 0;
        if (mode == LITDNN_ACTIVATION_CLIPPED_RELU && t > coef) t = coef;
        ref[i] = t;
      }
  if (in_place)
    memcpy(y0, z, yn * sizeof *y0);   /* y is z */
  else
    t_poison(y0, yn);
  litdnnTensorDescriptor_t bd;
  litdnnActivationDescriptor_t ad;
  litdnnCreateTensorDescriptor(&bd);
  litdnnSetTensor4dDescriptor(bd, NCHW, LITDNN_DATA_FLOAT, 1, k->k, 1, 1);
  litdnnCreateActivationDescriptor(&ad);
  cr_assert_eq(litdnnSetActivationDescriptor(ad, mode, LITDNN_NOT_PROPAGATE_NAN, coef), 0);
  void *dx = t_dev_from_host(h, x, xn), *dw = t_dev_from_host(h, w, wn), *dz = t_dev_from_host(h, z, yn);
  void *db = t_dev_from_host(h, bias, (size_t)k->k), *dy = in_place ? dz : t_dev_poisoned(h, yn);
  int algo = algo_of(c, h, FWD, &d);
  size_t memory;
  litdnnStatus_t verdict = get_verdict(h, FWD, algo, &d, &memory);
  void *ws = memory ? t_dev_alloc(h, memory) : NULL;
  litdnnStatus_t s = litdnnConvolutionBiasActivationForward(h, &alpha1, d.x, dx, d.w, dw, d.conv, algo, ws,
                                                            memory, &alpha2, d.y, dz, bd, db, ad, d.y, dy);
  char msg[512];
  snprintf(msg, sizeof msg, "%s", litdnnGetLastErrorString());
  char what[384];
  snprintf(what, sizeof what, "%s: fused, algo %d, act %d a1=%g a2=%g%s%s", t_case_name(c), algo, (int)mode, alpha1,
           alpha2, in_place ? " in place" : "", math == LITDNN_MATH_TF32 ? ", TF32" : "");
  /* the GEMMs store y themselves and refuse the fused call */
  int gemm = algo == LITDNN_CONVOLUTION_FWD_ALGO_GEMM || algo == LITDNN_CONVOLUTION_FWD_ALGO_GEMM_CUBLAS;
  if (verdict != LITDNN_STATUS_SUCCESS || gemm) {
    expect_refusal(c, h, s, msg, verdict != LITDNN_STATUS_SUCCESS ? verdict : LITDNN_STATUS_NOT_SUPPORTED, dy, y0, yn,
                   what);
  } else {
    cr_assert_eq(s, LITDNN_STATUS_SUCCESS, "%s: %s", what, msg);
    float *got = t_dev_fetch(h, dy, yn);
    double abs_tol = math == LITDNN_MATH_TF32 ? tf32_tolerance(c, k, FWD, algo, 1e-3) : tolerance(FWD, algo);
    double rel_tol = math == LITDNN_MATH_TF32 ? tf32_tolerance(c, k, FWD, algo, 1e-2) : tolerance(FWD, algo);
    t_assert_close(got, ref, yn, abs_tol, rel_tol, what);
    free(got);
  }
  if (ws) t_dev_free(h, ws);
  if (!in_place) t_dev_free(h, dy);
  t_dev_free(h, dx); t_dev_free(h, dw); t_dev_free(h, dz); t_dev_free(h, db);
  litdnnDestroyTensorDescriptor(bd);
  litdnnDestroyActivationDescriptor(ad);
  free(x); free(w); free(z); free(bias); free(y0); free(ref);
  free_descs(&d);
  litdnnDestroy(h);
}

static const conv_case fused_cases[] = {
  {2, 2, 3, 5, 1, {1, 6, 7}, {1, 3, 3}, {0, 1, 1}, {1, 1, 1}, {1, 1, 1}, NCHW, NCHW, XC, 1, 0},
  {2, 1, 4, 8, 4, {1, 5, 5}, {1, 3, 3}, {0, 1, 1}, {1, 2, 2}, {1, 1, 1}, NHWC, NHWC, CV, 1, 0},
  /* 1x1 at stride 2: the batch GEMM's scatter finishes y */
  {2, 2, 5, 6, 1, {1, 7, 6}, {1, 1, 1}, {0, 0, 0}, {1, 2, 2}, {1, 1, 1}, NCHW, NCHW, XC, 1, 0},
  /* in TF32 math: on a GPU the tensor cores' implicit GEMM splits its 9 slices in two, and the sum of
     the partial outputs finishes y */
  {2, 2, 16, 20, 1, {1, 6, 7}, {1, 3, 3}, {0, 1, 1}, {1, 1, 1}, {1, 1, 1}, NCHW, NCHW, XC, 1, 0},
};

ParameterizedTestParameters(convolution, fused_bias_activation_on_every_algorithm)
{
  return t_cases(LITDNN_OP_CONVOLUTION_FORWARD, 4);
}
ParameterizedTest(t_case *c, convolution, fused_bias_activation_on_every_algorithm)
{
  const litdnnMathType_t fma = LITDNN_MATH_FMA, tf32 = LITDNN_MATH_TF32;
  if (c->problem == 0) {
    run_fused(c, &fused_cases[0], LITDNN_ACTIVATION_RELU, 0, 1.0f, 0.0f, 0, fma);
    run_fused(c, &fused_cases[0], LITDNN_ACTIVATION_CLIPPED_RELU, 0.5, 0.5f, 1.0f, 1, fma);
  } else if (c->problem == 1) {
    run_fused(c, &fused_cases[1], LITDNN_ACTIVATION_IDENTITY, 0, 2.0f, -0.5f, 0, fma);
    run_fused(c, &fused_cases[1], LITDNN_ACTIVATION_RELU, 0, 1.0f, 1.0f, 1, fma);
  } else if (c->problem == 2) {
    run_fused(c, &fused_cases[2], LITDNN_ACTIVATION_CLIPPED_RELU, 0.25, 0.5f, 0.5f, 0, fma);
    run_fused(c, &fused_cases[2], LITDNN_ACTIVATION_RELU, 0, 1.0f, 1.0f, 1, fma);
  } else {
    run_fused(c, &fused_cases[3], LITDNN_ACTIVATION_RELU, 0, 1.0f, 0.5f, 0, tf32);
    run_fused(c, &fused_cases[3], LITDNN_ACTIVATION_CLIPPED_RELU, 1.0, 0.5f, 1.0f, 1, tf32);
  }
}

/* on the cpu backend, with the reference */
ParameterizedTestParameters(convolution, fused_call_refuses_bad_input)
{
  return t_cases_on(LITDNN_OP_CONVOLUTION_FORWARD, 1, ON(CPU), automatic_only);
}
ParameterizedTest(t_case *tc, convolution, fused_call_refuses_bad_input)
{
  litdnnHandle_t h = t_case_handle(tc);
  conv_case k = {2, 1, 2, 3, 1, {1, 5, 5}, {1, 3, 3}, {0, 1, 1}, {1, 1, 1}, {1, 1, 1}, NCHW, NCHW, XC, 1, 0};
  conv_descs d = make_descs(&k);
  size_t yn = y_count(&k);
  float *x = t_random(x_count(&k), -1, 1), *w = t_random(w_count(&k), -1, 1), *y0 = t_random(yn, -1, 1);
  float *b = t_random(3, -1, 1), one = 1, zero = 0;
  void *dx = t_dev_from_host(h, x, x_count(&k)), *dw = t_dev_from_host(h, w, w_count(&k));
  void *dy = t_dev_from_host(h, y0, yn), *db = t_dev_from_host(h, b, 3);
  litdnnTensorDescriptor_t bd, bad;
  litdnnActivationDescriptor_t ad;
  litdnnCreateTensorDescriptor(&bd);
  litdnnCreateTensorDescriptor(&bad);
  litdnnSetTensor4dDescriptor(bd, NCHW, LITDNN_DATA_FLOAT, 1, 3, 1, 1);
  litdnnSetTensor4dDescriptor(bad, NCHW, LITDNN_DATA_FLOAT, 1, 2, 1, 1);
  litdnnCreateActivationDescriptor(&ad);
  EXPECT(litdnnConvolutionBiasActivationForward(h, &one, d.x, dx, d.w, dw, d.conv, 0, NULL, 0, &zero, d.y, dy, bd,
                                                db, ad, d.y, dy),
         LITDNN_STATUS_BAD_PARAM_NOT_FINALIZED, "activationDesc");
  litdnnSetActivationDescriptor(ad, LITDNN_ACTIVATION_SIGMOID, LITDNN_NOT_PROPAGATE_NAN, 0);
  EXPECT(litdnnConvolutionBiasActivationForward(h, &one, d.x, dx, d.w, dw, d.conv, 0, NULL, 0, &zero, d.y, dy, bd,
                                                db, ad, d.y, dy),
         LITDNN_STATUS_NOT_SUPPORTED, "RELU, CLIPPED_RELU or IDENTITY");
  litdnnSetActivationDescriptor(ad, LITDNN_ACTIVATION_RELU, LITDNN_NOT_PROPAGATE_NAN, 0);
  EXPECT(litdnnConvolutionBiasActivationForward(h, &one, d.x, dx, d.w, dw, d.conv, 0, NULL, 0, &zero, d.y, dy, bad,
                                                db, ad, d.y, dy),
         LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, "biasDesc");
  EXPECT(litdnnConvolutionBiasActivationForward(h, &one, d.x, dx, d.w, dw, d.conv, 0, NULL, 0, &zero, d.x, dy, bd,
                                                db, ad, d.y, dy),
         LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, "zDesc");
  EXPECT(litdnnConvolutionBiasActivationForward(h, &one, d.x, dx, d.w, dw, d.conv, 0, NULL, 0, &one, d.y, NULL, bd,
                                                db, ad, d.y, dy),
         LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "z");
  EXPECT(litdnnConvolutionBiasActivationForward(h, NULL, d.x, dx, d.w, dw, d.conv, 0, NULL, 0, &one, d.y, dy, bd,
                                                db, ad, d.y, dy),
         LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "alpha1");
  expect_untouched(h, dy, y0, yn, "y after refused fused calls");
  t_dev_free(h, dx); t_dev_free(h, dw); t_dev_free(h, dy); t_dev_free(h, db);
  litdnnDestroyTensorDescriptor(bd);
  litdnnDestroyTensorDescriptor(bad);
  litdnnDestroyActivationDescriptor(ad);
  free(x); free(w); free(y0); free(b);
  free_descs(&d);
  litdnnDestroy(h);
}
