/* Exercise 08-welford-stats: a known-wrong solution (the one-pass formula E[x^2] - E[x]^2 instead of Welford), for the grader's self-test. */
#include "core/gpu.h"
#include "exercise.h"

#define STATS_THREADS 256   /* a power of two: the merge below halves it */

typedef struct {
  float n, mean, m2;        /* count, mean, sum of squared deviations */
} welford;

/* Add one value to w with Welford's update. */
static __device__ inline void welford_add(welford *w, float v)
{
  /* wrong: sums of x and x^2 (mean holds the sum, m2 the sum of squares) */
  w->n += 1.0f;
  w->mean += v;
  w->m2 += v * v;
}

/* Merge the state (nb, mb, m2b) into w with Chan's formula; a state with
   nb == 0 changes nothing. */
static __device__ inline void welford_merge(welford *w, float nb, float mb, float m2b)
{
  w->n += nb;
  w->mean += mb;
  w->m2 += m2b;
}

static __global__ void channel_stats(const float *x, int n, int channels, int hw, float *mean, float *var)
{
  __shared__ float sn[STATS_THREADS];
  __shared__ float sm[STATS_THREADS];
  __shared__ float sq[STATS_THREADS];
  int c = blockIdx.x, t = threadIdx.x;
  welford w;
  w.n = 0.0f;
  w.mean = 0.0f;
  w.m2 = 0.0f;
  for (long i = t; i < (long)n * hw; i += blockDim.x)
    welford_add(&w, x[(i / hw) * channels * hw + (long)c * hw + i % hw]);
  sn[t] = w.n;
  sm[t] = w.mean;
  sq[t] = w.m2;
  __syncthreads();
  for (int half = blockDim.x / 2; half > 0; half /= 2) {
    if (t < half) {
      welford a;
      a.n = sn[t];
      a.mean = sm[t];
      a.m2 = sq[t];
      welford_merge(&a, sn[t + half], sm[t + half], sq[t + half]);
      sn[t] = a.n;
      sm[t] = a.mean;
      sq[t] = a.m2;
    }
    __syncthreads();
  }
  if (t == 0) {
    float m = sm[0] / sn[0];
    mean[c] = m;
    var[c] = sq[0] / sn[0] - m * m;   /* catastrophic cancellation when the mean is large */
  }
}

litdnnStatus_t exercise_welford_stats(litdnnHandle_t h, const float *x, int n, int c, int hw, float *mean,
                                      float *var)
{
  channel_stats<<<c, STATS_THREADS, 0, litdnn_gpu_stream(h)>>>(x, n, c, hw, mean, var);
  return litdnn_gpu_launch_status("exercise_welford_stats", "channel_stats");
}
