/* The activations against the real cuDNN, on a GPU: forward and backward of
 * every mode cuDNN's legacy API has (IDENTITY excepted: cuDNN refuses it in
 * these calls; LEAKY_RELU and the GELUs it does not have), every GPU stage
 * of litdnn, NCHW and NHWC, with beta = 0 and beta != 0; one case per (op,
 * stage, layout) on the cuda backend. Every stage takes these packed
 * tensors, so every one must run. */
#include "common.h"
#include <cuda_runtime.h>
#include <cudnn.h>
#include <stdlib.h>

/* cuDNN 9 marks its legacy activation API deprecated; it is still what we
   compare against. */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

/* Agreement with cuDNN, relative to the magnitude of the terms (|alpha g dy|
 * + |beta old| where g is the derivative, with 1 and y^2 counted apart for
 * tanh, whose 1 - y^2 cancels near |y| = 1). Both libraries compute in FP32
 * with exp and tanh accurate to a few ulp, but they may arrange the
 * formulas differently (1 - y^2 against (1 - y)(1 + y), an FMA or not in the
 * blend): 1e-5 is about 170 ulp of the largest term, room for a handful of
 * differently rounded operations and nothing more. */
#define RTOL_CUDNN 1e-5

static int cudnn_mode(int mode)
{
  switch (mode) {
  case LITDNN_ACTIVATION_SIGMOID: return CUDNN_ACTIVATION_SIGMOID;
  case LITDNN_ACTIVATION_RELU: return CUDNN_ACTIVATION_RELU;
  case LITDNN_ACTIVATION_TANH: return CUDNN_ACTIVATION_TANH;
  case LITDNN_ACTIVATION_CLIPPED_RELU: return CUDNN_ACTIVATION_CLIPPED_RELU;
  case LITDNN_ACTIVATION_ELU: return CUDNN_ACTIVATION_ELU;
  case LITDNN_ACTIVATION_SWISH: return CUDNN_ACTIVATION_SWISH;
  }
  return -1;
}

static double coef_of(int mode)
{
  return mode == LITDNN_ACTIVATION_CLIPPED_RELU ? 2.5 : mode == LITDNN_ACTIVATION_ELU ? 0.7
       : mode == LITDNN_ACTIVATION_SWISH ? 1.25 : 0.0;
}

/* A magnitude that bounds the rounding of either library's formula. */
static double magnitude(int mode, int backward, float y, float dy, float old, float alpha, float beta)
{
  /* For ELU near zero cuDNN's result behaves as coef * (exp(x) - 1): the
     subtraction of two numbers near coef leaves an error of a few ulp of
     coef, not of the small result (litdnn uses expm1 and does not lose
     them; seen on an H200: x = -0.0044, litdnn -0.00309168757 = 0.7 *
     expm1(x) to 9 digits, cuDNN -0.00309165125). So the terms of ELU's
     forward formula are |y| and coef. */
  double m = backward ? fabs(dy) * (mode == LITDNN_ACTIVATION_TANH ? 1.0 + (double)y * y : 1.0 + fabs(y))
                      : fabs(y) + (mode == LITDNN_ACTIVATION_ELU ? coef_of(mode) : 0.0) + 1e-30;
  return fabs(alpha) * m + fabs(beta * old);
}

static void compare(const t_case *tc, int mode, litdnnTensorFormat_t format, float alpha, float beta)
{
  int backward = tc->op == LITDNN_OP_ACTIVATION_BACKWARD;
  enum { N = 3, C = 17, H = 11, W = 13, COUNT = N * C * H * W };
  litdnnHandle_t lh = t_case_handle(tc);
  cudnnHandle_t ch;
  cr_assert_eq(cudnnCreate(&ch), CUDNN_STATUS_SUCCESS);
  litdnnTensorDescriptor_t lt;
  cudnnTensorDescriptor_t ct;
  litdnnActivationDescriptor_t la;
  cudnnActivationDescriptor_t ca;
  litdnnCreateTensorDescriptor(&lt);
  litdnnSetTensor4dDescriptor(lt, format, LITDNN_DATA_FLOAT, N, C, H, W);
  cudnnCreateTensorDescriptor(&ct);
  cudnnSetTensor4dDescriptor(ct, (cudnnTensorFormat_t)format, CUDNN_DATA_FLOAT, N, C, H, W);
  litdnnCreateActivationDescriptor(&la);
  cr_assert_eq(litdnnSetActivationDescriptor(la, (litdnnActivationMode_t)mode, LITDNN_NOT_PROPAGATE_NAN,
                                             coef_of(mode)), LITDNN_STATUS_SUCCESS);
  cudnnCreateActivationDescriptor(&ca);
  cr_assert_eq(cudnnSetActivationDescriptor(ca, (cudnnActivationMode_t)cudnn_mode(mode),
                                            CUDNN_NOT_PROPAGATE_NAN, coef_of(mode)), CUDNN_STATUS_SUCCESS);
  if (mode == LITDNN_ACTIVATION_SWISH) /* cuDNN takes swish's beta apart from coef */
    cr_assert_eq(cudnnSetActivationDescriptorSwishBeta(ca, coef_of(mode)), CUDNN_STATUS_SUCCESS);

  float *x = t_random(COUNT, -3, 3), *dy = t_random(COUNT, -1, 1), *y = malloc(COUNT * sizeof *y);
  float *old = t_random(COUNT, -1, 1);
  if (beta == 0.0f)
    t_poison(old, COUNT);
  void *d_x = t_dev_from_host(lh, x, COUNT), *d_dy = t_dev_from_host(lh, dy, COUNT);
  void *d_y = t_dev_alloc(lh, COUNT * sizeof(float));
  /* y = f(x) from cuDNN, the input of both backward passes */
  const float one = 1.0f, zero = 0.0f;
  cr_assert_eq(cudnnActivationForward(ch, ca, &one, ct, d_x, &zero, ct, d_y), CUDNN_STATUS_SUCCESS);
  cudaDeviceSynchronize();
  t_dev_to_host(lh, y, d_y, COUNT);

  void *d_want = t_dev_from_host(lh, old, COUNT);
  cudnnStatus_t cs = backward ? cudnnActivationBackward(ch, ca, &alpha, ct, d_y, ct, d_dy, ct, d_x, &beta, ct, d_want)
                              : cudnnActivationForward(ch, ca, &alpha, ct, d_x, &beta, ct, d_want);
  cr_assert_eq(cs, CUDNN_STATUS_SUCCESS, "cuDNN: %s", cudnnGetErrorString(cs));
  cudaDeviceSynchronize();
  float *want = t_dev_fetch(lh, d_want, COUNT);

  void *d_got = t_dev_from_host(lh, old, COUNT);
  litdnnStatus_t ls = backward ? litdnnActivationBackward(lh, la, &alpha, lt, d_y, lt, d_dy, lt, d_x, &beta, lt, d_got)
                               : litdnnActivationForward(lh, la, &alpha, lt, d_x, &beta, lt, d_got);
  cr_assert_eq(ls, LITDNN_STATUS_SUCCESS, "%s: %s", t_case_name(tc), litdnnGetLastErrorString());
  float *got = t_dev_fetch(lh, d_got, COUNT);
  for (int i = 0; i < COUNT; i++) {
    double tol = RTOL_CUDNN * magnitude(mode, backward, backward ? y[i] : want[i], dy[i],
                                        beta != 0.0f ? old[i] : 0.0f, alpha, beta);
    cr_assert(fabs((double)got[i] - want[i]) <= tol,
              "%s %s, %s, %s, alpha %g beta %g: element %d (x = %.9g): litdnn %.9g, cuDNN %.9g; seed %llu",
              litdnnGetActivationModeName((litdnnActivationMode_t)mode), backward ? "backward" : "forward",
              t_case_name(tc), format == LITDNN_TENSOR_NHWC ? "NHWC" : "NCHW", alpha, beta, i, x[i], got[i], want[i],
              (unsigned long long)t_seed());
  }
  free(got);
  t_dev_free(lh, d_got);
  free(x), free(dy), free(y), free(old), free(want);
  t_dev_free(lh, d_x), t_dev_free(lh, d_dy), t_dev_free(lh, d_y), t_dev_free(lh, d_want);
  cudnnDestroyActivationDescriptor(ca);
  cudnnDestroyTensorDescriptor(ct);
  cudnnDestroy(ch);
  litdnnDestroyActivationDescriptor(la);
  litdnnDestroyTensorDescriptor(lt);
  litdnnDestroy(lh);
}

/* problem 0: NCHW with alpha 1, beta 0; problem 1: NHWC with alpha -0.75, beta 0.5 */
static void compare_layout(const t_case *tc, int mode)
{
  if (tc->problem == 0)
    compare(tc, mode, LITDNN_TENSOR_NCHW, 1.0f, 0.0f);
  else
    compare(tc, mode, LITDNN_TENSOR_NHWC, -0.75f, 0.5f);
}

#define ON_CUDA LITDNN_BACKEND_BIT(LITDNN_BACKEND_CUDA)
#define MODE_TEST(name, mode)                                                                              \
  ParameterizedTestParameters(activation_cudnn, forward_##name)                                            \
  { return t_cases_on(LITDNN_OP_ACTIVATION_FORWARD, 2, ON_CUDA, NULL); }                                    \
  ParameterizedTest(t_case *tc, activation_cudnn, forward_##name) { compare_layout(tc, mode); }            \
  ParameterizedTestParameters(activation_cudnn, backward_##name)                                           \
  { return t_cases_on(LITDNN_OP_ACTIVATION_BACKWARD, 2, ON_CUDA, NULL); }                                   \
  ParameterizedTest(t_case *tc, activation_cudnn, backward_##name) { compare_layout(tc, mode); }

MODE_TEST(sigmoid, LITDNN_ACTIVATION_SIGMOID)
MODE_TEST(relu, LITDNN_ACTIVATION_RELU)
MODE_TEST(tanh, LITDNN_ACTIVATION_TANH)
MODE_TEST(clipped_relu, LITDNN_ACTIVATION_CLIPPED_RELU)
MODE_TEST(elu, LITDNN_ACTIVATION_ELU)
MODE_TEST(swish, LITDNN_ACTIVATION_SWISH)
