/* The tensor operations against the real cuDNN, on a GPU: TransformTensor
 * NCHW -> NHWC (and back) and AddTensor with a full tensor and a bias, at
 * shapes that reach both the float4 paths and the fallbacks of every stage. */
#include "common.h"
#include <cuda_runtime.h>
#include <cudnn.h>
#include <stdlib.h>

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

/* Run litdnn (every GPU stage that applies) and cuDNN on the same input;
   the results must agree to rounding. which: 0 transform, 1 add. */
static void compare(int which, int from_nhwc, int bias, int n, int c, int h, int w, float alpha, float beta)
{
  if (!t_have_gpu())
    cr_skip_test("no CUDA device");
  litdnnHandle_t lh = t_handle(LITDNN_BACKEND_CUDA);
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
  int stages = 0, compared = 0;
  litdnnGetStageCount(op, &stages);
  for (int s = -1; s < stages; s++) {
    if (litdnnSetStage(lh, op, s) != LITDNN_STATUS_SUCCESS)
      continue;   /* not a GPU stage */
    void *dy = t_dev_from_host(lh, y0, ny);
    litdnnStatus_t ls = which == 0 ? litdnnTransformTensor(lh, &alpha, lxd, dx, &beta, lyd, dy)
                                   : litdnnAddTensor(lh, &alpha, lxd, dx, &beta, lyd, dy);
    if (ls == LITDNN_STATUS_NOT_SUPPORTED_LAYOUT) {
      t_dev_free(lh, dy);
      continue;
    }
    cr_assert_eq(ls, LITDNN_STATUS_SUCCESS, "%s", litdnnGetLastErrorString());
    float *got = t_dev_fetch(lh, dy, ny);
    t_assert_close_f(got, want, ny, 1e-6, 2e-6, which == 0 ? "TransformTensor vs cuDNN" : "AddTensor vs cuDNN");
    compared++;
    free(got);
    t_dev_free(lh, dy);
  }
  cr_assert(compared >= 2, "only %d litdnn runs compared", compared);
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

Test(tensor_ops_cudnn, transform_nchw_to_nhwc) { compare(0, 0, 0, 3, 67, 19, 23, 1.0f, 0.0f); }
Test(tensor_ops_cudnn, transform_nchw_to_nhwc_blend) { compare(0, 0, 0, 2, 32, 56, 56, -0.5f, 0.75f); }
Test(tensor_ops_cudnn, transform_nhwc_to_nchw) { compare(0, 1, 0, 4, 3, 31, 37, 2.0f, 0.0f); }
Test(tensor_ops_cudnn, add_tensor_full) { compare(1, 0, 0, 2, 17, 13, 29, 0.5f, 1.0f); }
Test(tensor_ops_cudnn, add_tensor_bias_nchw) { compare(1, 0, 1, 8, 64, 14, 14, 1.0f, 1.0f); }
Test(tensor_ops_cudnn, add_tensor_bias_nhwc) { compare(1, 1, 1, 2, 96, 7, 9, -1.0f, 0.5f); }
/* the 64 x 64 float4 transpose: several tiles, partial ones at both edges */
Test(tensor_ops_cudnn, transform_nhwc_to_nchw_wide) { compare(0, 1, 0, 2, 68, 20, 28, 1.0f, 0.5f); }
/* the broadcast stage's scalar paths: planes of 49, and C not a multiple of 4 */
Test(tensor_ops_cudnn, add_tensor_bias_nchw_7x7) { compare(1, 0, 1, 3, 5, 7, 7, 1.0f, 1.0f); }
Test(tensor_ops_cudnn, add_tensor_bias_nhwc_odd_channels) { compare(1, 1, 1, 2, 37, 5, 6, 0.5f, 0.0f); }
