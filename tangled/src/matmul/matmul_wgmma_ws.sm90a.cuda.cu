#line 5135 "chapters/04-matmul.nw"
#include <cuda.h>
#include "core/prelude.cuh"
#include "matmul/matmul.h"
#define WG_BN 256
#define WS_STAGES 4
#include "matmul/matmul_tf32.cuh"
#include "matmul/matmul_wgmma_ops.cuh"

#line 2750 "chapters/04-matmul.nw"
/* set by the including file: WS_STAGES */
#define WS_BM 128
#define WS_BN WG_BN                         /* 256: the width of the wgmma, set by the including file */
#define WS_BK 32
#define WS_THREADS 384                      /* a producer warp group, two consumers */
#define WS_B_FLOATS (WS_BN * WS_BK)         /* 32 KB, swizzled by the copy engine */
#define WS_A_FLOATS (WS_BM * WS_BK)         /* 16 KB: as it arrives, then k-major and swizzled */
#define WS_SLICE (WS_B_FLOATS + WS_A_FLOATS)
#define WS_SLICE_BYTES (WS_SLICE * (unsigned)sizeof(float))
#define WS_SMEM (WS_STAGES * WS_SLICE * (int)sizeof(float) + 3 * WS_STAGES * 8 + 1024)

/* mbarriers in shared memory: init, arrive, arrive announcing bytes, wait
   for a phase */
static __device__ inline unsigned matmul_saddr(const void *p) { return (unsigned)__cvta_generic_to_shared(p); }
static __device__ inline void matmul_bar_init(uint64_t *bar, unsigned count)
{
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;\n" ::"r"(matmul_saddr(bar)), "r"(count) : "memory");
}
static __device__ inline void matmul_bar_arrive(uint64_t *bar)
{
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];\n" ::"r"(matmul_saddr(bar)) : "memory");
}
static __device__ inline void matmul_bar_arrive_bytes(uint64_t *bar, unsigned bytes)
{
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;\n" ::"r"(matmul_saddr(bar)), "r"(bytes)
               : "memory");
}
static __device__ inline void matmul_bar_wait(uint64_t *bar, unsigned parity)
{
  asm volatile("{\n.reg .pred done;\nWAIT:\n"
               "mbarrier.try_wait.parity.shared::cta.b64 done, [%0], %1;\n"
               "@!done bra WAIT;\n}\n" ::"r"(matmul_saddr(bar)), "r"(parity)
               : "memory");
}

/* The copy engine brings the box at (x0, y0, batch) of a tensor map to dst
   and reports its bytes to bar. */
static __device__ inline void matmul_tma_load(float *dst, const CUtensorMap *map, int x0, int y0, int z, uint64_t *bar)
{
  asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes"
               " [%0], [%1, {%2, %3, %4}], [%5];\n" ::"r"(matmul_saddr(dst)), "l"(map), "r"(x0), "r"(y0), "r"(z),
               "r"(matmul_saddr(bar))
               : "memory");
}

/* Thread 0 of the producer starts both copies of slice s into its buffer. */
static __device__ inline void matmul_ws_fetch(float *smem, uint64_t *landed, const CUtensorMap *tma,
                                           const CUtensorMap *tmb, int i0, int j0, int s)
{
  int st = s % WS_STAGES;
  float *bs = smem + st * WS_SLICE;
  matmul_bar_arrive_bytes(&landed[st], WS_SLICE_BYTES);
  matmul_tma_load(bs, tmb, s * WS_BK, j0, (int)blockIdx.z, &landed[st]);
  matmul_tma_load(bs + WS_B_FLOATS, tma, i0, s * WS_BK, (int)blockIdx.z, &landed[st]);
}

/* Producer thread u turns row u of A's slice k-major, in place: it reads
   the row down the 32 rows of the tile as it arrived (a warp reads 32
   consecutive floats, conflict-free), waits until every producer thread
   has read, and writes eight 16-byte pieces, rounded to TF32, at their
   swizzled positions. */
static __device__ __forceinline__ void matmul_ws_turn_a(float *a, int u)
{
  float r[WS_BK];
  LITDNN_UNROLL
  for (int x = 0; x < WS_BK; x++)
    r[x] = __uint_as_float(matmul_to_tf32(a[x * WS_BM + u]));
  asm volatile("barrier.sync 1, 128;\n" ::: "memory");   /* the producer warp group only (not .aligned:
                                                              thread 0 may arrive on its own) */
  LITDNN_UNROLL
  for (int c = 0; c < WS_BK / 4; c++)
    *(float4 *)&a[matmul_sw128(u, c)] = make_float4(r[4 * c], r[4 * c + 1], r[4 * c + 2], r[4 * c + 3]);
}

static __global__ void __launch_bounds__(WS_THREADS, 1)
    matmul_wgmma_ws(const __grid_constant__ CUtensorMap tma, const __grid_constant__ CUtensorMap tmb,
                  litdnn_matmul_args g)
{
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
  extern __shared__ float4 matmul_ws_smem4[];
  unsigned base = matmul_saddr(matmul_ws_smem4);
  float *smem = (float *)matmul_ws_smem4 + (1024 - base % 1024) % 1024 / sizeof(float);
  uint64_t *landed = (uint64_t *)(smem + WS_STAGES * WS_SLICE), *full = landed + WS_STAGES,
           *empty = full + WS_STAGES;
  int t = threadIdx.x;
  int i0 = blockIdx.x * WS_BM, j0 = blockIdx.y * WS_BN;
  int slices = (g.k + WS_BK - 1) / WS_BK;
  if (t == 0) {
    for (int st = 0; st < WS_STAGES; st++) {
      matmul_bar_init(&landed[st], 1);   /* thread 0's announcement, plus the copies' bytes */
      matmul_bar_init(&full[st], 128);   /* every producer thread, A turned */
      matmul_bar_init(&empty[st], 8);    /* one arrival per consumer warp */
    }
    asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");
  }
  __syncthreads();
  if (t < 128) {   /* the producer */
    for (int s = 0; s < WS_STAGES - 1 && s < slices; s++)
      if (t == 0)
        matmul_ws_fetch(smem, landed, &tma, &tmb, i0, j0, s);
    for (int s = 0; s < slices; s++) {
      int st = s % WS_STAGES;
      matmul_bar_wait(&landed[st], s / WS_STAGES % 2);
      matmul_ws_turn_a(smem + st * WS_SLICE + WS_B_FLOATS, t);
      MATMUL_PROXY_FENCE();
      matmul_bar_arrive(&full[st]);
      /* slice s + STAGES - 1 goes where slice s - 1 was, once the consumers are done with it */
      int next = s + WS_STAGES - 1;
      if (t == 0 && next < slices) {
        if (s > 0)
          matmul_bar_wait(&empty[(s - 1) % WS_STAGES], (s - 1) / WS_STAGES % 2);
        matmul_ws_fetch(smem, landed, &tma, &tmb, i0, j0, next);
      }
    }
    return;
  }
  /* a consumer: warp group c owns rows 64 c .. 64 c + 63 of the tile */
  int c = t / 128 - 1, lane = t % 32;
  float d[WS_BN / 2];
  LITDNN_UNROLL
  for (int e = 0; e < WS_BN / 2; e++)
    d[e] = 0.0f;
  for (int s = 0; s < slices; s++) {
    int st = s % WS_STAGES;
    const float *bs = smem + st * WS_SLICE;
    matmul_bar_wait(&full[st], s / WS_STAGES % 2);
    uint64_t da = matmul_wg_desc(bs + WS_B_FLOATS + 64 * c * WS_BK), db = matmul_wg_desc(bs);
    MATMUL_WG_FENCE();
    LITDNN_UNROLL
    for (int x = 0; x < WS_BK / 8; x++)
      matmul_wg_mma(d, da + 2 * x, db + 2 * x);
    MATMUL_WG_COMMIT();
    MATMUL_WG_WAIT(1);   /* slice s - 1's products are done: release its buffer */
    if (s > 0 && lane == 0)
      matmul_bar_arrive(&empty[(s - 1) % WS_STAGES]);
  }
  MATMUL_WG_WAIT(0);
  matmul_wg_store(g.C + (int64_t)blockIdx.z * g.strideC, g, d, i0 + 64 * c + 16 * (t / 32 % 4), j0, lane);
#endif
}
#line 5094 "chapters/04-matmul.nw"
typedef CUresult (*matmul_encode_fn)(CUtensorMap *, CUtensorMapDataType, cuuint32_t, void *, const cuuint64_t *,
                                   const cuuint64_t *, const cuuint32_t *, const cuuint32_t *,
                                   CUtensorMapInterleave, CUtensorMapSwizzle, CUtensorMapL2promotion,
                                   CUtensorMapFloatOOBfill);

/* A column-major matrix X (rows x cols, leading dimension ld, batch
   entries stride apart) as a rows x cols x batch tensor, copied in boxes of
   box_rows x box_cols x 1; the copy engine fills a box with zeros past the
   matrix's edges. */
static litdnnStatus_t matmul_ws_map(CUtensorMap *map, const float *X, int rows, int cols, int64_t ld,
                                  int64_t stride, int batch, int box_rows, int box_cols, CUtensorMapSwizzle swz,
                                  const char *what, const char *call)
{
  static matmul_encode_fn encode;
  if (!encode) {
    cudaDriverEntryPointQueryResult found;
    void *fn = NULL;
    if (cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", &fn, 12000, cudaEnableDefault, &found) !=
            cudaSuccess ||
        found != cudaDriverEntryPointSuccess || !fn)
      return litdnn_error(LITDNN_STATUS_EXECUTION_FAILED_CUDA, call,
                          "the CUDA driver has no cuTensorMapEncodeTiled (tensor maps need CUDA 12 or later)");
    encode = (matmul_encode_fn)fn;
  }
  cuuint64_t dim[3] = {(cuuint64_t)rows, (cuuint64_t)cols, (cuuint64_t)batch};
  cuuint64_t bytes[2] = {(cuuint64_t)ld * 4, (cuuint64_t)(batch > 1 ? stride : ld * cols) * 4};
  cuuint32_t box[3] = {(cuuint32_t)box_rows, (cuuint32_t)box_cols, 1}, step[3] = {1, 1, 1};
  CUresult r = encode(map, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 3, (void *)X, dim, bytes, box, step,
                      CU_TENSOR_MAP_INTERLEAVE_NONE, swz, CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
                      CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  if (r != CUDA_SUCCESS)
    return litdnn_error(LITDNN_STATUS_EXECUTION_FAILED_CUDA, call,
                        "cuTensorMapEncodeTiled refused %s (%d x %d, leading dimension %lld): error %d", what, rows,
                        cols, (long long)ld, (int)r);
  return LITDNN_STATUS_SUCCESS;
}

#line 5146 "chapters/04-matmul.nw"
litdnnStatus_t litdnn_matmul_wgmma_ws_tf32_cuda(litdnnHandle_t h, const void *args)
{
  const litdnn_matmul_args *g = (const litdnn_matmul_args *)args;
  litdnnStatus_t st = matmul_wg_need_sm90(g->call);
  if (st != LITDNN_STATUS_SUCCESS)
    return st;
  static int smem_asked;
  st = matmul_allow_smem((const void *)matmul_wgmma_ws, "matmul_wgmma_ws", WS_SMEM, &smem_asked, g->call);
  if (st != LITDNN_STATUS_SUCCESS)
    return st;
  for (int first = 0; first < g->batch; first += MATMUL_MAX_GRID_Z) {
    litdnn_matmul_args s = matmul_batch_slice(g, first);
    CUtensorMap tma, tmb;
    st = matmul_ws_map(&tma, s.A, s.m, s.k, s.lda, s.strideA, s.batch, WS_BM, WS_BK, CU_TENSOR_MAP_SWIZZLE_NONE, "A",
                     g->call);
    if (st == LITDNN_STATUS_SUCCESS)
      st = matmul_ws_map(&tmb, s.B, s.k, s.n, s.ldb, s.strideB, s.batch, WS_BK, WS_BN, CU_TENSOR_MAP_SWIZZLE_128B,
                       "B", g->call);
    if (st != LITDNN_STATUS_SUCCESS)
      return st;
    dim3 grid = litdnn_dim3((unsigned)(s.m + WS_BM - 1) / WS_BM, (unsigned)(s.n + WS_BN - 1) / WS_BN,
                            (unsigned)s.batch);
    matmul_wgmma_ws<<<grid, WS_THREADS, WS_SMEM, litdnn_gpu_stream(h)>>>(tma, tmb, s);
  }
  return litdnn_gpu_launch_status(g->call, "matmul_wgmma_ws");
}
