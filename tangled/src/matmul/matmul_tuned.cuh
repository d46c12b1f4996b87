#line 4671 "chapters/04-matmul.nw"
/* The tuned kernel family: one kernel (or one per pair of transposes),
   shaped by the parameters the including file sets -- TU_LM, TU_RM,
   TU_RN, TU_WARPS_M, TU_WARPS_N, TU_BK, TU_MINB, and optionally TU_GROUP,
   TU_FRAG_SETS, TU_FIXED_LAYOUT, TU_WALK -- and its stage function,
   named TU_ENTRY. */
#ifndef LITDNN_MATMUL_TUNED_CUH
#define LITDNN_MATMUL_TUNED_CUH
#include "matmul/matmul_tiles.cuh"

#line 4584 "chapters/04-matmul.nw"
static __device__ inline void matmul_fetch_tile_inside(float4 *r, const float *X, int64_t ld, int kcontig,
                                                     int o0, int p0, int bo, int bk, int nt, int tid)
{
  const float *x0 = kcontig ? X + p0 + (int64_t)o0 * ld : X + o0 + (int64_t)p0 * ld;
  LITDNN_UNROLL
  for (int l = 0; l < bk * bo / 4 / nt; l++) {
    int e = tid + l * nt;
    if (kcontig) {
      int o = e / (bk / 4), p = 4 * (e % (bk / 4));
      r[l] = *(const float4 *)(x0 + p + (int64_t)o * ld);
    } else {
      int p = e / (bo / 4), o = 4 * (e % (bo / 4));
      r[l] = *(const float4 *)(x0 + o + (int64_t)p * ld);
    }
  }
}
#line 4552 "chapters/04-matmul.nw"
#ifndef TU_GROUP
#define TU_GROUP 0                              /* no raster: blockIdx names the tile */
#endif
#ifndef TU_FRAG_SETS
#define TU_FRAG_SETS 2                          /* fragments double-buffered in registers */
#endif
#ifndef TU_FIXED_LAYOUT
#define TU_FIXED_LAYOUT 0                       /* 1: a kernel for each pair of transposes */
#endif
#ifndef TU_WALK
#define TU_WALK 0                               /* 1: inner slices' loads step a pointer */
#endif
#define LT_GROUP (TU_GROUP > 0 ? TU_GROUP : 1)  /* for stage 10's raster */
#define TU_LN (32 / TU_LM)                      /* lanes along n */
#define TU_THREADS (32 * TU_WARPS_M * TU_WARPS_N)
#define TU_WTM (4 * TU_LM * TU_RM)              /* warp tile */
#define TU_WTN (4 * TU_LN * TU_RN)
#define TU_BM (TU_WARPS_M * TU_WTM)             /* block tile */
#define TU_BN (TU_WARPS_N * TU_WTN)
#define TU_SPA (TU_BM + 4)                      /* padded rows of the k-major tiles */
#define TU_SPB (TU_BN + 4)
#define TU_LA (TU_BK * TU_BM / 4 / TU_THREADS)  /* float4s of A per thread per slice */
#define TU_LB (TU_BK * TU_BN / 4 / TU_THREADS)
#if TU_LA * 4 * TU_THREADS != TU_BK * TU_BM || TU_LB * 4 * TU_THREADS != TU_BK * TU_BN
#error "a tuned shape must split each tile evenly into float4s over the threads"
#endif
#if TU_BK % 8 != 0
#error "a tuned slice is a multiple of 8 deep (an even number of steps, whole float4s)"
#endif
#line 4682 "chapters/04-matmul.nw"
#include "matmul/matmul_raster.cuh"
#line 4737 "chapters/04-matmul.nw"
/* A thread's unchecked loads of one operand, as a walk: its l-th float4 of slice s
   is at at + s * per_slice + l * per_load. Needs the threads to split the tile's
   rows evenly (checked where TU_WALK is set). */
typedef struct {
  const float *at;
  int64_t per_slice, per_load;
} matmul_walk;

static __device__ inline matmul_walk matmul_walk_tile(const float *X, int64_t ld, int kcontig, int o0, int bo,
                                                  int bk, int nt, int tid)
{
  matmul_walk w;
  if (kcontig) {   /* rows of bk / 4 float4s along k, nt / (bk / 4) rows a load */
    w.at = X + 4 * (tid % (bk / 4)) + (int64_t)(o0 + tid / (bk / 4)) * ld;
    w.per_slice = bk;
    w.per_load = (int64_t)(nt / (bk / 4)) * ld;
  } else {         /* rows of bo / 4 float4s along o, nt / (bo / 4) rows a load */
    w.at = X + o0 + 4 * (tid % (bo / 4)) + (int64_t)(tid / (bo / 4)) * ld;
    w.per_slice = (int64_t)bk * ld;
    w.per_load = (int64_t)(nt / (bo / 4)) * ld;
  }
  return w;
}

static __device__ inline void matmul_fetch_tile_walk(float4 *r, matmul_walk w, int slice, int loads)
{
  const float *x = w.at + slice * w.per_slice;
  LITDNN_UNROLL
  for (int l = 0; l < loads; l++)
    r[l] = *(const float4 *)(x + l * w.per_load);
}
#if TU_WALK && (TU_THREADS % (TU_BK / 4) || TU_THREADS % (TU_BM / 4) || TU_THREADS % (TU_BN / 4))
#error "a walking shape needs every load of a thread to start the same place in its row"
#endif
#line 4616 "chapters/04-matmul.nw"
#if TU_WALK
#define TU_FETCH_INSIDE(slice, p0)                  \
  matmul_fetch_tile_walk(ra, walk_a, slice, TU_LA); \
  matmul_fetch_tile_walk(rb, walk_b, slice, TU_LB)
#else
#define TU_FETCH_INSIDE(slice, p0)                                                 \
  matmul_fetch_tile_inside(ra, A, g.lda, ta, i0, p0, TU_BM, TU_BK, TU_THREADS, t); \
  matmul_fetch_tile_inside(rb, B, g.ldb, !tb, j0, p0, TU_BN, TU_BK, TU_THREADS, t)
#endif
#line 4603 "chapters/04-matmul.nw"
#define TU_FETCH(slice)                                                                          \
  {                                                                                              \
    int p0 = (slice) * TU_BK;                                                                    \
    if (inside && p0 + TU_BK <= g.k) {                                                           \
      TU_FETCH_INSIDE(slice, p0);                                                                \
    } else {                                                                                     \
      matmul_fetch_tile(ra, A, g.lda, ta, veca, i0, g.m, p0, g.k, TU_BM, TU_BK, TU_THREADS, t);  \
      matmul_fetch_tile(rb, B, g.ldb, !tb, vecb, j0, g.n, p0, g.k, TU_BN, TU_BK, TU_THREADS, t); \
    }                                                                                            \
  }
#line 5260 "chapters/04-matmul.nw"
#define TU_FRAGMENTS(slot, as, bs, p)                                                 \
  do {                                                                                \
    LITDNN_UNROLL                                                                       \
    for (int x = 0; x < TU_RM; x++) {                                                 \
      float4 v = *(const float4 *)&(as)[(p) * TU_SPA + wm + 4 * TU_LM * x + 4 * tm];  \
      a[slot][4 * x] = v.x; a[slot][4 * x + 1] = v.y;                                 \
      a[slot][4 * x + 2] = v.z; a[slot][4 * x + 3] = v.w;                             \
    }                                                                                 \
    LITDNN_UNROLL                                                                       \
    for (int y = 0; y < TU_RN; y++) {                                                 \
      float4 v = *(const float4 *)&(bs)[(p) * TU_SPB + wn + 4 * TU_LN * y + 4 * tn];  \
      b[slot][4 * y] = v.x; b[slot][4 * y + 1] = v.y;                                 \
      b[slot][4 * y + 2] = v.z; b[slot][4 * y + 3] = v.w;                             \
    }                                                                                 \
  } while (0)
#line 1511 "chapters/04-matmul.nw"
#define TU_SMEM (2 * TU_BK * (TU_SPA + TU_SPB) * (int)sizeof(float))
static __device__ __forceinline__ void matmul_tuned_tile(litdnn_matmul_args g, const int ta, const int tb)
{
  extern __shared__ float4 matmul_tuned_smem4[];   /* TU_SMEM bytes: two slices of each tile */
  float *as_buf = (float *)matmul_tuned_smem4, *bs_buf = as_buf + 2 * TU_BK * TU_SPA;
  int t = threadIdx.x, lane = t % 32, warp = t / 32;
  int wm = (warp % TU_WARPS_M) * TU_WTM, wn = (warp / TU_WARPS_M) * TU_WTN;
  int tm = lane % TU_LM, tn = lane / TU_LM;
  int bi = blockIdx.x, bj = blockIdx.y;
  if (TU_GROUP > 0)
    matmul_raster((int)blockIdx.x, (g.m + TU_BM - 1) / TU_BM, (g.n + TU_BN - 1) / TU_BN, &bi, &bj);
  int i0 = bi * TU_BM, j0 = bj * TU_BN;
  MATMUL_BATCH_POINTERS(g, A, B, C);
  int veca = matmul_vec_ok(A, g.lda), vecb = matmul_vec_ok(B, g.ldb), vecc = matmul_vec_ok(C, g.ldc);
  int inside = veca && vecb && i0 + TU_BM <= g.m && j0 + TU_BN <= g.n;
  #if TU_WALK
  matmul_walk walk_a = matmul_walk_tile(A, g.lda, ta, i0, TU_BM, TU_BK, TU_THREADS, t);
  matmul_walk walk_b = matmul_walk_tile(B, g.ldb, !tb, j0, TU_BN, TU_BK, TU_THREADS, t);
  #endif
  float acc[4 * TU_RM][4 * TU_RN];
  float a[TU_FRAG_SETS][4 * TU_RM], b[TU_FRAG_SETS][4 * TU_RN];
  float4 ra[TU_LA], rb[TU_LB];
  LITDNN_UNROLL
  for (int r = 0; r < 4 * TU_RM; r++)
    LITDNN_UNROLL
    for (int c = 0; c < 4 * TU_RN; c++)
      acc[r][c] = 0.0f;
  int slices = (g.k + TU_BK - 1) / TU_BK;
  {
    int slice = 0;
    TU_FETCH(slice);
  }
  matmul_store_tile(as_buf, ra, ta, TU_BM, TU_BK, TU_THREADS, t);
  matmul_store_tile(bs_buf, rb, !tb, TU_BN, TU_BK, TU_THREADS, t);
  __syncthreads();
  if (TU_FRAG_SETS == 2)
    TU_FRAGMENTS(0, as_buf, bs_buf, 0);
  for (int s = 0; s < slices; s++) {
    const float *as = as_buf + (s % 2) * TU_BK * TU_SPA, *bs = bs_buf + (s % 2) * TU_BK * TU_SPB;
    float *as_next = as_buf + ((s + 1) % 2) * TU_BK * TU_SPA;
    float *bs_next = bs_buf + ((s + 1) % 2) * TU_BK * TU_SPB;
    int more = s + 1 < slices;
    if (more) {   /* the loads of slice s + 1 fly during this slice's multiply */
      int slice = s + 1;
      TU_FETCH(slice);
    }
    LITDNN_UNROLL
    for (int p = 0; p < TU_BK; p++) {
      if (TU_FRAG_SETS == 1)   /* one set: this step's fragments, read just before its FMAs */
        TU_FRAGMENTS(0, as, bs, p);
      if (p + 1 < TU_BK) {
        if (TU_FRAG_SETS == 2)
          TU_FRAGMENTS((p + 1) % TU_FRAG_SETS, as, bs, p + 1);
      } else if (more) {
        matmul_store_tile(as_next, ra, ta, TU_BM, TU_BK, TU_THREADS, t);
        matmul_store_tile(bs_next, rb, !tb, TU_BN, TU_BK, TU_THREADS, t);
        __syncthreads();
        if (TU_FRAG_SETS == 2)
          TU_FRAGMENTS(0, as_next, bs_next, 0);
      }
      LITDNN_UNROLL
      for (int r = 0; r < 4 * TU_RM; r++)
        LITDNN_UNROLL
        for (int c = 0; c < 4 * TU_RN; c++)
          acc[r][c] += a[p % TU_FRAG_SETS][r] * b[p % TU_FRAG_SETS][c];
    }
  }
  
#line 5278 "chapters/04-matmul.nw"
LITDNN_UNROLL
for (int y = 0; y < TU_RN; y++)
  LITDNN_UNROLL
  for (int c4 = 0; c4 < 4; c4++) {
    int j = j0 + wn + 4 * TU_LN * y + 4 * tn + c4;
    if (j >= g.n)
      continue;
    LITDNN_UNROLL
    for (int x = 0; x < TU_RM; x++) {
      int i = i0 + wm + 4 * TU_LM * x + 4 * tm;
      int c = 4 * y + c4;
      if (i < g.m)
        matmul_store4(C, g.ldc, i, j, g.m,
                    make_float4(acc[4 * x][c], acc[4 * x + 1][c], acc[4 * x + 2][c], acc[4 * x + 3][c]),
                    g.alpha, g.beta, vecc);
    }
  }
#line 1579 "chapters/04-matmul.nw"
}

#line 4711 "chapters/04-matmul.nw"
#if TU_FIXED_LAYOUT   /* four kernels, each with its transposes known to the compiler */
static __global__ void __launch_bounds__(TU_THREADS, TU_MINB) matmul_tuned_nn(litdnn_matmul_args g)
{
  matmul_tuned_tile(g, 0, 0);
}
static __global__ void __launch_bounds__(TU_THREADS, TU_MINB) matmul_tuned_tn(litdnn_matmul_args g)
{
  matmul_tuned_tile(g, 1, 0);
}
static __global__ void __launch_bounds__(TU_THREADS, TU_MINB) matmul_tuned_nt(litdnn_matmul_args g)
{
  matmul_tuned_tile(g, 0, 1);
}
static __global__ void __launch_bounds__(TU_THREADS, TU_MINB) matmul_tuned_tt(litdnn_matmul_args g)
{
  matmul_tuned_tile(g, 1, 1);
}
#else                 /* one kernel that reads the transposes from its arguments */
static __global__ void __launch_bounds__(TU_THREADS, TU_MINB) matmul_tuned(litdnn_matmul_args g)
{
  matmul_tuned_tile(g, g.transa, g.transb);
}
#endif
#line 4628 "chapters/04-matmul.nw"
#define TU_GPU_FN_(base) LITDNN_GPU_FN(base)
litdnnStatus_t TU_GPU_FN_(TU_ENTRY)(litdnnHandle_t h, const void *args)
{
  const litdnn_matmul_args *g = (const litdnn_matmul_args *)args;
#if TU_FIXED_LAYOUT
  int ta = g->transa != 0, tb = g->transb != 0;
  static int smem_asked[2][2];
  const void *kernel = ta ? (tb ? (const void *)matmul_tuned_tt : (const void *)matmul_tuned_tn)
                          : (tb ? (const void *)matmul_tuned_nt : (const void *)matmul_tuned_nn);
  int *asked = &smem_asked[ta][tb];
#else
  static int smem_asked_one;
  const void *kernel = (const void *)matmul_tuned;
  int *asked = &smem_asked_one;
#endif
  litdnnStatus_t st = matmul_allow_smem(kernel, "matmul_tuned", TU_SMEM, asked, g->call);
  if (st != LITDNN_STATUS_SUCCESS)
    return st;
  for (int first = 0; first < g->batch; first += MATMUL_MAX_GRID_Z) {
    litdnn_matmul_args s = matmul_batch_slice(g, first);
    unsigned tiles_m = (unsigned)(s.m + TU_BM - 1) / TU_BM, tiles_n = (unsigned)(s.n + TU_BN - 1) / TU_BN;
    dim3 grid = TU_GROUP > 0 ? litdnn_dim3(tiles_m * tiles_n, 1, (unsigned)s.batch)
                             : litdnn_dim3(tiles_m, tiles_n, (unsigned)s.batch);
#if TU_FIXED_LAYOUT
    if (!ta && !tb)
      matmul_tuned_nn<<<grid, TU_THREADS, TU_SMEM, litdnn_gpu_stream(h)>>>(s);
    else if (ta && !tb)
      matmul_tuned_tn<<<grid, TU_THREADS, TU_SMEM, litdnn_gpu_stream(h)>>>(s);
    else if (!ta)
      matmul_tuned_nt<<<grid, TU_THREADS, TU_SMEM, litdnn_gpu_stream(h)>>>(s);
    else
      matmul_tuned_tt<<<grid, TU_THREADS, TU_SMEM, litdnn_gpu_stream(h)>>>(s);
#else
    matmul_tuned<<<grid, TU_THREADS, TU_SMEM, litdnn_gpu_stream(h)>>>(s);
#endif
  }
  return litdnn_gpu_launch_status(g->call, "matmul_tuned");
}
#line 4689 "chapters/04-matmul.nw"
#endif
