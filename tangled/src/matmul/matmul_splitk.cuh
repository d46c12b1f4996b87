#line 4776 "chapters/04-matmul.nw"
/* Split-K on the pipelined kernel: the tile the including file sets (the
   WT_ constants), SK_BLOCKS_PER_SM, and the stage function SK_ENTRY. */
#ifndef LITDNN_MATMUL_SPLITK_CUH
#define LITDNN_MATMUL_SPLITK_CUH
#include "matmul/matmul_pipelined.cuh"

#line 1794 "chapters/04-matmul.nw"
#define SK_TARGET_BLOCKS (SK_BLOCKS_PER_SM * 132)   /* one full wave */
#define SK_MIN_K 64
#define SK_MAX_SPLITS 256

/* How many pieces of k, and their length kc (a multiple of the slice). */
#line 5175 "chapters/04-matmul.nw"
static int matmul_splits(const litdnn_matmul_args *g, int64_t blocks, int *kc)
{
  int64_t want = blocks >= SK_TARGET_BLOCKS ? 1 : (SK_TARGET_BLOCKS + blocks - 1) / blocks;
  int64_t most = (g->k + SK_MIN_K - 1) / SK_MIN_K;
  int64_t splits = want < most ? want : most;
  if (splits > SK_MAX_SPLITS)
    splits = SK_MAX_SPLITS;
  int64_t c = (g->k + splits - 1) / splits;
  c = (c + WT_BK - 1) / WT_BK * WT_BK;
  *kc = (int)c;
  return (int)((g->k + c - 1) / c);
}

/* Partial sums, added in a fixed order, blended into C. */
#line 1800 "chapters/04-matmul.nw"
static __global__ void matmul_splitk_reduce(const float *W, int splits, int64_t piece, float *C, int64_t ldc,
                                          int m, int n, float alpha, float beta)
{
  int64_t e = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (e < (int64_t)m * n) {
    float sum = 0.0f;
    for (int s = 0; s < splits; s++)
      sum += W[s * piece + e];
    matmul_blend1(C, ldc, (int)(e % m), (int)(e / m), sum, alpha, beta);
  }
}

#line 5192 "chapters/04-matmul.nw"
#define SK_GPU_FN_(base) LITDNN_GPU_FN(base)
litdnnStatus_t SK_GPU_FN_(SK_ENTRY)(litdnnHandle_t h, const void *args)
{
  const litdnn_matmul_args *g = (const litdnn_matmul_args *)args;
  int64_t blocks = (int64_t)((g->m + WT_BM - 1) / WT_BM) * ((g->n + WT_BN - 1) / WT_BN) * g->batch;
  int kc, splits = matmul_splits(g, blocks, &kc);
  if (splits == 1)
    return matmul_pipelined_tiles(h, g);
  int64_t piece = (int64_t)g->m * g->n, floats, bytes;
  if (!litdnn_mul_size(piece, splits, &floats) || !litdnn_mul_size(floats, (int64_t)sizeof(float), &bytes))
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OVERFLOW, g->call, "split-K workspace overflows");
  void *w;
  litdnnStatus_t st = litdnn_workspace(h, g->call, (size_t)bytes, &w);
  if (st != LITDNN_STATUS_SUCCESS)
    return st;
  float *W = (float *)w;
  for (int b = 0; b < g->batch && st == LITDNN_STATUS_SUCCESS; b++) {
    litdnn_matmul_args p = *g;           /* matrix b, its pieces as a batch */
    p.A = g->A + b * g->strideA;
    p.B = g->B + b * g->strideB;
    p.C = W;
    p.ldc = g->m;
    p.alpha = 1.0f;
    p.beta = 0.0f;
    p.strideA = g->transa ? kc : (int64_t)kc * g->lda;
    p.strideB = g->transb ? (int64_t)kc * g->ldb : kc;
    p.strideC = piece;
    p.k = kc;
    p.batch = splits - 1;
    st = matmul_pipelined_tiles(h, &p);
    p.A += (splits - 1) * p.strideA;     /* the last, shorter piece */
    p.B += (splits - 1) * p.strideB;
    p.C += (splits - 1) * piece;
    p.k = g->k - (splits - 1) * kc;
    p.batch = 1;
    if (st == LITDNN_STATUS_SUCCESS)
      st = matmul_pipelined_tiles(h, &p);
    if (st == LITDNN_STATUS_SUCCESS) {
      dim3 grid = litdnn_dim3((unsigned)((piece + 255) / 256), 1, 1);
      matmul_splitk_reduce<<<grid, 256, 0, litdnn_gpu_stream(h)>>>(W, splits, piece, g->C + b * g->strideC,
                                                                 g->ldc, g->m, g->n, g->alpha, g->beta);
      st = litdnn_gpu_launch_status(g->call, "matmul_splitk_reduce");
    }
  }
  return st;
}
#line 4783 "chapters/04-matmul.nw"
#endif
