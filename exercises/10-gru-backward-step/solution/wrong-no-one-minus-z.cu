/* Exercise 10-gru-backward-step, known wrong: the candidate's gradient without the factor (1 - z). */
#include "core/gpu.h"
#include "exercise.h"

#define GRU_THREADS 256       /* threads per block, one per unit */

/* Thread i handles unit j of sequence n: from the saved values and the
   gradient of h_t it makes the gradients of the three gates' sums, the
   candidate's two halves apart, and the direct part of dh_{t-1}. */
static __global__ void gru_backward(int N, int H, const float *sv, const float *h_prev, const float *dh,
                                    float *dgx, float *dgh, float *dh_direct)
{
  int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= (int64_t)N * H)
    return;
  int64_t n = i / H;
  int j = (int)(i % H);
  const float *s = sv + n * 4 * H;
  float r = s[j], z = s[H + j], hn = s[2 * H + j], bh = s[3 * H + j];
  float g = dh[i], hp = h_prev[i];
  float dn = g * (1.0f - hn * hn);
  float dr = dn * bh * r * (1.0f - r);
  float dz = g * (hp - hn) * z * (1.0f - z);
  float *gx = dgx + n * 3 * H, *gr = dgh + n * 3 * H;
  gx[j] = dr;
  gx[H + j] = dz;
  gx[2 * H + j] = dn;
  gr[j] = dr;
  gr[H + j] = dz;
  gr[2 * H + j] = dn * r;
  dh_direct[i] = g * z;
}

litdnnStatus_t exercise_gru_backward(litdnnHandle_t h, int N, int H, const float *sv, const float *h_prev,
                                     const float *dh, float *dgx, float *dgh, float *dh_direct)
{
  if (N <= 0 || H <= 0)
    return LITDNN_STATUS_SUCCESS;
  unsigned blocks = (unsigned)(((int64_t)N * H + GRU_THREADS - 1) / GRU_THREADS);
  gru_backward<<<blocks, GRU_THREADS, 0, litdnn_gpu_stream(h)>>>(N, H, sv, h_prev, dh, dgx, dgh, dh_direct);
  return litdnn_gpu_launch_status("exercise_gru_backward", "gru_backward");
}
