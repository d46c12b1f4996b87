/* Exercise 03-elu-forward-vec4: a known-wrong solution (the tail starts at n / 4, a count of float4s, instead of 4 * (n / 4)), for the grader's self-test. */
#include "core/gpu.h"
#include "exercise.h"
#include <math.h>

#define ELU_THREADS 256
#define ELU_MAX_BLOCKS 64       /* few blocks on purpose: each thread must handle many float4s */

/* The ELU of one element. */
static __device__ inline float elu_one(float coef, float x)
{
  return x > 0.0f ? x : coef * expm1f(x);
}

static __global__ void elu_forward(float coef, float alpha, const float *x, float beta, float *y,
                                   int64_t n)
{
  int64_t first = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  int64_t step = (int64_t)gridDim.x * blockDim.x;
  int64_t n4 = n / 4;                   /* the whole float4s */
  const float4 *x4 = (const float4 *)x;
  float4 *y4 = (float4 *)y;
  for (int64_t i = first; i < n4; i += step) {
    float4 v = x4[i], r;
    r.x = alpha * elu_one(coef, v.x);
    r.y = alpha * elu_one(coef, v.y);
    r.z = alpha * elu_one(coef, v.z);
    r.w = alpha * elu_one(coef, v.w);
    if (beta != 0.0f) {                 /* y is read only when it is blended */
      float4 old = y4[i];
      r.x += beta * old.x;
      r.y += beta * old.y;
      r.z += beta * old.z;
      r.w += beta * old.w;
    }
    y4[i] = r;
  }
  /* the elements past the last whole float4 (all of them when n4 == 0) */
  for (int64_t i = n4 + first; i < n; i += step) {
    float value = alpha * elu_one(coef, x[i]);
    if (beta != 0.0f)
      value += beta * y[i];
    y[i] = value;
  }
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
