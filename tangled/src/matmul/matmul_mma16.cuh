#line 4951 "chapters/04-matmul.nw"
/* The TF32 mma.sync kernel fed in 16-byte pieces, and its stage function
   MX_ENTRY, for the tile the including file sets: MX_BM, MX_BN,
   MX_STAGES, MX_MIN_BLOCKS. */
#ifndef LITDNN_MATMUL_MMA16_CUH
#define LITDNN_MATMUL_MMA16_CUH
#include "matmul/matmul_cp_async.cuh"
#include "matmul/matmul_tf32.cuh"

#line 2206 "chapters/04-matmul.nw"
/* set by the including file: MX_BM, MX_BN (block tile), MX_STAGES, MX_MIN_BLOCKS */
#define MX_BK 32
#define MX_WTM 64                 /* warp tile */
#define MX_WTN 64
#define MX_WARPS_M (MX_BM / MX_WTM)
#define MX_THREADS (32 * MX_WARPS_M * (MX_BN / MX_WTN))
#define MX_SPA (MX_BM + 8)        /* A: k-major rows, 136 or 264 = 8 (mod 32) */
#define MX_SPB (MX_BK + 4)        /* B: n-major rows, 36 = 4 (mod 32) */
#define MX_FM (MX_WTM / 16)       /* accumulator tiles of 16 x 8 per warp tile */
#define MX_FN (MX_WTN / 8)
#define MX_SLICE (MX_BK * MX_SPA + MX_BN * MX_SPB)   /* floats of one slice of both tiles */
#define MX_SMEM (MX_STAGES * MX_SLICE * (int)sizeof(float))

/* Start copying the slice of k at p0: A's MX_BM x 32 tile into the k-major
   As, B's 32 x MX_BN tile into the n-major Bs, all in 16-byte pieces, zero
   outside the matrices. */
static __device__ inline void matmul_mx_copy_slice(float *as, float *bs, const float *A, const float *B,
                                                 int64_t lda, int64_t ldb, int m, int n, int k, int i0,
                                                 int j0, int p0, int t)
{
  LITDNN_UNROLL
  for (int l = 0; l < MX_BK * MX_BM / 4 / MX_THREADS; l++) {
    int e = t + l * MX_THREADS, p = e / (MX_BM / 4), o = 4 * (e % (MX_BM / 4));
    int kk = p0 + p, i = i0 + o;
    int cnt = kk < k ? min(4, max(0, m - i)) : 0;
    matmul_cp_async16(&as[p * MX_SPA + o], cnt ? A + i + (int64_t)kk * lda : A, 4 * cnt);
  }
  LITDNN_UNROLL
  for (int l = 0; l < MX_BK * MX_BN / 4 / MX_THREADS; l++) {
    int e = t + l * MX_THREADS, c = e / (MX_BK / 4), p = 4 * (e % (MX_BK / 4));
    int j = j0 + c, kk = p0 + p;
    int cnt = j < n ? min(4, max(0, k - kk)) : 0;
    matmul_cp_async16(&bs[c * MX_SPB + p], cnt ? B + kk + (int64_t)j * ldb : B, 4 * cnt);
  }
}

static __global__ void __launch_bounds__(MX_THREADS, MX_MIN_BLOCKS) matmul_mma16_tf32(litdnn_matmul_args g)
{
  extern __shared__ float4 matmul_mx_smem4[];
  float *smem = (float *)matmul_mx_smem4;
  int t = threadIdx.x, lane = t % 32, warp = t / 32;
  int wm = (warp % MX_WARPS_M) * MX_WTM, wn = (warp / MX_WARPS_M) * MX_WTN;
  int gq = lane / 4, q = lane % 4;
  int i0 = blockIdx.x * MX_BM, j0 = blockIdx.y * MX_BN;
  MATMUL_BATCH_POINTERS(g, A, B, C);
  float acc[MX_FM][MX_FN][4];
  LITDNN_UNROLL
  for (int x = 0; x < MX_FM; x++)
    LITDNN_UNROLL
    for (int y = 0; y < MX_FN; y++)
      LITDNN_UNROLL
      for (int e = 0; e < 4; e++)
        acc[x][y][e] = 0.0f;
  int slices = (g.k + MX_BK - 1) / MX_BK;
  for (int s = 0; s < MX_STAGES - 1; s++) {
    if (s < slices)
      matmul_mx_copy_slice(smem + s * MX_SLICE, smem + s * MX_SLICE + MX_BK * MX_SPA, A, B, g.lda, g.ldb, g.m,
                         g.n, g.k, i0, j0, s * MX_BK, t);
    MATMUL_CP_ASYNC_COMMIT();
  }
  for (int s = 0; s < slices; s++) {
    MATMUL_CP_ASYNC_WAIT(MX_STAGES - 2);
    __syncthreads();
    int next = s + MX_STAGES - 1, nb = next % MX_STAGES;
    if (next < slices)
      matmul_mx_copy_slice(smem + nb * MX_SLICE, smem + nb * MX_SLICE + MX_BK * MX_SPA, A, B, g.lda, g.ldb, g.m,
                         g.n, g.k, i0, j0, next * MX_BK, t);
    MATMUL_CP_ASYNC_COMMIT();
    const float *as = smem + (s % MX_STAGES) * MX_SLICE, *bs = as + MX_BK * MX_SPA;
    LITDNN_UNROLL
    for (int kk = 0; kk < MX_BK; kk += 8) {
      unsigned af[MX_FM][4], bf[MX_FN][2];
      const float *a0 = as + (kk + q) * MX_SPA + wm + gq, *a4 = a0 + 4 * MX_SPA;   /* As[kk+q][wm+g] */
      const float *b0 = bs + (wn + gq) * MX_SPB + kk + q;                          /* Bs[wn+g][kk+q] */
      LITDNN_UNROLL
      for (int x = 0; x < MX_FM; x++) {
        af[x][0] = matmul_to_tf32(a0[16 * x]);
        af[x][1] = matmul_to_tf32(a0[16 * x + 8]);
        af[x][2] = matmul_to_tf32(a4[16 * x]);
        af[x][3] = matmul_to_tf32(a4[16 * x + 8]);
      }
      LITDNN_UNROLL
      for (int y = 0; y < MX_FN; y++) {
        bf[y][0] = matmul_to_tf32(b0[8 * y * MX_SPB]);
        bf[y][1] = matmul_to_tf32(b0[8 * y * MX_SPB + 4]);
      }
      LITDNN_UNROLL
      for (int x = 0; x < MX_FM; x++)
        LITDNN_UNROLL
        for (int y = 0; y < MX_FN; y++)
          matmul_mma_16x8x8(acc[x][y], af[x], bf[y]);
    }
  }
  MATMUL_CP_ASYNC_WAIT(0);
  LITDNN_UNROLL
  for (int x = 0; x < MX_FM; x++)
    LITDNN_UNROLL
    for (int y = 0; y < MX_FN; y++)
      LITDNN_UNROLL
      for (int e = 0; e < 4; e++) {
        int i = i0 + wm + 16 * x + gq + 8 * (e / 2), j = j0 + wn + 8 * y + 2 * q + e % 2;
        if (i < g.m && j < g.n)
          matmul_blend1(C, g.ldc, i, j, acc[x][y][e], g.alpha, g.beta);
      }
}
#line 4965 "chapters/04-matmul.nw"
litdnnStatus_t MX_ENTRY(litdnnHandle_t h, const void *args)
{
  const litdnn_matmul_args *g = (const litdnn_matmul_args *)args;
  static int smem_asked;
  litdnnStatus_t st = matmul_allow_smem((const void *)matmul_mma16_tf32, "matmul_mma16_tf32", MX_SMEM, &smem_asked, g->call);
  if (st != LITDNN_STATUS_SUCCESS)
    return st;
  for (int first = 0; first < g->batch; first += MATMUL_MAX_GRID_Z) {
    litdnn_matmul_args s = matmul_batch_slice(g, first);
    dim3 grid = litdnn_dim3((unsigned)(s.m + MX_BM - 1) / MX_BM, (unsigned)(s.n + MX_BN - 1) / MX_BN,
                            (unsigned)s.batch);
    matmul_mma16_tf32<<<grid, MX_THREADS, MX_SMEM, litdnn_gpu_stream(h)>>>(s);
  }
  return litdnn_gpu_launch_status(g->call, "matmul_mma16_tf32");
}
#line 4961 "chapters/04-matmul.nw"
#endif
