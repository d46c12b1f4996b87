#line 5659 "chapters/02-tensors.nw"
#include "litdnn.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static litdnnHandle_t dev, cpu;   /* the chosen backend, and the reference */
static int failures;

#line 5706 "chapters/02-tensors.nw"
static float *random_floats(size_t n, unsigned seed)
{
  float *a = malloc(n * sizeof *a);
  for (size_t i = 0; i < n; i++) {
    seed = seed * 1664525u + 1013904223u;
    a[i] = (float)((seed >> 8) * (1.0 / 16777216.0)) * 2.0f - 1.0f;
  }
  return a;
}

static void *to_device(litdnnHandle_t h, const float *host, size_t n)
{
  void *d = NULL;
  litdnnMalloc(h, &d, n * sizeof(float));
  litdnnMemcpy(h, d, host, n * sizeof(float), LITDNN_MEMCPY_HOST_TO_DEVICE);
  return d;
}

static float *to_host(litdnnHandle_t h, const void *d, size_t n)
{
  float *host = malloc(n * sizeof *host);
  litdnnMemcpy(h, host, d, n * sizeof(float), LITDNN_MEMCPY_DEVICE_TO_HOST);
  return host;
}

static double relative_error(const float *got, const float *ref, size_t n)
{
  double diff = 0, norm = 0;
  for (size_t i = 0; i < n; i++) {
    if (isnan(got[i]) != isnan(ref[i]))
      return INFINITY;
    if (isnan(got[i]))
      continue;
    diff += ((double)got[i] - ref[i]) * ((double)got[i] - ref[i]);
    norm += (double)ref[i] * ref[i];
  }
  return norm > 0 ? sqrt(diff / norm) : sqrt(diff);
}

/* Print one row of the table; status is the call's status on the device. */
static void report(const char *op, litdnnOp_t id, litdnnStatus_t status, double err, double tol)
{
  int stage = -1;
  const char *stage_name = "?";
  litdnnGetLastStage(dev, id, &stage);
  if (stage >= 0)
    litdnnGetStageInfo(id, stage, &stage_name, NULL, NULL);
  int ok = status == LITDNN_STATUS_SUCCESS && err <= tol;
  failures += !ok;
  if (status != LITDNN_STATUS_SUCCESS)
    printf("  %-34s %-22s %-12s FAIL (%s)\n", op, stage_name, "-", litdnnGetLastErrorString());
  else
    printf("  %-34s %-22s %-12.2e %s\n", op, stage_name, err, ok ? "PASS" : "FAIL");
}
#line 5783 "chapters/02-tensors.nw"
static litdnnTensorDescriptor_t check_desc(litdnnTensorFormat_t format, int n, int c, int h, int w)
{
  litdnnTensorDescriptor_t d;
  litdnnCreateTensorDescriptor(&d);
  litdnnSetTensor4dDescriptor(d, format, LITDNN_DATA_FLOAT, n, c, h, w);
  return d;
}

/* Run one tensor operation on both handles; `which` selects it. */
static void check_tensor_op(int which, const char *label, litdnnOp_t id)
{
  enum { N = 2, C = 37, H = 9, W = 11, COUNT = N * C * H * W };
  litdnnTensorDescriptor_t nchw = check_desc(LITDNN_TENSOR_NCHW, N, C, H, W);
  litdnnTensorDescriptor_t nhwc = check_desc(LITDNN_TENSOR_NHWC, N, C, H, W);
  litdnnTensorDescriptor_t bias = check_desc(LITDNN_TENSOR_NCHW, 1, C, 1, 1);
  litdnnOpTensorDescriptor_t mul;
  litdnnCreateOpTensorDescriptor(&mul);
  litdnnSetOpTensorDescriptor(mul, LITDNN_OP_TENSOR_MUL, LITDNN_DATA_FLOAT, LITDNN_NOT_PROPAGATE_NAN);
  float *a = random_floats(COUNT, 11), *b = random_floats(COUNT, 12), *c = random_floats(COUNT, 13);
  float alpha = 0.75f, beta = -0.5f, value = 3.25f;
  float *out[2];
  litdnnStatus_t status[2];
  litdnnHandle_t hs[2] = {dev, cpu};
  for (int k = 0; k < 2; k++) {
    void *da = to_device(hs[k], a, COUNT), *db = to_device(hs[k], b, COUNT);
    void *dc = to_device(hs[k], c, COUNT);
    switch (which) {
    case 0: status[k] = litdnnSetTensor(hs[k], nchw, dc, &value); break;
    case 1: status[k] = litdnnScaleTensor(hs[k], nchw, dc, &alpha); break;
    case 2: status[k] = litdnnAddTensor(hs[k], &alpha, bias, da, &beta, nchw, dc); break;
    case 3: status[k] = litdnnOpTensor(hs[k], mul, &alpha, nchw, da, &alpha, nchw, db, &beta, nchw, dc); break;
    default: status[k] = litdnnTransformTensor(hs[k], &alpha, nchw, da, &beta, nhwc, dc); break;
    }
    litdnnSynchronize(hs[k]);
    out[k] = to_host(hs[k], dc, COUNT);
    litdnnFree(hs[k], da);
    litdnnFree(hs[k], db);
    litdnnFree(hs[k], dc);
  }
  report(label, id, status[0], relative_error(out[0], out[1], COUNT), 1e-6);
  free(out[0]); free(out[1]); free(a); free(b); free(c);
  litdnnDestroyOpTensorDescriptor(mul);
  litdnnDestroyTensorDescriptor(nchw);
  litdnnDestroyTensorDescriptor(nhwc);
  litdnnDestroyTensorDescriptor(bias);
}
#line 1490 "chapters/03-activations.nw"
static void check_activation(litdnnActivationMode_t mode, int backward)
{
  enum { COUNT = 2 * 37 * 9 * 11 };
  char label[64];
  litdnnTensorDescriptor_t t;
  litdnnActivationDescriptor_t act;
  litdnnCreateTensorDescriptor(&t);
  litdnnSetTensor4dDescriptor(t, LITDNN_TENSOR_NCHW, LITDNN_DATA_FLOAT, 2, 37, 9, 11);
  litdnnCreateActivationDescriptor(&act);
  litdnnSetActivationDescriptor(act, mode, LITDNN_NOT_PROPAGATE_NAN,
                                mode == LITDNN_ACTIVATION_CLIPPED_RELU ? 0.5 : 0.7);
  float *in[3], alpha = 0.75f, beta = -0.5f;
  for (int i = 0; i < 3; i++)
    in[i] = random_floats(COUNT, 31 + i);
  float *out = random_floats(COUNT, 41), *results[2];
  litdnnHandle_t handles[2] = {dev, cpu};
  litdnnStatus_t status = LITDNN_STATUS_SUCCESS;
  for (int k = 0; k < 2; k++) {
    void *d[4];
    for (int i = 0; i < 3; i++)
      d[i] = to_device(handles[k], in[i], COUNT);
    d[3] = to_device(handles[k], out, COUNT);
    litdnnStatus_t s = backward ? litdnnActivationBackward(handles[k], act, &alpha, t, d[0], t, d[1], t,
                                                           d[2], &beta, t, d[3])
                                : litdnnActivationForward(handles[k], act, &alpha, t, d[2], &beta, t, d[3]);
    if (k == 0)
      status = s;
    results[k] = to_host(handles[k], d[3], COUNT);
    for (int i = 0; i < 4; i++)
      litdnnFree(handles[k], d[i]);
  }
  snprintf(label, sizeof label, "activation %s %s", backward ? "backward" : "forward",
           litdnnGetActivationModeName(mode));
  /* same formulas in FP32 on both sides; transcendental functions of CUDA
     and of the C library differ by a few ulp */
  report(label, backward ? LITDNN_OP_ACTIVATION_BACKWARD : LITDNN_OP_ACTIVATION_FORWARD, status,
         relative_error(results[0], results[1], COUNT), 1e-5);
  for (int i = 0; i < 3; i++)
    free(in[i]);
  free(out), free(results[0]), free(results[1]);
  litdnnDestroyActivationDescriptor(act);
  litdnnDestroyTensorDescriptor(t);
}
#line 8166 "chapters/05-convolution.nw"
static void check_convolution(int pass)
{
  enum { N = 2, C = 6, H = 9, W = 8, K = 4, R = 3, S = 3, G = 2 };
  litdnnTensorDescriptor_t xd, yd;
  litdnnFilterDescriptor_t wd;
  litdnnConvolutionDescriptor_t cd;
  int n, k, p, q;
  litdnnCreateTensorDescriptor(&xd);
  litdnnCreateTensorDescriptor(&yd);
  litdnnCreateFilterDescriptor(&wd);
  litdnnCreateConvolutionDescriptor(&cd);
  litdnnSetTensor4dDescriptor(xd, LITDNN_TENSOR_NCHW, LITDNN_DATA_FLOAT, N, C, H, W);
  litdnnSetFilter4dDescriptor(wd, LITDNN_DATA_FLOAT, LITDNN_TENSOR_NCHW, K, C / G, R, S);
  litdnnSetConvolution2dDescriptor(cd, 1, 2, 2, 1, 1, 2, LITDNN_CROSS_CORRELATION, LITDNN_DATA_FLOAT);
  litdnnSetConvolutionGroupCount(cd, G);
  litdnnGetConvolution2dForwardOutputDim(cd, xd, wd, &n, &k, &p, &q);
  litdnnSetTensor4dDescriptor(yd, LITDNN_TENSOR_NCHW, LITDNN_DATA_FLOAT, n, k, p, q);
  size_t xn = N * C * H * W, wn = K * (C / G) * R * S, yn = (size_t)n * k * p * q;
  size_t outn = pass == 0 ? yn : pass == 1 ? xn : wn;
  float *x = random_floats(xn, 21), *w = random_floats(wn, 22), *dy = random_floats(yn, 23);
  float alpha = 1.0f, beta = 0.0f, *out[2];
  litdnnStatus_t status[2];
  litdnnHandle_t hs[2] = {dev, cpu};
  for (int i = 0; i < 2; i++) {
    void *dx = to_device(hs[i], x, xn), *dw = to_device(hs[i], w, wn), *ddy = to_device(hs[i], dy, yn);
    void *dout = to_device(hs[i], pass == 0 ? dy : pass == 1 ? x : w, outn);
    int got = 0;
    if (pass == 0) {
      litdnnConvolutionFwdAlgoPerf_t perf;
      litdnnGetConvolutionForwardAlgorithm(hs[i], xd, wd, cd, yd, 1, &got, &perf);
      status[i] = litdnnConvolutionForward(hs[i], &alpha, xd, dx, wd, dw, cd, perf.algo, NULL, 0, &beta, yd, dout);
    } else if (pass == 1) {
      litdnnConvolutionBwdDataAlgoPerf_t perf;
      litdnnGetConvolutionBackwardDataAlgorithm(hs[i], wd, yd, cd, xd, 1, &got, &perf);
      status[i] = litdnnConvolutionBackwardData(hs[i], &alpha, wd, dw, yd, ddy, cd, perf.algo, NULL, 0, &beta,
                                                xd, dout);
    } else {
      litdnnConvolutionBwdFilterAlgoPerf_t perf;
      litdnnGetConvolutionBackwardFilterAlgorithm(hs[i], xd, yd, cd, wd, 1, &got, &perf);
      status[i] = litdnnConvolutionBackwardFilter(hs[i], &alpha, xd, dx, yd, ddy, cd, perf.algo, NULL, 0, &beta,
                                                  wd, dout);
    }
    litdnnSynchronize(hs[i]);
    out[i] = to_host(hs[i], dout, outn);
    litdnnFree(hs[i], dx);
    litdnnFree(hs[i], dw);
    litdnnFree(hs[i], ddy);
    litdnnFree(hs[i], dout);
  }
  static const char *labels[3] = {"litdnnConvolutionForward", "litdnnConvolutionBackwardData",
                                  "litdnnConvolutionBackwardFilter"};
  static const litdnnOp_t ops[3] = {LITDNN_OP_CONVOLUTION_FORWARD, LITDNN_OP_CONVOLUTION_BACKWARD_DATA,
                                    LITDNN_OP_CONVOLUTION_BACKWARD_FILTER};
  report(labels[pass], ops[pass], status[0], relative_error(out[0], out[1], outn), 1e-5);
  free(out[0]); free(out[1]); free(x); free(w); free(dy);
  litdnnDestroyTensorDescriptor(xd);
  litdnnDestroyTensorDescriptor(yd);
  litdnnDestroyFilterDescriptor(wd);
  litdnnDestroyConvolutionDescriptor(cd);
}
#line 3147 "chapters/06-pooling.nw"
static void check_pooling_op(int backward, const char *label, litdnnOp_t id)
{
  enum { N = 2, C = 5, H = 9, W = 12, OH = 5, OW = 6 };
  litdnnTensorDescriptor_t xd = check_desc(LITDNN_TENSOR_NCHW, N, C, H, W);
  litdnnTensorDescriptor_t yd = check_desc(LITDNN_TENSOR_NCHW, N, C, OH, OW);
  litdnnPoolingDescriptor_t pd;
  litdnnCreatePoolingDescriptor(&pd);
  litdnnSetPooling2dDescriptor(pd, LITDNN_POOLING_MAX, LITDNN_NOT_PROPAGATE_NAN, 3, 3, 1, 1, 2, 2);
  float *x = random_floats(N * C * H * W, 21), *dy = random_floats(N * C * OH * OW, 22);
  float one = 1, zero = 0;
  size_t count = backward ? N * C * H * W : N * C * OH * OW;
  float *out[2];
  litdnnStatus_t status[2];
  litdnnHandle_t hs[2] = {dev, cpu};
  for (int k = 0; k < 2; k++) {
    void *dx = to_device(hs[k], x, N * C * H * W), *ddy = to_device(hs[k], dy, N * C * OH * OW);
    void *o = to_device(hs[k], x, count), *yv = to_device(hs[k], dy, N * C * OH * OW);
    if (backward)   /* the backward pass is given the forward output, as the API requires */
      litdnnPoolingForward(hs[k], pd, &one, xd, dx, &zero, yd, yv);
    status[k] = backward ? litdnnPoolingBackward(hs[k], pd, &one, yd, yv, yd, ddy, xd, dx, &zero, xd, o)
                         : litdnnPoolingForward(hs[k], pd, &one, xd, dx, &zero, yd, o);
    litdnnFree(hs[k], yv);
    out[k] = to_host(hs[k], o, count);
    litdnnFree(hs[k], dx);
    litdnnFree(hs[k], ddy);
    litdnnFree(hs[k], o);
  }
  report(label, id, status[0], relative_error(out[0], out[1], count), 1e-6);
  free(out[0]);
  free(out[1]);
  free(x);
  free(dy);
  litdnnDestroyPoolingDescriptor(pd);
  litdnnDestroyTensorDescriptor(xd);
  litdnnDestroyTensorDescriptor(yd);
}
#line 1615 "chapters/07-softmax.nw"
static void check_softmax_op(int backward, const char *label, litdnnOp_t id)
{
  enum { N = 2, C = 19, H = 5, W = 7, COUNT = N * C * H * W };
  litdnnTensorDescriptor_t d = check_desc(LITDNN_TENSOR_NCHW, N, C, H, W);
  float *x = random_floats(COUNT, 31), *dy = random_floats(COUNT, 32);
  float one = 1, zero = 0;
  float *out[2];
  litdnnStatus_t status[2];
  litdnnHandle_t hs[2] = {dev, cpu};
  for (int k = 0; k < 2; k++) {
    void *dx = to_device(hs[k], x, COUNT), *ddy = to_device(hs[k], dy, COUNT), *o = to_device(hs[k], x, COUNT);
    status[k] = backward ? litdnnSoftmaxBackward(hs[k], LITDNN_SOFTMAX_ACCURATE, LITDNN_SOFTMAX_MODE_CHANNEL,
                                                 &one, d, dx, d, ddy, &zero, d, o)
                         : litdnnSoftmaxForward(hs[k], LITDNN_SOFTMAX_ACCURATE, LITDNN_SOFTMAX_MODE_CHANNEL,
                                                &one, d, dx, &zero, d, o);
    out[k] = to_host(hs[k], o, COUNT);
    litdnnFree(hs[k], dx);
    litdnnFree(hs[k], ddy);
    litdnnFree(hs[k], o);
  }
  report(label, id, status[0], relative_error(out[0], out[1], COUNT), 1e-5);
  free(out[0]);
  free(out[1]);
  free(x);
  free(dy);
  litdnnDestroyTensorDescriptor(d);
}
#line 2875 "chapters/08-normalization.nw"
static void check_batchnorm(void)
{
  enum { N = 3, C = 5, H = 7, W = 9, COUNT = N * C * H * W };
  litdnnTensorDescriptor_t t = check_desc(LITDNN_TENSOR_NCHW, N, C, H, W), bn;
  litdnnCreateTensorDescriptor(&bn);
  litdnnDeriveBNTensorDescriptor(bn, t, LITDNN_BATCHNORM_SPATIAL);
  float *x = random_floats(COUNT, 51), *dy = random_floats(COUNT, 52);
  float *scale = random_floats(C, 53), *bias = random_floats(C, 54), *running = random_floats(C, 55);
  float one = 1.0f, zero = 0.0f;
  enum { Y, MEAN, INVVAR, RMEAN, RVAR, DX, DSCALE, DBIAS, OUTS };
  size_t sizes[OUTS] = {COUNT, C, C, C, C, COUNT, C, C};
  float *out[2][OUTS];
  litdnnStatus_t status[2][2];
  litdnnHandle_t hs[2] = {dev, cpu};
  for (int k = 0; k < 2; k++) {
    void *dx = to_device(hs[k], x, COUNT), *ddy = to_device(hs[k], dy, COUNT);
    void *dscale = to_device(hs[k], scale, C), *dbias = to_device(hs[k], bias, C);
    void *d[OUTS];   /* the running averages start from `running`; the rest is overwritten */
    for (int o = 0; o < OUTS; o++)
      d[o] = to_device(hs[k], sizes[o] == (size_t)COUNT ? x : running, sizes[o]);
    status[k][0] = litdnnBatchNormalizationForwardTraining(
        hs[k], LITDNN_BATCHNORM_SPATIAL, &one, &zero, t, dx, t, d[Y], bn, dscale, dbias, 0.25, d[RMEAN],
        d[RVAR], 1e-5, d[MEAN], d[INVVAR]);
    status[k][1] = litdnnBatchNormalizationBackward(hs[k], LITDNN_BATCHNORM_SPATIAL, &one, &zero, &one, &zero, t,
                                                    dx, t, ddy, t, d[DX], bn, dscale, d[DSCALE], d[DBIAS], 1e-5,
                                                    d[MEAN], d[INVVAR]);
    litdnnSynchronize(hs[k]);
    for (int o = 0; o < OUTS; o++) {
      out[k][o] = to_host(hs[k], d[o], sizes[o]);
      litdnnFree(hs[k], d[o]);
    }
    litdnnFree(hs[k], dx); litdnnFree(hs[k], ddy); litdnnFree(hs[k], dscale); litdnnFree(hs[k], dbias);
  }
  double fwd = 0, bwd = 0;
  for (int o = Y; o <= RVAR; o++)
    fwd = fmax(fwd, relative_error(out[0][o], out[1][o], sizes[o]));
  for (int o = DX; o < OUTS; o++)
    bwd = fmax(bwd, relative_error(out[0][o], out[1][o], sizes[o]));
  report("batch norm training forward", LITDNN_OP_BATCHNORM_FORWARD_TRAINING, status[0][0], fwd, 1e-5);
  report("batch norm backward", LITDNN_OP_BATCHNORM_BACKWARD, status[0][1], bwd, 1e-5);
  for (int k = 0; k < 2; k++)
    for (int o = 0; o < OUTS; o++)
      free(out[k][o]);
  free(x); free(dy); free(scale); free(bias); free(running);
  litdnnDestroyTensorDescriptor(bn);
  litdnnDestroyTensorDescriptor(t);
}
#line 5690 "chapters/08-normalization.nw"
static void check_lrn(void)
{
  enum { N = 2, C = 13, H = 5, W = 7, COUNT = N * C * H * W };
  litdnnTensorDescriptor_t t = check_desc(LITDNN_TENSOR_NCHW, N, C, H, W);
  litdnnLRNDescriptor_t norm;
  litdnnCreateLRNDescriptor(&norm);
  litdnnSetLRNDescriptor(norm, 5, 0.5, 0.75, 1.0);
  float *x = random_floats(COUNT, 41), *dy = random_floats(COUNT, 42), *out[2][2];
  float one = 1.0f, zero = 0.0f;
  litdnnStatus_t status[2][2];
  litdnnHandle_t hs[2] = {dev, cpu};
  for (int k = 0; k < 2; k++) {
    void *dx = to_device(hs[k], x, COUNT), *ddy = to_device(hs[k], dy, COUNT);
    void *dy_out = to_device(hs[k], x, COUNT), *dgx = to_device(hs[k], x, COUNT);
    status[k][0] = litdnnLRNCrossChannelForward(hs[k], norm, LITDNN_LRN_CROSS_CHANNEL_DIM1, &one, t, dx, &zero, t,
                                                dy_out);
    status[k][1] = litdnnLRNCrossChannelBackward(hs[k], norm, LITDNN_LRN_CROSS_CHANNEL_DIM1, &one, t, dy_out, t,
                                                 ddy, t, dx, &zero, t, dgx);
    litdnnSynchronize(hs[k]);
    out[k][0] = to_host(hs[k], dy_out, COUNT);
    out[k][1] = to_host(hs[k], dgx, COUNT);
    litdnnFree(hs[k], dx); litdnnFree(hs[k], ddy); litdnnFree(hs[k], dy_out); litdnnFree(hs[k], dgx);
  }
  report("litdnnLRNCrossChannelForward (n=5)", LITDNN_OP_LRN_FORWARD, status[0][0],
         relative_error(out[0][0], out[1][0], COUNT), 1e-5);
  report("litdnnLRNCrossChannelBackward", LITDNN_OP_LRN_BACKWARD, status[0][1],
         relative_error(out[0][1], out[1][1], COUNT), 1e-5);
  for (int k = 0; k < 2; k++) { free(out[k][0]); free(out[k][1]); }
  free(x); free(dy);
  litdnnDestroyLRNDescriptor(norm);
  litdnnDestroyTensorDescriptor(t);
}
#line 862 "chapters/09-dropout.nw"
static void check_dropout(void)
{
  enum { N = 3, C = 7, H = 5, W = 9, COUNT = N * C * H * W };
  litdnnTensorDescriptor_t t = check_desc(LITDNN_TENSOR_NCHW, N, C, H, W);
  float *x = random_floats(COUNT, 31), *out[2][2];
  litdnnStatus_t status[2][2];
  litdnnHandle_t hs[2] = {dev, cpu};
  for (int k = 0; k < 2; k++) {
    litdnnDropoutDescriptor_t d;
    size_t states_bytes = 0, reserve_bytes = 0;
    void *states = NULL, *reserve = NULL;
    litdnnCreateDropoutDescriptor(&d);
    litdnnDropoutGetStatesSize(hs[k], &states_bytes);
    litdnnDropoutGetReserveSpaceSize(t, &reserve_bytes);
    litdnnMalloc(hs[k], &states, states_bytes);
    litdnnMalloc(hs[k], &reserve, reserve_bytes);
    litdnnSetDropoutDescriptor(d, hs[k], 0.375f, states, states_bytes, 2024ull);
    void *dx = to_device(hs[k], x, COUNT), *dy = to_device(hs[k], x, COUNT), *dg = to_device(hs[k], x, COUNT);
    status[k][0] = litdnnDropoutForward(hs[k], d, t, dx, t, dy, reserve, reserve_bytes);
    status[k][1] = litdnnDropoutBackward(hs[k], d, t, dx, t, dg, reserve, reserve_bytes);
    litdnnSynchronize(hs[k]);
    out[k][0] = to_host(hs[k], dy, COUNT);
    out[k][1] = to_host(hs[k], dg, COUNT);
    litdnnFree(hs[k], dx); litdnnFree(hs[k], dy); litdnnFree(hs[k], dg);
    litdnnFree(hs[k], states); litdnnFree(hs[k], reserve);
    litdnnDestroyDropoutDescriptor(d);
  }
  report("litdnnDropoutForward (p = 0.375)", LITDNN_OP_DROPOUT_FORWARD, status[0][0],
         relative_error(out[0][0], out[1][0], COUNT), 0.0);
  report("litdnnDropoutBackward", LITDNN_OP_DROPOUT_BACKWARD, status[0][1],
         relative_error(out[0][1], out[1][1], COUNT), 0.0);
  for (int k = 0; k < 2; k++) { free(out[k][0]); free(out[k][1]); }
  free(x);
  litdnnDestroyTensorDescriptor(t);
}
#line 4283 "chapters/10-rnn.nw"
/* one RNN through forward (training), backward data and backward weights on h */
static litdnnStatus_t run_rnn(litdnnHandle_t h, litdnnRNNMode_t cell, const float *x, const float *w, size_t wfloats,
                              const float *dy, float **y, float **dx, float **dw, size_t *ny, size_t *nx)
{
  enum { T = 5, N = 3, I = 7, H = 6, L = 2 };
  int lens[N] = {5, 2, 4};
  litdnnRNNDescriptor_t rnn;
  litdnnRNNDataDescriptor_t xd, yd;
  litdnnTensorDescriptor_t hd;
  int dims[3] = {2 * L, N, H}, strides[3] = {N * H, H, 1};
  size_t wbytes, kbytes, rbytes;
  litdnnCreateRNNDescriptor(&rnn);
  litdnnSetRNNDescriptor(rnn, LITDNN_RNN_ALGO_STANDARD, cell, LITDNN_RNN_DOUBLE_BIAS, LITDNN_BIDIRECTIONAL,
                         LITDNN_LINEAR_INPUT, LITDNN_DATA_FLOAT, LITDNN_DATA_FLOAT, LITDNN_MATH_FMA, I, H, H, L, NULL,
                         LITDNN_RNN_PADDED_IO_ENABLED);
  litdnnCreateRNNDataDescriptor(&xd);
  litdnnCreateRNNDataDescriptor(&yd);
  litdnnSetRNNDataDescriptor(xd, LITDNN_DATA_FLOAT, LITDNN_RNN_DATA_LAYOUT_BATCH_MAJOR_UNPACKED, T, N, I, lens, NULL);
  litdnnSetRNNDataDescriptor(yd, LITDNN_DATA_FLOAT, LITDNN_RNN_DATA_LAYOUT_BATCH_MAJOR_UNPACKED, T, N, 2 * H, lens,
                             NULL);
  litdnnCreateTensorDescriptor(&hd);
  litdnnSetTensorNdDescriptor(hd, LITDNN_DATA_FLOAT, 3, dims, strides);
  litdnnGetRNNWeightSpaceSize(h, rnn, &wbytes);
  litdnnGetRNNTempSpaceSizes(h, rnn, LITDNN_FWD_MODE_TRAINING, xd, &kbytes, &rbytes);
  *nx = (size_t)T * N * I;
  *ny = (size_t)T * N * 2 * H;
  float *zeros = calloc(*ny > wfloats ? *ny : wfloats, sizeof(float));
  void *dxin = to_device(h, x, *nx), *dyout = to_device(h, zeros, *ny), *dw_ = to_device(h, w, wfloats);
  void *ddy = to_device(h, dy, *ny), *ddx = to_device(h, zeros, *nx), *ddw = to_device(h, zeros, wfloats);
  void *work = NULL, *reserve = NULL;
  litdnnMalloc(h, &work, kbytes);
  litdnnMalloc(h, &reserve, rbytes);
  litdnnStatus_t s = wbytes == wfloats * sizeof(float) ? LITDNN_STATUS_SUCCESS : LITDNN_STATUS_INTERNAL_ERROR;
  if (s == LITDNN_STATUS_SUCCESS)
    s = litdnnRNNForward(h, rnn, LITDNN_FWD_MODE_TRAINING, NULL, xd, dxin, yd, dyout, hd, NULL, NULL, hd, NULL, NULL,
                         wbytes, dw_, kbytes, work, rbytes, reserve);
  if (s == LITDNN_STATUS_SUCCESS)
    s = litdnnRNNBackwardData(h, rnn, NULL, yd, dyout, ddy, xd, ddx, hd, NULL, NULL, NULL, hd, NULL, NULL, NULL, wbytes,
                              dw_, kbytes, work, rbytes, reserve);
  if (s == LITDNN_STATUS_SUCCESS)
    s = litdnnRNNBackwardWeights(h, rnn, LITDNN_WGRAD_MODE_ADD, NULL, xd, dxin, hd, NULL, yd, dyout, wbytes, ddw,
                                 kbytes, work, rbytes, reserve);
  *y = to_host(h, dyout, *ny);
  *dx = to_host(h, ddx, *nx);
  *dw = to_host(h, ddw, wfloats);
  litdnnFree(h, dxin), litdnnFree(h, dyout), litdnnFree(h, dw_), litdnnFree(h, ddy), litdnnFree(h, ddx);
  litdnnFree(h, ddw), litdnnFree(h, work), litdnnFree(h, reserve);
  free(zeros);
  litdnnDestroyRNNDataDescriptor(xd), litdnnDestroyRNNDataDescriptor(yd);
  litdnnDestroyTensorDescriptor(hd), litdnnDestroyRNNDescriptor(rnn);
  return s;
}

static void check_rnn(litdnnRNNMode_t cell, const char *name)
{
  /* the weight space's size, asked of a descriptor like run_rnn's */
  litdnnRNNDescriptor_t probe;
  size_t wbytes = 0, nx, ny;
  litdnnCreateRNNDescriptor(&probe);
  litdnnSetRNNDescriptor(probe, LITDNN_RNN_ALGO_STANDARD, cell, LITDNN_RNN_DOUBLE_BIAS, LITDNN_BIDIRECTIONAL,
                         LITDNN_LINEAR_INPUT, LITDNN_DATA_FLOAT, LITDNN_DATA_FLOAT, LITDNN_MATH_FMA, 7, 6, 6, 2, NULL,
                         LITDNN_RNN_PADDED_IO_ENABLED);
  litdnnGetRNNWeightSpaceSize(cpu, probe, &wbytes);
  litdnnDestroyRNNDescriptor(probe);
  size_t wfloats = wbytes / sizeof(float);
  float *x = random_floats(5 * 3 * 7, 71), *w = random_floats(wfloats, 73), *dy = random_floats(5 * 3 * 12, 79);
  float *y[2], *dx[2], *dw[2];
  litdnnStatus_t status[2];
  litdnnHandle_t hs[2] = {dev, cpu};
  for (int k = 0; k < 2; k++)
    status[k] = run_rnn(hs[k], cell, x, w, wfloats, dy, &y[k], &dx[k], &dw[k], &ny, &nx);
  char label[64];
  /* the padding of y and dx is zero on both: the buffers started at zero */
  snprintf(label, sizeof label, "litdnnRNNForward (%s)", name);
  report(label, LITDNN_OP_RNN_FORWARD, status[0], relative_error(y[0], y[1], ny), 1e-5);
  snprintf(label, sizeof label, "litdnnRNNBackwardData (%s)", name);
  report(label, LITDNN_OP_RNN_BACKWARD_DATA, status[0], relative_error(dx[0], dx[1], nx), 1e-4);
  snprintf(label, sizeof label, "litdnnRNNBackwardWeights (%s)", name);
  report(label, LITDNN_OP_RNN_BACKWARD_WEIGHTS, status[0], relative_error(dw[0], dw[1], wfloats), 1e-4);
  for (int k = 0; k < 2; k++)
    free(y[k]), free(dx[k]), free(dw[k]);
  free(x), free(w), free(dy);
}
#line 5766 "chapters/02-tensors.nw"
static void check_every_op(void)
{
  
#line 5773 "chapters/02-tensors.nw"
/* each chapter's operations follow, in the order of the book */
#line 5832 "chapters/02-tensors.nw"
check_tensor_op(0, "litdnnSetTensor", LITDNN_OP_SET_TENSOR);
check_tensor_op(1, "litdnnScaleTensor", LITDNN_OP_SCALE_TENSOR);
check_tensor_op(2, "litdnnAddTensor (bias 1xCx1x1)", LITDNN_OP_ADD_TENSOR);
check_tensor_op(3, "litdnnOpTensor (MUL)", LITDNN_OP_OP_TENSOR);
check_tensor_op(4, "litdnnTransformTensor NCHW->NHWC", LITDNN_OP_TRANSFORM_TENSOR);
#line 1536 "chapters/03-activations.nw"
for (int mode = 0; mode < LITDNN_ACTIVATION_MODE_COUNT; mode++)
  for (int backward = 0; backward <= 1; backward++)
    check_activation((litdnnActivationMode_t)mode, backward);
#line 3225 "chapters/04-matmul.nw"
{
  enum { M = 67, N = 45, K = 91 };
  float *a = random_floats((size_t)K * M, 41), *b = random_floats((size_t)K * N, 42);
  float *c = random_floats((size_t)M * N, 43);
  float alpha = 1.5f, beta = 0.5f;
  litdnnHandle_t hs[2] = {dev, cpu};
  float *out[2];
  litdnnStatus_t st[2];
  for (int x = 0; x < 2; x++) {
    void *da = to_device(hs[x], a, (size_t)K * M), *db = to_device(hs[x], b, (size_t)K * N);
    void *dc = to_device(hs[x], c, (size_t)M * N);
    st[x] = litdnnMatmul(hs[x], LITDNN_MATH_FMA, LITDNN_TRANSPOSE, LITDNN_NO_TRANSPOSE, M, N, K, &alpha,
                         da, K, 0, db, K, 0, &beta, dc, M, 0, 1);
    out[x] = to_host(hs[x], dc, (size_t)M * N);
    litdnnFree(hs[x], da);
    litdnnFree(hs[x], db);
    litdnnFree(hs[x], dc);
  }
  report("matmul 67x45x91 (A^T)", LITDNN_OP_MATMUL, st[0] != LITDNN_STATUS_SUCCESS ? st[0] : st[1],
         relative_error(out[0], out[1], (size_t)M * N), 1e-5);
  free(a); free(b); free(c); free(out[0]); free(out[1]);
}
#line 8229 "chapters/05-convolution.nw"
check_convolution(0);
check_convolution(1);
check_convolution(2);
#line 3186 "chapters/06-pooling.nw"
check_pooling_op(0, "litdnnPoolingForward (max 3x3/2)", LITDNN_OP_POOLING_FORWARD);
check_pooling_op(1, "litdnnPoolingBackward (max 3x3/2)", LITDNN_OP_POOLING_BACKWARD);
#line 1645 "chapters/07-softmax.nw"
check_softmax_op(0, "litdnnSoftmaxForward (channel)", LITDNN_OP_SOFTMAX_FORWARD);
check_softmax_op(1, "litdnnSoftmaxBackward (channel)", LITDNN_OP_SOFTMAX_BACKWARD);
#line 2925 "chapters/08-normalization.nw"
check_batchnorm();
#line 5725 "chapters/08-normalization.nw"
check_lrn();
#line 900 "chapters/09-dropout.nw"
check_dropout();
#line 4369 "chapters/10-rnn.nw"
check_rnn(LITDNN_RNN_TANH, "tanh");
check_rnn(LITDNN_LSTM, "LSTM");
check_rnn(LITDNN_GRU, "GRU");
#line 5769 "chapters/02-tensors.nw"
}

#line 5671 "chapters/02-tensors.nw"
int main(void)
{
  char name[256];
  printf("litdnn-check\n");
  printf("  header version   %d.%d.%d (LITDNN_VERSION %d)\n", LITDNN_MAJOR, LITDNN_MINOR,
         LITDNN_PATCHLEVEL, LITDNN_VERSION);
  printf("  library version  %zu\n", litdnnGetVersion());
  if (litdnnCreate(&dev) != LITDNN_STATUS_SUCCESS ||
      litdnnCreateWithBackend(&cpu, LITDNN_BACKEND_CPU) != LITDNN_STATUS_SUCCESS) {
    printf("FAIL: cannot create a handle: %s\n", litdnnGetLastErrorString());
    return 1;
  }
  litdnnBackend_t backend;
  litdnnGetBackend(dev, &backend);
  litdnnGetDeviceName(dev, name, sizeof name);
  printf("  backend          %s%s\n", litdnnGetBackendName(backend),
         getenv("LITDNN_BACKEND") ? " (from LITDNN_BACKEND)" : "");
  printf("  device           %s\n", name);
  printf("  backends built   cpu%s%s\n\n", litdnnBackendAvailable(LITDNN_BACKEND_CUDA) ? ", cuda" : "",
         litdnnBackendAvailable(LITDNN_BACKEND_EMU) ? ", emu" : "");
  printf("  %-34s %-22s %-12s %s\n", "operation", "stage", "rel. error", "result");
  check_every_op();
  litdnnDestroy(dev);
  litdnnDestroy(cpu);
  printf("\n%s\n", failures ? "litdnn-check: FAIL" : "litdnn-check: PASS");
  return failures ? 1 : 0;
}
