/* Exercise 05-bias-grad: a known-wrong solution (wrong-every-thread-writes), for the grader's self-test. */
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
    sum += dy[(img * k_count + k) * hw + pixel];
  }
  part[threadIdx.x] = sum;
  __syncthreads();
  for (int half = THREADS / 2; half > 0; half /= 2) {
    if ((int)threadIdx.x < half)
      part[threadIdx.x] += part[threadIdx.x + half];
    __syncthreads();
  }
  db[k] = part[threadIdx.x];   /* BUG: every thread writes, most of them a partial sum */
}

litdnnStatus_t exercise_bias_grad(litdnnHandle_t h, const float *dy, float *db, int n, int k_count, int hw)
{
  if (n <= 0 || k_count <= 0 || hw <= 0)
    return LITDNN_STATUS_SUCCESS;
  bias_grad<<<k_count, THREADS, 0, litdnn_gpu_stream(h)>>>(dy, db, n, k_count, hw);
  return litdnn_gpu_launch_status("exercise_bias_grad", "bias_grad");
}
