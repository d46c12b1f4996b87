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
  /* TODO(1): a grid-stride loop over groups of four elements. Thread t of
     block b starts at group g = b * blockDim.x + t and steps by the number
     of threads in the whole grid while 4 * g < n. */

  /* TODO(2): one call per group: litdnn_philox4 r = litdnn_philox_group(g, k0, k1);
     element 4 * g + w (w = 0..3) takes the word r.v[w]. */

  /* TODO(3): keep an element when its word is >= threshold: y = x * scale;
     otherwise y = 0. Write only the elements that exist (4 * g + w < n). */
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
