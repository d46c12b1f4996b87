/* Bad input to every public function: a table of cases (tests/bad_input.h
 * says what a case is), one Criterion case each, on the cpu backend and,
 * for the calls that take a handle, on the emulator too. The list of
 * public functions is read from the headers at build time
 * (api_functions.inc, made by the Makefile): a function without a case
 * fails the suite. */
#include "bad_input.h"
#include <fnmatch.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ the table */
enum { BI_MAX_CASES = 2048 };
static bi_case *table[BI_MAX_CASES];
static int table_size;

void bi_register(bi_case *c)
{
  if (table_size < BI_MAX_CASES)
    table[table_size] = c;
  table_size++;   /* counted past the end, so that the coverage test can say so */
}

static const char *const api_functions[] = {
#define LITDNN_API_FUNCTION(name) #name,
#include "api_functions.inc"
#undef LITDNN_API_FUNCTION
};
enum { API_FUNCTIONS = sizeof api_functions / sizeof api_functions[0] };

const char *bi_name(const bi_case *c, const bi_bench *W)
{
  static char name[256];
  snprintf(name, sizeof name, "%s / %s on %s", c->fn, c->name,
           W ? litdnnGetBackendName(W->backend) : "no backend");
  return name;
}

const char *bi_fmt(const char *fmt, ...)
{
  static char ring[4][256];
  static int next;
  char *s = ring[next++ % 4];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(s, sizeof ring[0], fmt, ap);
  va_end(ap);
  return s;
}

void *bi_out(bi_bench *W, size_t n)
{
  size_t at = (W->out_used + 15) & ~(size_t)15;
  cr_assert(at + n <= sizeof W->out, "the sentinel area is too small: raise BI_OUT_BYTES");
  W->out_used = at + n;
  return W->out + at;
}

int bi_fwd_algo(const bi_bench *W)
{
  return W->backend == LITDNN_BACKEND_CPU ? LITDNN_CONVOLUTION_FWD_ALGO_REFERENCE
                                          : LITDNN_CONVOLUTION_FWD_ALGO_DIRECT;
}

int bi_bwd_data_algo(const bi_bench *W)
{
  return W->backend == LITDNN_BACKEND_CPU ? LITDNN_CONVOLUTION_BWD_DATA_ALGO_REFERENCE
                                          : LITDNN_CONVOLUTION_BWD_DATA_ALGO_DIRECT;
}

int bi_bwd_filter_algo(const bi_bench *W)
{
  return W->backend == LITDNN_BACKEND_CPU ? LITDNN_CONVOLUTION_BWD_FILTER_ALGO_REFERENCE
                                          : LITDNN_CONVOLUTION_BWD_FILTER_ALGO_DIRECT;
}

/* ------------------------------------------------------------ the bench */
#define OK(call_)                                                                          \
  do {                                                                                     \
    litdnnStatus_t ok_ = (call_);                                                          \
    cr_assert(ok_ == LITDNN_STATUS_SUCCESS, "setting up the bench: %s: %s: %s", #call_,    \
              litdnnGetErrorString(ok_), litdnnGetLastErrorString());                      \
  } while (0)

/* Every object of the bench, by kind, for making, reading back and freeing. */
#define BI_TENSORS(W)                                                                      \
  &W->t, &W->t_other, &W->t_unset, &W->t_half, &W->t_double, &W->t5, &W->t3, &W->t2,       \
      &W->t_overlap, &W->t_nhwc, &W->t_strided, &W->t_big, &W->t_bn, &W->t_bn_act, &W->t_bn_strided,      \
      &W->pool_y, &W->pool_y_other, &W->cx, &W->cy, &W->cy_s2, &W->cbias, &W->cbias_strided, \
      &W->c_bias3, &W->rh, &W->rh2, &W->rh_half, &W->rh_strided, &W->rm, &W->rb
#define BI_FILTERS(W) &W->f, &W->f_unset, &W->f_half, &W->f5d, &W->f_c2, &W->f_big
#define BI_CONVS(W) &W->conv, &W->conv_unset, &W->conv_double, &W->conv3d, &W->conv_g2, &W->conv_s2
#define BI_ACTS(W) &W->act, &W->act_unset, &W->act_sigmoid
#define BI_OPTS(W) &W->opt, &W->opt_unset, &W->opt_half
#define BI_POOLS(W) &W->pool, &W->pool_unset, &W->pool3d, &W->pool_big
#define BI_LRNS(W) &W->lrn
#define BI_DROPS(W) &W->drop, &W->drop_unset
#define BI_RNNS(W) &W->rnn, &W->rnn_unset, &W->rnn_drop
#define BI_RNN_DATA(W) &W->rx, &W->ry, &W->rx_unset, &W->rx_unpacked, &W->ry_unpacked, &W->ry_other_lengths
#define BI_BUFFERS(W)                                                                      \
  &W->bx, &W->by, &W->bdy, &W->bdx, &W->bw, &W->bdw, &W->bz, &W->bbias, &W->bws, &W->bstates, \
      &W->breserve, &W->bscale, &W->bbnbias, &W->bmean, &W->bvar, &W->bsmean, &W->bsvar,   \
      &W->bdscale, &W->bdbias
#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

static size_t buffer_bytes(const bi_bench *W, void *const *b)
{
  return b == &W->bws ? W->ws_bytes : BI_FLOATS * sizeof(float);
}

static void bench_setup(bi_bench *W, litdnnBackend_t backend)
{
  memset(W, 0, sizeof *W);
  memset(W->out, BI_SENTINEL, sizeof W->out);
  W->backend = backend;
  W->one = 1.0f;
  W->two = 2.0f;
  W->zero = 0.0f;
  t_fill(W->host, BI_FLOATS, -1, 1);
  W->h = t_handle(backend);
  W->ws_bytes = BI_WS_FLOATS * sizeof(float);

  /* device buffers of random bytes: NaN patterns included, which no
     failing call may read or write */
  void **buffers[] = {BI_BUFFERS(W), &W->bscratch};
  unsigned char *noise = malloc(W->ws_bytes);
  for (size_t i = 0; i < COUNT_OF(buffers); i++) {
    size_t bytes = buffer_bytes(W, buffers[i]);
    for (size_t j = 0; j < bytes; j++)
      noise[j] = (unsigned char)t_rand_u32();
    OK(litdnnMalloc(W->h, buffers[i], bytes));
    OK(litdnnMemcpy(W->h, *buffers[i], noise, bytes, LITDNN_MEMCPY_HOST_TO_DEVICE));
  }
  free(noise);

  litdnnTensorDescriptor_t *tensors[] = {BI_TENSORS(W)};
  for (size_t i = 0; i < COUNT_OF(tensors); i++)
    OK(litdnnCreateTensorDescriptor(tensors[i]));
  const litdnnTensorFormat_t NCHW = LITDNN_TENSOR_NCHW;
  const litdnnDataType_t F = LITDNN_DATA_FLOAT;
  OK(litdnnSetTensor4dDescriptor(W->t, NCHW, F, 2, 3, 4, 5));
  OK(litdnnSetTensor4dDescriptor(W->t_other, NCHW, F, 2, 3, 5, 4));
  OK(litdnnSetTensor4dDescriptor(W->t_half, NCHW, LITDNN_DATA_HALF, 2, 3, 4, 5));
  OK(litdnnSetTensor4dDescriptor(W->t_double, NCHW, LITDNN_DATA_DOUBLE, 2, 3, 4, 5));
  OK(litdnnSetTensorNdDescriptorEx(W->t5, NCHW, F, 5, (const int[]){2, 3, 2, 4, 5}));
  OK(litdnnSetTensorNdDescriptorEx(W->t3, NCHW, F, 3, (const int[]){2, 3, 20}));
  OK(litdnnSetTensorNdDescriptorEx(W->t2, NCHW, F, 2, (const int[]){6, 20}));
  OK(litdnnSetTensor4dDescriptorEx(W->t_overlap, F, 2, 3, 4, 5, 1, 1, 1, 1));
  OK(litdnnSetTensor4dDescriptor(W->t_nhwc, LITDNN_TENSOR_NHWC, F, 2, 3, 4, 5));
  OK(litdnnSetTensor4dDescriptorEx(W->t_strided, F, 2, 3, 4, 5, 120, 40, 10, 2));
  OK(litdnnSetTensor4dDescriptor(W->t_big, NCHW, F, 2, 1, 65536, 65536));
  OK(litdnnSetTensor4dDescriptor(W->t_bn, NCHW, F, 1, 3, 1, 1));
  OK(litdnnSetTensor4dDescriptor(W->t_bn_act, NCHW, F, 1, 3, 4, 5));
  OK(litdnnSetTensor4dDescriptorEx(W->t_bn_strided, F, 1, 3, 1, 1, 6, 2, 1, 1));
  OK(litdnnSetTensor4dDescriptor(W->pool_y, NCHW, F, 2, 3, 2, 2));
  OK(litdnnSetTensor4dDescriptor(W->pool_y_other, NCHW, F, 2, 3, 3, 2));
  OK(litdnnSetTensor4dDescriptor(W->cx, NCHW, F, 2, 3, 6, 6));
  OK(litdnnSetTensor4dDescriptor(W->cy, NCHW, F, 2, 4, 4, 4));
  OK(litdnnSetTensor4dDescriptor(W->cy_s2, NCHW, F, 2, 4, 2, 2));
  OK(litdnnSetTensor4dDescriptor(W->cbias, NCHW, F, 1, 4, 1, 1));
  OK(litdnnSetTensor4dDescriptorEx(W->cbias_strided, F, 1, 4, 1, 1, 8, 2, 1, 1));
  OK(litdnnSetTensor4dDescriptor(W->c_bias3, NCHW, F, 1, 3, 1, 1));
  OK(litdnnCreateTensorDescriptor(&W->good_t));
  OK(litdnnSetTensor4dDescriptor(W->good_t, NCHW, F, 2, 3, 4, 5));

  litdnnFilterDescriptor_t *filters[] = {BI_FILTERS(W)};
  for (size_t i = 0; i < COUNT_OF(filters); i++)
    OK(litdnnCreateFilterDescriptor(filters[i]));
  OK(litdnnSetFilter4dDescriptor(W->f, F, NCHW, 4, 3, 3, 3));
  OK(litdnnSetFilter4dDescriptor(W->f_half, LITDNN_DATA_HALF, NCHW, 4, 3, 3, 3));
  OK(litdnnSetFilterNdDescriptor(W->f5d, F, NCHW, 5, (const int[]){4, 3, 1, 3, 3}));
  OK(litdnnSetFilter4dDescriptor(W->f_c2, F, NCHW, 4, 2, 3, 3));
  OK(litdnnSetFilter4dDescriptor(W->f_big, F, NCHW, 4, 3, 7, 7));

  litdnnConvolutionDescriptor_t *convs[] = {BI_CONVS(W)};
  for (size_t i = 0; i < COUNT_OF(convs); i++)
    OK(litdnnCreateConvolutionDescriptor(convs[i]));
  const litdnnConvolutionMode_t XC = LITDNN_CROSS_CORRELATION;
  OK(litdnnSetConvolution2dDescriptor(W->conv, 0, 0, 1, 1, 1, 1, XC, F));
  OK(litdnnSetConvolution2dDescriptor(W->conv_double, 0, 0, 1, 1, 1, 1, XC, LITDNN_DATA_DOUBLE));
  OK(litdnnSetConvolutionNdDescriptor(W->conv3d, 3, (const int[]){0, 0, 0}, (const int[]){1, 1, 1},
                                      (const int[]){1, 1, 1}, XC, F));
  OK(litdnnSetConvolution2dDescriptor(W->conv_g2, 0, 0, 1, 1, 1, 1, XC, F));
  OK(litdnnSetConvolutionGroupCount(W->conv_g2, 2));
  OK(litdnnSetConvolution2dDescriptor(W->conv_s2, 0, 0, 2, 2, 1, 1, XC, F));

  litdnnActivationDescriptor_t *acts[] = {BI_ACTS(W)};
  for (size_t i = 0; i < COUNT_OF(acts); i++)
    OK(litdnnCreateActivationDescriptor(acts[i]));
  OK(litdnnSetActivationDescriptor(W->act, LITDNN_ACTIVATION_RELU, LITDNN_NOT_PROPAGATE_NAN, 0));
  OK(litdnnSetActivationDescriptor(W->act_sigmoid, LITDNN_ACTIVATION_SIGMOID, LITDNN_NOT_PROPAGATE_NAN, 0));

  litdnnOpTensorDescriptor_t *opts[] = {BI_OPTS(W)};
  for (size_t i = 0; i < COUNT_OF(opts); i++)
    OK(litdnnCreateOpTensorDescriptor(opts[i]));
  OK(litdnnSetOpTensorDescriptor(W->opt, LITDNN_OP_TENSOR_ADD, F, LITDNN_NOT_PROPAGATE_NAN));
  OK(litdnnSetOpTensorDescriptor(W->opt_half, LITDNN_OP_TENSOR_ADD, LITDNN_DATA_HALF, LITDNN_NOT_PROPAGATE_NAN));

  litdnnPoolingDescriptor_t *pools[] = {BI_POOLS(W)};
  for (size_t i = 0; i < COUNT_OF(pools); i++)
    OK(litdnnCreatePoolingDescriptor(pools[i]));
  const litdnnPoolingMode_t MAX = LITDNN_POOLING_MAX;
  const litdnnNanPropagation_t NONAN = LITDNN_NOT_PROPAGATE_NAN;
  OK(litdnnSetPooling2dDescriptor(W->pool, MAX, NONAN, 2, 2, 0, 0, 2, 2));
  OK(litdnnSetPoolingNdDescriptor(W->pool3d, MAX, NONAN, 3, (const int[]){2, 2, 2}, (const int[]){0, 0, 0},
                                  (const int[]){2, 2, 2}));
  OK(litdnnSetPooling2dDescriptor(W->pool_big, MAX, NONAN, 7, 7, 0, 0, 1, 1));

  OK(litdnnCreateLRNDescriptor(&W->lrn));

  litdnnDropoutDescriptor_t *drops[] = {BI_DROPS(W)};
  for (size_t i = 0; i < COUNT_OF(drops); i++)
    OK(litdnnCreateDropoutDescriptor(drops[i]));
  OK(litdnnDropoutGetStatesSize(W->h, &W->states_bytes));
  OK(litdnnDropoutGetReserveSpaceSize(W->t, &W->reserve_bytes));
  cr_assert(W->states_bytes <= BI_FLOATS * sizeof(float) && W->reserve_bytes <= BI_FLOATS * sizeof(float),
            "the bench's states or reserve buffer is too small");
  OK(litdnnSetDropoutDescriptor(W->drop, W->h, 0.5f, W->bstates, W->states_bytes, 12345));

  OK(litdnnSetTensorNdDescriptorEx(W->rh, NCHW, F, 3, (const int[]){1, 2, 3}));
  OK(litdnnSetTensorNdDescriptorEx(W->rh2, NCHW, F, 3, (const int[]){2, 2, 3}));
  OK(litdnnSetTensorNdDescriptorEx(W->rh_half, NCHW, LITDNN_DATA_HALF, 3, (const int[]){1, 2, 3}));
  OK(litdnnSetTensorNdDescriptor(W->rh_strided, F, 3, (const int[]){1, 2, 3}, (const int[]){12, 6, 2}));
  OK(litdnnSetTensor4dDescriptor(W->rm, NCHW, F, 2, 3, 4, 5));
  OK(litdnnSetTensor4dDescriptor(W->rb, NCHW, F, 2, 3, 4, 5));
  litdnnRNNDescriptor_t *rnns[] = {BI_RNNS(W)};
  for (size_t i = 0; i < COUNT_OF(rnns); i++)
    OK(litdnnCreateRNNDescriptor(rnns[i]));
  OK(litdnnSetRNNDescriptor(W->rnn, LITDNN_RNN_ALGO_STANDARD, LITDNN_LSTM, LITDNN_RNN_DOUBLE_BIAS,
                            LITDNN_UNIDIRECTIONAL, LITDNN_LINEAR_INPUT, F, F, LITDNN_MATH_FMA, 4, 3, 3, 1, NULL,
                            LITDNN_RNN_PADDED_IO_DISABLED));
  OK(litdnnSetRNNDescriptor(W->rnn_drop, LITDNN_RNN_ALGO_STANDARD, LITDNN_LSTM, LITDNN_RNN_DOUBLE_BIAS,
                            LITDNN_UNIDIRECTIONAL, LITDNN_LINEAR_INPUT, F, F, LITDNN_MATH_FMA, 4, 3, 3, 2, W->drop,
                            LITDNN_RNN_PADDED_IO_DISABLED));
  litdnnRNNDataDescriptor_t *rdata[] = {BI_RNN_DATA(W)};
  for (size_t i = 0; i < COUNT_OF(rdata); i++)
    OK(litdnnCreateRNNDataDescriptor(rdata[i]));
  const litdnnRNNDataLayout_t PACKED = LITDNN_RNN_DATA_LAYOUT_SEQ_MAJOR_PACKED,
                              UNPACKED = LITDNN_RNN_DATA_LAYOUT_SEQ_MAJOR_UNPACKED;
  OK(litdnnSetRNNDataDescriptor(W->rx, F, PACKED, 3, 2, 4, (const int[]){3, 2}, NULL));
  OK(litdnnSetRNNDataDescriptor(W->ry, F, PACKED, 3, 2, 3, (const int[]){3, 2}, NULL));
  OK(litdnnSetRNNDataDescriptor(W->rx_unpacked, F, UNPACKED, 3, 2, 4, (const int[]){3, 2}, NULL));
  OK(litdnnSetRNNDataDescriptor(W->ry_unpacked, F, UNPACKED, 3, 2, 3, (const int[]){3, 2}, NULL));
  OK(litdnnSetRNNDataDescriptor(W->ry_other_lengths, F, PACKED, 3, 2, 3, (const int[]){3, 1}, NULL));
  OK(litdnnGetRNNWeightSpaceSize(W->h, W->rnn, &W->rnn_weight_bytes));
  OK(litdnnGetRNNTempSpaceSizes(W->h, W->rnn, LITDNN_FWD_MODE_TRAINING, W->rx, &W->rnn_ws_bytes,
                                &W->rnn_reserve_bytes));
  OK(litdnnGetRNNWeightSpaceSize(W->h, W->rnn_drop, &W->rnn_drop_weight_bytes));
  OK(litdnnGetRNNTempSpaceSizes(W->h, W->rnn_drop, LITDNN_FWD_MODE_TRAINING, W->rx, &W->rnn_drop_ws_bytes,
                                &W->rnn_drop_reserve_bytes));
  cr_assert(W->rnn_drop_weight_bytes <= BI_FLOATS * sizeof(float) && W->rnn_drop_ws_bytes <= W->ws_bytes &&
                W->rnn_drop_reserve_bytes <= BI_FLOATS * sizeof(float),
            "the bench's buffers are too small for its recurrent networks");
}

static void bench_teardown(bi_bench *W)
{
  void **buffers[] = {BI_BUFFERS(W), &W->bscratch};
  for (size_t i = 0; i < COUNT_OF(buffers); i++)
    litdnnFree(W->h, *buffers[i]);
  litdnnTensorDescriptor_t *tensors[] = {BI_TENSORS(W)};
  for (size_t i = 0; i < COUNT_OF(tensors); i++)
    litdnnDestroyTensorDescriptor(*tensors[i]);
  litdnnFilterDescriptor_t *filters[] = {BI_FILTERS(W)};
  for (size_t i = 0; i < COUNT_OF(filters); i++)
    litdnnDestroyFilterDescriptor(*filters[i]);
  litdnnConvolutionDescriptor_t *convs[] = {BI_CONVS(W)};
  for (size_t i = 0; i < COUNT_OF(convs); i++)
    litdnnDestroyConvolutionDescriptor(*convs[i]);
  litdnnActivationDescriptor_t *acts[] = {BI_ACTS(W)};
  for (size_t i = 0; i < COUNT_OF(acts); i++)
    litdnnDestroyActivationDescriptor(*acts[i]);
  litdnnOpTensorDescriptor_t *opts[] = {BI_OPTS(W)};
  for (size_t i = 0; i < COUNT_OF(opts); i++)
    litdnnDestroyOpTensorDescriptor(*opts[i]);
  litdnnPoolingDescriptor_t *pools[] = {BI_POOLS(W)};
  for (size_t i = 0; i < COUNT_OF(pools); i++)
    litdnnDestroyPoolingDescriptor(*pools[i]);
  litdnnDestroyLRNDescriptor(W->lrn);
  litdnnDropoutDescriptor_t *drops[] = {BI_DROPS(W)};
  for (size_t i = 0; i < COUNT_OF(drops); i++)
    litdnnDestroyDropoutDescriptor(*drops[i]);
  litdnnRNNDescriptor_t *rnns[] = {BI_RNNS(W)};
  for (size_t i = 0; i < COUNT_OF(rnns); i++)
    litdnnDestroyRNNDescriptor(*rnns[i]);
  litdnnRNNDataDescriptor_t *rdata[] = {BI_RNN_DATA(W)};
  for (size_t i = 0; i < COUNT_OF(rdata); i++)
    litdnnDestroyRNNDataDescriptor(*rdata[i]);
  litdnnDestroyTensorDescriptor(W->good_t);
  litdnnDestroy(W->h);
}

/* ------------------------------------------- everything a call could write */
typedef struct {
  char what[80];
  size_t at, len;
} snap_item;

typedef struct {
  unsigned char *bytes;
  size_t used, cap;
  snap_item items[256];
  int n;
} snapshot;

static void snap_add(snapshot *s, const void *p, size_t len, const char *fmt, ...)
{
  cr_assert(s->n < (int)COUNT_OF(s->items), "too many items in a snapshot");
  if (s->used + len > s->cap) {
    s->cap = 2 * (s->used + len);
    s->bytes = realloc(s->bytes, s->cap);
  }
  snap_item *it = &s->items[s->n++];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(it->what, sizeof it->what, fmt, ap);
  va_end(ap);
  it->at = s->used;
  it->len = len;
  memcpy(s->bytes + s->used, p, len);
  s->used += len;
}

/* Each descriptor as its Get function reads it, the status included (an
   unset descriptor must stay unset). Outputs start zeroed, so that the
   bytes compared are only what the Get function wrote. */
static void snap_bench(snapshot *s, bi_bench *W)
{
  s->used = 0;
  s->n = 0;
  litdnnTensorDescriptor_t *tensors[] = {BI_TENSORS(W)};
  for (size_t i = 0; i < COUNT_OF(tensors); i++) {
    struct { litdnnStatus_t s; litdnnDataType_t t; int nb, dims[LITDNN_DIM_MAX], strides[LITDNN_DIM_MAX]; } r;
    memset(&r, 0, sizeof r);
    r.s = litdnnGetTensorNdDescriptor(*tensors[i], LITDNN_DIM_MAX, &r.t, &r.nb, r.dims, r.strides);
    snap_add(s, &r, sizeof r, "tensor descriptor #%zu", i);
  }
  litdnnFilterDescriptor_t *filters[] = {BI_FILTERS(W)};
  for (size_t i = 0; i < COUNT_OF(filters); i++) {
    struct { litdnnStatus_t s; litdnnDataType_t t; litdnnTensorFormat_t f; int nb, dims[LITDNN_CONV_SPATIAL_MAX + 2]; } r;
    memset(&r, 0, sizeof r);
    r.s = litdnnGetFilterNdDescriptor(*filters[i], LITDNN_CONV_SPATIAL_MAX + 2, &r.t, &r.f, &r.nb, r.dims);
    snap_add(s, &r, sizeof r, "filter descriptor #%zu", i);
  }
  litdnnConvolutionDescriptor_t *convs[] = {BI_CONVS(W)};
  for (size_t i = 0; i < COUNT_OF(convs); i++) {
    struct {
      litdnnStatus_t s, sg, sm;
      int len, pad[LITDNN_CONV_SPATIAL_MAX], stride[LITDNN_CONV_SPATIAL_MAX], dil[LITDNN_CONV_SPATIAL_MAX];
      litdnnConvolutionMode_t mode;
      litdnnDataType_t t;
      int groups;
      litdnnMathType_t math;
    } r;
    memset(&r, 0, sizeof r);
    r.s = litdnnGetConvolutionNdDescriptor(*convs[i], LITDNN_CONV_SPATIAL_MAX, &r.len, r.pad, r.stride, r.dil,
                                           &r.mode, &r.t);
    r.sg = litdnnGetConvolutionGroupCount(*convs[i], &r.groups);
    r.sm = litdnnGetConvolutionMathType(*convs[i], &r.math);
    snap_add(s, &r, sizeof r, "convolution descriptor #%zu", i);
  }
  litdnnActivationDescriptor_t *acts[] = {BI_ACTS(W)};
  for (size_t i = 0; i < COUNT_OF(acts); i++) {
    struct { litdnnStatus_t s; litdnnActivationMode_t m; litdnnNanPropagation_t nan; double coef; } r;
    memset(&r, 0, sizeof r);
    r.s = litdnnGetActivationDescriptor(*acts[i], &r.m, &r.nan, &r.coef);
    snap_add(s, &r, sizeof r, "activation descriptor #%zu", i);
  }
  litdnnOpTensorDescriptor_t *opts[] = {BI_OPTS(W)};
  for (size_t i = 0; i < COUNT_OF(opts); i++) {
    struct { litdnnStatus_t s; litdnnOpTensorOp_t op; litdnnDataType_t t; litdnnNanPropagation_t nan; } r;
    memset(&r, 0, sizeof r);
    r.s = litdnnGetOpTensorDescriptor(*opts[i], &r.op, &r.t, &r.nan);
    snap_add(s, &r, sizeof r, "op-tensor descriptor #%zu", i);
  }
  litdnnPoolingDescriptor_t *pools[] = {BI_POOLS(W)};
  for (size_t i = 0; i < COUNT_OF(pools); i++) {
    struct { litdnnStatus_t s; litdnnPoolingMode_t m; litdnnNanPropagation_t nan; int nb, win[3], pad[3], str[3]; } r;
    memset(&r, 0, sizeof r);
    r.s = litdnnGetPoolingNdDescriptor(*pools[i], 3, &r.m, &r.nan, &r.nb, r.win, r.pad, r.str);
    snap_add(s, &r, sizeof r, "pooling descriptor #%zu", i);
  }
  {
    struct { litdnnStatus_t s; unsigned n; double alpha, beta, k; } r;
    memset(&r, 0, sizeof r);
    r.s = litdnnGetLRNDescriptor(W->lrn, &r.n, &r.alpha, &r.beta, &r.k);
    snap_add(s, &r, sizeof r, "LRN descriptor");
  }
  litdnnDropoutDescriptor_t *drops[] = {BI_DROPS(W)};
  for (size_t i = 0; i < COUNT_OF(drops); i++) {
    struct { litdnnStatus_t s; float p; void *states; unsigned long long seed; } r;
    memset(&r, 0, sizeof r);
    r.s = litdnnGetDropoutDescriptor(*drops[i], W->h, &r.p, &r.states, &r.seed);
    snap_add(s, &r, sizeof r, "dropout descriptor #%zu", i);
  }
  litdnnRNNDescriptor_t *rnns[] = {BI_RNNS(W)};
  for (size_t i = 0; i < COUNT_OF(rnns); i++) {
    struct {
      litdnnStatus_t s;
      litdnnRNNAlgo_t algo;
      litdnnRNNMode_t cell;
      litdnnRNNBiasMode_t bias;
      litdnnDirectionMode_t dir;
      litdnnRNNInputMode_t input;
      litdnnDataType_t dtype, prec;
      litdnnMathType_t math;
      int32_t inputs, hidden, proj, layers;
      litdnnDropoutDescriptor_t drop;
      uint32_t aux;
    } r;
    memset(&r, 0, sizeof r);
    r.s = litdnnGetRNNDescriptor(*rnns[i], &r.algo, &r.cell, &r.bias, &r.dir, &r.input, &r.dtype, &r.prec, &r.math,
                                 &r.inputs, &r.hidden, &r.proj, &r.layers, &r.drop, &r.aux);
    snap_add(s, &r, sizeof r, "RNN descriptor #%zu", i);
  }
  litdnnRNNDataDescriptor_t *rdata[] = {BI_RNN_DATA(W)};
  for (size_t i = 0; i < COUNT_OF(rdata); i++) {
    struct { litdnnStatus_t s; litdnnDataType_t t; litdnnRNNDataLayout_t layout; int T, N, V, len[8]; float fill; } r;
    memset(&r, 0, sizeof r);
    r.s = litdnnGetRNNDataDescriptor(*rdata[i], &r.t, &r.layout, &r.T, &r.N, &r.V, 8, r.len, &r.fill);
    snap_add(s, &r, sizeof r, "RNN data descriptor #%zu", i);
  }
  {
    /* the pool's books: what a failing call must not change (its count of
       failed requests, the cache and the peaks may) */
    litdnnMemoryStats_t m;
    cr_assert(litdnnGetMemoryStats(W->h, &m) == LITDNN_STATUS_SUCCESS);
    size_t r[] = {m.inUse, m.requested, m.workspaceInUse, m.liveBlocks, m.limit, m.workspaceReserve};
    snap_add(s, r, sizeof r, "the memory pool's blocks, limit and reserve");
  }
  {
    struct { litdnnBackend_t b; litdnnStream_t st; int stage[LITDNN_OP_COUNT], last[LITDNN_OP_COUNT]; } r;
    memset(&r, 0, sizeof r);
    cr_assert(litdnnGetBackend(W->h, &r.b) == LITDNN_STATUS_SUCCESS);
    cr_assert(litdnnGetStream(W->h, &r.st) == LITDNN_STATUS_SUCCESS);
    for (int op = 0; op < LITDNN_OP_COUNT; op++) {
      cr_assert(litdnnGetStage(W->h, (litdnnOp_t)op, &r.stage[op]) == LITDNN_STATUS_SUCCESS);
      cr_assert(litdnnGetLastStage(W->h, (litdnnOp_t)op, &r.last[op]) == LITDNN_STATUS_SUCCESS);
    }
    snap_add(s, &r, sizeof r, "the handle's backend, stream and stages");
  }
  void **buffers[] = {BI_BUFFERS(W)};
  static unsigned char host[BI_WS_FLOATS * sizeof(float)];
  for (size_t i = 0; i < COUNT_OF(buffers); i++) {
    size_t bytes = buffer_bytes(W, buffers[i]);
    cr_assert(litdnnMemcpy(W->h, host, *buffers[i], bytes, LITDNN_MEMCPY_DEVICE_TO_HOST) == LITDNN_STATUS_SUCCESS,
              "reading back device buffer #%zu: %s", i, litdnnGetLastErrorString());
    snap_add(s, host, bytes, "device buffer #%zu", i);
  }
}

/* The first item that differs, or NULL. */
static const char *snap_diff(const snapshot *a, const snapshot *b)
{
  for (int i = 0; i < a->n && i < b->n; i++)
    if (a->items[i].len != b->items[i].len ||
        memcmp(a->bytes + a->items[i].at, b->bytes + b->items[i].at, a->items[i].len))
      return a->items[i].what;
  return a->n == b->n ? NULL : "the number of items";
}

/* The first byte of the sentinel area that changed, or -1. */
static long sentinel_diff(const bi_bench *W)
{
  for (size_t i = 0; i < sizeof W->out; i++)
    if (W->out[i] != BI_SENTINEL)
      return (long)i;
  return -1;
}

static snapshot before_call, after_call;

/* A failing call that no case makes: its message is the stale one that
   the call under test must replace (or, if it succeeds, clear). */
#define STALE_OP (-424242)
static void leave_a_stale_message(void)
{
  int count;
  litdnnGetStageCount((litdnnOp_t)STALE_OP, &count);
  cr_assert(strstr(litdnnGetLastErrorString(), "op = -424242") != NULL,
            "litdnnGetStageCount left no message to go stale: '%s'", litdnnGetLastErrorString());
}

void bi_before(bi_bench *W)
{
  snap_bench(&before_call, W);
  leave_a_stale_message();
}

/* After the checks: the handle still runs a good call (a failing call
   must leave no error behind for the next one to trip over). */
static void good_call_after(bi_bench *W, const bi_case *c)
{
  litdnnStatus_t s = litdnnScaleTensor(W->h, W->good_t, W->bscratch, &W->one);
  cr_assert(s == LITDNN_STATUS_SUCCESS, "%s: the good call after it failed: %s: %s", bi_name(c, W),
            litdnnGetErrorString(s), litdnnGetLastErrorString());
}

static const char *call_name(const char *fn)
{
  /* the macros litdnnCreate and litdnnCreateWithBackend, and the function
     they call, all record their messages as litdnnCreate */
  return strncmp(fn, "litdnnCreate", 12) == 0 && (!fn[12] || !strcmp(fn + 12, "Versioned") ||
                                                  !strcmp(fn + 12, "WithBackend"))
             ? "litdnnCreate"
             : fn;
}

void bi_expect(bi_bench *W, const bi_case *c, litdnnStatus_t got, litdnnStatus_t want, const char *needle)
{
  char msg[512];
  snprintf(msg, sizeof msg, "%s", litdnnGetLastErrorString());
  const char *name = bi_name(c, W);
  cr_log_info("%s: %s '%s'", name, litdnnGetErrorString(got), msg);   /* shown with --verbose */
  cr_assert(got == want, "%s: returned %s, expected %s (message: '%s')", name, litdnnGetErrorString(got),
            litdnnGetErrorString(want), msg);
  if (want == LITDNN_STATUS_SUCCESS) {
    cr_assert(msg[0] == '\0', "%s: succeeded but left the message '%s'", name, msg);
  } else {
    char prefix[96];
    snprintf(prefix, sizeof prefix, "%s: ", call_name(c->fn));
    cr_assert(strncmp(msg, prefix, strlen(prefix)) == 0 && msg[strlen(prefix)] != '\0',
              "%s: the message '%s' does not start with '%s'", name, msg, prefix);
    cr_assert(needle && strstr(msg + strlen(prefix), needle) != NULL,
              "%s: the message '%s' does not contain '%s'", name, msg, needle ? needle : "(null)");
  }
  snap_bench(&after_call, W);
  const char *changed = snap_diff(&before_call, &after_call);
  cr_assert(changed == NULL, "%s: the call changed %s", name, changed);
  long at = sentinel_diff(W);
  cr_assert(at < 0, "%s: the call wrote byte %ld of its out-parameters", name, at);
  good_call_after(W, c);
}

void bi_expect_valid(bi_bench *W, const bi_case *c, litdnnStatus_t got)
{
  cr_assert(got == LITDNN_STATUS_SUCCESS, "%s: the unbroken call returned %s: '%s'", bi_name(c, W),
            litdnnGetErrorString(got), litdnnGetLastErrorString());
  cr_assert(litdnnGetLastErrorString()[0] == '\0', "%s: the unbroken call left the message '%s'",
            bi_name(c, W), litdnnGetLastErrorString());
  good_call_after(W, c);
}

/* ------------------------------------------------------ the Criterion cases */
typedef struct {
  int index;       /* into the table */
  int backend;     /* litdnnBackend_t */
} bi_param;

static void free_params(struct criterion_test_params *params)
{
  cr_free(params->params);
}

/* LITDNN_BAD_INPUT=pattern runs only the cases whose "function/case"
   matches the shell pattern (litdnnMatmul/'*', '*'/null_handle). */
static struct criterion_test_params params_of(int valid_calls)
{
  const char *only = getenv("LITDNN_BAD_INPUT");
  int n = table_size < BI_MAX_CASES ? table_size : BI_MAX_CASES;
  bi_param *params = cr_malloc((size_t)(2 * n + 1) * sizeof *params);
  size_t count = 0;
  for (int i = 0; i < n; i++) {
    char key[160];
    snprintf(key, sizeof key, "%s/%s", table[i]->fn, table[i]->name);
    if (table[i]->valid_call != valid_calls || (only && *only && fnmatch(only, key, 0) != 0))
      continue;
    if (table[i]->backends & BI_CPU)
      params[count++] = (bi_param){i, LITDNN_BACKEND_CPU};
    if (table[i]->backends & BI_EMU)
      params[count++] = (bi_param){i, LITDNN_BACKEND_EMU};
  }
  return cr_make_param_array(bi_param, params, count, free_params);
}

static void run_param(const bi_param *p)
{
  const bi_case *c = table[p->index];
  t_case_require_backend(&(t_case){.op = 0, .stage = LITDNN_STAGE_AUTOMATIC, .backend = p->backend});
  static bi_bench W;
  bench_setup(&W, (litdnnBackend_t)p->backend);
  c->run(&W, c);
  bench_teardown(&W);
}

ParameterizedTestParameters(bad_input, cases) { return params_of(0); }
ParameterizedTest(bi_param *p, bad_input, cases) { run_param(p); }

ParameterizedTestParameters(bad_input, valid_calls) { return params_of(1); }
ParameterizedTest(bi_param *p, bad_input, valid_calls) { run_param(p); }

/* A public function without a case fails here, by name. */
Test(bad_input, every_public_function_has_a_case)
{
  cr_assert(table_size <= BI_MAX_CASES, "%d cases: raise BI_MAX_CASES", table_size);
  char missing[4096] = "";
  int count = 0;
  for (int f = 0; f < API_FUNCTIONS; f++) {
    int cases = 0;
    for (int i = 0; i < table_size; i++)
      cases += !table[i]->valid_call && strcmp(table[i]->fn, api_functions[f]) == 0;
    if (!cases) {
      count++;
      snprintf(missing + strlen(missing), sizeof missing - strlen(missing), " %s", api_functions[f]);
    }
  }
  cr_assert(count == 0, "%d public function(s) of the headers have no bad-input case:%s", count, missing);
}

/* ... and a case must call a function the headers declare. */
Test(bad_input, every_case_calls_a_public_function)
{
  for (int i = 0; i < table_size && i < BI_MAX_CASES; i++) {
    int known = 0;
    for (int f = 0; f < API_FUNCTIONS && !known; f++)
      known = strcmp(table[i]->fn, api_functions[f]) == 0;
    cr_assert(known, "the case %s / %s calls %s, which no public header declares", table[i]->fn, table[i]->name,
              table[i]->fn);
  }
}

/* The list read from the headers is the real one: it holds a function
   and a function-like macro of core.h, in order, each once. */
Test(bad_input, the_list_of_public_functions_is_read_from_the_headers)
{
  int create = 0, versioned = 0;
  for (int f = 0; f < API_FUNCTIONS; f++) {
    create += strcmp(api_functions[f], "litdnnCreate") == 0;
    versioned += strcmp(api_functions[f], "litdnnCreateVersioned") == 0;
    if (f)
      cr_assert(strcmp(api_functions[f - 1], api_functions[f]) < 0, "api_functions.inc is not sorted and unique at %s",
                api_functions[f]);
  }
  cr_assert(create == 1 && versioned == 1, "api_functions.inc lacks litdnnCreate or litdnnCreateVersioned");
}

/* The checks of bi_expect see a write: a good call that writes changes
   the snapshot, and a byte written into the sentinel area is found. */
Test(bad_input, the_untouched_check_sees_writes)
{
  static bi_bench W;
  bench_setup(&W, LITDNN_BACKEND_CPU);
  snap_bench(&before_call, &W);
  cr_assert_eq(litdnnScaleTensor(W.h, W.t, W.by, &W.two), LITDNN_STATUS_SUCCESS);
  snap_bench(&after_call, &W);
  cr_assert(snap_diff(&before_call, &after_call) != NULL, "a write into a device buffer went unseen");
  snap_bench(&before_call, &W);
  cr_assert_eq(litdnnSetActivationDescriptor(W.act, LITDNN_ACTIVATION_TANH, LITDNN_NOT_PROPAGATE_NAN, 0),
               LITDNN_STATUS_SUCCESS);
  snap_bench(&after_call, &W);
  cr_assert(snap_diff(&before_call, &after_call) != NULL, "a change of a descriptor went unseen");
  snap_bench(&before_call, &W);
  cr_assert_eq(litdnnSetStage(W.h, LITDNN_OP_MATMUL, 0), LITDNN_STATUS_SUCCESS);
  snap_bench(&after_call, &W);
  cr_assert(snap_diff(&before_call, &after_call) != NULL, "a pinned stage went unseen");
  snap_bench(&before_call, &W);
  cr_assert_eq(litdnnSetMemoryLimit(W.h, (size_t)1 << 30), LITDNN_STATUS_SUCCESS);
  snap_bench(&after_call, &W);
  cr_assert(snap_diff(&before_call, &after_call) != NULL, "a new memory limit went unseen");
  cr_assert(sentinel_diff(&W) < 0);
  *(int *)bi_out(&W, sizeof(int)) = 7;
  cr_assert(sentinel_diff(&W) >= 0, "a write into an out-parameter went unseen");
  bench_teardown(&W);
}

/* ====================================================================== */
/*                                the cases                               */
/* ====================================================================== */

/* ---------------------------------------------------------------- litdnn/core.h */

/* versions and status codes: calls that cannot fail answer for any input */
BI_ANSWER(litdnnGetVersion, matches_the_header,
          cr_assert_eq(litdnnGetVersion(), (size_t)LITDNN_VERSION, "the library is version %zu, the header %d",
                       litdnnGetVersion(), LITDNN_VERSION))
BI_ANSWER(litdnnGetErrorString, unknown_status,
          cr_assert_str_eq(litdnnGetErrorString((litdnnStatus_t)12345), "LITDNN_STATUS_UNKNOWN"))
BI_ANSWER(litdnnGetErrorString, negative_status,
          cr_assert_str_eq(litdnnGetErrorString((litdnnStatus_t)-1), "LITDNN_STATUS_UNKNOWN"))
BI_ANSWER(litdnnGetErrorString, a_gap_in_a_group,
          cr_assert_str_eq(litdnnGetErrorString((litdnnStatus_t)2001), "LITDNN_STATUS_UNKNOWN"))
BI_ANSWER(litdnnGetErrorString, huge_status,
          cr_assert_str_eq(litdnnGetErrorString((litdnnStatus_t)INT_MAX), "LITDNN_STATUS_UNKNOWN"))
BI_ANSWER(litdnnGetLastErrorString, names_the_call_that_failed_last,
          int count;
          litdnnGetStageCount((litdnnOp_t)-7, &count);
          cr_assert_str_eq(litdnnGetLastErrorString(), "litdnnGetStageCount: op = -7 is not a litdnnOp_t"))
BI_ANSWER(litdnnGetLastErrorString, empty_after_a_call_that_succeeds,
          int count;
          litdnnGetStageCount((litdnnOp_t)-7, &count);
          cr_assert_eq(litdnnGetStageCount(LITDNN_OP_MATMUL, &count), LITDNN_STATUS_SUCCESS);
          cr_assert_str_eq(litdnnGetLastErrorString(), ""))
static void *fail_on_another_thread(void *arg)
{
  int count;
  litdnnGetStageCount((litdnnOp_t)-9, &count);
  snprintf(arg, 128, "%s", litdnnGetLastErrorString());
  return NULL;
}
BI_ANSWER(litdnnGetLastErrorString, each_thread_reads_its_own,
          int count;
          char theirs[128] = "";
          pthread_t other;
          litdnnGetStageCount((litdnnOp_t)-7, &count);
          cr_assert_eq(pthread_create(&other, NULL, fail_on_another_thread, theirs), 0);
          pthread_join(other, NULL);
          cr_assert_str_eq(theirs, "litdnnGetStageCount: op = -9 is not a litdnnOp_t");
          cr_assert_str_eq(litdnnGetLastErrorString(), "litdnnGetStageCount: op = -7 is not a litdnnOp_t"))

/* the handle */
BI_VALID(litdnnCreateVersioned)
BI_CASE(litdnnCreateVersioned, null_handle, BAD_PARAM_NULL_POINTER, "handle is a null pointer", handle = NULL)
BI_CASE(litdnnCreateVersioned, header_of_the_next_major_version, VERSION_MISMATCH,
        bi_fmt("litdnn.h version %d", LITDNN_VERSION + 10000), headerVersion = LITDNN_VERSION + 10000)
BI_CASE(litdnnCreateVersioned, huge_header_version, VERSION_MISMATCH, "litdnn.h version 18446744073709551615",
        headerVersion = SIZE_MAX)
BI_CASE(litdnnCreateVersioned, negative_backend, BAD_PARAM_OUT_OF_BOUND, "backend = -1",
        backend = (litdnnBackend_t)-1)
BI_CASE(litdnnCreateVersioned, backend_one_past_the_last, BAD_PARAM_OUT_OF_BOUND, "backend = 4",
        backend = (litdnnBackend_t)LITDNN_BACKEND_COUNT)
BI_CASE(litdnnCreateVersioned, huge_backend, BAD_PARAM_OUT_OF_BOUND, "backend = 2147483647",
        backend = (litdnnBackend_t)INT_MAX)
BI_CASE(litdnnCreateVersioned, misspelt_backend_in_the_environment, BAD_PARAM_OUT_OF_BOUND,
        "LITDNN_BACKEND = 'cdua'", backend = LITDNN_BACKEND_DEFAULT; setenv("LITDNN_BACKEND", "cdua", 1))
BI_CASE(litdnnCreateVersioned, cuda_without_a_device, NOT_SUPPORTED_BACKEND, "backend cuda",
        if (t_have_gpu()) cr_skip_test("a CUDA device is present; %s", bi_name(c_, W));
        backend = LITDNN_BACKEND_CUDA)
BI_VALID(litdnnCreate)
BI_CASE(litdnnCreate, null_handle, BAD_PARAM_NULL_POINTER, "handle is a null pointer", handle = NULL)
BI_CASE(litdnnCreate, misspelt_backend_in_the_environment, BAD_PARAM_OUT_OF_BOUND, "LITDNN_BACKEND = 'gpu'",
        setenv("LITDNN_BACKEND", "gpu", 1))
BI_VALID(litdnnCreateWithBackend)
BI_CASE(litdnnCreateWithBackend, null_handle, BAD_PARAM_NULL_POINTER, "handle is a null pointer", handle = NULL)
BI_CASE(litdnnCreateWithBackend, negative_backend, BAD_PARAM_OUT_OF_BOUND, "backend = -1",
        backend = (litdnnBackend_t)-1)
BI_CASE(litdnnCreateWithBackend, backend_one_past_the_last, BAD_PARAM_OUT_OF_BOUND, "backend = 4",
        backend = (litdnnBackend_t)LITDNN_BACKEND_COUNT)
BI_CASE(litdnnDestroy, null_handle_is_nothing_to_destroy, SUCCESS, NULL, handle = NULL)
BI_VALID(litdnnGetBackend)
BI_CASE(litdnnGetBackend, null_handle, BAD_PARAM_NULL_POINTER, "handle is a null pointer", handle = NULL)
BI_CASE(litdnnGetBackend, null_backend, BAD_PARAM_NULL_POINTER, "backend is a null pointer", backend = NULL)
BI_ANSWER(litdnnGetBackendName, negative_backend,
          cr_assert_str_eq(litdnnGetBackendName((litdnnBackend_t)-1), "unknown"))
BI_ANSWER(litdnnGetBackendName, backend_one_past_the_last,
          cr_assert_str_eq(litdnnGetBackendName((litdnnBackend_t)LITDNN_BACKEND_COUNT), "unknown"))
BI_ANSWER(litdnnGetBackendName, huge_backend,
          cr_assert_str_eq(litdnnGetBackendName((litdnnBackend_t)INT_MAX), "unknown"))
BI_ANSWER(litdnnBackendAvailable, negative_backend,
          cr_assert_eq(litdnnBackendAvailable((litdnnBackend_t)-1), 0))
BI_ANSWER(litdnnBackendAvailable, backend_one_past_the_last,
          cr_assert_eq(litdnnBackendAvailable((litdnnBackend_t)LITDNN_BACKEND_COUNT), 0))
BI_ANSWER(litdnnBackendAvailable, huge_backend,
          cr_assert_eq(litdnnBackendAvailable((litdnnBackend_t)INT_MAX), 0))
BI_ANSWER(litdnnBackendAvailable, the_cpu_always_is,
          cr_assert_eq(litdnnBackendAvailable(LITDNN_BACKEND_CPU), 1))
BI_VALID(litdnnGetDeviceName)
BI_CASE(litdnnGetDeviceName, null_handle, BAD_PARAM_NULL_POINTER, "handle is a null pointer", handle = NULL)
BI_CASE(litdnnGetDeviceName, null_name, BAD_PARAM_NULL_POINTER, "name is a null pointer", name = NULL)
BI_CASE(litdnnGetDeviceName, no_room_for_the_name, BAD_PARAM_SIZE_INSUFFICIENT, "size = 0", size = 0)
BI_VALID(litdnnSetStream)
BI_CASE(litdnnSetStream, null_handle, BAD_PARAM_NULL_POINTER, "handle is a null pointer", handle = NULL)
BI_CASE_ON(BI_CPU, litdnnSetStream, a_stream_on_the_cpu_backend, NOT_SUPPORTED_BACKEND,
           "stream = 0x10: the cpu backend has no streams", stream = (litdnnStream_t)0x10)
BI_VALID(litdnnGetStream)
BI_CASE(litdnnGetStream, null_handle, BAD_PARAM_NULL_POINTER, "handle is a null pointer", handle = NULL)
BI_CASE(litdnnGetStream, null_stream, BAD_PARAM_NULL_POINTER, "stream is a null pointer", stream = NULL)
BI_VALID(litdnnSynchronize)
BI_CASE(litdnnSynchronize, null_handle, BAD_PARAM_NULL_POINTER, "handle is a null pointer", handle = NULL)

/* device memory */
BI_VALID(litdnnMalloc)
BI_CASE(litdnnMalloc, null_handle, BAD_PARAM_NULL_POINTER, "handle is a null pointer", handle = NULL)
BI_CASE(litdnnMalloc, null_ptr, BAD_PARAM_NULL_POINTER, "ptr is a null pointer", ptr = NULL)
BI_CASE(litdnnMalloc, bytes_past_int64, BAD_PARAM_OVERFLOW, "bytes = 18446744073709551615", bytes = SIZE_MAX)
BI_CASE(litdnnMalloc, more_bytes_than_any_machine_has, ALLOC_FAILED,
        bi_fmt("bytes = 9223372036854775807 asked; the %s device could not provide",
               litdnnGetBackendName(W->backend)),
        bytes = (size_t)INT64_MAX)
BI_CASE(litdnnFree, null_handle, BAD_PARAM_NULL_POINTER, "handle is a null pointer", handle = NULL)
/* the pool knows its live blocks, on every backend */
#define NOT_A_LIVE_BLOCK bi_fmt("ptr = %p is not a live block of the %s pool", ptr, litdnnGetBackendName(W->backend))
BI_CASE(litdnnFree, host_memory, BAD_PARAM, NOT_A_LIVE_BLOCK, ptr = W->host)
BI_CASE(litdnnFree, the_middle_of_a_buffer, BAD_PARAM, NOT_A_LIVE_BLOCK, ptr = (char *)W->bx + 16)
BI_CASE(litdnnFree, a_buffer_freed_before, BAD_PARAM, NOT_A_LIVE_BLOCK,
        cr_assert_eq(litdnnMalloc(handle, &ptr, 64), LITDNN_STATUS_SUCCESS);
        cr_assert_eq(litdnnFree(handle, ptr), LITDNN_STATUS_SUCCESS))

/* the device memory pool: a limit, a reserve for workspaces, the cache, statistics */
BI_VALID(litdnnMallocWorkspace)
BI_CASE(litdnnMallocWorkspace, null_handle, BAD_PARAM_NULL_POINTER, "handle is a null pointer", handle = NULL)
BI_CASE(litdnnMallocWorkspace, null_ptr, BAD_PARAM_NULL_POINTER, "ptr is a null pointer", ptr = NULL)
BI_CASE(litdnnMallocWorkspace, bytes_past_int64, BAD_PARAM_OVERFLOW, "bytes = 18446744073709551615 is too large",
        bytes = SIZE_MAX)
BI_CASE(litdnnMallocWorkspace, more_bytes_than_any_machine_has, ALLOC_FAILED,
        bi_fmt("a workspace of 9223372036854775807 bytes asked; the %s device could not provide",
               litdnnGetBackendName(W->backend)),
        bytes = (size_t)INT64_MAX)
BI_CASE(litdnnMallocWorkspace, more_than_the_reserve, ALLOC_FAILED,
        "a workspace of 1048577 bytes asked; workspaces hold 0 bytes of their reserve of 1048576 bytes",
        cr_assert_eq(litdnnSetWorkspaceReserve(handle, (size_t)1 << 20), LITDNN_STATUS_SUCCESS);
        bytes = ((size_t)1 << 20) + 1)
BI_CASE(litdnnMalloc, more_than_the_limit, ALLOC_FAILED, "bytes = 1048576 asked;",
        litdnnMemoryStats_t m_;
        cr_assert_eq(litdnnGetMemoryStats(handle, &m_), LITDNN_STATUS_SUCCESS);
        cr_assert_eq(litdnnSetMemoryLimit(handle, m_.inUse + 4096), LITDNN_STATUS_SUCCESS);
        bytes = (size_t)1 << 20)
BI_CASE(litdnnMalloc, into_the_workspace_reserve, ALLOC_FAILED, "of which 1048576 are kept for workspaces",
        litdnnMemoryStats_t m_;
        cr_assert_eq(litdnnGetMemoryStats(handle, &m_), LITDNN_STATUS_SUCCESS);
        cr_assert_eq(litdnnSetMemoryLimit(handle, m_.inUse + ((size_t)2 << 20)), LITDNN_STATUS_SUCCESS);
        cr_assert_eq(litdnnSetWorkspaceReserve(handle, (size_t)1 << 20), LITDNN_STATUS_SUCCESS);
        bytes = ((size_t)1 << 20) + 4096)
BI_VALID(litdnnSetMemoryLimit)
BI_CASE(litdnnSetMemoryLimit, null_handle, BAD_PARAM_NULL_POINTER, "handle is a null pointer", handle = NULL)
static size_t bytes_in_use(litdnnHandle_t h)
{
  litdnnMemoryStats_t m;
  cr_assert_eq(litdnnGetMemoryStats(h, &m), LITDNN_STATUS_SUCCESS);
  return m.inUse;
}
/* (the needle is made before the call's message is read: no library call in it) */
BI_CASE(litdnnSetMemoryLimit, one_byte, BAD_PARAM,
        bi_fmt("bytes = 1 is less than the %zu bytes in use on the %s device", in_use,
               litdnnGetBackendName(W->backend)),
        size_t in_use = bytes_in_use(handle); bytes = 1)
BI_CASE(litdnnSetMemoryLimit, one_byte_less_than_in_use, BAD_PARAM, bi_fmt("bytes = %zu is less than the %zu bytes in use", bytes, bytes + 1),
        litdnnMemoryStats_t m_;
        cr_assert_eq(litdnnGetMemoryStats(handle, &m_), LITDNN_STATUS_SUCCESS);
        bytes = m_.inUse - 1)
BI_CASE(litdnnSetMemoryLimit, below_the_workspace_reserve, BAD_PARAM,
        bi_fmt("bytes = %zu is less than the workspace reserve of 16777216 bytes", bytes),
        cr_assert_eq(litdnnSetWorkspaceReserve(handle, (size_t)16 << 20), LITDNN_STATUS_SUCCESS);
        bytes = ((size_t)16 << 20) - 1)
BI_CASE(litdnnSetMemoryLimit, no_room_beside_the_reserve, BAD_PARAM,
        bi_fmt("bytes = %zu leaves %zu bytes beside the workspace reserve of 16777216", bytes,
               bytes - ((size_t)16 << 20)),
        litdnnMemoryStats_t m_;
        cr_assert_eq(litdnnSetWorkspaceReserve(handle, (size_t)16 << 20), LITDNN_STATUS_SUCCESS);
        cr_assert_eq(litdnnGetMemoryStats(handle, &m_), LITDNN_STATUS_SUCCESS);
        bytes = ((size_t)16 << 20) + (m_.inUse - m_.workspaceInUse) - 1)
BI_VALID(litdnnSetWorkspaceReserve)
BI_CASE(litdnnSetWorkspaceReserve, null_handle, BAD_PARAM_NULL_POINTER, "handle is a null pointer", handle = NULL)
BI_CASE(litdnnSetWorkspaceReserve, more_than_the_limit, BAD_PARAM,
        "bytes = 1073741825 is more than the memory limit of 1073741824 bytes",
        cr_assert_eq(litdnnSetMemoryLimit(handle, (size_t)1 << 30), LITDNN_STATUS_SUCCESS);
        bytes = ((size_t)1 << 30) + 1)
BI_CASE(litdnnSetWorkspaceReserve, huge, BAD_PARAM,
        "bytes = 18446744073709551615 is more than the memory limit of 1073741824 bytes",
        cr_assert_eq(litdnnSetMemoryLimit(handle, (size_t)1 << 30), LITDNN_STATUS_SUCCESS);
        bytes = SIZE_MAX)
BI_CASE(litdnnSetWorkspaceReserve, no_room_for_the_data_in_use, BAD_PARAM,
        "bytes = 1073741823 leaves 1 bytes of the memory limit beside it, but",
        cr_assert_eq(litdnnSetMemoryLimit(handle, (size_t)1 << 30), LITDNN_STATUS_SUCCESS);
        bytes = ((size_t)1 << 30) - 1)
BI_VALID(litdnnEmptyCache)
BI_CASE(litdnnEmptyCache, null_handle, BAD_PARAM_NULL_POINTER, "handle is a null pointer", handle = NULL)
BI_VALID(litdnnGetMemoryStats)
BI_CASE(litdnnGetMemoryStats, null_handle, BAD_PARAM_NULL_POINTER, "handle is a null pointer", handle = NULL)
BI_CASE(litdnnGetMemoryStats, null_stats, BAD_PARAM_NULL_POINTER, "stats is a null pointer", stats = NULL)
BI_VALID(litdnnResetPeakMemoryStats)
BI_CASE(litdnnResetPeakMemoryStats, null_handle, BAD_PARAM_NULL_POINTER, "handle is a null pointer", handle = NULL)
BI_VALID(litdnnMemcpy)
BI_CASE(litdnnMemcpy, null_handle, BAD_PARAM_NULL_POINTER, "handle is a null pointer", handle = NULL)
BI_CASE(litdnnMemcpy, null_dst, BAD_PARAM_NULL_POINTER, "dst is a null pointer", dst = NULL)
BI_CASE(litdnnMemcpy, null_src, BAD_PARAM_NULL_POINTER, "src is a null pointer", src = NULL)
BI_CASE(litdnnMemcpy, kind_zero, BAD_PARAM_OUT_OF_BOUND, "kind = 0 is not a litdnnMemcpyKind_t",
        kind = (litdnnMemcpyKind_t)0)
BI_CASE(litdnnMemcpy, negative_kind, BAD_PARAM_OUT_OF_BOUND, "kind = -1", kind = (litdnnMemcpyKind_t)-1)
BI_CASE(litdnnMemcpy, kind_one_past_the_last, BAD_PARAM_OUT_OF_BOUND, "kind = 4", kind = (litdnnMemcpyKind_t)4)
BI_CASE(litdnnMemcpy, huge_kind, BAD_PARAM_OUT_OF_BOUND, "kind = 2147483647", kind = (litdnnMemcpyKind_t)INT_MAX)
BI_CASE(litdnnMemcpy, invalid_kind_of_zero_bytes, BAD_PARAM_OUT_OF_BOUND, "kind = 9 is not a litdnnMemcpyKind_t",
        kind = (litdnnMemcpyKind_t)9; bytes = 0)

/* ops and their stages */
BI_ANSWER(litdnnGetOpName, negative_op, cr_assert_str_eq(litdnnGetOpName((litdnnOp_t)-1), "unknown"))
BI_ANSWER(litdnnGetOpName, op_one_past_the_last, cr_assert_str_eq(litdnnGetOpName(LITDNN_OP_COUNT), "unknown"))
BI_ANSWER(litdnnGetOpName, huge_op, cr_assert_str_eq(litdnnGetOpName((litdnnOp_t)INT_MAX), "unknown"))
#undef BI_ON
#define BI_ON BI_CPU
BI_VALID(litdnnGetStageCount)
BI_CASE(litdnnGetStageCount, negative_op, BAD_PARAM_OUT_OF_BOUND, "op = -1 is not a litdnnOp_t", op = (litdnnOp_t)-1)
BI_CASE(litdnnGetStageCount, op_one_past_the_last, BAD_PARAM_OUT_OF_BOUND, bi_fmt("op = %d", LITDNN_OP_COUNT),
        op = LITDNN_OP_COUNT)
BI_CASE(litdnnGetStageCount, huge_op, BAD_PARAM_OUT_OF_BOUND, "op = 2147483647", op = (litdnnOp_t)INT_MAX)
BI_CASE(litdnnGetStageCount, null_count, BAD_PARAM_NULL_POINTER, "count is a null pointer", count = NULL)
BI_VALID(litdnnGetStageInfo)
BI_CASE(litdnnGetStageInfo, negative_op, BAD_PARAM_OUT_OF_BOUND, "op = -1", op = (litdnnOp_t)-1)
BI_CASE(litdnnGetStageInfo, op_one_past_the_last, BAD_PARAM_OUT_OF_BOUND, bi_fmt("op = %d", LITDNN_OP_COUNT),
        op = LITDNN_OP_COUNT)
BI_CASE(litdnnGetStageInfo, negative_stage, BAD_PARAM_OUT_OF_BOUND, "stage = -1, but matmul has stages 0..",
        stage = -1)
BI_CASE(litdnnGetStageInfo, stage_one_past_the_last, BAD_PARAM_OUT_OF_BOUND, "but matmul has stages 0..",
        litdnnGetStageCount(op, &stage))
BI_CASE(litdnnGetStageInfo, huge_stage, BAD_PARAM_OUT_OF_BOUND, "stage = 2147483647", stage = INT_MAX)
BI_CASE(litdnnGetStageInfo, automatic_is_no_stage_of_the_table, BAD_PARAM_OUT_OF_BOUND, "stage = -1",
        stage = LITDNN_STAGE_AUTOMATIC)
BI_VALID(litdnnGetStageFlags)
BI_CASE(litdnnGetStageFlags, negative_op, BAD_PARAM_OUT_OF_BOUND, "op = -1", op = (litdnnOp_t)-1)
BI_CASE(litdnnGetStageFlags, op_one_past_the_last, BAD_PARAM_OUT_OF_BOUND, bi_fmt("op = %d", LITDNN_OP_COUNT),
        op = LITDNN_OP_COUNT)
BI_CASE(litdnnGetStageFlags, negative_stage, BAD_PARAM_OUT_OF_BOUND, "stage = -2", stage = -2)
BI_CASE(litdnnGetStageFlags, stage_one_past_the_last, BAD_PARAM_OUT_OF_BOUND, "but matmul has stages 0..",
        litdnnGetStageCount(op, &stage))
BI_CASE(litdnnGetStageFlags, null_flags, BAD_PARAM_NULL_POINTER, "flags is a null pointer", flags = NULL)
BI_VALID(litdnnGetStageByName)
BI_CASE(litdnnGetStageByName, negative_op, BAD_PARAM_OUT_OF_BOUND, "op = -1", op = (litdnnOp_t)-1)
BI_CASE(litdnnGetStageByName, op_one_past_the_last, BAD_PARAM_OUT_OF_BOUND, bi_fmt("op = %d", LITDNN_OP_COUNT),
        op = LITDNN_OP_COUNT)
BI_CASE(litdnnGetStageByName, null_name, BAD_PARAM_NULL_POINTER, "name is a null pointer", name = NULL)
BI_CASE(litdnnGetStageByName, null_stage, BAD_PARAM_NULL_POINTER, "stage is a null pointer", stage = NULL)
BI_CASE(litdnnGetStageByName, a_name_no_stage_has, BAD_PARAM, "name = \"cpu lopo\" is not a stage of litdnnSetTensor",
        name = "cpu lopo")
BI_CASE(litdnnGetStageByName, a_name_of_another_op, BAD_PARAM, "name = \"tiled transpose\"",
        name = "tiled transpose")
#undef BI_ON
#define BI_ON BI_BOTH
BI_VALID(litdnnSetStage)
BI_CASE(litdnnSetStage, null_handle, BAD_PARAM_NULL_POINTER, "handle is a null pointer", handle = NULL)
BI_CASE(litdnnSetStage, negative_op, BAD_PARAM_OUT_OF_BOUND, "op = -1", op = (litdnnOp_t)-1)
BI_CASE(litdnnSetStage, op_one_past_the_last, BAD_PARAM_OUT_OF_BOUND, bi_fmt("op = %d", LITDNN_OP_COUNT),
        op = LITDNN_OP_COUNT)
BI_CASE(litdnnSetStage, huge_op, BAD_PARAM_OUT_OF_BOUND, "op = 2147483647", op = (litdnnOp_t)INT_MAX)
BI_CASE(litdnnSetStage, stage_below_automatic, BAD_PARAM_OUT_OF_BOUND, "stage = -2, but matmul has stages 0..",
        stage = -2)
BI_CASE(litdnnSetStage, stage_one_past_the_last, BAD_PARAM_OUT_OF_BOUND, "but matmul has stages 0..",
        litdnnGetStageCount(op, &stage))
BI_CASE(litdnnSetStage, huge_stage, BAD_PARAM_OUT_OF_BOUND, "stage = 2147483647", stage = INT_MAX)
/* pin the stage of op called name on the bench's handle */
static litdnnStatus_t pin_stage(bi_bench *W, litdnnOp_t op, const char *name)
{
  int stage = -1;
  cr_assert_eq(litdnnGetStageByName(op, name, &stage), LITDNN_STATUS_SUCCESS, "%s has no stage '%s'",
               litdnnGetOpName(op), name);
  return litdnnSetStage(W->h, op, stage);
}

/* a stage that has no function for the handle's backend */
static int stage_not_on(litdnnOp_t op, litdnnBackend_t backend)
{
  int count = 0;
  litdnnGetStageCount(op, &count);
  for (int s = 0; s < count; s++) {
    unsigned mask = 0;
    litdnnGetStageInfo(op, s, NULL, NULL, &mask);
    if (!(mask & LITDNN_BACKEND_BIT(backend)))
      return s;
  }
  cr_assert_fail("every stage of %s runs on %s", litdnnGetOpName(op), litdnnGetBackendName(backend));
  return -1;
}
BI_CASE(litdnnSetStage, a_stage_of_another_backend, NOT_SUPPORTED_BACKEND,
        bi_fmt("does not run on the %s backend", litdnnGetBackendName(W->backend)),
        stage = stage_not_on(op, W->backend))
BI_VALID(litdnnGetStage)
BI_CASE(litdnnGetStage, null_handle, BAD_PARAM_NULL_POINTER, "handle is a null pointer", handle = NULL)
BI_CASE(litdnnGetStage, negative_op, BAD_PARAM_OUT_OF_BOUND, "op = -1", op = (litdnnOp_t)-1)
BI_CASE(litdnnGetStage, op_one_past_the_last, BAD_PARAM_OUT_OF_BOUND, bi_fmt("op = %d", LITDNN_OP_COUNT),
        op = LITDNN_OP_COUNT)
BI_CASE(litdnnGetStage, null_stage, BAD_PARAM_NULL_POINTER, "stage is a null pointer", stage = NULL)
BI_VALID(litdnnGetLastStage)
BI_CASE(litdnnGetLastStage, null_handle, BAD_PARAM_NULL_POINTER, "handle is a null pointer", handle = NULL)
BI_CASE(litdnnGetLastStage, negative_op, BAD_PARAM_OUT_OF_BOUND, "op = -1", op = (litdnnOp_t)-1)
BI_CASE(litdnnGetLastStage, op_one_past_the_last, BAD_PARAM_OUT_OF_BOUND, bi_fmt("op = %d", LITDNN_OP_COUNT),
        op = LITDNN_OP_COUNT)
BI_CASE(litdnnGetLastStage, null_stage, BAD_PARAM_NULL_POINTER, "stage is a null pointer", stage = NULL)

/* tensor descriptors */
#undef BI_ON
#define BI_ON BI_CPU
BI_VALID(litdnnCreateTensorDescriptor)
BI_CASE(litdnnCreateTensorDescriptor, null_desc, BAD_PARAM_NULL_POINTER, "desc is a null pointer", desc = NULL)
BI_CASE(litdnnDestroyTensorDescriptor, null_desc_is_nothing_to_destroy, SUCCESS, NULL, desc = NULL)
BI_VALID(litdnnSetTensor4dDescriptor)
BI_CASE(litdnnSetTensor4dDescriptor, null_desc, BAD_PARAM_NULL_POINTER, "desc is a null pointer", desc = NULL)
BI_CASE(litdnnSetTensor4dDescriptor, negative_format, BAD_PARAM_OUT_OF_BOUND,
        "format = -1 is not a litdnnTensorFormat_t", format = (litdnnTensorFormat_t)-1)
BI_CASE(litdnnSetTensor4dDescriptor, format_one_past_the_last, BAD_PARAM_OUT_OF_BOUND, "format = 2",
        format = (litdnnTensorFormat_t)2)
BI_CASE(litdnnSetTensor4dDescriptor, huge_format, BAD_PARAM_OUT_OF_BOUND, "format = 2147483647",
        format = (litdnnTensorFormat_t)INT_MAX)
BI_CASE(litdnnSetTensor4dDescriptor, negative_data_type, BAD_PARAM_OUT_OF_BOUND,
        "dataType = -1 is not a litdnnDataType_t", dataType = (litdnnDataType_t)-1)
BI_CASE(litdnnSetTensor4dDescriptor, data_type_one_past_the_last, BAD_PARAM_OUT_OF_BOUND, "dataType = 4",
        dataType = (litdnnDataType_t)4)
BI_CASE(litdnnSetTensor4dDescriptor, huge_data_type, BAD_PARAM_OUT_OF_BOUND, "dataType = 2147483647",
        dataType = (litdnnDataType_t)INT_MAX)
BI_CASE(litdnnSetTensor4dDescriptor, zero_n, BAD_PARAM_OUT_OF_BOUND, "n = 0 must be positive", n = 0)
BI_CASE(litdnnSetTensor4dDescriptor, negative_c, BAD_PARAM_OUT_OF_BOUND, "c = -1 must be positive", c = -1)
BI_CASE(litdnnSetTensor4dDescriptor, most_negative_h, BAD_PARAM_OUT_OF_BOUND, "h = -2147483648 must be positive",
        h = INT_MIN)
BI_CASE(litdnnSetTensor4dDescriptor, zero_w, BAD_PARAM_OUT_OF_BOUND, "w = 0 must be positive", w = 0)
BI_CASE(litdnnSetTensor4dDescriptor, every_size_int_max, BAD_PARAM_OVERFLOW,
        "h = 2147483647 makes the tensor too large for 64-bit sizes", n = c = h = w = INT_MAX)
/* 2 x 2^21 x 2^21 x 2^21 = 2^64 elements: the packed strides overflow too */
BI_CASE(litdnnSetTensor4dDescriptor, two_to_the_64_elements, BAD_PARAM_OVERFLOW,
        "w = 2097152 makes the tensor too large for 64-bit sizes",
        format = LITDNN_TENSOR_NCHW; n = 2; c = h = w = 1 << 21)
BI_CASE(litdnnSetTensor4dDescriptor, two_to_the_64_elements_nhwc, BAD_PARAM_OVERFLOW,
        "w = 2097152 makes the tensor too large for 64-bit sizes", n = 2; c = h = w = 1 << 21)
/* 2^61 doubles: the count fits 64 bits, the bytes do not */
BI_CASE(litdnnSetTensor4dDescriptor, two_to_the_64_bytes, BAD_PARAM_OVERFLOW,
        "the tensor spans 2305843009213693952 elements, too many bytes for 64-bit sizes",
        n = c = 1 << 30; h = 2; w = 1)
BI_VALID(litdnnSetTensor4dDescriptorEx)
BI_CASE(litdnnSetTensor4dDescriptorEx, null_desc, BAD_PARAM_NULL_POINTER, "desc is a null pointer", desc = NULL)
BI_CASE(litdnnSetTensor4dDescriptorEx, data_type_one_past_the_last, BAD_PARAM_OUT_OF_BOUND,
        "dataType = 4 is not a litdnnDataType_t", dataType = (litdnnDataType_t)4)
BI_CASE(litdnnSetTensor4dDescriptorEx, negative_data_type, BAD_PARAM_OUT_OF_BOUND, "dataType = -1",
        dataType = (litdnnDataType_t)-1)
BI_CASE(litdnnSetTensor4dDescriptorEx, zero_n, BAD_PARAM_OUT_OF_BOUND, "n = 0 must be positive", n = 0)
BI_CASE(litdnnSetTensor4dDescriptorEx, negative_h, BAD_PARAM_OUT_OF_BOUND, "h = -3 must be positive", h = -3)
BI_CASE(litdnnSetTensor4dDescriptorEx, zero_w_stride, BAD_PARAM_OUT_OF_BOUND, "stride of w = 0 must be positive",
        wStride = 0)
BI_CASE(litdnnSetTensor4dDescriptorEx, negative_n_stride, BAD_PARAM_OUT_OF_BOUND,
        "stride of n = -1 must be positive", nStride = -1)
BI_CASE(litdnnSetTensor4dDescriptorEx, most_negative_c_stride, BAD_PARAM_OUT_OF_BOUND,
        "stride of c = -2147483648 must be positive", cStride = INT_MIN)
BI_CASE(litdnnSetTensor4dDescriptorEx, every_size_and_stride_int_max, BAD_PARAM_OVERFLOW,
        "h = 2147483647 makes the tensor too large for 64-bit sizes",
        n = c = h = w = nStride = cStride = hStride = wStride = INT_MAX)
/* INT_MAX doubles INT_MAX apart: a count that fits, a span of 2^62 elements that does, bytes that do not */
BI_CASE(litdnnSetTensor4dDescriptorEx, a_span_past_two_to_the_63_bytes, BAD_PARAM_OVERFLOW,
        "the tensor spans 4611686011984936963 elements, too many bytes for 64-bit sizes",
        n = nStride = INT_MAX; c = h = w = 1)
BI_VALID(litdnnGetTensor4dDescriptor)
BI_CASE(litdnnGetTensor4dDescriptor, null_desc, BAD_PARAM_NULL_POINTER, "desc is a null pointer", desc = NULL)
BI_CASE(litdnnGetTensor4dDescriptor, unset_desc, BAD_PARAM_NOT_FINALIZED, "desc was never set", desc = W->t_unset)
BI_CASE(litdnnGetTensor4dDescriptor, five_dimensions, BAD_PARAM_SHAPE_MISMATCH, "desc has 5 dimensions, not 4",
        desc = W->t5)
BI_CASE(litdnnGetTensor4dDescriptor, three_dimensions, BAD_PARAM_SHAPE_MISMATCH, "desc has 3 dimensions, not 4",
        desc = W->t3)
BI_CASE(litdnnGetTensor4dDescriptor, a_stride_past_int_max, BAD_PARAM_OVERFLOW,
        "a stride = 4294967296 does not fit an int", desc = W->t_big)
BI_VALID(litdnnSetTensorNdDescriptor)
BI_CASE(litdnnSetTensorNdDescriptor, null_desc, BAD_PARAM_NULL_POINTER, "desc is a null pointer", desc = NULL)
BI_CASE(litdnnSetTensorNdDescriptor, null_dimA, BAD_PARAM_NULL_POINTER, "dimA is a null pointer", dimA = NULL)
BI_CASE(litdnnSetTensorNdDescriptor, null_strideA, BAD_PARAM_NULL_POINTER, "strideA is a null pointer",
        strideA = NULL)
BI_CASE(litdnnSetTensorNdDescriptor, data_type_one_past_the_last, BAD_PARAM_OUT_OF_BOUND,
        "dataType = 4 is not a litdnnDataType_t", dataType = (litdnnDataType_t)4)
BI_CASE(litdnnSetTensorNdDescriptor, zero_dimensions, BAD_PARAM_OUT_OF_BOUND, "nbDims = 0 must be in 1..8",
        nbDims = 0)
BI_CASE(litdnnSetTensorNdDescriptor, negative_dimensions, BAD_PARAM_OUT_OF_BOUND, "nbDims = -1 must be in 1..8",
        nbDims = -1)
BI_CASE(litdnnSetTensorNdDescriptor, nine_dimensions, BAD_PARAM_OUT_OF_BOUND, "nbDims = 9 must be in 1..8",
        nbDims = 9; for (int d = 0; d < 9; d++) dims[d] = strides[d] = 1)
BI_CASE(litdnnSetTensorNdDescriptor, int_max_dimensions, BAD_PARAM_OUT_OF_BOUND, "nbDims = 2147483647",
        nbDims = INT_MAX)
BI_CASE(litdnnSetTensorNdDescriptor, zero_size, BAD_PARAM_OUT_OF_BOUND, "dimA[1] = 0 must be positive", dims[1] = 0)
BI_CASE(litdnnSetTensorNdDescriptor, negative_size, BAD_PARAM_OUT_OF_BOUND, "dimA[2] = -5 must be positive",
        dims[2] = -5)
BI_CASE(litdnnSetTensorNdDescriptor, zero_stride, BAD_PARAM_OUT_OF_BOUND, "stride of dimA[0] = 0 must be positive",
        strides[0] = 0)
BI_CASE(litdnnSetTensorNdDescriptor, negative_stride, BAD_PARAM_OUT_OF_BOUND,
        "stride of dimA[2] = -1 must be positive", strides[2] = -1)
/* eight sizes of 256: 2^64 elements */
BI_CASE(litdnnSetTensorNdDescriptor, two_to_the_64_elements, BAD_PARAM_OVERFLOW,
        "dimA[7] = 256 makes the tensor too large for 64-bit sizes",
        nbDims = 8; for (int d = 0; d < 8; d++) { dims[d] = 256; strides[d] = 1; })
BI_VALID(litdnnSetTensorNdDescriptorEx)
BI_CASE(litdnnSetTensorNdDescriptorEx, null_desc, BAD_PARAM_NULL_POINTER, "desc is a null pointer", desc = NULL)
BI_CASE(litdnnSetTensorNdDescriptorEx, null_dimA, BAD_PARAM_NULL_POINTER, "dimA is a null pointer", dimA = NULL)
BI_CASE(litdnnSetTensorNdDescriptorEx, format_one_past_the_last, BAD_PARAM_OUT_OF_BOUND,
        "format = 2 is not a litdnnTensorFormat_t", format = (litdnnTensorFormat_t)2)
BI_CASE(litdnnSetTensorNdDescriptorEx, negative_format, BAD_PARAM_OUT_OF_BOUND, "format = -1",
        format = (litdnnTensorFormat_t)-1)
BI_CASE(litdnnSetTensorNdDescriptorEx, huge_data_type, BAD_PARAM_OUT_OF_BOUND,
        "dataType = 2147483647 is not a litdnnDataType_t", dataType = (litdnnDataType_t)INT_MAX)
BI_CASE(litdnnSetTensorNdDescriptorEx, zero_dimensions, BAD_PARAM_OUT_OF_BOUND, "nbDims = 0 must be in 1..8",
        nbDims = 0)
BI_CASE(litdnnSetTensorNdDescriptorEx, nine_dimensions, BAD_PARAM_OUT_OF_BOUND, "nbDims = 9 must be in 1..8",
        nbDims = 9; for (int d = 0; d < 9; d++) dims[d] = 1)
BI_CASE(litdnnSetTensorNdDescriptorEx, zero_size, BAD_PARAM_OUT_OF_BOUND, "dimA[0] = 0 must be positive",
        dims[0] = 0)
BI_CASE(litdnnSetTensorNdDescriptorEx, negative_size, BAD_PARAM_OUT_OF_BOUND, "dimA[1] = -1 must be positive",
        dims[1] = -1)
/* 2 x INT_MAX^3 x 2 elements: the stride of dimension 0 is past 2^63 */
BI_CASE(litdnnSetTensorNdDescriptorEx, a_packed_stride_past_two_to_the_63, BAD_PARAM_OVERFLOW,
        "dimA[3] = 2147483647 makes the tensor too large for 64-bit sizes",
        format = LITDNN_TENSOR_NCHW; nbDims = 5; dims[0] = 2; dims[1] = dims[2] = dims[3] = INT_MAX; dims[4] = 2)
BI_VALID(litdnnGetTensorNdDescriptor)
BI_CASE(litdnnGetTensorNdDescriptor, null_desc, BAD_PARAM_NULL_POINTER, "desc is a null pointer", desc = NULL)
BI_CASE(litdnnGetTensorNdDescriptor, unset_desc, BAD_PARAM_NOT_FINALIZED, "desc was never set", desc = W->t_unset)
BI_CASE(litdnnGetTensorNdDescriptor, negative_request, BAD_PARAM_OUT_OF_BOUND,
        "nbDimsRequested = -1 must not be negative", nbDimsRequested = -1)
BI_CASE(litdnnGetTensorNdDescriptor, null_dimA, BAD_PARAM_NULL_POINTER, "dimA is a null pointer", dimA = NULL)
BI_CASE(litdnnGetTensorNdDescriptor, null_strideA, BAD_PARAM_NULL_POINTER, "strideA is a null pointer",
        strideA = NULL)
BI_CASE(litdnnGetTensorNdDescriptor, a_stride_past_int_max, BAD_PARAM_OVERFLOW,
        "a stride = 4294967296 does not fit an int", desc = W->t_big)
BI_VALID(litdnnGetTensorSizeInBytes)
BI_CASE(litdnnGetTensorSizeInBytes, null_desc, BAD_PARAM_NULL_POINTER, "desc is a null pointer", desc = NULL)
BI_CASE(litdnnGetTensorSizeInBytes, unset_desc, BAD_PARAM_NOT_FINALIZED, "desc was never set", desc = W->t_unset)
BI_CASE(litdnnGetTensorSizeInBytes, null_size, BAD_PARAM_NULL_POINTER, "size is a null pointer", size = NULL)

/* ---------------------------------------------------------- litdnn/tensor_ops.h */
#undef BI_ON
#define BI_ON BI_CPU
BI_VALID(litdnnCreateOpTensorDescriptor)
BI_CASE(litdnnCreateOpTensorDescriptor, null_opTensorDesc, BAD_PARAM_NULL_POINTER,
        "opTensorDesc is a null pointer", opTensorDesc = NULL)
BI_CASE(litdnnDestroyOpTensorDescriptor, null_opTensorDesc_is_nothing_to_destroy, SUCCESS, NULL,
        opTensorDesc = NULL)
BI_VALID(litdnnSetOpTensorDescriptor)
BI_CASE(litdnnSetOpTensorDescriptor, null_opTensorDesc, BAD_PARAM_NULL_POINTER, "opTensorDesc is a null pointer",
        opTensorDesc = NULL)
BI_CASE(litdnnSetOpTensorDescriptor, negative_op, BAD_PARAM_OUT_OF_BOUND,
        "opTensorOp = -1 is not a litdnnOpTensorOp_t", opTensorOp = (litdnnOpTensorOp_t)-1)
BI_CASE(litdnnSetOpTensorDescriptor, op_one_past_the_last, BAD_PARAM_OUT_OF_BOUND, "opTensorOp = 6",
        opTensorOp = (litdnnOpTensorOp_t)6)
BI_CASE(litdnnSetOpTensorDescriptor, huge_op, BAD_PARAM_OUT_OF_BOUND, "opTensorOp = 2147483647",
        opTensorOp = (litdnnOpTensorOp_t)INT_MAX)
BI_CASE(litdnnSetOpTensorDescriptor, compute_type_one_past_the_last, BAD_PARAM_OUT_OF_BOUND,
        "opTensorCompType = 4 is not a litdnnDataType_t", opTensorCompType = (litdnnDataType_t)4)
BI_CASE(litdnnSetOpTensorDescriptor, negative_compute_type, BAD_PARAM_OUT_OF_BOUND, "opTensorCompType = -1",
        opTensorCompType = (litdnnDataType_t)-1)
BI_CASE(litdnnSetOpTensorDescriptor, nan_option_one_past_the_last, BAD_PARAM_OUT_OF_BOUND,
        "opTensorNanOpt = 2 is not a litdnnNanPropagation_t", opTensorNanOpt = (litdnnNanPropagation_t)2)
BI_CASE(litdnnSetOpTensorDescriptor, negative_nan_option, BAD_PARAM_OUT_OF_BOUND, "opTensorNanOpt = -1",
        opTensorNanOpt = (litdnnNanPropagation_t)-1)
BI_VALID(litdnnGetOpTensorDescriptor)
BI_CASE(litdnnGetOpTensorDescriptor, null_opTensorDesc, BAD_PARAM_NULL_POINTER, "opTensorDesc is a null pointer",
        opTensorDesc = NULL)
BI_CASE(litdnnGetOpTensorDescriptor, unset_opTensorDesc, BAD_PARAM_NOT_FINALIZED, "opTensorDesc was never set",
        opTensorDesc = W->opt_unset)

#undef BI_ON
#define BI_ON BI_BOTH
BI_VALID(litdnnSetTensor)
BI_CASE(litdnnSetTensor, null_handle, BAD_PARAM_NULL_POINTER, "handle is a null pointer", handle = NULL)
BI_CASE(litdnnSetTensor, null_yDesc, BAD_PARAM_NULL_POINTER, "yDesc is a null pointer", yDesc = NULL)
BI_CASE(litdnnSetTensor, unset_yDesc, BAD_PARAM_NOT_FINALIZED, "yDesc was never set", yDesc = W->t_unset)
BI_CASE(litdnnSetTensor, half_yDesc, NOT_SUPPORTED_DATA_TYPE, "yDesc has data type 2", yDesc = W->t_half)
BI_CASE(litdnnSetTensor, double_yDesc, NOT_SUPPORTED_DATA_TYPE, "yDesc has data type 1", yDesc = W->t_double)
BI_CASE(litdnnSetTensor, null_y, BAD_PARAM_NULL_POINTER, "y is a null pointer", y = NULL)
BI_CASE(litdnnSetTensor, null_valuePtr, BAD_PARAM_NULL_POINTER, "valuePtr is a null pointer", valuePtr = NULL)
BI_CASE(litdnnSetTensor, overlapping_yDesc, BAD_PARAM, "yDesc has overlapping elements", yDesc = W->t_overlap)
BI_CASE_ON(BI_EMU, litdnnSetTensor, a_pinned_stage_that_does_not_apply, NOT_SUPPORTED,
           "(float4 grid-stride) of litdnnSetTensor does not apply: it needs packed tensors",
           yDesc = W->t_strided;
           cr_assert_eq(pin_stage(W, LITDNN_OP_SET_TENSOR, "float4 grid-stride"), LITDNN_STATUS_SUCCESS))
BI_VALID(litdnnScaleTensor)
BI_CASE(litdnnScaleTensor, null_handle, BAD_PARAM_NULL_POINTER, "handle is a null pointer", handle = NULL)
BI_CASE(litdnnScaleTensor, null_yDesc, BAD_PARAM_NULL_POINTER, "yDesc is a null pointer", yDesc = NULL)
BI_CASE(litdnnScaleTensor, unset_yDesc, BAD_PARAM_NOT_FINALIZED, "yDesc was never set", yDesc = W->t_unset)
BI_CASE(litdnnScaleTensor, half_yDesc, NOT_SUPPORTED_DATA_TYPE, "yDesc has data type 2", yDesc = W->t_half)
BI_CASE(litdnnScaleTensor, double_yDesc, NOT_SUPPORTED_DATA_TYPE, "yDesc has data type 1", yDesc = W->t_double)
BI_CASE(litdnnScaleTensor, null_y, BAD_PARAM_NULL_POINTER, "y is a null pointer", y = NULL)
BI_CASE(litdnnScaleTensor, null_alpha, BAD_PARAM_NULL_POINTER, "alpha is a null pointer", alpha = NULL)
BI_CASE(litdnnScaleTensor, overlapping_yDesc, BAD_PARAM, "yDesc has overlapping elements", yDesc = W->t_overlap)
BI_CASE_ON(BI_EMU, litdnnScaleTensor, a_pinned_stage_that_does_not_apply, NOT_SUPPORTED,
           "(float4 grid-stride) of litdnnScaleTensor does not apply: it needs packed tensors",
           yDesc = W->t_strided;
           cr_assert_eq(pin_stage(W, LITDNN_OP_SCALE_TENSOR, "float4 grid-stride"), LITDNN_STATUS_SUCCESS))
BI_VALID(litdnnAddTensor)
BI_CASE(litdnnAddTensor, null_handle, BAD_PARAM_NULL_POINTER, "handle is a null pointer", handle = NULL)
BI_CASE(litdnnAddTensor, null_alpha, BAD_PARAM_NULL_POINTER, "alpha is a null pointer", alpha = NULL)
BI_CASE(litdnnAddTensor, null_beta, BAD_PARAM_NULL_POINTER, "beta is a null pointer", beta = NULL)
BI_CASE(litdnnAddTensor, null_aDesc, BAD_PARAM_NULL_POINTER, "aDesc is a null pointer", aDesc = NULL)
BI_CASE(litdnnAddTensor, unset_aDesc, BAD_PARAM_NOT_FINALIZED, "aDesc was never set", aDesc = W->t_unset)
BI_CASE(litdnnAddTensor, half_aDesc, NOT_SUPPORTED_DATA_TYPE, "aDesc has data type 2", aDesc = W->t_half)
BI_CASE(litdnnAddTensor, null_cDesc, BAD_PARAM_NULL_POINTER, "cDesc is a null pointer", cDesc = NULL)
BI_CASE(litdnnAddTensor, unset_cDesc, BAD_PARAM_NOT_FINALIZED, "cDesc was never set", cDesc = W->t_unset)
BI_CASE(litdnnAddTensor, double_cDesc, NOT_SUPPORTED_DATA_TYPE, "cDesc has data type 1", cDesc = W->t_double)
BI_CASE(litdnnAddTensor, null_A, BAD_PARAM_NULL_POINTER, "A is a null pointer", A = NULL)
BI_CASE(litdnnAddTensor, null_C, BAD_PARAM_NULL_POINTER, "C is a null pointer", C = NULL)
BI_CASE(litdnnAddTensor, aDesc_of_another_shape, BAD_PARAM_SHAPE_MISMATCH,
        "aDesc dimension 2 is 5 but cDesc's is 4 (it must be equal or 1)", aDesc = W->t_other)
BI_CASE(litdnnAddTensor, aDesc_of_another_rank, BAD_PARAM_SHAPE_MISMATCH, "aDesc has 5 dimensions but cDesc has 4",
        aDesc = W->t5)
BI_CASE(litdnnAddTensor, overlapping_cDesc, BAD_PARAM, "cDesc has overlapping elements", cDesc = W->t_overlap)
BI_CASE(litdnnAddTensor, A_overlapping_C, BAD_PARAM, "A overlaps C in memory without being the same tensor",
        A = (float *)C + 1)
BI_VALID(litdnnOpTensor)
BI_CASE(litdnnOpTensor, null_handle, BAD_PARAM_NULL_POINTER, "handle is a null pointer", handle = NULL)
BI_CASE(litdnnOpTensor, null_opTensorDesc, BAD_PARAM_NULL_POINTER, "opTensorDesc is a null pointer",
        opTensorDesc = NULL)
BI_CASE(litdnnOpTensor, unset_opTensorDesc, BAD_PARAM_NOT_FINALIZED, "opTensorDesc was never set",
        opTensorDesc = W->opt_unset)
BI_CASE(litdnnOpTensor, half_compute_type, NOT_SUPPORTED_DATA_TYPE, "opTensorDesc has compute type 2",
        opTensorDesc = W->opt_half)
BI_CASE(litdnnOpTensor, null_alpha1, BAD_PARAM_NULL_POINTER, "alpha1 is a null pointer", alpha1 = NULL)
BI_CASE(litdnnOpTensor, null_alpha2, BAD_PARAM_NULL_POINTER, "alpha2 is a null pointer", alpha2 = NULL)
BI_CASE(litdnnOpTensor, null_beta, BAD_PARAM_NULL_POINTER, "beta is a null pointer", beta = NULL)
BI_CASE(litdnnOpTensor, null_aDesc, BAD_PARAM_NULL_POINTER, "aDesc is a null pointer", aDesc = NULL)
BI_CASE(litdnnOpTensor, unset_aDesc, BAD_PARAM_NOT_FINALIZED, "aDesc was never set", aDesc = W->t_unset)
BI_CASE(litdnnOpTensor, half_aDesc, NOT_SUPPORTED_DATA_TYPE, "aDesc has data type 2", aDesc = W->t_half)
BI_CASE(litdnnOpTensor, null_bDesc, BAD_PARAM_NULL_POINTER, "bDesc is a null pointer", bDesc = NULL)
BI_CASE(litdnnOpTensor, unset_bDesc, BAD_PARAM_NOT_FINALIZED, "bDesc was never set", bDesc = W->t_unset)
BI_CASE(litdnnOpTensor, double_bDesc, NOT_SUPPORTED_DATA_TYPE, "bDesc has data type 1", bDesc = W->t_double)
BI_CASE(litdnnOpTensor, null_cDesc, BAD_PARAM_NULL_POINTER, "cDesc is a null pointer", cDesc = NULL)
BI_CASE(litdnnOpTensor, unset_cDesc, BAD_PARAM_NOT_FINALIZED, "cDesc was never set", cDesc = W->t_unset)
BI_CASE(litdnnOpTensor, half_cDesc, NOT_SUPPORTED_DATA_TYPE, "cDesc has data type 2", cDesc = W->t_half)
BI_CASE(litdnnOpTensor, null_A, BAD_PARAM_NULL_POINTER, "A is a null pointer", A = NULL)
BI_CASE(litdnnOpTensor, null_B, BAD_PARAM_NULL_POINTER, "B is a null pointer", B = NULL)
BI_CASE(litdnnOpTensor, null_C, BAD_PARAM_NULL_POINTER, "C is a null pointer", C = NULL)
BI_CASE(litdnnOpTensor, aDesc_of_another_shape, BAD_PARAM_SHAPE_MISMATCH, "aDesc dimension 2 is 5 but cDesc's is 4",
        aDesc = W->t_other)
BI_CASE(litdnnOpTensor, bDesc_of_another_shape, BAD_PARAM_SHAPE_MISMATCH,
        "bDesc dimension 2 is 5 but cDesc's is 4 (it must be equal or 1)", bDesc = W->t_other)
BI_CASE(litdnnOpTensor, bDesc_of_another_rank, BAD_PARAM_SHAPE_MISMATCH, "bDesc has 5 dimensions but cDesc has 4",
        bDesc = W->t5)
BI_CASE(litdnnOpTensor, overlapping_cDesc, BAD_PARAM, "cDesc has overlapping elements", cDesc = W->t_overlap)
BI_CASE(litdnnOpTensor, A_overlapping_C, BAD_PARAM, "A overlaps C in memory without being the same tensor",
        A = (float *)C + 1)
BI_CASE(litdnnOpTensor, B_overlapping_C, BAD_PARAM, "B overlaps C in memory without being the same tensor",
        B = (float *)C + 3)
BI_VALID(litdnnTransformTensor)
BI_CASE(litdnnTransformTensor, null_handle, BAD_PARAM_NULL_POINTER, "handle is a null pointer", handle = NULL)
BI_CASE(litdnnTransformTensor, null_alpha, BAD_PARAM_NULL_POINTER, "alpha is a null pointer", alpha = NULL)
BI_CASE(litdnnTransformTensor, null_beta, BAD_PARAM_NULL_POINTER, "beta is a null pointer", beta = NULL)
BI_CASE(litdnnTransformTensor, null_xDesc, BAD_PARAM_NULL_POINTER, "xDesc is a null pointer", xDesc = NULL)
BI_CASE(litdnnTransformTensor, unset_xDesc, BAD_PARAM_NOT_FINALIZED, "xDesc was never set", xDesc = W->t_unset)
BI_CASE(litdnnTransformTensor, half_xDesc, NOT_SUPPORTED_DATA_TYPE, "xDesc has data type 2", xDesc = W->t_half)
BI_CASE(litdnnTransformTensor, null_yDesc, BAD_PARAM_NULL_POINTER, "yDesc is a null pointer", yDesc = NULL)
BI_CASE(litdnnTransformTensor, unset_yDesc, BAD_PARAM_NOT_FINALIZED, "yDesc was never set", yDesc = W->t_unset)
BI_CASE(litdnnTransformTensor, double_yDesc, NOT_SUPPORTED_DATA_TYPE, "yDesc has data type 1",
        yDesc = W->t_double)
BI_CASE(litdnnTransformTensor, null_x, BAD_PARAM_NULL_POINTER, "x is a null pointer", x = NULL)
BI_CASE(litdnnTransformTensor, null_y, BAD_PARAM_NULL_POINTER, "y is a null pointer", y = NULL)
BI_CASE(litdnnTransformTensor, xDesc_of_another_shape, BAD_PARAM_SHAPE_MISMATCH,
        "xDesc dimension 2 is 5 but yDesc's is 4", xDesc = W->t_other)
BI_CASE(litdnnTransformTensor, xDesc_of_another_rank, BAD_PARAM_SHAPE_MISMATCH,
        "xDesc has 3 dimensions but yDesc has 4", xDesc = W->t3)
BI_CASE(litdnnTransformTensor, overlapping_yDesc, BAD_PARAM, "yDesc has overlapping elements",
        yDesc = W->t_overlap)
BI_CASE(litdnnTransformTensor, x_overlapping_y, BAD_PARAM, "x overlaps y in memory without being the same tensor",
        x = (float *)y + 1)
BI_CASE_ON(BI_EMU, litdnnTransformTensor, a_pinned_stage_that_does_not_apply, NOT_SUPPORTED,
           "(tiled transpose) of litdnnTransformTensor does not apply: it needs packed NCHW and NHWC tensors",
           yDesc = W->t_strided;
           cr_assert_eq(pin_stage(W, LITDNN_OP_TRANSFORM_TENSOR, "tiled transpose"), LITDNN_STATUS_SUCCESS))

/* ---------------------------------------------------------- litdnn/activation.h */
BI_ANSWER(litdnnGetActivationModeName, negative_mode,
          cr_assert_str_eq(litdnnGetActivationModeName((litdnnActivationMode_t)-1), "unknown"))
BI_ANSWER(litdnnGetActivationModeName, mode_one_past_the_last,
          cr_assert_str_eq(litdnnGetActivationModeName((litdnnActivationMode_t)LITDNN_ACTIVATION_MODE_COUNT),
                           "unknown"))
BI_ANSWER(litdnnGetActivationModeName, huge_mode,
          cr_assert_str_eq(litdnnGetActivationModeName((litdnnActivationMode_t)INT_MAX), "unknown"))
#undef BI_ON
#define BI_ON BI_CPU
BI_VALID(litdnnCreateActivationDescriptor)
BI_CASE(litdnnCreateActivationDescriptor, null_activationDesc, BAD_PARAM_NULL_POINTER,
        "activationDesc is a null pointer", activationDesc = NULL)
BI_CASE(litdnnDestroyActivationDescriptor, null_activationDesc_is_nothing_to_destroy, SUCCESS, NULL,
        activationDesc = NULL)
BI_VALID(litdnnSetActivationDescriptor)
BI_CASE(litdnnSetActivationDescriptor, null_activationDesc, BAD_PARAM_NULL_POINTER,
        "activationDesc is a null pointer", activationDesc = NULL)
BI_CASE(litdnnSetActivationDescriptor, negative_mode, BAD_PARAM_OUT_OF_BOUND,
        "mode = -1 is not a litdnnActivationMode_t", mode = (litdnnActivationMode_t)-1)
BI_CASE(litdnnSetActivationDescriptor, mode_one_past_the_last, BAD_PARAM_OUT_OF_BOUND, "mode = 10",
        mode = (litdnnActivationMode_t)LITDNN_ACTIVATION_MODE_COUNT)
BI_CASE(litdnnSetActivationDescriptor, huge_mode, BAD_PARAM_OUT_OF_BOUND, "mode = 2147483647",
        mode = (litdnnActivationMode_t)INT_MAX)
BI_CASE(litdnnSetActivationDescriptor, nan_option_one_past_the_last, BAD_PARAM_OUT_OF_BOUND,
        "reluNanOpt = 2 is not a litdnnNanPropagation_t", reluNanOpt = (litdnnNanPropagation_t)2)
BI_CASE(litdnnSetActivationDescriptor, negative_nan_option, BAD_PARAM_OUT_OF_BOUND, "reluNanOpt = -1",
        reluNanOpt = (litdnnNanPropagation_t)-1)
BI_CASE(litdnnSetActivationDescriptor, zero_ceiling, BAD_PARAM_OUT_OF_BOUND,
        "coef = 0: the ceiling of clipped_relu must be positive", coef = 0)
BI_CASE(litdnnSetActivationDescriptor, negative_ceiling, BAD_PARAM_OUT_OF_BOUND, "coef = -1: the ceiling", coef = -1)
BI_CASE(litdnnSetActivationDescriptor, nan_ceiling, BAD_PARAM_OUT_OF_BOUND,
        "coef = nan is not a finite float (mode clipped_relu)", coef = NAN)
BI_CASE(litdnnSetActivationDescriptor, infinite_ceiling, BAD_PARAM_OUT_OF_BOUND, "coef = inf is not a finite float",
        coef = INFINITY)
BI_CASE(litdnnSetActivationDescriptor, ceiling_past_float, BAD_PARAM_OUT_OF_BOUND,
        "coef = 1e+300 is not a finite float", coef = 1e300)
BI_CASE(litdnnSetActivationDescriptor, negative_elu_alpha, BAD_PARAM_OUT_OF_BOUND,
        "coef = -0.5: the alpha of elu must not be negative", mode = LITDNN_ACTIVATION_ELU; coef = -0.5)
BI_CASE(litdnnSetActivationDescriptor, infinite_swish_beta, BAD_PARAM_OUT_OF_BOUND,
        "coef = -inf is not a finite float (mode swish)", mode = LITDNN_ACTIVATION_SWISH; coef = -INFINITY)
BI_CASE(litdnnSetActivationDescriptor, nan_leaky_slope, BAD_PARAM_OUT_OF_BOUND,
        "coef = nan is not a finite float (mode leaky_relu)", mode = LITDNN_ACTIVATION_LEAKY_RELU; coef = NAN)
BI_VALID(litdnnGetActivationDescriptor)
BI_CASE(litdnnGetActivationDescriptor, null_activationDesc, BAD_PARAM_NULL_POINTER,
        "activationDesc is a null pointer", activationDesc = NULL)
BI_CASE(litdnnGetActivationDescriptor, unset_activationDesc, BAD_PARAM_NOT_FINALIZED,
        "activationDesc was never set", activationDesc = W->act_unset)
BI_CASE(litdnnGetActivationDescriptor, null_mode, BAD_PARAM_NULL_POINTER, "mode is a null pointer", mode = NULL)
BI_CASE(litdnnGetActivationDescriptor, null_reluNanOpt, BAD_PARAM_NULL_POINTER, "reluNanOpt is a null pointer",
        reluNanOpt = NULL)
BI_CASE(litdnnGetActivationDescriptor, null_coef, BAD_PARAM_NULL_POINTER, "coef is a null pointer", coef = NULL)

#undef BI_ON
#define BI_ON BI_BOTH
BI_VALID(litdnnActivationForward)
BI_CASE(litdnnActivationForward, null_handle, BAD_PARAM_NULL_POINTER, "handle is a null pointer", handle = NULL)
BI_CASE(litdnnActivationForward, null_activationDesc, BAD_PARAM_NULL_POINTER, "activationDesc is a null pointer",
        activationDesc = NULL)
BI_CASE(litdnnActivationForward, unset_activationDesc, BAD_PARAM_NOT_FINALIZED, "activationDesc was never set",
        activationDesc = W->act_unset)
BI_CASE(litdnnActivationForward, null_alpha, BAD_PARAM_NULL_POINTER, "alpha is a null pointer", alpha = NULL)
BI_CASE(litdnnActivationForward, null_beta, BAD_PARAM_NULL_POINTER, "beta is a null pointer", beta = NULL)
BI_CASE(litdnnActivationForward, null_xDesc, BAD_PARAM_NULL_POINTER, "xDesc is a null pointer", xDesc = NULL)
BI_CASE(litdnnActivationForward, unset_xDesc, BAD_PARAM_NOT_FINALIZED, "xDesc was never set", xDesc = W->t_unset)
BI_CASE(litdnnActivationForward, half_xDesc, NOT_SUPPORTED_DATA_TYPE, "xDesc has data type 2", xDesc = W->t_half)
BI_CASE(litdnnActivationForward, null_x, BAD_PARAM_NULL_POINTER, "x is a null pointer", x = NULL)
BI_CASE(litdnnActivationForward, null_yDesc, BAD_PARAM_NULL_POINTER, "yDesc is a null pointer", yDesc = NULL)
BI_CASE(litdnnActivationForward, unset_yDesc, BAD_PARAM_NOT_FINALIZED, "yDesc was never set", yDesc = W->t_unset)
BI_CASE(litdnnActivationForward, double_yDesc, NOT_SUPPORTED_DATA_TYPE, "yDesc has data type 1",
        yDesc = W->t_double)
BI_CASE(litdnnActivationForward, null_y, BAD_PARAM_NULL_POINTER, "y is a null pointer", y = NULL)
BI_CASE(litdnnActivationForward, yDesc_of_another_shape, BAD_PARAM_SHAPE_MISMATCH,
        "yDesc is 2x3x5x4 but xDesc is 2x3x4x5", yDesc = W->t_other)
BI_CASE(litdnnActivationForward, xDesc_of_another_rank, BAD_PARAM_SHAPE_MISMATCH,
        "yDesc is 2x3x4x5 but xDesc is 2x3x2x4x5", xDesc = W->t5)
BI_CASE(litdnnActivationForward, overlapping_yDesc, NOT_SUPPORTED_LAYOUT,
        "yDesc has strides that make two elements share an address", yDesc = W->t_overlap)
BI_VALID(litdnnActivationBackward)
BI_CASE(litdnnActivationBackward, null_handle, BAD_PARAM_NULL_POINTER, "handle is a null pointer", handle = NULL)
BI_CASE(litdnnActivationBackward, null_activationDesc, BAD_PARAM_NULL_POINTER, "activationDesc is a null pointer",
        activationDesc = NULL)
BI_CASE(litdnnActivationBackward, unset_activationDesc, BAD_PARAM_NOT_FINALIZED, "activationDesc was never set",
        activationDesc = W->act_unset)
BI_CASE(litdnnActivationBackward, null_alpha, BAD_PARAM_NULL_POINTER, "alpha is a null pointer", alpha = NULL)
BI_CASE(litdnnActivationBackward, null_beta, BAD_PARAM_NULL_POINTER, "beta is a null pointer", beta = NULL)
BI_CASE(litdnnActivationBackward, null_yDesc, BAD_PARAM_NULL_POINTER, "yDesc is a null pointer", yDesc = NULL)
BI_CASE(litdnnActivationBackward, unset_yDesc, BAD_PARAM_NOT_FINALIZED, "yDesc was never set", yDesc = W->t_unset)
BI_CASE(litdnnActivationBackward, null_y, BAD_PARAM_NULL_POINTER, "y is a null pointer", y = NULL)
BI_CASE(litdnnActivationBackward, null_dyDesc, BAD_PARAM_NULL_POINTER, "dyDesc is a null pointer", dyDesc = NULL)
BI_CASE(litdnnActivationBackward, half_dyDesc, NOT_SUPPORTED_DATA_TYPE, "dyDesc has data type 2",
        dyDesc = W->t_half)
BI_CASE(litdnnActivationBackward, null_dy, BAD_PARAM_NULL_POINTER, "dy is a null pointer", dy = NULL)
BI_CASE(litdnnActivationBackward, null_xDesc, BAD_PARAM_NULL_POINTER, "xDesc is a null pointer", xDesc = NULL)
BI_CASE(litdnnActivationBackward, unset_xDesc, BAD_PARAM_NOT_FINALIZED, "xDesc was never set", xDesc = W->t_unset)
BI_CASE(litdnnActivationBackward, null_x, BAD_PARAM_NULL_POINTER, "x is a null pointer", x = NULL)
BI_CASE(litdnnActivationBackward, null_dxDesc, BAD_PARAM_NULL_POINTER, "dxDesc is a null pointer", dxDesc = NULL)
BI_CASE(litdnnActivationBackward, unset_dxDesc, BAD_PARAM_NOT_FINALIZED, "dxDesc was never set",
        dxDesc = W->t_unset)
BI_CASE(litdnnActivationBackward, double_dxDesc, NOT_SUPPORTED_DATA_TYPE, "dxDesc has data type 1",
        dxDesc = W->t_double)
BI_CASE(litdnnActivationBackward, null_dx, BAD_PARAM_NULL_POINTER, "dx is a null pointer", dx = NULL)
BI_CASE(litdnnActivationBackward, yDesc_of_another_shape, BAD_PARAM_SHAPE_MISMATCH,
        "yDesc is 2x3x5x4 but dxDesc is 2x3x4x5", yDesc = W->t_other)
BI_CASE(litdnnActivationBackward, dyDesc_of_another_shape, BAD_PARAM_SHAPE_MISMATCH,
        "dyDesc is 2x3x5x4 but dxDesc is 2x3x4x5", dyDesc = W->t_other)
BI_CASE(litdnnActivationBackward, xDesc_of_another_rank, BAD_PARAM_SHAPE_MISMATCH,
        "xDesc is 2x3x2x4x5 but dxDesc is 2x3x4x5", xDesc = W->t5)
BI_CASE(litdnnActivationBackward, overlapping_dxDesc, NOT_SUPPORTED_LAYOUT,
        "dxDesc has strides that make two elements share an address", dxDesc = W->t_overlap;
        yDesc = dyDesc = xDesc = W->t_overlap)

/* -------------------------------------------------------------- litdnn/matmul.h */
BI_VALID(litdnnMatmul)
BI_CASE(litdnnMatmul, null_handle, BAD_PARAM_NULL_POINTER, "handle is a null pointer", handle = NULL)
BI_CASE(litdnnMatmul, null_alpha, BAD_PARAM_NULL_POINTER, "alpha is a null pointer", alpha = NULL)
BI_CASE(litdnnMatmul, null_beta, BAD_PARAM_NULL_POINTER, "beta is a null pointer", beta = NULL)
BI_CASE(litdnnMatmul, null_A, BAD_PARAM_NULL_POINTER, "A is a null pointer", A = NULL)
BI_CASE(litdnnMatmul, null_B, BAD_PARAM_NULL_POINTER, "B is a null pointer", B = NULL)
BI_CASE(litdnnMatmul, null_C, BAD_PARAM_NULL_POINTER, "C is a null pointer", C = NULL)
BI_CASE(litdnnMatmul, negative_math, BAD_PARAM_OUT_OF_BOUND, "math = -1 is not a litdnnMathType_t",
        math = (litdnnMathType_t)-1)
BI_CASE(litdnnMatmul, math_one_past_the_last, BAD_PARAM_OUT_OF_BOUND, "math = 2", math = (litdnnMathType_t)2)
BI_CASE(litdnnMatmul, transa_one_past_the_last, BAD_PARAM_OUT_OF_BOUND, "transa = 2 is not a litdnnTranspose_t",
        transa = (litdnnTranspose_t)2)
BI_CASE(litdnnMatmul, negative_transb, BAD_PARAM_OUT_OF_BOUND, "transb = -1 is not a litdnnTranspose_t",
        transb = (litdnnTranspose_t)-1)
BI_CASE(litdnnMatmul, huge_transb, BAD_PARAM_OUT_OF_BOUND, "transb = 2147483647", transb = (litdnnTranspose_t)INT_MAX)
BI_CASE(litdnnMatmul, zero_m, BAD_PARAM_OUT_OF_BOUND, "m = 0 must be positive", m = 0)
BI_CASE(litdnnMatmul, negative_n, BAD_PARAM_OUT_OF_BOUND, "n = -4 must be positive", n = -4)
BI_CASE(litdnnMatmul, most_negative_k, BAD_PARAM_OUT_OF_BOUND, "k = -2147483648 must be positive", k = INT_MIN)
BI_CASE(litdnnMatmul, zero_batch, BAD_PARAM_OUT_OF_BOUND, "batchCount = 0 must be positive", batchCount = 0)
BI_CASE(litdnnMatmul, n_past_the_largest_grid, NOT_SUPPORTED, "n = 2147483647 exceeds the largest grid",
        n = INT_MAX; ldb = k; ldc = m)
BI_CASE(litdnnMatmul, lda_below_m, BAD_PARAM_OUT_OF_BOUND, "lda = 2 is less than the 3 rows of A", lda = 2)
BI_CASE(litdnnMatmul, lda_below_k_of_a_transposed_A, BAD_PARAM_OUT_OF_BOUND, "lda = 3 is less than the 5 rows of A",
        transa = LITDNN_TRANSPOSE)
BI_CASE(litdnnMatmul, ldb_below_k, BAD_PARAM_OUT_OF_BOUND, "ldb = 4 is less than the 5 rows of B", ldb = 4)
BI_CASE(litdnnMatmul, negative_ldc, BAD_PARAM_OUT_OF_BOUND, "ldc = -1 is less than the 3 rows of C", ldc = -1)
BI_CASE(litdnnMatmul, negative_strideA, BAD_PARAM_OUT_OF_BOUND, "strideA = -1 must not be negative",
        batchCount = 2; strideA = -1)
BI_CASE(litdnnMatmul, overlapping_matrices_of_C, BAD_PARAM_OUT_OF_BOUND,
        "strideC = 11 is less than ldc * n = 12", batchCount = 2; strideC = 11)
/* INT_MAX matrices LLONG_MAX elements apart: past 2^63 */
BI_CASE(litdnnMatmul, strideB_past_two_to_the_63, BAD_PARAM_OVERFLOW,
        "B with ldb = 5 and strideB = 9223372036854775807 spans more than 64-bit sizes hold",
        batchCount = INT_MAX; strideB = LLONG_MAX)
BI_CASE(litdnnMatmul, strideC_past_two_to_the_63, BAD_PARAM_OVERFLOW,
        "C with ldc = 3 and strideC = 9223372036854775807 spans more than 64-bit sizes hold",
        batchCount = 2; strideC = LLONG_MAX)
BI_CASE(litdnnMatmul, strideA_past_two_to_the_63, BAD_PARAM_OVERFLOW, "A with lda = 3 and strideA = 4611686018427387904",
        batchCount = 3; strideA = 1LL << 62)

/* --------------------------------------------------------- litdnn/convolution.h */

/* filter descriptors */
#undef BI_ON
#define BI_ON BI_CPU
BI_VALID(litdnnCreateFilterDescriptor)
BI_CASE(litdnnCreateFilterDescriptor, null_filterDesc, BAD_PARAM_NULL_POINTER, "filterDesc is a null pointer",
        filterDesc = NULL)
BI_CASE(litdnnDestroyFilterDescriptor, null_filterDesc_is_nothing_to_destroy, SUCCESS, NULL, filterDesc = NULL)
BI_VALID(litdnnSetFilter4dDescriptor)
BI_CASE(litdnnSetFilter4dDescriptor, null_filterDesc, BAD_PARAM_NULL_POINTER, "filterDesc is a null pointer",
        filterDesc = NULL)
BI_CASE(litdnnSetFilter4dDescriptor, data_type_one_past_the_last, BAD_PARAM_OUT_OF_BOUND,
        "dataType = 4 is not a litdnnDataType_t", dataType = (litdnnDataType_t)4)
BI_CASE(litdnnSetFilter4dDescriptor, format_one_past_the_last, BAD_PARAM_OUT_OF_BOUND,
        "format = 2 is not a litdnnTensorFormat_t", format = (litdnnTensorFormat_t)2)
BI_CASE(litdnnSetFilter4dDescriptor, zero_k, BAD_PARAM_OUT_OF_BOUND, "k = 0", k = 0)
BI_CASE(litdnnSetFilter4dDescriptor, negative_w, BAD_PARAM_OUT_OF_BOUND, "w = -1", w = -1)
BI_CASE(litdnnSetFilter4dDescriptor, more_than_int_max_elements, BAD_PARAM_OVERFLOW,
        "the filter has more than 2^31 - 1 elements", k = c = 65536; h = w = 1)
BI_VALID(litdnnSetFilterNdDescriptor)
BI_CASE(litdnnSetFilterNdDescriptor, null_filterDesc, BAD_PARAM_NULL_POINTER, "filterDesc is a null pointer",
        filterDesc = NULL)
BI_CASE(litdnnSetFilterNdDescriptor, null_filterDimA, BAD_PARAM_NULL_POINTER, "filterDimA is a null pointer",
        filterDimA = NULL)
BI_CASE(litdnnSetFilterNdDescriptor, data_type_one_past_the_last, BAD_PARAM_OUT_OF_BOUND,
        "dataType = 4 is not a litdnnDataType_t", dataType = (litdnnDataType_t)4)
BI_CASE(litdnnSetFilterNdDescriptor, negative_data_type, BAD_PARAM_OUT_OF_BOUND, "dataType = -1",
        dataType = (litdnnDataType_t)-1)
BI_CASE(litdnnSetFilterNdDescriptor, format_one_past_the_last, BAD_PARAM_OUT_OF_BOUND,
        "format = 2 is not a litdnnTensorFormat_t", format = (litdnnTensorFormat_t)2)
BI_CASE(litdnnSetFilterNdDescriptor, huge_format, BAD_PARAM_OUT_OF_BOUND, "format = 2147483647",
        format = (litdnnTensorFormat_t)INT_MAX)
BI_CASE(litdnnSetFilterNdDescriptor, two_dimensions, BAD_PARAM_OUT_OF_BOUND,
        "nbDims = 2; a filter has 3 to 5 dimensions", nbDims = 2)
BI_CASE(litdnnSetFilterNdDescriptor, six_dimensions, BAD_PARAM_OUT_OF_BOUND, "nbDims = 6",
        nbDims = 6; for (int d = 0; d < 6; d++) dims[d] = 1)
BI_CASE(litdnnSetFilterNdDescriptor, negative_dimensions, BAD_PARAM_OUT_OF_BOUND, "nbDims = -1", nbDims = -1)
BI_CASE(litdnnSetFilterNdDescriptor, zero_filters, BAD_PARAM_OUT_OF_BOUND, "filterDimA[0] = 0 is not positive",
        dims[0] = 0)
BI_CASE(litdnnSetFilterNdDescriptor, negative_size, BAD_PARAM_OUT_OF_BOUND, "filterDimA[2] = -1 is not positive",
        dims[2] = -1)
BI_CASE(litdnnSetFilterNdDescriptor, more_than_int_max_elements, BAD_PARAM_OVERFLOW,
        "the filter has more than 2^31 - 1 elements", dims[0] = dims[1] = 65536; dims[2] = 1)
BI_CASE(litdnnSetFilterNdDescriptor, every_size_int_max, BAD_PARAM_OVERFLOW,
        "the filter has more than 2^31 - 1 elements", dims[0] = dims[1] = dims[2] = INT_MAX)
BI_VALID(litdnnGetFilter4dDescriptor)
BI_CASE(litdnnGetFilter4dDescriptor, null_filterDesc, BAD_PARAM_NULL_POINTER, "filterDesc is a null pointer",
        filterDesc = NULL)
BI_CASE(litdnnGetFilter4dDescriptor, unset_filterDesc, BAD_PARAM_NOT_FINALIZED, "filterDesc was never set",
        filterDesc = W->f_unset)
BI_CASE(litdnnGetFilter4dDescriptor, five_dimensions, BAD_PARAM_SHAPE_MISMATCH, "filterDesc has 5 dimensions, not 4",
        filterDesc = W->f5d)
BI_VALID(litdnnGetFilterNdDescriptor)
BI_CASE(litdnnGetFilterNdDescriptor, null_filterDesc, BAD_PARAM_NULL_POINTER, "filterDesc is a null pointer",
        filterDesc = NULL)
BI_CASE(litdnnGetFilterNdDescriptor, unset_filterDesc, BAD_PARAM_NOT_FINALIZED, "filterDesc was never set",
        filterDesc = W->f_unset)

/* convolution descriptors */
BI_VALID(litdnnCreateConvolutionDescriptor)
BI_CASE(litdnnCreateConvolutionDescriptor, null_convDesc, BAD_PARAM_NULL_POINTER, "convDesc is a null pointer",
        convDesc = NULL)
BI_CASE(litdnnDestroyConvolutionDescriptor, null_convDesc_is_nothing_to_destroy, SUCCESS, NULL, convDesc = NULL)
BI_VALID(litdnnSetConvolution2dDescriptor)
BI_CASE(litdnnSetConvolution2dDescriptor, null_convDesc, BAD_PARAM_NULL_POINTER, "convDesc is a null pointer",
        convDesc = NULL)
BI_CASE(litdnnSetConvolution2dDescriptor, negative_pad_h, BAD_PARAM_OUT_OF_BOUND, "pad_h = -1", pad_h = -1)
BI_CASE(litdnnSetConvolution2dDescriptor, zero_v, BAD_PARAM_OUT_OF_BOUND, "v = 0", v = 0)
BI_CASE(litdnnSetConvolution2dDescriptor, zero_dilation_h, BAD_PARAM_OUT_OF_BOUND, "dilation_h = 0", dilation_h = 0)
BI_CASE(litdnnSetConvolution2dDescriptor, mode_one_past_the_last, BAD_PARAM_OUT_OF_BOUND,
        "mode = 2 is not a litdnnConvolutionMode_t", mode = (litdnnConvolutionMode_t)2)
BI_CASE(litdnnSetConvolution2dDescriptor, compute_type_one_past_the_last, BAD_PARAM_OUT_OF_BOUND,
        "computeType = 4 is not a litdnnDataType_t", computeType = (litdnnDataType_t)4)
BI_VALID(litdnnSetConvolutionNdDescriptor)
BI_CASE(litdnnSetConvolutionNdDescriptor, null_convDesc, BAD_PARAM_NULL_POINTER, "convDesc is a null pointer",
        convDesc = NULL)
BI_CASE(litdnnSetConvolutionNdDescriptor, null_padA, BAD_PARAM_NULL_POINTER, "padA is a null pointer", padA = NULL)
BI_CASE(litdnnSetConvolutionNdDescriptor, null_filterStrideA, BAD_PARAM_NULL_POINTER,
        "filterStrideA is a null pointer", filterStrideA = NULL)
BI_CASE(litdnnSetConvolutionNdDescriptor, null_dilationA, BAD_PARAM_NULL_POINTER, "dilationA is a null pointer",
        dilationA = NULL)
BI_CASE(litdnnSetConvolutionNdDescriptor, zero_spatial_dimensions, BAD_PARAM_OUT_OF_BOUND,
        "arrayLength = 0; a convolution has 1 to 3 spatial dimensions", arrayLength = 0)
BI_CASE(litdnnSetConvolutionNdDescriptor, four_spatial_dimensions, BAD_PARAM_OUT_OF_BOUND, "arrayLength = 4",
        arrayLength = 4)
BI_CASE(litdnnSetConvolutionNdDescriptor, negative_spatial_dimensions, BAD_PARAM_OUT_OF_BOUND, "arrayLength = -1",
        arrayLength = -1)
BI_CASE(litdnnSetConvolutionNdDescriptor, negative_padding, BAD_PARAM_OUT_OF_BOUND, "padA[1] = -1 is negative",
        pads[1] = -1)
BI_CASE(litdnnSetConvolutionNdDescriptor, zero_stride, BAD_PARAM_OUT_OF_BOUND,
        "filterStrideA[2] = 0 is not positive", strides[2] = 0)
BI_CASE(litdnnSetConvolutionNdDescriptor, negative_stride, BAD_PARAM_OUT_OF_BOUND,
        "filterStrideA[0] = -2147483648 is not positive", strides[0] = INT_MIN)
BI_CASE(litdnnSetConvolutionNdDescriptor, zero_dilation, BAD_PARAM_OUT_OF_BOUND, "dilationA[0] = 0 is not positive",
        dilations[0] = 0)
BI_CASE(litdnnSetConvolutionNdDescriptor, mode_one_past_the_last, BAD_PARAM_OUT_OF_BOUND,
        "mode = 2 is not a litdnnConvolutionMode_t", mode = (litdnnConvolutionMode_t)2)
BI_CASE(litdnnSetConvolutionNdDescriptor, negative_mode, BAD_PARAM_OUT_OF_BOUND, "mode = -1",
        mode = (litdnnConvolutionMode_t)-1)
BI_CASE(litdnnSetConvolutionNdDescriptor, compute_type_one_past_the_last, BAD_PARAM_OUT_OF_BOUND,
        "computeType = 4 is not a litdnnDataType_t", computeType = (litdnnDataType_t)4)
BI_VALID(litdnnGetConvolution2dDescriptor)
BI_CASE(litdnnGetConvolution2dDescriptor, null_convDesc, BAD_PARAM_NULL_POINTER, "convDesc is a null pointer",
        convDesc = NULL)
BI_CASE(litdnnGetConvolution2dDescriptor, unset_convDesc, BAD_PARAM_NOT_FINALIZED, "convDesc was never set",
        convDesc = W->conv_unset)
BI_CASE(litdnnGetConvolution2dDescriptor, three_spatial_dimensions, BAD_PARAM_SHAPE_MISMATCH,
        "convDesc has 3 spatial dimensions, not 2", convDesc = W->conv3d)
BI_VALID(litdnnGetConvolutionNdDescriptor)
BI_CASE(litdnnGetConvolutionNdDescriptor, null_convDesc, BAD_PARAM_NULL_POINTER, "convDesc is a null pointer",
        convDesc = NULL)
BI_CASE(litdnnGetConvolutionNdDescriptor, unset_convDesc, BAD_PARAM_NOT_FINALIZED, "convDesc was never set",
        convDesc = W->conv_unset)
BI_VALID(litdnnSetConvolutionGroupCount)
BI_CASE(litdnnSetConvolutionGroupCount, null_convDesc, BAD_PARAM_NULL_POINTER, "convDesc is a null pointer",
        convDesc = NULL)
BI_CASE(litdnnSetConvolutionGroupCount, zero_groups, BAD_PARAM_OUT_OF_BOUND, "groupCount = 0 is not positive",
        groupCount = 0)
BI_CASE(litdnnSetConvolutionGroupCount, most_negative_groups, BAD_PARAM_OUT_OF_BOUND,
        "groupCount = -2147483648 is not positive", groupCount = INT_MIN)
BI_VALID(litdnnGetConvolutionGroupCount)
BI_CASE(litdnnGetConvolutionGroupCount, null_convDesc, BAD_PARAM_NULL_POINTER, "convDesc is a null pointer",
        convDesc = NULL)
BI_CASE(litdnnGetConvolutionGroupCount, null_groupCount, BAD_PARAM_NULL_POINTER, "groupCount is a null pointer",
        groupCount = NULL)
BI_VALID(litdnnSetConvolutionMathType)
BI_CASE(litdnnSetConvolutionMathType, null_convDesc, BAD_PARAM_NULL_POINTER, "convDesc is a null pointer",
        convDesc = NULL)
BI_CASE(litdnnSetConvolutionMathType, math_one_past_the_last, BAD_PARAM_OUT_OF_BOUND,
        "mathType = 2 is not a litdnnMathType_t", mathType = (litdnnMathType_t)2)
BI_CASE(litdnnSetConvolutionMathType, negative_math, BAD_PARAM_OUT_OF_BOUND, "mathType = -1",
        mathType = (litdnnMathType_t)-1)
BI_VALID(litdnnGetConvolutionMathType)
BI_CASE(litdnnGetConvolutionMathType, null_convDesc, BAD_PARAM_NULL_POINTER, "convDesc is a null pointer",
        convDesc = NULL)
BI_CASE(litdnnGetConvolutionMathType, null_mathType, BAD_PARAM_NULL_POINTER, "mathType is a null pointer",
        mathType = NULL)

/* output sizes */
BI_VALID(litdnnGetConvolution2dForwardOutputDim)
BI_CASE(litdnnGetConvolution2dForwardOutputDim, null_n, BAD_PARAM_NULL_POINTER, "n is a null pointer", n = NULL)
BI_CASE(litdnnGetConvolution2dForwardOutputDim, null_c, BAD_PARAM_NULL_POINTER, "c is a null pointer", c = NULL)
BI_CASE(litdnnGetConvolution2dForwardOutputDim, null_h, BAD_PARAM_NULL_POINTER, "h is a null pointer", h = NULL)
BI_CASE(litdnnGetConvolution2dForwardOutputDim, null_w, BAD_PARAM_NULL_POINTER, "w is a null pointer", w = NULL)
BI_CASE(litdnnGetConvolution2dForwardOutputDim, three_spatial_dimensions, BAD_PARAM_SHAPE_MISMATCH,
        "convDesc has 3 spatial dimensions, not 2", convDesc = W->conv3d)
BI_CASE(litdnnGetConvolution2dForwardOutputDim, null_convDesc, BAD_PARAM_NULL_POINTER, "convDesc is a null pointer",
        convDesc = NULL)
BI_CASE(litdnnGetConvolution2dForwardOutputDim, unset_convDesc, BAD_PARAM_NOT_FINALIZED, "convDesc was never set",
        convDesc = W->conv_unset)
BI_CASE(litdnnGetConvolution2dForwardOutputDim, null_inputTensorDesc, BAD_PARAM_NULL_POINTER,
        "inputTensorDesc is a null pointer", inputTensorDesc = NULL)
BI_CASE(litdnnGetConvolution2dForwardOutputDim, unset_filterDesc, BAD_PARAM_NOT_FINALIZED,
        "filterDesc was never set", filterDesc = W->f_unset)
BI_CASE(litdnnGetConvolution2dForwardOutputDim, an_empty_output, BAD_PARAM_OUT_OF_BOUND,
        "the dilated filter spans 7 but the padded input has only 6, so the output would be empty",
        filterDesc = W->f_big)
BI_VALID(litdnnGetConvolutionNdForwardOutputDim)
BI_CASE(litdnnGetConvolutionNdForwardOutputDim, null_convDesc, BAD_PARAM_NULL_POINTER, "convDesc is a null pointer",
        convDesc = NULL)
BI_CASE(litdnnGetConvolutionNdForwardOutputDim, unset_convDesc, BAD_PARAM_NOT_FINALIZED, "convDesc was never set",
        convDesc = W->conv_unset)
BI_CASE(litdnnGetConvolutionNdForwardOutputDim, double_compute_type, NOT_SUPPORTED_DATA_TYPE,
        "convDesc computes in data type 1", convDesc = W->conv_double)
BI_CASE(litdnnGetConvolutionNdForwardOutputDim, null_inputTensorDesc, BAD_PARAM_NULL_POINTER,
        "inputTensorDesc is a null pointer", inputTensorDesc = NULL)
BI_CASE(litdnnGetConvolutionNdForwardOutputDim, unset_inputTensorDesc, BAD_PARAM_NOT_FINALIZED,
        "inputTensorDesc was never set", inputTensorDesc = W->t_unset)
BI_CASE(litdnnGetConvolutionNdForwardOutputDim, half_inputTensorDesc, NOT_SUPPORTED_DATA_TYPE,
        "inputTensorDesc has data type 2", inputTensorDesc = W->t_half)
BI_CASE(litdnnGetConvolutionNdForwardOutputDim, null_filterDesc, BAD_PARAM_NULL_POINTER,
        "filterDesc is a null pointer", filterDesc = NULL)
BI_CASE(litdnnGetConvolutionNdForwardOutputDim, unset_filterDesc, BAD_PARAM_NOT_FINALIZED,
        "filterDesc was never set", filterDesc = W->f_unset)
BI_CASE(litdnnGetConvolutionNdForwardOutputDim, half_filterDesc, NOT_SUPPORTED_DATA_TYPE,
        "filterDesc has data type 2", filterDesc = W->f_half)
BI_CASE(litdnnGetConvolutionNdForwardOutputDim, inputTensorDesc_of_another_rank, BAD_PARAM_SHAPE_MISMATCH,
        "inputTensorDesc has 5 dimensions but convDesc has 2 spatial dimensions", inputTensorDesc = W->t5)
BI_CASE(litdnnGetConvolutionNdForwardOutputDim, channels_per_group_mismatch, BAD_PARAM_SHAPE_MISMATCH,
        "filterDesc has C = 2 channels per group, but inputTensorDesc has 3 channels", filterDesc = W->f_c2)
BI_CASE(litdnnGetConvolutionNdForwardOutputDim, groups_that_do_not_divide_the_channels, BAD_PARAM_SHAPE_MISMATCH,
        "groupCount = 2 does not divide the 3 channels", convDesc = W->conv_g2)
BI_CASE(litdnnGetConvolutionNdForwardOutputDim, an_empty_output, BAD_PARAM_OUT_OF_BOUND,
        "the dilated filter spans 7 but the padded input has only 6, so the output would be empty",
        filterDesc = W->f_big)
BI_CASE(litdnnGetConvolutionNdForwardOutputDim, null_tensorOutputDimA, BAD_PARAM_NULL_POINTER,
        "tensorOutputDimA is a null pointer", tensorOutputDimA = NULL)
BI_CASE(litdnnGetConvolutionNdForwardOutputDim, three_dimensions_asked, BAD_PARAM_SHAPE_MISMATCH,
        "nbDims = 3 but the output has 4 dimensions", nbDims = 3)
BI_CASE(litdnnGetConvolutionNdForwardOutputDim, negative_dimensions_asked, BAD_PARAM_SHAPE_MISMATCH,
        "nbDims = -1 but the output has 4 dimensions", nbDims = -1)

/* the passes */
#undef BI_ON
#define BI_ON BI_BOTH
#define ON_THIS_BACKEND bi_fmt("does not run on the %s backend", litdnnGetBackendName(W->backend))
/* an algorithm that has no function for the bench's backend */
#define FWD_ALGO_NOT_HERE                                                                                 \
  (W->backend == LITDNN_BACKEND_CPU ? LITDNN_CONVOLUTION_FWD_ALGO_DIRECT : LITDNN_CONVOLUTION_FWD_ALGO_REFERENCE)

BI_VALID(litdnnConvolutionForward)
BI_CASE(litdnnConvolutionForward, null_handle, BAD_PARAM_NULL_POINTER, "handle is a null pointer", handle = NULL)
BI_CASE(litdnnConvolutionForward, null_alpha, BAD_PARAM_NULL_POINTER, "alpha is a null pointer", alpha = NULL)
BI_CASE(litdnnConvolutionForward, null_beta, BAD_PARAM_NULL_POINTER, "beta is a null pointer", beta = NULL)
BI_CASE(litdnnConvolutionForward, null_xDesc, BAD_PARAM_NULL_POINTER, "xDesc is a null pointer", xDesc = NULL)
BI_CASE(litdnnConvolutionForward, unset_xDesc, BAD_PARAM_NOT_FINALIZED, "xDesc was never set", xDesc = W->t_unset)
BI_CASE(litdnnConvolutionForward, half_xDesc, NOT_SUPPORTED_DATA_TYPE, "xDesc has data type 2", xDesc = W->t_half)
BI_CASE(litdnnConvolutionForward, null_wDesc, BAD_PARAM_NULL_POINTER, "wDesc is a null pointer", wDesc = NULL)
BI_CASE(litdnnConvolutionForward, unset_wDesc, BAD_PARAM_NOT_FINALIZED, "wDesc was never set", wDesc = W->f_unset)
BI_CASE(litdnnConvolutionForward, half_wDesc, NOT_SUPPORTED_DATA_TYPE, "wDesc has data type 2", wDesc = W->f_half)
BI_CASE(litdnnConvolutionForward, null_convDesc, BAD_PARAM_NULL_POINTER, "convDesc is a null pointer",
        convDesc = NULL)
BI_CASE(litdnnConvolutionForward, unset_convDesc, BAD_PARAM_NOT_FINALIZED, "convDesc was never set",
        convDesc = W->conv_unset)
BI_CASE(litdnnConvolutionForward, double_compute_type, NOT_SUPPORTED_DATA_TYPE, "convDesc computes in data type 1",
        convDesc = W->conv_double)
BI_CASE(litdnnConvolutionForward, null_yDesc, BAD_PARAM_NULL_POINTER, "yDesc is a null pointer", yDesc = NULL)
BI_CASE(litdnnConvolutionForward, unset_yDesc, BAD_PARAM_NOT_FINALIZED, "yDesc was never set", yDesc = W->t_unset)
BI_CASE(litdnnConvolutionForward, double_yDesc, NOT_SUPPORTED_DATA_TYPE, "yDesc has data type 1",
        yDesc = W->t_double)
BI_CASE(litdnnConvolutionForward, null_x, BAD_PARAM_NULL_POINTER, "x is a null pointer", x = NULL)
BI_CASE(litdnnConvolutionForward, null_w, BAD_PARAM_NULL_POINTER, "w is a null pointer", w = NULL)
BI_CASE(litdnnConvolutionForward, null_y, BAD_PARAM_NULL_POINTER, "y is a null pointer", y = NULL)
BI_CASE(litdnnConvolutionForward, yDesc_of_another_shape, BAD_PARAM_SHAPE_MISMATCH,
        "yDesc is 2x4x2x2 but the convolution's output is 2x4x4x4", yDesc = W->cy_s2)
BI_CASE(litdnnConvolutionForward, yDesc_of_another_rank, BAD_PARAM_SHAPE_MISMATCH,
        "yDesc has 5 dimensions but convDesc has 2 spatial dimensions", yDesc = W->t5)
BI_CASE(litdnnConvolutionForward, xDesc_of_another_rank, BAD_PARAM_SHAPE_MISMATCH,
        "xDesc has 5 dimensions but convDesc has 2 spatial dimensions", xDesc = W->t5)
BI_CASE(litdnnConvolutionForward, wDesc_of_another_rank, BAD_PARAM_SHAPE_MISMATCH,
        "wDesc has 5 dimensions but convDesc has 2 spatial dimensions", wDesc = W->f5d)
BI_CASE(litdnnConvolutionForward, groups_that_do_not_divide_the_channels, BAD_PARAM_SHAPE_MISMATCH,
        "groupCount = 2 does not divide the 3 channels of xDesc", convDesc = W->conv_g2)
BI_CASE(litdnnConvolutionForward, channels_per_group_mismatch, BAD_PARAM_SHAPE_MISMATCH,
        "wDesc has C = 2 channels per group, but xDesc has 3 channels in 1 group(s)", wDesc = W->f_c2)
BI_CASE(litdnnConvolutionForward, an_empty_output, BAD_PARAM_OUT_OF_BOUND,
        "the dilated filter spans 7 but the padded input has only 6, so the output would be empty",
        wDesc = W->f_big)
BI_CASE(litdnnConvolutionForward, negative_algo, BAD_PARAM_OUT_OF_BOUND,
        "algo = -1, but convolution forward has algorithms 0..11", algo = (litdnnConvolutionFwdAlgo_t)-1)
BI_CASE(litdnnConvolutionForward, algo_one_past_the_last, BAD_PARAM_OUT_OF_BOUND, "algo = 12",
        algo = LITDNN_CONVOLUTION_FWD_ALGO_COUNT)
BI_CASE(litdnnConvolutionForward, huge_algo, BAD_PARAM_OUT_OF_BOUND, "algo = 2147483647",
        algo = (litdnnConvolutionFwdAlgo_t)INT_MAX)
BI_CASE(litdnnConvolutionForward, an_algo_of_another_backend, NOT_SUPPORTED_BACKEND, ON_THIS_BACKEND,
        algo = FWD_ALGO_NOT_HERE)
BI_CASE_ON(BI_EMU, litdnnConvolutionForward, cublas_on_the_emulator, NOT_SUPPORTED_BACKEND,
           "algo = 4 (im2col cublas) does not run on the emu backend", algo = LITDNN_CONVOLUTION_FWD_ALGO_GEMM_CUBLAS)
BI_CASE_ON(BI_EMU, litdnnConvolutionForward, winograd_at_stride_2, NOT_SUPPORTED,
           "algo = 8 (winograd) of convolution forward does not apply: Winograd F(2x2, 3x3) needs a 2-d 3x3 filter at stride 1",
           algo = LITDNN_CONVOLUTION_FWD_ALGO_WINOGRAD; convDesc = W->conv_s2; yDesc = W->cy_s2)
BI_CASE_ON(BI_EMU, litdnnConvolutionForward, winograd_nonfused_at_stride_2, NOT_SUPPORTED,
           "algo = 9 (winograd nonfused) of convolution forward does not apply: Winograd F(4x4, 3x3) needs a 2-d "
           "3x3 filter at stride 1",
           algo = LITDNN_CONVOLUTION_FWD_ALGO_WINOGRAD_NONFUSED; convDesc = W->conv_s2; yDesc = W->cy_s2)
BI_CASE_ON(BI_EMU, litdnnConvolutionForward, batch_gemm_on_a_3x3_filter, NOT_SUPPORTED,
           "algo = 10 (1x1 batch gemm) of convolution forward does not apply: the 1x1 batch GEMM needs a 1x1 filter",
           algo = LITDNN_CONVOLUTION_FWD_ALGO_BATCH_GEMM_1X1)
static size_t fwd_workspace(bi_bench *W, litdnnConvolutionFwdAlgo_t algo)
{
  size_t need = 0;
  cr_assert_eq(litdnnGetConvolutionForwardWorkspaceSize(W->h, W->cx, W->f, W->conv, W->cy, algo, &need),
               LITDNN_STATUS_SUCCESS);
  cr_assert(need > 0 && need <= W->ws_bytes, "a forward workspace of %zu bytes", need);
  return need;
}
BI_CASE_ON(BI_EMU, litdnnConvolutionForward, workspace_one_byte_too_small, BAD_PARAM_SIZE_INSUFFICIENT,
           bi_fmt("algo = 3 (im2col gemm) needs a workspace of %zu bytes; workSpace is a buffer of %zu bytes",
                  workSpaceSizeInBytes + 1, workSpaceSizeInBytes),
           algo = LITDNN_CONVOLUTION_FWD_ALGO_GEMM; workSpaceSizeInBytes = fwd_workspace(W, algo) - 1)
BI_CASE_ON(BI_EMU, litdnnConvolutionForward, null_workspace, BAD_PARAM_SIZE_INSUFFICIENT,
           "workSpace is null of 65536 bytes", algo = LITDNN_CONVOLUTION_FWD_ALGO_GEMM; workSpace = NULL)

BI_VALID(litdnnConvolutionBackwardData)
BI_CASE(litdnnConvolutionBackwardData, null_handle, BAD_PARAM_NULL_POINTER, "handle is a null pointer", handle = NULL)
BI_CASE(litdnnConvolutionBackwardData, null_alpha, BAD_PARAM_NULL_POINTER, "alpha is a null pointer", alpha = NULL)
BI_CASE(litdnnConvolutionBackwardData, null_beta, BAD_PARAM_NULL_POINTER, "beta is a null pointer", beta = NULL)
BI_CASE(litdnnConvolutionBackwardData, null_wDesc, BAD_PARAM_NULL_POINTER, "wDesc is a null pointer", wDesc = NULL)
BI_CASE(litdnnConvolutionBackwardData, unset_wDesc, BAD_PARAM_NOT_FINALIZED, "wDesc was never set",
        wDesc = W->f_unset)
BI_CASE(litdnnConvolutionBackwardData, half_wDesc, NOT_SUPPORTED_DATA_TYPE, "wDesc has data type 2",
        wDesc = W->f_half)
BI_CASE(litdnnConvolutionBackwardData, null_dyDesc, BAD_PARAM_NULL_POINTER, "dyDesc is a null pointer",
        dyDesc = NULL)
BI_CASE(litdnnConvolutionBackwardData, unset_dyDesc, BAD_PARAM_NOT_FINALIZED, "dyDesc was never set",
        dyDesc = W->t_unset)
BI_CASE(litdnnConvolutionBackwardData, half_dyDesc, NOT_SUPPORTED_DATA_TYPE, "dyDesc has data type 2",
        dyDesc = W->t_half)
BI_CASE(litdnnConvolutionBackwardData, null_convDesc, BAD_PARAM_NULL_POINTER, "convDesc is a null pointer",
        convDesc = NULL)
BI_CASE(litdnnConvolutionBackwardData, unset_convDesc, BAD_PARAM_NOT_FINALIZED, "convDesc was never set",
        convDesc = W->conv_unset)
BI_CASE(litdnnConvolutionBackwardData, double_compute_type, NOT_SUPPORTED_DATA_TYPE,
        "convDesc computes in data type 1", convDesc = W->conv_double)
BI_CASE(litdnnConvolutionBackwardData, null_dxDesc, BAD_PARAM_NULL_POINTER, "dxDesc is a null pointer",
        dxDesc = NULL)
BI_CASE(litdnnConvolutionBackwardData, unset_dxDesc, BAD_PARAM_NOT_FINALIZED, "dxDesc was never set",
        dxDesc = W->t_unset)
BI_CASE(litdnnConvolutionBackwardData, double_dxDesc, NOT_SUPPORTED_DATA_TYPE, "dxDesc has data type 1",
        dxDesc = W->t_double)
BI_CASE(litdnnConvolutionBackwardData, null_w, BAD_PARAM_NULL_POINTER, "w is a null pointer", w = NULL)
BI_CASE(litdnnConvolutionBackwardData, null_dy, BAD_PARAM_NULL_POINTER, "dy is a null pointer", dy = NULL)
BI_CASE(litdnnConvolutionBackwardData, null_dx, BAD_PARAM_NULL_POINTER, "dx is a null pointer", dx = NULL)
BI_CASE(litdnnConvolutionBackwardData, dyDesc_of_another_shape, BAD_PARAM_SHAPE_MISMATCH,
        "dyDesc is 2x3x4x5 but the convolution's output is 2x4x4x4", dyDesc = W->t)
BI_CASE(litdnnConvolutionBackwardData, dxDesc_of_another_rank, BAD_PARAM_SHAPE_MISMATCH,
        "dxDesc has 3 dimensions but convDesc has 2 spatial dimensions", dxDesc = W->t3)
BI_CASE(litdnnConvolutionBackwardData, groups_that_do_not_divide_the_channels, BAD_PARAM_SHAPE_MISMATCH,
        "groupCount = 2 does not divide the 3 channels of dxDesc", convDesc = W->conv_g2)
BI_CASE(litdnnConvolutionBackwardData, channels_per_group_mismatch, BAD_PARAM_SHAPE_MISMATCH,
        "wDesc has C = 2 channels per group, but dxDesc has 3 channels", wDesc = W->f_c2)
BI_CASE(litdnnConvolutionBackwardData, algo_one_past_the_last, BAD_PARAM_OUT_OF_BOUND,
        "algo = 10, but convolution backward data has algorithms 0..9", algo = LITDNN_CONVOLUTION_BWD_DATA_ALGO_COUNT)
BI_CASE(litdnnConvolutionBackwardData, negative_algo, BAD_PARAM_OUT_OF_BOUND, "algo = -1",
        algo = (litdnnConvolutionBwdDataAlgo_t)-1)
BI_CASE(litdnnConvolutionBackwardData, an_algo_of_another_backend, NOT_SUPPORTED_BACKEND, ON_THIS_BACKEND,
        algo = W->backend == LITDNN_BACKEND_CPU ? LITDNN_CONVOLUTION_BWD_DATA_ALGO_DIRECT
                                                : LITDNN_CONVOLUTION_BWD_DATA_ALGO_REFERENCE)
BI_CASE_ON(BI_EMU, litdnnConvolutionBackwardData, winograd_at_stride_2, NOT_SUPPORTED,
           "algo = 5 (winograd) of convolution backward data does not apply: Winograd backward data needs a 2-d 3x3 filter at stride 1",
           algo = LITDNN_CONVOLUTION_BWD_DATA_ALGO_WINOGRAD; convDesc = W->conv_s2; dyDesc = W->cy_s2)
BI_CASE_ON(BI_EMU, litdnnConvolutionBackwardData, winograd_nonfused_at_stride_2, NOT_SUPPORTED,
           "algo = 7 (winograd nonfused) of convolution backward data does not apply: Winograd F(4x4, 3x3) "
           "backward data needs a 2-d 3x3 filter at stride 1",
           algo = LITDNN_CONVOLUTION_BWD_DATA_ALGO_WINOGRAD_NONFUSED; convDesc = W->conv_s2; dyDesc = W->cy_s2)
BI_CASE_ON(BI_EMU, litdnnConvolutionBackwardData, batch_gemm_on_a_3x3_filter, NOT_SUPPORTED,
           "algo = 8 (1x1 batch gemm) of convolution backward data does not apply: the 1x1 batch GEMM needs a 1x1 "
           "filter",
           algo = LITDNN_CONVOLUTION_BWD_DATA_ALGO_BATCH_GEMM_1X1)
BI_CASE_ON(BI_EMU, litdnnConvolutionBackwardData, workspace_one_byte_too_small, BAD_PARAM_SIZE_INSUFFICIENT,
           bi_fmt("algo = 2 (gemm col2im) needs a workspace of %zu bytes", workSpaceSizeInBytes + 1),
           algo = LITDNN_CONVOLUTION_BWD_DATA_ALGO_GEMM;
           cr_assert_eq(litdnnGetConvolutionBackwardDataWorkspaceSize(W->h, wDesc, dyDesc, convDesc, dxDesc, algo,
                                                                      &workSpaceSizeInBytes), LITDNN_STATUS_SUCCESS);
           cr_assert(workSpaceSizeInBytes > 0); workSpaceSizeInBytes--)

BI_VALID(litdnnConvolutionBackwardFilter)
BI_CASE(litdnnConvolutionBackwardFilter, null_handle, BAD_PARAM_NULL_POINTER, "handle is a null pointer",
        handle = NULL)
BI_CASE(litdnnConvolutionBackwardFilter, null_alpha, BAD_PARAM_NULL_POINTER, "alpha is a null pointer", alpha = NULL)
BI_CASE(litdnnConvolutionBackwardFilter, null_beta, BAD_PARAM_NULL_POINTER, "beta is a null pointer", beta = NULL)
BI_CASE(litdnnConvolutionBackwardFilter, null_xDesc, BAD_PARAM_NULL_POINTER, "xDesc is a null pointer",
        xDesc = NULL)
BI_CASE(litdnnConvolutionBackwardFilter, unset_xDesc, BAD_PARAM_NOT_FINALIZED, "xDesc was never set",
        xDesc = W->t_unset)
BI_CASE(litdnnConvolutionBackwardFilter, null_dyDesc, BAD_PARAM_NULL_POINTER, "dyDesc is a null pointer",
        dyDesc = NULL)
BI_CASE(litdnnConvolutionBackwardFilter, unset_dyDesc, BAD_PARAM_NOT_FINALIZED, "dyDesc was never set",
        dyDesc = W->t_unset)
BI_CASE(litdnnConvolutionBackwardFilter, double_dyDesc, NOT_SUPPORTED_DATA_TYPE, "dyDesc has data type 1",
        dyDesc = W->t_double)
BI_CASE(litdnnConvolutionBackwardFilter, null_convDesc, BAD_PARAM_NULL_POINTER, "convDesc is a null pointer",
        convDesc = NULL)
BI_CASE(litdnnConvolutionBackwardFilter, double_compute_type, NOT_SUPPORTED_DATA_TYPE,
        "convDesc computes in data type 1", convDesc = W->conv_double)
BI_CASE(litdnnConvolutionBackwardFilter, null_dwDesc, BAD_PARAM_NULL_POINTER, "dwDesc is a null pointer",
        dwDesc = NULL)
BI_CASE(litdnnConvolutionBackwardFilter, unset_dwDesc, BAD_PARAM_NOT_FINALIZED, "dwDesc was never set",
        dwDesc = W->f_unset)
BI_CASE(litdnnConvolutionBackwardFilter, half_dwDesc, NOT_SUPPORTED_DATA_TYPE, "dwDesc has data type 2",
        dwDesc = W->f_half)
BI_CASE(litdnnConvolutionBackwardFilter, null_x, BAD_PARAM_NULL_POINTER, "x is a null pointer", x = NULL)
BI_CASE(litdnnConvolutionBackwardFilter, null_dy, BAD_PARAM_NULL_POINTER, "dy is a null pointer", dy = NULL)
BI_CASE(litdnnConvolutionBackwardFilter, null_dw, BAD_PARAM_NULL_POINTER, "dw is a null pointer", dw = NULL)
BI_CASE(litdnnConvolutionBackwardFilter, dyDesc_of_another_shape, BAD_PARAM_SHAPE_MISMATCH,
        "dyDesc is 2x4x2x2 but the convolution's output is 2x4x4x4", dyDesc = W->cy_s2)
BI_CASE(litdnnConvolutionBackwardFilter, dwDesc_of_another_rank, BAD_PARAM_SHAPE_MISMATCH,
        "dwDesc has 5 dimensions but convDesc has 2 spatial dimensions", dwDesc = W->f5d)
BI_CASE(litdnnConvolutionBackwardFilter, channels_per_group_mismatch, BAD_PARAM_SHAPE_MISMATCH,
        "dwDesc has C = 2 channels per group, but xDesc has 3 channels", dwDesc = W->f_c2)
BI_CASE(litdnnConvolutionBackwardFilter, algo_one_past_the_last, BAD_PARAM_OUT_OF_BOUND,
        "algo = 9, but convolution backward filter has algorithms 0..8",
        algo = LITDNN_CONVOLUTION_BWD_FILTER_ALGO_COUNT)
BI_CASE(litdnnConvolutionBackwardFilter, huge_algo, BAD_PARAM_OUT_OF_BOUND, "algo = 2147483647",
        algo = (litdnnConvolutionBwdFilterAlgo_t)INT_MAX)
BI_CASE(litdnnConvolutionBackwardFilter, an_algo_of_another_backend, NOT_SUPPORTED_BACKEND, ON_THIS_BACKEND,
        algo = W->backend == LITDNN_BACKEND_CPU ? LITDNN_CONVOLUTION_BWD_FILTER_ALGO_DIRECT
                                                : LITDNN_CONVOLUTION_BWD_FILTER_ALGO_REFERENCE)
BI_CASE_ON(BI_EMU, litdnnConvolutionBackwardFilter, depthwise_of_a_dense_convolution, NOT_SUPPORTED,
           "algo = 5 (depthwise) of convolution backward filter does not apply: the depthwise backward kernels need K = C = groupCount",
           algo = LITDNN_CONVOLUTION_BWD_FILTER_ALGO_DEPTHWISE)
BI_CASE_ON(BI_EMU, litdnnConvolutionBackwardFilter, winograd_nonfused_at_stride_2, NOT_SUPPORTED,
           "algo = 6 (winograd nonfused) of convolution backward filter does not apply: Winograd F(4x4, 3x3) "
           "needs a 2-d 3x3 filter at stride 1",
           algo = LITDNN_CONVOLUTION_BWD_FILTER_ALGO_WINOGRAD_NONFUSED; convDesc = W->conv_s2; dyDesc = W->cy_s2)
BI_CASE_ON(BI_EMU, litdnnConvolutionBackwardFilter, batch_gemm_on_a_3x3_filter, NOT_SUPPORTED,
           "algo = 7 (1x1 batch gemm) of convolution backward filter does not apply: the 1x1 batch GEMM needs a 1x1 "
           "filter",
           algo = LITDNN_CONVOLUTION_BWD_FILTER_ALGO_BATCH_GEMM_1X1)
BI_CASE_ON(BI_EMU, litdnnConvolutionBackwardFilter, workspace_one_byte_too_small, BAD_PARAM_SIZE_INSUFFICIENT,
           bi_fmt("algo = 2 (im2col gemm) needs a workspace of %zu bytes", workSpaceSizeInBytes + 1),
           algo = LITDNN_CONVOLUTION_BWD_FILTER_ALGO_GEMM;
           cr_assert_eq(litdnnGetConvolutionBackwardFilterWorkspaceSize(W->h, xDesc, dyDesc, convDesc, dwDesc, algo,
                                                                        &workSpaceSizeInBytes), LITDNN_STATUS_SUCCESS);
           cr_assert(workSpaceSizeInBytes > 0); workSpaceSizeInBytes--)

BI_VALID(litdnnConvolutionBackwardBias)
BI_CASE(litdnnConvolutionBackwardBias, null_handle, BAD_PARAM_NULL_POINTER, "handle is a null pointer", handle = NULL)
BI_CASE(litdnnConvolutionBackwardBias, null_alpha, BAD_PARAM_NULL_POINTER, "alpha is a null pointer", alpha = NULL)
BI_CASE(litdnnConvolutionBackwardBias, null_beta, BAD_PARAM_NULL_POINTER, "beta is a null pointer", beta = NULL)
BI_CASE(litdnnConvolutionBackwardBias, null_dyDesc, BAD_PARAM_NULL_POINTER, "dyDesc is a null pointer",
        dyDesc = NULL)
BI_CASE(litdnnConvolutionBackwardBias, unset_dyDesc, BAD_PARAM_NOT_FINALIZED, "dyDesc was never set",
        dyDesc = W->t_unset)
BI_CASE(litdnnConvolutionBackwardBias, half_dyDesc, NOT_SUPPORTED_DATA_TYPE, "dyDesc has data type 2",
        dyDesc = W->t_half)
BI_CASE(litdnnConvolutionBackwardBias, null_dbDesc, BAD_PARAM_NULL_POINTER, "dbDesc is a null pointer",
        dbDesc = NULL)
BI_CASE(litdnnConvolutionBackwardBias, unset_dbDesc, BAD_PARAM_NOT_FINALIZED, "dbDesc was never set",
        dbDesc = W->t_unset)
BI_CASE(litdnnConvolutionBackwardBias, double_dbDesc, NOT_SUPPORTED_DATA_TYPE, "dbDesc has data type 1",
        dbDesc = W->t_double)
BI_CASE(litdnnConvolutionBackwardBias, null_dy, BAD_PARAM_NULL_POINTER, "dy is a null pointer", dy = NULL)
BI_CASE(litdnnConvolutionBackwardBias, null_db, BAD_PARAM_NULL_POINTER, "db is a null pointer", db = NULL)
BI_CASE(litdnnConvolutionBackwardBias, dyDesc_of_two_dimensions, BAD_PARAM_SHAPE_MISMATCH,
        "dyDesc has 2 dimensions; a convolution's output has 3 to 5", dyDesc = W->t2)
BI_CASE(litdnnConvolutionBackwardBias, dbDesc_of_another_rank, BAD_PARAM_SHAPE_MISMATCH,
        "dbDesc has 5 dimensions but dyDesc has 4", dbDesc = W->t5)
BI_CASE(litdnnConvolutionBackwardBias, dbDesc_of_another_K, BAD_PARAM_SHAPE_MISMATCH,
        "dbDesc dimension 1 is 3; it must be 1 x K x 1 ... with K = 4", dbDesc = W->c_bias3)
BI_CASE(litdnnConvolutionBackwardBias, strided_dbDesc, NOT_SUPPORTED_LAYOUT,
        "dbDesc must be packed (channel stride 1), not 2", dbDesc = W->cbias_strided)

/* algorithm choice */
#define MAX_COUNT_CASES(F)                                                                              \
  BI_VALID(F)                                                                                           \
  BI_CASE(F, null_handle, BAD_PARAM_NULL_POINTER, "handle is a null pointer", handle = NULL)            \
  BI_CASE(F, null_count, BAD_PARAM_NULL_POINTER, "count is a null pointer", count = NULL)
MAX_COUNT_CASES(litdnnGetConvolutionForwardAlgorithmMaxCount)
MAX_COUNT_CASES(litdnnGetConvolutionBackwardDataAlgorithmMaxCount)
MAX_COUNT_CASES(litdnnGetConvolutionBackwardFilterAlgorithmMaxCount)

/* the cases of Get and Find that are not about their data pointers */
#define RANKING_CASES(F, x_, w_, y_)                                                                     \
  BI_CASE(F, null_handle, BAD_PARAM_NULL_POINTER, "handle is a null pointer", handle = NULL)            \
  BI_CASE(F, null_##x_, BAD_PARAM_NULL_POINTER, #x_ " is a null pointer", x_ = NULL)                    \
  BI_CASE(F, half_##x_, NOT_SUPPORTED_DATA_TYPE, #x_ " has data type 2", x_ = W->t_half)                \
  BI_CASE(F, unset_##w_, BAD_PARAM_NOT_FINALIZED, #w_ " was never set", w_ = W->f_unset)                \
  BI_CASE(F, null_convDesc, BAD_PARAM_NULL_POINTER, "convDesc is a null pointer", convDesc = NULL)      \
  BI_CASE(F, unset_convDesc, BAD_PARAM_NOT_FINALIZED, "convDesc was never set", convDesc = W->conv_unset) \
  BI_CASE(F, null_##y_, BAD_PARAM_NULL_POINTER, #y_ " is a null pointer", y_ = NULL)                    \
  BI_CASE(F, unset_##y_, BAD_PARAM_NOT_FINALIZED, #y_ " was never set", y_ = W->t_unset)                \
  BI_CASE(F, y_##_of_another_shape, BAD_PARAM_SHAPE_MISMATCH,                                           \
          #y_ " is 2x4x2x2 but the convolution's output is 2x4x4x4", y_ = W->cy_s2)                      \
  BI_CASE(F, groups_that_do_not_divide_the_channels, BAD_PARAM_SHAPE_MISMATCH,                          \
          "groupCount = 2 does not divide the 3 channels", convDesc = W->conv_g2)                        \
  BI_CASE(F, zero_algorithms_requested, BAD_PARAM_OUT_OF_BOUND, "requestedAlgoCount = 0 is not positive", \
          requestedAlgoCount = 0)                                                                       \
  BI_CASE(F, negative_algorithms_requested, BAD_PARAM_OUT_OF_BOUND, "requestedAlgoCount = -1",          \
          requestedAlgoCount = -1)                                                                      \
  BI_CASE(F, null_returnedAlgoCount, BAD_PARAM_NULL_POINTER, "returnedAlgoCount is a null pointer",     \
          returnedAlgoCount = NULL)                                                                     \
  BI_CASE(F, null_perfResults, BAD_PARAM_NULL_POINTER, "perfResults is a null pointer", perfResults = NULL)
#define WORKSPACE_SIZE_CASES(F, x_, w_, y_)                                                              \
  BI_VALID(F)                                                                                           \
  BI_CASE(F, null_handle, BAD_PARAM_NULL_POINTER, "handle is a null pointer", handle = NULL)            \
  BI_CASE(F, unset_##x_, BAD_PARAM_NOT_FINALIZED, #x_ " was never set", x_ = W->t_unset)                \
  BI_CASE(F, null_##w_, BAD_PARAM_NULL_POINTER, #w_ " is a null pointer", w_ = NULL)                    \
  BI_CASE(F, double_compute_type, NOT_SUPPORTED_DATA_TYPE, "convDesc computes in data type 1",          \
          convDesc = W->conv_double)                                                                    \
  BI_CASE(F, null_##y_, BAD_PARAM_NULL_POINTER, #y_ " is a null pointer", y_ = NULL)                    \
  BI_CASE(F, y_##_of_another_shape, BAD_PARAM_SHAPE_MISMATCH,                                           \
          #y_ " is 2x3x4x5 but the convolution's output is 2x4x4x4", y_ = W->t)                          \
  BI_CASE(F, null_sizeInBytes, BAD_PARAM_NULL_POINTER, "sizeInBytes is a null pointer", sizeInBytes = NULL) \
  BI_CASE(F, negative_algo, BAD_PARAM_OUT_OF_BOUND, "algo = -1, but convolution", algo = -1)            \
  BI_CASE(F, huge_algo, BAD_PARAM_OUT_OF_BOUND, "algo = 2147483647, but convolution", algo = INT_MAX)

BI_VALID(litdnnGetConvolutionForwardAlgorithm)
RANKING_CASES(litdnnGetConvolutionForwardAlgorithm, xDesc, wDesc, yDesc)
BI_VALID(litdnnFindConvolutionForwardAlgorithm)
RANKING_CASES(litdnnFindConvolutionForwardAlgorithm, xDesc, wDesc, yDesc)
BI_CASE(litdnnFindConvolutionForwardAlgorithm, null_x, BAD_PARAM_NULL_POINTER, "x is a null pointer", x = NULL)
BI_CASE(litdnnFindConvolutionForwardAlgorithm, null_w, BAD_PARAM_NULL_POINTER, "w is a null pointer", w = NULL)
BI_CASE(litdnnFindConvolutionForwardAlgorithm, null_y, BAD_PARAM_NULL_POINTER, "y is a null pointer", y = NULL)
WORKSPACE_SIZE_CASES(litdnnGetConvolutionForwardWorkspaceSize, xDesc, wDesc, yDesc)
BI_CASE(litdnnGetConvolutionForwardWorkspaceSize, algo_one_past_the_last, BAD_PARAM_OUT_OF_BOUND,
        "algo = 12, but convolution forward has algorithms 0..11", algo = LITDNN_CONVOLUTION_FWD_ALGO_COUNT)
BI_CASE(litdnnGetConvolutionForwardWorkspaceSize, winograd_at_stride_2, NOT_SUPPORTED,
        "algo = 8 (winograd) of convolution forward does not apply",
        algo = LITDNN_CONVOLUTION_FWD_ALGO_WINOGRAD; convDesc = W->conv_s2; yDesc = W->cy_s2)
BI_VALID(litdnnGetConvolutionBackwardDataAlgorithm)
RANKING_CASES(litdnnGetConvolutionBackwardDataAlgorithm, dxDesc, wDesc, dyDesc)
BI_VALID(litdnnFindConvolutionBackwardDataAlgorithm)
RANKING_CASES(litdnnFindConvolutionBackwardDataAlgorithm, dxDesc, wDesc, dyDesc)
BI_CASE(litdnnFindConvolutionBackwardDataAlgorithm, null_w, BAD_PARAM_NULL_POINTER, "w is a null pointer", w = NULL)
BI_CASE(litdnnFindConvolutionBackwardDataAlgorithm, null_dy, BAD_PARAM_NULL_POINTER, "dy is a null pointer",
        dy = NULL)
BI_CASE(litdnnFindConvolutionBackwardDataAlgorithm, null_dx, BAD_PARAM_NULL_POINTER, "dx is a null pointer",
        dx = NULL)
WORKSPACE_SIZE_CASES(litdnnGetConvolutionBackwardDataWorkspaceSize, dxDesc, wDesc, dyDesc)
BI_CASE(litdnnGetConvolutionBackwardDataWorkspaceSize, algo_one_past_the_last, BAD_PARAM_OUT_OF_BOUND,
        "algo = 10, but convolution backward data has algorithms 0..9", algo = LITDNN_CONVOLUTION_BWD_DATA_ALGO_COUNT)
BI_VALID(litdnnGetConvolutionBackwardFilterAlgorithm)
RANKING_CASES(litdnnGetConvolutionBackwardFilterAlgorithm, xDesc, dwDesc, dyDesc)
BI_VALID(litdnnFindConvolutionBackwardFilterAlgorithm)
RANKING_CASES(litdnnFindConvolutionBackwardFilterAlgorithm, xDesc, dwDesc, dyDesc)
BI_CASE(litdnnFindConvolutionBackwardFilterAlgorithm, null_x, BAD_PARAM_NULL_POINTER, "x is a null pointer", x = NULL)
BI_CASE(litdnnFindConvolutionBackwardFilterAlgorithm, null_dy, BAD_PARAM_NULL_POINTER, "dy is a null pointer",
        dy = NULL)
BI_CASE(litdnnFindConvolutionBackwardFilterAlgorithm, null_dw, BAD_PARAM_NULL_POINTER, "dw is a null pointer",
        dw = NULL)
WORKSPACE_SIZE_CASES(litdnnGetConvolutionBackwardFilterWorkspaceSize, xDesc, dwDesc, dyDesc)
BI_CASE(litdnnGetConvolutionBackwardFilterWorkspaceSize, algo_one_past_the_last, BAD_PARAM_OUT_OF_BOUND,
        "algo = 9, but convolution backward filter has algorithms 0..8",
        algo = LITDNN_CONVOLUTION_BWD_FILTER_ALGO_COUNT)

/* the fused call */
BI_VALID(litdnnConvolutionBiasActivationForward)
BI_CASE(litdnnConvolutionBiasActivationForward, null_handle, BAD_PARAM_NULL_POINTER, "handle is a null pointer",
        handle = NULL)
BI_CASE(litdnnConvolutionBiasActivationForward, null_alpha1, BAD_PARAM_NULL_POINTER, "alpha1 is a null pointer",
        alpha1 = NULL)
BI_CASE(litdnnConvolutionBiasActivationForward, null_alpha2, BAD_PARAM_NULL_POINTER, "alpha2 is a null pointer",
        alpha2 = NULL)
BI_CASE(litdnnConvolutionBiasActivationForward, null_xDesc, BAD_PARAM_NULL_POINTER, "xDesc is a null pointer",
        xDesc = NULL)
BI_CASE(litdnnConvolutionBiasActivationForward, half_xDesc, NOT_SUPPORTED_DATA_TYPE, "xDesc has data type 2",
        xDesc = W->t_half)
BI_CASE(litdnnConvolutionBiasActivationForward, unset_wDesc, BAD_PARAM_NOT_FINALIZED, "wDesc was never set",
        wDesc = W->f_unset)
BI_CASE(litdnnConvolutionBiasActivationForward, unset_convDesc, BAD_PARAM_NOT_FINALIZED, "convDesc was never set",
        convDesc = W->conv_unset)
BI_CASE(litdnnConvolutionBiasActivationForward, null_yDesc, BAD_PARAM_NULL_POINTER, "yDesc is a null pointer",
        yDesc = NULL)
BI_CASE(litdnnConvolutionBiasActivationForward, unset_yDesc, BAD_PARAM_NOT_FINALIZED, "yDesc was never set",
        yDesc = W->t_unset)
BI_CASE(litdnnConvolutionBiasActivationForward, yDesc_of_another_shape, BAD_PARAM_SHAPE_MISMATCH,
        "yDesc is 2x4x2x2 but the convolution's output is 2x4x4x4", yDesc = W->cy_s2)
BI_CASE(litdnnConvolutionBiasActivationForward, null_zDesc, BAD_PARAM_NULL_POINTER, "zDesc is a null pointer",
        zDesc = NULL)
BI_CASE(litdnnConvolutionBiasActivationForward, unset_zDesc, BAD_PARAM_NOT_FINALIZED, "zDesc was never set",
        zDesc = W->t_unset)
BI_CASE(litdnnConvolutionBiasActivationForward, half_zDesc, NOT_SUPPORTED_DATA_TYPE, "zDesc has data type 2",
        zDesc = W->t_half)
BI_CASE(litdnnConvolutionBiasActivationForward, zDesc_of_another_shape, BAD_PARAM_SHAPE_MISMATCH,
        "zDesc must have the dimensions and strides of yDesc", zDesc = W->cy_s2)
BI_CASE(litdnnConvolutionBiasActivationForward, null_biasDesc, BAD_PARAM_NULL_POINTER, "biasDesc is a null pointer",
        biasDesc = NULL)
BI_CASE(litdnnConvolutionBiasActivationForward, unset_biasDesc, BAD_PARAM_NOT_FINALIZED, "biasDesc was never set",
        biasDesc = W->t_unset)
BI_CASE(litdnnConvolutionBiasActivationForward, double_biasDesc, NOT_SUPPORTED_DATA_TYPE,
        "biasDesc has data type 1", biasDesc = W->t_double)
BI_CASE(litdnnConvolutionBiasActivationForward, biasDesc_of_another_K, BAD_PARAM_SHAPE_MISMATCH,
        "biasDesc must be 1 x K x 1 x 1 (K = 4) with yDesc's rank", biasDesc = W->c_bias3)
BI_CASE(litdnnConvolutionBiasActivationForward, biasDesc_of_another_rank, BAD_PARAM_SHAPE_MISMATCH,
        "biasDesc must be 1 x K x 1 x 1 (K = 4) with yDesc's rank", biasDesc = W->t5)
BI_CASE(litdnnConvolutionBiasActivationForward, strided_biasDesc, NOT_SUPPORTED_LAYOUT,
        "biasDesc must be packed (channel stride 1)", biasDesc = W->cbias_strided)
BI_CASE(litdnnConvolutionBiasActivationForward, null_activationDesc, BAD_PARAM_NULL_POINTER,
        "activationDesc is a null pointer", activationDesc = NULL)
BI_CASE(litdnnConvolutionBiasActivationForward, unset_activationDesc, BAD_PARAM_NOT_FINALIZED,
        "activationDesc was never set", activationDesc = W->act_unset)
BI_CASE(litdnnConvolutionBiasActivationForward, sigmoid_is_not_fused, NOT_SUPPORTED,
        "activation sigmoid: the fused call applies RELU, CLIPPED_RELU or IDENTITY", activationDesc = W->act_sigmoid)
BI_CASE(litdnnConvolutionBiasActivationForward, null_x, BAD_PARAM_NULL_POINTER, "x is a null pointer", x = NULL)
BI_CASE(litdnnConvolutionBiasActivationForward, null_w, BAD_PARAM_NULL_POINTER, "w is a null pointer", w = NULL)
BI_CASE(litdnnConvolutionBiasActivationForward, null_bias, BAD_PARAM_NULL_POINTER, "bias is a null pointer",
        bias = NULL)
BI_CASE(litdnnConvolutionBiasActivationForward, null_y, BAD_PARAM_NULL_POINTER, "y is a null pointer", y = NULL)
BI_CASE(litdnnConvolutionBiasActivationForward, null_z_that_alpha2_reads, BAD_PARAM_NULL_POINTER,
        "z is a null pointer", z = NULL)
BI_CASE(litdnnConvolutionBiasActivationForward, algo_one_past_the_last, BAD_PARAM_OUT_OF_BOUND,
        "algo = 12, but convolution forward has algorithms 0..11", algo = LITDNN_CONVOLUTION_FWD_ALGO_COUNT)
BI_CASE(litdnnConvolutionBiasActivationForward, an_algo_of_another_backend, NOT_SUPPORTED_BACKEND, ON_THIS_BACKEND,
        algo = FWD_ALGO_NOT_HERE)
BI_CASE_ON(BI_EMU, litdnnConvolutionBiasActivationForward, an_explicit_gemm, NOT_SUPPORTED,
           "the fused call needs an algorithm that stores through its epilogue",
           algo = LITDNN_CONVOLUTION_FWD_ALGO_GEMM)

/* ------------------------------------------------------------- litdnn/pooling.h */
#undef BI_ON
#define BI_ON BI_CPU
BI_VALID(litdnnCreatePoolingDescriptor)
BI_CASE(litdnnCreatePoolingDescriptor, null_desc, BAD_PARAM_NULL_POINTER, "desc is a null pointer", desc = NULL)
BI_CASE(litdnnDestroyPoolingDescriptor, null_desc_is_nothing_to_destroy, SUCCESS, NULL, desc = NULL)
BI_VALID(litdnnSetPooling2dDescriptor)
BI_CASE(litdnnSetPooling2dDescriptor, null_desc, BAD_PARAM_NULL_POINTER, "desc is a null pointer", desc = NULL)
BI_CASE(litdnnSetPooling2dDescriptor, negative_mode, BAD_PARAM_OUT_OF_BOUND, "mode = -1 is not a litdnnPoolingMode_t",
        mode = (litdnnPoolingMode_t)-1)
BI_CASE(litdnnSetPooling2dDescriptor, mode_one_past_the_last, BAD_PARAM_OUT_OF_BOUND, "mode = 4",
        mode = (litdnnPoolingMode_t)4)
BI_CASE(litdnnSetPooling2dDescriptor, huge_mode, BAD_PARAM_OUT_OF_BOUND, "mode = 2147483647",
        mode = (litdnnPoolingMode_t)INT_MAX)
BI_CASE(litdnnSetPooling2dDescriptor, nan_option_one_past_the_last, BAD_PARAM_OUT_OF_BOUND,
        "maxpoolingNanOpt = 2 is not a litdnnNanPropagation_t", maxpoolingNanOpt = (litdnnNanPropagation_t)2)
BI_CASE(litdnnSetPooling2dDescriptor, zero_window_height, BAD_PARAM_OUT_OF_BOUND,
        "window height = 0 must be positive", windowHeight = 0; verticalPadding = 0)
BI_CASE(litdnnSetPooling2dDescriptor, negative_window_width, BAD_PARAM_OUT_OF_BOUND,
        "window width = -3 must be positive", windowWidth = -3)
BI_CASE(litdnnSetPooling2dDescriptor, zero_vertical_stride, BAD_PARAM_OUT_OF_BOUND,
        "stride height = 0 must be positive", verticalStride = 0)
BI_CASE(litdnnSetPooling2dDescriptor, negative_horizontal_stride, BAD_PARAM_OUT_OF_BOUND,
        "stride width = -2147483648 must be positive", horizontalStride = INT_MIN)
BI_CASE(litdnnSetPooling2dDescriptor, negative_vertical_padding, BAD_PARAM_OUT_OF_BOUND,
        "padding height = -1 must not be negative", verticalPadding = -1)
BI_CASE(litdnnSetPooling2dDescriptor, padding_as_wide_as_the_window, BAD_PARAM_OUT_OF_BOUND,
        "padding width = 3 must be smaller than the window (3)", horizontalPadding = 3)
BI_VALID(litdnnSetPoolingNdDescriptor)
BI_CASE(litdnnSetPoolingNdDescriptor, null_desc, BAD_PARAM_NULL_POINTER, "desc is a null pointer", desc = NULL)
BI_CASE(litdnnSetPoolingNdDescriptor, null_windowDimA, BAD_PARAM_NULL_POINTER, "windowDimA is a null pointer",
        windowDimA = NULL)
BI_CASE(litdnnSetPoolingNdDescriptor, null_paddingA, BAD_PARAM_NULL_POINTER, "paddingA is a null pointer",
        paddingA = NULL)
BI_CASE(litdnnSetPoolingNdDescriptor, null_strideA, BAD_PARAM_NULL_POINTER, "strideA is a null pointer",
        strideA = NULL)
BI_CASE(litdnnSetPoolingNdDescriptor, mode_one_past_the_last, BAD_PARAM_OUT_OF_BOUND,
        "mode = 4 is not a litdnnPoolingMode_t", mode = (litdnnPoolingMode_t)4)
BI_CASE(litdnnSetPoolingNdDescriptor, negative_nan_option, BAD_PARAM_OUT_OF_BOUND, "maxpoolingNanOpt = -1",
        maxpoolingNanOpt = (litdnnNanPropagation_t)-1)
BI_CASE(litdnnSetPoolingNdDescriptor, one_spatial_dimension, BAD_PARAM_OUT_OF_BOUND,
        "nbDims = 1; pooling has 2 or 3 spatial dimensions", nbDims = 1)
BI_CASE(litdnnSetPoolingNdDescriptor, four_spatial_dimensions, BAD_PARAM_OUT_OF_BOUND, "nbDims = 4", nbDims = 4)
BI_CASE(litdnnSetPoolingNdDescriptor, negative_spatial_dimensions, BAD_PARAM_OUT_OF_BOUND, "nbDims = -1",
        nbDims = -1)
BI_CASE(litdnnSetPoolingNdDescriptor, zero_window_depth, BAD_PARAM_OUT_OF_BOUND, "window depth = 0 must be positive",
        windows[0] = 0)
BI_CASE(litdnnSetPoolingNdDescriptor, zero_stride_width, BAD_PARAM_OUT_OF_BOUND, "stride width = 0 must be positive",
        strides[2] = 0)
BI_CASE(litdnnSetPoolingNdDescriptor, negative_padding_height, BAD_PARAM_OUT_OF_BOUND,
        "padding height = -1 must not be negative", pads[1] = -1)
BI_CASE(litdnnSetPoolingNdDescriptor, padding_wider_than_the_window, BAD_PARAM_OUT_OF_BOUND,
        "padding depth = 5 must be smaller than the window (2)", pads[0] = 5)
BI_VALID(litdnnGetPooling2dDescriptor)
BI_CASE(litdnnGetPooling2dDescriptor, null_desc, BAD_PARAM_NULL_POINTER, "desc is a null pointer", desc = NULL)
BI_CASE(litdnnGetPooling2dDescriptor, unset_desc, BAD_PARAM_NOT_FINALIZED, "desc was never set", desc = W->pool_unset)
BI_CASE(litdnnGetPooling2dDescriptor, three_spatial_dimensions, BAD_PARAM_SHAPE_MISMATCH,
        "desc has 3 spatial dimensions, not 2", desc = W->pool3d)
BI_VALID(litdnnGetPoolingNdDescriptor)
BI_CASE(litdnnGetPoolingNdDescriptor, null_desc, BAD_PARAM_NULL_POINTER, "desc is a null pointer", desc = NULL)
BI_CASE(litdnnGetPoolingNdDescriptor, unset_desc, BAD_PARAM_NOT_FINALIZED, "desc was never set", desc = W->pool_unset)
BI_CASE(litdnnGetPoolingNdDescriptor, negative_request, BAD_PARAM_OUT_OF_BOUND,
        "nbDimsRequested = -1 must not be negative", nbDimsRequested = -1)
BI_CASE(litdnnGetPoolingNdDescriptor, null_windowDimA, BAD_PARAM_NULL_POINTER, "windowDimA is a null pointer",
        windowDimA = NULL)
BI_CASE(litdnnGetPoolingNdDescriptor, null_paddingA, BAD_PARAM_NULL_POINTER, "paddingA is a null pointer",
        paddingA = NULL)
BI_CASE(litdnnGetPoolingNdDescriptor, null_strideA, BAD_PARAM_NULL_POINTER, "strideA is a null pointer",
        strideA = NULL)
BI_VALID(litdnnGetPooling2dForwardOutputDim)
BI_CASE(litdnnGetPooling2dForwardOutputDim, null_desc, BAD_PARAM_NULL_POINTER, "desc is a null pointer", desc = NULL)
BI_CASE(litdnnGetPooling2dForwardOutputDim, unset_desc, BAD_PARAM_NOT_FINALIZED, "desc was never set",
        desc = W->pool_unset)
BI_CASE(litdnnGetPooling2dForwardOutputDim, three_spatial_dimensions, BAD_PARAM_SHAPE_MISMATCH,
        "desc has 3 spatial dimensions, not 2", desc = W->pool3d)
BI_CASE(litdnnGetPooling2dForwardOutputDim, null_inputDesc, BAD_PARAM_NULL_POINTER, "inputDesc is a null pointer",
        inputDesc = NULL)
BI_CASE(litdnnGetPooling2dForwardOutputDim, unset_inputDesc, BAD_PARAM_NOT_FINALIZED, "inputDesc was never set",
        inputDesc = W->t_unset)
BI_CASE(litdnnGetPooling2dForwardOutputDim, half_inputDesc, NOT_SUPPORTED_DATA_TYPE, "inputDesc has data type 2",
        inputDesc = W->t_half)
BI_CASE(litdnnGetPooling2dForwardOutputDim, inputDesc_of_another_rank, BAD_PARAM_SHAPE_MISMATCH,
        "inputDesc has 5 dimensions, but a 2-D pooling needs 4", inputDesc = W->t5)
BI_CASE(litdnnGetPooling2dForwardOutputDim, a_window_larger_than_the_input, BAD_PARAM_OUT_OF_BOUND,
        "window height = 7 is larger than the padded input (4 + 2 * 0)", desc = W->pool_big)
BI_VALID(litdnnGetPoolingNdForwardOutputDim)
BI_CASE(litdnnGetPoolingNdForwardOutputDim, null_desc, BAD_PARAM_NULL_POINTER, "desc is a null pointer", desc = NULL)
BI_CASE(litdnnGetPoolingNdForwardOutputDim, unset_desc, BAD_PARAM_NOT_FINALIZED, "desc was never set",
        desc = W->pool_unset)
BI_CASE(litdnnGetPoolingNdForwardOutputDim, null_inputDesc, BAD_PARAM_NULL_POINTER, "inputDesc is a null pointer",
        inputDesc = NULL)
BI_CASE(litdnnGetPoolingNdForwardOutputDim, double_inputDesc, NOT_SUPPORTED_DATA_TYPE, "inputDesc has data type 1",
        inputDesc = W->t_double)
BI_CASE(litdnnGetPoolingNdForwardOutputDim, null_outputTensorDimA, BAD_PARAM_NULL_POINTER,
        "outputTensorDimA is a null pointer", outputTensorDimA = NULL)
BI_CASE(litdnnGetPoolingNdForwardOutputDim, inputDesc_of_another_rank, BAD_PARAM_SHAPE_MISMATCH,
        "inputDesc has 4 dimensions, but a 3-D pooling needs 5", desc = W->pool3d)
BI_CASE(litdnnGetPoolingNdForwardOutputDim, five_dimensions_asked, BAD_PARAM_SHAPE_MISMATCH,
        "nbDims = 5, but the output has 4 dimensions", nbDims = 5)
BI_CASE(litdnnGetPoolingNdForwardOutputDim, a_window_larger_than_the_input, BAD_PARAM_OUT_OF_BOUND,
        "window height = 7 is larger than the padded input (4 + 2 * 0)", desc = W->pool_big)

#undef BI_ON
#define BI_ON BI_BOTH
BI_VALID(litdnnPoolingForward)
BI_CASE(litdnnPoolingForward, null_handle, BAD_PARAM_NULL_POINTER, "handle is a null pointer", handle = NULL)
BI_CASE(litdnnPoolingForward, null_desc, BAD_PARAM_NULL_POINTER, "desc is a null pointer", desc = NULL)
BI_CASE(litdnnPoolingForward, unset_desc, BAD_PARAM_NOT_FINALIZED, "desc was never set", desc = W->pool_unset)
BI_CASE(litdnnPoolingForward, null_alpha, BAD_PARAM_NULL_POINTER, "alpha is a null pointer", alpha = NULL)
BI_CASE(litdnnPoolingForward, null_beta, BAD_PARAM_NULL_POINTER, "beta is a null pointer", beta = NULL)
BI_CASE(litdnnPoolingForward, null_xDesc, BAD_PARAM_NULL_POINTER, "xDesc is a null pointer", xDesc = NULL)
BI_CASE(litdnnPoolingForward, unset_xDesc, BAD_PARAM_NOT_FINALIZED, "xDesc was never set", xDesc = W->t_unset)
BI_CASE(litdnnPoolingForward, half_xDesc, NOT_SUPPORTED_DATA_TYPE, "xDesc has data type 2", xDesc = W->t_half)
BI_CASE(litdnnPoolingForward, null_yDesc, BAD_PARAM_NULL_POINTER, "yDesc is a null pointer", yDesc = NULL)
BI_CASE(litdnnPoolingForward, unset_yDesc, BAD_PARAM_NOT_FINALIZED, "yDesc was never set", yDesc = W->t_unset)
BI_CASE(litdnnPoolingForward, double_yDesc, NOT_SUPPORTED_DATA_TYPE, "yDesc has data type 1", yDesc = W->t_double)
BI_CASE(litdnnPoolingForward, null_x, BAD_PARAM_NULL_POINTER, "x is a null pointer", x = NULL)
BI_CASE(litdnnPoolingForward, null_y, BAD_PARAM_NULL_POINTER, "y is a null pointer", y = NULL)
BI_CASE(litdnnPoolingForward, xDesc_of_another_rank, BAD_PARAM_SHAPE_MISMATCH,
        "xDesc has 5 dimensions, but a 2-D pooling needs 4", xDesc = W->t5)
BI_CASE(litdnnPoolingForward, a_window_larger_than_the_input, BAD_PARAM_OUT_OF_BOUND,
        "window height = 7 is larger than the padded input", desc = W->pool_big)
BI_CASE(litdnnPoolingForward, yDesc_of_another_shape, BAD_PARAM_SHAPE_MISMATCH,
        "yDesc dimension 2 is 3, but the pooling makes 2", yDesc = W->pool_y_other)
BI_CASE(litdnnPoolingForward, yDesc_of_another_rank, BAD_PARAM_SHAPE_MISMATCH,
        "yDesc has 5 dimensions, the input 4", yDesc = W->t5)
BI_VALID(litdnnPoolingBackward)
BI_CASE(litdnnPoolingBackward, null_handle, BAD_PARAM_NULL_POINTER, "handle is a null pointer", handle = NULL)
BI_CASE(litdnnPoolingBackward, null_desc, BAD_PARAM_NULL_POINTER, "desc is a null pointer", desc = NULL)
BI_CASE(litdnnPoolingBackward, unset_desc, BAD_PARAM_NOT_FINALIZED, "desc was never set", desc = W->pool_unset)
BI_CASE(litdnnPoolingBackward, null_alpha, BAD_PARAM_NULL_POINTER, "alpha is a null pointer", alpha = NULL)
BI_CASE(litdnnPoolingBackward, null_beta, BAD_PARAM_NULL_POINTER, "beta is a null pointer", beta = NULL)
BI_CASE(litdnnPoolingBackward, null_yDesc, BAD_PARAM_NULL_POINTER, "yDesc is a null pointer", yDesc = NULL)
BI_CASE(litdnnPoolingBackward, unset_yDesc, BAD_PARAM_NOT_FINALIZED, "yDesc was never set", yDesc = W->t_unset)
BI_CASE(litdnnPoolingBackward, null_dyDesc, BAD_PARAM_NULL_POINTER, "dyDesc is a null pointer", dyDesc = NULL)
BI_CASE(litdnnPoolingBackward, half_dyDesc, NOT_SUPPORTED_DATA_TYPE, "dyDesc has data type 2", dyDesc = W->t_half)
BI_CASE(litdnnPoolingBackward, null_xDesc, BAD_PARAM_NULL_POINTER, "xDesc is a null pointer", xDesc = NULL)
BI_CASE(litdnnPoolingBackward, unset_xDesc, BAD_PARAM_NOT_FINALIZED, "xDesc was never set", xDesc = W->t_unset)
BI_CASE(litdnnPoolingBackward, null_dxDesc, BAD_PARAM_NULL_POINTER, "dxDesc is a null pointer", dxDesc = NULL)
BI_CASE(litdnnPoolingBackward, double_dxDesc, NOT_SUPPORTED_DATA_TYPE, "dxDesc has data type 1",
        dxDesc = W->t_double)
BI_CASE(litdnnPoolingBackward, null_y, BAD_PARAM_NULL_POINTER, "y is a null pointer", y = NULL)
BI_CASE(litdnnPoolingBackward, null_dy, BAD_PARAM_NULL_POINTER, "dy is a null pointer", dy = NULL)
BI_CASE(litdnnPoolingBackward, null_x, BAD_PARAM_NULL_POINTER, "x is a null pointer", x = NULL)
BI_CASE(litdnnPoolingBackward, null_dx, BAD_PARAM_NULL_POINTER, "dx is a null pointer", dx = NULL)
BI_CASE(litdnnPoolingBackward, dxDesc_of_another_shape, BAD_PARAM_SHAPE_MISMATCH,
        "dxDesc dimension 2 is 5 but xDesc's is 4", dxDesc = W->t_other)
BI_CASE(litdnnPoolingBackward, dyDesc_of_another_shape, BAD_PARAM_SHAPE_MISMATCH,
        "dyDesc dimension 2 is 3 but yDesc's is 2", dyDesc = W->pool_y_other)
BI_CASE(litdnnPoolingBackward, yDesc_and_dyDesc_of_another_shape, BAD_PARAM_SHAPE_MISMATCH,
        "yDesc dimension 2 is 3, but the pooling makes 2", yDesc = dyDesc = W->pool_y_other)
BI_CASE(litdnnPoolingBackward, a_window_larger_than_the_input, BAD_PARAM_OUT_OF_BOUND,
        "window height = 7 is larger than the padded input", desc = W->pool_big)
BI_CASE(litdnnPoolingBackward, overlapping_dxDesc, BAD_PARAM, "dxDesc's strides make elements overlap",
        dxDesc = W->t_overlap)

/* ------------------------------------------------------------- litdnn/softmax.h */
BI_VALID(litdnnSoftmaxForward)
BI_CASE(litdnnSoftmaxForward, null_handle, BAD_PARAM_NULL_POINTER, "handle is a null pointer", handle = NULL)
BI_CASE(litdnnSoftmaxForward, negative_algo, BAD_PARAM_OUT_OF_BOUND, "algo = -1 is not a litdnnSoftmaxAlgorithm_t",
        algo = (litdnnSoftmaxAlgorithm_t)-1)
BI_CASE(litdnnSoftmaxForward, algo_one_past_the_last, BAD_PARAM_OUT_OF_BOUND, "algo = 3",
        algo = (litdnnSoftmaxAlgorithm_t)3)
BI_CASE(litdnnSoftmaxForward, mode_one_past_the_last, BAD_PARAM_OUT_OF_BOUND, "mode = 2 is not a litdnnSoftmaxMode_t",
        mode = (litdnnSoftmaxMode_t)2)
BI_CASE(litdnnSoftmaxForward, huge_mode, BAD_PARAM_OUT_OF_BOUND, "mode = 2147483647",
        mode = (litdnnSoftmaxMode_t)INT_MAX)
BI_CASE(litdnnSoftmaxForward, null_alpha, BAD_PARAM_NULL_POINTER, "alpha is a null pointer", alpha = NULL)
BI_CASE(litdnnSoftmaxForward, null_beta, BAD_PARAM_NULL_POINTER, "beta is a null pointer", beta = NULL)
BI_CASE(litdnnSoftmaxForward, null_xDesc, BAD_PARAM_NULL_POINTER, "xDesc is a null pointer", xDesc = NULL)
BI_CASE(litdnnSoftmaxForward, unset_xDesc, BAD_PARAM_NOT_FINALIZED, "xDesc was never set", xDesc = W->t_unset)
BI_CASE(litdnnSoftmaxForward, half_xDesc, NOT_SUPPORTED_DATA_TYPE, "xDesc has data type 2", xDesc = W->t_half)
BI_CASE(litdnnSoftmaxForward, null_yDesc, BAD_PARAM_NULL_POINTER, "yDesc is a null pointer", yDesc = NULL)
BI_CASE(litdnnSoftmaxForward, unset_yDesc, BAD_PARAM_NOT_FINALIZED, "yDesc was never set", yDesc = W->t_unset)
BI_CASE(litdnnSoftmaxForward, double_yDesc, NOT_SUPPORTED_DATA_TYPE, "yDesc has data type 1", yDesc = W->t_double)
BI_CASE(litdnnSoftmaxForward, null_x, BAD_PARAM_NULL_POINTER, "x is a null pointer", x = NULL)
BI_CASE(litdnnSoftmaxForward, null_y, BAD_PARAM_NULL_POINTER, "y is a null pointer", y = NULL)
BI_CASE(litdnnSoftmaxForward, yDesc_of_another_shape, BAD_PARAM_SHAPE_MISMATCH,
        "yDesc dimension 2 is 5 but xDesc's is 4", yDesc = W->t_other)
BI_CASE(litdnnSoftmaxForward, five_dimensions, NOT_SUPPORTED,
        "xDesc has 5 dimensions; softmax works on 4-D tensors", xDesc = W->t5)
BI_CASE(litdnnSoftmaxForward, overlapping_yDesc, BAD_PARAM, "yDesc's strides make elements overlap",
        yDesc = W->t_overlap)
BI_VALID(litdnnSoftmaxBackward)
BI_CASE(litdnnSoftmaxBackward, null_handle, BAD_PARAM_NULL_POINTER, "handle is a null pointer", handle = NULL)
BI_CASE(litdnnSoftmaxBackward, algo_one_past_the_last, BAD_PARAM_OUT_OF_BOUND,
        "algo = 3 is not a litdnnSoftmaxAlgorithm_t", algo = (litdnnSoftmaxAlgorithm_t)3)
BI_CASE(litdnnSoftmaxBackward, negative_mode, BAD_PARAM_OUT_OF_BOUND, "mode = -1 is not a litdnnSoftmaxMode_t",
        mode = (litdnnSoftmaxMode_t)-1)
BI_CASE(litdnnSoftmaxBackward, null_alpha, BAD_PARAM_NULL_POINTER, "alpha is a null pointer", alpha = NULL)
BI_CASE(litdnnSoftmaxBackward, null_beta, BAD_PARAM_NULL_POINTER, "beta is a null pointer", beta = NULL)
BI_CASE(litdnnSoftmaxBackward, null_yDesc, BAD_PARAM_NULL_POINTER, "yDesc is a null pointer", yDesc = NULL)
BI_CASE(litdnnSoftmaxBackward, unset_yDesc, BAD_PARAM_NOT_FINALIZED, "yDesc was never set", yDesc = W->t_unset)
BI_CASE(litdnnSoftmaxBackward, null_dyDesc, BAD_PARAM_NULL_POINTER, "dyDesc is a null pointer", dyDesc = NULL)
BI_CASE(litdnnSoftmaxBackward, half_dyDesc, NOT_SUPPORTED_DATA_TYPE, "dyDesc has data type 2", dyDesc = W->t_half)
BI_CASE(litdnnSoftmaxBackward, null_dxDesc, BAD_PARAM_NULL_POINTER, "dxDesc is a null pointer", dxDesc = NULL)
BI_CASE(litdnnSoftmaxBackward, unset_dxDesc, BAD_PARAM_NOT_FINALIZED, "dxDesc was never set", dxDesc = W->t_unset)
BI_CASE(litdnnSoftmaxBackward, null_y, BAD_PARAM_NULL_POINTER, "y is a null pointer", y = NULL)
BI_CASE(litdnnSoftmaxBackward, null_dy, BAD_PARAM_NULL_POINTER, "dy is a null pointer", dy = NULL)
BI_CASE(litdnnSoftmaxBackward, null_dx, BAD_PARAM_NULL_POINTER, "dx is a null pointer", dx = NULL)
BI_CASE(litdnnSoftmaxBackward, dyDesc_of_another_shape, BAD_PARAM_SHAPE_MISMATCH,
        "dyDesc dimension 2 is 5 but yDesc's is 4", dyDesc = W->t_other)
BI_CASE(litdnnSoftmaxBackward, dxDesc_of_another_shape, BAD_PARAM_SHAPE_MISMATCH,
        "dxDesc dimension 2 is 5 but yDesc's is 4", dxDesc = W->t_other)
BI_CASE(litdnnSoftmaxBackward, five_dimensions, NOT_SUPPORTED,
        "dyDesc has 5 dimensions; softmax works on 4-D tensors", dyDesc = W->t5)
BI_CASE(litdnnSoftmaxBackward, overlapping_dxDesc, BAD_PARAM, "dxDesc's strides make elements overlap",
        dxDesc = W->t_overlap)

/* ----------------------------------------------------------- litdnn/batchnorm.h */
#undef BI_ON
#define BI_ON BI_CPU
BI_VALID(litdnnDeriveBNTensorDescriptor)
BI_CASE(litdnnDeriveBNTensorDescriptor, null_derivedBnDesc, BAD_PARAM_NULL_POINTER,
        "derivedBnDesc is a null pointer", derivedBnDesc = NULL)
BI_CASE(litdnnDeriveBNTensorDescriptor, mode_one_past_the_last, BAD_PARAM_OUT_OF_BOUND,
        "mode = 2 is not a litdnnBatchNormMode_t", mode = (litdnnBatchNormMode_t)2)
BI_CASE(litdnnDeriveBNTensorDescriptor, negative_mode, BAD_PARAM_OUT_OF_BOUND, "mode = -1",
        mode = (litdnnBatchNormMode_t)-1)
BI_CASE(litdnnDeriveBNTensorDescriptor, null_xDesc, BAD_PARAM_NULL_POINTER, "xDesc is a null pointer", xDesc = NULL)
BI_CASE(litdnnDeriveBNTensorDescriptor, unset_xDesc, BAD_PARAM_NOT_FINALIZED, "xDesc was never set",
        xDesc = W->t_unset)
BI_CASE(litdnnDeriveBNTensorDescriptor, half_xDesc, NOT_SUPPORTED_DATA_TYPE, "xDesc has data type 2",
        xDesc = W->t_half)
BI_CASE(litdnnDeriveBNTensorDescriptor, five_dimensions, NOT_SUPPORTED,
        "xDesc has 5 dimensions; batch normalization takes 4-d tensors", xDesc = W->t5)

#undef BI_ON
#define BI_ON BI_BOTH
/* the cases every pass shares: x, the per-feature descriptor, mode, epsilon */
#define BN_CASES(F, bn_, y_)                                                                             \
  BI_VALID(F)                                                                                           \
  BI_CASE(F, null_handle, BAD_PARAM_NULL_POINTER, "handle is a null pointer", handle = NULL)            \
  BI_CASE(F, mode_one_past_the_last, BAD_PARAM_OUT_OF_BOUND, "mode = 2 is not a litdnnBatchNormMode_t", \
          mode = (litdnnBatchNormMode_t)2)                                                              \
  BI_CASE(F, huge_mode, BAD_PARAM_OUT_OF_BOUND, "mode = 2147483647", mode = (litdnnBatchNormMode_t)INT_MAX) \
  BI_CASE(F, null_xDesc, BAD_PARAM_NULL_POINTER, "xDesc is a null pointer", xDesc = NULL)               \
  BI_CASE(F, unset_xDesc, BAD_PARAM_NOT_FINALIZED, "xDesc was never set", xDesc = W->t_unset)           \
  BI_CASE(F, half_xDesc, NOT_SUPPORTED_DATA_TYPE, "xDesc has data type 2", xDesc = W->t_half)           \
  BI_CASE(F, xDesc_of_five_dimensions, NOT_SUPPORTED,                                                   \
          "xDesc has 5 dimensions; batch normalization takes 4-d tensors", xDesc = W->t5)               \
  BI_CASE(F, null_##y_, BAD_PARAM_NULL_POINTER, #y_ " is a null pointer", y_ = NULL)                    \
  BI_CASE(F, unset_##y_, BAD_PARAM_NOT_FINALIZED, #y_ " was never set", y_ = W->t_unset)                \
  BI_CASE(F, double_##y_, NOT_SUPPORTED_DATA_TYPE, #y_ " has data type 1", y_ = W->t_double)            \
  BI_CASE(F, y_##_of_another_shape, BAD_PARAM_SHAPE_MISMATCH, #y_ " is 2x3x5x4 but xDesc is 2x3x4x5",   \
          y_ = W->t_other)                                                                              \
  BI_CASE(F, null_##bn_, BAD_PARAM_NULL_POINTER, #bn_ " is a null pointer", bn_ = NULL)                 \
  BI_CASE(F, unset_##bn_, BAD_PARAM_NOT_FINALIZED, #bn_ " was never set", bn_ = W->t_unset)             \
  BI_CASE(F, bn_##_of_another_channel_count, BAD_PARAM_SHAPE_MISMATCH,                                  \
          #bn_ " is 1x4x1x1, but the mode needs 1x3x1x1", bn_ = W->cbias)                               \
  BI_CASE(F, bn_##_of_the_spatial_mode_in_per_activation_mode, BAD_PARAM_SHAPE_MISMATCH,                \
          #bn_ " is 1x3x1x1, but the mode needs 1x3x4x5", mode = LITDNN_BATCHNORM_PER_ACTIVATION)        \
  BI_CASE(F, strided_##bn_, NOT_SUPPORTED_LAYOUT, #bn_ " must be packed in NCHW order",                 \
          bn_ = W->t_bn_strided)                                                                        \
  BI_CASE(F, negative_epsilon, BAD_PARAM_OUT_OF_BOUND, "epsilon = -1e-05 is below LITDNN_BN_MIN_EPSILON = 0", \
          epsilon = -1e-5)                                                                              \
  BI_CASE(F, nan_epsilon, BAD_PARAM_OUT_OF_BOUND, "epsilon = nan", epsilon = NAN)
BN_CASES(litdnnBatchNormalizationForwardTraining, bnScaleBiasMeanVarDesc, yDesc)
BI_CASE(litdnnBatchNormalizationForwardTraining, null_alpha, BAD_PARAM_NULL_POINTER, "alpha is a null pointer",
        alpha = NULL)
BI_CASE(litdnnBatchNormalizationForwardTraining, null_beta, BAD_PARAM_NULL_POINTER, "beta is a null pointer",
        beta = NULL)
BI_CASE(litdnnBatchNormalizationForwardTraining, null_x, BAD_PARAM_NULL_POINTER, "x is a null pointer", x = NULL)
BI_CASE(litdnnBatchNormalizationForwardTraining, null_y, BAD_PARAM_NULL_POINTER, "y is a null pointer", y = NULL)
BI_CASE(litdnnBatchNormalizationForwardTraining, null_bnScale, BAD_PARAM_NULL_POINTER, "bnScale is a null pointer",
        bnScale = NULL)
BI_CASE(litdnnBatchNormalizationForwardTraining, null_bnBias, BAD_PARAM_NULL_POINTER, "bnBias is a null pointer",
        bnBias = NULL)
BI_CASE(litdnnBatchNormalizationForwardTraining, running_mean_without_variance, BAD_PARAM,
        "resultRunningMean and resultRunningVariance must both be given or both be null",
        resultRunningVariance = NULL)
BI_CASE(litdnnBatchNormalizationForwardTraining, saved_variance_without_mean, BAD_PARAM,
        "resultSaveMean and resultSaveInvVariance must both be given or both be null", resultSaveMean = NULL)
BI_CASE(litdnnBatchNormalizationForwardTraining, average_factor_above_one, BAD_PARAM_OUT_OF_BOUND,
        "exponentialAverageFactor = 1.5 is not in [0, 1]", exponentialAverageFactor = 1.5)
BI_CASE(litdnnBatchNormalizationForwardTraining, negative_average_factor, BAD_PARAM_OUT_OF_BOUND,
        "exponentialAverageFactor = -0.5 is not in [0, 1]", exponentialAverageFactor = -0.5)
BI_CASE(litdnnBatchNormalizationForwardTraining, nan_average_factor, BAD_PARAM_OUT_OF_BOUND,
        "exponentialAverageFactor = nan", exponentialAverageFactor = NAN)
BN_CASES(litdnnBatchNormalizationForwardInference, bnScaleBiasMeanVarDesc, yDesc)
BI_CASE(litdnnBatchNormalizationForwardInference, null_alpha, BAD_PARAM_NULL_POINTER, "alpha is a null pointer",
        alpha = NULL)
BI_CASE(litdnnBatchNormalizationForwardInference, null_x, BAD_PARAM_NULL_POINTER, "x is a null pointer", x = NULL)
BI_CASE(litdnnBatchNormalizationForwardInference, null_y, BAD_PARAM_NULL_POINTER, "y is a null pointer", y = NULL)
BI_CASE(litdnnBatchNormalizationForwardInference, null_bnBias, BAD_PARAM_NULL_POINTER, "bnBias is a null pointer",
        bnBias = NULL)
BI_CASE(litdnnBatchNormalizationForwardInference, null_estimatedMean, BAD_PARAM_NULL_POINTER,
        "estimatedMean is a null pointer", estimatedMean = NULL)
BI_CASE(litdnnBatchNormalizationForwardInference, null_estimatedVariance, BAD_PARAM_NULL_POINTER,
        "estimatedVariance is a null pointer", estimatedVariance = NULL)
BN_CASES(litdnnBatchNormalizationBackward, dBnScaleBiasDesc, dyDesc)
BI_CASE(litdnnBatchNormalizationBackward, null_dxDesc, BAD_PARAM_NULL_POINTER, "dxDesc is a null pointer",
        dxDesc = NULL)
BI_CASE(litdnnBatchNormalizationBackward, dxDesc_of_another_shape, BAD_PARAM_SHAPE_MISMATCH,
        "dxDesc is 2x3x5x4 but xDesc is 2x3x4x5", dxDesc = W->t_other)
BI_CASE(litdnnBatchNormalizationBackward, null_alphaDataDiff, BAD_PARAM_NULL_POINTER,
        "alphaDataDiff is a null pointer", alphaDataDiff = NULL)
BI_CASE(litdnnBatchNormalizationBackward, null_betaDataDiff, BAD_PARAM_NULL_POINTER, "betaDataDiff is a null pointer",
        betaDataDiff = NULL)
BI_CASE(litdnnBatchNormalizationBackward, null_alphaParamDiff, BAD_PARAM_NULL_POINTER,
        "alphaParamDiff is a null pointer", alphaParamDiff = NULL)
BI_CASE(litdnnBatchNormalizationBackward, null_betaParamDiff, BAD_PARAM_NULL_POINTER,
        "betaParamDiff is a null pointer", betaParamDiff = NULL)
BI_CASE(litdnnBatchNormalizationBackward, null_x, BAD_PARAM_NULL_POINTER, "x is a null pointer", x = NULL)
BI_CASE(litdnnBatchNormalizationBackward, null_dy, BAD_PARAM_NULL_POINTER, "dy is a null pointer", dy = NULL)
BI_CASE(litdnnBatchNormalizationBackward, null_dx, BAD_PARAM_NULL_POINTER, "dx is a null pointer", dx = NULL)
BI_CASE(litdnnBatchNormalizationBackward, null_bnScale, BAD_PARAM_NULL_POINTER, "bnScale is a null pointer",
        bnScale = NULL)
BI_CASE(litdnnBatchNormalizationBackward, null_dBnScaleResult, BAD_PARAM_NULL_POINTER,
        "dBnScaleResult is a null pointer", dBnScaleResult = NULL)
BI_CASE(litdnnBatchNormalizationBackward, null_dBnBiasResult, BAD_PARAM_NULL_POINTER,
        "dBnBiasResult is a null pointer", dBnBiasResult = NULL)
BI_CASE(litdnnBatchNormalizationBackward, saved_mean_without_variance, BAD_PARAM,
        "savedMean and savedInvVariance must both be given or both be null", savedInvVariance = NULL)

/* ----------------------------------------------------------------- litdnn/lrn.h */
#undef BI_ON
#define BI_ON BI_CPU
BI_VALID(litdnnCreateLRNDescriptor)
BI_CASE(litdnnCreateLRNDescriptor, null_normDesc, BAD_PARAM_NULL_POINTER, "normDesc is a null pointer",
        normDesc = NULL)
BI_CASE(litdnnDestroyLRNDescriptor, null_normDesc_is_nothing_to_destroy, SUCCESS, NULL, normDesc = NULL)
BI_VALID(litdnnSetLRNDescriptor)
BI_CASE(litdnnSetLRNDescriptor, null_normDesc, BAD_PARAM_NULL_POINTER, "normDesc is a null pointer", normDesc = NULL)
BI_CASE(litdnnSetLRNDescriptor, zero_n, BAD_PARAM_OUT_OF_BOUND, "lrnN = 0 is not in [1, 16]", lrnN = 0)
BI_CASE(litdnnSetLRNDescriptor, n_one_past_the_largest, BAD_PARAM_OUT_OF_BOUND, "lrnN = 17 is not in [1, 16]",
        lrnN = LITDNN_LRN_MAX_N + 1)
BI_CASE(litdnnSetLRNDescriptor, minus_one_as_an_unsigned_n, BAD_PARAM_OUT_OF_BOUND, "lrnN = 4294967295",
        lrnN = (unsigned)-1)
BI_CASE(litdnnSetLRNDescriptor, nan_alpha, BAD_PARAM_OUT_OF_BOUND, "lrnAlpha = nan is not finite", lrnAlpha = NAN)
BI_CASE(litdnnSetLRNDescriptor, infinite_alpha, BAD_PARAM_OUT_OF_BOUND, "lrnAlpha = -inf is not finite",
        lrnAlpha = -INFINITY)
BI_CASE(litdnnSetLRNDescriptor, beta_below_the_smallest, BAD_PARAM_OUT_OF_BOUND,
        "lrnBeta = 0.001 is below LITDNN_LRN_MIN_BETA = 0.01", lrnBeta = 0.001)
BI_CASE(litdnnSetLRNDescriptor, nan_beta, BAD_PARAM_OUT_OF_BOUND, "lrnBeta = nan", lrnBeta = NAN)
BI_CASE(litdnnSetLRNDescriptor, infinite_beta, BAD_PARAM_OUT_OF_BOUND, "lrnBeta = inf", lrnBeta = INFINITY)
BI_CASE(litdnnSetLRNDescriptor, zero_k, BAD_PARAM_OUT_OF_BOUND, "lrnK = 0 is below LITDNN_LRN_MIN_K = 1e-05",
        lrnK = 0)
BI_CASE(litdnnSetLRNDescriptor, infinite_k, BAD_PARAM_OUT_OF_BOUND, "lrnK = inf", lrnK = INFINITY)
BI_VALID(litdnnGetLRNDescriptor)
BI_CASE(litdnnGetLRNDescriptor, null_normDesc, BAD_PARAM_NULL_POINTER, "normDesc is a null pointer", normDesc = NULL)

#undef BI_ON
#define BI_ON BI_BOTH
#define LRN_CASES(F, out_, dout_)                                                                        \
  BI_VALID(F)                                                                                           \
  BI_CASE(F, null_handle, BAD_PARAM_NULL_POINTER, "handle is a null pointer", handle = NULL)            \
  BI_CASE(F, null_normDesc, BAD_PARAM_NULL_POINTER, "normDesc is a null pointer", normDesc = NULL)      \
  BI_CASE(F, mode_one_past_the_last, BAD_PARAM_OUT_OF_BOUND, "lrnMode = 1 is not a litdnnLRNMode_t",    \
          lrnMode = (litdnnLRNMode_t)1)                                                                 \
  BI_CASE(F, negative_mode, BAD_PARAM_OUT_OF_BOUND, "lrnMode = -1", lrnMode = (litdnnLRNMode_t)-1)      \
  BI_CASE(F, null_alpha, BAD_PARAM_NULL_POINTER, "alpha is a null pointer", alpha = NULL)               \
  BI_CASE(F, null_beta, BAD_PARAM_NULL_POINTER, "beta is a null pointer", beta = NULL)                  \
  BI_CASE(F, null_xDesc, BAD_PARAM_NULL_POINTER, "xDesc is a null pointer", xDesc = NULL)               \
  BI_CASE(F, unset_xDesc, BAD_PARAM_NOT_FINALIZED, "xDesc was never set", xDesc = W->t_unset)           \
  BI_CASE(F, half_xDesc, NOT_SUPPORTED_DATA_TYPE, "xDesc has data type 2", xDesc = W->t_half)           \
  BI_CASE(F, xDesc_of_five_dimensions, NOT_SUPPORTED, "xDesc has 5 dimensions; LRN takes 4-d tensors",  \
          xDesc = W->t5)                                                                                \
  BI_CASE(F, null_x, BAD_PARAM_NULL_POINTER, "x is a null pointer", x = NULL)                           \
  BI_CASE(F, null_##out_##Desc, BAD_PARAM_NULL_POINTER, #out_ "Desc is a null pointer", out_##Desc = NULL) \
  BI_CASE(F, unset_##out_##Desc, BAD_PARAM_NOT_FINALIZED, #out_ "Desc was never set", out_##Desc = W->t_unset) \
  BI_CASE(F, double_##out_##Desc, NOT_SUPPORTED_DATA_TYPE, #out_ "Desc has data type 1",                \
          out_##Desc = W->t_double)                                                                     \
  BI_CASE(F, out_##Desc_of_another_shape, BAD_PARAM_SHAPE_MISMATCH,                                     \
          #out_ "Desc is 2x3x5x4 but xDesc is 2x3x4x5", out_##Desc = W->t_other)                        \
  BI_CASE(F, null_##dout_, BAD_PARAM_NULL_POINTER, #dout_ " is a null pointer", dout_ = NULL)
LRN_CASES(litdnnLRNCrossChannelForward, y, y)
LRN_CASES(litdnnLRNCrossChannelBackward, dx, dx)
BI_CASE(litdnnLRNCrossChannelBackward, null_yDesc, BAD_PARAM_NULL_POINTER, "yDesc is a null pointer", yDesc = NULL)
BI_CASE(litdnnLRNCrossChannelBackward, yDesc_of_another_shape, BAD_PARAM_SHAPE_MISMATCH,
        "yDesc is 2x3x5x4 but xDesc is 2x3x4x5", yDesc = W->t_other)
BI_CASE(litdnnLRNCrossChannelBackward, unset_dyDesc, BAD_PARAM_NOT_FINALIZED, "dyDesc was never set",
        dyDesc = W->t_unset)
BI_CASE(litdnnLRNCrossChannelBackward, dyDesc_of_another_shape, BAD_PARAM_SHAPE_MISMATCH,
        "dyDesc is 2x3x5x4 but xDesc is 2x3x4x5", dyDesc = W->t_other)
BI_CASE(litdnnLRNCrossChannelBackward, null_y, BAD_PARAM_NULL_POINTER, "y is a null pointer", y = NULL)
BI_CASE(litdnnLRNCrossChannelBackward, null_dy, BAD_PARAM_NULL_POINTER, "dy is a null pointer", dy = NULL)

/* ------------------------------------------------------------- litdnn/dropout.h */
#define CH09 "chapters/09-dropout.nw"
#undef BI_ON
#define BI_ON BI_CPU
BI_VALID(litdnnCreateDropoutDescriptor)
BI_CASE(litdnnCreateDropoutDescriptor, null_dropoutDesc, BAD_PARAM_NULL_POINTER, "dropoutDesc is a null pointer",
        dropoutDesc = NULL)
BI_CASE(litdnnDestroyDropoutDescriptor, null_dropoutDesc_is_nothing_to_destroy, SUCCESS, NULL, dropoutDesc = NULL)
BI_VALID(litdnnDropoutGetReserveSpaceSize)
BI_CASE(litdnnDropoutGetReserveSpaceSize, null_xDesc, BAD_PARAM_NULL_POINTER, "xDesc is a null pointer",
        xDesc = NULL)
BI_CASE(litdnnDropoutGetReserveSpaceSize, unset_xDesc, BAD_PARAM_NOT_FINALIZED, "xDesc was never set",
        xDesc = W->t_unset)
BI_CASE(litdnnDropoutGetReserveSpaceSize, half_xDesc, NOT_SUPPORTED_DATA_TYPE, "xDesc has data type 2",
        xDesc = W->t_half)
BI_CASE(litdnnDropoutGetReserveSpaceSize, null_sizeInBytes, BAD_PARAM_NULL_POINTER, "sizeInBytes is a null pointer",
        sizeInBytes = NULL)
BI_VALID(litdnnGetDropoutDescriptor)
BI_CASE(litdnnGetDropoutDescriptor, null_dropoutDesc, BAD_PARAM_NULL_POINTER, "dropoutDesc is a null pointer",
        dropoutDesc = NULL)
BI_CASE(litdnnGetDropoutDescriptor, unset_dropoutDesc, BAD_PARAM_NOT_FINALIZED, "dropoutDesc was never set",
        dropoutDesc = W->drop_unset)
BI_CASE(litdnnGetDropoutDescriptor, null_handle, BAD_PARAM_NULL_POINTER, "handle is a null pointer", handle = NULL)

#undef BI_ON
#define BI_ON BI_BOTH
BI_VALID(litdnnDropoutGetStatesSize)
BI_CASE(litdnnDropoutGetStatesSize, null_handle, BAD_PARAM_NULL_POINTER, "handle is a null pointer", handle = NULL)
BI_CASE(litdnnDropoutGetStatesSize, null_sizeInBytes, BAD_PARAM_NULL_POINTER, "sizeInBytes is a null pointer",
        sizeInBytes = NULL)
BI_VALID(litdnnSetDropoutDescriptor)
BI_CASE(litdnnSetDropoutDescriptor, null_dropoutDesc, BAD_PARAM_NULL_POINTER, "dropoutDesc is a null pointer",
        dropoutDesc = NULL)
BI_CASE(litdnnSetDropoutDescriptor, null_handle, BAD_PARAM_NULL_POINTER, "handle is a null pointer", handle = NULL)
BI_CASE(litdnnSetDropoutDescriptor, dropout_of_one, BAD_PARAM_OUT_OF_BOUND, "dropout = 1 is not in [0, 1)",
        dropout = 1.0f)
BI_CASE(litdnnSetDropoutDescriptor, negative_dropout, BAD_PARAM_OUT_OF_BOUND, "dropout = -0.25 is not in [0, 1)",
        dropout = -0.25f)
BI_CASE(litdnnSetDropoutDescriptor, nan_dropout, BAD_PARAM_OUT_OF_BOUND, "dropout = nan", dropout = NAN)
BI_CASE(litdnnSetDropoutDescriptor, null_states, BAD_PARAM_NULL_POINTER, "states is a null pointer", states = NULL)
BI_CASE(litdnnSetDropoutDescriptor, states_one_byte_too_small, BAD_PARAM_SIZE_INSUFFICIENT,
        bi_fmt("stateSizeInBytes = %zu, but the states need %zu bytes", W->states_bytes - 1, W->states_bytes),
        stateSizeInBytes = W->states_bytes - 1)
#define DROPOUT_CASES(F, in_, out_)                                                                      \
  BI_VALID(F)                                                                                           \
  BI_CASE(F, null_handle, BAD_PARAM_NULL_POINTER, "handle is a null pointer", handle = NULL)            \
  BI_CASE(F, null_dropoutDesc, BAD_PARAM_NULL_POINTER, "dropoutDesc is a null pointer", dropoutDesc = NULL) \
  BI_CASE(F, unset_dropoutDesc, BAD_PARAM_NOT_FINALIZED, "dropoutDesc was never set",                   \
          dropoutDesc = W->drop_unset)                                                                  \
  BI_CASE(F, null_##in_##Desc, BAD_PARAM_NULL_POINTER, #in_ "Desc is a null pointer", in_##Desc = NULL) \
  BI_CASE(F, unset_##in_##Desc, BAD_PARAM_NOT_FINALIZED, #in_ "Desc was never set", in_##Desc = W->t_unset) \
  BI_CASE(F, half_##in_##Desc, NOT_SUPPORTED_DATA_TYPE, #in_ "Desc has data type 2", in_##Desc = W->t_half) \
  BI_CASE(F, null_##out_##Desc, BAD_PARAM_NULL_POINTER, #out_ "Desc is a null pointer", out_##Desc = NULL) \
  BI_CASE(F, double_##out_##Desc, NOT_SUPPORTED_DATA_TYPE, #out_ "Desc has data type 1",                \
          out_##Desc = W->t_double)                                                                     \
  BI_CASE(F, out_##Desc_of_another_shape, BAD_PARAM_SHAPE_MISMATCH,                                     \
          #in_ "Desc and " #out_ "Desc have different dimensions", out_##Desc = W->t_other)              \
  BI_CASE(F, out_##Desc_of_another_layout, NOT_SUPPORTED_LAYOUT,                                        \
          #in_ "Desc and " #out_ "Desc must be packed with the same strides", out_##Desc = W->t_nhwc)    \
  BI_CASE(F, strided_tensors, NOT_SUPPORTED_LAYOUT,                                                     \
          #in_ "Desc and " #out_ "Desc must be packed with the same strides",                           \
          in_##Desc = out_##Desc = W->t_strided)                                                        \
  BI_CASE(F, reserve_space_one_byte_too_small, BAD_PARAM_SIZE_INSUFFICIENT,                             \
          bi_fmt("reserveSpaceSizeInBytes = %zu, but the reserve space needs %zu bytes",                \
                 W->reserve_bytes - 1, W->reserve_bytes),                                               \
          reserveSpaceSizeInBytes = W->reserve_bytes - 1)                                               \
  BI_CASE(F, null_##in_, BAD_PARAM_NULL_POINTER, #in_ " is a null pointer", in_ = NULL)                 \
  BI_CASE(F, null_##out_, BAD_PARAM_NULL_POINTER, #out_ " is a null pointer", out_ = NULL)              \
  BI_CASE(F, null_reserveSpace, BAD_PARAM_NULL_POINTER, "reserveSpace is a null pointer", reserveSpace = NULL)
DROPOUT_CASES(litdnnDropoutForward, x, y)
DROPOUT_CASES(litdnnDropoutBackward, dy, dx)

/* ----------------------------------------------------------------- litdnn/rnn.h */
#define CH10 "chapters/10-rnn.nw"
#undef BI_ON
#define BI_ON BI_CPU
BI_VALID(litdnnCreateRNNDescriptor)
BI_CASE(litdnnCreateRNNDescriptor, null_rnnDesc, BAD_PARAM_NULL_POINTER, "rnnDesc is a null pointer", rnnDesc = NULL)
BI_CASE(litdnnDestroyRNNDescriptor, null_rnnDesc_is_nothing_to_destroy, SUCCESS, NULL, rnnDesc = NULL)
BI_VALID(litdnnSetRNNDescriptor)
BI_CASE(litdnnSetRNNDescriptor, null_rnnDesc, BAD_PARAM_NULL_POINTER, "rnnDesc is a null pointer", rnnDesc = NULL)
BI_CASE(litdnnSetRNNDescriptor, negative_algo, BAD_PARAM_OUT_OF_BOUND, "algo = -1 is out of range",
        algo = (litdnnRNNAlgo_t)-1)
BI_CASE(litdnnSetRNNDescriptor, algo_one_past_the_last, BAD_PARAM_OUT_OF_BOUND, "algo = 4 is out of range",
        algo = (litdnnRNNAlgo_t)(LITDNN_RNN_ALGO_PERSIST_STATIC_SMALL_H + 1))
BI_CASE(litdnnSetRNNDescriptor, negative_cellMode, BAD_PARAM_OUT_OF_BOUND, "cellMode = -1 is out of range",
        cellMode = (litdnnRNNMode_t)-1)
BI_CASE(litdnnSetRNNDescriptor, cellMode_one_past_the_last, BAD_PARAM_OUT_OF_BOUND, "cellMode = 4 is out of range",
        cellMode = (litdnnRNNMode_t)(LITDNN_GRU + 1))
BI_CASE(litdnnSetRNNDescriptor, huge_cellMode, BAD_PARAM_OUT_OF_BOUND, "cellMode = 2147483647",
        cellMode = (litdnnRNNMode_t)INT_MAX)
BI_CASE(litdnnSetRNNDescriptor, negative_biasMode, BAD_PARAM_OUT_OF_BOUND, "biasMode = -1 is out of range",
        biasMode = (litdnnRNNBiasMode_t)-1)
BI_CASE(litdnnSetRNNDescriptor, biasMode_one_past_the_last, BAD_PARAM_OUT_OF_BOUND, "biasMode = 4 is out of range",
        biasMode = (litdnnRNNBiasMode_t)(LITDNN_RNN_SINGLE_REC_BIAS + 1))
BI_CASE(litdnnSetRNNDescriptor, dirMode_one_past_the_last, BAD_PARAM_OUT_OF_BOUND, "dirMode = 2 is out of range",
        dirMode = (litdnnDirectionMode_t)(LITDNN_BIDIRECTIONAL + 1))
BI_CASE(litdnnSetRNNDescriptor, negative_dirMode, BAD_PARAM_OUT_OF_BOUND, "dirMode = -1 is out of range",
        dirMode = (litdnnDirectionMode_t)-1)
BI_CASE(litdnnSetRNNDescriptor, inputMode_one_past_the_last, BAD_PARAM_OUT_OF_BOUND, "inputMode = 2 is out of range",
        inputMode = (litdnnRNNInputMode_t)(LITDNN_SKIP_INPUT + 1))
BI_CASE(litdnnSetRNNDescriptor, huge_inputMode, BAD_PARAM_OUT_OF_BOUND, "inputMode = 2147483647",
        inputMode = (litdnnRNNInputMode_t)INT_MAX)
BI_CASE(litdnnSetRNNDescriptor, half_dataType, NOT_SUPPORTED_DATA_TYPE,
        "dataType = 2; only LITDNN_DATA_FLOAT is computed", dataType = LITDNN_DATA_HALF)
BI_CASE(litdnnSetRNNDescriptor, double_dataType, NOT_SUPPORTED_DATA_TYPE, "dataType = 1", dataType = LITDNN_DATA_DOUBLE)
BI_CASE(litdnnSetRNNDescriptor, dataType_one_past_the_last, BAD_PARAM_OUT_OF_BOUND, "dataType = 4 is out of range",
        dataType = (litdnnDataType_t)(LITDNN_DATA_BFLOAT16 + 1))
BI_CASE(litdnnSetRNNDescriptor, double_mathPrec, NOT_SUPPORTED_DATA_TYPE, "mathPrec = 1", mathPrec = LITDNN_DATA_DOUBLE)
BI_CASE(litdnnSetRNNDescriptor, negative_mathPrec, BAD_PARAM_OUT_OF_BOUND, "mathPrec = -1 is out of range",
        mathPrec = (litdnnDataType_t)-1)
BI_CASE(litdnnSetRNNDescriptor, mathType_one_past_the_last, BAD_PARAM_OUT_OF_BOUND, "mathType = 2 is out of range",
        mathType = (litdnnMathType_t)(LITDNN_MATH_TF32 + 1))
BI_CASE(litdnnSetRNNDescriptor, zero_inputSize, BAD_PARAM_OUT_OF_BOUND, "inputSize = 0 must be positive",
        inputSize = 0)
BI_CASE(litdnnSetRNNDescriptor, negative_hiddenSize, BAD_PARAM_OUT_OF_BOUND, "hiddenSize = -1 must be positive",
        hiddenSize = -1)
BI_CASE(litdnnSetRNNDescriptor, most_negative_hiddenSize, BAD_PARAM_OUT_OF_BOUND,
        "hiddenSize = -2147483648 must be positive", hiddenSize = INT32_MIN)
BI_CASE(litdnnSetRNNDescriptor, projSize_below_hiddenSize_of_a_gru, BAD_PARAM_OUT_OF_BOUND,
        "projSize = 4 must equal hiddenSize = 5", projSize = 4)
BI_CASE(litdnnSetRNNDescriptor, projSize_past_hiddenSize, BAD_PARAM_OUT_OF_BOUND,
        "projSize = 6 must equal hiddenSize = 5", projSize = 6)
BI_CASE(litdnnSetRNNDescriptor, zero_projSize, BAD_PARAM_OUT_OF_BOUND, "projSize = 0 must equal hiddenSize = 5",
        projSize = 0)
BI_CASE(litdnnSetRNNDescriptor, lstm_projection, NOT_SUPPORTED, "the LSTM projection is not implemented",
        cellMode = LITDNN_LSTM; projSize = 4)
BI_CASE(litdnnSetRNNDescriptor, zero_numLayers, BAD_PARAM_OUT_OF_BOUND, "numLayers = 0 must be positive",
        numLayers = 0)
BI_CASE(litdnnSetRNNDescriptor, negative_numLayers, BAD_PARAM_OUT_OF_BOUND, "numLayers = -3 must be positive",
        numLayers = -3)
BI_CASE(litdnnSetRNNDescriptor, pseudo_layers_past_int, BAD_PARAM_OVERFLOW,
        "numLayers = 2147483647 is too large: bidirectional, it makes 4294967294 pseudo-layers",
        numLayers = INT_MAX; hiddenSize = 1; inputSize = 1; projSize = 1; dirMode = LITDNN_BIDIRECTIONAL;
        cellMode = LITDNN_RNN_RELU)
BI_CASE(litdnnSetRNNDescriptor, skip_input_of_another_size, BAD_PARAM,
        "inputMode = LITDNN_SKIP_INPUT needs inputSize = hiddenSize, not 4 and 5", inputSize = 4)
BI_CASE(litdnnSetRNNDescriptor, unset_dropoutDesc, BAD_PARAM_NOT_FINALIZED, "dropoutDesc was never set",
        dropoutDesc = W->drop_unset)
BI_CASE(litdnnSetRNNDescriptor, unknown_auxFlags, BAD_PARAM_OUT_OF_BOUND, "auxFlags = 0x5 has bits other than",
        auxFlags = LITDNN_RNN_PADDED_IO_ENABLED | 4u)
BI_CASE(litdnnSetRNNDescriptor, every_size_int_max, BAD_PARAM_OVERFLOW,
        "hiddenSize = 2147483647, inputSize = 2147483647 and numLayers = 2 need a weight space larger",
        inputSize = hiddenSize = projSize = INT32_MAX)
/* 2 layers x 2 directions x 3 gates x 2^28 x (2^29 + 2^28 + 2) floats: past 2^59 */
BI_CASE(litdnnSetRNNDescriptor, a_weight_space_past_two_to_the_59_floats, BAD_PARAM_OVERFLOW,
        "hiddenSize = 268435456, inputSize = 268435456 and numLayers = 2",
        inputSize = hiddenSize = projSize = 1 << 28)
BI_VALID(litdnnGetRNNDescriptor)
BI_CASE(litdnnGetRNNDescriptor, null_rnnDesc, BAD_PARAM_NULL_POINTER, "rnnDesc is a null pointer", rnnDesc = NULL)
BI_CASE(litdnnGetRNNDescriptor, unset_rnnDesc, BAD_PARAM_NOT_FINALIZED, "rnnDesc was never set",
        rnnDesc = W->rnn_unset)

BI_VALID(litdnnCreateRNNDataDescriptor)
BI_CASE(litdnnCreateRNNDataDescriptor, null_rnnDataDesc, BAD_PARAM_NULL_POINTER, "rnnDataDesc is a null pointer",
        rnnDataDesc = NULL)
BI_CASE(litdnnDestroyRNNDataDescriptor, null_rnnDataDesc_is_nothing_to_destroy, SUCCESS, NULL, rnnDataDesc = NULL)
BI_VALID(litdnnSetRNNDataDescriptor)
BI_CASE(litdnnSetRNNDataDescriptor, null_rnnDataDesc, BAD_PARAM_NULL_POINTER, "rnnDataDesc is a null pointer",
        rnnDataDesc = NULL)
BI_CASE(litdnnSetRNNDataDescriptor, half_dataType, NOT_SUPPORTED_DATA_TYPE,
        "dataType = 2; only LITDNN_DATA_FLOAT is computed", dataType = LITDNN_DATA_HALF)
BI_CASE(litdnnSetRNNDataDescriptor, negative_dataType, BAD_PARAM_OUT_OF_BOUND, "dataType = -1 is out of range",
        dataType = (litdnnDataType_t)-1)
BI_CASE(litdnnSetRNNDataDescriptor, negative_layout, BAD_PARAM_OUT_OF_BOUND, "layout = -1 is out of range",
        layout = (litdnnRNNDataLayout_t)-1)
BI_CASE(litdnnSetRNNDataDescriptor, layout_one_past_the_last, BAD_PARAM_OUT_OF_BOUND, "layout = 3 is out of range",
        layout = (litdnnRNNDataLayout_t)(LITDNN_RNN_DATA_LAYOUT_BATCH_MAJOR_UNPACKED + 1))
BI_CASE(litdnnSetRNNDataDescriptor, huge_layout, BAD_PARAM_OUT_OF_BOUND, "layout = 2147483647",
        layout = (litdnnRNNDataLayout_t)INT_MAX)
BI_CASE(litdnnSetRNNDataDescriptor, zero_maxSeqLength, BAD_PARAM_OUT_OF_BOUND, "maxSeqLength = 0 must be positive",
        maxSeqLength = 0)
BI_CASE(litdnnSetRNNDataDescriptor, negative_batchSize, BAD_PARAM_OUT_OF_BOUND, "batchSize = -1 must be positive",
        batchSize = -1)
BI_CASE(litdnnSetRNNDataDescriptor, zero_vectorSize, BAD_PARAM_OUT_OF_BOUND, "vectorSize = 0 must be positive",
        vectorSize = 0)
BI_CASE(litdnnSetRNNDataDescriptor, null_seqLengthArray, BAD_PARAM_NULL_POINTER, "seqLengthArray is a null pointer",
        seqLengthArray = NULL)
BI_CASE(litdnnSetRNNDataDescriptor, a_length_of_zero, BAD_PARAM_OUT_OF_BOUND,
        "seqLengthArray[1] = 0 is not in 1..maxSeqLength = 4", seqLengthArray = (int[]){1, 0, 2})
BI_CASE(litdnnSetRNNDataDescriptor, a_length_past_maxSeqLength, BAD_PARAM_OUT_OF_BOUND,
        "seqLengthArray[2] = 5 is not in 1..maxSeqLength = 4", seqLengthArray = (int[]){1, 4, 5})
BI_CASE(litdnnSetRNNDataDescriptor, packed_lengths_that_grow, BAD_PARAM,
        "seqLengthArray[1] = 4 is longer than seqLengthArray[0] = 1",
        layout = LITDNN_RNN_DATA_LAYOUT_SEQ_MAJOR_PACKED)
BI_CASE(litdnnSetRNNDataDescriptor, too_many_elements, BAD_PARAM_OVERFLOW,
        "maxSeqLength = 2147483647, batchSize = 3, vectorSize = 2147483647: too many elements",
        maxSeqLength = vectorSize = INT_MAX)
BI_VALID(litdnnGetRNNDataDescriptor)
BI_CASE(litdnnGetRNNDataDescriptor, null_rnnDataDesc, BAD_PARAM_NULL_POINTER, "rnnDataDesc is a null pointer",
        rnnDataDesc = NULL)
BI_CASE(litdnnGetRNNDataDescriptor, unset_rnnDataDesc, BAD_PARAM_NOT_FINALIZED, "rnnDataDesc was never set",
        rnnDataDesc = W->rx_unset)
BI_CASE(litdnnGetRNNDataDescriptor, negative_arrayLengthRequested, BAD_PARAM_OUT_OF_BOUND,
        "arrayLengthRequested = -1 must not be negative", arrayLengthRequested = -1)
BI_CASE(litdnnGetRNNDataDescriptor, null_seqLengthArray, BAD_PARAM_NULL_POINTER, "seqLengthArray is a null pointer",
        seqLengthArray = NULL)

#undef BI_ON
#define BI_ON BI_BOTH
#define RNN_DESC_CASES(F)                                                                                \
  BI_CASE(F, null_handle, BAD_PARAM_NULL_POINTER, "handle is a null pointer", handle = NULL)            \
  BI_CASE(F, null_rnnDesc, BAD_PARAM_NULL_POINTER, "rnnDesc is a null pointer", rnnDesc = NULL)         \
  BI_CASE(F, unset_rnnDesc, BAD_PARAM_NOT_FINALIZED, "rnnDesc was never set (litdnnSetRNNDescriptor)",  \
          rnnDesc = W->rnn_unset)
BI_VALID(litdnnGetRNNWeightSpaceSize)
RNN_DESC_CASES(litdnnGetRNNWeightSpaceSize)
BI_CASE(litdnnGetRNNWeightSpaceSize, null_weightSpaceSize, BAD_PARAM_NULL_POINTER,
        "weightSpaceSize is a null pointer", weightSpaceSize = NULL)
BI_VALID(litdnnGetRNNWeightParams)
RNN_DESC_CASES(litdnnGetRNNWeightParams)
BI_CASE(litdnnGetRNNWeightParams, negative_pseudoLayer, BAD_PARAM_OUT_OF_BOUND, "pseudoLayer = -1 is not in 0..0",
        pseudoLayer = -1)
BI_CASE(litdnnGetRNNWeightParams, pseudoLayer_one_past_the_last, BAD_PARAM_OUT_OF_BOUND,
        "pseudoLayer = 1 is not in 0..0", pseudoLayer = 1)
BI_CASE(litdnnGetRNNWeightParams, huge_pseudoLayer, BAD_PARAM_OUT_OF_BOUND, "pseudoLayer = 2147483647",
        pseudoLayer = INT32_MAX)
BI_CASE(litdnnGetRNNWeightParams, null_weightSpace, BAD_PARAM_NULL_POINTER, "weightSpace is a null pointer",
        weightSpace = NULL)
BI_CASE(litdnnGetRNNWeightParams, weight_space_one_byte_too_small, BAD_PARAM_SIZE_INSUFFICIENT,
        bi_fmt("weightSpaceSize = %zu, but the network's weights take %zu bytes", W->rnn_weight_bytes - 1,
               W->rnn_weight_bytes),
        weightSpaceSize = W->rnn_weight_bytes - 1)
BI_CASE(litdnnGetRNNWeightParams, negative_linLayerID, BAD_PARAM_OUT_OF_BOUND,
        "linLayerID = -1 is not in 0..8 for this cell", linLayerID = -1)
BI_CASE(litdnnGetRNNWeightParams, linLayerID_one_past_the_last, BAD_PARAM_OUT_OF_BOUND,
        "linLayerID = 9 is not in 0..8 for this cell", linLayerID = 9)
BI_CASE(litdnnGetRNNWeightParams, huge_linLayerID, BAD_PARAM_OUT_OF_BOUND, "linLayerID = 2147483647",
        linLayerID = INT32_MAX)
BI_CASE(litdnnGetRNNWeightParams, mDesc_without_mAddr, BAD_PARAM_NULL_POINTER,
        "mAddr is a null pointer but mDesc is not", mAddr = NULL)
BI_CASE(litdnnGetRNNWeightParams, mAddr_without_mDesc, BAD_PARAM_NULL_POINTER,
        "mDesc is a null pointer but mAddr is not", mDesc = NULL)
BI_CASE(litdnnGetRNNWeightParams, bDesc_without_bAddr, BAD_PARAM_NULL_POINTER,
        "bAddr is a null pointer but bDesc is not", bAddr = NULL)
BI_CASE(litdnnGetRNNWeightParams, bAddr_without_bDesc, BAD_PARAM_NULL_POINTER,
        "bDesc is a null pointer but bAddr is not", bDesc = NULL)

/* An RNN (hiddenSize 1, inputSize INT_MAX) and a batch of 2^13 sequences of
   2^13 steps: each descriptor is valid, but the temporary spaces of the
   two together need more than 2^59 floats. */
static void huge_rnn_problem(litdnnRNNDescriptor_t *rnn, litdnnRNNDataDescriptor_t *x,
                             litdnnRNNDataDescriptor_t *y, litdnnTensorDescriptor_t *h)
{
  enum { T = 1 << 13, N = 1 << 13 };
  static int lengths[N];
  for (int n = 0; n < N; n++)
    lengths[n] = T;
  const litdnnDataType_t F = LITDNN_DATA_FLOAT;
  OK(litdnnCreateRNNDescriptor(rnn));
  OK(litdnnSetRNNDescriptor(*rnn, LITDNN_RNN_ALGO_STANDARD, LITDNN_RNN_TANH, LITDNN_RNN_DOUBLE_BIAS,
                            LITDNN_UNIDIRECTIONAL, LITDNN_LINEAR_INPUT, F, F, LITDNN_MATH_FMA, INT32_MAX, 1, 1, 1,
                            NULL, LITDNN_RNN_PADDED_IO_DISABLED));
  OK(litdnnCreateRNNDataDescriptor(x));
  OK(litdnnSetRNNDataDescriptor(*x, F, LITDNN_RNN_DATA_LAYOUT_SEQ_MAJOR_PACKED, T, N, INT32_MAX, lengths, NULL));
  if (y) {
    OK(litdnnCreateRNNDataDescriptor(y));
    OK(litdnnSetRNNDataDescriptor(*y, F, LITDNN_RNN_DATA_LAYOUT_SEQ_MAJOR_PACKED, T, N, 1, lengths, NULL));
  }
  if (h) {
    OK(litdnnCreateTensorDescriptor(h));
    OK(litdnnSetTensorNdDescriptorEx(*h, LITDNN_TENSOR_NCHW, F, 3, (const int[]){1, N, 1}));
  }
}

BI_VALID(litdnnGetRNNTempSpaceSizes)
RNN_DESC_CASES(litdnnGetRNNTempSpaceSizes)
BI_CASE(litdnnGetRNNTempSpaceSizes, negative_fwdMode, BAD_PARAM_OUT_OF_BOUND, "fwdMode = -1 is out of range",
        fwdMode = (litdnnForwardMode_t)-1)
BI_CASE(litdnnGetRNNTempSpaceSizes, fwdMode_one_past_the_last, BAD_PARAM_OUT_OF_BOUND,
        "fwdMode = 2 is out of range", fwdMode = (litdnnForwardMode_t)(LITDNN_FWD_MODE_TRAINING + 1))
BI_CASE(litdnnGetRNNTempSpaceSizes, null_xDesc, BAD_PARAM_NULL_POINTER, "xDesc is a null pointer", xDesc = NULL)
BI_CASE(litdnnGetRNNTempSpaceSizes, unset_xDesc, BAD_PARAM_NOT_FINALIZED, "xDesc was never set", xDesc = W->rx_unset)
BI_CASE(litdnnGetRNNTempSpaceSizes, xDesc_of_another_vectorSize, BAD_PARAM_SHAPE_MISMATCH,
        "xDesc has vectorSize = 3, but the network's inputSize is 4", xDesc = W->ry)
BI_CASE(litdnnGetRNNTempSpaceSizes, spaces_past_two_to_the_59_floats, BAD_PARAM_OVERFLOW,
        "the temporary spaces of this network and batch are larger than 64-bit sizes hold",
        huge_rnn_problem(&rnnDesc, &xDesc, NULL, NULL))

/* what the three passes check alike */
#define RNN_PASS_CASES(F)                                                                                \
  BI_VALID(F)                                                                                           \
  RNN_DESC_CASES(F)                                                                                     \
  BI_CASE(F, null_xDesc, BAD_PARAM_NULL_POINTER, "xDesc is a null pointer", xDesc = NULL)               \
  BI_CASE(F, unset_xDesc, BAD_PARAM_NOT_FINALIZED, "xDesc was never set", xDesc = W->rx_unset)          \
  BI_CASE(F, null_yDesc, BAD_PARAM_NULL_POINTER, "yDesc is a null pointer", yDesc = NULL)               \
  BI_CASE(F, unset_yDesc, BAD_PARAM_NOT_FINALIZED, "yDesc was never set", yDesc = W->rx_unset)          \
  BI_CASE(F, xDesc_of_another_vectorSize, BAD_PARAM_SHAPE_MISMATCH,                                     \
          "xDesc has vectorSize = 3, but the network's inputSize is 4", xDesc = W->ry)                  \
  BI_CASE(F, yDesc_of_another_vectorSize, BAD_PARAM_SHAPE_MISMATCH,                                     \
          "yDesc has vectorSize = 4, but the network's outputs have 3 values", yDesc = W->rx)           \
  BI_CASE(F, yDesc_of_other_lengths, BAD_PARAM_SHAPE_MISMATCH,                                          \
          "yDesc and xDesc differ in their layout, maxSeqLength, batchSize or sequence lengths",        \
          yDesc = W->ry_other_lengths)                                                                  \
  BI_CASE(F, yDesc_of_another_layout, BAD_PARAM_SHAPE_MISMATCH, "yDesc and xDesc differ in their layout", \
          yDesc = W->ry_unpacked)                                                                       \
  BI_CASE(F, unpacked_data_without_padded_io, BAD_PARAM,                                                \
          "xDesc has an unpacked layout (0), but rnnDesc's auxFlags lack LITDNN_RNN_PADDED_IO_ENABLED", \
          xDesc = W->rx_unpacked; yDesc = W->ry_unpacked)                                               \
  BI_CASE(F, null_hDesc, BAD_PARAM_NULL_POINTER, "hDesc is a null pointer", hDesc = NULL)               \
  BI_CASE(F, unset_hDesc, BAD_PARAM_NOT_FINALIZED, "hDesc was never set", hDesc = W->t_unset)           \
  BI_CASE(F, half_hDesc, NOT_SUPPORTED_DATA_TYPE, "hDesc has data type 2", hDesc = W->rh_half)          \
  BI_CASE(F, hDesc_of_another_shape, BAD_PARAM_SHAPE_MISMATCH,                                          \
          "hDesc must have the dimensions {1, 2, 3} (pseudo-layers, batch, hidden size)", hDesc = W->rh2) \
  BI_CASE(F, hDesc_of_four_dimensions, BAD_PARAM_SHAPE_MISMATCH, "hDesc must have the dimensions {1, 2, 3}", \
          hDesc = W->t)                                                                                 \
  BI_CASE(F, strided_hDesc, BAD_PARAM, "hDesc must be packed", hDesc = W->rh_strided)                    \
  BI_CASE(F, weight_space_one_byte_too_small, BAD_PARAM_SIZE_INSUFFICIENT,                              \
          bi_fmt("weightSpaceSize = %zu, but %zu bytes are needed (litdnnGetRNNWeightSpaceSize)",       \
                 W->rnn_weight_bytes - 1, W->rnn_weight_bytes),                                         \
          weightSpaceSize = W->rnn_weight_bytes - 1)                                                    \
  BI_CASE(F, workspace_one_byte_too_small, BAD_PARAM_SIZE_INSUFFICIENT,                                 \
          bi_fmt("workSpaceSize = %zu, but %zu bytes are needed (litdnnGetRNNTempSpaceSizes)",          \
                 W->rnn_ws_bytes - 1, W->rnn_ws_bytes),                                                 \
          workSpaceSize = W->rnn_ws_bytes - 1)                                                          \
  BI_CASE(F, reserve_space_one_byte_too_small, BAD_PARAM_SIZE_INSUFFICIENT,                             \
          bi_fmt("reserveSpaceSize = %zu, but %zu bytes are needed (litdnnGetRNNTempSpaceSizes, training)", \
                 W->rnn_reserve_bytes - 1, W->rnn_reserve_bytes),                                       \
          reserveSpaceSize = W->rnn_reserve_bytes - 1)                                                  \
  BI_CASE(F, null_workSpace, BAD_PARAM_NULL_POINTER, "workSpace is a null pointer", workSpace = NULL)   \
  BI_CASE(F, null_reserveSpace, BAD_PARAM_NULL_POINTER, "reserveSpace is a null pointer", reserveSpace = NULL)

RNN_PASS_CASES(litdnnRNNForward)
BI_CASE(litdnnRNNForward, negative_fwdMode, BAD_PARAM_OUT_OF_BOUND, "fwdMode = -1 is out of range",
        fwdMode = (litdnnForwardMode_t)-1)
BI_CASE(litdnnRNNForward, fwdMode_one_past_the_last, BAD_PARAM_OUT_OF_BOUND, "fwdMode = 2 is out of range",
        fwdMode = (litdnnForwardMode_t)(LITDNN_FWD_MODE_TRAINING + 1))
BI_CASE(litdnnRNNForward, null_cDesc_of_an_lstm, BAD_PARAM_NULL_POINTER, "cDesc is a null pointer", cDesc = NULL)
BI_CASE(litdnnRNNForward, cDesc_of_another_shape, BAD_PARAM_SHAPE_MISMATCH, "cDesc must have the dimensions {1, 2, 3}",
        cDesc = W->rh2)
BI_CASE(litdnnRNNForward, double_cDesc, NOT_SUPPORTED_DATA_TYPE, "cDesc has data type 1", cDesc = W->t_double)
BI_CASE(litdnnRNNForward, null_weightSpace, BAD_PARAM_NULL_POINTER, "weightSpace is a null pointer",
        weightSpace = NULL)
BI_CASE(litdnnRNNForward, inference_workspace_one_byte_too_small, BAD_PARAM_SIZE_INSUFFICIENT,
        "workSpaceSize = ", fwdMode = LITDNN_FWD_MODE_INFERENCE;
        cr_assert_eq(litdnnGetRNNTempSpaceSizes(handle, rnnDesc, fwdMode, xDesc, &workSpaceSize, NULL),
                     LITDNN_STATUS_SUCCESS);
        workSpaceSize -= 1)
BI_CASE(litdnnRNNForward, null_x, BAD_PARAM_NULL_POINTER, "x is a null pointer", x = NULL)
BI_CASE(litdnnRNNForward, null_y, BAD_PARAM_NULL_POINTER, "y is a null pointer", y = NULL)
BI_CASE(litdnnRNNForward, spaces_past_two_to_the_59_floats, BAD_PARAM_OVERFLOW,
        "the temporary spaces of this network and batch are larger than 64-bit sizes hold",
        huge_rnn_problem(&rnnDesc, &xDesc, &yDesc, &hDesc))
/* two layers with dropout between them in one direction: the wavefront
   stage, which runs the layers together, does not apply */
BI_CASE_ON(BI_EMU, litdnnRNNForward, a_pinned_stage_that_does_not_apply, NOT_SUPPORTED,
           "(wavefront) of rnn forward does not apply: dropout between the layers",
           rnnDesc = W->rnn_drop; hDesc = cDesc = W->rh2; weightSpaceSize = W->rnn_drop_weight_bytes;
           workSpaceSize = W->rnn_drop_ws_bytes; reserveSpaceSize = W->rnn_drop_reserve_bytes;
           cr_assert_eq(pin_stage(W, LITDNN_OP_RNN_FORWARD, "wavefront"), LITDNN_STATUS_SUCCESS))

RNN_PASS_CASES(litdnnRNNBackwardData)
BI_CASE(litdnnRNNBackwardData, null_cDesc_of_an_lstm, BAD_PARAM_NULL_POINTER, "cDesc is a null pointer",
        cDesc = NULL)
BI_CASE(litdnnRNNBackwardData, half_cDesc, NOT_SUPPORTED_DATA_TYPE, "cDesc has data type 2", cDesc = W->rh_half)
BI_CASE(litdnnRNNBackwardData, null_weightSpace, BAD_PARAM_NULL_POINTER, "weightSpace is a null pointer",
        weightSpace = NULL)
BI_CASE(litdnnRNNBackwardData, null_dy, BAD_PARAM_NULL_POINTER, "dy is a null pointer", dy = NULL)
BI_CASE(litdnnRNNBackwardData, null_dx, BAD_PARAM_NULL_POINTER, "dx is a null pointer", dx = NULL)
BI_CASE_ON(BI_EMU, litdnnRNNBackwardData, a_pinned_stage_that_does_not_apply, NOT_SUPPORTED,
           "(wavefront) of rnn backward data does not apply: dropout between the layers",
           rnnDesc = W->rnn_drop; hDesc = cDesc = W->rh2; weightSpaceSize = W->rnn_drop_weight_bytes;
           workSpaceSize = W->rnn_drop_ws_bytes; reserveSpaceSize = W->rnn_drop_reserve_bytes;
           cr_assert_eq(pin_stage(W, LITDNN_OP_RNN_BACKWARD_DATA, "wavefront"), LITDNN_STATUS_SUCCESS))

RNN_PASS_CASES(litdnnRNNBackwardWeights)
BI_CASE(litdnnRNNBackwardWeights, negative_addGrad, BAD_PARAM_OUT_OF_BOUND, "addGrad = -1 is out of range",
        addGrad = (litdnnWgradMode_t)-1)
BI_CASE(litdnnRNNBackwardWeights, addGrad_one_past_the_last, BAD_PARAM_OUT_OF_BOUND, "addGrad = 2 is out of range",
        addGrad = (litdnnWgradMode_t)(LITDNN_WGRAD_MODE_SET + 1))
BI_CASE(litdnnRNNBackwardWeights, null_dweightSpace, BAD_PARAM_NULL_POINTER, "dweightSpace is a null pointer",
        dweightSpace = NULL)
BI_CASE(litdnnRNNBackwardWeights, null_x, BAD_PARAM_NULL_POINTER, "x is a null pointer", x = NULL)
