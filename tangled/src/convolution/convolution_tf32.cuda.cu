#line 7330 "chapters/05-convolution.nw"
#include "core/prelude.cuh"
#include "convolution/convolution.h"
#include "convolution/convolution_stages.h"
#include "matmul/matmul_tf32.cuh"
#include "matmul/matmul_cp_async.cuh"
#include <stdint.h>

#line 4638 "chapters/05-convolution.nw"
#define CT_BM 64                 /* output channels of a block tile */
#define CT_BN 128                /* output positions of a block tile: one per thread */
#define CT_BK LITDNN_CONV_TF32_SLICE
#define CT_THREADS 128           /* four warps, each 64 channels by 32 positions */
#define CT_STAGES 3              /* slices in the ring of cp.async buffers */
#define CT_SPA (CT_BK + 4)       /* A's rows: lane (g, q) reads bank (20 g + q) mod 32 */
#define CT_SPB (CT_BN + 8)       /* B's rows: lane (g, q) reads bank (8 q + g) mod 32 */

/* the filter of forward problem a, rounded to TF32, as [group][tap][k][c] */
static __global__ void conv_tf32_pack(litdnn_conv_args a, float *wp)
{
  int64_t kg = a.k / a.groups, cg = a.c / a.groups, taps = (int64_t)a.flt[0] * a.flt[1] * a.flt[2];
  int64_t total = a.k * cg * taps, g, zero;
  for (int64_t e = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; e < total; e += (int64_t)gridDim.x * blockDim.x) {
    int64_t c = e % cg, k = e / cg % kg;
    int rd, rh, rw;
    litdnn_conv_split(e / cg / kg, 1, a.flt, &g, &zero, &rd, &rh, &rw);   /* (g, tap) */
    float v = a.w[litdnn_conv_offset(a.ws, g * kg + k, c, litdnn_conv_tap(a.flip, a.flt[0], rd),
                                     litdnn_conv_tap(a.flip, a.flt[1], rh), litdnn_conv_tap(a.flip, a.flt[2], rw))];
    wp[e] = __uint_as_float(matmul_to_tf32(v));
  }
}

/* the slice's first channel and its tap; slices walk the channels first */
typedef struct {
  int c0, rd, rh, rw;
} conv_tf32_slice;

static __device__ inline void conv_tf32_next(const litdnn_conv_args *a, int cg, conv_tf32_slice *s)
{
  s->c0 += CT_BK;
  if (s->c0 < cg)
    return;
  s->c0 = 0;
  if (++s->rw < a->flt[2])
    return;
  s->rw = 0;
  if (++s->rh < a->flt[1])
    return;
  s->rh = 0;
  s->rd++;
}
/* slice i of the walk */
static __device__ inline conv_tf32_slice conv_tf32_slice_at(const litdnn_conv_args *a, int cg, int64_t i)
{
  int per_tap = cg / CT_BK, tap = (int)(i / per_tap);
  conv_tf32_slice s = {(int)(i % per_tap) * CT_BK, tap / (a->flt[1] * a->flt[2]), tap / a->flt[2] % a->flt[1],
                       tap % a->flt[2]};
  return s;
}
#line 4698 "chapters/05-convolution.nw"
typedef struct {
  const float *wtile;           /* the packed filter at the tile's first row, tap 0, channel 0 */
  int64_t wtap;                 /* floats from one tap to the next in it: kg cg */
  int rows;                     /* rows of the tile that exist */
  const float *corner;          /* the window corner, maybe outside x */
  int col_ok, bd, bh, bw;       /* whether the position exists; its corner, axis by axis */
} conv_tf32_thread;

static __device__ inline void conv_tf32_load(const litdnn_conv_args *a, const conv_tf32_thread *th,
                                             const conv_tf32_slice *s, float *as, float *bs, int t)
{
  int cg = (int)(a->c / a->groups), tap = (s->rd * a->flt[1] + s->rh) * a->flt[2] + s->rw;
  LITDNN_UNROLL
  for (int i = 0; i < 2; i++) {
    int row = t / 4 + 32 * i, ok = row < th->rows;
    const float *src = th->wtile + tap * th->wtap + (int64_t)row * cg + s->c0 + 4 * (t % 4);
    matmul_cp_async16(as + row * CT_SPA + 4 * (t % 4), ok ? src : th->wtile, ok ? 16 : 0);
  }
  int dd = s->rd * a->dil[0], dh = s->rh * a->dil[1], dw = s->rw * a->dil[2];
  int in = th->col_ok && litdnn_conv_inside(a, 0, th->bd + dd) && litdnn_conv_inside(a, 1, th->bh + dh) &&
           litdnn_conv_inside(a, 2, th->bw + dw);
  const float *p = th->corner + litdnn_conv_offset(a->xs, 0, s->c0, dd, dh, dw);
  LITDNN_UNROLL
  for (int e = 0; e < CT_BK; e++)
    matmul_cp_async4(bs + e * CT_SPB + t, in ? p + e * a->xs[1] : a->x, in ? 4 : 0);
}
#line 4734 "chapters/05-convolution.nw"
/* acc += A B for one slice: A 64 x CT_BK at as (rows CT_SPA apart), B CT_BK x 32 at bs (rows CT_SPB apart) */
static __device__ inline void conv_tf32_multiply(const float *as, const float *bs, int lane, int round_a,
                                                 float acc[4][4][4])
{
  int gq = lane / 4, q = lane % 4;
  LITDNN_UNROLL
  for (int kk = 0; kk < CT_BK; kk += 8) {
    unsigned af[4][4], bf[4][2];
    LITDNN_UNROLL
    for (int x = 0; x < 4; x++) {
      const float *r0 = as + (16 * x + gq) * CT_SPA + kk + q, *r8 = r0 + 8 * CT_SPA;
      const float v[4] = {r0[0], r8[0], r0[4], r8[4]};
      LITDNN_UNROLL
      for (int e = 0; e < 4; e++)
        af[x][e] = round_a ? matmul_to_tf32(v[e]) : __float_as_uint(v[e]);
    }
    LITDNN_UNROLL
    for (int y = 0; y < 4; y++) {
      bf[y][0] = matmul_to_tf32(bs[(kk + q) * CT_SPB + 8 * y + gq]);
      bf[y][1] = matmul_to_tf32(bs[(kk + q + 4) * CT_SPB + 8 * y + gq]);
    }
    LITDNN_UNROLL
    for (int x = 0; x < 4; x++)
      LITDNN_UNROLL
      for (int y = 0; y < 4; y++)
        matmul_mma_16x8x8(acc[x][y], af[x], bf[y]);
  }
}
#line 4770 "chapters/05-convolution.nw"
/* forward, a forward problem only (backward data arrives as one), as litdnn_conv_tf32_implicit allows;
   block (x, y, z): columns x CT_BN and rows y CT_BM of group z % groups, over split z / groups of the slices */
static __global__ void __launch_bounds__(CT_THREADS, 3)
    conv_implicit_tf32(litdnn_conv_args a, const float *wp, float *part, int splits)
{
  __shared__ __align__(16) float as_buf[CT_STAGES][CT_BM * CT_SPA];
  __shared__ __align__(16) float bs_buf[CT_STAGES][CT_BK * CT_SPB];
  conv_gemm_shape sh = conv_gemm_dims(&a);
  int g = blockIdx.z % a.groups, split = blockIdx.z / a.groups, t = threadIdx.x, lane = t % 32, warp = t / 32;
  int gq = lane / 4, q = lane % 4;
  int64_t m0 = (int64_t)blockIdx.y * CT_BM, j0 = (int64_t)blockIdx.x * CT_BN;
  int64_t kg = a.k / a.groups, cg = a.c / a.groups, taps = sh.l / cg;
  int64_t total = sh.l / CT_BK, first = total * split / splits;
  int slices = (int)(total * (split + 1) / splits - first);
  conv_tf32_thread th;
  th.wtap = kg * cg;
  th.wtile = wp + (g * taps * kg + m0) * cg;
  th.rows = (int)(kg - m0 < CT_BM ? kg - m0 : CT_BM);
  int64_t n = 0, zero;
  int od = 0, oh = 0, ow = 0;
  th.col_ok = j0 + t < sh.cols;
  if (th.col_ok)
    litdnn_conv_split(j0 + t, 1, a.out, &n, &zero, &od, &oh, &ow);
  th.bd = litdnn_conv_in(&a, 0, od, 0);
  th.bh = litdnn_conv_in(&a, 1, oh, 0);
  th.bw = litdnn_conv_in(&a, 2, ow, 0);
  th.corner = a.x + litdnn_conv_offset(a.xs, n, g * cg, th.bd, th.bh, th.bw);
  float acc[4][4][4] = {{{0.0f}}};
  
#line 4807 "chapters/05-convolution.nw"
conv_tf32_slice next = conv_tf32_slice_at(&a, (int)cg, first);   /* the next slice to copy */
for (int s = 0; s < CT_STAGES - 1; s++) {
  if (s < slices) {
    conv_tf32_load(&a, &th, &next, as_buf[s], bs_buf[s], t);
    conv_tf32_next(&a, (int)cg, &next);
  }
  MATMUL_CP_ASYNC_COMMIT();
}
for (int s = 0; s < slices; s++) {
  MATMUL_CP_ASYNC_WAIT(CT_STAGES - 2);
  __syncthreads();
  conv_tf32_multiply(as_buf[s % CT_STAGES], bs_buf[s % CT_STAGES] + warp * 32, lane, 0, acc);
  int later = s + CT_STAGES - 1;
  if (later < slices) {
    conv_tf32_load(&a, &th, &next, as_buf[later % CT_STAGES], bs_buf[later % CT_STAGES], t);
    conv_tf32_next(&a, (int)cg, &next);
  }
  MATMUL_CP_ASYNC_COMMIT();
}
MATMUL_CP_ASYNC_WAIT(0);
#line 4799 "chapters/05-convolution.nw"
  
#line 4836 "chapters/05-convolution.nw"
LITDNN_UNROLL
for (int y = 0; y < 4; y++)
  LITDNN_UNROLL
  for (int e2 = 0; e2 < 2; e2++) {
    int64_t jj = j0 + warp * 32 + 8 * y + 2 * q + e2, n_;
    int d_, h_, w_;
    if (jj >= sh.cols)
      continue;
    litdnn_conv_split(jj, 1, a.out, &n_, &zero, &d_, &h_, &w_);
    int64_t col = litdnn_conv_offset(a.ys, n_, 0, d_, h_, w_);
    LITDNN_UNROLL
    for (int x = 0; x < 4; x++)
      LITDNN_UNROLL
      for (int eh = 0; eh < 2; eh++) {
        int64_t m = m0 + 16 * x + gq + 8 * eh;
        if (m >= sh.m)
          continue;
        if (splits > 1)   /* the split's partial y, [k][position] */
          part[(split * a.k + g * kg + m) * sh.cols + jj] = acc[x][y][2 * eh + e2];
        else
          litdnn_conv_store_y(&a, col + (g * kg + m) * a.ys[1], g * kg + m, acc[x][y][2 * eh + e2]);
      }
  }
#line 4800 "chapters/05-convolution.nw"
}
#line 4866 "chapters/05-convolution.nw"
/* y = the blend, or the fused epilogue, of the sum of the splits' partial y */
static __global__ void conv_implicit_tf32_sum(litdnn_conv_args a, const float *part, int splits)
{
  int64_t cols = (int64_t)a.n * a.out[0] * a.out[1] * a.out[2], total = a.k * cols, n, zero;
  for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < total; i += (int64_t)gridDim.x * blockDim.x) {
    float sum = 0.0f;
    for (int s = 0; s < splits; s++)
      sum += part[s * total + i];
    int d, h, w;
    litdnn_conv_split(i % cols, 1, a.out, &n, &zero, &d, &h, &w);
    litdnn_conv_store_y(&a, litdnn_conv_offset(a.ys, n, i / cols, d, h, w), i / cols, sum);
  }
}
#line 4889 "chapters/05-convolution.nw"
/* how many splits to launch, of 1 to most, for a kernel with tiles blocks a split: the fewest whose blocks
   take the least time, counting a block's time as 1 / splits and the grid's as whole waves of the blocks
   the SMs hold at once */
static int conv_tf32_splits(const void *kernel, int64_t tiles, int most)
{
  int per_sm = 0, best = 1;
  if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, CT_THREADS, 0) != cudaSuccess || per_sm < 1)
    per_sm = 1;
  int64_t slots = (int64_t)per_sm * litdnn_gpu_sm_count(), best_waves = (tiles + slots - 1) / slots;
  for (int s = 2; s <= most; s++) {
    int64_t waves = (tiles * s + slots - 1) / slots;
    if (waves * best < best_waves * s)   /* waves / s < best_waves / best */
      best = s, best_waves = waves;
  }
  return best;
}
#line 4912 "chapters/05-convolution.nw"
litdnnStatus_t litdnn_conv_implicit_tf32(litdnnHandle_t h, const void *args)
{
  const litdnn_conv_args *a = (const litdnn_conv_args *)args;
  conv_gemm_shape s = conv_gemm_dims(a);
  float *wp = (float *)a->workspace;
  int64_t packed = (int64_t)(litdnn_conv_tf32_filter_bytes(a) / sizeof(float));
  int splits = conv_tf32_splits((const void *)conv_implicit_tf32, litdnn_conv_tf32_fwd_tiles(a),
                                (int)litdnn_conv_tf32_fwd_splits(a));
  cudaStream_t st = litdnn_gpu_stream(h);
  conv_tf32_pack<<<litdnn_gpu_blocks(packed, 256, 4096), 256, 0, st>>>(*a, wp);
  litdnnStatus_t r = litdnn_gpu_launch_status(a->call, "conv_tf32_pack");
  if (r != LITDNN_STATUS_SUCCESS)
    return r;
  dim3 grid = litdnn_dim3((unsigned)((s.cols + CT_BN - 1) / CT_BN), (unsigned)((s.m + CT_BM - 1) / CT_BM),
                          (unsigned)(a->groups * splits));
  conv_implicit_tf32<<<grid, CT_THREADS, 0, st>>>(*a, wp, wp + packed, splits);
  if ((r = litdnn_gpu_launch_status(a->call, "conv_implicit_tf32")) != LITDNN_STATUS_SUCCESS || splits == 1)
    return r;
  conv_implicit_tf32_sum<<<litdnn_gpu_blocks(a->k * s.cols, 256, 65535u * 16u), 256, 0, st>>>(*a, wp + packed,
                                                                                               splits);
  return litdnn_gpu_launch_status(a->call, "conv_implicit_tf32_sum");
}
#line 5111 "chapters/05-convolution.nw"
static __global__ void conv_tf32_positions(litdnn_conv_args a, litdnn_conv_position *pos)
{
  int64_t total = (int64_t)a.n * a.out[0] * a.out[1] * a.out[2];
  for (int64_t j = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; j < total; j += (int64_t)gridDim.x * blockDim.x) {
    int64_t n, zero;
    int od, oh, ow;
    litdnn_conv_split(j, 1, a.out, &n, &zero, &od, &oh, &ow);
    litdnn_conv_position p;
    p.d = litdnn_conv_in(&a, 0, od, 0);
    p.h = litdnn_conv_in(&a, 1, oh, 0);
    p.w = litdnn_conv_in(&a, 2, ow, 0);
    p.inside = 1;
    for (int i = 0; i < 3; i++) {
      int corner = i == 0 ? p.d : i == 1 ? p.h : p.w;
      p.inside &= litdnn_conv_inside(&a, i, corner) && litdnn_conv_inside(&a, i, corner + (a.flt[i] - 1) * a.dil[i]);
    }
    p.x = litdnn_conv_offset(a.xs, n, 0, p.d, p.h, p.w);
    p.dy = litdnn_conv_offset(a.ys, n, 0, od, oh, ow);
    pos[j] = p;
  }
}
#line 5138 "chapters/05-convolution.nw"
typedef struct {
  const float *dyrows;          /* dy at row m0 + t / 16 of the group, position 0 */
  int rows;                     /* rows of the tile from t / 16 on: row t / 16 + 8 i exists when 8 i < rows */
  int cols;                     /* bit i: column t % 32 + 32 i exists */
  int64_t off[4];               /* column i's offset in x from a window corner: channel and tap */
  int dd[4], dh[4], dw[4];      /* column i's tap displacement, axis by axis */
} conv_filter_tf32_thread;

/* the copies of the slice of positions j0 ... j0 + 15: dy (64 x 16) into as, the gathered x (16 x 128) into bs */
static __device__ inline void conv_filter_tf32_load(const litdnn_conv_args *a, const conv_filter_tf32_thread *th,
                                                    const litdnn_conv_position *pos, int64_t j0, int64_t positions,
                                                    float *as, float *bs, int t)
{
  int64_t j = j0 + t % 16;
  int jok = j < positions;
  const float *src = jok ? th->dyrows + pos[j].dy : a->dy;
  LITDNN_UNROLL
  for (int i = 0; i < 8; i++) {
    int ok = jok && 8 * i < th->rows;
    matmul_cp_async4(as + (t / 16 + 8 * i) * CT_SPA + t % 16, ok ? src + 8 * i * a->ys[1] : a->dy, ok ? 4 : 0);
  }
  LITDNN_UNROLL
  for (int e = 0; e < 4; e++) {
    int64_t jj = j0 + t / 32 + 4 * e;
    int cols = jj < positions ? th->cols : 0;   /* a position past the end has no column */
    litdnn_conv_position p = pos[jj < positions ? jj : 0];
    float *dst = bs + (t / 32 + 4 * e) * CT_SPB + t % 32;
    if (p.inside) {   /* the same for the whole warp: one position */
      LITDNN_UNROLL
      for (int i = 0; i < 4; i++)
        matmul_cp_async4(dst + 32 * i, cols >> i & 1 ? a->x + p.x + th->off[i] : a->x, cols >> i & 1 ? 4 : 0);
      continue;
    }
    LITDNN_UNROLL
    for (int i = 0; i < 4; i++) {
      int in = (cols >> i & 1) && litdnn_conv_inside(a, 0, p.d + th->dd[i]) &&
               litdnn_conv_inside(a, 1, p.h + th->dh[i]) && litdnn_conv_inside(a, 2, p.w + th->dw[i]);
      matmul_cp_async4(dst + 32 * i, in ? a->x + p.x + th->off[i] : a->x, in ? 4 : 0);
    }
  }
}
#line 5186 "chapters/05-convolution.nw"
/* block (x, y, z): columns x CT_BN and rows y CT_BM of group z % groups, over split z / groups of the slices */
static __global__ void __launch_bounds__(CT_THREADS, 3)
    conv_filter_tf32(litdnn_conv_args a, const litdnn_conv_position *pos, float *part, int splits)
{
  __shared__ __align__(16) float as_buf[CT_STAGES][CT_BM * CT_SPA];
  __shared__ __align__(16) float bs_buf[CT_STAGES][CT_BK * CT_SPB];
  conv_gemm_shape sh = conv_gemm_dims(&a);   /* m = kg rows, cols = L, l = the positions */
  int g = blockIdx.z % a.groups, split = blockIdx.z / a.groups, t = threadIdx.x, lane = t % 32, warp = t / 32;
  int64_t m0 = (int64_t)blockIdx.y * CT_BM, l0 = (int64_t)blockIdx.x * CT_BN, kg = a.k / a.groups,
          cg = a.c / a.groups, zero, ch;
  int64_t total = (sh.l + CT_BK - 1) / CT_BK, first = total * split / splits;
  int slices = (int)(total * (split + 1) / splits - first);   /* under 2^31: litdnn_conv_tf32_dw */
  conv_filter_tf32_thread th;
  th.dyrows = a.dy + (g * kg + m0 + t / 16) * a.ys[1];
  th.rows = (int)(sh.m - m0 - t / 16);
  th.cols = 0;
  LITDNN_UNROLL
  for (int i = 0; i < 4; i++) {
    int64_t l = l0 + t % 32 + 32 * i;
    int rd = 0, rh = 0, rw = 0;
    ch = 0;
    if (l < sh.cols) {
      th.cols |= 1 << i;
      litdnn_conv_split(l, cg, a.flt, &zero, &ch, &rd, &rh, &rw);
    }
    th.dd[i] = rd * a.dil[0];
    th.dh[i] = rh * a.dil[1];
    th.dw[i] = rw * a.dil[2];
    th.off[i] = litdnn_conv_offset(a.xs, 0, g * cg + ch, th.dd[i], th.dh[i], th.dw[i]);
  }
  float acc[4][4][4] = {{{0.0f}}};
  for (int s = 0; s < CT_STAGES - 1; s++) {
    if (s < slices)
      conv_filter_tf32_load(&a, &th, pos, (first + s) * CT_BK, sh.l, as_buf[s], bs_buf[s], t);
    MATMUL_CP_ASYNC_COMMIT();
  }
  for (int s = 0; s < slices; s++) {
    MATMUL_CP_ASYNC_WAIT(CT_STAGES - 2);
    __syncthreads();
    conv_tf32_multiply(as_buf[s % CT_STAGES], bs_buf[s % CT_STAGES] + warp * 32, lane, 1, acc);
    int later = s + CT_STAGES - 1;
    if (later < slices)
      conv_filter_tf32_load(&a, &th, pos, (first + later) * CT_BK, sh.l, as_buf[later % CT_STAGES],
                            bs_buf[later % CT_STAGES], t);
    MATMUL_CP_ASYNC_COMMIT();
  }
  MATMUL_CP_ASYNC_WAIT(0);
  
#line 5243 "chapters/05-convolution.nw"
int gq = lane / 4, q = lane % 4;
LITDNN_UNROLL
for (int y = 0; y < 4; y++)
  LITDNN_UNROLL
  for (int e2 = 0; e2 < 2; e2++) {
    int64_t l = l0 + warp * 32 + 8 * y + 2 * q + e2;
    if (l >= sh.cols)
      continue;
    int64_t at = splits > 1 ? (split * a.k + g * kg) * sh.cols + l : litdnn_conv_filter_offset(&a, g * kg, l);
    int64_t step = splits > 1 ? sh.cols : a.ws[0];   /* from one row k to the next */
    LITDNN_UNROLL
    for (int x = 0; x < 4; x++)
      LITDNN_UNROLL
      for (int eh = 0; eh < 2; eh++) {
        int64_t m = m0 + 16 * x + gq + 8 * eh;
        float v = acc[x][y][2 * eh + e2];
        if (m >= sh.m)
          continue;
        if (splits > 1)
          part[at + m * step] = v;
        else
          litdnn_conv_store(a.result + at + m * step, v, a.alpha, a.beta);
      }
  }
#line 5234 "chapters/05-convolution.nw"
}
#line 5272 "chapters/05-convolution.nw"
/* dw = alpha * (the sum of the splits' partial dW) + beta * dw */
static __global__ void conv_filter_tf32_sum(litdnn_conv_args a, const float *part, int splits)
{
  int64_t L = (int64_t)(a.c / a.groups) * a.flt[0] * a.flt[1] * a.flt[2], total = a.k * L;
  for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < total; i += (int64_t)gridDim.x * blockDim.x) {
    float sum = 0.0f;
    for (int s = 0; s < splits; s++)
      sum += part[s * total + i];
    litdnn_conv_store(a.result + litdnn_conv_filter_offset(&a, i / L, i % L), sum, a.alpha, a.beta);
  }
}

litdnnStatus_t litdnn_conv_bwd_filter_tf32(litdnnHandle_t h, const void *args)
{
  const litdnn_conv_args *a = (const litdnn_conv_args *)args;
  conv_gemm_shape s = conv_gemm_dims(a);
  int splits = conv_tf32_splits((const void *)conv_filter_tf32, litdnn_conv_tf32_dw_tiles(a),
                                (int)litdnn_conv_tf32_dw_splits(a));
  litdnn_conv_position *pos = (litdnn_conv_position *)a->workspace;
  float *part = (float *)(pos + s.l);
  cudaStream_t st = litdnn_gpu_stream(h);
  conv_tf32_positions<<<litdnn_gpu_blocks(s.l, 256, 4096), 256, 0, st>>>(*a, pos);
  litdnnStatus_t r = litdnn_gpu_launch_status(a->call, "conv_tf32_positions");
  if (r != LITDNN_STATUS_SUCCESS)
    return r;
  dim3 grid = litdnn_dim3((unsigned)((s.cols + CT_BN - 1) / CT_BN), (unsigned)((s.m + CT_BM - 1) / CT_BM),
                          (unsigned)(a->groups * splits));
  conv_filter_tf32<<<grid, CT_THREADS, 0, st>>>(*a, pos, part, splits);
  if ((r = litdnn_gpu_launch_status(a->call, "conv_filter_tf32")) != LITDNN_STATUS_SUCCESS || splits == 1)
    return r;
  conv_filter_tf32_sum<<<litdnn_gpu_blocks(a->k * s.cols, 256, 65535u * 16u), 256, 0, st>>>(*a, part, splits);
  return litdnn_gpu_launch_status(a->call, "conv_filter_tf32_sum");
}
