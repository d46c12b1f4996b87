/* Pooling against the real cuDNN, on a GPU: every GPU stage of litdnn,
 * forward and backward, every mode, both layouts, the same inputs; one
 * case per (op, stage, problem) on the cuda backend. A stage that does
 * not apply must refuse, naming itself, and leave the output alone. */
#include "common.h"
#include <cuda_runtime.h>
#include <cudnn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct { int n, c, h, w, win, pad, stride; } pool_shape;

static void compare_pooling(const t_case *tc, const pool_shape *p, int mode, int fmt, float alpha, float beta)
{
  int backward = tc->op == LITDNN_OP_POOLING_BACKWARD;
  litdnnHandle_t lh = t_case_handle(tc);
  cudnnHandle_t ch;
  cr_assert_eq(cudnnCreate(&ch), CUDNN_STATUS_SUCCESS);
  int oh = 1 + (p->h + 2 * p->pad - p->win) / p->stride, ow = 1 + (p->w + 2 * p->pad - p->win) / p->stride;
  size_t nx = (size_t)p->n * p->c * p->h * p->w, ny = (size_t)p->n * p->c * oh * ow;
  litdnnTensorDescriptor_t lx, ly;
  cudnnTensorDescriptor_t cx, cy;
  litdnnCreateTensorDescriptor(&lx);
  litdnnCreateTensorDescriptor(&ly);
  litdnnSetTensor4dDescriptor(lx, (litdnnTensorFormat_t)fmt, LITDNN_DATA_FLOAT, p->n, p->c, p->h, p->w);
  litdnnSetTensor4dDescriptor(ly, (litdnnTensorFormat_t)fmt, LITDNN_DATA_FLOAT, p->n, p->c, oh, ow);
  cudnnCreateTensorDescriptor(&cx);
  cudnnCreateTensorDescriptor(&cy);
  cudnnSetTensor4dDescriptor(cx, (cudnnTensorFormat_t)fmt, CUDNN_DATA_FLOAT, p->n, p->c, p->h, p->w);
  cudnnSetTensor4dDescriptor(cy, (cudnnTensorFormat_t)fmt, CUDNN_DATA_FLOAT, p->n, p->c, oh, ow);
  litdnnPoolingDescriptor_t lp;
  cudnnPoolingDescriptor_t cp;
  litdnnCreatePoolingDescriptor(&lp);
  litdnnSetPooling2dDescriptor(lp, (litdnnPoolingMode_t)mode, LITDNN_NOT_PROPAGATE_NAN, p->win, p->win,
                               p->pad, p->pad, p->stride, p->stride);
  cudnnCreatePoolingDescriptor(&cp);
  cr_assert_eq(cudnnSetPooling2dDescriptor(cp, (cudnnPoolingMode_t)mode, CUDNN_NOT_PROPAGATE_NAN, p->win,
                                           p->win, p->pad, p->pad, p->stride, p->stride),
               CUDNN_STATUS_SUCCESS);
  float *x = t_random(nx, -1, 1), *dy = t_random(ny, -1, 1);
  size_t nout = backward ? nx : ny;
  float *out0 = t_random(nout, -1, 1);
  void *d_x = t_dev_from_host(lh, x, nx), *d_dy = t_dev_from_host(lh, dy, ny);
  void *d_y = t_dev_alloc(lh, ny * sizeof(float));
  float one = 1, zero = 0;
  cr_assert_eq(cudnnPoolingForward(ch, cp, &one, cx, d_x, &zero, cy, d_y), CUDNN_STATUS_SUCCESS);
  void *d_want = t_dev_from_host(lh, out0, nout);
  cudnnStatus_t cs = backward
      ? cudnnPoolingBackward(ch, cp, &alpha, cy, d_y, cy, d_dy, cx, d_x, &beta, cx, d_want)
      : cudnnPoolingForward(ch, cp, &alpha, cx, d_x, &beta, cy, d_want);
  cr_assert_eq(cs, CUDNN_STATUS_SUCCESS, "cuDNN: %s", cudnnGetErrorString(cs));
  cudaDeviceSynchronize();
  float *want = t_dev_fetch(lh, d_want, nout);
  double *ref = malloc(nout * sizeof *ref);
  for (size_t i = 0; i < nout; i++)
    ref[i] = want[i];
  void *d_out = t_dev_from_host(lh, out0, nout);
  litdnnStatus_t ls = backward
      ? litdnnPoolingBackward(lh, lp, &alpha, ly, d_y, ly, d_dy, lx, d_x, &beta, lx, d_out)
      : litdnnPoolingForward(lh, lp, &alpha, lx, d_x, &beta, ly, d_out);
  char msg[512], what[256];
  snprintf(msg, sizeof msg, "%s", litdnnGetLastErrorString());
  snprintf(what, sizeof what, "%s: mode %d %s alpha %g beta %g vs cuDNN", t_case_name(tc), mode,
           fmt ? "NHWC" : "NCHW", alpha, beta);
  float *got = t_dev_fetch(lh, d_out, nout);
  if (ls == LITDNN_STATUS_NOT_SUPPORTED && tc->stage != LITDNN_STAGE_AUTOMATIC) {
    cr_assert(strstr(msg, t_case_stage(tc)) && strstr(msg, "does not apply"), "%s: %s", what, msg);
    t_assert_close_f(got, out0, nout, 0, 0, what);   /* a refused call writes nothing */
  } else {
    cr_assert_eq(ls, LITDNN_STATUS_SUCCESS, "%s: %s", what, msg);
    t_assert_close(got, ref, nout, 1e-5, 1e-6, what);
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
  cudnnDestroyPoolingDescriptor(cp);
  cudnnDestroyTensorDescriptor(cx);
  cudnnDestroyTensorDescriptor(cy);
  cudnnDestroy(ch);
  litdnnDestroyPoolingDescriptor(lp);
  litdnnDestroyTensorDescriptor(lx);
  litdnnDestroyTensorDescriptor(ly);
  litdnnDestroy(lh);
}

static const pool_shape shapes[] = {
  {2, 8, 16, 16, 2, 0, 2},
  {3, 5, 13, 11, 3, 1, 2},
  {1, 4, 7, 9, 2, 0, 3},
  {3, 36, 7, 7, 7, 0, 1},     /* global pools: one block of planes, and */
  {2, 200, 7, 7, 7, 0, 1},    /* 400 planes, three blocks in NCHW */
};
#define NSHAPES ((int)(sizeof shapes / sizeof shapes[0]))

static void every_mode_and_layout(const t_case *tc)
{
  for (int m = 0; m < 4; m++)
    for (int f = 0; f < 2; f++) {
      compare_pooling(tc, &shapes[tc->problem], m, f, 1.0f, 0.0f);
      compare_pooling(tc, &shapes[tc->problem], m, f, 0.5f, -1.0f);
    }
}

ParameterizedTestParameters(pooling_cudnn, forward_every_mode_and_layout)
{
  return t_cases_on(LITDNN_OP_POOLING_FORWARD, NSHAPES, LITDNN_BACKEND_BIT(LITDNN_BACKEND_CUDA), NULL);
}
ParameterizedTest(t_case *tc, pooling_cudnn, forward_every_mode_and_layout) { every_mode_and_layout(tc); }

ParameterizedTestParameters(pooling_cudnn, backward_every_mode_and_layout)
{
  return t_cases_on(LITDNN_OP_POOLING_BACKWARD, NSHAPES, LITDNN_BACKEND_BIT(LITDNN_BACKEND_CUDA), NULL);
}
ParameterizedTest(t_case *tc, pooling_cudnn, backward_every_mode_and_layout) { every_mode_and_layout(tc); }
