#line 5024 "chapters/04-matmul.nw"
/* The TF32 wgmma kernel and its stage function WG_ENTRY, for the width
   WG_BN (128 or 256) and the ring of WG_STAGES slices the including file
   sets. sm_90a. */
#ifndef LITDNN_MATMUL_WGMMA_CUH
#define LITDNN_MATMUL_WGMMA_CUH
#include "matmul/matmul_cp_async.cuh"
#include "matmul/matmul_tf32.cuh"
#include "matmul/matmul_wgmma_ops.cuh"

#line 2451 "chapters/04-matmul.nw"
/* set by the including file: WG_BN (128 or 256), WG_STAGES */
#define WG_BM 128                          /* two warp groups of 64 rows */
#define WG_BK 32                           /* a slice: one 128-byte row of a k-major tile */
#define WG_THREADS 256
#define WG_B_FLOATS (WG_BN * WG_BK)        /* B's tile of a slice, swizzled */
#define WG_RAW_FLOATS (WG_BK * WG_BM)      /* A's tile of a slice, as it arrives: 32 rows of 128 */
#define WG_SLICE (WG_B_FLOATS + WG_RAW_FLOATS)     /* 48 or 32 KB, multiples of 1024 bytes */
#define WG_AK_FLOATS (WG_BM * WG_BK)       /* A's tile, k-major and swizzled, two of them */
#define WG_SMEM ((WG_STAGES * WG_SLICE + 2 * WG_AK_FLOATS) * (int)sizeof(float) + 1024)   /* + room to align */

/* Start copying the slice of k at p0 into one buffer: B's 32 x WG_BN tile
   as WG_BN rows of 128 bytes, piece c of row r at position c ^ (r % 8);
   A's 128 x 32 tile as 32 rows of 128 floats, in A's own order. Zero
   outside the matrices. */
static __device__ inline void matmul_wg_copy_slice(float *bs, float *raw, const float *A, const float *B,
                                                 int64_t lda, int64_t ldb, int m, int n, int k, int i0,
                                                 int j0, int p0, int t)
{
  LITDNN_UNROLL
  for (int l = 0; l < WG_BN * 8 / WG_THREADS; l++) {
    int e = t + l * WG_THREADS, r = e / 8, c = e % 8;
    int j = j0 + r, kk = p0 + 4 * c;
    int cnt = j < n ? min(4, max(0, k - kk)) : 0;
    matmul_cp_async16(&bs[matmul_sw128(r, c)], cnt ? B + kk + (int64_t)j * ldb : B, 4 * cnt);
  }
  LITDNN_UNROLL
  for (int l = 0; l < WG_RAW_FLOATS / 4 / WG_THREADS; l++) {
    int e = t + l * WG_THREADS, p = e / (WG_BM / 4), o = 4 * (e % (WG_BM / 4));
    int kk = p0 + p, i = i0 + o;
    int cnt = kk < k ? min(4, max(0, m - i)) : 0;
    matmul_cp_async16(&raw[p * WG_BM + o], cnt ? A + i + (int64_t)kk * lda : A, 4 * cnt);
  }
}

/* A warp group turns its 64 rows of A's raw tile k-major: thread u of the
   group takes row 64 w + u % 64 and four pieces of four k, reading down
   four rows of the raw tile and writing each piece, rounded to TF32, as
   one 16-byte store to its swizzled position. */
static __device__ inline void matmul_wg_turn_a(float *ak, const float *raw, int t)
{
  int r = 64 * (t / 128) + t % 64, c0 = 4 * (t % 128 / 64);
  LITDNN_UNROLL
  for (int c = c0; c < c0 + 4; c++) {
    float4 v;
    v.x = __uint_as_float(matmul_to_tf32(raw[(4 * c) * WG_BM + r]));
    v.y = __uint_as_float(matmul_to_tf32(raw[(4 * c + 1) * WG_BM + r]));
    v.z = __uint_as_float(matmul_to_tf32(raw[(4 * c + 2) * WG_BM + r]));
    v.w = __uint_as_float(matmul_to_tf32(raw[(4 * c + 3) * WG_BM + r]));
    *(float4 *)&ak[matmul_sw128(r, c)] = v;
  }
}

/* After slice s's copies have landed (every thread's: a barrier): turn
   its A k-major for this thread's warp group, then publish the result to
   the tensor cores of the group. */
static __device__ inline void matmul_wg_publish_a(float *ak, const float *raw, int t)
{
  matmul_wg_turn_a(ak, raw, t);
  MATMUL_PROXY_FENCE();
  asm volatile("bar.sync %0, 128;\n" ::"r"(1 + t / 128) : "memory");   /* this warp group only */
}

static __global__ void __launch_bounds__(WG_THREADS, 1) matmul_wgmma_tf32(litdnn_matmul_args g)
{
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
  extern __shared__ float4 matmul_wg_smem4[];
  unsigned base = (unsigned)__cvta_generic_to_shared(matmul_wg_smem4);
  float *smem = (float *)matmul_wg_smem4 + (1024 - base % 1024) % 1024 / sizeof(float);
  float *aks = smem + WG_STAGES * WG_SLICE;   /* the two k-major tiles of A */
  int t = threadIdx.x;
  int i0 = blockIdx.x * WG_BM, j0 = blockIdx.y * WG_BN;
  MATMUL_BATCH_POINTERS(g, A, B, C);
  float d[WG_BN / 2];
  LITDNN_UNROLL
  for (int e = 0; e < WG_BN / 2; e++)
    d[e] = 0.0f;
  int slices = (g.k + WG_BK - 1) / WG_BK;
  for (int s = 0; s < WG_STAGES - 1; s++) {
    if (s < slices)
      matmul_wg_copy_slice(smem + s * WG_SLICE, smem + s * WG_SLICE + WG_B_FLOATS, A, B, g.lda, g.ldb, g.m, g.n,
                         g.k, i0, j0, s * WG_BK, t);
    MATMUL_CP_ASYNC_COMMIT();
  }
  MATMUL_CP_ASYNC_WAIT(WG_STAGES - 2);
  MATMUL_PROXY_FENCE();
  __syncthreads();
  if (slices > 0)
    matmul_wg_publish_a(aks, smem + WG_B_FLOATS, t);
  for (int s = 0; s < slices; s++) {
    /* 1. multiply slice s: four steps of 8 along k, 32 bytes apart in both tiles */
    uint64_t da = matmul_wg_desc(aks + (s % 2) * WG_AK_FLOATS + 64 * WG_BK * (t / 128));
    uint64_t db = matmul_wg_desc(smem + (s % WG_STAGES) * WG_SLICE);
    MATMUL_WG_FENCE();
    LITDNN_UNROLL
    for (int x = 0; x < WG_BK / 8; x++)
      matmul_wg_mma(d, da + 2 * x, db + 2 * x);
    MATMUL_WG_COMMIT();
    /* 2. slice s - 1's products are done (this warp group's) */
    MATMUL_WG_WAIT(1);
    /* 3. slice s + 1 has landed; after the barrier, every warp group is
          done with slice s - 1's buffers */
    MATMUL_CP_ASYNC_WAIT(WG_STAGES - 3);
    MATMUL_PROXY_FENCE();
    __syncthreads();
    /* 4. copy slice s + STAGES - 1 into slice s - 1's buffer */
    int next = s + WG_STAGES - 1;
    if (next < slices) {
      float *nb = smem + (next % WG_STAGES) * WG_SLICE;
      matmul_wg_copy_slice(nb, nb + WG_B_FLOATS, A, B, g.lda, g.ldb, g.m, g.n, g.k, i0, j0, next * WG_BK, t);
    }
    MATMUL_CP_ASYNC_COMMIT();
    /* 5. turn slice s + 1's A k-major, into the tile slice s - 1 used */
    if (s + 1 < slices)
      matmul_wg_publish_a(aks + ((s + 1) % 2) * WG_AK_FLOATS, smem + ((s + 1) % WG_STAGES) * WG_SLICE + WG_B_FLOATS,
                        t);
  }
  MATMUL_WG_WAIT(0);
  MATMUL_CP_ASYNC_WAIT(0);
  matmul_wg_store(C, g, d, i0 + 16 * (t / 32), j0, t % 32);
#endif
}
#line 5039 "chapters/04-matmul.nw"
litdnnStatus_t WG_ENTRY(litdnnHandle_t h, const void *args)
{
  const litdnn_matmul_args *g = (const litdnn_matmul_args *)args;
  litdnnStatus_t st = matmul_wg_need_sm90(g->call);
  if (st != LITDNN_STATUS_SUCCESS)
    return st;
  static int smem_asked;
  st = matmul_allow_smem((const void *)matmul_wgmma_tf32, "matmul_wgmma_tf32", WG_SMEM, &smem_asked, g->call);
  if (st != LITDNN_STATUS_SUCCESS)
    return st;
  for (int first = 0; first < g->batch; first += MATMUL_MAX_GRID_Z) {
    litdnn_matmul_args s = matmul_batch_slice(g, first);
    dim3 grid = litdnn_dim3((unsigned)(s.m + WG_BM - 1) / WG_BM, (unsigned)(s.n + WG_BN - 1) / WG_BN,
                            (unsigned)s.batch);
    matmul_wgmma_tf32<<<grid, WG_THREADS, WG_SMEM, litdnn_gpu_stream(h)>>>(s);
  }
  return litdnn_gpu_launch_status(g->call, "matmul_wgmma_tf32");
}
#line 5035 "chapters/04-matmul.nw"
#endif
