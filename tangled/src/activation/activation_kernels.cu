#line 777 "chapters/03-activations.nw"
#include "core/prelude.cuh"
#include "activation/activation.h"
#include <math.h>
#include <stdint.h>

#define LITDNN_ACT_FN static __device__ inline
enum { ACT_THREADS = 256, ACT_TRIPS = 8 };
#include "activation/activation_element.h"
#line 534 "chapters/03-activations.nw"
static __global__ void act_forward_naive_kernel(int mode, int propagate, float coef, float alpha,
                                                float beta, const float *x, float *y, int64_t n)
{
  int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    litdnn_blend_store(&y[i], act_forward_one(mode, propagate, coef, x[i]), alpha, beta);
}

static __global__ void act_backward_naive_kernel(int mode, int propagate, float coef, float alpha,
                                                 float beta, const float *y, const float *dy,
                                                 const float *x, float *dx, int64_t n)
{
  int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float yi = LITDNN_ACT_READS_Y(mode) ? y[i] : 0.0f;
    float xi = LITDNN_ACT_READS_X(mode) ? x[i] : 0.0f;
    litdnn_blend_store(&dx[i], act_backward_one(mode, propagate, coef, yi, xi, dy[i]), alpha, beta);
  }
}
#line 792 "chapters/03-activations.nw"
static __global__ void act_forward_strided_kernel(int mode, int propagate, float coef, float alpha,
                                                  float beta, const float *x, float *y, int64_t n,
                                                  litdnn_act_layout layout)
{
  int64_t step = (int64_t)gridDim.x * blockDim.x;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += step) {
    int64_t off[2];
    act_offsets_of(&layout, 2, i, off);
    litdnn_blend_store(&y[off[1]], act_forward_one(mode, propagate, coef, x[off[0]]), alpha, beta);
  }
}

static __global__ void act_backward_strided_kernel(int mode, int propagate, float coef, float alpha,
                                                   float beta, const float *y, const float *dy,
                                                   const float *x, float *dx, int64_t n,
                                                   litdnn_act_layout layout)
{
  int64_t step = (int64_t)gridDim.x * blockDim.x;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += step) {
    int64_t off[4];
    act_offsets_of(&layout, 4, i, off);
    float yi = LITDNN_ACT_READS_Y(mode) ? y[off[0]] : 0.0f;
    float xi = LITDNN_ACT_READS_X(mode) ? x[off[2]] : 0.0f;
    litdnn_blend_store(&dx[off[3]], act_backward_one(mode, propagate, coef, yi, xi, dy[off[1]]), alpha,
                       beta);
  }
}
#line 662 "chapters/03-activations.nw"
static __device__ inline void act_forward_loop(int mode, int blend, int propagate, float coef,
                                               float alpha, float beta, const float *x, float *y,
                                               int64_t n, int64_t n4)
{
  int64_t first = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  int64_t step = (int64_t)gridDim.x * blockDim.x;
  const float4 *x4 = (const float4 *)x;
  float4 *y4 = (float4 *)y;
  for (int64_t i = first; i < n4; i += step) {
    float4 v = x4[i], r;
    r.x = alpha * act_forward_one(mode, propagate, coef, v.x);
    r.y = alpha * act_forward_one(mode, propagate, coef, v.y);
    r.z = alpha * act_forward_one(mode, propagate, coef, v.z);
    r.w = alpha * act_forward_one(mode, propagate, coef, v.w);
    if (blend) {
      float4 old = y4[i];
      r.x += beta * old.x;
      r.y += beta * old.y;
      r.z += beta * old.z;
      r.w += beta * old.w;
    }
    y4[i] = r;
  }
  /* the elements past the last whole float4 (all of them when n4 == 0) */
  for (int64_t i = 4 * n4 + first; i < n; i += step) {
    float value = alpha * act_forward_one(mode, propagate, coef, x[i]);
    if (blend)
      value += beta * y[i];
    y[i] = value;
  }
}
#line 700 "chapters/03-activations.nw"
static __device__ inline void act_backward_loop(int mode, int blend, int propagate, float coef,
                                                float alpha, float beta, const float *y,
                                                const float *dy, const float *x, float *dx,
                                                int64_t n, int64_t n4)
{
  int64_t first = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  int64_t step = (int64_t)gridDim.x * blockDim.x;
  const float4 *y4 = (const float4 *)y, *dy4 = (const float4 *)dy, *x4 = (const float4 *)x;
  float4 *dx4 = (float4 *)dx;
  for (int64_t i = first; i < n4; i += step) {
    float4 vy = make_float4(0.0f, 0.0f, 0.0f, 0.0f), vx = vy, g = dy4[i], r;
    if (LITDNN_ACT_READS_Y(mode))
      vy = y4[i];
    if (LITDNN_ACT_READS_X(mode))
      vx = x4[i];
    r.x = alpha * act_backward_one(mode, propagate, coef, vy.x, vx.x, g.x);
    r.y = alpha * act_backward_one(mode, propagate, coef, vy.y, vx.y, g.y);
    r.z = alpha * act_backward_one(mode, propagate, coef, vy.z, vx.z, g.z);
    r.w = alpha * act_backward_one(mode, propagate, coef, vy.w, vx.w, g.w);
    if (blend) {
      float4 old = dx4[i];
      r.x += beta * old.x;
      r.y += beta * old.y;
      r.z += beta * old.z;
      r.w += beta * old.w;
    }
    dx4[i] = r;
  }
  for (int64_t i = 4 * n4 + first; i < n; i += step) {
    float yi = LITDNN_ACT_READS_Y(mode) ? y[i] : 0.0f;
    float xi = LITDNN_ACT_READS_X(mode) ? x[i] : 0.0f;
    float value = alpha * act_backward_one(mode, propagate, coef, yi, xi, dy[i]);
    if (blend)
      value += beta * dx[i];
    dx[i] = value;
  }
}
#line 822 "chapters/03-activations.nw"
static __device__ inline void act_forward_mode(int mode, const litdnn_act_forward_args *a, int64_t n4)
{
  if (a->beta != 0.0f)
    act_forward_loop(mode, 1, a->propagate_nan, a->coef, a->alpha, a->beta, a->x, a->y, a->n, n4);
  else
    act_forward_loop(mode, 0, a->propagate_nan, a->coef, a->alpha, a->beta, a->x, a->y, a->n, n4);
}

static __device__ inline void act_backward_mode(int mode, const litdnn_act_backward_args *a,
                                                int64_t n4)
{
  if (a->beta != 0.0f)
    act_backward_loop(mode, 1, a->propagate_nan, a->coef, a->alpha, a->beta, a->y, a->dy, a->x,
                      a->dx, a->n, n4);
  else
    act_backward_loop(mode, 0, a->propagate_nan, a->coef, a->alpha, a->beta, a->y, a->dy, a->x,
                      a->dx, a->n, n4);
}

typedef litdnn_act_forward_args fwd_args;
typedef litdnn_act_backward_args bwd_args;
static __global__ void act_fwd_sigmoid(fwd_args a, int64_t n4) { act_forward_mode(LITDNN_ACTIVATION_SIGMOID, &a, n4); }
static __global__ void act_fwd_relu(fwd_args a, int64_t n4) { act_forward_mode(LITDNN_ACTIVATION_RELU, &a, n4); }
static __global__ void act_fwd_tanh(fwd_args a, int64_t n4) { act_forward_mode(LITDNN_ACTIVATION_TANH, &a, n4); }
static __global__ void act_fwd_clipped_relu(fwd_args a, int64_t n4) { act_forward_mode(LITDNN_ACTIVATION_CLIPPED_RELU, &a, n4); }
static __global__ void act_fwd_elu(fwd_args a, int64_t n4) { act_forward_mode(LITDNN_ACTIVATION_ELU, &a, n4); }
static __global__ void act_fwd_identity(fwd_args a, int64_t n4) { act_forward_mode(LITDNN_ACTIVATION_IDENTITY, &a, n4); }
static __global__ void act_fwd_swish(fwd_args a, int64_t n4) { act_forward_mode(LITDNN_ACTIVATION_SWISH, &a, n4); }
static __global__ void act_fwd_leaky_relu(fwd_args a, int64_t n4) { act_forward_mode(LITDNN_ACTIVATION_LEAKY_RELU, &a, n4); }
static __global__ void act_fwd_gelu(fwd_args a, int64_t n4) { act_forward_mode(LITDNN_ACTIVATION_GELU, &a, n4); }
static __global__ void act_fwd_gelu_tanh(fwd_args a, int64_t n4) { act_forward_mode(LITDNN_ACTIVATION_GELU_TANH, &a, n4); }

static __global__ void act_bwd_sigmoid(bwd_args a, int64_t n4) { act_backward_mode(LITDNN_ACTIVATION_SIGMOID, &a, n4); }
static __global__ void act_bwd_relu(bwd_args a, int64_t n4) { act_backward_mode(LITDNN_ACTIVATION_RELU, &a, n4); }
static __global__ void act_bwd_tanh(bwd_args a, int64_t n4) { act_backward_mode(LITDNN_ACTIVATION_TANH, &a, n4); }
static __global__ void act_bwd_clipped_relu(bwd_args a, int64_t n4) { act_backward_mode(LITDNN_ACTIVATION_CLIPPED_RELU, &a, n4); }
static __global__ void act_bwd_elu(bwd_args a, int64_t n4) { act_backward_mode(LITDNN_ACTIVATION_ELU, &a, n4); }
static __global__ void act_bwd_identity(bwd_args a, int64_t n4) { act_backward_mode(LITDNN_ACTIVATION_IDENTITY, &a, n4); }
static __global__ void act_bwd_swish(bwd_args a, int64_t n4) { act_backward_mode(LITDNN_ACTIVATION_SWISH, &a, n4); }
static __global__ void act_bwd_leaky_relu(bwd_args a, int64_t n4) { act_backward_mode(LITDNN_ACTIVATION_LEAKY_RELU, &a, n4); }
static __global__ void act_bwd_gelu(bwd_args a, int64_t n4) { act_backward_mode(LITDNN_ACTIVATION_GELU, &a, n4); }
static __global__ void act_bwd_gelu_tanh(bwd_args a, int64_t n4) { act_backward_mode(LITDNN_ACTIVATION_GELU_TANH, &a, n4); }
#line 904 "chapters/03-activations.nw"
#define ACT_MAX_BLOCKS 0x7fffffff
#line 870 "chapters/03-activations.nw"
static void act_forward_vec4_launch(const fwd_args *a, unsigned blocks, cudaStream_t st, int64_t n4)
{
  switch (a->mode) {
  case LITDNN_ACTIVATION_SIGMOID: act_fwd_sigmoid<<<blocks, ACT_THREADS, 0, st>>>(*a, n4); break;
  case LITDNN_ACTIVATION_RELU: act_fwd_relu<<<blocks, ACT_THREADS, 0, st>>>(*a, n4); break;
  case LITDNN_ACTIVATION_TANH: act_fwd_tanh<<<blocks, ACT_THREADS, 0, st>>>(*a, n4); break;
  case LITDNN_ACTIVATION_CLIPPED_RELU: act_fwd_clipped_relu<<<blocks, ACT_THREADS, 0, st>>>(*a, n4); break;
  case LITDNN_ACTIVATION_ELU: act_fwd_elu<<<blocks, ACT_THREADS, 0, st>>>(*a, n4); break;
  case LITDNN_ACTIVATION_IDENTITY: act_fwd_identity<<<blocks, ACT_THREADS, 0, st>>>(*a, n4); break;
  case LITDNN_ACTIVATION_SWISH: act_fwd_swish<<<blocks, ACT_THREADS, 0, st>>>(*a, n4); break;
  case LITDNN_ACTIVATION_LEAKY_RELU: act_fwd_leaky_relu<<<blocks, ACT_THREADS, 0, st>>>(*a, n4); break;
  case LITDNN_ACTIVATION_GELU: act_fwd_gelu<<<blocks, ACT_THREADS, 0, st>>>(*a, n4); break;
  case LITDNN_ACTIVATION_GELU_TANH: act_fwd_gelu_tanh<<<blocks, ACT_THREADS, 0, st>>>(*a, n4); break;
  }
}

static void act_backward_vec4_launch(const bwd_args *a, unsigned blocks, cudaStream_t st, int64_t n4)
{
  switch (a->mode) {
  case LITDNN_ACTIVATION_SIGMOID: act_bwd_sigmoid<<<blocks, ACT_THREADS, 0, st>>>(*a, n4); break;
  case LITDNN_ACTIVATION_RELU: act_bwd_relu<<<blocks, ACT_THREADS, 0, st>>>(*a, n4); break;
  case LITDNN_ACTIVATION_TANH: act_bwd_tanh<<<blocks, ACT_THREADS, 0, st>>>(*a, n4); break;
  case LITDNN_ACTIVATION_CLIPPED_RELU: act_bwd_clipped_relu<<<blocks, ACT_THREADS, 0, st>>>(*a, n4); break;
  case LITDNN_ACTIVATION_ELU: act_bwd_elu<<<blocks, ACT_THREADS, 0, st>>>(*a, n4); break;
  case LITDNN_ACTIVATION_IDENTITY: act_bwd_identity<<<blocks, ACT_THREADS, 0, st>>>(*a, n4); break;
  case LITDNN_ACTIVATION_SWISH: act_bwd_swish<<<blocks, ACT_THREADS, 0, st>>>(*a, n4); break;
  case LITDNN_ACTIVATION_LEAKY_RELU: act_bwd_leaky_relu<<<blocks, ACT_THREADS, 0, st>>>(*a, n4); break;
  case LITDNN_ACTIVATION_GELU: act_bwd_gelu<<<blocks, ACT_THREADS, 0, st>>>(*a, n4); break;
  case LITDNN_ACTIVATION_GELU_TANH: act_bwd_gelu_tanh<<<blocks, ACT_THREADS, 0, st>>>(*a, n4); break;
  }
}

#line 907 "chapters/03-activations.nw"
static int aligned16(const void *p)
{
  return ((uintptr_t)p & 15u) == 0;
}

/* The general path of the first kernel stage: any strides. */
static litdnnStatus_t act_forward_strided(litdnnHandle_t h, const litdnn_act_forward_args *a)
{
  unsigned blocks = litdnn_gpu_blocks(a->n, ACT_THREADS * ACT_TRIPS, ACT_MAX_BLOCKS);
  act_forward_strided_kernel<<<blocks, ACT_THREADS, 0, litdnn_gpu_stream(h)>>>(
      a->mode, a->propagate_nan, a->coef, a->alpha, a->beta, a->x, a->y, a->n, a->layout);
  return litdnn_gpu_launch_status("litdnnActivationForward", "act_forward_strided_kernel");
}

static litdnnStatus_t act_backward_strided(litdnnHandle_t h, const litdnn_act_backward_args *a)
{
  unsigned blocks = litdnn_gpu_blocks(a->n, ACT_THREADS * ACT_TRIPS, ACT_MAX_BLOCKS);
  act_backward_strided_kernel<<<blocks, ACT_THREADS, 0, litdnn_gpu_stream(h)>>>(
      a->mode, a->propagate_nan, a->coef, a->alpha, a->beta, a->y, a->dy, a->x, a->dx, a->n,
      a->layout);
  return litdnn_gpu_launch_status("litdnnActivationBackward", "act_backward_strided_kernel");
}

litdnnStatus_t LITDNN_GPU_FN(litdnn_act_forward_naive)(litdnnHandle_t h, const void *args)
{
  const litdnn_act_forward_args *a = (const litdnn_act_forward_args *)args;
  if (!a->flat)
    return act_forward_strided(h, a);
  unsigned blocks = litdnn_gpu_blocks(a->n, ACT_THREADS, ACT_MAX_BLOCKS);
  act_forward_naive_kernel<<<blocks, ACT_THREADS, 0, litdnn_gpu_stream(h)>>>(
      a->mode, a->propagate_nan, a->coef, a->alpha, a->beta, a->x, a->y, a->n);
  return litdnn_gpu_launch_status("litdnnActivationForward", "act_forward_naive_kernel");
}

litdnnStatus_t LITDNN_GPU_FN(litdnn_act_backward_naive)(litdnnHandle_t h, const void *args)
{
  const litdnn_act_backward_args *a = (const litdnn_act_backward_args *)args;
  if (!a->flat)
    return act_backward_strided(h, a);
  unsigned blocks = litdnn_gpu_blocks(a->n, ACT_THREADS, ACT_MAX_BLOCKS);
  act_backward_naive_kernel<<<blocks, ACT_THREADS, 0, litdnn_gpu_stream(h)>>>(
      a->mode, a->propagate_nan, a->coef, a->alpha, a->beta, a->y, a->dy, a->x, a->dx, a->n);
  return litdnn_gpu_launch_status("litdnnActivationBackward", "act_backward_naive_kernel");
}

litdnnStatus_t LITDNN_GPU_FN(litdnn_act_forward_vec4)(litdnnHandle_t h, const void *args)
{
  const litdnn_act_forward_args *a = (const litdnn_act_forward_args *)args;
  int64_t n4 = aligned16(a->x) && aligned16(a->y) ? a->n / 4 : 0;
  int64_t items = n4 ? n4 : a->n;
  unsigned blocks = litdnn_gpu_blocks(items, ACT_THREADS * ACT_TRIPS, ACT_MAX_BLOCKS);
  act_forward_vec4_launch(a, blocks, litdnn_gpu_stream(h), n4);
  return litdnn_gpu_launch_status("litdnnActivationForward", "act_fwd_<mode>");
}

litdnnStatus_t LITDNN_GPU_FN(litdnn_act_backward_vec4)(litdnnHandle_t h, const void *args)
{
  const litdnn_act_backward_args *a = (const litdnn_act_backward_args *)args;
  int aligned = aligned16(a->y) && aligned16(a->dy) && aligned16(a->x) && aligned16(a->dx);
  int64_t n4 = aligned ? a->n / 4 : 0;
  int64_t items = n4 ? n4 : a->n;
  unsigned blocks = litdnn_gpu_blocks(items, ACT_THREADS * ACT_TRIPS, ACT_MAX_BLOCKS);
  act_backward_vec4_launch(a, blocks, litdnn_gpu_stream(h), n4);
  return litdnn_gpu_launch_status("litdnnActivationBackward", "act_bwd_<mode>");
}
