/* Exercise 05-bias-grad: the gradient of a convolution's bias.
 *
 * Fill in the three holes marked TODO; change nothing else. Then run
 *   make grade EX=05-bias-grad
 * The task, the tests and their points are in README.md. */
#include "core/gpu.h"
#include "exercise.h"

#define THREADS 256    /* one block of THREADS threads per channel */

static __global__ void bias_grad(const float *dy, float *db, int n, int k_count, int hw)
{
  __shared__ float part[THREADS];
  int k = blockIdx.x;
  int64_t per_channel = (int64_t)n * hw;
  float sum = 0.0f;
  for (int64_t i = threadIdx.x; i < per_channel; i += THREADS) {
    int64_t img = i / hw, pixel = i % hw;
    /* TODO(1): add the element of dy that belongs to image img, channel k
       and pixel `pixel` to sum. */
    (void)img, (void)pixel, (void)dy, (void)k_count;
  }
  part[threadIdx.x] = sum;
  /* TODO(2): halve the number of partial sums until part[0] holds the
     block's total: in each step thread t < half adds part[t + half] to
     part[t]. Every thread must see the previous step finished. */

  /* TODO(3): one thread writes the channel's total to db[k]. */
  (void)k, (void)db;
}

litdnnStatus_t exercise_bias_grad(litdnnHandle_t h, const float *dy, float *db, int n, int k_count, int hw)
{
  if (n <= 0 || k_count <= 0 || hw <= 0)
    return LITDNN_STATUS_SUCCESS;
  bias_grad<<<k_count, THREADS, 0, litdnn_gpu_stream(h)>>>(dy, db, n, k_count, hw);
  return litdnn_gpu_launch_status("exercise_bias_grad", "bias_grad");
}
