#line 4275 "chapters/04-matmul.nw"
/* Operand tiles moved with 16-byte loads into k-major shared memory, and
   C blended four rows at a time. */
#ifndef LITDNN_MATMUL_TILES_CUH
#define LITDNN_MATMUL_TILES_CUH
#include "matmul/matmul_device.cuh"

#line 634 "chapters/04-matmul.nw"
/* Four consecutive floats X[c..c+3 + s*ld] of a matrix whose contiguous
   dimension has climit elements and whose other has slimit; zero outside. */
static __device__ inline float4 matmul_fetch4(const float *X, int64_t ld, int c, int s, int climit,
                                            int slimit, int vec)
{
  float4 v = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
  if (s < slimit && c < climit) {
    const float *x = X + c + (int64_t)s * ld;
    if (vec && c + 4 <= climit) {
      v = *(const float4 *)x;
    } else {
      v.x = x[0];
      if (c + 1 < climit) v.y = x[1];
      if (c + 2 < climit) v.z = x[2];
      if (c + 3 < climit) v.w = x[3];
    }
  }
  return v;
}

/* Can X take 16-byte loads? Aligned start, leading dimension a multiple of 4. */
static __device__ inline int matmul_vec_ok(const void *X, int64_t ld)
{
  return ((size_t)X % 16) == 0 && ld % 4 == 0;
}

/* Fetch the bk x bo tile at (o0, p0) of an operand into nt threads' registers
   r[0 .. bk*bo/4/nt - 1]. kcontig: the operand is contiguous along k. */
static __device__ inline void matmul_fetch_tile(float4 *r, const float *X, int64_t ld, int kcontig,
                                              int vec, int o0, int olimit, int p0, int klimit,
                                              int bo, int bk, int nt, int tid)
{
  LITDNN_UNROLL
  for (int l = 0; l < bk * bo / 4 / nt; l++) {
    int e = tid + l * nt;
    if (kcontig) {
      int o = e / (bk / 4), p = 4 * (e % (bk / 4));
      r[l] = matmul_fetch4(X, ld, p0 + p, o0 + o, klimit, olimit, vec);
    } else {
      int p = e / (bo / 4), o = 4 * (e % (bo / 4));
      r[l] = matmul_fetch4(X, ld, o0 + o, p0 + p, olimit, klimit, vec);
    }
  }
}

/* Store the registers into the k-major tile S[p * (bo + 4) + o]. */
static __device__ inline void matmul_store_tile(float *S, const float4 *r, int kcontig, int bo, int bk,
                                              int nt, int tid)
{
  int sp = bo + 4;
  LITDNN_UNROLL
  for (int l = 0; l < bk * bo / 4 / nt; l++) {
    int e = tid + l * nt;
    if (kcontig) {   /* transpose on the way in */
      int o = e / (bk / 4), p = 4 * (e % (bk / 4));
      S[(p + 0) * sp + o] = r[l].x;
      S[(p + 1) * sp + o] = r[l].y;
      S[(p + 2) * sp + o] = r[l].z;
      S[(p + 3) * sp + o] = r[l].w;
    } else {
      int p = e / (bo / 4), o = 4 * (e % (bo / 4));
      *(float4 *)&S[p * sp + o] = r[l];
    }
  }
}

/* Blend four consecutive rows i..i+3 of column j of C. */
static __device__ inline void matmul_store4(float *C, int64_t ldc, int i, int j, int m, float4 v,
                                          float alpha, float beta, int vec)
{
  float *c = C + i + (int64_t)j * ldc;
  if (vec && i + 4 <= m) {
    litdnn_blend_store4((float4 *)c, v, alpha, beta);
  } else {
    float w[4];
    w[0] = v.x; w[1] = v.y; w[2] = v.z; w[3] = v.w;
    for (int r = 0; r < 4 && i + r < m; r++)
      litdnn_blend_store(&c[r], w[r], alpha, beta);
  }
}
#line 4282 "chapters/04-matmul.nw"
#endif
