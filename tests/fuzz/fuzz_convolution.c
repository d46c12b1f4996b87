/* Fuzz target: convolution forward, backward data, backward filter,
   backward bias and the fused bias-activation forward, with the algorithm,
   the workspace and the problem from the bytes; also the algorithm
   queries (Get and Find). */
#include "fuzz.h"
#include <limits.h>
#include <string.h>

typedef struct {
  litdnnTensorDescriptor_t x, y, bias;
  litdnnFilterDescriptor_t w;
  litdnnConvolutionDescriptor_t conv;
  int nb;
} problem;

/* the descriptors; 0 if the library refused one of them (checked) */
static int make_problem(fz_bytes *b, problem *p)
{
  memset(p, 0, sizeof *p);
  int spatial = fz_chance(b, 85) ? 2 : fz_int(b, 1, 3);
  p->nb = spatial + 2;
  int groups = fz_chance(b, 75) ? 1 : fz_int(b, 1, 4);
  int n = fz_int(b, 1, 3), c = groups * fz_int(b, 1, 4), k = groups * fz_int(b, 1, 4);
  if (fz_chance(b, 10)) {
    c = fz_dim(b, 8);
    k = fz_dim(b, 8);
  }
  int xdims[5] = {n, c}, wdims[5] = {k, groups > 0 && c % groups == 0 ? c / groups : c};
  int pad[3], stride[3], dil[3];
  for (int i = 0; i < spatial; i++) {
    xdims[2 + i] = fz_chance(b, 95) ? fz_int(b, 1, 12) : fz_dim(b, 20);
    wdims[2 + i] = fz_chance(b, 95) ? fz_int(b, 1, 5) : fz_dim(b, 8);
    pad[i] = fz_chance(b, 95) ? fz_int(b, 0, 2) : fz_sat((long long)fz_dim(b, 4) - 2);
    stride[i] = fz_chance(b, 95) ? fz_int(b, 1, 3) : fz_sat((long long)fz_dim(b, 4) - 1);
    dil[i] = fz_chance(b, 90) ? 1 : fz_chance(b, 90) ? 2 : fz_sat((long long)fz_dim(b, 3) - 1);
  }
  litdnnTensorFormat_t format = fz_chance(b, 70) ? LITDNN_TENSOR_NCHW : LITDNN_TENSOR_NHWC;
  litdnnCreateTensorDescriptor(&p->x);
  litdnnCreateFilterDescriptor(&p->w);
  litdnnCreateConvolutionDescriptor(&p->conv);
  if (!fz_check_desc("litdnnSetTensorNdDescriptorEx",
                     litdnnSetTensorNdDescriptorEx(p->x, format, LITDNN_DATA_FLOAT, p->nb, xdims)))
    return 0;
  if (!fz_check_desc("litdnnSetFilterNdDescriptor",
                     litdnnSetFilterNdDescriptor(p->w, fz_chance(b, 97) ? LITDNN_DATA_FLOAT
                                                                        : (litdnnDataType_t)fz_enum(b, 4),
                                                 fz_chance(b, 90) ? format : (litdnnTensorFormat_t)fz_enum(b, 2),
                                                 p->nb, wdims)))
    return 0;
  if (!fz_check_desc("litdnnSetConvolutionNdDescriptor",
                     litdnnSetConvolutionNdDescriptor(p->conv, spatial, pad, stride, dil,
                                                      (litdnnConvolutionMode_t)fz_enum(b, 2),
                                                      fz_chance(b, 97) ? LITDNN_DATA_FLOAT
                                                                       : (litdnnDataType_t)fz_enum(b, 4))))
    return 0;
  if (groups != 1 && !fz_check_desc("litdnnSetConvolutionGroupCount",
                                     litdnnSetConvolutionGroupCount(p->conv, groups)))
    return 0;
  if (fz_chance(b, 20) &&
      !fz_check_desc("litdnnSetConvolutionMathType",
                     litdnnSetConvolutionMathType(p->conv, (litdnnMathType_t)fz_enum(b, 2))))
    return 0;
  int ydims[5];
  if (!fz_check_desc("litdnnGetConvolutionNdForwardOutputDim",
                     litdnnGetConvolutionNdForwardOutputDim(p->conv, p->x, p->w, p->nb, ydims)))
    return 0;
  if (fz_chance(b, 5))   /* a mismatched output (K may be INT_MAX) */
    ydims[1] += ydims[1] < INT_MAX ? 1 : -1;
  litdnnCreateTensorDescriptor(&p->y);
  if (!fz_check_desc("litdnnSetTensorNdDescriptorEx",
                     litdnnSetTensorNdDescriptorEx(p->y, fz_chance(b, 95) ? format : LITDNN_TENSOR_NHWC,
                                                   LITDNN_DATA_FLOAT, p->nb, ydims)))
    return 0;
  int bdims[5] = {1, ydims[1], 1, 1, 1};
  litdnnCreateTensorDescriptor(&p->bias);
  return fz_check_desc("litdnnSetTensorNdDescriptorEx",
                       litdnnSetTensorNdDescriptorEx(p->bias, LITDNN_TENSOR_NCHW, LITDNN_DATA_FLOAT, p->nb, bdims));
}

static void free_problem(problem *p)
{
  if (p->x)
    litdnnDestroyTensorDescriptor(p->x);
  if (p->y)
    litdnnDestroyTensorDescriptor(p->y);
  if (p->bias)
    litdnnDestroyTensorDescriptor(p->bias);
  if (p->w)
    litdnnDestroyFilterDescriptor(p->w);
  if (p->conv)
    litdnnDestroyConvolutionDescriptor(p->conv);
}

/* the filter's buffer: k * c/g * taps floats, as its descriptor says */
static int alloc_filter(litdnnHandle_t h, fz_bytes *b, fz_buffer *buf, litdnnFilterDescriptor_t w)
{
  litdnnDataType_t t;
  litdnnTensorFormat_t f;
  int nb, dims[8];
  memset(buf, 0, sizeof *buf);
  if (!fz_check_desc("litdnnGetFilterNdDescriptor", litdnnGetFilterNdDescriptor(w, 8, &t, &f, &nb, dims)))
    return 0;
  size_t count = 1;
  for (int i = 0; i < nb; i++)
    count *= (size_t)dims[i];
  return fz_alloc(h, b, buf, count * 4);
}

static size_t workspace_bytes(fz_bytes *b, size_t asked)
{
  unsigned how = fz_u8(b) % 10;
  return how < 8 ? asked : how < 9 ? (asked > 0 ? asked - 1 : 0) : asked + 64;
}

void fz_target(fz_bytes *b)
{
  litdnnHandle_t h = fz_handle(b);
  unsigned pass = fz_u8(b) % 6;
  static const litdnnOp_t ops[] = {LITDNN_OP_CONVOLUTION_FORWARD, LITDNN_OP_CONVOLUTION_BACKWARD_DATA,
                                   LITDNN_OP_CONVOLUTION_BACKWARD_FILTER, LITDNN_OP_CONVOLUTION_BACKWARD_BIAS,
                                   LITDNN_OP_CONVOLUTION_FORWARD, LITDNN_OP_CONVOLUTION_FORWARD};
  fz_stage(h, b, ops[pass]);
  problem p;
  fz_buffer X = {0}, W = {0}, Y = {0}, Z = {0}, BIAS = {0}, WS = {0};
  float alpha = fz_scale(b), beta = fz_scale(b);
  if (!make_problem(b, &p))
    goto done;
  if (!fz_alloc_tensor(h, b, &X, p.x) || !alloc_filter(h, b, &W, p.w) || !fz_alloc_tensor(h, b, &Y, p.y) ||
      !fz_alloc_tensor(h, b, &BIAS, p.bias))
    goto done;
  size_t ws = 0;
  litdnnStatus_t s;
  switch (pass) {
  case 0: {
    litdnnConvolutionFwdAlgo_t algo = (litdnnConvolutionFwdAlgo_t)fz_enum(b, LITDNN_CONVOLUTION_FWD_ALGO_COUNT);
    if (!fz_check_desc("litdnnGetConvolutionForwardWorkspaceSize",
                       litdnnGetConvolutionForwardWorkspaceSize(h, p.x, p.w, p.conv, p.y, algo, &ws)))
      break;
    if (!fz_alloc(h, b, &WS, workspace_bytes(b, ws)))
      break;
    s = litdnnConvolutionForward(h, &alpha, p.x, X.dev, p.w, W.dev, p.conv, algo, WS.dev, WS.bytes, &beta, p.y,
                                 Y.dev);
    fz_check(h, "litdnnConvolutionForward", s, &Y, 1);
    break;
  }
  case 1: {
    litdnnConvolutionBwdDataAlgo_t algo =
        (litdnnConvolutionBwdDataAlgo_t)fz_enum(b, LITDNN_CONVOLUTION_BWD_DATA_ALGO_COUNT);
    if (!fz_check_desc("litdnnGetConvolutionBackwardDataWorkspaceSize",
                       litdnnGetConvolutionBackwardDataWorkspaceSize(h, p.w, p.y, p.conv, p.x, algo, &ws)))
      break;
    if (!fz_alloc(h, b, &WS, workspace_bytes(b, ws)))
      break;
    s = litdnnConvolutionBackwardData(h, &alpha, p.w, W.dev, p.y, Y.dev, p.conv, algo, WS.dev, WS.bytes, &beta,
                                      p.x, X.dev);
    fz_check(h, "litdnnConvolutionBackwardData", s, &X, 1);
    break;
  }
  case 2: {
    litdnnConvolutionBwdFilterAlgo_t algo =
        (litdnnConvolutionBwdFilterAlgo_t)fz_enum(b, LITDNN_CONVOLUTION_BWD_FILTER_ALGO_COUNT);
    if (!fz_check_desc("litdnnGetConvolutionBackwardFilterWorkspaceSize",
                       litdnnGetConvolutionBackwardFilterWorkspaceSize(h, p.x, p.y, p.conv, p.w, algo, &ws)))
      break;
    if (!fz_alloc(h, b, &WS, workspace_bytes(b, ws)))
      break;
    s = litdnnConvolutionBackwardFilter(h, &alpha, p.x, X.dev, p.y, Y.dev, p.conv, algo, WS.dev, WS.bytes, &beta,
                                        p.w, W.dev);
    fz_check(h, "litdnnConvolutionBackwardFilter", s, &W, 1);
    break;
  }
  case 3:
    s = litdnnConvolutionBackwardBias(h, &alpha, p.y, Y.dev, &beta, p.bias, BIAS.dev);
    fz_check(h, "litdnnConvolutionBackwardBias", s, &BIAS, 1);
    break;
  case 4: {
    litdnnConvolutionFwdAlgo_t algo = (litdnnConvolutionFwdAlgo_t)fz_enum(b, LITDNN_CONVOLUTION_FWD_ALGO_COUNT);
    litdnnActivationDescriptor_t act;
    litdnnCreateActivationDescriptor(&act);
    litdnnSetActivationDescriptor(act, fz_chance(b, 80) ? LITDNN_ACTIVATION_RELU : LITDNN_ACTIVATION_IDENTITY,
                                  LITDNN_NOT_PROPAGATE_NAN, 0.0);
    if (fz_check_desc("litdnnGetConvolutionForwardWorkspaceSize",
                      litdnnGetConvolutionForwardWorkspaceSize(h, p.x, p.w, p.conv, p.y, algo, &ws)) &&
        fz_alloc(h, b, &WS, workspace_bytes(b, ws)) && fz_alloc_tensor(h, b, &Z, p.y)) {
      float alpha2 = fz_scale(b);
      s = litdnnConvolutionBiasActivationForward(h, &alpha, p.x, X.dev, p.w, W.dev, p.conv, algo, WS.dev, WS.bytes,
                                                 &alpha2, p.y, Z.dev, p.bias, BIAS.dev, act, p.y, Y.dev);
      fz_check(h, "litdnnConvolutionBiasActivationForward", s, &Y, 1);
    }
    litdnnDestroyActivationDescriptor(act);
    break;
  }
  default: {
    /* the algorithm queries: every answer they give must run */
    litdnnConvolutionFwdAlgoPerf_t perf[LITDNN_CONVOLUTION_FWD_ALGO_COUNT];
    int got = 0;
    int want = fz_int(b, 0, LITDNN_CONVOLUTION_FWD_ALGO_COUNT);
    int find = !fz_chance(b, 50);
    if (!find)
      s = litdnnGetConvolutionForwardAlgorithm(h, p.x, p.w, p.conv, p.y, want, &got, perf);
    else if (fz_alloc(h, b, &WS, fz_int(b, 0, 1 << 16)))
      s = litdnnFindConvolutionForwardAlgorithm(h, p.x, X.dev, p.w, W.dev, p.conv, p.y, Y.dev, want, &got, perf,
                                                WS.dev, WS.bytes);
    else
      break;
    if (!fz_check_desc(find ? "litdnnFindConvolutionForwardAlgorithm" : "litdnnGetConvolutionForwardAlgorithm", s))
      break;
    if (got < 0 || got > want)
      fz_fail("the algorithm query returned %d of %d answers", got, want);
    for (int i = 0; i < got; i++) {
      if (perf[i].status != LITDNN_STATUS_SUCCESS)
        continue;
      fz_buffer ws2;
      if (!fz_alloc(h, b, &ws2, perf[i].memory))
        continue;
      s = litdnnConvolutionForward(h, &alpha, p.x, X.dev, p.w, W.dev, p.conv, perf[i].algo, ws2.dev, ws2.bytes,
                                   &beta, p.y, Y.dev);
      if (s != LITDNN_STATUS_SUCCESS && s != LITDNN_STATUS_NOT_SUPPORTED_BACKEND &&
          s != LITDNN_STATUS_NOT_SUPPORTED)
        fz_fail("algorithm %d, offered by the query with %zu bytes of workspace, failed: %s", (int)perf[i].algo,
                perf[i].memory, litdnnGetLastErrorString());
      fz_check(h, "litdnnConvolutionForward", s, &Y, 1);
      fz_free(h, &ws2);
    }
    break;
  }
  }
done:
  fz_free(h, &X);
  fz_free(h, &W);
  fz_free(h, &Y);
  fz_free(h, &Z);
  fz_free(h, &BIAS);
  fz_free(h, &WS);
  free_problem(&p);
}
