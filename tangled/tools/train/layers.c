#line 422 "chapters/11-training.nw"
/* Layer objects, the networks built from them, and the training step. */
#include "train.h"
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#line 446 "chapters/11-training.nw"
static const float one = 1.0f, zero = 0.0f;

static int lib_fail(train_net *net, const char *layer, const char *call, litdnnStatus_t s)
{
  int len = (int)strcspn(call, "(");
  return train_fail(net->err, sizeof net->err, "%s: %.*s failed: %s (%s)", layer, len, call,
                    litdnnGetErrorString(s), litdnnGetLastErrorString());
}
#define TRY(call)                                                          \
  do {                                                                     \
    litdnnStatus_t s_ = (call);                                            \
    if (s_ != LITDNN_STATUS_SUCCESS)                                       \
      return lib_fail(net, l ? l->name : "network", #call, s_);            \
  } while (0)

static float *param_w(train_net *net, int p) { return net->weights + net->params[p].offset; }
static float *param_g(train_net *net, int p) { return net->grads + net->params[p].offset; }

/* grow a device buffer to at least bytes; it keeps its size when it is
   large enough (the contents are not kept) */
static int grow_buffer(train_net *net, train_layer *l, void **buf, size_t *size, size_t bytes)
{
  if (bytes <= *size)
    return 0;
  litdnnFree(net->handle, *buf);
  *buf = NULL;
  *size = 0;
  TRY(litdnnMalloc(net->handle, buf, bytes));
  *size = bytes;
  return 0;
}

static double now_seconds(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int set4d(litdnnTensorDescriptor_t d, int n, int c, int h, int w)
{
  return litdnnSetTensor4dDescriptor(d, LITDNN_TENSOR_NCHW, LITDNN_DATA_FLOAT, n, c, h, w)
             == LITDNN_STATUS_SUCCESS ? 0 : -1;
}

/* input and output descriptors for a batch of n: every layer's first step */
static int shape_io(train_net *net, train_layer *l, int n)
{
  TRY(litdnnSetTensor4dDescriptor(l->x_desc, LITDNN_TENSOR_NCHW, LITDNN_DATA_FLOAT, n, l->in_c,
                                  l->in_h, l->in_w));
  TRY(litdnnSetTensor4dDescriptor(l->y_desc, LITDNN_TENSOR_NCHW, LITDNN_DATA_FLOAT, n, l->c,
                                  l->h, l->w));
  l->n = n;
  return 0;
}

static size_t per_image(int c, int h, int w) { return (size_t)c * h * w; }
#line 548 "chapters/11-training.nw"
typedef struct {
  int n;
  litdnnConvolutionFwdAlgo_t fwd;
  litdnnConvolutionBwdDataAlgo_t bwd_data;
  litdnnConvolutionBwdFilterAlgo_t bwd_filter;
  size_t workspace;
} conv_choice;

typedef struct {
  train_layer base;
  int k, r, pad, bias, relu, need_dx;
  int w_param, b_param;
  const float *in;                        /* the layer below's output (for Find) */
  litdnnFilterDescriptor_t w_desc;
  litdnnConvolutionDescriptor_t conv;
  litdnnTensorDescriptor_t b_desc;
  litdnnActivationDescriptor_t act;
  conv_choice cache[4];                   /* per batch size seen */
  int cached;
  conv_choice use;
  float *dz;                              /* the gradient before the ReLU */
} conv_layer;

#line 642 "chapters/11-training.nw"
/* entry i of a perf list can run, within a workspace of limit bytes */
#define ALGO_FITS(perf, i, limit) ((perf)[i].status == LITDNN_STATUS_SUCCESS && (perf)[i].memory <= (limit))

#define PICK_ALGO(perf, count, limit, out)                                      \
  do {                                                                         \
    int found_ = 0;                                                            \
    for (int i_ = 0; i_ < (count) && !found_; i_++)                            \
      if (ALGO_FITS(perf, i_, limit)) {                                        \
        (out) = (perf)[i_].algo;                                               \
        found_ = 1;                                                            \
      }                                                                        \
    if (!found_)                                                               \
      return train_fail(net->err, sizeof net->err, "%s: no algorithm runs this convolution " \
                        "within a workspace of %zu bytes", l->name, (size_t)(limit));        \
  } while (0)

/* out = the largest workspace that an algorithm of the list able to run
   asks for, if it is under the limit and above out */
#define LARGEST_UNDER(perf, count, limit, out)                                  \
  for (int i_ = 0; i_ < (count); i_++)                                         \
    if (ALGO_FITS(perf, i_, limit) && (perf)[i_].memory > (out))               \
      (out) = (perf)[i_].memory

static int conv_choose(train_net *net, conv_layer *cv, conv_choice *c)
{
  train_layer *l = &cv->base;
  litdnnHandle_t h = net->handle;
  size_t limit = net->cfg.workspace_limit, ws_fwd = 0, ws_data = 0, ws_filter = 0;
  litdnnConvolutionFwdAlgoPerf_t fp[LITDNN_CONVOLUTION_FWD_ALGO_COUNT];
  litdnnConvolutionBwdDataAlgoPerf_t dp[LITDNN_CONVOLUTION_BWD_DATA_ALGO_COUNT];
  litdnnConvolutionBwdFilterAlgoPerf_t wp[LITDNN_CONVOLUTION_BWD_FILTER_ALGO_COUNT];
  int nf = 0, nd = 0, nw = 0;
  const float *w = param_w(net, cv->w_param);
  float *dw = param_g(net, cv->w_param);
  TRY(litdnnGetConvolutionForwardAlgorithm(h, l->x_desc, cv->w_desc, cv->conv, l->y_desc,
      LITDNN_CONVOLUTION_FWD_ALGO_COUNT, &nf, fp));
  TRY(litdnnGetConvolutionBackwardFilterAlgorithm(h, l->x_desc, l->y_desc, cv->conv,
      cv->w_desc, LITDNN_CONVOLUTION_BWD_FILTER_ALGO_COUNT, &nw, wp));
  if (cv->need_dx)
    TRY(litdnnGetConvolutionBackwardDataAlgorithm(h, cv->w_desc, l->y_desc, cv->conv,
        l->x_desc, LITDNN_CONVOLUTION_BWD_DATA_ALGO_COUNT, &nd, dp));
  if (net->cfg.find) {
    /* Find runs the algorithms, on the layer's buffers, in a workspace as
       large as the largest that an algorithm under the limit asks for */
    size_t lend = 0;
    LARGEST_UNDER(fp, nf, limit, lend);
    LARGEST_UNDER(wp, nw, limit, lend);
    if (cv->need_dx)
      LARGEST_UNDER(dp, nd, limit, lend);
    if (grow_buffer(net, l, &net->ws, &net->ws_size, lend) != 0)
      return -1;
    TRY(litdnnFindConvolutionForwardAlgorithm(h, l->x_desc, cv->in, cv->w_desc, w, cv->conv,
        l->y_desc, l->y, LITDNN_CONVOLUTION_FWD_ALGO_COUNT, &nf, fp, net->ws, lend));
    TRY(litdnnFindConvolutionBackwardFilterAlgorithm(h, l->x_desc, cv->in, l->y_desc, l->y,
        cv->conv, cv->w_desc, dw, LITDNN_CONVOLUTION_BWD_FILTER_ALGO_COUNT, &nw, wp, net->ws,
        lend));
    if (cv->need_dx)
      TRY(litdnnFindConvolutionBackwardDataAlgorithm(h, cv->w_desc, w, l->y_desc, l->y, cv->conv,
          l->x_desc, l->dx, LITDNN_CONVOLUTION_BWD_DATA_ALGO_COUNT, &nd, dp, net->ws, lend));
  }
  PICK_ALGO(fp, nf, limit, c->fwd);
  PICK_ALGO(wp, nw, limit, c->bwd_filter);
  c->bwd_data = LITDNN_CONVOLUTION_BWD_DATA_ALGO_REFERENCE;   /* never run: no dx */
  if (cv->need_dx)
    PICK_ALGO(dp, nd, limit, c->bwd_data);
  TRY(litdnnGetConvolutionForwardWorkspaceSize(h, l->x_desc, cv->w_desc, cv->conv, l->y_desc,
                                               c->fwd, &ws_fwd));
  TRY(litdnnGetConvolutionBackwardFilterWorkspaceSize(h, l->x_desc, l->y_desc, cv->conv,
                                                      cv->w_desc, c->bwd_filter, &ws_filter));
  if (cv->need_dx)
    TRY(litdnnGetConvolutionBackwardDataWorkspaceSize(h, cv->w_desc, l->y_desc, cv->conv,
                                                      l->x_desc, c->bwd_data, &ws_data));
  c->workspace = ws_fwd > ws_data ? ws_fwd : ws_data;
  if (ws_filter > c->workspace)
    c->workspace = ws_filter;
  return 0;
}

#line 573 "chapters/11-training.nw"
static int conv_shape(train_net *net, train_layer *l, int n)
{
  conv_layer *cv = (conv_layer *)l;
  if (shape_io(net, l, n) != 0)
    return -1;
  int i = 0;
  while (i < cv->cached && cv->cache[i].n != n)
    i++;
  if (i == cv->cached) {
    conv_choice c = {.n = n};
    if (conv_choose(net, cv, &c) != 0)
      return -1;
    i = cv->cached < 4 ? cv->cached++ : 3;
    cv->cache[i] = c;
  }
  cv->use = cv->cache[i];
  return grow_buffer(net, l, &net->ws, &net->ws_size, cv->use.workspace);
}

static int conv_forward(train_net *net, train_layer *l, const float *x, int training)
{
  conv_layer *cv = (conv_layer *)l;
  if (cv->bias)
    TRY(litdnnConvolutionBiasActivationForward(net->handle, &one, l->x_desc, x, cv->w_desc,
        param_w(net, cv->w_param), cv->conv, cv->use.fwd, net->ws, net->ws_size, &zero, l->y_desc,
        l->y, cv->b_desc, param_w(net, cv->b_param), cv->act, l->y_desc, l->y));
  else
    TRY(litdnnConvolutionForward(net->handle, &one, l->x_desc, x, cv->w_desc,
        param_w(net, cv->w_param), cv->conv, cv->use.fwd, net->ws, net->ws_size, &zero,
        l->y_desc, l->y));
  return 0;
}

static int conv_backward(train_net *net, train_layer *l, const float *x, const float *dy,
                         int need_dx)
{
  conv_layer *cv = (conv_layer *)l;
  const float *g = dy;
  if (cv->relu) {
    TRY(litdnnActivationBackward(net->handle, cv->act, &one, l->y_desc, l->y, l->y_desc, dy,
                                 l->y_desc, l->y, &zero, l->y_desc, cv->dz));
    g = cv->dz;
  }
  if (cv->bias)
    TRY(litdnnConvolutionBackwardBias(net->handle, &one, l->y_desc, g, &zero, cv->b_desc,
                                      param_g(net, cv->b_param)));
  TRY(litdnnConvolutionBackwardFilter(net->handle, &one, l->x_desc, x, l->y_desc, g, cv->conv,
      cv->use.bwd_filter, net->ws, net->ws_size, &zero, cv->w_desc, param_g(net, cv->w_param)));
  if (need_dx)
    TRY(litdnnConvolutionBackwardData(net->handle, &one, cv->w_desc, param_w(net, cv->w_param),
        l->y_desc, g, cv->conv, cv->use.bwd_data, net->ws, net->ws_size, &zero, l->x_desc, l->dx));
  return 0;
}

static void conv_destroy(train_net *net, train_layer *l)
{
  conv_layer *cv = (conv_layer *)l;
  litdnnDestroyFilterDescriptor(cv->w_desc);
  litdnnDestroyConvolutionDescriptor(cv->conv);
  litdnnDestroyTensorDescriptor(cv->b_desc);
  litdnnDestroyActivationDescriptor(cv->act);
  litdnnFree(net->handle, cv->dz);
}

static const train_layer_ops conv_ops = {"convolution", conv_shape, conv_forward, conv_backward,
                                         conv_destroy};
#line 734 "chapters/11-training.nw"
#define TRAIN_BN_EPSILON 1e-5
#define TRAIN_BN_FACTOR 0.1

typedef struct {
  train_layer base;
  int scale_param, bias_param, mean_param, var_param;
  litdnnTensorDescriptor_t bn_desc;
  float *save_mean, *save_inv_std;
} bn_layer;

static int bn_shape(train_net *net, train_layer *l, int n)
{
  bn_layer *bn = (bn_layer *)l;
  if (shape_io(net, l, n) != 0)
    return -1;
  TRY(litdnnDeriveBNTensorDescriptor(bn->bn_desc, l->x_desc, LITDNN_BATCHNORM_SPATIAL));
  return 0;
}

static int bn_forward(train_net *net, train_layer *l, const float *x, int training)
{
  bn_layer *bn = (bn_layer *)l;
  if (training)
    TRY(litdnnBatchNormalizationForwardTraining(net->handle, LITDNN_BATCHNORM_SPATIAL, &one,
        &zero, l->x_desc, x, l->y_desc, l->y, bn->bn_desc, param_w(net, bn->scale_param),
        param_w(net, bn->bias_param), TRAIN_BN_FACTOR, param_w(net, bn->mean_param),
        param_w(net, bn->var_param), TRAIN_BN_EPSILON, bn->save_mean, bn->save_inv_std));
  else
    TRY(litdnnBatchNormalizationForwardInference(net->handle, LITDNN_BATCHNORM_SPATIAL, &one,
        &zero, l->x_desc, x, l->y_desc, l->y, bn->bn_desc, param_w(net, bn->scale_param),
        param_w(net, bn->bias_param), param_w(net, bn->mean_param), param_w(net, bn->var_param),
        TRAIN_BN_EPSILON));
  return 0;
}

static int bn_backward(train_net *net, train_layer *l, const float *x, const float *dy,
                       int need_dx)
{
  bn_layer *bn = (bn_layer *)l;
  TRY(litdnnBatchNormalizationBackward(net->handle, LITDNN_BATCHNORM_SPATIAL, &one, &zero, &one,
      &zero, l->x_desc, x, l->y_desc, dy, l->x_desc, l->dx, bn->bn_desc,
      param_w(net, bn->scale_param), param_g(net, bn->scale_param), param_g(net, bn->bias_param),
      TRAIN_BN_EPSILON, bn->save_mean, bn->save_inv_std));
  return 0;
}

static void bn_destroy(train_net *net, train_layer *l)
{
  bn_layer *bn = (bn_layer *)l;
  litdnnDestroyTensorDescriptor(bn->bn_desc);
  litdnnFree(net->handle, bn->save_mean);
  litdnnFree(net->handle, bn->save_inv_std);
}

static const train_layer_ops bn_ops = {"batch norm", bn_shape, bn_forward, bn_backward,
                                       bn_destroy};
#line 803 "chapters/11-training.nw"
typedef struct {
  train_layer base;
  litdnnPoolingDescriptor_t pool;
} pool_layer;

static int pool_forward(train_net *net, train_layer *l, const float *x, int training)
{
  TRY(litdnnPoolingForward(net->handle, ((pool_layer *)l)->pool, &one, l->x_desc, x, &zero,
                           l->y_desc, l->y));
  return 0;
}

static int pool_backward(train_net *net, train_layer *l, const float *x, const float *dy,
                         int need_dx)
{
  TRY(litdnnPoolingBackward(net->handle, ((pool_layer *)l)->pool, &one, l->y_desc, l->y,
                            l->y_desc, dy, l->x_desc, x, &zero, l->x_desc, l->dx));
  return 0;
}

static void pool_destroy(train_net *net, train_layer *l)
{
  litdnnDestroyPoolingDescriptor(((pool_layer *)l)->pool);
}

static const train_layer_ops pool_ops = {"max pooling", shape_io, pool_forward, pool_backward,
                                         pool_destroy};

typedef struct {
  train_layer base;
  litdnnActivationDescriptor_t act;
} relu_layer;

static int relu_forward(train_net *net, train_layer *l, const float *x, int training)
{
  TRY(litdnnActivationForward(net->handle, ((relu_layer *)l)->act, &one, l->x_desc, x, &zero,
                              l->y_desc, l->y));
  return 0;
}

static int relu_backward(train_net *net, train_layer *l, const float *x, const float *dy,
                         int need_dx)
{
  TRY(litdnnActivationBackward(net->handle, ((relu_layer *)l)->act, &one, l->y_desc, l->y,
                               l->y_desc, dy, l->x_desc, x, &zero, l->x_desc, l->dx));
  return 0;
}

static void relu_destroy(train_net *net, train_layer *l)
{
  litdnnDestroyActivationDescriptor(((relu_layer *)l)->act);
}

static const train_layer_ops relu_ops = {"relu", shape_io, relu_forward, relu_backward,
                                         relu_destroy};
#line 884 "chapters/11-training.nw"
typedef struct {
  train_layer base;
  int w_param, b_param;
  litdnnTensorDescriptor_t b_desc;
} fc_layer;

static int fc_forward(train_net *net, train_layer *l, const float *x, int training)
{
  fc_layer *fc = (fc_layer *)l;
  int in = (int)per_image(l->in_c, l->in_h, l->in_w), out = l->c;
  TRY(litdnnMatmul(net->handle, LITDNN_MATH_FMA, LITDNN_TRANSPOSE, LITDNN_NO_TRANSPOSE, out, l->n,
                   in, &one, param_w(net, fc->w_param), in, 0, x, in, 0, &zero, l->y, out, 0, 1));
  TRY(litdnnAddTensor(net->handle, &one, fc->b_desc, param_w(net, fc->b_param), &one, l->y_desc,
                      l->y));
  return 0;
}

static int fc_backward(train_net *net, train_layer *l, const float *x, const float *dy,
                       int need_dx)
{
  fc_layer *fc = (fc_layer *)l;
  int in = (int)per_image(l->in_c, l->in_h, l->in_w), out = l->c;
  TRY(litdnnConvolutionBackwardBias(net->handle, &one, l->y_desc, dy, &zero, fc->b_desc,
                                    param_g(net, fc->b_param)));
  TRY(litdnnMatmul(net->handle, LITDNN_MATH_FMA, LITDNN_NO_TRANSPOSE, LITDNN_TRANSPOSE, in, out,
                   l->n, &one, x, in, 0, dy, out, 0, &zero, param_g(net, fc->w_param), in, 0, 1));
  if (need_dx)
    TRY(litdnnMatmul(net->handle, LITDNN_MATH_FMA, LITDNN_NO_TRANSPOSE, LITDNN_NO_TRANSPOSE, in,
                     l->n, out, &one, param_w(net, fc->w_param), in, 0, dy, out, 0, &zero, l->dx,
                     in, 0, 1));
  return 0;
}

static void fc_destroy(train_net *net, train_layer *l)
{
  litdnnDestroyTensorDescriptor(((fc_layer *)l)->b_desc);
}

static const train_layer_ops fc_ops = {"fully connected", shape_io, fc_forward, fc_backward,
                                       fc_destroy};
#line 941 "chapters/11-training.nw"
typedef struct {
  train_layer base;
  float p;
  unsigned long long seed;
  litdnnDropoutDescriptor_t drop;
  void *states, *reserve;
  size_t states_size, reserve_size;
} dropout_layer;

static int dropout_reset(train_net *net, dropout_layer *d)
{
  train_layer *l = &d->base;
  TRY(litdnnSetDropoutDescriptor(d->drop, net->handle, d->p, d->states, d->states_size, d->seed));
  return 0;
}

static int dropout_shape(train_net *net, train_layer *l, int n)
{
  dropout_layer *d = (dropout_layer *)l;
  size_t need = 0;
  if (shape_io(net, l, n) != 0)
    return -1;
  TRY(litdnnDropoutGetReserveSpaceSize(l->x_desc, &need));
  return grow_buffer(net, l, &d->reserve, &d->reserve_size, need);
}

static int dropout_forward(train_net *net, train_layer *l, const float *x, int training)
{
  dropout_layer *d = (dropout_layer *)l;
  if (training)
    TRY(litdnnDropoutForward(net->handle, d->drop, l->x_desc, x, l->y_desc, l->y, d->reserve,
                             d->reserve_size));
  else
    TRY(litdnnMemcpy(net->handle, l->y, x, (size_t)l->n * per_image(l->c, l->h, l->w) *
                     sizeof(float), LITDNN_MEMCPY_DEVICE_TO_DEVICE));
  return 0;
}

static int dropout_backward(train_net *net, train_layer *l, const float *x, const float *dy,
                            int need_dx)
{
  dropout_layer *d = (dropout_layer *)l;
  TRY(litdnnDropoutBackward(net->handle, d->drop, l->y_desc, dy, l->x_desc, l->dx, d->reserve,
                            d->reserve_size));
  return 0;
}

static void dropout_destroy(train_net *net, train_layer *l)
{
  dropout_layer *d = (dropout_layer *)l;
  litdnnDestroyDropoutDescriptor(d->drop);
  litdnnFree(net->handle, d->states);
  litdnnFree(net->handle, d->reserve);
}

static const train_layer_ops dropout_ops = {"dropout", dropout_shape, dropout_forward,
                                            dropout_backward, dropout_destroy};
#line 1020 "chapters/11-training.nw"
static int logsoftmax_forward(train_net *net, train_layer *l, const float *x, int training)
{
  TRY(litdnnSoftmaxForward(net->handle, LITDNN_SOFTMAX_LOG, LITDNN_SOFTMAX_MODE_INSTANCE, &one,
                           l->x_desc, x, &zero, l->y_desc, l->y));
  return 0;
}

static int logsoftmax_backward(train_net *net, train_layer *l, const float *x, const float *dy,
                               int need_dx)
{
  TRY(litdnnSoftmaxBackward(net->handle, LITDNN_SOFTMAX_LOG, LITDNN_SOFTMAX_MODE_INSTANCE, &one,
                            l->y_desc, l->y, l->y_desc, dy, &zero, l->x_desc, l->dx));
  return 0;
}

static void nothing_to_destroy(train_net *net, train_layer *l) {}

static const train_layer_ops logsoftmax_ops = {"log-softmax", shape_io, logsoftmax_forward,
                                               logsoftmax_backward, nothing_to_destroy};
#line 1057 "chapters/11-training.nw"
void train_config_default(train_config *cfg)
{
  memset(cfg, 0, sizeof *cfg);
  cfg->backend = LITDNN_BACKEND_DEFAULT;
  cfg->batch = 64;
  cfg->lr = 0.02f;
  cfg->momentum = 0.9f;
  cfg->weight_decay = 5e-4f;
  cfg->dropout = 0.25f;
  cfg->seed = 1;
  cfg->workspace_limit = (size_t)1024 * 1024 * 1024;
}

static int add_param(train_net *net, const char *layer, const char *what, size_t count,
                     int trainable, int fan_in, float fill)
{
  if (net->param_count == TRAIN_MAX_PARAMS)
    return train_fail(net->err, sizeof net->err, "%s: more than %d parameter tensors", layer,
                      TRAIN_MAX_PARAMS);
  train_param *p = &net->params[net->param_count];
  snprintf(p->name, sizeof p->name, "%s.%s", layer, what);
  p->count = count;
  p->trainable = trainable;
  p->fan_in = fan_in;
  p->fill = fill;
  return net->param_count++;
}

/* A new layer, its input shape the previous layer's output, in the list. */
static train_layer *begin_layer(train_net *net, size_t size, const train_layer_ops *ops,
                                const char *name)
{
  if (net->layer_count == TRAIN_MAX_LAYERS) {
    train_fail(net->err, sizeof net->err, "%s: more than %d layers", name, TRAIN_MAX_LAYERS);
    return NULL;
  }
  train_layer *l = calloc(1, size);
  if (!l) {
    train_fail(net->err, sizeof net->err, "%s: out of memory", name);
    return NULL;
  }
  l->ops = ops;
  snprintf(l->name, sizeof l->name, "%s", name);
  train_layer *prev = net->layer_count ? net->layers[net->layer_count - 1] : NULL;
  l->in_c = prev ? prev->c : net->in_c;
  l->in_h = prev ? prev->h : net->in_h;
  l->in_w = prev ? prev->w : net->in_w;
  net->layers[net->layer_count++] = l;
  if (litdnnCreateTensorDescriptor(&l->x_desc) != LITDNN_STATUS_SUCCESS ||
      litdnnCreateTensorDescriptor(&l->y_desc) != LITDNN_STATUS_SUCCESS ||
      set4d(l->x_desc, net->cfg.batch, l->in_c, l->in_h, l->in_w) != 0) {
    lib_fail(net, name, "litdnnCreateTensorDescriptor", LITDNN_STATUS_ALLOC_FAILED);
    return NULL;
  }
  return l;
}

/* Its output shape is known: allocate its output and its input's gradient. */
static int end_layer(train_net *net, train_layer *l, int c, int h, int w)
{
  l->c = c;
  l->h = h;
  l->w = w;
  size_t batch = (size_t)net->cfg.batch;
  TRY(litdnnMalloc(net->handle, (void **)&l->y, batch * per_image(c, h, w) * sizeof(float)));
  if (net->layer_count > 1)
    TRY(litdnnMalloc(net->handle, (void **)&l->dx,
                     batch * per_image(l->in_c, l->in_h, l->in_w) * sizeof(float)));
  return 0;
}

static const float *layer_input(train_net *net, int i)
{
  return i ? net->layers[i - 1]->y : net->x;
}
#line 1140 "chapters/11-training.nw"
static int add_conv(train_net *net, const char *name, int k, int r, int pad, int bias, int relu)
{
  conv_layer *cv = (conv_layer *)begin_layer(net, sizeof *cv, &conv_ops, name);
  if (!cv)
    return -1;
  train_layer *l = &cv->base;
  cv->k = k;
  cv->r = r;
  cv->pad = pad;
  cv->bias = bias;
  cv->relu = relu;
  cv->need_dx = net->layer_count > 1;
  cv->in = layer_input(net, net->layer_count - 1);
  TRY(litdnnCreateFilterDescriptor(&cv->w_desc));
  TRY(litdnnSetFilter4dDescriptor(cv->w_desc, LITDNN_DATA_FLOAT, LITDNN_TENSOR_NCHW, k, l->in_c,
                                  r, r));
  TRY(litdnnCreateConvolutionDescriptor(&cv->conv));
  TRY(litdnnSetConvolution2dDescriptor(cv->conv, pad, pad, 1, 1, 1, 1, LITDNN_CROSS_CORRELATION,
                                       LITDNN_DATA_FLOAT));
  TRY(litdnnCreateTensorDescriptor(&cv->b_desc));
  TRY(litdnnSetTensor4dDescriptor(cv->b_desc, LITDNN_TENSOR_NCHW, LITDNN_DATA_FLOAT, 1, k, 1, 1));
  TRY(litdnnCreateActivationDescriptor(&cv->act));
  TRY(litdnnSetActivationDescriptor(cv->act, relu ? LITDNN_ACTIVATION_RELU
                                                  : LITDNN_ACTIVATION_IDENTITY,
                                    LITDNN_NOT_PROPAGATE_NAN, 0.0));
  int n, c, h, w;
  TRY(litdnnGetConvolution2dForwardOutputDim(cv->conv, l->x_desc, cv->w_desc, &n, &c, &h, &w));
  int fan_in = l->in_c * r * r;
  if ((cv->w_param = add_param(net, name, "weight", (size_t)k * fan_in, 1, fan_in, 0)) < 0)
    return -1;
  if (bias && (cv->b_param = add_param(net, name, "bias", (size_t)k, 1, 0, 0.0f)) < 0)
    return -1;
  if (end_layer(net, l, c, h, w) != 0)
    return -1;
  if (relu)
    TRY(litdnnMalloc(net->handle, (void **)&cv->dz,
                     (size_t)net->cfg.batch * per_image(c, h, w) * sizeof(float)));
  return 0;
}

static int add_bn(train_net *net, const char *name)
{
  bn_layer *bn = (bn_layer *)begin_layer(net, sizeof *bn, &bn_ops, name);
  if (!bn)
    return -1;
  train_layer *l = &bn->base;
  size_t c = (size_t)l->in_c;
  TRY(litdnnCreateTensorDescriptor(&bn->bn_desc));
  if ((bn->scale_param = add_param(net, name, "weight", c, 1, 0, 1.0f)) < 0 ||
      (bn->bias_param = add_param(net, name, "bias", c, 1, 0, 0.0f)) < 0 ||
      (bn->mean_param = add_param(net, name, "running_mean", c, 0, 0, 0.0f)) < 0 ||
      (bn->var_param = add_param(net, name, "running_var", c, 0, 0, 1.0f)) < 0)
    return -1;
  TRY(litdnnMalloc(net->handle, (void **)&bn->save_mean, c * sizeof(float)));
  TRY(litdnnMalloc(net->handle, (void **)&bn->save_inv_std, c * sizeof(float)));
  return end_layer(net, l, l->in_c, l->in_h, l->in_w);
}

static int add_pool(train_net *net, const char *name)
{
  pool_layer *p = (pool_layer *)begin_layer(net, sizeof *p, &pool_ops, name);
  if (!p)
    return -1;
  train_layer *l = &p->base;
  TRY(litdnnCreatePoolingDescriptor(&p->pool));
  TRY(litdnnSetPooling2dDescriptor(p->pool, LITDNN_POOLING_MAX, LITDNN_NOT_PROPAGATE_NAN, 2, 2, 0,
                                   0, 2, 2));
  int n, c, h, w;
  TRY(litdnnGetPooling2dForwardOutputDim(p->pool, l->x_desc, &n, &c, &h, &w));
  return end_layer(net, l, c, h, w);
}

static int add_relu(train_net *net, const char *name)
{
  relu_layer *r = (relu_layer *)begin_layer(net, sizeof *r, &relu_ops, name);
  if (!r)
    return -1;
  train_layer *l = &r->base;
  TRY(litdnnCreateActivationDescriptor(&r->act));
  TRY(litdnnSetActivationDescriptor(r->act, LITDNN_ACTIVATION_RELU, LITDNN_NOT_PROPAGATE_NAN, 0.0));
  return end_layer(net, l, l->in_c, l->in_h, l->in_w);
}

static int add_fc(train_net *net, const char *name, int out)
{
  fc_layer *fc = (fc_layer *)begin_layer(net, sizeof *fc, &fc_ops, name);
  if (!fc)
    return -1;
  train_layer *l = &fc->base;
  int in = (int)per_image(l->in_c, l->in_h, l->in_w);
  TRY(litdnnCreateTensorDescriptor(&fc->b_desc));
  TRY(litdnnSetTensor4dDescriptor(fc->b_desc, LITDNN_TENSOR_NCHW, LITDNN_DATA_FLOAT, 1, out, 1, 1));
  if ((fc->w_param = add_param(net, name, "weight", (size_t)out * in, 1, in, 0)) < 0 ||
      (fc->b_param = add_param(net, name, "bias", (size_t)out, 1, 0, 0.0f)) < 0)
    return -1;
  return end_layer(net, l, out, 1, 1);
}

static int add_dropout(train_net *net, const char *name, float p)
{
  dropout_layer *d = (dropout_layer *)begin_layer(net, sizeof *d, &dropout_ops, name);
  if (!d)
    return -1;
  train_layer *l = &d->base;
  d->p = p;
  d->seed = net->cfg.seed * 0x9E3779B97F4A7C15ull + (unsigned)net->layer_count;
  TRY(litdnnCreateDropoutDescriptor(&d->drop));
  TRY(litdnnDropoutGetStatesSize(net->handle, &d->states_size));
  TRY(litdnnMalloc(net->handle, &d->states, d->states_size));
  if (dropout_reset(net, d) != 0)
    return -1;
  return end_layer(net, l, l->in_c, l->in_h, l->in_w);
}

static int add_logsoftmax(train_net *net, const char *name)
{
  train_layer *l = begin_layer(net, sizeof *l, &logsoftmax_ops, name);
  if (!l)
    return -1;
  return end_layer(net, l, l->in_c, l->in_h, l->in_w);
}
#line 1280 "chapters/11-training.nw"
static uint64_t splitmix64(uint64_t *state)
{
  uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

static double normal01(uint64_t *state)
{
  double u1 = ((double)(splitmix64(state) >> 11) + 1.0) / 9007199254740993.0; /* (0, 1] */
  double u2 = (double)(splitmix64(state) >> 11) / 9007199254740992.0;
  return sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
}

static int net_finish(train_net *net)
{
  train_layer *l = NULL;
  size_t offset = 0;
  for (int pass = 1; pass >= 0; pass--) {     /* trainable first, then state */
    for (int i = 0; i < net->param_count; i++)
      if (net->params[i].trainable == pass) {
        net->params[i].offset = offset;
        offset += (net->params[i].count + 3) / 4 * 4;
      }
    if (pass == 1)
      net->trainable = offset;
  }
  net->total = offset;
  float *host = calloc(net->total, sizeof(float));
  if (!host)
    return train_fail(net->err, sizeof net->err, "network: out of memory");
  uint64_t state = net->cfg.seed;
  for (int i = 0; i < net->param_count; i++) {
    train_param *p = &net->params[i];
    double sd = p->fan_in ? sqrt(2.0 / p->fan_in) : 0.0;
    for (size_t j = 0; j < p->count; j++)
      host[p->offset + j] = p->fan_in ? (float)(sd * normal01(&state)) : p->fill;
  }
  size_t bytes = net->total * sizeof(float);
  litdnnStatus_t s = litdnnMalloc(net->handle, (void **)&net->weights, bytes);
  if (s == LITDNN_STATUS_SUCCESS)
    s = litdnnMalloc(net->handle, (void **)&net->grads, bytes);
  if (s == LITDNN_STATUS_SUCCESS)
    s = litdnnMalloc(net->handle, (void **)&net->velocity, bytes);
  if (s == LITDNN_STATUS_SUCCESS)
    s = litdnnMemcpy(net->handle, net->weights, host, bytes, LITDNN_MEMCPY_HOST_TO_DEVICE);
  memset(host, 0, bytes);
  if (s == LITDNN_STATUS_SUCCESS)
    s = litdnnMemcpy(net->handle, net->grads, host, bytes, LITDNN_MEMCPY_HOST_TO_DEVICE);
  if (s == LITDNN_STATUS_SUCCESS)
    s = litdnnMemcpy(net->handle, net->velocity, host, bytes, LITDNN_MEMCPY_HOST_TO_DEVICE);
  free(host);
  if (s != LITDNN_STATUS_SUCCESS)
    return lib_fail(net, "network", "litdnnMalloc/litdnnMemcpy of the parameters", s);
  TRY(litdnnCreateTensorDescriptor(&net->vec_desc));
  TRY(litdnnSetTensor4dDescriptor(net->vec_desc, LITDNN_TENSOR_NCHW, LITDNN_DATA_FLOAT, 1,
                                  (int)net->trainable, 1, 1));
  int classes = net->layers[net->layer_count - 1]->c;
  TRY(litdnnMalloc(net->handle, (void **)&net->dlogp,
                   (size_t)net->cfg.batch * classes * sizeof(float)));
  net->host_logp = malloc((size_t)net->cfg.batch * classes * sizeof(float));
  net->host_dlogp = malloc((size_t)net->cfg.batch * classes * sizeof(float));
  if (!net->host_logp || !net->host_dlogp)
    return train_fail(net->err, sizeof net->err, "network: out of memory");
  return 0;
}
#line 1389 "chapters/11-training.nw"
static train_net *net_new(const train_config *cfg, int c, int h, int w, char *err, size_t errsize)
{
  train_net *net = calloc(1, sizeof *net);
  if (!net) {
    train_fail(err, errsize, "network: out of memory");
    return NULL;
  }
  net->cfg = *cfg;
  net->in_c = c;
  net->in_h = h;
  net->in_w = w;
  if (cfg->batch < 1) {
    train_fail(err, errsize, "network: a batch of %d images", cfg->batch);
    free(net);
    return NULL;
  }
  litdnnStatus_t s = litdnnCreateWithBackend(&net->handle, cfg->backend);
  if (s == LITDNN_STATUS_SUCCESS)
    s = litdnnMalloc(net->handle, (void **)&net->x,
                     (size_t)cfg->batch * per_image(c, h, w) * sizeof(float));
  if (s != LITDNN_STATUS_SUCCESS) {
    train_fail(err, errsize, "network: litdnnCreate failed: %s (%s)", litdnnGetErrorString(s),
               litdnnGetLastErrorString());
    train_net_destroy(net);
    return NULL;
  }
  return net;
}

static int net_shape(train_net *net, int n);

/* After the constructor's list: lay out, initialise, shape; or report. */
static train_net *net_done(train_net *net, int ok, char *err, size_t errsize)
{
  if (ok && net_finish(net) == 0 && net_shape(net, net->cfg.batch) == 0)
    return net;
  train_fail(err, errsize, "%s", net->err);
  train_net_destroy(net);
  return NULL;
}

train_net *train_lenet5(const train_config *cfg, char *err, size_t errsize)
{
  train_net *net = net_new(cfg, 1, 28, 28, err, errsize);
  if (!net)
    return NULL;
  int ok = add_conv(net, "conv1", 6, 5, 2, 1, 1) == 0 && add_pool(net, "pool1") == 0 &&
           add_conv(net, "conv2", 16, 5, 0, 0, 0) == 0 && add_bn(net, "bn2") == 0 &&
           add_relu(net, "relu2") == 0 && add_pool(net, "pool2") == 0 &&
           add_fc(net, "fc1", 120) == 0 && add_relu(net, "relu3") == 0 &&
           add_dropout(net, "drop3", cfg->dropout) == 0 && add_fc(net, "fc2", 84) == 0 &&
           add_relu(net, "relu4") == 0 && add_fc(net, "fc3", TRAIN_CLASSES) == 0 &&
           add_logsoftmax(net, "logsoftmax") == 0;
  return net_done(net, ok, err, errsize);
}
#line 1447 "chapters/11-training.nw"
train_net *train_vgg_small(const train_config *cfg, char *err, size_t errsize)
{
  train_net *net = net_new(cfg, 3, 32, 32, err, errsize);
  if (!net)
    return NULL;
  static const int width[3] = {64, 128, 256};
  int ok = 1;
  char name[32];   /* room for "relu%d_%d" of any two ints */
  for (int b = 0; b < 3 && ok; b++) {
    for (int j = 1; j <= 2 && ok; j++) {
      snprintf(name, sizeof name, "conv%d_%d", b + 1, j);
      ok = add_conv(net, name, width[b], 3, 1, 0, 0) == 0;
      snprintf(name, sizeof name, "bn%d_%d", b + 1, j);
      ok = ok && add_bn(net, name) == 0;
      snprintf(name, sizeof name, "relu%d_%d", b + 1, j);
      ok = ok && add_relu(net, name) == 0;
    }
    snprintf(name, sizeof name, "pool%d", b + 1);
    ok = ok && add_pool(net, name) == 0;
  }
  ok = ok && add_fc(net, "fc1", 256) == 0 && add_relu(net, "relu_fc1") == 0 &&
       add_dropout(net, "drop_fc1", cfg->dropout) == 0 &&
       add_fc(net, "fc2", TRAIN_CLASSES) == 0 && add_logsoftmax(net, "logsoftmax") == 0;
  return net_done(net, ok, err, errsize);
}

void train_net_destroy(train_net *net)
{
  if (!net)
    return;
  for (int i = 0; i < net->layer_count; i++) {
    train_layer *l = net->layers[i];
    l->ops->destroy(net, l);
    litdnnDestroyTensorDescriptor(l->x_desc);
    litdnnDestroyTensorDescriptor(l->y_desc);
    litdnnFree(net->handle, l->y);
    litdnnFree(net->handle, l->dx);
    free(l);
  }
  if (net->handle) {
    litdnnFree(net->handle, net->weights);
    litdnnFree(net->handle, net->grads);
    litdnnFree(net->handle, net->velocity);
    litdnnFree(net->handle, net->x);
    litdnnFree(net->handle, net->dlogp);
    litdnnFree(net->handle, net->ws);
    litdnnDestroy(net->handle);
  }
  litdnnDestroyTensorDescriptor(net->vec_desc);
  free(net->host_logp);
  free(net->host_dlogp);
  free(net);
}
#line 1519 "chapters/11-training.nw"
static int net_shape(train_net *net, int n)
{
  if (n == net->n)
    return 0;
  if (n < 1 || n > net->cfg.batch)
    return train_fail(net->err, sizeof net->err, "network: a batch of %d images (at most %d)", n,
                      net->cfg.batch);
  for (int i = 0; i < net->layer_count; i++)
    if (net->layers[i]->ops->shape(net, net->layers[i], n) != 0)
      return -1;
  net->n = n;
  return 0;
}

static double tick(train_net *net)
{
  if (net->cfg.profile)
    litdnnSynchronize(net->handle);
  return now_seconds();
}

int train_forward(train_net *net, const float *images, int n, int training)
{
  train_layer *l = NULL;
  if (net_shape(net, n) != 0)
    return -1;
  if (images)   /* NULL: the batch is already on the device (the benchmark) */
    TRY(litdnnMemcpy(net->handle, net->x, images,
                     (size_t)n * per_image(net->in_c, net->in_h, net->in_w) * sizeof(float),
                     LITDNN_MEMCPY_HOST_TO_DEVICE));
  for (int i = 0; i < net->layer_count; i++) {
    l = net->layers[i];
    double t0 = tick(net);
    if (l->ops->forward(net, l, layer_input(net, i), training) != 0)
      return -1;
    l->seconds[0] += tick(net) - t0;
  }
  return 0;
}

static int loss_of(train_net *net, const unsigned char *labels, int n, double *loss,
                   int *correct, int with_gradient)
{
  train_layer *l = net->layers[net->layer_count - 1];
  int classes = l->c;
  double t0 = tick(net);
  TRY(litdnnMemcpy(net->handle, net->host_logp, l->y, (size_t)n * classes * sizeof(float),
                   LITDNN_MEMCPY_DEVICE_TO_HOST));
  double sum = 0.0;
  int right = 0;
  for (int i = 0; i < n; i++) {
    const float *row = net->host_logp + (size_t)i * classes;
    int best = 0;
    for (int j = 1; j < classes; j++)
      if (row[j] > row[best])
        best = j;
    right += best == labels[i];
    sum -= row[labels[i]];
    for (int j = 0; j < classes; j++)
      net->host_dlogp[(size_t)i * classes + j] = j == labels[i] ? -1.0f / (float)n : 0.0f;
  }
  if (with_gradient)
    TRY(litdnnMemcpy(net->handle, net->dlogp, net->host_dlogp, (size_t)n * classes * sizeof(float),
                     LITDNN_MEMCPY_HOST_TO_DEVICE));
  net->loss_seconds += tick(net) - t0;
  *loss = sum / n;
  *correct = right;
  return 0;
}

int train_loss(train_net *net, const unsigned char *labels, int n, double *loss, int *correct)
{
  return loss_of(net, labels, n, loss, correct, 1);
}

int train_backward(train_net *net)
{
  for (int i = net->layer_count - 1; i >= 0; i--) {
    train_layer *l = net->layers[i];
    const float *dy = i == net->layer_count - 1 ? net->dlogp : net->layers[i + 1]->dx;
    double t0 = tick(net);
    if (l->ops->backward(net, l, layer_input(net, i), dy, i > 0) != 0)
      return -1;
    l->seconds[1] += tick(net) - t0;
  }
  return 0;
}

int train_step(train_net *net, const float *images, const unsigned char *labels, int n,
               double *loss, int *correct)
{
  if (train_forward(net, images, n, 1) != 0 || train_loss(net, labels, n, loss, correct) != 0 ||
      train_backward(net) != 0 || train_sgd(net) != 0)
    return -1;
  return 0;
}

int train_evaluate_batch(train_net *net, const float *images, const unsigned char *labels, int n,
                         double *loss, int *correct)
{
  if (train_forward(net, images, n, 0) != 0)
    return -1;
  return loss_of(net, labels, n, loss, correct, 0);
}

int train_evaluate(train_net *net, const train_dataset *ds, double *loss, double *accuracy)
{
  size_t image = per_image(net->in_c, net->in_h, net->in_w);
  double total = 0.0, saved[TRAIN_MAX_LAYERS], saved_loss = net->loss_seconds;
  long right = 0;
  int status = 0;
  for (int i = 0; i < net->layer_count; i++)   /* evaluation stays out of the profile */
    saved[i] = net->layers[i]->seconds[0];
  for (int first = 0; first < ds->count; first += net->cfg.batch) {
    int n = ds->count - first < net->cfg.batch ? ds->count - first : net->cfg.batch;
    double batch_loss;
    int correct;
    if (train_evaluate_batch(net, ds->images + (size_t)first * image, ds->labels + first, n,
                             &batch_loss, &correct) != 0) {
      status = -1;
      break;
    }
    total += batch_loss * n;
    right += correct;
  }
  for (int i = 0; i < net->layer_count; i++)
    net->layers[i]->seconds[0] = saved[i];
  net->loss_seconds = saved_loss;
  if (status != 0)
    return -1;
  *loss = ds->count ? total / ds->count : 0.0;
  *accuracy = ds->count ? (double)right / ds->count : 0.0;
  return 0;
}

int train_reset_dropout(train_net *net)
{
  for (int i = 0; i < net->layer_count; i++)
    if (net->layers[i]->ops == &dropout_ops &&
        dropout_reset(net, (dropout_layer *)net->layers[i]) != 0)
      return -1;
  return 0;
}
#line 1680 "chapters/11-training.nw"
int train_sgd(train_net *net)
{
  train_layer *l = NULL;
  float decay = net->cfg.weight_decay, momentum = net->cfg.momentum, step = -net->cfg.lr;
  double t0 = tick(net);
  if (decay != 0.0f)
    TRY(litdnnAddTensor(net->handle, &decay, net->vec_desc, net->weights, &one, net->vec_desc,
                        net->grads));
  TRY(litdnnAddTensor(net->handle, &one, net->vec_desc, net->grads, &momentum, net->vec_desc,
                      net->velocity));
  TRY(litdnnAddTensor(net->handle, &step, net->vec_desc, net->velocity, &one, net->vec_desc,
                      net->weights));
  net->sgd_seconds += tick(net) - t0;
  return 0;
}
#line 1716 "chapters/11-training.nw"
static const char model_magic[8] = {'L', 'I', 'T', 'D', 'N', 'N', 'W', '1'};

int train_get_param(train_net *net, int p, float *host)
{
  train_layer *l = NULL;
  TRY(litdnnMemcpy(net->handle, host, param_w(net, p), net->params[p].count * sizeof(float),
                   LITDNN_MEMCPY_DEVICE_TO_HOST));
  return 0;
}

int train_set_param(train_net *net, int p, const float *host)
{
  train_layer *l = NULL;
  TRY(litdnnMemcpy(net->handle, param_w(net, p), host, net->params[p].count * sizeof(float),
                   LITDNN_MEMCPY_HOST_TO_DEVICE));
  return 0;
}

int train_get_grad(train_net *net, int p, float *host)
{
  train_layer *l = NULL;
  TRY(litdnnMemcpy(net->handle, host, param_g(net, p), net->params[p].count * sizeof(float),
                   LITDNN_MEMCPY_DEVICE_TO_HOST));
  return 0;
}

int train_save(train_net *net, const char *path, char *err, size_t errsize)
{
  float *host = malloc(net->total * sizeof(float));
  if (!host)
    return train_fail(err, errsize, "%s: out of memory", path);
  if (litdnnMemcpy(net->handle, host, net->weights, net->total * sizeof(float),
                   LITDNN_MEMCPY_DEVICE_TO_HOST) != LITDNN_STATUS_SUCCESS) {
    free(host);
    return train_fail(err, errsize, "%s: litdnnMemcpy failed: %s", path,
                      litdnnGetLastErrorString());
  }
  FILE *f = fopen(path, "wb");
  if (!f) {
    free(host);
    return train_fail(err, errsize, "%s: cannot create: %s", path, strerror(errno));
  }
  uint32_t count = (uint32_t)net->param_count;
  int ok = fwrite(model_magic, 1, 8, f) == 8 && fwrite(&count, 4, 1, f) == 1;
  for (int i = 0; ok && i < net->param_count; i++) {
    const train_param *p = &net->params[i];
    uint32_t len = (uint32_t)strlen(p->name);
    uint64_t floats = p->count;
    ok = fwrite(&len, 4, 1, f) == 1 && fwrite(p->name, 1, len, f) == len &&
         fwrite(&floats, 8, 1, f) == 1 &&
         fwrite(host + p->offset, sizeof(float), p->count, f) == p->count;
  }
  ok = fclose(f) == 0 && ok;
  free(host);
  return ok ? 0 : train_fail(err, errsize, "%s: write failed: %s", path, strerror(errno));
}

int train_load(train_net *net, const char *path, char *err, size_t errsize)
{
  FILE *f = fopen(path, "rb");
  if (!f)
    return train_fail(err, errsize, "%s: cannot open: %s", path, strerror(errno));
  float *host = calloc(net->total, sizeof(float));
  char magic[8], name[64];
  uint32_t count = 0;
  int fail = !host ? train_fail(err, errsize, "%s: out of memory", path) : 0;
  if (!fail && (fread(magic, 1, 8, f) != 8 || memcmp(magic, model_magic, 8) != 0 ||
                fread(&count, 4, 1, f) != 1))
    fail = train_fail(err, errsize, "%s: not a litdnn-train model file", path);
  if (!fail && count != (uint32_t)net->param_count)
    fail = train_fail(err, errsize, "%s: %u tensors, the network has %d", path, count,
                      net->param_count);
  for (int i = 0; !fail && i < net->param_count; i++) {
    const train_param *p = &net->params[i];
    uint32_t len = 0;
    uint64_t floats = 0;
    if (fread(&len, 4, 1, f) != 1 || len >= sizeof name || fread(name, 1, len, f) != len ||
        fread(&floats, 8, 1, f) != 1) {
      fail = train_fail(err, errsize, "%s: truncated before tensor %d (%s)", path, i, p->name);
      break;
    }
    name[len] = '\0';
    if (strcmp(name, p->name) != 0 || floats != p->count)
      fail = train_fail(err, errsize, "%s: tensor %d is %s of %llu floats, the network's is "
                        "%s of %zu", path, i, name, (unsigned long long)floats, p->name, p->count);
    else if (fread(host + p->offset, sizeof(float), p->count, f) != p->count)
      fail = train_fail(err, errsize, "%s: truncated in tensor %s", path, p->name);
  }
  if (!fail && fgetc(f) != EOF)
    fail = train_fail(err, errsize, "%s: unexpected bytes after the last tensor", path);
  fclose(f);
  if (!fail && litdnnMemcpy(net->handle, net->weights, host, net->total * sizeof(float),
                            LITDNN_MEMCPY_HOST_TO_DEVICE) != LITDNN_STATUS_SUCCESS)
    fail = train_fail(err, errsize, "%s: litdnnMemcpy failed: %s", path,
                      litdnnGetLastErrorString());
  free(host);
  return fail;
}
