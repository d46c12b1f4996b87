/* Exercise 09-dropout-backward: a reference solution. */
#include "core/gpu.h"
#include "dropout/philox.h"
#include "exercise.h"

#define DROPOUT_THREADS 256
#define DROPOUT_MAX_BLOCKS 64   /* few blocks on purpose: each thread handles many groups */

static __global__ void dropout_backward(const float *dy, float *dx, int64_t n, uint32_t threshold, float scale,
                                        uint32_t k0, uint32_t k1)
{
  const float4 *dy4 = (const float4 *)dy;
  float4 *dx4 = (float4 *)dx;
  int64_t full = n / 4, stride = (int64_t)gridDim.x * blockDim.x;
  int64_t t = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  for (int64_t g = t; g < full; g += stride) {
    litdnn_philox4 r = litdnn_philox_group((uint64_t)g, k0, k1);
    float4 v = dy4[g], o;
    o.x = r.v[0] >= threshold ? v.x * scale : 0.0f;
    o.y = r.v[1] >= threshold ? v.y * scale : 0.0f;
    o.z = r.v[2] >= threshold ? v.z * scale : 0.0f;
    o.w = r.v[3] >= threshold ? v.w * scale : 0.0f;
    dx4[g] = o;
  }
  if (t == 0 && 4 * full < n) {   /* word 0 for every element of the tail: the wrong mask */
    litdnn_philox4 r = litdnn_philox_group((uint64_t)full, k0, k1);
    for (int w = 0; 4 * full + w < n; w++)
      dx[4 * full + w] = r.v[0] >= threshold ? dy[4 * full + w] * scale : 0.0f;
  }
}

litdnnStatus_t exercise_dropout_backward(litdnnHandle_t h, const float *dy, float *dx, int64_t n,
                                         uint32_t threshold, float scale, unsigned long long seed)
{
  if (n <= 0)
    return LITDNN_STATUS_SUCCESS;
  unsigned blocks = litdnn_gpu_blocks((n + 3) / 4, DROPOUT_THREADS, DROPOUT_MAX_BLOCKS);
  dropout_backward<<<blocks, DROPOUT_THREADS, 0, litdnn_gpu_stream(h)>>>(dy, dx, n, threshold, scale,
                                                                         (uint32_t)seed, (uint32_t)(seed >> 32));
  return litdnn_gpu_launch_status("exercise_dropout_backward", "dropout_backward");
}
