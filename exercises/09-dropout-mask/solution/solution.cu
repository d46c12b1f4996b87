/* Exercise 09-dropout-mask: dropout with a counter-based generator.
 *
 * Fill in the holes marked TODO; change nothing else. Then run
 *   make grade EX=09-dropout-mask
 * The task, the tests and their points are in README.md. */
#include "core/gpu.h"
#include "dropout/philox.h"
#include "exercise.h"

#define DROPOUT_THREADS 256
#define DROPOUT_MAX_BLOCKS 64   /* few blocks on purpose: each thread handles many groups */

static __global__ void dropout(const float *x, float *y, int64_t n, uint32_t threshold, float scale,
                               uint32_t k0, uint32_t k1)
{
  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t g = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; 4 * g < n; g += stride) {
    litdnn_philox4 r = litdnn_philox_group((uint64_t)g, k0, k1);
    for (int w = 0; w < 4 && 4 * g + w < n; w++)
      y[4 * g + w] = r.v[w] >= threshold ? x[4 * g + w] * scale : 0.0f;
  }
}

litdnnStatus_t exercise_dropout(litdnnHandle_t h, const float *x, float *y, int64_t n, uint32_t threshold,
                                float scale, unsigned long long seed)
{
  if (n <= 0)
    return LITDNN_STATUS_SUCCESS;
  unsigned blocks = litdnn_gpu_blocks((n + 3) / 4, DROPOUT_THREADS, DROPOUT_MAX_BLOCKS);
  dropout<<<blocks, DROPOUT_THREADS, 0, litdnn_gpu_stream(h)>>>(x, y, n, threshold, scale, (uint32_t)seed,
                                                                (uint32_t)(seed >> 32));
  return litdnn_gpu_launch_status("exercise_dropout", "dropout");
}
