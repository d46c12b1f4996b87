#line 4507 "chapters/04-matmul.nw"
/* The large-tile kernel of stage 10 and its stage function LT_ENTRY, with
   LT_STAGES slices in the ring, moved through registers or, where the
   including file sets LT_CP_ASYNC to 1, by cp.async (that file is a
   .cuda.cu file and includes matmul_cp_async.cuh before this header). */
#ifndef LITDNN_MATMUL_LARGE_CUH
#define LITDNN_MATMUL_LARGE_CUH
#ifndef LT_CP_ASYNC
#define LT_CP_ASYNC 0
#endif
#line 1232 "chapters/04-matmul.nw"
#define WT_WARPS_M 2
#define WT_WARPS_N 4
#define WT_RM 2
#define WT_RN 4
#define WT_BK 16
#define LT_GROUP 8       /* block columns per group of the raster */
#line 4517 "chapters/04-matmul.nw"
#include "matmul/matmul_warptile.cuh"
#include "matmul/matmul_raster.cuh"
#if LT_CP_ASYNC
#line 1423 "chapters/04-matmul.nw"
#define LT_FETCH(buf, slice) do { } while (0)
#define LT_LAND(buf, slice)                                                                       \
  do {                                                                                            \
    matmul_async_tile(as_buf + (buf) * WT_BK * WT_SPA, A, g.lda, g.transa, veca, i0, g.m,           \
                    (slice) * WT_BK, g.k, WT_BM, WT_BK, WT_THREADS, t);                           \
    matmul_async_tile(bs_buf + (buf) * WT_BK * WT_SPB, B, g.ldb, !g.transb, vecb, j0, g.n,          \
                    (slice) * WT_BK, g.k, WT_BN, WT_BK, WT_THREADS, t);                           \
  } while (0)
#define LT_COMMIT() MATMUL_CP_ASYNC_COMMIT()
#define LT_WAIT() MATMUL_CP_ASYNC_WAIT(LT_STAGES - 2)
#define LT_WAIT_ALL() MATMUL_CP_ASYNC_WAIT(0)
#line 4521 "chapters/04-matmul.nw"
#else
#line 1403 "chapters/04-matmul.nw"
#define LT_FETCH(buf, slice)                                                                      \
  do {                                                                                            \
    matmul_fetch_tile(ra, A, g.lda, g.transa, veca, i0, g.m, (slice) * WT_BK, g.k, WT_BM, WT_BK,    \
                    WT_THREADS, t);                                                               \
    matmul_fetch_tile(rb, B, g.ldb, !g.transb, vecb, j0, g.n, (slice) * WT_BK, g.k, WT_BN, WT_BK,   \
                    WT_THREADS, t);                                                               \
  } while (0)
#define LT_LAND(buf, slice)                                                                       \
  do {                                                                                            \
    matmul_store_tile(as_buf + (buf) * WT_BK * WT_SPA, ra, g.transa, WT_BM, WT_BK, WT_THREADS, t);  \
    matmul_store_tile(bs_buf + (buf) * WT_BK * WT_SPB, rb, !g.transb, WT_BN, WT_BK, WT_THREADS, t); \
  } while (0)
#define LT_COMMIT() do { } while (0)
#define LT_WAIT() do { } while (0)
#define LT_WAIT_ALL() do { } while (0)
#line 4523 "chapters/04-matmul.nw"
#endif
#line 1320 "chapters/04-matmul.nw"
#define LT_SMEM (LT_STAGES * WT_BK * (WT_SPA + WT_SPB) * (int)sizeof(float))
static __global__ void __launch_bounds__(WT_THREADS, 1) matmul_large(litdnn_matmul_args g)
{
  extern __shared__ float4 matmul_large_smem4[];
  float *as_buf = (float *)matmul_large_smem4, *bs_buf = as_buf + LT_STAGES * WT_BK * WT_SPA;
  int t = threadIdx.x, lane = t % 32, warp = t / 32;
  int wm = (warp % WT_WARPS_M) * WT_WTM, wn = (warp / WT_WARPS_M) * WT_WTN;
  int tm = lane % 8, tn = lane / 8;
  int bi, bj;
  matmul_raster((int)blockIdx.x, (g.m + WT_BM - 1) / WT_BM, (g.n + WT_BN - 1) / WT_BN, &bi, &bj);
  int i0 = bi * WT_BM, j0 = bj * WT_BN;
  MATMUL_BATCH_POINTERS(g, A, B, C);
  int veca = matmul_vec_ok(A, g.lda), vecb = matmul_vec_ok(B, g.ldb), vecc = matmul_vec_ok(C, g.ldc);
  float acc[4 * WT_RM][4 * WT_RN];
  float4 ra[WT_LA], rb[WT_LB];
  (void)ra; (void)rb; (void)veca; (void)vecb;
  LITDNN_UNROLL
  for (int r = 0; r < 4 * WT_RM; r++)
    LITDNN_UNROLL
    for (int c = 0; c < 4 * WT_RN; c++)
      acc[r][c] = 0.0f;
  int slices = (g.k + WT_BK - 1) / WT_BK;
  for (int s = 0; s < LT_STAGES - 1; s++) {
    if (s < slices) {
      LT_FETCH(s, s);
      LT_LAND(s, s);
    }
    LT_COMMIT();
  }
  for (int s = 0; s < slices; s++) {
    LT_WAIT();
    __syncthreads();
    int next = s + LT_STAGES - 1, nb = next % LT_STAGES;
    if (next < slices)
      LT_FETCH(nb, next);
    {
      const float *as = as_buf + (s % LT_STAGES) * WT_BK * WT_SPA;
      const float *bs = bs_buf + (s % LT_STAGES) * WT_BK * WT_SPB;
      
#line 1288 "chapters/04-matmul.nw"
{
  float a[2][4 * WT_RM], b[2][4 * WT_RN];
#define LT_FRAGMENTS(slot, p)                                                        \
  LITDNN_UNROLL                                                                        \
  for (int x = 0; x < WT_RM; x++) {                                                  \
    float4 v = *(const float4 *)&as[(p) * WT_SPA + wm + 32 * x + 4 * tm];            \
    a[slot][4 * x] = v.x; a[slot][4 * x + 1] = v.y;                                  \
    a[slot][4 * x + 2] = v.z; a[slot][4 * x + 3] = v.w;                              \
  }                                                                                  \
  LITDNN_UNROLL                                                                        \
  for (int y = 0; y < WT_RN; y++) {                                                  \
    float4 v = *(const float4 *)&bs[(p) * WT_SPB + wn + 16 * y + 4 * tn];            \
    b[slot][4 * y] = v.x; b[slot][4 * y + 1] = v.y;                                  \
    b[slot][4 * y + 2] = v.z; b[slot][4 * y + 3] = v.w;                              \
  }
  LT_FRAGMENTS(0, 0)
  LITDNN_UNROLL
  for (int p = 0; p < WT_BK; p++) {
    if (p + 1 < WT_BK) {   /* the next step's fragments load while these FMAs run */
      LT_FRAGMENTS((p + 1) % 2, p + 1)
    }
    LITDNN_UNROLL
    for (int r = 0; r < 4 * WT_RM; r++)
      LITDNN_UNROLL
      for (int c = 0; c < 4 * WT_RN; c++)
        acc[r][c] += a[p % 2][r] * b[p % 2][c];
  }
#undef LT_FRAGMENTS
}
#line 1359 "chapters/04-matmul.nw"
    }
    if (next < slices)
      LT_LAND(nb, next);
    LT_COMMIT();
  }
  LT_WAIT_ALL();
  WT_BLEND(g);
}
#line 4486 "chapters/04-matmul.nw"
#define LT_GPU_FN_(base) LITDNN_GPU_FN(base)
litdnnStatus_t LT_GPU_FN_(LT_ENTRY)(litdnnHandle_t h, const void *args)
{
  const litdnn_matmul_args *g = (const litdnn_matmul_args *)args;
  static int smem_asked;
  litdnnStatus_t st = matmul_allow_smem((const void *)matmul_large, "matmul_large", LT_SMEM, &smem_asked, g->call);
  if (st != LITDNN_STATUS_SUCCESS)
    return st;
  unsigned tiles = (unsigned)((g->m + WT_BM - 1) / WT_BM) * (unsigned)((g->n + WT_BN - 1) / WT_BN);
  for (int first = 0; first < g->batch; first += MATMUL_MAX_GRID_Z) {
    litdnn_matmul_args s = matmul_batch_slice(g, first);
    dim3 grid = litdnn_dim3(tiles, 1, (unsigned)s.batch);
    matmul_large<<<grid, WT_THREADS, LT_SMEM, litdnn_gpu_stream(h)>>>(s);
  }
  return litdnn_gpu_launch_status(g->call, "matmul_large");
}
#line 4526 "chapters/04-matmul.nw"
#endif
