/* Recurrent networks: the descriptors, where the weights, the saved values
   and the temporaries are, the arguments of every stage, and the stage lists. */
#ifndef LITDNN_RNN_INTERNAL_H
#define LITDNN_RNN_INTERNAL_H
#include "core/internal.h"
#include "dropout/dropout.h"
#ifdef __cplusplus
extern "C" {
#endif

struct litdnnRNNStruct {
  int is_set;
  litdnnRNNAlgo_t algo;
  litdnnRNNMode_t cell;
  litdnnRNNBiasMode_t bias;
  litdnnDirectionMode_t dir;
  litdnnRNNInputMode_t input;
  litdnnDataType_t dtype, math_prec;
  litdnnMathType_t math;
  int input_size, hidden, proj, layers;
  litdnnDropoutDescriptor_t dropout;   /* NULL: none */
  uint32_t aux;
};

struct litdnnRNNDataStruct {
  int is_set;
  litdnnDataType_t dtype;
  litdnnRNNDataLayout_t layout;
  int T, N, V;          /* maxSeqLength, batchSize, vectorSize */
  int *len;             /* N lengths, each in 1..T */
  int *off;             /* T + 1: the packed layout's first row of each step; off[T] rows in all */
  int *rows_at;         /* T: 1 + the last sequence active at step t */
  int has_fill;
  float fill;
};

enum { RNN_ROWS_SEQ = 0, RNN_ROWS_PACKED = 1, RNN_ROWS_BATCH = 2, RNN_ROWS_STEP = 3 };

typedef struct litdnn_rnn_shape {
  int cell;              /* litdnnRNNMode_t */
  int G;                 /* gates: 1, 4 or 3 */
  int S;                 /* values saved per unit and step: 1 or 4 */
  int H, I, L, D, P;     /* hidden and input sizes, layers, directions, pseudo-layers L D */
  int has_bw, has_br;    /* which bias vectors exist */
  int skip;              /* the first layer's input matrices are the identity */
  int math;              /* litdnnMathType_t of the matrix products */
  int rows;              /* RNN_ROWS_SEQ, _PACKED or _BATCH: the layout of x and y */
  int T, N;
  int64_t xrows;         /* rows of x and of y: T N, or the sum of the lengths when packed */
} litdnn_rnn_shape;

static inline int litdnn_rnn_gates(int cell) { return cell == LITDNN_LSTM ? 4 : cell == LITDNN_GRU ? 3 : 1; }
static inline int64_t litdnn_rnn_round4(int64_t n) { return (n + 3) & ~(int64_t)3; }
/* the input size of a layer */
static inline int64_t litdnn_rnn_layer_in(const litdnn_rnn_shape *s, int layer)
{
  return layer == 0 ? s->I : (int64_t)s->D * s->H;
}

/* in floats from the start of the weight space: the G H x In input
   matrices of pseudo-layer p (-1: the identity), its G H x H recurrent
   matrices, its input and recurrent biases (G H each; -1: none) */
static inline int64_t litdnn_rnn_w_offset(const litdnn_rnn_shape *s, int p)
{
  int64_t gh = (int64_t)s->G * s->H, first = s->skip ? 0 : gh * s->I;
  if (p < s->D)
    return s->skip ? -1 : p * first;
  return s->D * first + (int64_t)(p - s->D) * gh * s->D * s->H;
}

static inline int64_t litdnn_rnn_r_offset(const litdnn_rnn_shape *s, int p)
{
  int64_t gh = (int64_t)s->G * s->H, first = s->skip ? 0 : gh * s->I;
  int64_t inputs = s->D * first + (int64_t)(s->P - s->D) * gh * s->D * s->H;
  return litdnn_rnn_round4(inputs) + p * gh * s->H;
}

static inline int64_t litdnn_rnn_bias_offset(const litdnn_rnn_shape *s, int p, int recurrent)
{
  int64_t gh = (int64_t)s->G * s->H;
  int per_p = s->has_bw + s->has_br;
  if (recurrent ? !s->has_br : !s->has_bw)
    return -1;
  int64_t first = litdnn_rnn_round4(litdnn_rnn_r_offset(s, s->P));
  return first + (p * per_p + (recurrent && s->has_bw)) * gh;
}

/* floats in the weight space */
static inline int64_t litdnn_rnn_weight_count(const litdnn_rnn_shape *s)
{
  int64_t gh = (int64_t)s->G * s->H;
  return litdnn_rnn_round4(litdnn_rnn_r_offset(s, s->P)) + (int64_t)s->P * (s->has_bw + s->has_br) * gh;
}
typedef struct litdnn_rnn_reserve {
  int64_t hs, cs, gates, dgx, dgh;   /* offsets inside a pseudo-layer's block */
  int64_t per_p;                     /* floats per pseudo-layer */
  int64_t outs;                      /* L - 1 layer outputs, T N D H each */
  int64_t drop;                      /* L - 1 dropout headers of 8 words */
  int64_t total;
} litdnn_rnn_reserve;

typedef struct litdnn_rnn_workspace {
  int64_t ints;             /* N lengths, T + 1 packed offsets (int32) */
  int64_t gx;               /* D x T N x G H: a layer's input products */
  int64_t gxs, gh;          /* P x N x G H: one step's products */
  int64_t pre;              /* P x N x S H: the pointwise chain's gates */
  int64_t hstate, cstate;   /* P x 2 slots x N H: the states, when not saved */
  int64_t outs;             /* L - 1 layer outputs, when not saved */
  int64_t dh, dc;           /* P x N H: gradients of the states */
  int64_t dtot;             /* P x N x 2 H: the backward chain's unit gradients */
  int64_t dys;              /* L - 1 gradients of the layer outputs */
  int64_t xz;               /* T N x I: x, zero in its padding */
  int64_t forward_total, total;
} litdnn_rnn_workspace;

/* returns 0 if a size overflows 64 bits */
int litdnn_rnn_spaces(const litdnn_rnn_shape *s, litdnn_rnn_reserve *r, litdnn_rnn_workspace *w);
typedef struct litdnn_rnn_args {
  const char *call;
  litdnn_rnn_shape s;
  int training;               /* forward: save what the backward passes need */
  int persistent_asked;       /* the descriptor's algo asks for the persistent stage */
  const int *len, *off, *rows_at;   /* host arrays of the data descriptor */
  const int *dlen, *doff;           /* the first two, on the backend */
  const float *w, *x, *hx, *cx;
  float *y, *hy, *cy;
  int y_fill;                 /* write fill into the padding of y */
  float fill;
  const float *dy, *dhy, *dcy;
  float *dx, *dhx, *dcx;
  float *dw;
  int add_grad;               /* backward weights: add to dw */
  float *work, *reserve;
  litdnn_rnn_workspace wl;
  litdnn_rnn_reserve rl;
  /* dropout between layers: training only, probability > 0 */
  int dropout;
  unsigned long long drop_seed;
  uint64_t drop_pass;         /* the pass of the first layer boundary */
  uint32_t drop_threshold;
  float drop_scale;
} litdnn_rnn_args;
#define RNN_FORWARD_STAGES(S)                                                                 \
  S(RNN_FORWARD_STAGE_CPU, "cpu", "the definition: layers, directions, steps, sequences, units", \
    CPU, litdnn_rnn_forward_cpu, NULL, DET)                                                   \
  S(RNN_FORWARD_STAGE_PER_GATE, "gemm per gate", "a product per gate and half, three pointwise kernels", \
    GPU, litdnn_rnn_forward_per_gate, NULL, DET)                                              \
  S(RNN_FORWARD_STAGE_GATES, "gates in one gemm", "the gates of a half stacked into one product", GPU, \
    litdnn_rnn_forward_gates, NULL, DET)                                                      \
  S(RNN_FORWARD_STAGE_HOISTED, "input gemm hoisted", "W x of all steps in one product before the loop", \
    GPU, litdnn_rnn_forward_hoisted, NULL, DET)                                               \
  S(RNN_FORWARD_STAGE_FUSED, "fused pointwise", "the activations and the state update in one kernel", \
    GPU, litdnn_rnn_forward_fused, NULL, DET)                                                 \
  S(RNN_FORWARD_STAGE_PERSISTENT, "persistent", "R in shared memory for all steps, a grid barrier between steps", \
    GPU, litdnn_rnn_forward_persistent, RNN_PERSISTENT_APPLIES, DET)                           \
  S(RNN_FORWARD_STAGE_WAVEFRONT, "wavefront", "the cells of a diagonal, or both directions, in one launch", \
    GPU, litdnn_rnn_forward_wavefront, wavefront_applies, DET)
#define RNN_BACKWARD_DATA_STAGES(S)                                                           \
  S(RNN_BACKWARD_DATA_STAGE_CPU, "cpu", "the chain rule, step by step from the last", CPU,    \
    litdnn_rnn_backward_data_cpu, NULL, DET)                                                  \
  S(RNN_BACKWARD_DATA_STAGE_PER_GATE, "gemm per gate", "a product per gate, two pointwise kernels", GPU, \
    litdnn_rnn_backward_data_per_gate, NULL, DET)                                             \
  S(RNN_BACKWARD_DATA_STAGE_GATES, "gates in one gemm", "the gates stacked into one product", GPU, \
    litdnn_rnn_backward_data_gates, NULL, DET)                                                \
  S(RNN_BACKWARD_DATA_STAGE_HOISTED, "input gemm hoisted", "W^T dg of all steps in one product after the loop", \
    GPU, litdnn_rnn_backward_data_hoisted, NULL, DET)                                         \
  S(RNN_BACKWARD_DATA_STAGE_FUSED, "fused pointwise", "the cell's backward equations in one kernel", GPU, \
    litdnn_rnn_backward_data_fused, NULL, DET)                                                \
  S(RNN_BACKWARD_DATA_STAGE_WAVEFRONT, "wavefront", "the cells of a diagonal, or both directions, in one launch", \
    GPU, litdnn_rnn_backward_data_wavefront, wavefront_applies, DET)
#define RNN_BACKWARD_WEIGHTS_STAGES(S)                                                        \
  S(RNN_BACKWARD_WEIGHTS_STAGE_CPU, "cpu", "three sums over the active rows", CPU,            \
    litdnn_rnn_backward_weights_cpu, NULL, DET)                                               \
  S(RNN_BACKWARD_WEIGHTS_STAGE_PER_GATE, "gemm per gate", "a product per gate and step", GPU, \
    litdnn_rnn_backward_weights_per_gate, NULL, DET)                                          \
  S(RNN_BACKWARD_WEIGHTS_STAGE_PER_STEP, "gemm per step", "a product per step for all gates", GPU, \
    litdnn_rnn_backward_weights_per_step, NULL, DET)                                          \
  S(RNN_BACKWARD_WEIGHTS_STAGE_HOISTED, "one gemm", "one product over all steps", GPU,        \
    litdnn_rnn_backward_weights_hoisted, NULL, DET)                                           \
  S(RNN_BACKWARD_WEIGHTS_STAGE_BATCHED, "all pseudo-layers at once", "one batched product for every pseudo-layer", \
    GPU, litdnn_rnn_backward_weights_batched, NULL, DET)
/* the persistent stage asks the device whether it fits: the kernel file's
   answer for the handle's backend (rnn_stages.c) */
const char *litdnn_rnn_persistent_fits_emu(litdnnHandle_t h, const void *args);
#if defined(LITDNN_HAVE_CUDA)
const char *litdnn_rnn_persistent_fits_cuda(litdnnHandle_t h, const void *args);
#endif
const char *litdnn_rnn_persistent_fits(litdnnHandle_t h, const void *args);
#define RNN_PERSISTENT_APPLIES litdnn_rnn_persistent_fits
enum { RNN_FORWARD_STAGES(LITDNN_STAGE_ID) };
enum { RNN_BACKWARD_DATA_STAGES(LITDNN_STAGE_ID) };
enum { RNN_BACKWARD_WEIGHTS_STAGES(LITDNN_STAGE_ID) };
RNN_FORWARD_STAGES(LITDNN_STAGE_DECLARE)
RNN_BACKWARD_DATA_STAGES(LITDNN_STAGE_DECLARE)
RNN_BACKWARD_WEIGHTS_STAGES(LITDNN_STAGE_DECLARE)
litdnnStatus_t litdnn_rnn_dropout_forward(litdnnHandle_t h, const litdnn_rnn_args *a, int l);
litdnnStatus_t litdnn_rnn_dropout_backward(litdnnHandle_t h, const litdnn_rnn_args *a, int l, float *grad);

#ifdef __cplusplus
}
#endif
#endif
