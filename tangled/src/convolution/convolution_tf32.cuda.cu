#line 6349 "chapters/05-convolution.nw"
#include "core/prelude.cuh"
#include "convolution/convolution.h"
#include "convolution/convolution_stages.h"
#include "matmul/matmul_tf32.cuh"
#include <stdint.h>

#line 4411 "chapters/05-convolution.nw"
#define CT_BM 64                 /* output channels of a block tile */
#define CT_BN 128                /* output positions of a block tile: one per thread */
#define CT_BK 16                 /* taps (c, r, s) of a slice */
#define CT_THREADS 128           /* four warps, each 64 channels by 32 positions */
#define CT_SPA (CT_BK + 4)       /* A's rows: lane (g, q) reads bank (20 g + q) mod 32 */
#define CT_SPB (CT_BN + 8)       /* B's rows: lane (g, q) reads bank (8 q + g) mod 32 */

typedef struct {
  int64_t w_off, x_off;          /* the tap's offset in a filter row and from the window corner */
  int dd, dh, dw;                /* its displacement r d on each axis */
  int ok;                        /* 0 past the end of the reduction */
} conv_tf32_tap;

static __device__ void conv_tf32_decode(const litdnn_conv_args *a, int64_t L, int64_t l, conv_tf32_tap *t)
{
  conv_tf32_tap o = {0, 0, 0, 0, 0, 0};
  if (l < L) {
    int rw = (int)(l % a->flt[2]);
    int64_t r = l / a->flt[2];
    int rh = (int)(r % a->flt[1]);
    r /= a->flt[1];
    int rd = (int)(r % a->flt[0]);
    int64_t c = r / a->flt[0];
    o.w_off = litdnn_conv_offset(a->ws, 0, c, litdnn_conv_tap(a->flip, a->flt[0], rd),
                                 litdnn_conv_tap(a->flip, a->flt[1], rh), litdnn_conv_tap(a->flip, a->flt[2], rw));
    o.dd = rd * a->dil[0];
    o.dh = rh * a->dil[1];
    o.dw = rw * a->dil[2];
    o.x_off = litdnn_conv_offset(a->xs, 0, c, o.dd, o.dh, o.dw);
    o.ok = 1;
  }
  *t = o;
}
#line 4451 "chapters/05-convolution.nw"
/* forward, a forward problem only (backward data arrives as one) */
static __global__ void __launch_bounds__(CT_THREADS) conv_implicit_tf32(litdnn_conv_args a)
{
  __shared__ unsigned as_buf[2][CT_BM * CT_SPA];
  __shared__ unsigned bs_buf[2][CT_BK * CT_SPB];
  __shared__ conv_tf32_tap taps[2][CT_BK];
  conv_gemm_shape sh = conv_gemm_dims(&a);
  int g = blockIdx.z, t = threadIdx.x, lane = t % 32, warp = t / 32, gq = lane / 4, q = lane % 4;
  int64_t m0 = (int64_t)blockIdx.y * CT_BM, j0 = (int64_t)blockIdx.x * CT_BN;
  int64_t kg = a.k / a.groups, cg = a.c / a.groups;
  int slices = (int)((sh.l + CT_BK - 1) / CT_BK);
  /* B: this thread's output position, its window corner split once */
  int64_t j = j0 + t, n = 0, rest = j;
  int col_ok = j < sh.cols, od = 0, oh = 0, ow = 0;
  if (col_ok) {
    ow = (int)(rest % a.out[2]);
    rest /= a.out[2];
    oh = (int)(rest % a.out[1]);
    rest /= a.out[1];
    od = (int)(rest % a.out[0]);
    n = rest / a.out[0];
  }
  int bd = od * a.stride[0] - a.pad[0], bh = oh * a.stride[1] - a.pad[1], bw = ow * a.stride[2] - a.pad[2];
  const float *corner = a.x + n * a.xs[0] + g * cg * a.xs[1] + (int64_t)bd * a.xs[2] + (int64_t)bh * a.xs[3] +
                        (int64_t)bw * a.xs[4];
  /* A: rows t / 16 + 8 i of the tile, tap t % 16 of the slice */
  int arow = t / CT_BK, atap = t % CT_BK;
  int64_t rows_left = sh.m - m0 - arow;
  const float *wrow = a.w + (g * kg + m0 + arow) * a.ws[0];
  float ra[CT_BM * CT_BK / CT_THREADS], rb[CT_BK];
  float acc[4][4][4];
  LITDNN_UNROLL
  for (int x = 0; x < 4; x++)
    LITDNN_UNROLL
    for (int y = 0; y < 4; y++)
      LITDNN_UNROLL
      for (int e = 0; e < 4; e++)
        acc[x][y][e] = 0.0f;
  
#line 4499 "chapters/05-convolution.nw"
#define CT_LOAD(s)                                                                                  \
  do {                                                                                              \
    const conv_tf32_tap *tb = taps[(s) % 2];                                                        \
    conv_tf32_tap ta = tb[atap];                                                                    \
    LITDNN_UNROLL                                                                                   \
    for (int i = 0; i < CT_BM * CT_BK / CT_THREADS; i++)                                           \
      ra[i] = ta.ok && 8 * i < rows_left ? wrow[8 * i * a.ws[0] + ta.w_off] : 0.0f;                 \
    LITDNN_UNROLL                                                                                   \
    for (int e = 0; e < CT_BK; e++) {                                                               \
      conv_tf32_tap tp = tb[e];                                                                     \
      int in = col_ok && tp.ok && bd + tp.dd >= 0 && bd + tp.dd < a.in[0] && bh + tp.dh >= 0 &&    \
               bh + tp.dh < a.in[1] && bw + tp.dw >= 0 && bw + tp.dw < a.in[2];                   \
      rb[e] = in ? corner[tp.x_off] : 0.0f;                                                         \
    }                                                                                               \
  } while (0)
#define CT_STORE(buf)                                                                               \
  do {                                                                                              \
    LITDNN_UNROLL                                                                                   \
    for (int i = 0; i < CT_BM * CT_BK / CT_THREADS; i++)                                           \
      as_buf[buf][(arow + 8 * i) * CT_SPA + atap] = matmul_to_tf32(ra[i]);                          \
    LITDNN_UNROLL                                                                                   \
    for (int e = 0; e < CT_BK; e++)                                                                 \
      bs_buf[buf][e * CT_SPB + t] = matmul_to_tf32(rb[e]);                                          \
  } while (0)
  if (t < CT_BK) {
    conv_tf32_decode(&a, sh.l, t, &taps[0][t]);
    conv_tf32_decode(&a, sh.l, CT_BK + t, &taps[1][t]);
  }
  __syncthreads();
  CT_LOAD(0);
  CT_STORE(0);
  __syncthreads();
  for (int s = 0; s < slices; s++) {
    int cur = s % 2;
    if (s + 1 < slices)
      CT_LOAD(s + 1);
    if (t < CT_BK && s + 2 < slices)
      conv_tf32_decode(&a, sh.l, (int64_t)(s + 2) * CT_BK + t, &taps[cur][t]);
    const unsigned *as = as_buf[cur], *bs = bs_buf[cur] + warp * 32;
    LITDNN_UNROLL
    for (int kk = 0; kk < CT_BK; kk += 8) {
      unsigned af[4][4], bf[4][2];
      LITDNN_UNROLL
      for (int x = 0; x < 4; x++) {
        const unsigned *r0 = as + (16 * x + gq) * CT_SPA + kk + q, *r8 = r0 + 8 * CT_SPA;
        af[x][0] = r0[0];
        af[x][1] = r8[0];
        af[x][2] = r0[4];
        af[x][3] = r8[4];
      }
      LITDNN_UNROLL
      for (int y = 0; y < 4; y++) {
        bf[y][0] = bs[(kk + q) * CT_SPB + 8 * y + gq];
        bf[y][1] = bs[(kk + q + 4) * CT_SPB + 8 * y + gq];
      }
      LITDNN_UNROLL
      for (int x = 0; x < 4; x++)
        LITDNN_UNROLL
        for (int y = 0; y < 4; y++)
          matmul_mma_16x8x8(acc[x][y], af[x], bf[y]);
    }
    if (s + 1 < slices)
      CT_STORE(1 - cur);
    __syncthreads();
  }
#undef CT_LOAD
#undef CT_STORE
#line 4490 "chapters/05-convolution.nw"
  
#line 4575 "chapters/05-convolution.nw"
LITDNN_UNROLL
for (int y = 0; y < 4; y++)
  LITDNN_UNROLL
  for (int e2 = 0; e2 < 2; e2++) {
    int64_t jj = j0 + warp * 32 + 8 * y + 2 * q + e2, r = jj;
    if (jj >= sh.cols)
      continue;
    int64_t w_ = r % a.out[2];
    r /= a.out[2];
    int64_t h_ = r % a.out[1];
    r /= a.out[1];
    int64_t d_ = r % a.out[0], n_ = r / a.out[0];
    int64_t col = n_ * a.ys[0] + d_ * a.ys[2] + h_ * a.ys[3] + w_ * a.ys[4];
    LITDNN_UNROLL
    for (int x = 0; x < 4; x++)
      LITDNN_UNROLL
      for (int eh = 0; eh < 2; eh++) {
        int64_t m = m0 + 16 * x + gq + 8 * eh;
        if (m < sh.m)
          litdnn_conv_store_y(&a, col + (g * kg + m) * a.ys[1], g * kg + m, acc[x][y][2 * eh + e2]);
      }
  }
#line 4491 "chapters/05-convolution.nw"
}
#line 4603 "chapters/05-convolution.nw"
litdnnStatus_t litdnn_conv_implicit_tf32(litdnnHandle_t h, const void *args)
{
  const litdnn_conv_args *a = (const litdnn_conv_args *)args;
  conv_gemm_shape s = conv_gemm_dims(a);
  dim3 grid = litdnn_dim3((unsigned)((s.cols + CT_BN - 1) / CT_BN), (unsigned)((s.m + CT_BM - 1) / CT_BM),
                          (unsigned)a->groups);
  conv_implicit_tf32<<<grid, CT_THREADS, 0, litdnn_gpu_stream(h)>>>(*a);
  return litdnn_gpu_launch_status(a->call, "conv_implicit_tf32");
}
