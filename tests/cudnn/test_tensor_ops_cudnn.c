/* The tensor operations against the real cuDNN, on a GPU: TransformTensor
 * NCHW -> NHWC (and back) and AddTensor with a full tensor and a bias, at
 * shapes that reach both the float4 paths and the fallbacks of every stage;
 * one case per (op, stage, problem) on the cuda backend. A stage that does
 * not apply must refuse, naming itself, and leave C alone; the case of the
 * handle's own choice also checks that at least two stages run. */
#include "common.h"
#include <cuda_runtime.h>
#include <cudnn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static cudnnTensorDescriptor_t cudnn_desc(cudnnTensorFormat_t format, int n, int c, int h, int w)
{
  cudnnTensorDescriptor_t d;
  cr_assert_eq(cudnnCreateTensorDescriptor(&d), CUDNN_STATUS_SUCCESS);
  cr_assert_eq(cudnnSetTensor4dDescriptor(d, format, CUDNN_DATA_FLOAT, n, c, h, w), CUDNN_STATUS_SUCCESS);
  return d;
}

static litdnnTensorDescriptor_t litdnn_desc(litdnnTensorFormat_t format, int n, int c, int h, int w)
{
  litdnnTensorDescriptor_t d;
  cr_assert_eq(litdnnCreateTensorDescriptor(&d), LITDNN_STATUS_SUCCESS);
  cr_assert_eq(litdnnSetTensor4dDescriptor(d, format, LITDNN_DATA_FLOAT, n, c, h, w), LITDNN_STATUS_SUCCESS);
  return d;
}

/* Does the stage take the problem? Every tensor here is packed. The
   float4 grid-stride stage needs x in y's layout, in full: the full add
   only (a transform changes the layout, a bias is a vector). The
   broadcast stage takes a full x or a bias in y's layout, the transposes
   packed NCHW and NHWC, and the first kernel (one thread per element)
   anything: each of them takes every problem of its op in this file. */
static int stage_takes(const char *stage, int which, int bias)
{
  if (strcmp(stage, "float4 grid-stride") == 0)
    return which == 1 && !bias;
  return 1;
}

/* One call of case tc's stage on y (holding y0), against cuDNN's want:
   the handle's choice, or a pinned stage that takes the problem, must run
   and agree; a pinned stage that does not must refuse, naming itself, and
   leave y alone. Returns 1 if the stage ran. */
static int run_stage(const t_case *tc, litdnnHandle_t lh, int which, int bias, float alpha, float beta,
                     litdnnTensorDescriptor_t lxd, const void *dx, litdnnTensorDescriptor_t lyd, const float *y0,
                     size_t ny, const float *want)
{
  int takes = tc->stage == LITDNN_STAGE_AUTOMATIC || stage_takes(t_case_stage(tc), which, bias);
  void *dy = t_dev_from_host(lh, y0, ny);
  litdnnStatus_t ls = which == 0 ? litdnnTransformTensor(lh, &alpha, lxd, dx, &beta, lyd, dy)
                                 : litdnnAddTensor(lh, &alpha, lxd, dx, &beta, lyd, dy);
  char msg[512], what[256];
  snprintf(msg, sizeof msg, "%s", litdnnGetLastErrorString());
  snprintf(what, sizeof what, "%s: %s vs cuDNN", t_case_name(tc), which == 0 ? "TransformTensor" : "AddTensor");
  float *got = t_dev_fetch(lh, dy, ny);
  if (takes) {
    cr_assert_eq(ls, LITDNN_STATUS_SUCCESS, "%s: %s", what, msg);
    t_assert_close_f(got, want, ny, 1e-6, 2e-6, what);
  } else {
    cr_assert(ls == LITDNN_STATUS_NOT_SUPPORTED && strstr(msg, t_case_stage(tc)) && strstr(msg, "does not apply"),
              "%s: returned %s, expected LITDNN_STATUS_NOT_SUPPORTED naming the stage (message: %s)", what,
              litdnnGetErrorString(ls), msg);
    t_assert_close_f(got, y0, ny, 0, 0, what);   /* a refused call writes nothing */
  }
  free(got);
  t_dev_free(lh, dy);
  return takes;
}

/* Run litdnn (case tc's stage) and cuDNN on the same input; the results
   must agree to rounding. which: 0 transform, 1 add. */
static void compare(const t_case *tc, int which, int from_nhwc, int bias, int n, int c, int h, int w, float alpha,
                    float beta)
{
  litdnnHandle_t lh = t_case_handle(tc);
  cudnnHandle_t ch;
  cr_assert_eq(cudnnCreate(&ch), CUDNN_STATUS_SUCCESS);
  litdnnTensorFormat_t lx = from_nhwc ? LITDNN_TENSOR_NHWC : LITDNN_TENSOR_NCHW;
  litdnnTensorFormat_t ly = which == 0 ? (from_nhwc ? LITDNN_TENSOR_NCHW : LITDNN_TENSOR_NHWC) : lx;
  int an = bias ? 1 : n, ah = bias ? 1 : h, aw = bias ? 1 : w;
  litdnnTensorDescriptor_t lxd = litdnn_desc(lx, an, c, ah, aw), lyd = litdnn_desc(ly, n, c, h, w);
  cudnnTensorDescriptor_t cxd = cudnn_desc((cudnnTensorFormat_t)lx, an, c, ah, aw);
  cudnnTensorDescriptor_t cyd = cudnn_desc((cudnnTensorFormat_t)ly, n, c, h, w);
  size_t nx = (size_t)an * c * ah * aw, ny = (size_t)n * c * h * w;
  float *x = t_random(nx, -1, 1), *y0 = t_random(ny, -1, 1);
  if (beta == 0.0f)
    t_poison(y0, ny);
  void *dx = t_dev_from_host(lh, x, nx);
  void *dy_cudnn = t_dev_from_host(lh, y0, ny);
  cudnnStatus_t cs = which == 0 ? cudnnTransformTensor(ch, &alpha, cxd, dx, &beta, cyd, dy_cudnn)
                                : cudnnAddTensor(ch, &alpha, cxd, dx, &beta, cyd, dy_cudnn);
  cr_assert_eq(cs, CUDNN_STATUS_SUCCESS, "cuDNN: %s", cudnnGetErrorString(cs));
  cudaDeviceSynchronize();
  float *want = t_dev_fetch(lh, dy_cudnn, ny);
  litdnnOp_t op = which == 0 ? LITDNN_OP_TRANSFORM_TENSOR : LITDNN_OP_ADD_TENSOR;
  cr_assert_eq(tc->op, op, "%s: the case's op is not the call's", t_case_name(tc));
  run_stage(tc, lh, which, bias, alpha, beta, lxd, dx, lyd, y0, ny, want);
  if (tc->stage == LITDNN_STAGE_AUTOMATIC) {
    /* and the problem reaches at least two GPU stages */
    int stages = 0, compared = 0;
    litdnnGetStageCount(op, &stages);
    for (int s = 0; s < stages; s++) {
      if (litdnnSetStage(lh, op, s) != LITDNN_STATUS_SUCCESS)
        continue;   /* not a GPU stage */
      t_case pinned = *tc;
      pinned.stage = s;
      compared += run_stage(&pinned, lh, which, bias, alpha, beta, lxd, dx, lyd, y0, ny, want);
    }
    cr_assert(compared >= 2, "only %d litdnn runs compared", compared);
  }
  free(x); free(y0); free(want);
  t_dev_free(lh, dx);
  t_dev_free(lh, dy_cudnn);
  cudnnDestroyTensorDescriptor(cxd);
  cudnnDestroyTensorDescriptor(cyd);
  litdnnDestroyTensorDescriptor(lxd);
  litdnnDestroyTensorDescriptor(lyd);
  cudnnDestroy(ch);
  litdnnDestroy(lh);
}

#define ON_CUDA LITDNN_BACKEND_BIT(LITDNN_BACKEND_CUDA)

ParameterizedTestParameters(tensor_ops_cudnn, transform_nchw_to_nhwc) { return t_cases_on(LITDNN_OP_TRANSFORM_TENSOR, 1, ON_CUDA, NULL); }
ParameterizedTest(t_case *tc, tensor_ops_cudnn, transform_nchw_to_nhwc) { compare(tc, 0, 0, 0, 3, 67, 19, 23, 1.0f, 0.0f); }
ParameterizedTestParameters(tensor_ops_cudnn, transform_nchw_to_nhwc_blend) { return t_cases_on(LITDNN_OP_TRANSFORM_TENSOR, 1, ON_CUDA, NULL); }
ParameterizedTest(t_case *tc, tensor_ops_cudnn, transform_nchw_to_nhwc_blend) { compare(tc, 0, 0, 0, 2, 32, 56, 56, -0.5f, 0.75f); }
ParameterizedTestParameters(tensor_ops_cudnn, transform_nhwc_to_nchw) { return t_cases_on(LITDNN_OP_TRANSFORM_TENSOR, 1, ON_CUDA, NULL); }
ParameterizedTest(t_case *tc, tensor_ops_cudnn, transform_nhwc_to_nchw) { compare(tc, 0, 1, 0, 4, 3, 31, 37, 2.0f, 0.0f); }
ParameterizedTestParameters(tensor_ops_cudnn, add_tensor_full) { return t_cases_on(LITDNN_OP_ADD_TENSOR, 1, ON_CUDA, NULL); }
ParameterizedTest(t_case *tc, tensor_ops_cudnn, add_tensor_full) { compare(tc, 1, 0, 0, 2, 17, 13, 29, 0.5f, 1.0f); }
ParameterizedTestParameters(tensor_ops_cudnn, add_tensor_bias_nchw) { return t_cases_on(LITDNN_OP_ADD_TENSOR, 1, ON_CUDA, NULL); }
ParameterizedTest(t_case *tc, tensor_ops_cudnn, add_tensor_bias_nchw) { compare(tc, 1, 0, 1, 8, 64, 14, 14, 1.0f, 1.0f); }
ParameterizedTestParameters(tensor_ops_cudnn, add_tensor_bias_nhwc) { return t_cases_on(LITDNN_OP_ADD_TENSOR, 1, ON_CUDA, NULL); }
ParameterizedTest(t_case *tc, tensor_ops_cudnn, add_tensor_bias_nhwc) { compare(tc, 1, 1, 1, 2, 96, 7, 9, -1.0f, 0.5f); }
/* the 64 x 64 float4 transpose: several tiles, partial ones at both edges */
ParameterizedTestParameters(tensor_ops_cudnn, transform_nhwc_to_nchw_wide) { return t_cases_on(LITDNN_OP_TRANSFORM_TENSOR, 1, ON_CUDA, NULL); }
ParameterizedTest(t_case *tc, tensor_ops_cudnn, transform_nhwc_to_nchw_wide) { compare(tc, 0, 1, 0, 2, 68, 20, 28, 1.0f, 0.5f); }
/* the broadcast stage's scalar paths: planes of 49, and C not a multiple of 4 */
ParameterizedTestParameters(tensor_ops_cudnn, add_tensor_bias_nchw_7x7) { return t_cases_on(LITDNN_OP_ADD_TENSOR, 1, ON_CUDA, NULL); }
ParameterizedTest(t_case *tc, tensor_ops_cudnn, add_tensor_bias_nchw_7x7) { compare(tc, 1, 0, 1, 3, 5, 7, 7, 1.0f, 1.0f); }
ParameterizedTestParameters(tensor_ops_cudnn, add_tensor_bias_nhwc_odd_channels) { return t_cases_on(LITDNN_OP_ADD_TENSOR, 1, ON_CUDA, NULL); }
ParameterizedTest(t_case *tc, tensor_ops_cudnn, add_tensor_bias_nhwc_odd_channels) { compare(tc, 1, 1, 1, 2, 37, 5, 6, 0.5f, 0.0f); }
