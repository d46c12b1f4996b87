#line 7303 "chapters/05-convolution.nw"
#include "core/prelude.cuh"
#include "convolution/convolution.h"
#include "convolution/convolution_stages.h"
#include "matmul/matmul.h"
#include <stdint.h>
#include <string.h>

#line 2133 "chapters/05-convolution.nw"
static __global__ void conv_fwd_direct(litdnn_conv_args a)
{
  int64_t total = (int64_t)a.n * a.k * a.out[0] * a.out[1] * a.out[2];
  int kg = a.k / a.groups, cg = a.c / a.groups;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < total;
       i += (int64_t)gridDim.x * blockDim.x) {
    int64_t n, k;
    int od, oh, ow;
    litdnn_conv_split(i, a.k, a.out, &n, &k, &od, &oh, &ow);
    int g = (int)(k / kg);
    float sum = 0.0f;
    for (int cc = 0; cc < cg; cc++)
      for (int rd = 0; rd < a.flt[0]; rd++) {
        int id = litdnn_conv_in(&a, 0, od, rd);
        if (!litdnn_conv_inside(&a, 0, id))
          continue;
        for (int rh = 0; rh < a.flt[1]; rh++) {
          int ih = litdnn_conv_in(&a, 1, oh, rh);
          if (!litdnn_conv_inside(&a, 1, ih))
            continue;
          for (int rw = 0; rw < a.flt[2]; rw++) {
            int iw = litdnn_conv_in(&a, 2, ow, rw);
            if (!litdnn_conv_inside(&a, 2, iw))
              continue;
            sum += a.w[litdnn_conv_offset(a.ws, k, cc, litdnn_conv_tap(a.flip, a.flt[0], rd),
                                          litdnn_conv_tap(a.flip, a.flt[1], rh),
                                          litdnn_conv_tap(a.flip, a.flt[2], rw))] *
                   a.x[litdnn_conv_offset(a.xs, n, (int64_t)g * cg + cc, id, ih, iw)];
          }
        }
      }
    litdnn_conv_store_y(&a, litdnn_conv_offset(a.ys, n, k, od, oh, ow), k, sum);
  }
}
#line 2182 "chapters/05-convolution.nw"
/* the output coordinate that input coordinate v and window position r meet on axis i, or -1 */
static __device__ int conv_out_of(const litdnn_conv_args *a, int i, int v, int r)
{
  int t = v + a->pad[i] - r * a->dil[i];
  if (t < 0)
    return -1;
  if (a->stride[i] != 1) {      /* the GPU divides in software: skip it at stride 1, the common case */
    if (t % a->stride[i] != 0)
      return -1;
    t /= a->stride[i];
  }
  return t < a->out[i] ? t : -1;
}

static __global__ void conv_bwd_data_direct(litdnn_conv_args a)
{
  int64_t total = (int64_t)a.n * a.c * a.in[0] * a.in[1] * a.in[2];
  int kg = a.k / a.groups, cg = a.c / a.groups;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < total;
       i += (int64_t)gridDim.x * blockDim.x) {
    int64_t n, c;
    int id, ih, iw;
    litdnn_conv_split(i, a.c, a.in, &n, &c, &id, &ih, &iw);
    int g = (int)(c / cg), cc = (int)(c % cg);
    float sum = 0.0f;
    for (int kk = 0; kk < kg; kk++) {
      int64_t k = (int64_t)g * kg + kk;
      for (int rd = 0; rd < a.flt[0]; rd++) {
        int od = conv_out_of(&a, 0, id, rd);
        if (od < 0)
          continue;
        for (int rh = 0; rh < a.flt[1]; rh++) {
          int oh = conv_out_of(&a, 1, ih, rh);
          if (oh < 0)
            continue;
          for (int rw = 0; rw < a.flt[2]; rw++) {
            int ow = conv_out_of(&a, 2, iw, rw);
            if (ow < 0)
              continue;
            sum += a.w[litdnn_conv_offset(a.ws, k, cc, litdnn_conv_tap(a.flip, a.flt[0], rd),
                                          litdnn_conv_tap(a.flip, a.flt[1], rh),
                                          litdnn_conv_tap(a.flip, a.flt[2], rw))] *
                   a.dy[litdnn_conv_offset(a.ys, n, k, od, oh, ow)];
          }
        }
      }
    }
    litdnn_conv_store(&a.result[litdnn_conv_offset(a.xs, n, c, id, ih, iw)], sum, a.alpha, a.beta);
  }
}
#line 2263 "chapters/05-convolution.nw"
static __global__ void conv_bwd_filter_direct(litdnn_conv_args a)
{
  int kg = a.k / a.groups, cg = a.c / a.groups;
  int64_t total = (int64_t)a.k * cg * a.flt[0] * a.flt[1] * a.flt[2];
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < total;
       i += (int64_t)gridDim.x * blockDim.x) {
    int64_t k, cc;
    int td, th, tw;            /* the stored tap */
    litdnn_conv_split(i, cg, a.flt, &k, &cc, &td, &th, &tw);
    int rd = litdnn_conv_tap(a.flip, a.flt[0], td), rh = litdnn_conv_tap(a.flip, a.flt[1], th),
        rw = litdnn_conv_tap(a.flip, a.flt[2], tw);
    int64_t c = (k / kg) * cg + cc;
    float sum = 0.0f;
    for (int n = 0; n < a.n; n++)
      for (int od = 0; od < a.out[0]; od++) {
        int id = litdnn_conv_in(&a, 0, od, rd);
        if (!litdnn_conv_inside(&a, 0, id))
          continue;
        for (int oh = 0; oh < a.out[1]; oh++) {
          int ih = litdnn_conv_in(&a, 1, oh, rh);
          if (!litdnn_conv_inside(&a, 1, ih))
            continue;
          for (int ow = 0; ow < a.out[2]; ow++) {
            int iw = litdnn_conv_in(&a, 2, ow, rw);
            if (!litdnn_conv_inside(&a, 2, iw))
              continue;
            sum += a.x[litdnn_conv_offset(a.xs, n, c, id, ih, iw)] *
                   a.dy[litdnn_conv_offset(a.ys, n, k, od, oh, ow)];
          }
        }
      }
    litdnn_conv_store(&a.result[litdnn_conv_offset(a.ws, k, cc, td, th, tw)], sum, a.alpha, a.beta);
  }
}
#line 2323 "chapters/05-convolution.nw"
#define CONV_TILE 16

/* rows (or columns) of input a tile of CONV_TILE outputs reads on axis i (the stage's
   applies test has checked that the tile fits in shared memory, so in an int) */
static inline LITDNN_CONV_HD int conv_tile_extent(const litdnn_conv_args *a, int i)
{
  return (int)litdnn_conv_span(a, i, CONV_TILE);
}

static __global__ void conv_fwd_tiled(litdnn_conv_args a)
{
  extern __shared__ float conv_smem[];
  int th = conv_tile_extent(&a, 1), tw = conv_tile_extent(&a, 2);
  int R = a.flt[1], S = a.flt[2];
  float *tile = conv_smem, *taps = conv_smem + th * tw;
  int tiles_w = (a.out[2] + CONV_TILE - 1) / CONV_TILE;
  int oh0 = (int)(blockIdx.x / tiles_w) * CONV_TILE, ow0 = (int)(blockIdx.x % tiles_w) * CONV_TILE;
  int k = blockIdx.y, n = blockIdx.z;
  int kg = a.k / a.groups, cg = a.c / a.groups, g = k / kg;
  int ih0 = oh0 * a.stride[1] - a.pad[1], iw0 = ow0 * a.stride[2] - a.pad[2];
  int t = threadIdx.y * CONV_TILE + threadIdx.x;
  float sum = 0.0f;
  for (int cc = 0; cc < cg; cc++) {
    const float *plane = a.x + (int64_t)n * a.xs[0] + ((int64_t)g * cg + cc) * a.xs[1];
    for (int i = t; i < th * tw; i += CONV_TILE * CONV_TILE) {
      int ih = ih0 + i / tw, iw = iw0 + i % tw;
      tile[i] = (ih >= 0 && ih < a.in[1] && iw >= 0 && iw < a.in[2])
                    ? plane[ih * a.xs[3] + iw * a.xs[4]] : 0.0f;
    }
    for (int i = t; i < R * S; i += CONV_TILE * CONV_TILE)
      taps[i] = a.w[(int64_t)k * a.ws[0] + (int64_t)cc * a.ws[1] +
                    litdnn_conv_tap(a.flip, R, i / S) * a.ws[3] +
                    litdnn_conv_tap(a.flip, S, i % S) * a.ws[4]];
    __syncthreads();
    const float *window = tile + threadIdx.y * a.stride[1] * tw + threadIdx.x * a.stride[2];
    for (int r = 0; r < R; r++)
      for (int s = 0; s < S; s++)
        sum += taps[r * S + s] * window[r * a.dil[1] * tw + s * a.dil[2]];
    __syncthreads();
  }
  int oh = oh0 + threadIdx.y, ow = ow0 + threadIdx.x;
  if (oh < a.out[1] && ow < a.out[2])
    litdnn_conv_store_y(&a, litdnn_conv_offset(a.ys, n, k, 0, oh, ow), k, sum);
}
#line 2472 "chapters/05-convolution.nw"
#define CONV_BM 32
#define CONV_BN 32
#define CONV_BL 8
#define CONV_GEMM_THREADS 256
#line 2482 "chapters/05-convolution.nw"
/* A[m][l] of group g */
static __device__ float conv_gemm_a(const litdnn_conv_args *a, int g, int64_t m, int64_t l)
{
  int64_t kg = a->k / a->groups, cg = a->c / a->groups, zero = 0, ch;
  int rd, rh, rw;
  if (a->pass == LITDNN_CONV_BWD_FILTER) {      /* dy[n, k, p, q], l = (n, p, q) */
    int64_t n;
    litdnn_conv_split(l, 1, a->out, &n, &zero, &rd, &rh, &rw);
    return a->dy[litdnn_conv_offset(a->ys, n, g * kg + m, rd, rh, rw)];
  }
  litdnn_conv_split(l, a->pass == LITDNN_CONV_FWD ? cg : kg, a->flt, &zero, &ch, &rd, &rh, &rw);
  int td = litdnn_conv_tap(a->flip, a->flt[0], rd), th = litdnn_conv_tap(a->flip, a->flt[1], rh),
      tw = litdnn_conv_tap(a->flip, a->flt[2], rw);
  if (a->pass == LITDNN_CONV_FWD)               /* w[k, c, r, s], l = (c, r, s) */
    return a->w[litdnn_conv_offset(a->ws, g * kg + m, ch, td, th, tw)];
  return a->w[litdnn_conv_offset(a->ws, g * kg + ch, m, td, th, tw)];  /* l = (k, r, s) */
}

/* B[l][j] of group g: the gathered input, or zero */
static __device__ float conv_gemm_b(const litdnn_conv_args *a, int g, int64_t l, int64_t j)
{
  int64_t kg = a->k / a->groups, cg = a->c / a->groups, zero = 0, n, ch;
  int rd, rh, rw, od, oh, ow;
  if (a->pass == LITDNN_CONV_FWD) {             /* l = (c, r, s), j = (n, p, q) */
    litdnn_conv_split(l, cg, a->flt, &zero, &ch, &rd, &rh, &rw);
    litdnn_conv_split(j, 1, a->out, &n, &zero, &od, &oh, &ow);
  } else if (a->pass == LITDNN_CONV_BWD_FILTER) {  /* l = (n, p, q), j = (c, r, s) */
    litdnn_conv_split(l, 1, a->out, &n, &zero, &od, &oh, &ow);
    litdnn_conv_split(j, cg, a->flt, &zero, &ch, &rd, &rh, &rw);
  } else {                                      /* l = (k, r, s), j = (n, h, w) */
    int id, ih, iw;
    litdnn_conv_split(l, kg, a->flt, &zero, &ch, &rd, &rh, &rw);
    litdnn_conv_split(j, 1, a->in, &n, &zero, &id, &ih, &iw);
    od = conv_out_of(a, 0, id, rd);
    oh = conv_out_of(a, 1, ih, rh);
    ow = conv_out_of(a, 2, iw, rw);
    if (od < 0 || oh < 0 || ow < 0)
      return 0.0f;
    return a->dy[litdnn_conv_offset(a->ys, n, g * kg + ch, od, oh, ow)];
  }
  int id = litdnn_conv_in(a, 0, od, rd), ih = litdnn_conv_in(a, 1, oh, rh),
      iw = litdnn_conv_in(a, 2, ow, rw);
  if (!litdnn_conv_inside(a, 0, id) || !litdnn_conv_inside(a, 1, ih) || !litdnn_conv_inside(a, 2, iw))
    return 0.0f;
  return a->x[litdnn_conv_offset(a->xs, n, g * cg + ch, id, ih, iw)];
}

/* C[m][j] of group g: where the result goes */
static __device__ float *conv_gemm_c(const litdnn_conv_args *a, int g, int64_t m, int64_t j)
{
  int64_t kg = a->k / a->groups, cg = a->c / a->groups, zero = 0, n;
  int d, h, w;
  if (a->pass == LITDNN_CONV_FWD) {
    litdnn_conv_split(j, 1, a->out, &n, &zero, &d, &h, &w);
    return a->result + litdnn_conv_offset(a->ys, n, g * kg + m, d, h, w);
  }
  if (a->pass == LITDNN_CONV_BWD_DATA) {
    litdnn_conv_split(j, 1, a->in, &n, &zero, &d, &h, &w);
    return a->result + litdnn_conv_offset(a->xs, n, g * cg + m, d, h, w);
  }
  return a->result + litdnn_conv_filter_offset(a, g * kg + m, j);   /* j = (c, r, s), stored taps */
}
#line 2556 "chapters/05-convolution.nw"
static __global__ void conv_implicit_gemm(litdnn_conv_args a)
{
  __shared__ float As[CONV_BL * CONV_BM];
  __shared__ float Bs[CONV_BL * CONV_BN];
  conv_gemm_shape sh = conv_gemm_dims(&a);
  int g = blockIdx.z, t = threadIdx.x, tx = t % 16, ty = t / 16;
  int64_t m0 = (int64_t)blockIdx.y * CONV_BM, j0 = (int64_t)blockIdx.x * CONV_BN;
  int lm = t % CONV_BM, ll = t / CONV_BM;     /* this thread's element of each slice */
  float acc00 = 0.0f, acc01 = 0.0f, acc10 = 0.0f, acc11 = 0.0f;
  for (int64_t l0 = 0; l0 < sh.l; l0 += CONV_BL) {
    int64_t l = l0 + ll;
    As[ll * CONV_BM + lm] = (m0 + lm < sh.m && l < sh.l) ? conv_gemm_a(&a, g, m0 + lm, l) : 0.0f;
    Bs[ll * CONV_BN + lm] = (j0 + lm < sh.cols && l < sh.l) ? conv_gemm_b(&a, g, l, j0 + lm) : 0.0f;
    __syncthreads();
    for (int i = 0; i < CONV_BL; i++) {
      float a0 = As[i * CONV_BM + ty], a1 = As[i * CONV_BM + ty + 16];
      float b0 = Bs[i * CONV_BN + tx], b1 = Bs[i * CONV_BN + tx + 16];
      acc00 += a0 * b0;
      acc01 += a0 * b1;
      acc10 += a1 * b0;
      acc11 += a1 * b1;
    }
    __syncthreads();
  }
  float acc[4] = {acc00, acc01, acc10, acc11};
  for (int q = 0; q < 4; q++) {
    int64_t m = m0 + ty + 16 * (q / 2), j = j0 + tx + 16 * (q % 2);
    if (m < sh.m && j < sh.cols)
      litdnn_conv_store_y(&a, conv_gemm_c(&a, g, m, j) - a.result, (int64_t)g * (a.k / a.groups) + m, acc[q]);
  }
}
#line 2645 "chapters/05-convolution.nw"
/* which channel and stored tap element l of a filter row is */
static __device__ void conv_filter_row_index(const litdnn_conv_args *a, int64_t l, int64_t *ch, int *td,
                                             int *th, int *tw)
{
  int64_t cg = a->c / a->groups, taps = (int64_t)a->flt[0] * a->flt[1] * a->flt[2], t;
  if (a->ws[1] == 1 && cg > 1) {     /* K x R x S x C: the channel innermost */
    *ch = l % cg;
    t = l / cg;
  } else {                           /* K x C x R x S */
    *ch = l / taps;
    t = l % taps;
  }
  *tw = (int)(t % a->flt[2]);
  t /= a->flt[2];
  *th = (int)(t % a->flt[1]);
  *td = (int)(t / a->flt[1]);
}

#define CONV_COL_BATCH 4     /* elements of a row each thread of im2col and col2im moves */

/* the launch of a row kernel (im2col, col2im, the dy gather) over n images of rows rows of len
   elements, per_thread of them a thread: 256 threads a block, x along a row, y over as many rows
   as fit beside a short one; rows (at most 65535 blocks) on the grid's y, images on its z */
static inline void conv_row_launch(int64_t len, int per_thread, int64_t rows, int64_t n, dim3 *grid, dim3 *block)
{
  unsigned x = 32;
  while (x < 256 && (int64_t)x * per_thread < len)
    x *= 2;
  *block = litdnn_dim3(x, 256 / x, 1);
  *grid = litdnn_dim3(litdnn_gpu_blocks(len, x * per_thread, 65535u), litdnn_gpu_blocks(rows, 256 / x, 65535u),
                      litdnn_gpu_blocks(n, 1, 65535u));
}

/* x under filter element l at output pq, for group g, to cols[l * lstride + n * nstride + pq]:
   cols[n][l][pq] or cols[l][n][pq]; a block's row of threads per row (n, l) */
static __global__ void conv_im2col(litdnn_conv_args a, int g, float *cols, int64_t lstride, int64_t nstride)
{
  int64_t cg = a.c / a.groups, L = cg * a.flt[0] * a.flt[1] * a.flt[2];
  int S = a.out[0] * a.out[1] * a.out[2];
  for (int64_t n = blockIdx.z; n < a.n; n += gridDim.z)
    for (int64_t l = (int64_t)blockIdx.y * blockDim.y + threadIdx.y; l < L; l += (int64_t)gridDim.y * blockDim.y) {
      int64_t ch;
      int td, th, tw;
      conv_filter_row_index(&a, l, &ch, &td, &th, &tw);
      int rd = litdnn_conv_tap(a.flip, a.flt[0], td) * a.dil[0] - a.pad[0];
      int rh = litdnn_conv_tap(a.flip, a.flt[1], th) * a.dil[1] - a.pad[1];
      int rw = litdnn_conv_tap(a.flip, a.flt[2], tw) * a.dil[2] - a.pad[2];
      const float *x = a.x + n * a.xs[0] + ((int64_t)g * cg + ch) * a.xs[1];
      float *row = cols + l * lstride + n * nstride;
      for (int64_t p0 = (int64_t)blockIdx.x * blockDim.x * CONV_COL_BATCH; p0 < S;
           p0 += (int64_t)gridDim.x * blockDim.x * CONV_COL_BATCH) {
        float v[CONV_COL_BATCH];
        for (int j = 0; j < CONV_COL_BATCH; j++) {     /* the loads first, all in flight together */
          int64_t pq = p0 + j * blockDim.x + threadIdx.x;
          v[j] = 0.0f;
          if (pq < S) {
            int ow = (int)pq % a.out[2], t = (int)pq / a.out[2], oh = t % a.out[1], od = t / a.out[1];
            int id = od * a.stride[0] + rd, ih = oh * a.stride[1] + rh, iw = ow * a.stride[2] + rw;
            if (litdnn_conv_inside(&a, 0, id) && litdnn_conv_inside(&a, 1, ih) && litdnn_conv_inside(&a, 2, iw))
              v[j] = x[id * a.xs[2] + ih * a.xs[3] + iw * a.xs[4]];
          }
        }
        for (int j = 0; j < CONV_COL_BATCH; j++) {
          int64_t pq = p0 + j * blockDim.x + threadIdx.x;
          if (pq < S)
            row[pq] = v[j];
        }
      }
    }
}
#line 2734 "chapters/05-convolution.nw"
/* dx of group g from the buffer; a row of threads per plane (n, c), as im2col has one per row */
static __global__ void conv_col2im(litdnn_conv_args a, int g, const float *cols)
{
  int64_t cg = a.c / a.groups, taps = (int64_t)a.flt[0] * a.flt[1] * a.flt[2], L = cg * taps;
  int64_t S = (int64_t)a.out[0] * a.out[1] * a.out[2];
  int plane = a.in[0] * a.in[1] * a.in[2];
  int channels_last = a.ws[1] == 1 && cg > 1;
  for (int64_t n = blockIdx.z; n < a.n; n += gridDim.z)
  for (int64_t cc = (int64_t)blockIdx.y * blockDim.y + threadIdx.y; cc < cg; cc += (int64_t)gridDim.y * blockDim.y)
  for (int64_t i0 = (int64_t)blockIdx.x * blockDim.x * CONV_COL_BATCH; i0 < plane;
       i0 += (int64_t)gridDim.x * blockDim.x * CONV_COL_BATCH) {
  float sums[CONV_COL_BATCH];
  for (int j = 0; j < CONV_COL_BATCH; j++) {     /* the gathers first, all in flight together */
    int64_t i = i0 + j * blockDim.x + threadIdx.x;
    int iw = (int)i % a.in[2], rest = (int)i / a.in[2], ih = rest % a.in[1], id = rest / a.in[1];
    float sum = 0.0f;
    for (int td = 0; td < a.flt[0] && i < plane; td++) {
      int od = conv_out_of(&a, 0, id, litdnn_conv_tap(a.flip, a.flt[0], td));
      if (od < 0)
        continue;
      for (int th = 0; th < a.flt[1]; th++) {
        int oh = conv_out_of(&a, 1, ih, litdnn_conv_tap(a.flip, a.flt[1], th));
        if (oh < 0)
          continue;
        for (int tw = 0; tw < a.flt[2]; tw++) {
          int ow = conv_out_of(&a, 2, iw, litdnn_conv_tap(a.flip, a.flt[2], tw));
          if (ow < 0)
            continue;
          int64_t t = ((int64_t)td * a.flt[1] + th) * a.flt[2] + tw;
          int64_t l = channels_last ? t * cg + cc : cc * taps + t;
          sum += cols[(n * L + l) * S + ((int64_t)od * a.out[1] + oh) * a.out[2] + ow];
        }
      }
    }
    sums[j] = sum;
  }
  for (int j = 0; j < CONV_COL_BATCH; j++) {
    int64_t i = i0 + j * blockDim.x + threadIdx.x;
    if (i < plane) {
      int iw = (int)i % a.in[2], rest = (int)i / a.in[2], ih = rest % a.in[1], id = rest / a.in[1];
      litdnn_conv_store(&a.result[litdnn_conv_offset(a.xs, n, (int64_t)g * cg + cc, id, ih, iw)], sums[j],
                        a.alpha, a.beta);
    }
  }
  }
}
#line 2876 "chapters/05-convolution.nw"
/* dw of group g: element (l, k) = alpha * sum over b of part[b][k][l] + beta * dw */
static __global__ void conv_sum_images(litdnn_conv_args a, int g, const float *part, int chunks)
{
  int64_t kg = a.k / a.groups, L = (a.c / a.groups) * a.flt[0] * a.flt[1] * a.flt[2], total = L * kg;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < total;
       i += (int64_t)gridDim.x * blockDim.x) {
    int64_t l = i % L, k = i / L;
    float sum = 0.0f;
    for (int64_t b = 0; b < chunks; b++)
      sum += part[b * total + i];
    litdnn_conv_store(&a.result[(g * kg + k) * a.ws[0] + l], sum, a.alpha, a.beta);
  }
}
#line 2922 "chapters/05-convolution.nw"
/* dyt[k][n][pq] = dy of image n, channel g K/G + k, output pixel pq; a row of threads per row (k, n) */
static __global__ void conv_gather_dy(litdnn_conv_args a, int g, float *dyt)
{
  int64_t kg = a.k / a.groups;
  int S = a.out[0] * a.out[1] * a.out[2];
  for (int64_t n = blockIdx.z; n < a.n; n += gridDim.z)
    for (int64_t k = (int64_t)blockIdx.y * blockDim.y + threadIdx.y; k < kg; k += (int64_t)gridDim.y * blockDim.y) {
      float *row = dyt + (k * a.n + n) * S;
      for (int pq = blockIdx.x * blockDim.x + threadIdx.x; pq < S; pq += gridDim.x * blockDim.x) {
        int ow = pq % a.out[2], t = pq / a.out[2], oh = t % a.out[1], od = t / a.out[1];
        row[pq] = a.dy[litdnn_conv_offset(a.ys, n, g * kg + k, od, oh, ow)];
      }
    }
}
#line 2956 "chapters/05-convolution.nw"
/* the matrix-multiply chapter's stage: its own kernels or cuBLAS */
static int conv_gemm_stage(litdnnHandle_t h, const litdnn_matmul_args *g, int cublas)
{
  if (cublas)
    return g->math == LITDNN_MATH_TF32 ? MATMUL_STAGE_CUBLAS_TF32 : MATMUL_STAGE_CUBLAS;
  int64_t big_tiles = (int64_t)((g->m + 127) / 128) * ((g->n + 127) / 128) * g->batch;
  if (g->n <= 32)
    return MATMUL_STAGE_PIPELINED_128X32;
  return big_tiles < 2 * 132 ? MATMUL_STAGE_PIPELINED_64X64 : MATMUL_STAGE_PIPELINED;
}

/* the arguments of one of a pass's GEMMs: its call, math type and blend, everything else zero */
static litdnn_matmul_args conv_gemm_args(const litdnn_conv_args *a, float alpha, float beta)
{
  litdnn_matmul_args m;
  memset(&m, 0, sizeof m);
  m.call = a->call;
  m.math = a->math;
  m.alpha = alpha;
  m.beta = beta;
  return m;
}

/* forward's GEMM of one group into y: X_n, the unrolled input of image n, stored transposed (S x k, at
   x + n xstride with leading dimension ldx), times W_g into image n's y (leading dimension ld, image stride
   ys[0]); over planes Y_n^T (S x Kg) = X_n^T W_g^T, channels last Y_n (Kg x S) = W_g X_n. The caller sets
   the batch. */
static void conv_gemm_into_y(litdnn_matmul_args *m, const litdnn_conv_args *a, int planes, int64_t ld, int g,
                             int S, int k, const float *x, int64_t ldx, int64_t xstride, float *y)
{
  int64_t kg = a->k / a->groups;
  const float *w_g = a->w + g * kg * a->ws[0];
  m->k = k;
  m->C = y; m->ldc = ld; m->strideC = a->ys[0];
  if (planes) {
    m->m = S; m->n = (int)kg;
    m->A = x; m->lda = ldx; m->strideA = xstride;
    m->B = w_g; m->ldb = a->ws[0];
  } else {
    m->m = (int)kg; m->n = S;
    m->transa = 1; m->A = w_g; m->lda = a->ws[0];
    m->transb = 1; m->B = x; m->ldb = ldx; m->strideB = xstride;
  }
}

static litdnnStatus_t conv_matmul(litdnnHandle_t h, const litdnn_matmul_args *g, int cublas)
{
  litdnnStatus_t s = litdnn_matmul_check(h, g->call, g);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  const litdnn_stage *st = &litdnn_op(LITDNN_OP_MATMUL)->stages[conv_gemm_stage(h, g, cublas)];
  if (!st->fn[litdnn_backend(h)])
    return litdnn_error(LITDNN_STATUS_NOT_SUPPORTED_BACKEND, g->call, "the GEMM stage %s does not run here",
                        st->name);
  return st->fn[litdnn_backend(h)](h, g);
}

static litdnnStatus_t conv_gemm_pass(litdnnHandle_t h, const litdnn_conv_args *a, int cublas)
{
  int64_t kg = a->k / a->groups, cg = a->c / a->groups;
  int64_t L = cg * a->flt[0] * a->flt[1] * a->flt[2], S = (int64_t)a->out[0] * a->out[1] * a->out[2];
  int64_t ld = 0;
  int planes = litdnn_conv_out_matrix(a, &ld);
  /* backward filter: images per GEMM, and how many GEMMs (chunks) */
  int nb = a->pass == LITDNN_CONV_BWD_FILTER ? litdnn_conv_filter_images(a) : 1, chunks = a->n / nb;
  int in_place = litdnn_conv_cols_are_input(a) && nb == 1;
  float *cols = (float *)a->workspace;
  /* the unrolled matrices: the buffer, or (1x1, stride 1) x or dx itself with its image stride */
  int64_t cols_stride = in_place ? a->xs[0] : L * S;
  /* backward filter keeps the buffer as cols[l][n][pq], so that consecutive images are one matrix */
  int64_t lstride = S, nstride = L * S;
  if (a->pass == LITDNN_CONV_BWD_FILTER) {
    lstride = a->n * S;
    nstride = S;
  }
  cudaStream_t st = litdnn_gpu_stream(h);
  dim3 im2col_grid, im2col_block, grid, block;
  conv_row_launch(S, CONV_COL_BATCH, L, a->n, &im2col_grid, &im2col_block);
  litdnnStatus_t s = LITDNN_STATUS_SUCCESS;
  for (int g = 0; g < a->groups && s == LITDNN_STATUS_SUCCESS; g++) {
    litdnn_matmul_args m = conv_gemm_args(a, a->alpha, a->beta);
    const float *out_g = (a->pass == LITDNN_CONV_FWD ? a->result : a->dy) + g * kg * a->ys[1];
    if (in_place)
      cols = (a->pass == LITDNN_CONV_BWD_DATA ? a->result : (float *)a->x) + g * cg * a->xs[1];
    else if (a->pass != LITDNN_CONV_BWD_DATA) {
      conv_im2col<<<im2col_grid, im2col_block, 0, st>>>(*a, g, cols, lstride, nstride);
      if ((s = litdnn_gpu_launch_status(a->call, "conv_im2col")) != LITDNN_STATUS_SUCCESS)
        break;
    }
    if (a->pass == LITDNN_CONV_FWD) {
      m.batch = a->n;
      conv_gemm_into_y(&m, a, planes, ld, g, (int)S, (int)L, cols, S, cols_stride, (float *)out_g);
      s = conv_matmul(h, &m, cublas);
    } else if (a->pass == LITDNN_CONV_BWD_DATA) {
      /* dX^T (S x L) = dY^T W_g, then col2im; in place, the GEMM blends into dx itself */
      m.alpha = in_place ? a->alpha : 1.0f;
      m.beta = in_place ? a->beta : 0.0f;
      m.m = (int)S; m.n = (int)L; m.k = (int)kg; m.batch = a->n;
      m.transa = !planes; m.A = out_g; m.lda = ld; m.strideA = a->ys[0];
      m.transb = 1; m.B = a->w + g * kg * a->ws[0]; m.ldb = a->ws[0];
      m.C = cols; m.ldc = S; m.strideC = cols_stride;
      s = conv_matmul(h, &m, cublas);
      if (s == LITDNN_STATUS_SUCCESS && !in_place) {
        conv_row_launch((int64_t)a->in[0] * a->in[1] * a->in[2], CONV_COL_BATCH, cg, a->n, &grid, &block);
        conv_col2im<<<grid, block, 0, st>>>(*a, g, (const float *)cols);
        s = litdnn_gpu_launch_status(a->call, "conv_col2im");
      }
    } else {
      /* P_b (L x Kg) = X_b dY_b^T for each chunk b of nb images in one batched call, X_b the columns
         of nb consecutive images (L x nb S) and dY_b their dy (Kg x nb S); then dW_g^T = the sum
         of the P_b, or with one chunk the GEMM blends into dw itself */
      float *dyt = (float *)a->workspace + (in_place ? 0 : a->n * L * S);
      float *part = dyt + (nb > 1 ? a->n * S * kg : 0);
      m.m = (int)L; m.n = (int)kg; m.k = (int)(nb * S); m.batch = chunks;
      m.transa = 1; m.A = cols;
      m.lda = in_place ? S : a->n * S;
      m.strideA = in_place ? cols_stride : nb * S;
      if (nb > 1) {        /* dy of the group as dyt[k][n][pq]: one (N S) x Kg matrix */
        conv_row_launch(S, 1, kg, a->n, &grid, &block);
        conv_gather_dy<<<grid, block, 0, st>>>(*a, g, dyt);
        if ((s = litdnn_gpu_launch_status(a->call, "conv_gather_dy")) != LITDNN_STATUS_SUCCESS)
          break;
        m.transb = 0; m.B = dyt; m.ldb = a->n * S; m.strideB = nb * S;
      } else {
        m.transb = !planes; m.B = out_g; m.ldb = ld; m.strideB = a->ys[0];
      }
      if (chunks == 1) {
        m.C = a->result + g * kg * a->ws[0]; m.ldc = a->ws[0]; m.strideC = L * kg;
      } else {
        m.alpha = 1.0f;
        m.beta = 0.0f;
        m.C = part; m.ldc = L; m.strideC = L * kg;
      }
      s = conv_matmul(h, &m, cublas);
      if (s == LITDNN_STATUS_SUCCESS && chunks > 1) {
        conv_sum_images<<<litdnn_gpu_blocks(L * kg, 256, 65535u * 16u), 256, 0, st>>>(*a, g, (const float *)part,
                                                                                      chunks);
        s = litdnn_gpu_launch_status(a->call, "conv_sum_images");
      }
    }
  }
  return s;
}
#line 3132 "chapters/05-convolution.nw"
static litdnnStatus_t conv_gemm_run(litdnnHandle_t h, const litdnn_conv_args *a, int cublas)
{
  int per = litdnn_conv_gemm_images(a);
  litdnnStatus_t s = LITDNN_STATUS_SUCCESS;
  for (int n0 = 0; n0 < a->n && s == LITDNN_STATUS_SUCCESS; n0 += per) {
    litdnn_conv_args r = litdnn_conv_images(a, n0, a->n - n0 < per ? a->n - n0 : per);
    if (a->pass == LITDNN_CONV_BWD_FILTER && n0 > 0)
      r.beta = 1.0f;
    s = conv_gemm_pass(h, &r, cublas);
  }
  return s;
}
#line 3390 "chapters/05-convolution.nw"
/* dst[c][j] for the chunk of nb images from n0: column j is image n0 + j / S and output pixel j % S, read
   from x at the stride (from_x) or from dy; a row of the matrix per block row. A thread splits its first
   column into (n, od, oh, ow) and reaches the next, T = blockDim.x columns on, by adding T's own split
   with carries */
static __global__ void conv_channel_major(litdnn_conv_args a, int from_x, int n0, int nb, float *dst)
{
  int D = a.out[0], P = a.out[1], Q = a.out[2], S = D * P * Q, cols = nb * S, T = (int)blockDim.x;
  int channels = from_x ? a.c : a.k;
  const float *src = from_x ? a.x : a.dy;
  const int64_t *st = from_x ? a.xs : a.ys;
  int64_t sd = st[2] * (from_x ? a.stride[0] : 1), sh = st[3] * (from_x ? a.stride[1] : 1),
          sw = st[4] * (from_x ? a.stride[2] : 1);
  int tw = T % Q, th = T / Q % P, td = T / Q / P % D, tn = T / S;   /* the step of T columns, split */
  for (int64_t c = blockIdx.y; c < channels; c += gridDim.y) {
    const float *plane = src + c * st[1] + (int64_t)n0 * st[0];
    float *row = dst + c * cols;
    for (int j = (int)(blockIdx.x * T * CONV_COL_BATCH + threadIdx.x); j < cols;
         j += (int)(gridDim.x * T * CONV_COL_BATCH)) {
      int n = j / S, pq = j - n * S;
      int ow = pq % Q, t = pq / Q, oh = t % P, od = t / P;
      float v[CONV_COL_BATCH];
      for (int i = 0; i < CONV_COL_BATCH; i++) {     /* the loads first, all in flight together */
        if (j + i * T < cols)
          v[i] = plane[n * st[0] + od * sd + oh * sh + ow * sw];
        ow += tw;                                     /* the next column, T on, by carries */
        oh += th + (ow >= Q);
        ow -= ow >= Q ? Q : 0;
        od += td + (oh >= P);
        oh -= oh >= P ? P : 0;
        n += tn + (od >= D);
        od -= od >= D ? D : 0;
      }
      for (int i = 0; i < CONV_COL_BATCH; i++)
        if (j + i * T < cols)
          row[j + i * T] = v[i];
    }
  }
}
#line 3446 "chapters/05-convolution.nw"
/* the same copy where the source's images are dense blocks of C P Q floats (channel stride P Q, rows of
   Q): block row y walks image n0 + y's block in order, element e = c P Q + p to dst[c][y P Q + p] */
static __global__ void conv_channel_major_dense(litdnn_conv_args a, int from_x, int n0, int nb, float *dst)
{
  int S = a.out[0] * a.out[1] * a.out[2], channels = from_x ? a.c : a.k, total = channels * S;
  int64_t cols = (int64_t)nb * S;
  const float *src = from_x ? a.x : a.dy;
  int64_t image = from_x ? a.xs[0] : a.ys[0];
  for (int n = blockIdx.y; n < nb; n += gridDim.y) {
    const float *block = src + (n0 + n) * image;
    for (int e0 = (int)(blockIdx.x * blockDim.x * CONV_COL_BATCH + threadIdx.x); e0 < total;
         e0 += (int)(gridDim.x * blockDim.x * CONV_COL_BATCH)) {
      float v[CONV_COL_BATCH];
      for (int i = 0; i < CONV_COL_BATCH; i++)     /* the loads first, all in flight together */
        if (e0 + i * (int)blockDim.x < total)
          v[i] = block[e0 + i * blockDim.x];
      for (int i = 0; i < CONV_COL_BATCH; i++) {
        int e = e0 + i * (int)blockDim.x, c = e / S;
        if (e < total)
          dst[c * cols + (int64_t)n * S + (e - c * S)] = v[i];
      }
    }
  }
}
#line 3485 "chapters/05-convolution.nw"
/* y of the chunk's images from yc[k][j], blended (or finished, in the fused call) */
static __global__ void conv_from_channel_major_y(litdnn_conv_args a, int n0, int nb, const float *yc)
{
  int S = a.out[0] * a.out[1] * a.out[2], cols = nb * S;
  for (int64_t k = blockIdx.y; k < a.k; k += gridDim.y) {
    const float *row = yc + k * cols;
    for (int64_t j0 = (int64_t)blockIdx.x * blockDim.x * CONV_COL_BATCH; j0 < cols;
         j0 += (int64_t)gridDim.x * blockDim.x * CONV_COL_BATCH) {
      float v[CONV_COL_BATCH];
      for (int i = 0; i < CONV_COL_BATCH; i++) {
        int64_t j = j0 + i * blockDim.x + threadIdx.x;
        if (j < cols)
          v[i] = row[j];
      }
      for (int i = 0; i < CONV_COL_BATCH; i++) {
        int64_t j = j0 + i * blockDim.x + threadIdx.x;
        if (j < cols) {
          int n = (int)j / S, pq = (int)j - n * S;
          int ow = pq % a.out[2], t = pq / a.out[2], oh = t % a.out[1], od = t / a.out[1];
          litdnn_conv_store_y(&a, litdnn_conv_offset(a.ys, n0 + n, k, od, oh, ow), k, v[i]);
        }
      }
    }
  }
}
#line 3527 "chapters/05-convolution.nw"
/* dx of the chunk's images from dxc[c][j]: column j writes the block of stride-sized input pixels whose
   corner it samples, the corner its value and the others nothing */
static __global__ void conv_from_channel_major_dx(litdnn_conv_args a, int n0, int nb, const float *dxc)
{
  int S = a.out[0] * a.out[1] * a.out[2], cols = nb * S;
  int ud = a.stride[0], uh = a.stride[1], uw = a.stride[2];
  for (int64_t c = blockIdx.y; c < a.c; c += gridDim.y) {
    const float *row = dxc + c * (int64_t)cols;
    for (int j = (int)(blockIdx.x * blockDim.x + threadIdx.x); j < cols; j += (int)(gridDim.x * blockDim.x)) {
      int n = j / S, pq = j - n * S;
      int ow = pq % a.out[2], t = pq / a.out[2], oh = t % a.out[1], od = t / a.out[1];
      float v = row[j];
      for (int dd = 0; dd < ud && od * ud + dd < a.in[0]; dd++)
        for (int dh = 0; dh < uh && oh * uh + dh < a.in[1]; dh++)
          for (int dw = 0; dw < uw && ow * uw + dw < a.in[2]; dw++)
            litdnn_conv_store(&a.result[litdnn_conv_offset(a.xs, n0 + n, c, od * ud + dd, oh * uh + dh,
                                                           ow * uw + dw)],
                              dd == 0 && dh == 0 && dw == 0 ? v : 0.0f, a.alpha, a.beta);
    }
  }
}
#line 3734 "chapters/05-convolution.nw"
/* where filters 4g..4g+3 of tap l sit in their row: group g XOR l (mod 16) */
static __device__ int conv_few_group(int g, int l) { return g ^ (l & 15); }

/* the block's 64 filters, tap by tap (zero past the last filter). Element i is the number
   (k, c, r, s) in the radices (64, C, R, S); a step of 128 adds 128's digits with carries,
   so that the loop divides only before it starts. CONV_FEW_INFLIGHT loads are issued
   before their values are stored */
static __device__ void conv_few_load_filters(const litdnn_conv_args *a, int k0, float *taps)
{
  int R = a->flt[1], S = a->flt[2], L = a->c * R * S, t = threadIdx.x;
  int s = t % S, r = t / S % R, c = t / (R * S) % a->c, k = t / L;
  const int ds = CONV_FEW_THREADS % S, dr = CONV_FEW_THREADS / S % R,
            dc = CONV_FEW_THREADS / (R * S) % a->c, dk = CONV_FEW_THREADS / L;
  for (int i0 = t; i0 < CONV_FEW_K * L; i0 += CONV_FEW_INFLIGHT * CONV_FEW_THREADS) {
    float w[CONV_FEW_INFLIGHT];
    int at[CONV_FEW_INFLIGHT];
LITDNN_UNROLL
    for (int q = 0; q < CONV_FEW_INFLIGHT; q++) {
      int l = (c * R + r) * S + s;
      at[q] = i0 + q * CONV_FEW_THREADS < CONV_FEW_K * L ? l * CONV_FEW_K + conv_few_group(k / 4, l) * 4 + k % 4 : -1;
      w[q] = at[q] >= 0 && k0 + k < a->k
                 ? a->w[litdnn_conv_offset(a->ws, k0 + k, c, 0, litdnn_conv_tap(a->flip, R, r),
                                           litdnn_conv_tap(a->flip, S, s))]
                 : 0.0f;
      s += ds;
      if (s >= S) { s -= S; r++; }
      r += dr;
      if (r >= R) { r -= R; c++; }
      c += dc;
      if (c >= a->c) { c -= a->c; k++; }
      k += dk;
    }
LITDNN_UNROLL
    for (int q = 0; q < CONV_FEW_INFLIGHT; q++)
      if (at[q] >= 0)
        taps[at[q]] = w[q];
  }
}

/* planes ch0 .. ch0 + chs - 1 of image n of src (strides st; zero from plane ch_end on), rows
   y0 .. y0 + h - 1 and columns x0 .. x0 + w - 1 of them (zero outside H x W), into
   dst[(plane h + row) w + column]. A warp loads 32 floats of one row at a time, CONV_FEW_INFLIGHT
   rows in flight */
static __device__ void conv_few_load_rect(const float *src, const int64_t *st, int64_t n, int ch0, int chs,
                                          int ch_end, int64_t y0, int64_t x0, int h, int w, int H, int W,
                                          float *dst)
{
  const int warps = CONV_FEW_THREADS / 32;
  int lane = threadIdx.x % 32, pieces_per_row = (w + 31) / 32, pieces = chs * h * pieces_per_row;
  for (int p0 = threadIdx.x / 32; p0 < pieces; p0 += CONV_FEW_INFLIGHT * warps) {
    float v[CONV_FEW_INFLIGHT];
    int at[CONV_FEW_INFLIGHT];
LITDNN_UNROLL
    for (int q = 0; q < CONV_FEW_INFLIGHT; q++) {
      int p = p0 + q * warps, row = p / pieces_per_row, x = (p - row * pieces_per_row) * 32 + lane;
      int ch = row / h, y = row - ch * h;
      int64_t iy = y0 + y, ix = x0 + x;
      at[q] = p < pieces && x < w ? row * w + x : -1;
      v[q] = at[q] >= 0 && ch0 + ch < ch_end && iy >= 0 && iy < H && ix >= 0 && ix < W
                 ? src[litdnn_conv_offset(st, n, ch0 + ch, 0, iy, ix)] : 0.0f;
    }
LITDNN_UNROLL
    for (int q = 0; q < CONV_FEW_INFLIGHT; q++)
      if (at[q] >= 0)
        dst[at[q]] = v[q];
  }
}

/* (image, tile) pair number item of the few-channels forward and backward-filter kernels, with tiles per
   image, tiles_w per row of them: its image, and its tile's corner in the output */
static __device__ int64_t conv_few_item(int64_t item, int64_t tiles, int tiles_w, int *oh0, int *ow0)
{
  int64_t n = item / tiles;
  int tile = (int)(item - n * tiles);
  *oh0 = tile / tiles_w * CONV_FEW_TH;
  *ow0 = tile % tiles_w * CONV_FEW_TW;
  return n;
}

static __global__ void __launch_bounds__(CONV_FEW_THREADS) conv_fwd_few(litdnn_conv_args a)
{
  extern __shared__ float conv_smem[];
  int R = a.flt[1], S = a.flt[2], L = a.c * R * S;
  int u = a.stride[1], v = a.stride[2], dh = a.dil[1], dw = a.dil[2];
  int ph = (int)litdnn_conv_span(&a, 1, CONV_FEW_TH), pw = (int)litdnn_conv_span(&a, 2, CONV_FEW_TW);
  float *taps = conv_smem, *patch = conv_smem + L * CONV_FEW_K;
  int tiles_w = (a.out[2] + CONV_FEW_TW - 1) / CONV_FEW_TW;
  int64_t tiles = litdnn_conv_tiles(&a, CONV_FEW_TH, CONV_FEW_TW), items = tiles * a.n;
  int k0 = (int)blockIdx.y * CONV_FEW_K, t = threadIdx.x;
  int kq = t / CONV_FEW_TW, col = t % CONV_FEW_TW;   /* filters 8kq..8kq+7, output column */
  conv_few_load_filters(&a, k0, taps);
  /* the filters stay; the block walks its share of the (image, tile) pairs */
  for (int64_t item = blockIdx.x; item < items; item += gridDim.x) {
    int oh0, ow0;
    int64_t n = conv_few_item(item, tiles, tiles_w, &oh0, &ow0);
    __syncthreads();   /* the last tile's reads of the rectangle are done */
    conv_few_load_rect(a.x, a.xs, n, 0, a.c, a.c, (int64_t)oh0 * u - a.pad[1], (int64_t)ow0 * v - a.pad[2], ph, pw,
                       a.in[1], a.in[2], patch);
    __syncthreads();
    float acc[8][8];   /* [filter][output row] */
LITDNN_UNROLL
    for (int i = 0; i < 8; i++)
LITDNN_UNROLL
      for (int j = 0; j < 8; j++)
        acc[i][j] = 0.0f;
    for (int ci = 0; ci < a.c; ci++)
      for (int ri = 0; ri < R; ri++) {
        const float *in = patch + (ci * ph + ri * dh) * pw + col * v;
        for (int si = 0; si < S; si++) {
          int l = (ci * R + ri) * S + si;
          float4 w0 = *(const float4 *)(taps + l * CONV_FEW_K + conv_few_group(2 * kq, l) * 4);
          float4 w1 = *(const float4 *)(taps + l * CONV_FEW_K + conv_few_group(2 * kq + 1, l) * 4);
          float wv[8] = {w0.x, w0.y, w0.z, w0.w, w1.x, w1.y, w1.z, w1.w}, xv[8];
LITDNN_UNROLL
          for (int j = 0; j < 8; j++)
            xv[j] = in[j * u * pw + si * dw];
LITDNN_UNROLL
          for (int i = 0; i < 8; i++)
LITDNN_UNROLL
            for (int j = 0; j < 8; j++)
              acc[i][j] = fmaf(wv[i], xv[j], acc[i][j]);
        }
      }
    int ow = ow0 + col;
LITDNN_UNROLL   /* acc's indices known at compile time: it stays in registers */
    for (int i = 0; i < 8; i++) {
      int ko = k0 + kq * 8 + i;
LITDNN_UNROLL
      for (int j = 0; j < 8; j++) {
        int oh = oh0 + j;
        if (ko < a.k && oh < a.out[1] && ow < a.out[2])
          litdnn_conv_store_y(&a, litdnn_conv_offset(a.ys, n, ko, 0, oh, ow), ko, acc[i][j]);
      }
    }
  }
}

/* as many blocks as can be resident at once (the filters are loaded once per block), at
   most one per (image, tile) pair */
litdnnStatus_t LITDNN_GPU_FN(litdnn_conv_fwd_few)(litdnnHandle_t h, const void *args)
{
  const litdnn_conv_args *a = (const litdnn_conv_args *)args;
  size_t smem = litdnn_conv_few_smem(a);
  int per_sm = 0;
  if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, conv_fwd_few, CONV_FEW_THREADS, smem) != cudaSuccess ||
      per_sm < 1)
    per_sm = 1;
  int64_t kb = (a->k + CONV_FEW_K - 1) / CONV_FEW_K;
  int64_t items = litdnn_conv_tiles(a, CONV_FEW_TH, CONV_FEW_TW) * a->n;
  int64_t resident = ((int64_t)per_sm * litdnn_gpu_sm_count() + kb - 1) / kb;
  unsigned blocks = (unsigned)(items < resident ? items : resident);
  conv_fwd_few<<<litdnn_dim3(blocks, (unsigned)kb, 1), CONV_FEW_THREADS, smem, litdnn_gpu_stream(h)>>>(*a);
  return litdnn_gpu_launch_status(a->call, "conv_fwd_few");
}
#line 4052 "chapters/05-convolution.nw"
/* the 8 x 16 pixels of dy at (oh0, ow0) for filters k0.., pixel by pixel: pixel p's filters 4g..4g+3
   in group g XOR p (mod 16); zero past the output's edge and the last filter. A warp loads two
   rows of 16 at a time */
static __device__ void conv_few_load_dy(const litdnn_conv_args *a, int64_t n, int k0, int oh0, int ow0,
                                        float *dyt)
{
  const int warps = CONV_FEW_THREADS / 32, pieces = CONV_FEW_K * CONV_FEW_TH / 2;
  int lane = threadIdx.x % 32, col = lane % CONV_FEW_TW, half = lane / CONV_FEW_TW;
  for (int p0 = threadIdx.x / 32; p0 < pieces; p0 += CONV_FEW_INFLIGHT * warps) {
    float v[CONV_FEW_INFLIGHT];
    int at[CONV_FEW_INFLIGHT];
LITDNN_UNROLL
    for (int q = 0; q < CONV_FEW_INFLIGHT; q++) {
      int piece = p0 + q * warps, k = piece / (CONV_FEW_TH / 2), row = piece % (CONV_FEW_TH / 2) * 2 + half;
      int px = row * CONV_FEW_TW + col, oh = oh0 + row, ow = ow0 + col;
      at[q] = piece < pieces ? px * CONV_FEW_K + conv_few_group(k / 4, px) * 4 + k % 4 : -1;
      v[q] = at[q] >= 0 && k0 + k < a->k && oh < a->out[1] && ow < a->out[2]
                 ? a->dy[litdnn_conv_offset(a->ys, n, k0 + k, 0, oh, ow)] : 0.0f;
    }
LITDNN_UNROLL
    for (int q = 0; q < CONV_FEW_INFLIGHT; q++)
      if (at[q] >= 0)
        dyt[at[q]] = v[q];
  }
}

/* block (split, filter block, tap block): the sums of filters k0.. and taps l0.. over its share of the
   (image, tile) pairs; written to part[(split K + k) L + l], or blended into dw if it is the only split */
static __global__ void __launch_bounds__(CONV_FEW_THREADS, 3) conv_bwd_filter_few(litdnn_conv_args a, float *part)
{
  extern __shared__ float conv_smem[];
  int R = a.flt[1], S = a.flt[2], L = a.c * R * S;
  int u = a.stride[1], v = a.stride[2];
  int ph = (int)litdnn_conv_span(&a, 1, CONV_FEW_TH), pw = (int)litdnn_conv_span(&a, 2, CONV_FEW_TW);
  float *dyt = conv_smem, *patch = conv_smem + CONV_FEW_K * CONV_FEW_TH * CONV_FEW_TW;
  int tiles_w = (a.out[2] + CONV_FEW_TW - 1) / CONV_FEW_TW;
  int64_t tiles = litdnn_conv_tiles(&a, CONV_FEW_TH, CONV_FEW_TW), items = tiles * a.n;
  int k0 = (int)blockIdx.y * CONV_FEW_K, l0 = (int)blockIdx.z * CONV_FEW_TAP_BLOCK;
  int taps = L - l0 < CONV_FEW_TAP_BLOCK ? L - l0 : CONV_FEW_TAP_BLOCK;
  /* 16 threads per filter group: groups of taps, and as many shares of the pixels as fit */
  int groups = (taps + CONV_FEW_TAPS - 1) / CONV_FEW_TAPS, shares = 16 / groups;
  int t = threadIdx.x, kq = t / 16, tg = t % 16 % groups, share = t % 16 / groups;
  int off[CONV_FEW_TAPS];   /* tap l0 + tg + groups j: where it reads in the rectangle, from a pixel's corner */
LITDNN_UNROLL
  for (int j = 0; j < CONV_FEW_TAPS; j++) {
    int l = l0 + tg + groups * j, c = l / (R * S), r = l / S % R, s = l % S;
    off[j] = l < L ? (c * ph + r * a.dil[1]) * pw + s * a.dil[2] : 0;
  }
  float acc[8][CONV_FEW_TAPS];   /* [filter][tap] */
LITDNN_UNROLL
  for (int i = 0; i < 8; i++)
LITDNN_UNROLL
    for (int j = 0; j < CONV_FEW_TAPS; j++)
      acc[i][j] = 0.0f;
  /* split b of B takes items/B pairs, one more if b < items % B */
  int64_t each = items / gridDim.x, extra = items % gridDim.x, b = blockIdx.x;
  int64_t first = b * each + (b < extra ? b : extra), last = first + each + (b < extra);
  for (int64_t item = first; item < last; item++) {
    int oh0, ow0;
    int64_t n = conv_few_item(item, tiles, tiles_w, &oh0, &ow0);
    __syncthreads();   /* the last tile's reads are done */
    conv_few_load_dy(&a, n, k0, oh0, ow0, dyt);
    conv_few_load_rect(a.x, a.xs, n, 0, a.c, a.c, (int64_t)oh0 * u - a.pad[1], (int64_t)ow0 * v - a.pad[2], ph, pw,
                       a.in[1], a.in[2], patch);
    __syncthreads();
    for (int px = share; share < shares && px < CONV_FEW_TH * CONV_FEW_TW; px += shares) {
      int row = px / CONV_FEW_TW, col = px % CONV_FEW_TW;
      if (oh0 + row >= a.out[1] || ow0 + col >= a.out[2])
        continue;   /* past the edge: x there may be read by no output */
      const float *in = patch + row * u * pw + col * v;
      float4 d0 = *(const float4 *)(dyt + px * CONV_FEW_K + conv_few_group(2 * kq, px) * 4);
      float4 d1 = *(const float4 *)(dyt + px * CONV_FEW_K + conv_few_group(2 * kq + 1, px) * 4);
      float dv[8] = {d0.x, d0.y, d0.z, d0.w, d1.x, d1.y, d1.z, d1.w}, xv[CONV_FEW_TAPS];
LITDNN_UNROLL
      for (int j = 0; j < CONV_FEW_TAPS; j++)
        xv[j] = in[off[j]];
LITDNN_UNROLL
      for (int i = 0; i < 8; i++)
LITDNN_UNROLL
        for (int j = 0; j < CONV_FEW_TAPS; j++)
          acc[i][j] = fmaf(dv[i], xv[j], acc[i][j]);
    }
  }
  /* the shares' sums into share 0's, one share after the other, through shared memory */
  for (int q = 1; q < shares; q++) {
    __syncthreads();
    float *buf = conv_smem + (kq * groups + tg) * 8 * CONV_FEW_TAPS;
    if (share == q)
LITDNN_UNROLL
      for (int i = 0; i < 8; i++)
LITDNN_UNROLL
        for (int j = 0; j < CONV_FEW_TAPS; j++)
          buf[i * CONV_FEW_TAPS + j] = acc[i][j];
    __syncthreads();
    if (share == 0)
LITDNN_UNROLL
      for (int i = 0; i < 8; i++)
LITDNN_UNROLL
        for (int j = 0; j < CONV_FEW_TAPS; j++)
          acc[i][j] += buf[i * CONV_FEW_TAPS + j];
  }
  if (share != 0)
    return;
LITDNN_UNROLL
  for (int i = 0; i < 8; i++) {
    int k = k0 + kq * 8 + i;
LITDNN_UNROLL
    for (int j = 0; j < CONV_FEW_TAPS; j++) {
      int l = l0 + tg + groups * j;
      if (k >= a.k || l >= L)
        continue;
      if (part)
        part[((int64_t)blockIdx.x * a.k + k) * L + l] = acc[i][j];
      else
        litdnn_conv_store(a.result + litdnn_conv_filter_offset(&a, k, l), acc[i][j], a.alpha, a.beta);
    }
  }
}

/* each (k, l) of dw: the splits' sums in split order, blended into dw */
static __global__ void conv_bwd_filter_few_sum(litdnn_conv_args a, int splits, const float *part)
{
  int64_t L = (int64_t)a.c * a.flt[1] * a.flt[2], kl = a.k * L;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < kl; i += (int64_t)gridDim.x * blockDim.x) {
    float sum = 0.0f;
    for (int s = 0; s < splits; s++)
      sum += part[s * kl + i];
    litdnn_conv_store(a.result + litdnn_conv_filter_offset(&a, (int)(i / L), (int)(i % L)), sum, a.alpha, a.beta);
  }
}

/* as many blocks as can be resident, at most CONV_FEW_SPLITS per filter and tap block and one per
   (image, tile) pair; with one split no workspace */
litdnnStatus_t LITDNN_GPU_FN(litdnn_conv_bwd_filter_few)(litdnnHandle_t h, const void *args)
{
  const litdnn_conv_args *a = (const litdnn_conv_args *)args;
  size_t smem = litdnn_conv_few_smem(a);
  int per_sm = 0;
  if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, conv_bwd_filter_few, CONV_FEW_THREADS, smem) !=
          cudaSuccess ||
      per_sm < 1)
    per_sm = 1;
  int64_t kb = (a->k + CONV_FEW_K - 1) / CONV_FEW_K;
  int64_t lb = ((int64_t)a->c * a->flt[1] * a->flt[2] + CONV_FEW_TAP_BLOCK - 1) / CONV_FEW_TAP_BLOCK;
  int64_t splits = ((int64_t)per_sm * litdnn_gpu_sm_count() + kb * lb - 1) / (kb * lb);
  int64_t most = litdnn_conv_few_filter_splits(a);
  if (splits > most)
    splits = most;
  float *part = splits > 1 ? (float *)a->workspace : NULL;
  conv_bwd_filter_few<<<litdnn_dim3((unsigned)splits, (unsigned)kb, (unsigned)lb), CONV_FEW_THREADS, smem,
                        litdnn_gpu_stream(h)>>>(*a, part);
  litdnnStatus_t st = litdnn_gpu_launch_status(a->call, "conv_bwd_filter_few");
  if (st != LITDNN_STATUS_SUCCESS || !part)
    return st;
  conv_bwd_filter_few_sum<<<litdnn_gpu_blocks((int64_t)a->k * a->c * a->flt[1] * a->flt[2], 256, 65535u), 256, 0,
                            litdnn_gpu_stream(h)>>>(*a, (int)splits, part);
  return litdnn_gpu_launch_status(a->call, "conv_bwd_filter_few_sum");
}
#line 4213 "chapters/05-convolution.nw"
/* element i of filter k's taps of the phase as taps[j][t][c] holds them, t = ss - 1 - jj: tap row
   r0 + u j, column s0 + v jj, channel c; zero past the last filter and channel */
static __device__ float conv_few_dx_tap(const litdnn_conv_args *a, int k, int i, int r0, int s0, int rs, int ss)
{
  int c = i % 4, tt = i / 4 % ss, j = i / (4 * ss);
  int r = r0 + a->stride[1] * j, sx = s0 + a->stride[2] * (ss - 1 - tt);
  return k < a->k && c < a->c ? a->w[litdnn_conv_offset(a->ws, k, c, 0, litdnn_conv_tap(a->flip, a->flt[1], r),
                                                        litdnn_conv_tap(a->flip, a->flt[2], sx))]
                              : 0.0f;
}

/* the element CONV_FEW_THREADS further on in a plane of rw columns (rw < CONV_FEW_THREADS) */
static __device__ void conv_few_dx_step(int *r, int *c, int dr, int dc, int rw)
{
  *r += dr;
  *c += dc;
  if (*c >= rw) {
    *c -= rw;
    (*r)++;
  }
}

/* element (r, c) of the dy rectangle whose corner sits at offset at in dy: zero outside dy's rows
   rlo .. rhi - 1 and columns clo .. chi - 1, and everywhere for a filter past the last (live 0) */
static __device__ float conv_few_dx_dy(const litdnn_conv_args *a, int live, int64_t at, int r, int c, int rlo,
                                       int rhi, int clo, int chi)
{
  return live && r >= rlo && r < rhi && c >= clo && c < chi ? a->dy[at + r * a->ys[3] + c * a->ys[4]] : 0.0f;
}

/* filter kk's sums of the step, for channels 0 .. nc - 1 (nc a constant where it is called: 3 leaves the
   fourth channel's multiply-adds out). A thread's elements see the rectangle's row ti + rs - 1 - j,
   columns col .. col + 7 + ss - 1 */
static __device__ void conv_few_dx_sum(float acc[4][8], const float *rect, const float *taps, int kk, int rh, int rp,
                                       int rs, int ss, int ti, int col, int nc)
{
  for (int j = 0; j < rs; j++) {
    const float *row = rect + (kk * rh + ti + rs - 1 - j) * rp + col;
    const float4 *tap = (const float4 *)(taps + (kk * rs + j) * ss * 4);
    float d[8 + CONV_FEW_DX_SUB - 1];
LITDNN_UNROLL
    for (int q = 0; q < 8 + CONV_FEW_DX_SUB - 1; q++)
      d[q] = q < 8 + ss - 1 ? row[q] : 0.0f;
LITDNN_UNROLL
    for (int tt = 0; tt < CONV_FEW_DX_SUB; tt++) {
      if (tt >= ss)
        break;
      float4 w4 = tap[tt];
      float wc[4] = {w4.x, w4.y, w4.z, w4.w};
LITDNN_UNROLL
      for (int ch = 0; ch < 4; ch++)
        if (ch < nc)
LITDNN_UNROLL
          for (int p = 0; p < 8; p++)
            acc[ch][p] = fmaf(wc[ch], d[p + tt], acc[ch][p]);
    }
  }
}

/* block (tile, phase, image) of the backward-data kernel: the rows h = ph + u i, i0 <= i < i0 + 16, and the
   columns w = pw + v m, m0 <= m < m0 + 64, of dx; dilation 1. The phase's taps are r = r0 + u j (j < rs) and
   s = s0 + v jj (jj < ss); element (i, m) reads dy[i + e - j][m + f - jj]. While the block sums filter
   k0 + kk, each thread's share of filter k0 + 4 + kk is on its way into registers */
static __global__ void __launch_bounds__(CONV_FEW_THREADS, CONV_FEW_DX_BLOCKS) conv_bwd_data_few(litdnn_conv_args a,
                                                                                                 int tiles_w)
{
  extern __shared__ float conv_smem[];
  int u = a.stride[1], v = a.stride[2], R = a.flt[1], S = a.flt[2];
  int ph = (int)blockIdx.y / v, pw = (int)blockIdx.y % v, n = (int)blockIdx.z;
  int e = (ph + a.pad[1]) / u, r0 = (ph + a.pad[1]) % u, f = (pw + a.pad[2]) / v, s0 = (pw + a.pad[2]) % v;
  int rs = r0 < R ? (R - r0 + u - 1) / u : 0, ss = s0 < S ? (S - s0 + v - 1) / v : 0;
  int hp = (a.in[1] - ph + u - 1) / u, wp = (a.in[2] - pw + v - 1) / v;   /* the phase's rows and columns */
  int i0 = (int)blockIdx.x / tiles_w * CONV_FEW_DX_TH, m0 = (int)blockIdx.x % tiles_w * CONV_FEW_DX_TW;
  if (i0 >= hp || m0 >= wp)
    return;   /* the tile lies past this phase's edge (other phases have a row or column more) */
  /* dy's rectangle: rh x rw from row i0 + e - rs + 1, column m0 + f - ss + 1, rows rp apart (odd) */
  int rh = CONV_FEW_DX_TH + rs - 1, rw = CONV_FEW_DX_TW + ss - 1, rp = rw | 1;
  int plane = rh * rp, tap_n = rs * ss * 4;
  float *rect = conv_smem, *taps = conv_smem + CONV_FEW_DX_KC * plane;   /* taps[kk][j][t][c], t = ss - 1 - jj */
  /* a warp sums 8 rows of 4 runs of 8 elements: with an odd pitch its 32 threads read 32 banks */
  int t = threadIdx.x, lane = t % 32, wq = t / 32;
  int ti = wq / 2 * 8 + lane / 4, col = (wq % 2 * 4 + lane % 4) * 8;
  float acc[4][8];   /* [channel][element] */
LITDNN_UNROLL
  for (int c = 0; c < 4; c++)
LITDNN_UNROLL
    for (int p = 0; p < 8; p++)
      acc[c][p] = 0.0f;
  int64_t oh0 = (int64_t)i0 + e - rs + 1, ow0 = (int64_t)m0 + f - ss + 1, ys3 = a.ys[3], ys4 = a.ys[4];
  int64_t corner = n * a.ys[0] + oh0 * ys3 + ow0 * ys4;   /* of the rectangle, in filter 0's plane */
  /* the rectangle's rows rlo .. rhi - 1 and columns clo .. chi - 1 lie inside dy */
  int64_t hr = a.out[1] - oh0, hc = a.out[2] - ow0;
  int rlo = oh0 < 0 ? (int)-oh0 : 0, clo = ow0 < 0 ? (int)-ow0 : 0;
  int rhi = hr < rh ? (hr > 0 ? (int)hr : 0) : rh, chi = hc < rw ? (hc > 0 ? (int)hc : 0) : rw;
  /* a thread's first element of a plane, and the step of CONV_FEW_THREADS elements */
  int er = t / rw, ec = t % rw, dr = CONV_FEW_THREADS / rw, dc = CONV_FEW_THREADS % rw;
  if (rs > 0 && ss > 0) {   /* the first step's filters, one load at a time */
    for (int kk = 0; kk < CONV_FEW_DX_KC; kk++)
      for (int el = t, r = er, c = ec; el < rh * rw; el += CONV_FEW_THREADS, conv_few_dx_step(&r, &c, dr, dc, rw))
        rect[kk * plane + r * rp + c] = conv_few_dx_dy(&a, kk < a.k, corner + kk * a.ys[1], r, c, rlo, rhi, clo, chi);
    for (int i = t; i < CONV_FEW_DX_KC * tap_n; i += CONV_FEW_THREADS)
      taps[i] = conv_few_dx_tap(&a, i / tap_n, i % tap_n, r0, s0, rs, ss);
    __syncthreads();
  }
  for (int k0 = 0; k0 < a.k && rs > 0 && ss > 0; k0 += CONV_FEW_DX_KC) {
    int kn = k0 + CONV_FEW_DX_KC;   /* the next step's first filter */
LITDNN_UNROLL_BY(1)
    for (int kk = 0; kk < CONV_FEW_DX_KC; kk++) {
      /* filter kn + kk: the loads of the thread's first CONV_FEW_DX_STAGE elements and its tap start here */
      int live = kn + kk < a.k, r = er, c = ec;
      int64_t plane_at = corner + (int64_t)(kn + kk) * a.ys[1];
      float pv[CONV_FEW_DX_STAGE], tv = 0.0f;
LITDNN_UNROLL
      for (int q = 0; q < CONV_FEW_DX_STAGE; q++) {
        pv[q] = conv_few_dx_dy(&a, live, plane_at, r, c, rlo, rhi, clo, chi);
        conv_few_dx_step(&r, &c, dr, dc, rw);
      }
      if (kn < a.k && t < tap_n)
        tv = conv_few_dx_tap(&a, kn + kk, t, r0, s0, rs, ss);
      /* ... and land while the block sums filter k0 + kk */
      if (a.c > 3)
        conv_few_dx_sum(acc, rect, taps, kk, rh, rp, rs, ss, ti, col, 4);
      else
        conv_few_dx_sum(acc, rect, taps, kk, rh, rp, rs, ss, ti, col, 3);
      __syncthreads();   /* every thread is done with plane kk: it takes filter kn + kk */
      if (kn >= a.k)
        continue;
      float *dst = rect + kk * plane;
      r = er;
      c = ec;
LITDNN_UNROLL
      for (int q = 0; q < CONV_FEW_DX_STAGE; q++) {
        if (r < rh)
          dst[r * rp + c] = pv[q];
        conv_few_dx_step(&r, &c, dr, dc, rw);
      }
      /* a plane larger than the registers hold: the rest one load at a time */
      for (int el = t + CONV_FEW_DX_STAGE * CONV_FEW_THREADS; el < rh * rw;
           el += CONV_FEW_THREADS, conv_few_dx_step(&r, &c, dr, dc, rw))
        dst[r * rp + c] = conv_few_dx_dy(&a, live, plane_at, r, c, rlo, rhi, clo, chi);
      if (t < tap_n)
        taps[kk * tap_n + t] = tv;
      for (int i = t + CONV_FEW_THREADS; i < tap_n; i += CONV_FEW_THREADS)
        taps[kk * tap_n + i] = conv_few_dx_tap(&a, kn + kk, i, r0, s0, rs, ss);
    }
  }
  int i = i0 + ti;
  if (i >= hp)
    return;
LITDNN_UNROLL
  for (int p = 0; p < 8; p++) {
    int m = m0 + col + p;
    if (m >= wp)
      break;
LITDNN_UNROLL
    for (int c = 0; c < 4; c++)
      if (c < a.c)
        litdnn_conv_store(a.result + litdnn_conv_offset(a.xs, n, c, 0, ph + (int64_t)u * i, pw + (int64_t)v * m),
                          acc[c][p], a.alpha, a.beta);
  }
}

litdnnStatus_t LITDNN_GPU_FN(litdnn_conv_bwd_data_few)(litdnnHandle_t h, const void *args)
{
  const litdnn_conv_args *a = (const litdnn_conv_args *)args;
  /* phase (0, 0) has the most rows and columns */
  int64_t tiles_w;
  unsigned tiles = (unsigned)litdnn_conv_phase_tiles(a, CONV_FEW_DX_TH, CONV_FEW_DX_TW, &tiles_w);
  conv_bwd_data_few<<<litdnn_dim3(tiles, (unsigned)(a->stride[1] * a->stride[2]), (unsigned)a->n), CONV_FEW_THREADS,
                      litdnn_conv_few_smem(a), litdnn_gpu_stream(h)>>>(*a, (int)tiles_w);
  return litdnn_gpu_launch_status(a->call, "conv_bwd_data_few");
}
#line 4406 "chapters/05-convolution.nw"
typedef struct {
  int64_t w_off, x_off;       /* offsets of tap l in a filter row and from the window corner */
  int dd, dh, dw, pad_;       /* the tap's displacement r * d on each axis */
} conv_tap_offsets;

static __global__ void conv_precompute_offsets(litdnn_conv_args a, conv_tap_offsets *table)
{
  conv_gemm_shape sh = conv_gemm_dims(&a);
  int64_t cg = a.c / a.groups, zero = 0, ch;
  int rd, rh, rw;
  for (int64_t l = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; l < sh.l;
       l += (int64_t)gridDim.x * blockDim.x) {
    litdnn_conv_split(l, cg, a.flt, &zero, &ch, &rd, &rh, &rw);
    conv_tap_offsets o;
    o.w_off = litdnn_conv_offset(a.ws, 0, ch, litdnn_conv_tap(a.flip, a.flt[0], rd),
                                 litdnn_conv_tap(a.flip, a.flt[1], rh), litdnn_conv_tap(a.flip, a.flt[2], rw));
    o.dd = rd * a.dil[0];
    o.dh = rh * a.dil[1];
    o.dw = rw * a.dil[2];
    o.x_off = litdnn_conv_offset(a.xs, 0, ch, o.dd, o.dh, o.dw);
    o.pad_ = 0;
    table[l] = o;
  }
}

static __global__ void conv_implicit_gemm_precomp(litdnn_conv_args a, const conv_tap_offsets *table)
{
  __shared__ float As[CONV_BL * CONV_BM];
  __shared__ float Bs[CONV_BL * CONV_BN];
  conv_gemm_shape sh = conv_gemm_dims(&a);
  int g = blockIdx.z, t = threadIdx.x, tx = t % 16, ty = t / 16;
  int64_t m0 = (int64_t)blockIdx.y * CONV_BM, j0 = (int64_t)blockIdx.x * CONV_BN;
  int lm = t % CONV_BM, ll = t / CONV_BM;
  int64_t kg = a.k / a.groups, cg = a.c / a.groups, zero = 0, n = 0;
  /* the row of A and the column of B this thread loads, split once */
  int row_ok = m0 + lm < sh.m, col_ok = j0 + lm < sh.cols;
  const float *wrow = a.w + (g * kg + (row_ok ? m0 + lm : 0)) * a.ws[0];
  int od = 0, oh = 0, ow = 0;
  if (col_ok)
    litdnn_conv_split(j0 + lm, 1, a.out, &n, &zero, &od, &oh, &ow);
  int bd = litdnn_conv_in(&a, 0, od, 0), bh = litdnn_conv_in(&a, 1, oh, 0), bw = litdnn_conv_in(&a, 2, ow, 0);
  const float *corner = a.x + litdnn_conv_offset(a.xs, n, g * cg, bd, bh, bw);
  float acc00 = 0.0f, acc01 = 0.0f, acc10 = 0.0f, acc11 = 0.0f;
  for (int64_t l0 = 0; l0 < sh.l; l0 += CONV_BL) {
    int64_t l = l0 + ll;
    float av = 0.0f, bv = 0.0f;
    if (l < sh.l) {
      conv_tap_offsets o = table[l];
      if (row_ok)
        av = wrow[o.w_off];
      if (col_ok && litdnn_conv_inside(&a, 0, bd + o.dd) && litdnn_conv_inside(&a, 1, bh + o.dh) &&
          litdnn_conv_inside(&a, 2, bw + o.dw))
        bv = corner[o.x_off];
    }
    As[ll * CONV_BM + lm] = av;
    Bs[ll * CONV_BN + lm] = bv;
    __syncthreads();
    for (int i = 0; i < CONV_BL; i++) {
      float a0 = As[i * CONV_BM + ty], a1 = As[i * CONV_BM + ty + 16];
      float b0 = Bs[i * CONV_BN + tx], b1 = Bs[i * CONV_BN + tx + 16];
      acc00 += a0 * b0;
      acc01 += a0 * b1;
      acc10 += a1 * b0;
      acc11 += a1 * b1;
    }
    __syncthreads();
  }
  float acc[4] = {acc00, acc01, acc10, acc11};
  for (int q = 0; q < 4; q++) {
    int64_t m = m0 + ty + 16 * (q / 2), j = j0 + tx + 16 * (q % 2);
    if (m < sh.m && j < sh.cols)
      litdnn_conv_store_y(&a, conv_gemm_c(&a, g, m, j) - a.result, (int64_t)g * (a.k / a.groups) + m, acc[q]);
  }
}
#line 5549 "chapters/05-convolution.nw"
/* one output of a depthwise layer: input channel xc under filter wk, at output (od, oh, ow) */
static __device__ float conv_depthwise_sum(const litdnn_conv_args *a, const float *xc, const float *wk, int od,
                                           int oh, int ow)
{
  float sum = 0.0f;
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
        sum += wk[litdnn_conv_tap(a->flip, a->flt[0], rd) * a->ws[2] +
                  litdnn_conv_tap(a->flip, a->flt[1], rh) * a->ws[3] +
                  litdnn_conv_tap(a->flip, a->flt[2], rw) * a->ws[4]] *
               xc[id * a->xs[2] + ih * a->xs[3] + iw * a->xs[4]];
      }
    }
  }
  return sum;
}

static __global__ void conv_fwd_depthwise(litdnn_conv_args a, int channels_last)
{
  int64_t total = (int64_t)a.n * a.k * a.out[0] * a.out[1] * a.out[2];
  int mult = a.k / a.groups;       /* output channels per input channel */
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < total;
       i += (int64_t)gridDim.x * blockDim.x) {
    int64_t n, k;
    int od, oh, ow;
    if (channels_last) {           /* (n, d, h, w, k): split k first */
      int64_t zero = 0, pix = i / a.k;
      k = i % a.k;
      litdnn_conv_split(pix, 1, a.out, &n, &zero, &od, &oh, &ow);
    } else {
      litdnn_conv_split(i, a.k, a.out, &n, &k, &od, &oh, &ow);
    }
    const float *xc = a.x + n * a.xs[0] + (k / mult) * a.xs[1];
    float sum = conv_depthwise_sum(&a, xc, a.w + k * a.ws[0], od, oh, ow);
    litdnn_conv_store_y(&a, litdnn_conv_offset(a.ys, n, k, od, oh, ow), k, sum);
  }
}
#line 5614 "chapters/05-convolution.nw"
/* NCHW: a block per output plane (n, k), so that a thread divides only its pixel index, in 32 bits */
#line 5876 "chapters/05-convolution.nw"
static __global__ void conv_fwd_depthwise_planes(litdnn_conv_args a)
{
  int mult = a.k / a.groups, plane = a.out[0] * a.out[1] * a.out[2];
  for (int64_t n = blockIdx.z; n < a.n; n += gridDim.z)
    for (int64_t k = blockIdx.y; k < a.k; k += gridDim.y) {
      const float *xc = a.x + n * a.xs[0] + (k / mult) * a.xs[1], *wk = a.w + k * a.ws[0];
      for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < plane; i += gridDim.x * blockDim.x) {
        int ow = i % a.out[2], rest = i / a.out[2], oh = rest % a.out[1], od = rest / a.out[1];
        litdnn_conv_store_y(&a, litdnn_conv_offset(a.ys, n, k, od, oh, ow), k,
                            conv_depthwise_sum(&a, xc, wk, od, oh, ow));
      }
    }
}
#line 5892 "chapters/05-convolution.nw"
#define CONV_DW_OUTPUTS 1024      /* outputs a block of the row-tile kernel aims at */
#define CONV_DW_SMEM (48 * 1024)  /* the shared memory it may use, in bytes */

/* NCHW, 2-d: a block per tile of `rows` output rows of plane (n, k); the input under them, padding
   included as zeros, and the taps are staged in shared memory first */
static __global__ void conv_fwd_depthwise_rows(litdnn_conv_args a, int rows, int tile_w)
{
  extern __shared__ float conv_dw_smem[];
  int R = a.flt[1], S = a.flt[2], Q = a.out[2], mult = a.k / a.groups;
  int tile_h = (rows - 1) * a.stride[1] + (R - 1) * a.dil[1] + 1;
  float *tile = conv_dw_smem, *taps = conv_dw_smem + tile_h * tile_w;
  int p0 = blockIdx.x * rows, h0 = p0 * a.stride[1] - a.pad[1], w0 = -a.pad[2];
  int count = (a.out[1] - p0 < rows ? a.out[1] - p0 : rows) * Q;
  for (int64_t n = blockIdx.z; n < a.n; n += gridDim.z)
    for (int64_t k = blockIdx.y; k < a.k; k += gridDim.y) {
      const float *xc = a.x + n * a.xs[0] + (k / mult) * a.xs[1], *wk = a.w + k * a.ws[0];
      for (int t = threadIdx.x; t < R * S; t += blockDim.x)
        taps[t] = wk[litdnn_conv_tap(a.flip, R, t / S) * a.ws[3] + litdnn_conv_tap(a.flip, S, t % S) * a.ws[4]];
      for (int t0 = 0; t0 < tile_h * tile_w; t0 += blockDim.x * CONV_COL_BATCH) {
        float v[CONV_COL_BATCH];       /* as in im2col: the loads first, then the stores */
        for (int j = 0; j < CONV_COL_BATCH; j++) {
          int t = t0 + j * blockDim.x + threadIdx.x, ih = h0 + t / tile_w, iw = w0 + t % tile_w;
          v[j] = t < tile_h * tile_w && ih >= 0 && ih < a.in[1] && iw >= 0 && iw < a.in[2]
                     ? xc[ih * a.xs[3] + iw * a.xs[4]] : 0.0f;
        }
        for (int j = 0; j < CONV_COL_BATCH; j++) {
          int t = t0 + j * blockDim.x + threadIdx.x;
          if (t < tile_h * tile_w)
            tile[t] = v[j];
        }
      }
      __syncthreads();
      for (int t = threadIdx.x; t < count; t += blockDim.x) {
        int pr = t / Q, q = t % Q;
        const float *in = tile + pr * a.stride[1] * tile_w + q * a.stride[2];
        float sum = 0.0f;
        for (int rh = 0; rh < R; rh++)
          for (int rw = 0; rw < S; rw++)
            sum += taps[rh * S + rw] * in[rh * a.dil[1] * tile_w + rw * a.dil[2]];
        litdnn_conv_store_y(&a, litdnn_conv_offset(a.ys, n, k, 0, p0 + pr, q), k, sum);
      }
      __syncthreads();             /* the next plane overwrites the tile */
    }
}
#line 5747 "chapters/05-convolution.nw"
/* v[0 .. width) = row[iw0 ..], zero outside [0, in_w); width <= 9. When iw0 + 1 is a multiple of 4 (padding 1),
   the row is aligned and its width a multiple of 4, by three 16-byte loads from iw0 - 3, each of which lies
   wholly inside the row or wholly outside it (and is then zeros, not loaded) */
static __device__ __forceinline__ void conv_dw3_load_row(const float *row, int iw0, int width, int in_w, float *v)
{
  if (((iw0 + 1) & 3) == 0 && (in_w & 3) == 0 && ((uintptr_t)row & 15) == 0) {
    float4 q[3];
    for (int m = 0; m < 3; m++) {
      int at = iw0 - 3 + 4 * m;
      q[m] = at >= 0 && at < in_w ? __ldg((const float4 *)(row + at)) : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    }
    float f[12] = {q[0].x, q[0].y, q[0].z, q[0].w, q[1].x, q[1].y, q[1].z, q[1].w, q[2].x, q[2].y, q[2].z, q[2].w};
    for (int j = 0; j < 9; j++)
      v[j] = f[j + 3];
    return;
  }
  for (int j = 0; j < 9; j++)
    v[j] = j < width && iw0 + j >= 0 && iw0 + j < in_w ? __ldg(row + iw0 + j) : 0.0f;
}

/* count (up to CONV_DW3_STRIP) results v of output channel k into result + off, elements step apart: one
   16-byte store when they are 4 contiguous, aligned floats and the epilogue is a blend */
static __device__ __forceinline__ void conv_dw3_store(const litdnn_conv_args *a, int64_t off, int64_t step, int k,
                                                      int count, const float *v)
{
  float *dst = a->result + off;
  if (count >= 4 && step == 1 && !a->fused && ((uintptr_t)dst & 15) == 0) {
    float4 r = make_float4(a->alpha * v[0], a->alpha * v[1], a->alpha * v[2], a->alpha * v[3]);
    if (a->beta != 0.0f) {
      float4 old = *(const float4 *)dst;
      r.x += a->beta * old.x;
      r.y += a->beta * old.y;
      r.z += a->beta * old.z;
      r.w += a->beta * old.w;
    }
    *(float4 *)dst = r;
    return;
  }
  for (int o = 0; o < CONV_DW3_STRIP && o < count; o++)
    litdnn_conv_store_y(a, off + o * step, k, v[o]);
}

/* outputs ow0 .. ow0 + 3 of row oh of plane (n, k), 3x3 taps at dilation 1 and stride u (a literal
   at every call, so that the arrays below stay in registers); x's rows are contiguous */
static __device__ __forceinline__ void conv_dw3_strip(const litdnn_conv_args *a, int u, int rows, int n, int k,
                                                      int oh0, int ow0)
{
  enum { WIDEST = (CONV_DW3_STRIP - 1) * 2 + 3 };   /* the inputs a row needs at stride 2 */
  const float *xc = a->x + n * a->xs[0] + (k / (a->k / a->groups)) * a->xs[1], *wk = a->w + k * a->ws[0];
  float t[9], acc[CONV_DW3_ROWS][CONV_DW3_STRIP];
  for (int j = 0; j < 9; j++)
    t[j] = __ldg(wk + litdnn_conv_tap(a->flip, 3, j / 3) * a->ws[3] + litdnn_conv_tap(a->flip, 3, j % 3) * a->ws[4]);
  for (int q = 0; q < rows; q++)
    for (int o = 0; o < CONV_DW3_STRIP; o++)
      acc[q][o] = 0.0f;
  int iw0 = ow0 * u - a->pad[2];
  for (int i = 0; i < (rows - 1) * u + 3; i++) {   /* the input rows under the outputs' rows */
    int ih = oh0 * u - a->pad[1] + i;
    if (ih < 0 || ih >= a->in[1])
      continue;                    /* a row of padding adds nothing */
    float v[WIDEST];
    conv_dw3_load_row(xc + ih * a->xs[3], iw0, (CONV_DW3_STRIP - 1) * u + 3, a->in[2], v);
    for (int q = 0; q < rows; q++) {
      int r = i - q * u;           /* the tap row that meets input row i in output row q */
      if (r >= 0 && r < 3)
        for (int o = 0; o < CONV_DW3_STRIP; o++)
          for (int s = 0; s < 3; s++)
            acc[q][o] += t[r * 3 + s] * v[o * u + s];
    }
  }
  for (int q = 0; q < rows && oh0 + q < a->out[1]; q++)
    conv_dw3_store(a, litdnn_conv_offset(a->ys, n, k, 0, oh0 + q, ow0), a->ys[4], k, a->out[2] - ow0, acc[q]);
}

/* 2-d NCHW, 3x3, dilation 1, stride 1 or 2 in both axes: a thread per `rows` (1 or CONV_DW3_ROWS) rows of
   CONV_DW3_STRIP outputs, numbered (plane, group of rows, strip); the launch checks that the count fits 32 bits */
static __global__ void conv_fwd_depthwise_3x3(litdnn_conv_args a, int strips, int rows)
{
  int per_plane = (a.out[1] + rows - 1) / rows * strips, total = a.n * a.k * per_plane;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < total; i += gridDim.x * blockDim.x) {
    int plane = i / per_plane, rest = i - plane * per_plane, group = rest / strips, oh = group * rows;
    int n = plane / a.k, k = plane - n * a.k, ow0 = (rest - group * strips) * CONV_DW3_STRIP;
    if (rows == 1 && a.stride[1] == 1)
      conv_dw3_strip(&a, 1, 1, n, k, oh, ow0);
    else if (rows == 1)
      conv_dw3_strip(&a, 2, 1, n, k, oh, ow0);
    else if (a.stride[1] == 1)
      conv_dw3_strip(&a, 1, CONV_DW3_ROWS, n, k, oh, ow0);
    else
      conv_dw3_strip(&a, 2, CONV_DW3_ROWS, n, k, oh, ow0);
  }
}
#line 5965 "chapters/05-convolution.nw"
/* dx elements iw0 .. iw0 + 3 of row ih of plane (n, c), 3x3 at dilation 1: stride u and p, the parity of
   the padding of w, are literals at every call; dy's rows are contiguous */
static __device__ __forceinline__ void conv_dw3_bwd_data_strip(const litdnn_conv_args *a, int u, int p, int n,
                                                               int c, int ih, int iw0)
{
  enum { WIDEST = CONV_DW3_STRIP + 2 };             /* the dy values a row needs at stride 1 */
  const float *dyc = a->dy + n * a->ys[0] + c * a->ys[1], *wk = a->w + c * a->ws[0];
  float t[9], acc[CONV_DW3_STRIP];
  for (int j = 0; j < 9; j++)
    t[j] = __ldg(wk + litdnn_conv_tap(a->flip, 3, j / 3) * a->ws[3] + litdnn_conv_tap(a->flip, 3, j % 3) * a->ws[4]);
  for (int o = 0; o < CONV_DW3_STRIP; o++)
    acc[o] = 0.0f;
  /* the first dy column used: at stride 2, element o under tap s meets column first + 1 + (p + o - s) / 2 */
  int first = u == 1 ? iw0 + a->pad[2] - 2 : (iw0 + a->pad[2] - p) / 2 - 1;
  int width = u == 1 ? CONV_DW3_STRIP + 2 : CONV_DW3_STRIP / 2 + 2;
  for (int r = 0; r < 3; r++) {
    int num = ih + a->pad[1] - r;
    if (num < 0 || num % u != 0 || num / u >= a->out[1])
      continue;                    /* no output row meets this tap row */
    const float *row = dyc + (num / u) * a->ys[3];
    float v[WIDEST];
    for (int j = 0; j < WIDEST; j++)
      v[j] = j < width && first + j >= 0 && first + j < a->out[2] ? __ldg(row + first + j) : 0.0f;
    for (int o = 0; o < CONV_DW3_STRIP; o++)
      for (int s = 0; s < 3; s++) {
        if (u == 1)
          acc[o] += t[r * 3 + s] * v[o + 2 - s];
        else if (((p + o - s) & 1) == 0)
          acc[o] += t[r * 3 + s] * v[(p + o - s) / 2 + 1];
      }
  }
  conv_dw3_store(a, litdnn_conv_offset(a->xs, n, c, 0, ih, iw0), a->xs[4], c, a->in[2] - iw0, acc);
}

/* a thread per strip of CONV_DW3_STRIP elements of dx, numbered (plane, row, strip) in 32 bits */
static __global__ void conv_bwd_data_depthwise_3x3(litdnn_conv_args a, int strips)
{
  int per_plane = a.in[1] * strips, total = a.n * a.c * per_plane;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < total; i += gridDim.x * blockDim.x) {
    int plane = i / per_plane, rest = i - plane * per_plane, ih = rest / strips;
    int n = plane / a.c, c = plane - n * a.c, iw0 = (rest - ih * strips) * CONV_DW3_STRIP;
    if (a.stride[1] == 1)
      conv_dw3_bwd_data_strip(&a, 1, 0, n, c, ih, iw0);
    else if (a.pad[2] % 2 == 0)
      conv_dw3_bwd_data_strip(&a, 2, 0, n, c, ih, iw0);
    else
      conv_dw3_bwd_data_strip(&a, 2, 1, n, c, ih, iw0);
  }
}
#line 6033 "chapters/05-convolution.nw"
#define CONV_DW3_FILTER_THREADS 256

/* the 9 tap sums of one strip of outputs (row oh of image n, outputs ow0 ..) added into acc */
static __device__ __forceinline__ void conv_dw3_filter_strip(const litdnn_conv_args *a, int u, const float *xc,
                                                             const float *dyc, int oh, int ow0, float *acc)
{
  enum { WIDEST = (CONV_DW3_STRIP - 1) * 2 + 3 };
  float d[CONV_DW3_STRIP];
  const float *dyrow = dyc + oh * a->ys[3];
  for (int o = 0; o < CONV_DW3_STRIP; o++)
    d[o] = ow0 + o < a->out[2] ? __ldg(dyrow + ow0 + o) : 0.0f;
  int iw0 = ow0 * u - a->pad[2], width = (CONV_DW3_STRIP - 1) * u + 3;
  for (int r = 0; r < 3; r++) {
    int ih = oh * u - a->pad[1] + r;
    if (ih < 0 || ih >= a->in[1])
      continue;
    float v[WIDEST];
    conv_dw3_load_row(xc + ih * a->xs[3], iw0, width, a->in[2], v);
    for (int o = 0; o < CONV_DW3_STRIP; o++)
      for (int s = 0; s < 3; s++)
        acc[r * 3 + s] += d[o] * v[o * u + s];
  }
}

/* block (split, c): the rows [split * rows, ...) of channel c's N P output rows; with one split the block
   blends its sums into dw, otherwise it writes them to part[(c * splits + split) * 9 + tap] */
static __global__ void __launch_bounds__(CONV_DW3_FILTER_THREADS)
conv_bwd_filter_depthwise_3x3(litdnn_conv_args a, int strips, int rows, float *part)
{
  __shared__ float warp_sums[CONV_DW3_FILTER_THREADS / 32][9];
  int c = blockIdx.y, P = a.out[1], row0 = blockIdx.x * rows, count;
  count = (a.n * P - row0 < rows ? a.n * P - row0 : rows) * strips;
  float acc[9];
  for (int j = 0; j < 9; j++)
    acc[j] = 0.0f;
  for (int i = threadIdx.x; i < count; i += CONV_DW3_FILTER_THREADS) {
    int row = row0 + i / strips, ow0 = (i % strips) * CONV_DW3_STRIP, n = row / P, oh = row - n * P;
    const float *xc = a.x + n * a.xs[0] + c * a.xs[1], *dyc = a.dy + n * a.ys[0] + c * a.ys[1];
    if (a.stride[1] == 1)
      conv_dw3_filter_strip(&a, 1, xc, dyc, oh, ow0, acc);
    else
      conv_dw3_filter_strip(&a, 2, xc, dyc, oh, ow0, acc);
  }
  int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  for (int j = 0; j < 9; j++) {
    acc[j] = litdnn_warp_sum(acc[j]);
    if (lane == 0)
      warp_sums[warp][j] = acc[j];
  }
  __syncthreads();
  if (threadIdx.x < 9) {
    int j = threadIdx.x;
    float sum = 0.0f;
    for (int w = 0; w < CONV_DW3_FILTER_THREADS / 32; w++)
      sum += warp_sums[w][j];
    if (part)
      part[((int64_t)c * gridDim.x + blockIdx.x) * 9 + j] = sum;
    else
      litdnn_conv_store(a.result + c * a.ws[0] + litdnn_conv_tap(a.flip, 3, j / 3) * a.ws[3] +
                        litdnn_conv_tap(a.flip, 3, j % 3) * a.ws[4], sum, a.alpha, a.beta);
  }
}

/* each tap of each channel: its splits' partial sums in order, blended into dw */
static __global__ void conv_bwd_filter_depthwise_sum(litdnn_conv_args a, int splits, const float *part)
{
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < a.c * 9; i += gridDim.x * blockDim.x) {
    int c = i / 9, j = i % 9;
    float sum = 0.0f;
    for (int s = 0; s < splits; s++)
      sum += part[((int64_t)c * splits + s) * 9 + j];
    litdnn_conv_store(a.result + c * a.ws[0] + litdnn_conv_tap(a.flip, 3, j / 3) * a.ws[3] +
                      litdnn_conv_tap(a.flip, 3, j % 3) * a.ws[4], sum, a.alpha, a.beta);
  }
}
#line 6155 "chapters/05-convolution.nw"
/* the 3x3 filter of (k, c) in window order (the mode's flip applied) */
static __device__ __forceinline__ void conv_winograd_taps(const litdnn_conv_args *a, int64_t k, int64_t c, float *g)
{
  for (int r = 0; r < 3; r++)
    for (int s = 0; s < 3; s++)
      g[r * 3 + s] = a->w[litdnn_conv_offset(a->ws, k, c, 0, litdnn_conv_tap(a->flip, 3, r),
                                             litdnn_conv_tap(a->flip, 3, s))];
}

/* the size x size tile whose corner is (r0, c0) of a rows x cols plane with strides rs and cs; zero outside
   the plane */
static __device__ __forceinline__ void conv_winograd_plane_tile(const float *plane, int r0, int c0, int size,
                                                                int rows, int cols, int64_t rs, int64_t cs,
                                                                float *d)
{
  for (int r = 0; r < size; r++)
    for (int q = 0; q < size; q++) {
      int i = r0 + r, j = c0 + q;
      d[r * size + q] = (i >= 0 && i < rows && j >= 0 && j < cols) ? plane[i * rs + j * cs] : 0.0f;
    }
}

/* the size x size tile of a channel's plane of x whose corner is (ih0, iw0); zero outside the input */
static __device__ __forceinline__ void conv_winograd_tile(const litdnn_conv_args *a, const float *plane, int ih0,
                                                          int iw0, int size, float *d)
{
  conv_winograd_plane_tile(plane, ih0, iw0, size, a->in[1], a->in[2], a->xs[3], a->xs[4], d);
}

#line 6655 "chapters/05-convolution.nw"
/* the size x size tile y of output channel k of image n whose corner is (oh0, ow0), what lies inside y.
   Where every row of the tile lies whole in y, contiguous and aligned, a row of 2 or 4 goes out in one
   vector store, and a warp's lanes, which hold neighbouring tiles, write one run of bytes */
static __device__ __forceinline__ void conv_winograd_store_tile(const litdnn_conv_args *a, int64_t n, int64_t k,
                                                                int oh0, int ow0, int size, const float *y)
{
  int64_t corner = litdnn_conv_offset(a->ys, n, k, 0, oh0, ow0);
  int rows = a->ys[4] == 1 && ow0 + size <= a->out[2] && a->ys[3] % size == 0 &&
             (uintptr_t)(a->result + corner) % (size * sizeof(float)) == 0;
  for (int r = 0; r < size && oh0 + r < a->out[1]; r++) {
    int64_t off = corner + r * a->ys[3];
    const float *v = y + r * size;
    if (rows && size == 4)
      *(float4 *)(a->result + off) =
          make_float4(litdnn_conv_y_value(a, off, k, v[0]), litdnn_conv_y_value(a, off + 1, k, v[1]),
                      litdnn_conv_y_value(a, off + 2, k, v[2]), litdnn_conv_y_value(a, off + 3, k, v[3]));
    else if (rows && size == 2)
      *(float2 *)(a->result + off) =
          make_float2(litdnn_conv_y_value(a, off, k, v[0]), litdnn_conv_y_value(a, off + 1, k, v[1]));
    else
      for (int q = 0; q < size && ow0 + q < a->out[2]; q++)
        litdnn_conv_store_y(a, off + q * a->ys[4], k, v[q]);
  }
}

#line 6186 "chapters/05-convolution.nw"
/* The transforms around the GEMMs number the tiles of m x m outputs image by image, row by row, tiles_w to
   a row and tiles to an image: the input tile of tile t in channel c, and the store of its output tile */
static __device__ __forceinline__ void conv_winograd_load(const litdnn_conv_args *a, int64_t c, int t, int tiles,
                                                          int tiles_w, int m, float *d)
{
  int n = t / tiles, tile = t % tiles;
  conv_winograd_tile(a, a->x + (int64_t)n * a->xs[0] + c * a->xs[1], (tile / tiles_w) * m - a->pad[1],
                     (tile % tiles_w) * m - a->pad[2], m + 2, d);
}
static __device__ __forceinline__ void conv_winograd_store(const litdnn_conv_args *a, int64_t k, int t, int tiles,
                                                           int tiles_w, int m, const float *y)
{
  int n = t / tiles, tile = t % tiles;
  conv_winograd_store_tile(a, n, k, (tile / tiles_w) * m, (tile % tiles_w) * m, m, y);
}

/* U = G g G^T for every (k, c), g in window order (the mode's flip applied); element e of pair i goes to
   u[i * item + e * elem]: (16, 1) keeps a pair's 16 together, (1, K C/G) makes 16 matrices U_e[k][c] */
static __global__ void conv_winograd_filter(litdnn_conv_args a, float *u, int64_t item, int64_t elem)
{
  int64_t cg = a.c / a.groups, total = (int64_t)a.k * cg;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < total;
       i += (int64_t)gridDim.x * blockDim.x) {
    float g[9], t[12];
    conv_winograd_taps(&a, i / cg, i % cg, g);
    for (int s = 0; s < 3; s++) {              /* t = G g: 4 x 3 */
      t[0 * 3 + s] = g[s];
      t[1 * 3 + s] = 0.5f * (g[s] + g[3 + s] + g[6 + s]);
      t[2 * 3 + s] = 0.5f * (g[s] - g[3 + s] + g[6 + s]);
      t[3 * 3 + s] = g[6 + s];
    }
    float *out = u + i * item;
    for (int r = 0; r < 4; r++) {              /* U = t G^T: 4 x 4 */
      out[(r * 4 + 0) * elem] = t[r * 3];
      out[(r * 4 + 1) * elem] = 0.5f * (t[r * 3] + t[r * 3 + 1] + t[r * 3 + 2]);
      out[(r * 4 + 2) * elem] = 0.5f * (t[r * 3] - t[r * 3 + 1] + t[r * 3 + 2]);
      out[(r * 4 + 3) * elem] = t[r * 3 + 2];
    }
  }
}

static __global__ void conv_winograd(litdnn_conv_args a, const float *u)
{
  int tiles_h = (a.out[1] + 1) / 2, tiles_w = (a.out[2] + 1) / 2;
  int64_t tiles = (int64_t)tiles_h * tiles_w, total = (int64_t)a.n * a.k * tiles;
  int kg = a.k / a.groups, cg = a.c / a.groups;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < total;
       i += (int64_t)gridDim.x * blockDim.x) {
    int64_t tile = i % tiles, k = (i / tiles) % a.k, n = i / (tiles * a.k);
    int oh0 = (int)(tile / tiles_w) * 2, ow0 = (int)(tile % tiles_w) * 2;
    int ih0 = oh0 - a.pad[1], iw0 = ow0 - a.pad[2];
    float m[16];
    for (int e = 0; e < 16; e++)
      m[e] = 0.0f;
    for (int cc = 0; cc < cg; cc++) {
      float d[16], t[16];
      conv_winograd_tile(&a, a.x + n * a.xs[0] + ((k / kg) * cg + cc) * a.xs[1], ih0, iw0, 4, d);
      for (int s = 0; s < 4; s++) {            /* t = B^T d */
        t[0 * 4 + s] = d[0 * 4 + s] - d[2 * 4 + s];
        t[1 * 4 + s] = d[1 * 4 + s] + d[2 * 4 + s];
        t[2 * 4 + s] = d[2 * 4 + s] - d[1 * 4 + s];
        t[3 * 4 + s] = d[1 * 4 + s] - d[3 * 4 + s];
      }
      const float *uk = u + (k * cg + cc) * 16;
      for (int r = 0; r < 4; r++) {            /* V = t B, multiplied by U as it comes */
        m[r * 4 + 0] += uk[r * 4 + 0] * (t[r * 4 + 0] - t[r * 4 + 2]);
        m[r * 4 + 1] += uk[r * 4 + 1] * (t[r * 4 + 1] + t[r * 4 + 2]);
        m[r * 4 + 2] += uk[r * 4 + 2] * (t[r * 4 + 2] - t[r * 4 + 1]);
        m[r * 4 + 3] += uk[r * 4 + 3] * (t[r * 4 + 1] - t[r * 4 + 3]);
      }
    }
    float s0[4], s1[4];                        /* A^T m: 2 x 4 */
    for (int c = 0; c < 4; c++) {
      s0[c] = m[0 * 4 + c] + m[1 * 4 + c] + m[2 * 4 + c];
      s1[c] = m[1 * 4 + c] - m[2 * 4 + c] - m[3 * 4 + c];
    }
    float y[4] = {s0[0] + s0[1] + s0[2], s0[1] - s0[2] - s0[3],   /* (A^T m) A: 2 x 2 */
                  s1[0] + s1[1] + s1[2], s1[1] - s1[2] - s1[3]};
    conv_winograd_store_tile(&a, n, k, oh0, ow0, 2, y);
  }
}
#line 6371 "chapters/05-convolution.nw"
/* V_e[c][t] = (B^T d B)_e for the tile t of channel c: v[(e * C + c) * T + t] */
static __global__ void conv_winograd_input(litdnn_conv_args a, float *v, int tiles_w, int tiles, int T)
{
  for (int64_t c = blockIdx.y; c < a.c; c += gridDim.y)
    for (int t = blockIdx.x * blockDim.x + threadIdx.x; t < T; t += gridDim.x * blockDim.x) {
      float d[16], b[16];
      conv_winograd_load(&a, c, t, tiles, tiles_w, 2, d);
      for (int q = 0; q < 4; q++) {            /* b = B^T d */
        b[0 * 4 + q] = d[0 * 4 + q] - d[2 * 4 + q];
        b[1 * 4 + q] = d[1 * 4 + q] + d[2 * 4 + q];
        b[2 * 4 + q] = d[2 * 4 + q] - d[1 * 4 + q];
        b[3 * 4 + q] = d[1 * 4 + q] - d[3 * 4 + q];
      }
      float *out = v + c * T + t;
      int64_t elem = (int64_t)a.c * T;
      for (int r = 0; r < 4; r++) {            /* V = b B */
        out[(r * 4 + 0) * elem] = b[r * 4 + 0] - b[r * 4 + 2];
        out[(r * 4 + 1) * elem] = b[r * 4 + 1] + b[r * 4 + 2];
        out[(r * 4 + 2) * elem] = b[r * 4 + 2] - b[r * 4 + 1];
        out[(r * 4 + 3) * elem] = b[r * 4 + 1] - b[r * 4 + 3];
      }
    }
}

/* y's 2x2 tile t of channel k = A^T M A, from m[(e * K + k) * T + t] */
static __global__ void conv_winograd_output(litdnn_conv_args a, const float *m, int tiles_w, int tiles, int T)
{
  for (int64_t k = blockIdx.y; k < a.k; k += gridDim.y)
    for (int t = blockIdx.x * blockDim.x + threadIdx.x; t < T; t += gridDim.x * blockDim.x) {
      const float *in = m + k * T + t;
      int64_t elem = (int64_t)a.k * T;
      float e[16], s0[4], s1[4];
      for (int i = 0; i < 16; i++)
        e[i] = in[i * elem];
      for (int c = 0; c < 4; c++) {            /* A^T M: 2 x 4 */
        s0[c] = e[0 * 4 + c] + e[1 * 4 + c] + e[2 * 4 + c];
        s1[c] = e[1 * 4 + c] - e[2 * 4 + c] - e[3 * 4 + c];
      }
      float y[4] = {s0[0] + s0[1] + s0[2], s0[1] - s0[2] - s0[3],   /* (A^T M) A: 2 x 2 */
                    s1[0] + s1[1] + s1[2], s1[1] - s1[2] - s1[3]};
      conv_winograd_store(&a, k, t, tiles, tiles_w, 2, y);
    }
}
#line 6513 "chapters/05-convolution.nw"
/* o[i * os] = (B^T v)_i for the six values v[j * vs] */
static __device__ __forceinline__ void conv_winograd4_bt(const float *v, int vs, float *o, int64_t os)
{
  float v0 = v[0], v1 = v[vs], v2 = v[2 * vs], v3 = v[3 * vs], v4 = v[4 * vs], v5 = v[5 * vs];
  o[0] = 4.0f * v0 - 5.0f * v2 + v4;
  o[os] = v3 + v4 - 4.0f * (v1 + v2);
  o[2 * os] = v4 - v3 + 4.0f * (v1 - v2);
  o[3 * os] = v4 - v2 + 2.0f * (v3 - v1);
  o[4 * os] = v4 - v2 - 2.0f * (v3 - v1);
  o[5 * os] = 4.0f * v1 - 5.0f * v3 + v5;
}

/* o[i * os] = (G v)_i for the three values v[j * vs] */
static __device__ __forceinline__ void conv_winograd4_g(const float *v, int vs, float *o, int64_t os)
{
  float v0 = v[0], v1 = v[vs], v2 = v[2 * vs], even = v0 + v2;
  o[0] = 0.25f * v0;
  o[os] = (even + v1) * (-1.0f / 6.0f);
  o[2 * os] = (even - v1) * (-1.0f / 6.0f);
  o[3 * os] = v0 * (1.0f / 24.0f) + v1 * (1.0f / 12.0f) + v2 * (1.0f / 6.0f);
  o[4 * os] = v0 * (1.0f / 24.0f) - v1 * (1.0f / 12.0f) + v2 * (1.0f / 6.0f);
  o[5 * os] = v2;
}

/* o[i * os] = (A^T v)_i, i < 4, for the six values v[j * vs] */
static __device__ __forceinline__ void conv_winograd4_at(const float *v, int64_t vs, float *o, int os)
{
  float s12 = v[vs] + v[2 * vs], d12 = v[vs] - v[2 * vs];
  float s34 = v[3 * vs] + v[4 * vs], d34 = v[3 * vs] - v[4 * vs];
  o[0] = v[0] + s12 + s34;
  o[os] = d12 + 2.0f * d34;
  o[2 * os] = s12 + 4.0f * s34;
  o[3 * os] = d12 + 8.0f * d34 + v[5 * vs];
}

/* U_e[k][c] = (G g G^T)_e for every (k, c) of one group: u[e * K C + k C + c] */
static __global__ void conv_winograd4_filter(litdnn_conv_args a, float *u)
{
  int64_t total = (int64_t)a.k * a.c;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < total;
       i += (int64_t)gridDim.x * blockDim.x) {
    float g[9], t[18];
    conv_winograd_taps(&a, i / a.c, i % a.c, g);
    for (int s = 0; s < 3; s++)                /* t = G g: 6 x 3, column by column */
      conv_winograd4_g(g + s, 3, t + s, 3);
    for (int r = 0; r < 6; r++)                /* U = t G^T: row r of U is G applied to row r of t */
      conv_winograd4_g(t + r * 3, 1, u + i + r * 6 * total, total);
  }
}

/* V_e[c][t] = (B^T d B)_e for the 6x6 tile t of channel c: v[(e * C + c) * T + t] */
static __global__ void conv_winograd4_input(litdnn_conv_args a, float *v, int tiles_w, int tiles, int T)
{
  for (int64_t c = blockIdx.y; c < a.c; c += gridDim.y)
    for (int t = blockIdx.x * blockDim.x + threadIdx.x; t < T; t += gridDim.x * blockDim.x) {
      float d[36], b[36];
      conv_winograd_load(&a, c, t, tiles, tiles_w, 4, d);
      for (int q = 0; q < 6; q++)              /* b = B^T d, column by column */
        conv_winograd4_bt(d + q, 6, b + q, 6);
      int64_t elem = (int64_t)a.c * T;
      for (int r = 0; r < 6; r++)              /* V = b B: row r of V is B^T applied to row r of b */
        conv_winograd4_bt(b + r * 6, 1, v + ((int64_t)r * 6 * a.c + c) * T + t, elem);
    }
}

/* y's 4x4 tile t of channel k = A^T M A, from m[(e * K + k) * T + t] */
static __global__ void conv_winograd4_output(litdnn_conv_args a, const float *m, int tiles_w, int tiles, int T)
{
  for (int64_t k = blockIdx.y; k < a.k; k += gridDim.y)
    for (int t = blockIdx.x * blockDim.x + threadIdx.x; t < T; t += gridDim.x * blockDim.x) {
      const float *in = m + k * T + t;
      int64_t elem = (int64_t)a.k * T;
      float s[24], y[16];
      for (int q = 0; q < 6; q++)              /* s = A^T M: 4 x 6, column by column */
        conv_winograd4_at(in + q * elem, 6 * elem, s + q, 6);
      for (int r = 0; r < 4; r++)              /* y = s A: 4 x 4, row by row */
        conv_winograd4_at(s + r * 6, 1, y + r * 4, 1);
      conv_winograd_store(&a, k, t, tiles, tiles_w, 4, y);
    }
}
#line 6785 "chapters/05-convolution.nw"
/* o[i * os] = (A v)_i, i < 6, for the four values v[j * vs]: A^T's transpose spreads 4 values over 6 */
static __device__ __forceinline__ void conv_winograd4_a(const float *v, int vs, float *o, int64_t os)
{
  float v0 = v[0], v1 = v[vs], v2 = v[2 * vs], v3 = v[3 * vs];
  float even = v0 + v2, odd = v1 + v3, even4 = v0 + 4.0f * v2, odd8 = 2.0f * v1 + 8.0f * v3;
  o[0] = v0;
  o[os] = even + odd;
  o[2 * os] = even - odd;
  o[3 * os] = even4 + odd8;
  o[4 * os] = even4 - odd8;
  o[5 * os] = v3;
}

/* o[i * os] = (G^T v)_i, i < 3, for the six values v[j * vs] */
static __device__ __forceinline__ void conv_winograd4_gt(const float *v, int64_t vs, float *o, int os)
{
  float s12 = v[vs] + v[2 * vs], d12 = v[2 * vs] - v[vs];
  float s34 = v[3 * vs] + v[4 * vs], d34 = v[3 * vs] - v[4 * vs];
  o[0] = 0.25f * v[0] - s12 * (1.0f / 6.0f) + s34 * (1.0f / 24.0f);
  o[os] = d12 * (1.0f / 6.0f) + d34 * (1.0f / 12.0f);
  o[2 * os] = (s34 - s12) * (1.0f / 6.0f) + v[5 * vs];
}

/* M_e[k][t] = (A dY A^T)_e for the 4x4 tile t of dy's channel k, zero past the plane's edge:
   m[(e * K + k) * T + t] */
static __global__ void conv_winograd4_dy(litdnn_conv_args a, float *m, int tiles_w, int tiles, int T)
{
  for (int64_t k = blockIdx.y; k < a.k; k += gridDim.y)
    for (int t = blockIdx.x * blockDim.x + threadIdx.x; t < T; t += gridDim.x * blockDim.x) {
      int n = t / tiles, tile = t % tiles, oh0 = (tile / tiles_w) * 4, ow0 = (tile % tiles_w) * 4;
      float d[16], s[24];
      conv_winograd_plane_tile(a.dy + (int64_t)n * a.ys[0] + k * a.ys[1], oh0, ow0, 4, a.out[1], a.out[2],
                               a.ys[3], a.ys[4], d);
      for (int q = 0; q < 4; q++)              /* s = A dY: 6 x 4, column by column */
        conv_winograd4_a(d + q, 4, s + q, 4);
      int64_t elem = (int64_t)a.k * T;
      for (int r = 0; r < 6; r++)              /* M = s A^T: row r of M is A applied to row r of s */
        conv_winograd4_a(s + r * 4, 1, m + ((int64_t)r * 6 * a.k + k) * T + t, elem);
    }
}

/* dw of (k, c) = G^T dU G, from du[e * K C + k C + c], blended into dw's stored taps (the flip undone) */
static __global__ void conv_winograd4_filter_grad(litdnn_conv_args a, const float *du)
{
  int64_t total = (int64_t)a.k * a.c;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < total;
       i += (int64_t)gridDim.x * blockDim.x) {
    float t[18], g[9];
    for (int q = 0; q < 6; q++)                /* t = G^T dU: 3 x 6, column by column */
      conv_winograd4_gt(du + i + q * total, 6 * total, t + q, 6);
    for (int r = 0; r < 3; r++)                /* dg = t G: row r is G^T applied to row r of t */
      conv_winograd4_gt(t + r * 6, 1, g + r * 3, 1);
    int64_t k = i / a.c, c = i % a.c;
    for (int r = 0; r < 3; r++)
      for (int s = 0; s < 3; s++)
        litdnn_conv_store(&a.result[litdnn_conv_offset(a.ws, k, c, 0, litdnn_conv_tap(a.flip, 3, r),
                                                      litdnn_conv_tap(a.flip, 3, s))],
                          g[r * 3 + s], a.alpha, a.beta);
  }
}
#line 6906 "chapters/05-convolution.nw"
#define CONV_BIAS_THREADS 256

static __global__ void conv_bias_reduce(litdnn_conv_args a)
{
  int k = blockIdx.x;
  int64_t total = (int64_t)a.n * a.out[0] * a.out[1] * a.out[2], zero = 0, n;
  float sum = 0.0f;
  for (int64_t i = threadIdx.x; i < total; i += CONV_BIAS_THREADS) {
    int d, h, w;
    litdnn_conv_split(i, 1, a.out, &n, &zero, &d, &h, &w);
    sum += a.dy[litdnn_conv_offset(a.ys, n, k, d, h, w)];
  }
  sum = litdnn_block_sum(sum);
  if (threadIdx.x == 0)
    litdnn_conv_store(&a.result[k], sum, a.alpha, a.beta);
}
#line 6975 "chapters/05-convolution.nw"
#define CONV_BIAS_PLANE_THREADS 1024
#define CONV_BIAS_PLANE_LOADS 4   /* loads of each thread in flight together */

/* db_k from dy whose (d, h, w) planes are packed: unit u of the channel is float4 (vec) or float u % per
   of image u / per, with per the plane's units */
static __global__ void __launch_bounds__(CONV_BIAS_PLANE_THREADS) conv_bias_planes(litdnn_conv_args a, int vec)
{
  int k = blockIdx.x, plane = a.out[0] * a.out[1] * a.out[2], per = vec ? plane / 4 : plane;
  int units = a.n * per;
  const float *base = a.dy + k * a.ys[1];
  float sum[CONV_BIAS_PLANE_LOADS] = {0.0f};
  for (int u0 = threadIdx.x; u0 < units; u0 += CONV_BIAS_PLANE_LOADS * CONV_BIAS_PLANE_THREADS) {
    float v[CONV_BIAS_PLANE_LOADS];
    LITDNN_UNROLL
    for (int i = 0; i < CONV_BIAS_PLANE_LOADS; i++) {   /* the loads first, all in flight together */
      int u = u0 + i * CONV_BIAS_PLANE_THREADS, n = u / per, j = u - n * per;
      v[i] = 0.0f;
      if (u < units) {
        const float *p = base + n * a.ys[0];
        if (vec) {
          float4 f = ((const float4 *)p)[j];
          v[i] = (f.x + f.y) + (f.z + f.w);
        } else {
          v[i] = p[j];
        }
      }
    }
    LITDNN_UNROLL
    for (int i = 0; i < CONV_BIAS_PLANE_LOADS; i++)
      sum[i] += v[i];
  }
  float total = 0.0f;
  for (int i = 0; i < CONV_BIAS_PLANE_LOADS; i++)
    total += sum[i];
  total = litdnn_block_sum(total);
  if (threadIdx.x == 0)
    litdnn_conv_store(&a.result[k], total, a.alpha, a.beta);
}
#line 7455 "chapters/05-convolution.nw"
static unsigned conv_direct_blocks(int64_t n)
{
  return litdnn_gpu_blocks(n, 256, 65535u * 16u);
}

litdnnStatus_t LITDNN_GPU_FN(litdnn_conv_fwd_direct)(litdnnHandle_t h, const void *args)
{
  const litdnn_conv_args *a = (const litdnn_conv_args *)args;
  int64_t total = (int64_t)a->n * a->k * a->out[0] * a->out[1] * a->out[2];
  conv_fwd_direct<<<conv_direct_blocks(total), 256, 0, litdnn_gpu_stream(h)>>>(*a);
  return litdnn_gpu_launch_status(a->call, "conv_fwd_direct");
}

litdnnStatus_t LITDNN_GPU_FN(litdnn_conv_fwd_tiled)(litdnnHandle_t h, const void *args)
{
  const litdnn_conv_args *a = (const litdnn_conv_args *)args;
  unsigned tiles = (unsigned)(((a->out[1] + CONV_TILE - 1) / CONV_TILE) *
                              ((a->out[2] + CONV_TILE - 1) / CONV_TILE));
  conv_fwd_tiled<<<litdnn_dim3(tiles, (unsigned)a->k, (unsigned)a->n), litdnn_dim3(CONV_TILE, CONV_TILE, 1),
                    litdnn_conv_tiled_smem(a), litdnn_gpu_stream(h)>>>(*a);
  return litdnn_gpu_launch_status(a->call, "conv_fwd_tiled");
}

/* columns of C along x, rows along y, groups along z */
static unsigned conv_gemm_blocks(const litdnn_conv_args *a, int axis)
{
  conv_gemm_shape s = conv_gemm_dims(a);
  if (axis == 0)
    return (unsigned)((s.cols + CONV_BN - 1) / CONV_BN);
  return axis == 1 ? (unsigned)((s.m + CONV_BM - 1) / CONV_BM) : (unsigned)a->groups;
}

static litdnnStatus_t conv_gemm_launch(litdnnHandle_t h, const litdnn_conv_args *a)
{
  conv_implicit_gemm<<<litdnn_dim3(conv_gemm_blocks(a, 0), conv_gemm_blocks(a, 1), conv_gemm_blocks(a, 2)),
                       CONV_GEMM_THREADS, 0, litdnn_gpu_stream(h)>>>(*a);
  return litdnn_gpu_launch_status(a->call, "conv_implicit_gemm");
}

litdnnStatus_t LITDNN_GPU_FN(litdnn_conv_fwd_gemm)(litdnnHandle_t h, const void *args)
{
  return conv_gemm_run(h, (const litdnn_conv_args *)args, 0);
}
litdnnStatus_t LITDNN_GPU_FN(litdnn_conv_fwd_gemm_cublas)(litdnnHandle_t h, const void *args)
{
  return conv_gemm_run(h, (const litdnn_conv_args *)args, 1);
}
litdnnStatus_t LITDNN_GPU_FN(litdnn_conv_bwd_data_gemm)(litdnnHandle_t h, const void *args)
{
  return conv_gemm_run(h, (const litdnn_conv_args *)args, 0);
}
litdnnStatus_t LITDNN_GPU_FN(litdnn_conv_bwd_data_gemm_cublas)(litdnnHandle_t h, const void *args)
{
  return conv_gemm_run(h, (const litdnn_conv_args *)args, 1);
}
litdnnStatus_t LITDNN_GPU_FN(litdnn_conv_bwd_filter_gemm)(litdnnHandle_t h, const void *args)
{
  return conv_gemm_run(h, (const litdnn_conv_args *)args, 0);
}
litdnnStatus_t LITDNN_GPU_FN(litdnn_conv_bwd_filter_gemm_cublas)(litdnnHandle_t h, const void *args)
{
  return conv_gemm_run(h, (const litdnn_conv_args *)args, 1);
}

/* Winograd F(m x m, 3x3), m = 2 or 4, as transforms around (m + 2)^2 batched GEMMs, over chunks of
   images (F(2x2): the whole batch); the workspace holds U ((m + 2)^2 K C floats), then V ((m + 2)^2 C T)
   and M ((m + 2)^2 K T) of a chunk of T tiles */
static litdnnStatus_t conv_winograd_by_gemm(litdnnHandle_t h, const litdnn_conv_args *a, int m)
{
  int e = (m + 2) * (m + 2), tiles_w = (a->out[2] + m - 1) / m;
  int tiles = (int)litdnn_conv_winograd_tiles(a, m), nb = m == 4 ? litdnn_conv_winograd4_images(a) : a->n;
  int64_t K = a->k, C = a->c;
  float *u = (float *)a->workspace, *v = u + e * K * C, *mt = v + e * C * nb * tiles;
  cudaStream_t st = litdnn_gpu_stream(h);
  unsigned filter_blocks = litdnn_gpu_blocks(K * C, 256, 4096);
  if (m == 2)
    conv_winograd_filter<<<filter_blocks, 256, 0, st>>>(*a, u, 1, K * C);
  else
    conv_winograd4_filter<<<filter_blocks, 256, 0, st>>>(*a, u);
  litdnnStatus_t s = litdnn_gpu_launch_status(a->call, "the Winograd filter transform");
  for (int n0 = 0; n0 < a->n && s == LITDNN_STATUS_SUCCESS; n0 += nb) {
    litdnn_conv_args c = litdnn_conv_images(a, n0, a->n - n0 < nb ? a->n - n0 : nb);
    int T = c.n * tiles;
    dim3 in_grid = litdnn_dim3(litdnn_gpu_blocks(T, 256, 65535u), (unsigned)(C < 65535 ? C : 65535), 1);
    dim3 out_grid = litdnn_dim3(litdnn_gpu_blocks(T, 256, 65535u), (unsigned)(K < 65535 ? K : 65535), 1);
    if (m == 2)
      conv_winograd_input<<<in_grid, 256, 0, st>>>(c, v, tiles_w, tiles, T);
    else
      conv_winograd4_input<<<in_grid, 256, 0, st>>>(c, v, tiles_w, tiles, T);
    if ((s = litdnn_gpu_launch_status(a->call, "the Winograd input transform")) != LITDNN_STATUS_SUCCESS)
      break;
    /* M_e^T (T x K) = V_e^T (T x C) U_e^T (C x K), column-major, each e */
    litdnn_matmul_args g = conv_gemm_args(a, 1.0f, 0.0f);
    g.math = m == 2 ? a->math : LITDNN_MATH_FMA;  /* F(4x4)'s transforms would enlarge TF32's rounding */
    g.m = T; g.n = (int)K; g.k = (int)C; g.batch = e;
    g.A = v; g.lda = T; g.strideA = C * T;
    g.B = u; g.ldb = C; g.strideB = K * C;
    g.C = mt; g.ldc = T; g.strideC = K * T;
    if ((s = conv_matmul(h, &g, litdnn_backend(h) == LITDNN_BACKEND_CUDA)) != LITDNN_STATUS_SUCCESS)
      break;
    if (m == 2)
      conv_winograd_output<<<out_grid, 256, 0, st>>>(c, (const float *)mt, tiles_w, tiles, T);
    else
      conv_winograd4_output<<<out_grid, 256, 0, st>>>(c, (const float *)mt, tiles_w, tiles, T);
    s = litdnn_gpu_launch_status(a->call, "the Winograd output transform");
  }
  return s;
}

/* Winograd on a forward problem: the forward stage's, and the backward data stage's after it
   turned its problem into a forward one */
static litdnnStatus_t conv_winograd_run(litdnnHandle_t h, const litdnn_conv_args *a)
{
  float *u = (float *)a->workspace;
  cudaStream_t st = litdnn_gpu_stream(h);
  if (litdnn_conv_winograd_gemm(a))
    return conv_winograd_by_gemm(h, a, 2);
  conv_winograd_filter<<<litdnn_gpu_blocks((int64_t)a->k * (a->c / a->groups), 256, 4096), 256, 0, st>>>(*a, u, 16, 1);
  litdnnStatus_t s = litdnn_gpu_launch_status(a->call, "conv_winograd_filter");
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  int64_t tiles = (int64_t)((a->out[1] + 1) / 2) * ((a->out[2] + 1) / 2);
  conv_winograd<<<conv_direct_blocks((int64_t)a->n * a->k * tiles), 256, 0, st>>>(*a, (const float *)u);
  return litdnn_gpu_launch_status(a->call, "conv_winograd");
}

litdnnStatus_t LITDNN_GPU_FN(litdnn_conv_fwd_winograd)(litdnnHandle_t h, const void *args)
{
  return conv_winograd_run(h, (const litdnn_conv_args *)args);
}

litdnnStatus_t LITDNN_GPU_FN(litdnn_conv_fwd_winograd_nonfused)(litdnnHandle_t h, const void *args)
{
  return conv_winograd_by_gemm(h, (const litdnn_conv_args *)args, 4);
}

litdnnStatus_t LITDNN_GPU_FN(litdnn_conv_fwd_depthwise)(litdnnHandle_t h, const void *args)
{
  const litdnn_conv_args *a = (const litdnn_conv_args *)args;
  int64_t total = (int64_t)a->n * a->k * a->out[0] * a->out[1] * a->out[2];
  int channels_last = a->k > 1 && a->ys[1] == 1;
  int64_t plane = (int64_t)a->out[0] * a->out[1] * a->out[2];
  if (!channels_last && litdnn_conv_dw3(a)) {
    /* several rows per thread where the output has at least 8 rows: measured ahead there, behind on 7x7 */
    int strips = (a->out[2] + CONV_DW3_STRIP - 1) / CONV_DW3_STRIP, rows = a->out[1] >= 8 ? CONV_DW3_ROWS : 1;
    int64_t threads = (int64_t)a->n * a->k * ((a->out[1] + rows - 1) / rows) * strips;
    conv_fwd_depthwise_3x3<<<litdnn_gpu_blocks(threads, 256, 0x7fffffffu), 256, 0, litdnn_gpu_stream(h)>>>(*a, strips,
                                                                                                           rows);
    return litdnn_gpu_launch_status(a->call, "conv_fwd_depthwise_3x3");
  }
  if (!channels_last && a->in[0] == 1 && a->flt[0] == 1 && plane <= INT32_MAX) {
    /* the row-tile kernel: about CONV_DW_OUTPUTS outputs per tile, fewer rows if the input is too wide */
    int P = a->out[1], Q = a->out[2], tiles = (int)((plane + CONV_DW_OUTPUTS - 1) / CONV_DW_OUTPUTS);
    int rows = (P + tiles - 1) / tiles;
    int64_t tile_w = (int64_t)(Q - 1) * a->stride[2] + (int64_t)(a->flt[2] - 1) * a->dil[2] + 1;
    size_t smem = 0;
    for (; rows >= 1; rows = rows > 1 ? rows / 2 : 0) {
      int64_t tile_h = (int64_t)(rows - 1) * a->stride[1] + (int64_t)(a->flt[1] - 1) * a->dil[1] + 1;
      smem = (size_t)(tile_h * tile_w + (int64_t)a->flt[1] * a->flt[2]) * sizeof(float);
      if (smem <= CONV_DW_SMEM)
        break;
    }
    if (rows >= 1) {
      int outputs = rows * Q, threads = outputs >= 256 ? 256 : (outputs + 31) / 32 * 32;
      dim3 grid = litdnn_dim3((unsigned)((P + rows - 1) / rows), (unsigned)(a->k < 65535 ? a->k : 65535),
                              (unsigned)(a->n < 65535 ? a->n : 65535));
      conv_fwd_depthwise_rows<<<grid, threads, smem, litdnn_gpu_stream(h)>>>(*a, rows, (int)tile_w);
      return litdnn_gpu_launch_status(a->call, "conv_fwd_depthwise_rows");
    }
  }
  if (!channels_last && plane <= INT32_MAX) {
    dim3 grid = litdnn_dim3(litdnn_gpu_blocks(plane, 256, 65535u), (unsigned)(a->k < 65535 ? a->k : 65535),
                            (unsigned)(a->n < 65535 ? a->n : 65535));
    conv_fwd_depthwise_planes<<<grid, 256, 0, litdnn_gpu_stream(h)>>>(*a);
    return litdnn_gpu_launch_status(a->call, "conv_fwd_depthwise_planes");
  }
  conv_fwd_depthwise<<<conv_direct_blocks(total), 256, 0, litdnn_gpu_stream(h)>>>(*a, channels_last);
  return litdnn_gpu_launch_status(a->call, "conv_fwd_depthwise");
}

litdnnStatus_t LITDNN_GPU_FN(litdnn_conv_fwd_implicit_gemm)(litdnnHandle_t h, const void *args)
{
  return conv_gemm_launch(h, (const litdnn_conv_args *)args);
}

litdnnStatus_t LITDNN_GPU_FN(litdnn_conv_fwd_implicit_precomp)(litdnnHandle_t h, const void *args)
{
  const litdnn_conv_args *a = (const litdnn_conv_args *)args;
#ifdef LITDNN_CUDA
  /* on the tensor cores, the workspace holding the packed filter (copied 16 bytes at a time) */
  if (litdnn_conv_tf32_runs(a))
    return litdnn_conv_implicit_tf32(h, a);
#endif
  conv_tap_offsets *table = (conv_tap_offsets *)a->workspace;
  conv_gemm_shape s = conv_gemm_dims(a);
  conv_precompute_offsets<<<litdnn_gpu_blocks(s.l, 256, 1024), 256, 0, litdnn_gpu_stream(h)>>>(*a, table);
  litdnnStatus_t st = litdnn_gpu_launch_status(a->call, "conv_precompute_offsets");
  if (st != LITDNN_STATUS_SUCCESS)
    return st;
  conv_implicit_gemm_precomp<<<litdnn_dim3(conv_gemm_blocks(a, 0), conv_gemm_blocks(a, 1), conv_gemm_blocks(a, 2)), CONV_GEMM_THREADS, 0, litdnn_gpu_stream(h)>>>(*a, table);
  return litdnn_gpu_launch_status(a->call, "conv_implicit_gemm_precomp");
}

litdnnStatus_t LITDNN_GPU_FN(litdnn_conv_bwd_data_direct)(litdnnHandle_t h, const void *args)
{
  const litdnn_conv_args *a = (const litdnn_conv_args *)args;
  int64_t total = (int64_t)a->n * a->c * a->in[0] * a->in[1] * a->in[2];
  conv_bwd_data_direct<<<conv_direct_blocks(total), 256, 0, litdnn_gpu_stream(h)>>>(*a);
  return litdnn_gpu_launch_status(a->call, "conv_bwd_data_direct");
}

#line 5470 "chapters/05-convolution.nw"
/* backward data problem a, which litdnn_conv_data_phases_apply takes, one phase at a time */
static litdnnStatus_t conv_data_phases_run(litdnnHandle_t h, const litdnn_conv_args *a)
{
  litdnnStatus_t r = LITDNN_STATUS_SUCCESS;
  for (int p = 0; p < a->stride[0] * a->stride[1] * a->stride[2] && r == LITDNN_STATUS_SUCCESS; p++) {
    litdnn_conv_args f;
    if (!litdnn_conv_data_phase(a, p, &f))
      continue;
#ifdef LITDNN_CUDA
    if (litdnn_conv_tf32_runs(&f)) {
      r = litdnn_conv_implicit_tf32(h, &f);
      continue;
    }
#endif
    r = conv_gemm_launch(h, &f);
  }
  return r;
}

#line 7668 "chapters/05-convolution.nw"
litdnnStatus_t LITDNN_GPU_FN(litdnn_conv_bwd_data_implicit_gemm)(litdnnHandle_t h, const void *args)
{
  const litdnn_conv_args *a = (const litdnn_conv_args *)args;
#ifdef LITDNN_CUDA
  /* in TF32 math, as the forward problem it is, on the tensor cores (the workspace holds the packed filter) */
  if (a->math == LITDNN_MATH_TF32 && litdnn_conv_data_as_forward_applies(a)) {
    litdnn_conv_args f;
    litdnn_conv_backward_data_as_forward(a, &f);
    if (litdnn_conv_tf32_runs(&f))
      return litdnn_conv_implicit_tf32(h, &f);
  }
#endif
  if (litdnn_conv_data_phases_apply(a))
    return conv_data_phases_run(h, a);
  return conv_gemm_launch(h, a);
}

litdnnStatus_t LITDNN_GPU_FN(litdnn_conv_bwd_data_winograd)(litdnnHandle_t h, const void *args)
{
  litdnn_conv_args f;
  litdnn_conv_backward_data_as_forward((const litdnn_conv_args *)args, &f);
  return conv_winograd_run(h, &f);
}

litdnnStatus_t LITDNN_GPU_FN(litdnn_conv_bwd_data_winograd_nonfused)(litdnnHandle_t h, const void *args)
{
  litdnn_conv_args f;
  litdnn_conv_backward_data_as_forward((const litdnn_conv_args *)args, &f);
  return conv_winograd_by_gemm(h, &f, 4);
}

#line 6858 "chapters/05-convolution.nw"
litdnnStatus_t LITDNN_GPU_FN(litdnn_conv_bwd_filter_winograd_nonfused)(litdnnHandle_t h, const void *args)
{
  const litdnn_conv_args *a = (const litdnn_conv_args *)args;
  int tiles_w = (a->out[2] + 3) / 4, tiles = (int)litdnn_conv_winograd_tiles(a, 4);
  int nb = litdnn_conv_winograd4_images(a);
  int64_t K = a->k, C = a->c;
  float *du = (float *)a->workspace, *v = du + 36 * K * C, *mt = v + 36 * C * nb * tiles;
  cudaStream_t st = litdnn_gpu_stream(h);
  litdnnStatus_t s = LITDNN_STATUS_SUCCESS;
  for (int n0 = 0; n0 < a->n && s == LITDNN_STATUS_SUCCESS; n0 += nb) {
    litdnn_conv_args c = litdnn_conv_images(a, n0, a->n - n0 < nb ? a->n - n0 : nb);
    int T = c.n * tiles;
    dim3 in_grid = litdnn_dim3(litdnn_gpu_blocks(T, 256, 65535u), (unsigned)(C < 65535 ? C : 65535), 1);
    dim3 dy_grid = litdnn_dim3(litdnn_gpu_blocks(T, 256, 65535u), (unsigned)(K < 65535 ? K : 65535), 1);
    conv_winograd4_input<<<in_grid, 256, 0, st>>>(c, v, tiles_w, tiles, T);
    if ((s = litdnn_gpu_launch_status(a->call, "the Winograd input transform")) != LITDNN_STATUS_SUCCESS)
      break;
    conv_winograd4_dy<<<dy_grid, 256, 0, st>>>(c, mt, tiles_w, tiles, T);
    if ((s = litdnn_gpu_launch_status(a->call, "the Winograd transform of dy")) != LITDNN_STATUS_SUCCESS)
      break;
    /* dU_e (C x K) += V_e (C x T) M_e^T (T x K), column-major, each e */
    litdnn_matmul_args g = conv_gemm_args(a, 1.0f, n0 > 0 ? 1.0f : 0.0f);
    g.math = LITDNN_MATH_FMA;     /* in FP32 always, as in the forward form */
    g.m = (int)C; g.n = (int)K; g.k = T; g.batch = 36;
    g.transa = 1; g.A = v; g.lda = T; g.strideA = C * T;
    g.B = mt; g.ldb = T; g.strideB = K * T;
    g.C = du; g.ldc = (int)C; g.strideC = K * C;
    s = conv_matmul(h, &g, litdnn_backend(h) == LITDNN_BACKEND_CUDA);
  }
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  conv_winograd4_filter_grad<<<litdnn_gpu_blocks(K * C, 256, 4096), 256, 0, st>>>(*a, (const float *)du);
  return litdnn_gpu_launch_status(a->call, "the Winograd filter gradient transform");
}
#line 3551 "chapters/05-convolution.nw"
/* x (from_x) or dy of a chunk into channel-major rows: the dense kernel where the source's images are dense
   blocks (dy, or x at stride 1) of at most 2^30 floats, the general one (grid rows) elsewhere */
static litdnnStatus_t conv_to_channel_major(const litdnn_conv_args *a, int from_x, int n0, int images, float *dst,
                                            dim3 rows, cudaStream_t st)
{
  int64_t S = (int64_t)a->out[0] * a->out[1] * a->out[2], channels = from_x ? a->c : a->k;
  int unit = !from_x || (a->stride[0] == 1 && a->stride[1] == 1 && a->stride[2] == 1);
  if (unit && litdnn_conv_dense_images(from_x ? a->xs : a->ys, a->out, channels) && channels * S <= INT32_MAX / 2) {
    dim3 grid = litdnn_dim3(litdnn_gpu_blocks(channels * S, 256 * CONV_COL_BATCH, 65535u),
                            (unsigned)(images < 65535 ? images : 65535), 1);
    conv_channel_major_dense<<<grid, 256, 0, st>>>(*a, from_x, n0, images, dst);
    return litdnn_gpu_launch_status(a->call, "conv_channel_major_dense");
  }
  conv_channel_major<<<rows, 256, 0, st>>>(*a, from_x, n0, images, dst);
  return litdnn_gpu_launch_status(a->call, "conv_channel_major");
}

/* forward into y itself: for each group, the im2col stage's GEMM into y, batched over the chunk's images,
   with image n's S columns of xc (leading dimension cols) as its unrolled input */
static litdnnStatus_t conv_batch_gemm_into_y(litdnnHandle_t h, const litdnn_conv_args *a, int planes, int64_t ld,
                                             int n0, int images, int cols, const float *xc)
{
  int S = a->out[0] * a->out[1] * a->out[2];
  int64_t kg = a->k / a->groups, cg = a->c / a->groups;
  litdnnStatus_t s = LITDNN_STATUS_SUCCESS;
  for (int g = 0; g < a->groups && s == LITDNN_STATUS_SUCCESS; g++) {
    litdnn_matmul_args m = conv_gemm_args(a, a->alpha, a->beta);
    m.batch = images;
    conv_gemm_into_y(&m, a, planes, ld, g, S, (int)cg, xc + g * cg * cols, cols, S,
                     a->result + n0 * a->ys[0] + g * kg * a->ys[1]);
    s = conv_matmul(h, &m, litdnn_backend(h) == LITDNN_BACKEND_CUDA);
  }
  return s;
}

/* a 1x1 layer without padding, chunk by chunk: the tensors the pass reads into channel-major order in the
   workspace (xc: C rows, yc: K rows), one GEMM batched over the groups, and the result scattered back
   (backward filter: blended into dw, the first chunk with beta, the others added); forward writes y
   itself where y is a GEMM operand and the call is not the fused one */
static litdnnStatus_t conv_batch_gemm(litdnnHandle_t h, const litdnn_conv_args *a)
{
  int nb = litdnn_conv_batch_images(a), S = a->out[0] * a->out[1] * a->out[2];
  int64_t kg = a->k / a->groups, cg = a->c / a->groups, ld;
  int into_y = litdnn_conv_batch_into_y(a, &ld);
  float *xc = (float *)a->workspace, *yc = xc + (int64_t)a->c * nb * S;
  cudaStream_t st = litdnn_gpu_stream(h);
  dim3 c_rows = litdnn_dim3(1, (unsigned)(a->c < 65535 ? a->c : 65535), 1);
  dim3 k_rows = litdnn_dim3(1, (unsigned)(a->k < 65535 ? a->k : 65535), 1);
  litdnnStatus_t s = LITDNN_STATUS_SUCCESS;
  for (int n0 = 0; n0 < a->n && s == LITDNN_STATUS_SUCCESS; n0 += nb) {
    int images = a->n - n0 < nb ? a->n - n0 : nb, cols = images * S;
    unsigned blocks = litdnn_gpu_blocks(cols, 256 * CONV_COL_BATCH, 65535u);
    c_rows.x = k_rows.x = blocks;
    if (a->pass != LITDNN_CONV_BWD_DATA &&
        (s = conv_to_channel_major(a, 1, n0, images, xc, c_rows, st)) != LITDNN_STATUS_SUCCESS)
      break;
    if (a->pass != LITDNN_CONV_FWD &&
        (s = conv_to_channel_major(a, 0, n0, images, yc, k_rows, st)) != LITDNN_STATUS_SUCCESS)
      break;
    if (into_y >= 0) {
      s = conv_batch_gemm_into_y(h, a, into_y, ld, n0, images, cols, xc);
      continue;
    }
    litdnn_matmul_args m = conv_gemm_args(a, 1.0f, 0.0f);
    m.batch = a->groups;
    m.B = a->w;                 /* W_g^T: Cg x Kg, leading dimension ws[0]; or dy' in backward filter */
    m.ldb = a->ws[0];
    m.strideB = kg * a->ws[0];
    if (a->pass == LITDNN_CONV_FWD) {             /* y'^T (N' x Kg) = x'^T W_g^T */
      m.m = cols; m.n = (int)kg; m.k = (int)cg;
      m.A = xc; m.lda = cols; m.strideA = cg * cols;
      m.C = yc; m.ldc = cols; m.strideC = kg * cols;
    } else if (a->pass == LITDNN_CONV_BWD_DATA) { /* dx'^T (N' x Cg) = dy'^T W_g */
      m.m = cols; m.n = (int)cg; m.k = (int)kg;
      m.A = yc; m.lda = cols; m.strideA = kg * cols;
      m.transb = 1;
      m.C = xc; m.ldc = cols; m.strideC = cg * cols;
    } else {                                      /* dW_g^T (Cg x Kg) = x' dy'^T, blended into dw */
      m.m = (int)cg; m.n = (int)kg; m.k = cols;
      m.transa = 1; m.A = xc; m.lda = cols; m.strideA = cg * cols;
      m.B = yc; m.ldb = cols; m.strideB = kg * cols;
      m.C = a->result; m.ldc = a->ws[0]; m.strideC = kg * a->ws[0];
      m.alpha = a->alpha;
      m.beta = n0 == 0 ? a->beta : 1.0f;
    }
    if ((s = conv_matmul(h, &m, litdnn_backend(h) == LITDNN_BACKEND_CUDA)) != LITDNN_STATUS_SUCCESS)
      break;
    if (a->pass == LITDNN_CONV_FWD) {
      conv_from_channel_major_y<<<k_rows, 256, 0, st>>>(*a, n0, images, (const float *)yc);
      s = litdnn_gpu_launch_status(a->call, "conv_from_channel_major_y");
    } else if (a->pass == LITDNN_CONV_BWD_DATA) {
      dim3 grid = c_rows;
      grid.x = litdnn_gpu_blocks(cols, 256, 65535u);
      conv_from_channel_major_dx<<<grid, 256, 0, st>>>(*a, n0, images, (const float *)xc);
      s = litdnn_gpu_launch_status(a->call, "conv_from_channel_major_dx");
    }
  }
  return s;
}

/* the stage of all three passes' tables: the arguments say which pass */
litdnnStatus_t LITDNN_GPU_FN(litdnn_conv_batch_gemm)(litdnnHandle_t h, const void *args)
{
  return conv_batch_gemm(h, (const litdnn_conv_args *)args);
}

#line 7702 "chapters/05-convolution.nw"
litdnnStatus_t LITDNN_GPU_FN(litdnn_conv_bwd_filter_direct)(litdnnHandle_t h, const void *args)
{
  const litdnn_conv_args *a = (const litdnn_conv_args *)args;
  int64_t total = (int64_t)a->k * (a->c / a->groups) * a->flt[0] * a->flt[1] * a->flt[2];
  conv_bwd_filter_direct<<<conv_direct_blocks(total), 256, 0, litdnn_gpu_stream(h)>>>(*a);
  return litdnn_gpu_launch_status(a->call, "conv_bwd_filter_direct");
}

litdnnStatus_t LITDNN_GPU_FN(litdnn_conv_bwd_filter_implicit_gemm)(litdnnHandle_t h, const void *args)
{
  const litdnn_conv_args *a = (const litdnn_conv_args *)args;
#ifdef LITDNN_CUDA
  /* in TF32 math on the tensor cores, the positions split (the workspace holds their table and the partials) */
  if (litdnn_conv_tf32_dw_runs(a))
    return litdnn_conv_bwd_filter_tf32(h, a);
#endif
  return conv_gemm_launch(h, a);
}

litdnnStatus_t LITDNN_GPU_FN(litdnn_conv_bwd_data_depthwise)(litdnnHandle_t h, const void *args)
{
  const litdnn_conv_args *a = (const litdnn_conv_args *)args;
  int strips = (a->in[2] + CONV_DW3_STRIP - 1) / CONV_DW3_STRIP;
  int64_t threads = (int64_t)a->n * a->c * a->in[1] * strips;
  conv_bwd_data_depthwise_3x3<<<litdnn_gpu_blocks(threads, 256, 0x7fffffffu), 256, 0, litdnn_gpu_stream(h)>>>(*a, strips);
  return litdnn_gpu_launch_status(a->call, "conv_bwd_data_depthwise_3x3");
}

litdnnStatus_t LITDNN_GPU_FN(litdnn_conv_bwd_filter_depthwise)(litdnnHandle_t h, const void *args)
{
  const litdnn_conv_args *a = (const litdnn_conv_args *)args;
  int rows, splits = litdnn_conv_dw3_splits(a, &rows), strips = (a->out[2] + CONV_DW3_STRIP - 1) / CONV_DW3_STRIP;
  float *part = splits > 1 ? (float *)a->workspace : NULL;   /* one split: the blocks write dw */
  conv_bwd_filter_depthwise_3x3<<<litdnn_dim3((unsigned)splits, (unsigned)a->c, 1), CONV_DW3_FILTER_THREADS, 0,
                                  litdnn_gpu_stream(h)>>>(*a, strips, rows, part);
  litdnnStatus_t st = litdnn_gpu_launch_status(a->call, "conv_bwd_filter_depthwise_3x3");
  if (st != LITDNN_STATUS_SUCCESS || !part)
    return st;
  conv_bwd_filter_depthwise_sum<<<litdnn_gpu_blocks((int64_t)a->c * 9, 256, 65535u), 256, 0,
                                  litdnn_gpu_stream(h)>>>(*a, splits, part);
  return litdnn_gpu_launch_status(a->call, "conv_bwd_filter_depthwise_sum");
}

litdnnStatus_t LITDNN_GPU_FN(litdnn_conv_bwd_bias_reduce)(litdnnHandle_t h, const void *args)
{
  const litdnn_conv_args *a = (const litdnn_conv_args *)args;
  conv_bias_reduce<<<(unsigned)a->k, CONV_BIAS_THREADS, 0, litdnn_gpu_stream(h)>>>(*a);
  return litdnn_gpu_launch_status(a->call, "conv_bias_reduce");
}

litdnnStatus_t LITDNN_GPU_FN(litdnn_conv_bwd_bias_planes)(litdnnHandle_t h, const void *args)
{
  const litdnn_conv_args *a = (const litdnn_conv_args *)args;
  int plane = a->out[0] * a->out[1] * a->out[2];
  int vec = plane % 4 == 0 && a->ys[0] % 4 == 0 && a->ys[1] % 4 == 0 && (uintptr_t)a->dy % 16 == 0;
  conv_bias_planes<<<(unsigned)a->k, CONV_BIAS_PLANE_THREADS, 0, litdnn_gpu_stream(h)>>>(*a, vec);
  return litdnn_gpu_launch_status(a->call, "conv_bias_planes");
}
