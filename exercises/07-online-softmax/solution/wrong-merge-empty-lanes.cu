/* Exercise 07-online-softmax: a known-wrong solution (the merge does not skip two lanes that
   have seen nothing: -inf - -inf is NaN), for the grader's self-test. */
#include "core/gpu.h"
#include "exercise.h"

#define WARPS_PER_BLOCK 8
#define HELD 32                 /* values per lane: rows of up to 32 * 32 = 1024 */

/* Add v to the running statistic (m, s), where s = sum of exp(x - m) over
   the values seen so far. */
static __device__ void online_add(float *m, float *s, float v)
{
  if (v > *m) {
    *s = *s * expf(*m - v) + 1.0f;
    *m = v;
  } else if (v != -INFINITY) {
    *s += expf(v - *m);
  }
}

/* Merge another lane's statistic (m2, s2) into (m, s). */
static __device__ void online_merge(float *m, float *s, float m2, float s2)
{
  float big = fmaxf(*m, m2);   /* wrong: no early return when both maxima are -inf */
  *s = *s * expf(*m - big) + s2 * expf(m2 - big);
  *m = big;
}

static __global__ void online_softmax(const float *x, float *y, int rows, int len)
{
  int lane = threadIdx.x % 32;
  int row = blockIdx.x * WARPS_PER_BLOCK + threadIdx.x / 32;
  if (row >= rows)
    return;                     /* the whole warp leaves together */
  const float *xr = x + (long long)row * len;
  float *yr = y + (long long)row * len;
  float v[HELD];
  float m = -INFINITY, s = 0.0f;
  for (int i = 0; i < HELD; i++) {
    int j = lane + 32 * i;      /* consecutive lanes, consecutive addresses */
    v[i] = j < len ? xr[j] : -INFINITY;
  }
  for (int i = 0; i < HELD; i++)
    online_add(&m, &s, v[i]);
  for (int k = 16; k > 0; k /= 2) {
    float m2 = __shfl_xor_sync(0xffffffffu, m, k), s2 = __shfl_xor_sync(0xffffffffu, s, k);
    online_merge(&m, &s, m2, s2);
  }
  float inv = 1.0f / s;
  for (int i = 0; i < HELD; i++) {
    int j = lane + 32 * i;
    if (j < len)
      yr[j] = expf(v[i] - m) * inv;
  }
}

litdnnStatus_t exercise_online_softmax(litdnnHandle_t h, const float *x, float *y, int rows, int len)
{
  unsigned blocks = (unsigned)((rows + WARPS_PER_BLOCK - 1) / WARPS_PER_BLOCK);
  online_softmax<<<blocks, 32 * WARPS_PER_BLOCK, 0, litdnn_gpu_stream(h)>>>(x, y, rows, len);
  return litdnn_gpu_launch_status("exercise_online_softmax", "online_softmax");
}
