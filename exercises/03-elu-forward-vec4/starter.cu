/* Exercise 03-elu-forward-vec4: the ELU forward pass with float4 loads, a
 * grid-stride loop and a scalar tail.
 *
 * Fill in the holes marked TODO; change nothing else. Then run
 *   make grade EX=03-elu-forward-vec4
 * The task, the tests and their points are in README.md. */
#include "core/gpu.h"
#include "exercise.h"
#include <math.h>

#define ELU_THREADS 256
#define ELU_MAX_BLOCKS 64       /* few blocks on purpose: each thread must handle many float4s */

/* The ELU of one element. */
static __device__ inline float elu_one(float coef, float x)
{
  /* TODO(2): x when x > 0, otherwise coef * (e^x - 1), with expm1f (it
     stays accurate where e^x is close to 1). */
  (void)coef;
  (void)x;
  return 0.0f;
}

static __global__ void elu_forward(float coef, float alpha, const float *x, float beta, float *y,
                                   int64_t n)
{
  int64_t first = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  int64_t step = (int64_t)gridDim.x * blockDim.x;
  const float4 *x4 = (const float4 *)x;
  float4 *y4 = (float4 *)y;

  /* TODO(1): the float4 loop. Count the whole float4s in n elements; then
     i goes from `first` in steps of `step` over them. Load x4[i], apply
     elu_one to each of its four lanes (.x .y .z .w), multiply by alpha,
     blend (TODO(4)) and store the four results with one store to y4[i]. */

  /* TODO(3): the scalar tail: the n % 4 elements after the last whole
     float4 (all n of them when n < 4), spread over the threads of the
     grid with the same `first` and `step`, one float at a time. */

  /* TODO(4): in both loops, add beta times the old y only when
     beta != 0; when beta == 0 the old y must not be read at all
     (0 * NaN is NaN). */
  (void)coef;
  (void)alpha;
  (void)beta;
  (void)x4;
  (void)y4;
  (void)first;
  (void)step;
  (void)n;
}

litdnnStatus_t exercise_elu_forward(litdnnHandle_t h, float coef, float alpha, const float *x,
                                    float beta, float *y, int64_t n)
{
  if (n <= 0)
    return LITDNN_STATUS_SUCCESS;
  unsigned blocks = litdnn_gpu_blocks(n / 4, ELU_THREADS, ELU_MAX_BLOCKS);
  elu_forward<<<blocks, ELU_THREADS, 0, litdnn_gpu_stream(h)>>>(coef, alpha, x, beta, y, n);
  return litdnn_gpu_launch_status("exercise_elu_forward", "elu_forward");
}
