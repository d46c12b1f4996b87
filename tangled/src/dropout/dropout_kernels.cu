#line 544 "chapters/09-dropout.nw"
#include "core/prelude.cuh"
#include "dropout/dropout.h"
#include "dropout/dropout_stages.h"

#line 394 "chapters/09-dropout.nw"
typedef struct {
  uint32_t k0, k1, threshold;
  float scale;
} dropout_key;

/* forward: the descriptor's key; backward: the reserve space's */
static __device__ dropout_key dropout_key_of(const litdnn_dropout_args *a, int backward)
{
  dropout_key k;
  if (backward) {
    k.k0 = a->reserve[LITDNN_DROPOUT_R_K0];
    k.k1 = a->reserve[LITDNN_DROPOUT_R_K1];
    k.threshold = a->reserve[LITDNN_DROPOUT_R_THRESHOLD];
    k.scale = __uint_as_float(a->reserve[LITDNN_DROPOUT_R_SCALE]);
  } else {
    k.k0 = a->k0;
    k.k1 = a->k1;
    k.threshold = a->threshold;
    k.scale = a->scale;
  }
  return k;
}

static __device__ void dropout_write_header(const litdnn_dropout_args *a)
{
  uint32_t *r = a->reserve;
  r[LITDNN_DROPOUT_R_TAG] = LITDNN_DROPOUT_TAG;
  r[LITDNN_DROPOUT_R_K0] = a->k0;
  r[LITDNN_DROPOUT_R_K1] = a->k1;
  r[LITDNN_DROPOUT_R_THRESHOLD] = a->threshold;
  r[LITDNN_DROPOUT_R_SCALE] = __float_as_uint(a->scale);
  r[LITDNN_DROPOUT_R_COUNT_LO] = (uint32_t)a->count;
  r[LITDNN_DROPOUT_R_COUNT_HI] = (uint32_t)((uint64_t)a->count >> 32);
  r[7] = 0u;
}

static __global__ void dropout_thread_per_element(litdnn_dropout_args a, int backward)
{
  int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (!backward && i == 0)
    dropout_write_header(&a);
  if (i >= a.count)
    return;
  dropout_key k = dropout_key_of(&a, backward);
  litdnn_philox4 r = litdnn_philox_group((uint64_t)(i / 4), k.k0, k.k1);
  a.out[i] = r.v[i % 4] >= k.threshold ? a.in[i] * k.scale : 0.0f;
}
#line 466 "chapters/09-dropout.nw"
static __device__ inline float4 dropout_group4(float4 v, litdnn_philox4 r, const dropout_key *k)
{
  float4 o;
  o.x = r.v[0] >= k->threshold ? v.x * k->scale : 0.0f;
  o.y = r.v[1] >= k->threshold ? v.y * k->scale : 0.0f;
  o.z = r.v[2] >= k->threshold ? v.z * k->scale : 0.0f;
  o.w = r.v[3] >= k->threshold ? v.w * k->scale : 0.0f;
  return o;
}

/* the elements of group g one by one (a partial group, or unaligned data) */
static __device__ void dropout_group_scalar(const litdnn_dropout_args *a, int64_t g, const dropout_key *k)
{
  litdnn_philox4 r = litdnn_philox_group((uint64_t)g, k->k0, k->k1);
  for (int w = 0; w < 4 && 4 * g + w < a->count; w++)
    a->out[4 * g + w] = r.v[w] >= k->threshold ? a->in[4 * g + w] * k->scale : 0.0f;
}

static __global__ void __launch_bounds__(256, 4) dropout_vec4(litdnn_dropout_args a, int backward)
{
  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  int64_t g = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  int64_t full = a.vec ? a.count / 4 : 0, groups = (a.count + 3) / 4;
  if (!backward && g == 0)
    dropout_write_header(&a);
  dropout_key k = dropout_key_of(&a, backward);
  const float4 *in4 = (const float4 *)a.in;
  float4 *out4 = (float4 *)a.out;
  for (; g + stride < full; g += 2 * stride) {
    float4 v0 = in4[g], v1 = in4[g + stride];
    litdnn_philox4 r0 = litdnn_philox_group((uint64_t)g, k.k0, k.k1);
    litdnn_philox4 r1 = litdnn_philox_group((uint64_t)(g + stride), k.k0, k.k1);
    out4[g] = dropout_group4(v0, r0, &k);
    out4[g + stride] = dropout_group4(v1, r1, &k);
  }
  for (; g < full; g += stride)
    out4[g] = dropout_group4(in4[g], litdnn_philox_group((uint64_t)g, k.k0, k.k1), &k);
  for (g = full + (int64_t)blockIdx.x * blockDim.x + threadIdx.x; g < groups; g += stride)
    dropout_group_scalar(&a, g, &k);
}

#line 551 "chapters/09-dropout.nw"
static const char dropout_forward_call[] = "litdnnDropoutForward";
static const char dropout_backward_call[] = "litdnnDropoutBackward";

static litdnnStatus_t dropout_naive(litdnnHandle_t h, const litdnn_dropout_args *a, int backward)
{
  unsigned blocks = (unsigned)((a->count + 255) / 256);
  dropout_thread_per_element<<<blocks, 256, 0, litdnn_gpu_stream(h)>>>(*a, backward);
  return litdnn_gpu_launch_status(backward ? dropout_backward_call : dropout_forward_call,
                                  "dropout_thread_per_element");
}

static litdnnStatus_t dropout_fast(litdnnHandle_t h, const litdnn_dropout_args *a, int backward)
{
  /* exactly the blocks that are resident at once: four per SM */
  unsigned blocks = litdnn_gpu_blocks((a->count + 3) / 4, 256, (unsigned)(4 * litdnn_gpu_sm_count()));
  dropout_vec4<<<blocks, 256, 0, litdnn_gpu_stream(h)>>>(*a, backward);
  return litdnn_gpu_launch_status(backward ? dropout_backward_call : dropout_forward_call, "dropout_vec4");
}

litdnnStatus_t LITDNN_GPU_FN(litdnn_dropout_forward_naive)(litdnnHandle_t h, const void *args)
{
  return dropout_naive(h, (const litdnn_dropout_args *)args, 0);
}
litdnnStatus_t LITDNN_GPU_FN(litdnn_dropout_backward_naive)(litdnnHandle_t h, const void *args)
{
  return dropout_naive(h, (const litdnn_dropout_args *)args, 1);
}
litdnnStatus_t LITDNN_GPU_FN(litdnn_dropout_forward_vec4)(litdnnHandle_t h, const void *args)
{
  return dropout_fast(h, (const litdnn_dropout_args *)args, 0);
}
litdnnStatus_t LITDNN_GPU_FN(litdnn_dropout_backward_vec4)(litdnnHandle_t h, const void *args)
{
  return dropout_fast(h, (const litdnn_dropout_args *)args, 1);
}
