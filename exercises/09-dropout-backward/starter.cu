/* Exercise 09-dropout-backward: dropout backward, a float4 per Philox call.
 *
 * Fill in the holes marked TODO; change nothing else. Then run
 *   make grade EX=09-dropout-backward
 * The task, the tests and their points are in README.md. */
#include "core/gpu.h"
#include "dropout/philox.h"
#include "exercise.h"

#define DROPOUT_THREADS 256
#define DROPOUT_MAX_BLOCKS 64   /* few blocks on purpose: each thread handles many groups */

static __global__ void dropout_backward(const float *dy, float *dx, int64_t n, uint32_t threshold, float scale,
                                        uint32_t k0, uint32_t k1)
{
  /* The n / 4 whole groups are read and written as float4: group g is
     ((const float4 *)dy)[g] and ((float4 *)dx)[g]. */

  /* TODO(1): a grid-stride loop over the whole groups. Thread t of block b
     starts at group g = b * blockDim.x + t and steps by the number of
     threads in the whole grid while g < n / 4. */

  /* TODO(2): inside the loop, one call per group:
       litdnn_philox4 r = litdnn_philox_group((uint64_t)g, k0, k1);
     load the group's float4 of dy, keep .x when r.v[0] >= threshold, .y
     when r.v[1] >= threshold, .z with r.v[2], .w with r.v[3] (kept: times
     scale; dropped: 0.0f), and store the float4 to dx. */

  /* TODO(3): the tail. When n is not a multiple of four, the elements from
     4 * (n / 4) to n - 1 are a partial group, counter n / 4. One thread
     (the grid's first) handles it, element by element: element
     4 * (n / 4) + w takes word r.v[w] of that group's Philox call. Write
     only the elements that exist. */
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
