/* Softmax against the real cuDNN, on a GPU: every GPU stage of litdnn,
 * forward and backward, every algorithm, mode and layout; one case per
 * (op, stage, shape) on the cuda backend. A stage that does not apply
 * must refuse, naming itself, and leave the output alone. */
#include "common.h"
#include <cuda_runtime.h>
#include <cudnn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void compare_softmax(const t_case *tc, int n, int c, int h, int w, int algo, int mode, int fmt,
                            float alpha, float beta)
{
  int backward = tc->op == LITDNN_OP_SOFTMAX_BACKWARD;
  litdnnHandle_t lh = t_case_handle(tc);
  cudnnHandle_t ch;
  cr_assert_eq(cudnnCreate(&ch), CUDNN_STATUS_SUCCESS);
  size_t count = (size_t)n * c * h * w;
  litdnnTensorDescriptor_t ld;
  cudnnTensorDescriptor_t cd;
  litdnnCreateTensorDescriptor(&ld);
  litdnnSetTensor4dDescriptor(ld, (litdnnTensorFormat_t)fmt, LITDNN_DATA_FLOAT, n, c, h, w);
  cudnnCreateTensorDescriptor(&cd);
  cudnnSetTensor4dDescriptor(cd, (cudnnTensorFormat_t)fmt, CUDNN_DATA_FLOAT, n, c, h, w);
  float *x = t_random(count, -3, 3), *dy = t_random(count, -1, 1), *out0 = t_random(count, -1, 1);
  void *d_x = t_dev_from_host(lh, x, count), *d_dy = t_dev_from_host(lh, dy, count);
  void *d_y = t_dev_alloc(lh, count * sizeof(float));
  float one = 1, zero = 0;
  cr_assert_eq(cudnnSoftmaxForward(ch, (cudnnSoftmaxAlgorithm_t)algo, (cudnnSoftmaxMode_t)mode, &one, cd, d_x,
                                   &zero, cd, d_y),
               CUDNN_STATUS_SUCCESS);
  void *d_want = t_dev_from_host(lh, out0, count);
  cudnnStatus_t cs =
      backward ? cudnnSoftmaxBackward(ch, (cudnnSoftmaxAlgorithm_t)algo, (cudnnSoftmaxMode_t)mode, &alpha, cd, d_y,
                                      cd, d_dy, &beta, cd, d_want)
               : cudnnSoftmaxForward(ch, (cudnnSoftmaxAlgorithm_t)algo, (cudnnSoftmaxMode_t)mode, &alpha, cd, d_x,
                                     &beta, cd, d_want);
  cr_assert_eq(cs, CUDNN_STATUS_SUCCESS, "cuDNN: %s", cudnnGetErrorString(cs));
  cudaDeviceSynchronize();
  float *want = t_dev_fetch(lh, d_want, count);
  double *ref = malloc(count * sizeof *ref);
  for (size_t i = 0; i < count; i++)
    ref[i] = want[i];
  void *d_out = t_dev_from_host(lh, out0, count);
  litdnnStatus_t ls =
      backward ? litdnnSoftmaxBackward(lh, (litdnnSoftmaxAlgorithm_t)algo, (litdnnSoftmaxMode_t)mode, &alpha, ld,
                                       d_y, ld, d_dy, &beta, ld, d_out)
               : litdnnSoftmaxForward(lh, (litdnnSoftmaxAlgorithm_t)algo, (litdnnSoftmaxMode_t)mode, &alpha, ld,
                                      d_x, &beta, ld, d_out);
  char msg[512], what[256];
  snprintf(msg, sizeof msg, "%s", litdnnGetLastErrorString());
  snprintf(what, sizeof what, "%s: %dx%dx%dx%d algo %d mode %d %s vs cuDNN", t_case_name(tc), n, c, h, w, algo,
           mode, fmt ? "NHWC" : "NCHW");
  float *got = t_dev_fetch(lh, d_out, count);
  if (ls == LITDNN_STATUS_NOT_SUPPORTED && tc->stage != LITDNN_STAGE_AUTOMATIC) {
    cr_assert(strstr(msg, t_case_stage(tc)) && strstr(msg, "does not apply"), "%s: %s", what, msg);
    t_assert_close_f(got, out0, count, 0, 0, what);   /* a refused call writes nothing */
  } else {
    cr_assert_eq(ls, LITDNN_STATUS_SUCCESS, "%s: %s", what, msg);
    /* two float implementations that sum in different orders */
    t_assert_close(got, ref, count, 1e-4, 1e-5, what);
  }
  free(got);
  t_dev_free(lh, d_out);
  free(x);
  free(dy);
  free(out0);
  free(want);
  free(ref);
  t_dev_free(lh, d_x);
  t_dev_free(lh, d_y);
  t_dev_free(lh, d_dy);
  t_dev_free(lh, d_want);
  cudnnDestroyTensorDescriptor(cd);
  cudnnDestroy(ch);
  litdnnDestroyTensorDescriptor(ld);
  litdnnDestroy(lh);
}

/* {2, 256, 28, 28}, {1100, 520, 1, 1} and {1200, 1024, 1, 1} take the
   many-row paths of the float4 kernels: a warp per row of 256, 520 and
   1,024 values, and CHANNEL tiles of 256 channels; the last two take
   kernel 10's full blocks of 128 threads, in float4 (64) and not (29) */
static const int shapes[][4] = {{2, 37, 5, 7}, {4, 256, 3, 3}, {3, 1000, 1, 1}, {2, 3, 70, 70},
                                {2, 256, 28, 28}, {1100, 520, 1, 1}, {1200, 1024, 1, 1},
                                {8192, 64, 1, 1}, {3712, 29, 2, 2}};

#define NSHAPES ((int)(sizeof shapes / sizeof shapes[0]))

static void every_algorithm_mode_and_layout(const t_case *tc)
{
  const int *sh = shapes[tc->problem];
  for (int algo = 0; algo < 3; algo++)
    for (int mode = 0; mode < 2; mode++)
      for (int fmt = 0; fmt < 2; fmt++)
        compare_softmax(tc, sh[0], sh[1], sh[2], sh[3], algo, mode, fmt, fmt ? 0.5f : 1.0f, fmt ? -1.0f : 0.0f);
}

ParameterizedTestParameters(softmax_cudnn, forward_every_algorithm_mode_and_layout)
{
  return t_cases_on(LITDNN_OP_SOFTMAX_FORWARD, NSHAPES, LITDNN_BACKEND_BIT(LITDNN_BACKEND_CUDA), NULL);
}
ParameterizedTest(t_case *tc, softmax_cudnn, forward_every_algorithm_mode_and_layout)
{
  every_algorithm_mode_and_layout(tc);
}

ParameterizedTestParameters(softmax_cudnn, backward_every_algorithm_mode_and_layout)
{
  return t_cases_on(LITDNN_OP_SOFTMAX_BACKWARD, NSHAPES, LITDNN_BACKEND_BIT(LITDNN_BACKEND_CUDA), NULL);
}
ParameterizedTest(t_case *tc, softmax_cudnn, backward_every_algorithm_mode_and_layout)
{
  every_algorithm_mode_and_layout(tc);
}
