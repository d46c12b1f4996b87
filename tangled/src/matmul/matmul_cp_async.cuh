#line 4430 "chapters/04-matmul.nw"
/* Global-to-shared copies with cp.async: 4 and 16 bytes, groups, and a
   whole tile into a k-major tile padded by MATMUL_PAD floats a row. */
#ifndef LITDNN_MATMUL_CP_ASYNC_CUH
#define LITDNN_MATMUL_CP_ASYNC_CUH
#include "matmul/matmul_device.cuh"

#line 1117 "chapters/04-matmul.nw"
#ifndef MATMUL_PAD
#define MATMUL_PAD 4   /* floats of padding after every row of a k-major tile */
#endif
static __device__ inline void matmul_cp_async4(float *smem, const float *src, int bytes)
{
  unsigned s = (unsigned)__cvta_generic_to_shared(smem);
  asm volatile("cp.async.ca.shared.global [%0], [%1], 4, %2;\n" ::"r"(s), "l"(src), "r"(bytes));
}
static __device__ inline void matmul_cp_async16(float *smem, const float *src, int bytes)
{
  unsigned s = (unsigned)__cvta_generic_to_shared(smem);
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" ::"r"(s), "l"(src), "r"(bytes));
}
#define MATMUL_CP_ASYNC_COMMIT() asm volatile("cp.async.commit_group;\n" ::)
#define MATMUL_CP_ASYNC_WAIT(n) asm volatile("cp.async.wait_group %0;\n" ::"n"(n))

/* Start copying the bk x bo tile at (o0, p0) into the k-major tile S;
   elements outside the matrix are zero-filled (source size 0). */
static __device__ inline void matmul_async_tile(float *S, const float *X, int64_t ld, int kcontig, int vec,
                                              int o0, int olimit, int p0, int klimit, int bo, int bk,
                                              int nt, int tid)
{
  int sp = bo + MATMUL_PAD;
  LITDNN_UNROLL
  for (int l = 0; l < bk * bo / 4 / nt; l++) {
    int e = tid + l * nt;
    if (kcontig) {
      int o = e / (bk / 4), p = 4 * (e % (bk / 4));
      LITDNN_UNROLL
      for (int q = 0; q < 4; q++) {
        int ok = o0 + o < olimit && p0 + p + q < klimit;
        matmul_cp_async4(&S[(p + q) * sp + o], ok ? X + (p0 + p + q) + (int64_t)(o0 + o) * ld : X, ok ? 4 : 0);
      }
    } else {
      int p = e / (bo / 4), o = 4 * (e % (bo / 4));
      int s = p0 + p, c = o0 + o;
      if (vec) {
        int n = s < klimit ? min(4, max(0, olimit - c)) : 0;
        matmul_cp_async16(&S[p * sp + o], n ? X + c + (int64_t)s * ld : X, 4 * n);
      } else {
        LITDNN_UNROLL
        for (int q = 0; q < 4; q++) {
          int ok = s < klimit && c + q < olimit;
          matmul_cp_async4(&S[p * sp + o + q], ok ? X + c + q + (int64_t)s * ld : X, ok ? 4 : 0);
        }
      }
    }
  }
}
#line 4437 "chapters/04-matmul.nw"
#endif
