#line 1915 "chapters/02-tensors.nw"
#include "core/gpu.h"
#include "tensor/tensor_ops.h"

#line 1926 "chapters/02-tensors.nw"
static __device__ inline float ew_apply(int fn, int propagate_nan, float x, float y)
{
  switch (fn) {
  case LITDNN_EW_ADD: return x + y;
  case LITDNN_EW_MUL: return x * y;
  case LITDNN_EW_MIN:
    if (propagate_nan && (x != x || y != y))
      return x + y;   /* a NaN */
    return fminf(x, y);
  case LITDNN_EW_MAX:
    if (propagate_nan && (x != x || y != y))
      return x + y;
    return fmaxf(x, y);
  case LITDNN_EW_SQRT: return sqrtf(x);
  case LITDNN_EW_NOT: return 1.0f - x;
  default: return x;
  }
}

/* One output element from its inputs, already loaded (or not, when unused). */
static __device__ inline float ew_element(int fn, int propagate_nan, float alpha1, float alpha2,
                                          float beta, float a, float b, float c)
{
  float x = fn == LITDNN_EW_CONST ? alpha1 : alpha1 * a;
  float r = ew_apply(fn, propagate_nan, x, alpha2 * b);
  return beta != 0.0f ? r + beta * c : r;
}
#line 1956 "chapters/02-tensors.nw"
static __global__ void ew_naive(litdnn_ew p)
{
  int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= p.count)
    return;
  int64_t co = 0, ao = 0, bo = 0;
  if (p.count <= 0xffffffffll) {
    unsigned rest = (unsigned)i;
    for (int d = p.nbDims - 1; d >= 0; d--) {
      unsigned n = (unsigned)p.dims[d];
      unsigned k = rest % n;
      rest /= n;
      co += k * p.cs[d];
      ao += k * p.as[d];
      bo += k * p.bs[d];
    }
  } else {
    int64_t rest = i;
    for (int d = p.nbDims - 1; d >= 0; d--) {
      int64_t k = rest % p.dims[d];
      rest /= p.dims[d];
      co += k * p.cs[d];
      ao += k * p.as[d];
      bo += k * p.bs[d];
    }
  }
  float a = LITDNN_EW_READS_A(p.fn) ? p.a[ao] : 0.0f;
  float b = LITDNN_EW_READS_B(p.fn) ? p.b[bo] : 0.0f;
  float c = p.beta != 0.0f ? p.c[co] : 0.0f;
  p.c[co] = ew_element(p.fn, p.propagate_nan, p.alpha1, p.alpha2, p.beta, a, b, c);
}
#line 2020 "chapters/02-tensors.nw"
static __global__ void ew_vec4(litdnn_ew p, int64_t vectors)
{
  int64_t step = (int64_t)gridDim.x * blockDim.x;
  int64_t first = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  const float4 *a4 = (const float4 *)p.a;
  const float4 *b4 = (const float4 *)p.b;
  float4 *c4 = (float4 *)p.c;
  float4 zero = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
  for (int64_t v = first; v < vectors; v += step) {
    float4 a = LITDNN_EW_READS_A(p.fn) ? a4[v] : zero;
    float4 b = LITDNN_EW_READS_B(p.fn) ? b4[v] : zero;
    float4 c = p.beta != 0.0f ? c4[v] : zero;
    float4 r;
    r.x = ew_element(p.fn, p.propagate_nan, p.alpha1, p.alpha2, p.beta, a.x, b.x, c.x);
    r.y = ew_element(p.fn, p.propagate_nan, p.alpha1, p.alpha2, p.beta, a.y, b.y, c.y);
    r.z = ew_element(p.fn, p.propagate_nan, p.alpha1, p.alpha2, p.beta, a.z, b.z, c.z);
    r.w = ew_element(p.fn, p.propagate_nan, p.alpha1, p.alpha2, p.beta, a.w, b.w, c.w);
    c4[v] = r;
  }
  /* the scalar tail: what is left after the whole float4s */
  for (int64_t i = vectors * 4 + first; i < p.count; i += step) {
    float a = LITDNN_EW_READS_A(p.fn) ? p.a[i] : 0.0f;
    float b = LITDNN_EW_READS_B(p.fn) ? p.b[i] : 0.0f;
    float c = p.beta != 0.0f ? p.c[i] : 0.0f;
    p.c[i] = ew_element(p.fn, p.propagate_nan, p.alpha1, p.alpha2, p.beta, a, b, c);
  }
}
#line 2102 "chapters/02-tensors.nw"
#define TILE 32
#define TILE_ROWS 8   /* a block is TILE x TILE_ROWS threads; each moves TILE / TILE_ROWS elements */

/* y[b][r][s] = alpha * x[b][s][r] + beta * y[b][r][s], for R x S output matrices */
static __global__ void transpose_tiled(const float *x, float *y, int64_t batch, int64_t R,
                                       int64_t S, float alpha, float beta)
{
  __shared__ float tile[TILE][TILE + 1];   /* + 1: a column lies in 32 different banks */
  int64_t row_tiles = (R + TILE - 1) / TILE;
  for (int64_t b = blockIdx.z; b < batch; b += gridDim.z)
    for (int64_t rt = blockIdx.y; rt < row_tiles; rt += gridDim.y) {
      int64_t r0 = rt * TILE, s0 = (int64_t)blockIdx.x * TILE;
      const float *xb = x + b * R * S;
      float *yb = y + b * R * S;
      /* read rows s0.. of x (an S x R matrix): consecutive threads, consecutive r */
      for (int k = 0; k < TILE; k += TILE_ROWS) {
        int64_t s = s0 + threadIdx.y + k, r = r0 + threadIdx.x;
        if (s < S && r < R)
          tile[threadIdx.y + k][threadIdx.x] = xb[s * R + r];
      }
      __syncthreads();   /* the whole tile is written before anyone reads a column */
      /* write rows r0.. of y (an R x S matrix): consecutive threads, consecutive s */
      for (int k = 0; k < TILE; k += TILE_ROWS) {
        int64_t r = r0 + threadIdx.y + k, s = s0 + threadIdx.x;
        if (r < R && s < S) {
          float v = alpha * tile[threadIdx.x][threadIdx.y + k];
          yb[r * S + s] = beta != 0.0f ? v + beta * yb[r * S + s] : v;
        }
      }
      __syncthreads();   /* everyone is done reading before the next tile is loaded */
    }
}
#line 2156 "chapters/02-tensors.nw"
litdnnStatus_t LITDNN_GPU_FN(litdnn_ew_naive)(litdnnHandle_t h, const void *args)
{
  const litdnn_ew *p = (const litdnn_ew *)args;
  unsigned threads = 256;
  ew_naive<<<litdnn_gpu_blocks(p->count, threads, 0x7fffffffu), threads, 0, litdnn_gpu_stream(h)>>>(*p);
  return litdnn_gpu_launch_status(p->call, "ew_naive");
}

litdnnStatus_t LITDNN_GPU_FN(litdnn_ew_vec4)(litdnnHandle_t h, const void *args)
{
  const litdnn_ew *p = (const litdnn_ew *)args;
  if (!litdnn_ew_is_flat(p))
    return litdnn_error(LITDNN_STATUS_NOT_SUPPORTED_LAYOUT, p->call,
                        "stage float4 grid-stride needs packed tensors of one layout");
  uintptr_t bits = (uintptr_t)p->c | (LITDNN_EW_READS_A(p->fn) ? (uintptr_t)p->a : 0) |
                   (LITDNN_EW_READS_B(p->fn) ? (uintptr_t)p->b : 0);
  int64_t vectors = bits % 16 == 0 ? p->count / 4 : 0;
  unsigned threads = 256;
  unsigned blocks = litdnn_gpu_blocks(vectors ? vectors : p->count, threads, 1024);
  ew_vec4<<<blocks, threads, 0, litdnn_gpu_stream(h)>>>(*p, vectors);
  return litdnn_gpu_launch_status(p->call, "ew_vec4");
}

litdnnStatus_t LITDNN_GPU_FN(litdnn_transform_tiled)(litdnnHandle_t h, const void *args)
{
  const litdnn_ew *p = (const litdnn_ew *)args;
  litdnn_transpose_shape t;
  if (!litdnn_ew_is_transpose(p, &t))
    return litdnn_error(LITDNN_STATUS_NOT_SUPPORTED_LAYOUT, p->call,
                        "stage tiled transpose needs packed NCHW and NHWC (a batched transpose)");
  int64_t col_tiles = (t.cols + TILE - 1) / TILE, row_tiles = (t.rows + TILE - 1) / TILE;
  if (col_tiles > 0x7fffffff)
    return litdnn_error(LITDNN_STATUS_NOT_SUPPORTED, p->call, "%lld columns are too many for one grid",
                        (long long)t.cols);
  dim3 grid = litdnn_dim3((unsigned)col_tiles, (unsigned)(row_tiles < 65535 ? row_tiles : 65535),
                          (unsigned)(t.batch < 65535 ? t.batch : 65535));
  dim3 block = litdnn_dim3(TILE, TILE_ROWS, 1);
  transpose_tiled<<<grid, block, 0, litdnn_gpu_stream(h)>>>(p->a, p->c, t.batch, t.rows, t.cols,
                                                            p->alpha1, p->beta);
  return litdnn_gpu_launch_status(p->call, "transpose_tiled");
}
