#line 4268 "chapters/02-tensors.nw"
#include "core/prelude.cuh"
#include "tensor_ops/tensor_ops.h"

#line 4281 "chapters/02-tensors.nw"
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
#line 4311 "chapters/02-tensors.nw"
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
#line 4375 "chapters/02-tensors.nw"
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
#line 4457 "chapters/02-tensors.nw"
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
#line 4568 "chapters/02-tensors.nw"
#define WIDE_TILE 64   /* the tile is WIDE_TILE x WIDE_TILE floats, 256 threads move it */

/* The four floats of row `row` of an R-wide matrix starting at column r:
   one float4 when the row allows it, else four checked loads. */
static __device__ inline float4 load_four(const float *row, int64_t r, int64_t R, int vec)
{
  float4 v = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
  if (vec && r < R)   /* R % 4 == 0 and r % 4 == 0: the whole float4 is inside */
    return *(const float4 *)(row + r);
  if (r < R) v.x = row[r];
  if (r + 1 < R) v.y = row[r + 1];
  if (r + 2 < R) v.z = row[r + 2];
  if (r + 3 < R) v.w = row[r + 3];
  return v;
}

/* y[b][r][s] = alpha * x[b][s][r] + beta * y[b][r][s]; one 64 x 64 tile per block
   of 32 x 8 threads. vec_x: rows of x may be read in float4s; vec_y: rows of y. */
static __global__ void transpose_wide(const float *x, float *y, int64_t R, int64_t S,
                                      int64_t row_tiles, int64_t col_tiles, int vec_x, int vec_y,
                                      float alpha, float beta)
{
  __shared__ float tile[WIDE_TILE][WIDE_TILE + 1];   /* + 1: columns across 32 banks */
  int64_t t = blockIdx.x;
  int64_t st = t % col_tiles, rt = (t / col_tiles) % row_tiles, b = t / col_tiles / row_tiles;
  int64_t r0 = rt * WIDE_TILE, s0 = st * WIDE_TILE;
  const float *xb = x + b * R * S;
  float *yb = y + b * R * S;
  /* a warp covers 4 rows and 32 columns: 8 float4s per row */
  int quad = threadIdx.x % 8, sub = threadIdx.x / 8;
  int col = (threadIdx.y % 2) * 32 + quad * 4;   /* the thread's first column in the tile */
  int band = threadIdx.y / 2;                     /* which of the 4 bands of 4 rows */
  float4 v[4];
  /* load: rows s0.. of x (S x R), four loads issued before any is used */
  for (int k = 0; k < 4; k++) {
    int64_t s = s0 + 4 * (band + 4 * k) + sub;
    v[k] = s < S ? load_four(xb + s * R, r0 + col, R, vec_x) : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
  }
  for (int k = 0; k < 4; k++) {
    int row = 4 * (band + 4 * k) + sub;
    tile[row][col] = v[k].x;
    tile[row][col + 1] = v[k].y;
    tile[row][col + 2] = v[k].z;
    tile[row][col + 3] = v[k].w;
  }
  __syncthreads();   /* the whole tile is in shared memory before any column is read */
  /* store: rows r0.. of y (R x S), four consecutive s per thread */
  for (int k = 0; k < 4; k++) {
    int row = 4 * (band + 4 * k) + sub;
    int64_t r = r0 + row, s = s0 + col;
    if (r >= R || s >= S)
      continue;
    float *dst = yb + r * S + s;
    float4 o = make_float4(alpha * tile[col][row], alpha * tile[col + 1][row],
                           alpha * tile[col + 2][row], alpha * tile[col + 3][row]);
    if (beta != 0.0f) {
      float4 old = load_four(dst - s, s, S, vec_y);
      o.x += beta * old.x;
      o.y += beta * old.y;
      o.z += beta * old.z;
      o.w += beta * old.w;
    }
    if (vec_y) {   /* S % 4 == 0 and s < S: the whole float4 is inside */
      *(float4 *)dst = o;
    } else {
      dst[0] = o.x;
      if (s + 1 < S) dst[1] = o.y;
      if (s + 2 < S) dst[2] = o.z;
      if (s + 3 < S) dst[3] = o.w;
    }
  }
}
#line 4691 "chapters/02-tensors.nw"
/* Four consecutive vector elements from j, wrapping at K (one float4 when
   K % 4 == 0, since j is then a multiple of 4 too). */
static __device__ inline float4 vector_four(const float *v, int64_t j, int64_t K, int vec)
{
  if (vec)
    return *(const float4 *)(v + j);
  float4 r;
  r.x = v[j];
  if (++j == K) j = 0;
  r.y = v[j];
  if (++j == K) j = 0;
  r.z = v[j];
  if (++j == K) j = 0;
  r.w = v[j];
  return r;
}

static __device__ inline float4 ew_element4(const litdnn_ew *p, float4 a, float4 b, float4 c)
{
  float4 r;
  r.x = ew_element(p->fn, p->propagate_nan, p->alpha1, p->alpha2, p->beta, a.x, b.x, c.x);
  r.y = ew_element(p->fn, p->propagate_nan, p->alpha1, p->alpha2, p->beta, a.y, b.y, c.y);
  r.z = ew_element(p->fn, p->propagate_nan, p->alpha1, p->alpha2, p->beta, a.z, b.z, c.z);
  r.w = ew_element(p->fn, p->propagate_nan, p->alpha1, p->alpha2, p->beta, a.w, b.w, c.w);
  return r;
}

/* L == 1: output element i reads vector element i % K. `vector` says which
   input repeats (1 a, 2 b, 0 none); vectors = float4s of the output, 0 when
   the full tensors are not 16-byte aligned. A thread does two float4s, a
   grid step apart, per trip: both loads are issued before either is used. */
static __global__ void ew_broadcast_rows(litdnn_ew p, int vector, int64_t K, int64_t vectors,
                                         int vec_k)
{
  int64_t step = (int64_t)gridDim.x * blockDim.x;
  int64_t first = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  const float *v = vector == 1 ? p.a : p.b;
  int reads_a = LITDNN_EW_READS_A(p.fn) && vector != 1, reads_b = LITDNN_EW_READS_B(p.fn) && vector != 2;
  float4 zero = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
  int64_t j = 4 * first % K, j_step = 4 * step % K;   /* the only divisions */
  for (int64_t i = first; i < vectors; i += 2 * step) {
    float4 a[2], b[2], c[2];
    for (int u = 0; u < 2; u++) {
      int64_t k = i + u * step;
      float4 rep = vector && k < vectors ? vector_four(v, j, K, vec_k) : zero;
      a[u] = vector == 1 ? rep : reads_a && k < vectors ? ((const float4 *)p.a)[k] : zero;
      b[u] = vector == 2 ? rep : reads_b && k < vectors ? ((const float4 *)p.b)[k] : zero;
      c[u] = p.beta != 0.0f && k < vectors ? ((const float4 *)p.c)[k] : zero;
      j += j_step;   /* the vector index of the next step: add and wrap */
      if (j >= K)
        j -= K;
    }
    for (int u = 0; u < 2; u++)
      if (i + u * step < vectors)
        ((float4 *)p.c)[i + u * step] = ew_element4(&p, a[u], b[u], c[u]);
  }
  for (int64_t i = vectors * 4 + first; i < p.count; i += step) {   /* the scalar tail */
    float rep = vector ? v[i % K] : 0.0f;
    float a = vector == 1 ? rep : reads_a ? p.a[i] : 0.0f;
    float b = vector == 2 ? rep : reads_b ? p.b[i] : 0.0f;
    float c = p.beta != 0.0f ? p.c[i] : 0.0f;
    p.c[i] = ew_element(p.fn, p.propagate_nan, p.alpha1, p.alpha2, p.beta, a, b, c);
  }
}

/* L > 1: plane number i / L reads vector element (i / L) % K; one row of the
   block per plane, the vector element loaded once. vec_l: planes start on
   16-byte boundaries (L % 4 == 0, aligned tensors). Two float4s per trip. */
static __global__ void ew_broadcast_planes(litdnn_ew p, int vector, int64_t K, int64_t L, int vec_l)
{
  int64_t planes = p.count / L;
  const float *v = vector == 1 ? p.a : p.b;
  int reads_a = LITDNN_EW_READS_A(p.fn) && vector != 1, reads_b = LITDNN_EW_READS_B(p.fn) && vector != 2;
  for (int64_t plane = (int64_t)blockIdx.x * blockDim.y + threadIdx.y; plane < planes;
       plane += (int64_t)gridDim.x * blockDim.y) {
    float rep = v[plane % K];   /* once per plane */
    int64_t base = plane * L;
    if (vec_l) {
      float4 rep4 = make_float4(rep, rep, rep, rep), zero = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
      int64_t end = (base + L) / 4;
      for (int64_t q = base / 4 + threadIdx.x; q < end; q += 2 * blockDim.x) {
        float4 a[2], b[2], c[2];
        for (int u = 0; u < 2; u++) {
          int64_t k = q + u * blockDim.x;
          a[u] = vector == 1 ? rep4 : reads_a && k < end ? ((const float4 *)p.a)[k] : zero;
          b[u] = vector == 2 ? rep4 : reads_b && k < end ? ((const float4 *)p.b)[k] : zero;
          c[u] = p.beta != 0.0f && k < end ? ((const float4 *)p.c)[k] : zero;
        }
        for (int u = 0; u < 2; u++)
          if (q + u * blockDim.x < end)
            ((float4 *)p.c)[q + u * blockDim.x] = ew_element4(&p, a[u], b[u], c[u]);
      }
    } else {
      for (int64_t i = base + threadIdx.x; i < base + L; i += blockDim.x) {
        float a = vector == 1 ? rep : reads_a ? p.a[i] : 0.0f;
        float b = vector == 2 ? rep : reads_b ? p.b[i] : 0.0f;
        float c = p.beta != 0.0f ? p.c[i] : 0.0f;
        p.c[i] = ew_element(p.fn, p.propagate_nan, p.alpha1, p.alpha2, p.beta, a, b, c);
      }
    }
  }
}
#line 4809 "chapters/02-tensors.nw"
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

litdnnStatus_t LITDNN_GPU_FN(litdnn_transform_vec4)(litdnnHandle_t h, const void *args)
{
  const litdnn_ew *p = (const litdnn_ew *)args;
  litdnn_transpose_shape t;
  if (!litdnn_ew_is_transpose(p, &t))
    return litdnn_error(LITDNN_STATUS_NOT_SUPPORTED_LAYOUT, p->call,
                        "stage 64x64 float4 transpose needs packed NCHW and NHWC (a batched transpose)");
  int64_t col_tiles = (t.cols + WIDE_TILE - 1) / WIDE_TILE, row_tiles = (t.rows + WIDE_TILE - 1) / WIDE_TILE;
  int64_t tiles = t.batch * row_tiles * col_tiles;
  if (tiles > 0x7fffffff)
    return litdnn_error(LITDNN_STATUS_NOT_SUPPORTED, p->call, "%lld tiles are too many for one grid",
                        (long long)tiles);
  int vec_x = t.rows % 4 == 0 && (uintptr_t)p->a % 16 == 0;
  int vec_y = t.cols % 4 == 0 && (uintptr_t)p->c % 16 == 0;
  transpose_wide<<<(unsigned)tiles, litdnn_dim3(32, 8, 1), 0, litdnn_gpu_stream(h)>>>(
      p->a, p->c, t.rows, t.cols, row_tiles, col_tiles, vec_x, vec_y, p->alpha1, p->beta);
  return litdnn_gpu_launch_status(p->call, "transpose_wide");
}
#line 4877 "chapters/02-tensors.nw"
litdnnStatus_t LITDNN_GPU_FN(litdnn_ew_broadcast)(litdnnHandle_t h, const void *args)
{
  const litdnn_ew *p = (const litdnn_ew *)args;
  litdnn_broadcast_shape t;
  if (!litdnn_ew_is_broadcast(p, &t))
    return litdnn_error(LITDNN_STATUS_NOT_SUPPORTED_LAYOUT, p->call,
                        "stage broadcast float4 needs a packed output and inputs in its layout "
                        "or one repeated vector");
  const float *vec = t.vector == 1 ? p->a : t.vector == 2 ? p->b : NULL;
  uintptr_t full = (uintptr_t)p->c |
                   (LITDNN_EW_READS_A(p->fn) && t.vector != 1 ? (uintptr_t)p->a : 0) |
                   (LITDNN_EW_READS_B(p->fn) && t.vector != 2 ? (uintptr_t)p->b : 0);
  if (t.L == 1) {
    int64_t vectors = full % 16 == 0 ? p->count / 4 : 0;
    int vec_k = t.K % 4 == 0 && (uintptr_t)vec % 16 == 0;
    unsigned threads = 256, blocks = litdnn_gpu_blocks(vectors ? vectors : p->count, threads, 1024);
    ew_broadcast_rows<<<blocks, threads, 0, litdnn_gpu_stream(h)>>>(*p, t.vector, t.K, vectors, vec_k);
    return litdnn_gpu_launch_status(p->call, "ew_broadcast_rows");
  }
  int vec_l = t.L % 4 == 0 && full % 16 == 0;
  unsigned blocks = litdnn_gpu_blocks(p->count / t.L, 8, 1024);
  ew_broadcast_planes<<<blocks, litdnn_dim3(32, 8, 1), 0, litdnn_gpu_stream(h)>>>(*p, t.vector, t.K,
                                                                                  t.L, vec_l);
  return litdnn_gpu_launch_status(p->call, "ew_broadcast_planes");
}
