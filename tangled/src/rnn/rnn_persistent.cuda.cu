#line 2304 "chapters/10-rnn.nw"
#include "core/prelude.cuh"
#include "rnn/rnn.h"
#include "matmul/matmul.h"
#include <cooperative_groups.h>
#include <string.h>

#define RNN_FN static __device__ __forceinline__
#line 646 "chapters/10-rnn.nw"
RNN_FN float rnn_sigmoid(float v) { return 1.0f / (1.0f + expf(-v)); }

/* pre value `slot` of a unit: the input half of gate g's sum (gx + bw)
   plus its recurrent half (gh + br); the GRU's candidate keeps them apart */
RNN_FN float rnn_pre(int cell, int slot, float gx, float bw, float gh, float br)
{
  if (cell == LITDNN_GRU && slot >= 2)
    return slot == 2 ? gx + bw : gh + br;
  return (gx + bw) + (gh + br);
}
#line 664 "chapters/10-rnn.nw"
RNN_FN float rnn_activate(int cell, int slot, float v)
{
  switch (cell) {
  case LITDNN_RNN_RELU: return v < 0.0f ? 0.0f : v;
  case LITDNN_RNN_TANH: return tanhf(v);
  case LITDNN_LSTM: return slot == 2 ? tanhf(v) : rnn_sigmoid(v);
  default: return slot < 2 ? rnn_sigmoid(v) : v;   /* GRU: r, z; h~ waits for r */
  }
}
#line 679 "chapters/10-rnn.nw"
/* the new h of a unit from its activated values sv[0..S-1]; the LSTM's new
   c goes to *c_new; the GRU's candidate replaces sv[2] */
RNN_FN float rnn_update(int cell, float *sv, float h_prev, float c_prev, float *c_new)
{
  switch (cell) {
  case LITDNN_LSTM: {      /* sv: i, f, c~, o */
    float c = sv[1] * c_prev + sv[0] * sv[2];
    *c_new = c;
    return sv[3] * tanhf(c);
  }
  case LITDNN_GRU: {       /* sv: r, z, W x + bW, R h + bR */
    float n = tanhf(sv[2] + sv[0] * sv[3]);
    sv[2] = n;
    return (1.0f - sv[1]) * n + sv[1] * h_prev;
  }
  default:                 /* sv: h */
    return sv[0];
  }
}
#line 712 "chapters/10-rnn.nw"
/* the unit gradients du[0..1] of a unit whose new h has gradient dh and
   new c gradient dc; *dc_prev: the gradient of the old c; returns the
   direct part of the old h's gradient */
RNN_FN float rnn_unit_grads(int cell, const float *sv, float c, float dh, float dc, float *du,
                            float *dc_prev)
{
  switch (cell) {
  case LITDNN_RNN_RELU:
    du[0] = sv[0] > 0.0f ? dh : 0.0f;
    du[1] = 0.0f;
    return 0.0f;
  case LITDNN_RNN_TANH:
    du[0] = dh * (1.0f - sv[0] * sv[0]);
    du[1] = 0.0f;
    return 0.0f;
  case LITDNN_LSTM: {
    float tc = tanhf(c);
    du[0] = dc + dh * sv[3] * (1.0f - tc * tc);   /* the gradient of c_t */
    du[1] = dh * tc;                             /* of o */
    *dc_prev = du[0] * sv[1];
    return 0.0f;
  }
  default:                                       /* GRU */
    du[0] = dh;
    du[1] = dh * (1.0f - sv[1]) * (1.0f - sv[2] * sv[2]);   /* of h~'s sum */
    return dh * sv[1];
  }
}
#line 748 "chapters/10-rnn.nw"
RNN_FN float rnn_gate_grad(int cell, int g, const float *sv, float h_prev, float c_prev,
                           const float *du, float *dgh)
{
  float d;
  switch (cell) {
  case LITDNN_LSTM:
    d = g == 0 ? du[0] * sv[2] * sv[0] * (1.0f - sv[0])        /* i */
      : g == 1 ? du[0] * c_prev * sv[1] * (1.0f - sv[1])       /* f */
      : g == 2 ? du[0] * sv[0] * (1.0f - sv[2] * sv[2])        /* c~ */
               : du[1] * sv[3] * (1.0f - sv[3]);               /* o */
    break;
  case LITDNN_GRU:
    if (g == 2) {
      *dgh = du[1] * sv[0];
      return du[1];
    }
    d = g == 0 ? du[1] * sv[3] * sv[0] * (1.0f - sv[0])        /* r */
               : du[0] * (h_prev - sv[2]) * sv[1] * (1.0f - sv[1]);   /* z */
    break;
  default:
    d = du[0];
  }
  *dgh = d;
  return d;
}
#line 779 "chapters/10-rnn.nw"
RNN_FN int64_t rnn_row(int rows, int n, int t, int N, int T, const int *off)
{
  switch (rows) {
  case RNN_ROWS_SEQ: return (int64_t)t * N + n;
  case RNN_ROWS_BATCH: return (int64_t)n * T + t;
  case RNN_ROWS_PACKED: return n < off[t + 1] - off[t] ? off[t] + n : -1;
  default: return n;
  }
}
#line 826 "chapters/10-rnn.nw"
typedef struct rnn_io {
  const float *in;  int in_rows;  int64_t in_ld;    /* the layer's input rows */
  float *out;       int out_rows; int64_t out_ld;   /* its output rows (D H wide) */
  int fill;         float fill_value;               /* write into the output's padding */
  float *din;       /* backward: the gradient of the input, laid out as the input */
  const float *dout;   /* backward: the gradient of the output */
} rnn_io;

/* the buffer of layer l's output, l < L - 1 (reserve when training, else workspace) */
static inline float *rnn_layer_out(const litdnn_rnn_args *a, int l, int saved)
{
  const litdnn_rnn_shape *s = &a->s;
  int64_t each = (int64_t)s->T * s->N * s->D * s->H;
  return saved ? a->reserve + a->rl.outs + l * each : a->work + a->wl.outs + l * each;
}

static inline rnn_io rnn_layer_io(const litdnn_rnn_args *a, int l, int saved)
{
  const litdnn_rnn_shape *s = &a->s;
  rnn_io io;
  int64_t dh = (int64_t)s->D * s->H, each = (int64_t)s->T * s->N * dh;
  io.in = l == 0 ? a->x : rnn_layer_out(a, l - 1, saved);
  io.in_rows = l == 0 ? s->rows : RNN_ROWS_SEQ;
  io.in_ld = l == 0 ? s->I : dh;
  io.out = l == s->L - 1 ? a->y : rnn_layer_out(a, l, saved);
  io.out_rows = l == s->L - 1 ? s->rows : RNN_ROWS_SEQ;
  io.out_ld = dh;
  io.fill = l == s->L - 1 ? a->y_fill : 1;
  io.fill_value = l == s->L - 1 ? a->fill : 0.0f;
  io.din = l == 0 ? a->dx : a->work + a->wl.dys + (l - 1) * each;
  io.dout = l == s->L - 1 ? a->dy : a->work + a->wl.dys + l * each;
  return io;
}

/* slot k of pseudo-layer p's h (c) states: the reserve's T + 1 slots when
   saved, else two slots of the workspace used in turn */
static inline float *rnn_hslot(const litdnn_rnn_args *a, int p, int k, int saved)
{
  int64_t nh = (int64_t)a->s.N * a->s.H;
  return saved ? a->reserve + p * a->rl.per_p + a->rl.hs + k * nh : a->work + a->wl.hstate + (2 * p + (k & 1)) * nh;
}
static inline float *rnn_cslot(const litdnn_rnn_args *a, int p, int k, int saved)
{
  int64_t nh = (int64_t)a->s.N * a->s.H;
  return saved ? a->reserve + p * a->rl.per_p + a->rl.cs + k * nh : a->work + a->wl.cstate + (2 * p + (k & 1)) * nh;
}
/* the S saved values of step k, the gate gradients by input row, by step */
static inline float *rnn_saved(const litdnn_rnn_args *a, int p, int k)
{
  return a->reserve + p * a->rl.per_p + a->rl.gates + (int64_t)k * a->s.N * a->s.S * a->s.H;
}
static inline float *rnn_dgx(const litdnn_rnn_args *a, int p)
{
  return a->reserve + p * a->rl.per_p + a->rl.dgx;
}
static inline float *rnn_dgh(const litdnn_rnn_args *a, int p, int k)
{
  return a->reserve + p * a->rl.per_p + a->rl.dgh + (int64_t)k * a->s.N * a->s.G * a->s.H;
}
static inline const float *rnn_weight(const litdnn_rnn_args *a, int64_t offset)
{
  return offset < 0 ? NULL : a->w + offset;
}
#line 1232 "chapters/10-rnn.nw"
/* C = op(A) op(B) + beta C, column-major, for the matmul operation */
static litdnn_matmul_args rnn_mm(int transa, int transb, int m, int n, int k, const float *A, int64_t lda,
                                 const float *B, int64_t ldb, float beta, float *C, int64_t ldc)
{
  litdnn_matmul_args g;
  memset(&g, 0, sizeof g);
  g.transa = transa;
  g.transb = transb;
  g.m = m;
  g.n = n;
  g.k = k;
  g.batch = 1;
  g.alpha = 1.0f;
  g.beta = beta;
  g.A = A;
  g.B = B;
  g.C = C;
  g.lda = lda;
  g.ldb = ldb;
  g.ldc = ldc;
  return g;
}

static litdnnStatus_t rnn_run_mm(litdnnHandle_t h, const litdnn_rnn_args *a, litdnn_matmul_args g)
{
  g.call = a->call;
  g.math = (litdnnMathType_t)a->s.math;
  return litdnn_matmul_run(h, a->call, &g);
}

/* the same product for `batch` problems at constant distances */
static litdnnStatus_t rnn_run_mm_batch(litdnnHandle_t h, const litdnn_rnn_args *a, litdnn_matmul_args g, int batch,
                                       int64_t strideA, int64_t strideB, int64_t strideC)
{
  g.batch = batch;
  g.strideA = batch > 1 ? strideA : 0;
  g.strideB = batch > 1 ? strideB : 0;
  g.strideC = batch > 1 ? strideC : 0;
  return rnn_run_mm(h, a, g);
}
#line 1282 "chapters/10-rnn.nw"
typedef struct {
  const float *in;      /* the layer's input */
  int64_t in_ld;        /* its row length */
  float *gx;            /* the input products, G H per input row */
} rnn_inputs;

static litdnnStatus_t rnn_input_product(litdnnHandle_t h, const litdnn_rnn_args *a, const float *W, int64_t in_size,
                                        const rnn_inputs *io, int64_t r0, int64_t rows, int64_t mult, int gate)
{
  int64_t H = a->s.H, gh = (int64_t)a->s.G * H;
  const float *A = gate < 0 ? W : W + gate * H * in_size;
  float *C = io->gx + r0 * gh + (gate < 0 ? 0 : gate * H);
  return rnn_run_mm(h, a, rnn_mm(1, 0, (int)(gate < 0 ? gh : H), (int)rows, (int)in_size, A, in_size,
                                 io->in + r0 * io->in_ld, io->in_ld * mult, 0.0f, C, gh * mult));
}

static litdnnStatus_t rnn_recurrent_product(litdnnHandle_t h, const litdnn_rnn_args *a, const float *R,
                                            const float *hp, float *ghb, int rows, int gate)
{
  int64_t H = a->s.H, gh = (int64_t)a->s.G * H;
  const float *A = gate < 0 ? R : R + gate * H * H;
  return rnn_run_mm(h, a, rnn_mm(1, 0, (int)(gate < 0 ? gh : H), rows, (int)H, A, H, hp, H, 0.0f,
                                 ghb + (gate < 0 ? 0 : gate * H), gh));
}
#line 1315 "chapters/10-rnn.nw"
#define RNN_TRY(expr)                                \
  do {                                               \
    litdnnStatus_t rnn_st_ = (expr);                 \
    if (rnn_st_ != LITDNN_STATUS_SUCCESS)            \
      return rnn_st_;                                \
  } while (0)

/* the rows of step t in a buffer of row map `rows`: first row and spacing */
static void rnn_step_rows(const litdnn_rnn_args *a, int rows, int t, int64_t *r0, int64_t *mult)
{
  *r0 = rows == RNN_ROWS_SEQ ? (int64_t)t * a->s.N : rows == RNN_ROWS_BATCH ? t : a->off[t];
  *mult = rows == RNN_ROWS_BATCH ? a->s.T : 1;
}

static litdnnStatus_t rnn_input_products(litdnnHandle_t h, const litdnn_rnn_args *a, const float *W, int64_t in_size,
                                         const rnn_inputs *in, int64_t r0, int64_t rows, int64_t mult, int per_gate)
{
  if (!per_gate)
    return rnn_input_product(h, a, W, in_size, in, r0, rows, mult, -1);
  for (int g = 0; g < a->s.G; g++)
    RNN_TRY(rnn_input_product(h, a, W, in_size, in, r0, rows, mult, g));
  return LITDNN_STATUS_SUCCESS;
}

#line 1552 "chapters/10-rnn.nw"
/* state slot 0 of pseudo-layer p (or slot `first`): the initial state, or zero */
static litdnnStatus_t rnn_initial_states(litdnnHandle_t h, const litdnn_rnn_args *a, int p, int first)
{
  size_t bytes = (size_t)a->s.N * a->s.H * sizeof(float);
  int64_t nh = (int64_t)a->s.N * a->s.H;
  float *hs = rnn_hslot(a, p, first, a->training), *cs = rnn_cslot(a, p, first, a->training);
  litdnnStatus_t st = a->hx ? h->dev->memcpy_(hs, a->hx + p * nh, bytes, LITDNN_MEMCPY_DEVICE_TO_DEVICE, h->stream)
                            : h->dev->memset_(hs, 0, bytes, h->stream);
  if (st == LITDNN_STATUS_SUCCESS && a->s.cell == LITDNN_LSTM)
    st = a->cx ? h->dev->memcpy_(cs, a->cx + p * nh, bytes, LITDNN_MEMCPY_DEVICE_TO_DEVICE, h->stream)
               : h->dev->memset_(cs, 0, bytes, h->stream);
  return st == LITDNN_STATUS_SUCCESS ? st : litdnn_error(st, a->call, "setting the initial states failed");
}

/* hy and cy of pseudo-layer p from its last slot */
static litdnnStatus_t rnn_final_states(litdnnHandle_t h, const litdnn_rnn_args *a, int p, int last)
{
  size_t bytes = (size_t)a->s.N * a->s.H * sizeof(float);
  int64_t nh = (int64_t)a->s.N * a->s.H;
  litdnnStatus_t st = LITDNN_STATUS_SUCCESS;
  if (a->hy)
    st = h->dev->memcpy_(a->hy + p * nh, rnn_hslot(a, p, last, a->training), bytes, LITDNN_MEMCPY_DEVICE_TO_DEVICE,
                         h->stream);
  if (st == LITDNN_STATUS_SUCCESS && a->cy && a->s.cell == LITDNN_LSTM)
    st = h->dev->memcpy_(a->cy + p * nh, rnn_cslot(a, p, last, a->training), bytes, LITDNN_MEMCPY_DEVICE_TO_DEVICE,
                         h->stream);
  return st == LITDNN_STATUS_SUCCESS ? st : litdnn_error(st, a->call, "copying the final states failed");
}
#line 2321 "chapters/10-rnn.nw"
#define RNN_PERSISTENT_THREADS 256

typedef struct rnn_persistent_args {
  int cell, G, S, H, N, T, d, ub, training;
  const int *len, *off;
  const float *R, *bw, *br;
  const float *gx;              /* the input halves, as the fused kernel reads them */
  int64_t gx_ld;
  int gx_gs, gx_rows;
  float *hs, *cs;               /* slot 0 of the states */
  float *out;
  int64_t out_ld;
  int out_rows, fill;
  float fill_value;
  float *saved;                 /* the saved values of step 0, or NULL */
} rnn_persistent_args;

static __global__ void __launch_bounds__(RNN_PERSISTENT_THREADS) rnn_persistent_layer(rnn_persistent_args a)
{
  extern __shared__ float rs[];   /* G x H x ub: this block's rows of R, unit fastest */
  cooperative_groups::grid_group grid = cooperative_groups::this_grid();
  int u0 = (int)blockIdx.x * a.ub, units = a.H - u0 < a.ub ? a.H - u0 : a.ub;
  int64_t nh = (int64_t)a.N * a.H, slab = (int64_t)a.G * a.H * a.ub;
  for (int64_t e = threadIdx.x; e < slab; e += blockDim.x) {
    int u = (int)(e % a.ub);
    int64_t gk = e / a.ub;
    rs[e] = u < units ? a.R[((gk / a.H) * a.H + u0 + u) * a.H + gk % a.H] : 0.0f;
  }
  __syncthreads();
  int lstm = a.cell == LITDNN_LSTM;
  for (int step = 0; step < a.T; step++) {
    int t = a.d ? a.T - 1 - step : step;
    const float *hp = a.hs + (a.training ? step : step & 1) * nh, *cp = a.cs + (a.training ? step : step & 1) * nh;
    float *hn = a.hs + (a.training ? step + 1 : (step + 1) & 1) * nh;
    float *cn = a.cs + (a.training ? step + 1 : (step + 1) & 1) * nh;
    float *saved = a.saved ? a.saved + (int64_t)step * a.N * a.S * a.H : NULL;
    for (int p = threadIdx.x; p < a.N * a.ub; p += blockDim.x) {
      int n = p / a.ub, u = p % a.ub, j = u0 + u;
      if (u >= units)
        continue;
      int64_t k0 = (int64_t)n * a.H + j, orow = rnn_row(a.out_rows, n, t, a.N, a.T, a.off);
      if (t >= a.len[n]) {   /* keep the state; fill the output's padding */
        hn[k0] = __ldcg(hp + k0);
        if (lstm)
          cn[k0] = __ldcg(cp + k0);
        if (orow >= 0 && a.fill)
          a.out[orow * a.out_ld + j] = a.fill_value;
        continue;
      }
      float acc[4] = {0.0f, 0.0f, 0.0f, 0.0f};
      const float *hrow = hp + (int64_t)n * a.H;
      for (int k = 0; k < a.H; k++) {
        float hv = __ldcg(hrow + k);
        LITDNN_UNROLL
        for (int g = 0; g < 4; g++)
          if (g < a.G)
            acc[g] += rs[((int64_t)g * a.H + k) * a.ub + u] * hv;
      }
      int64_t row = rnn_row(a.gx_rows, n, t, a.N, a.T, a.off);
      float sv[4];
      LITDNN_UNROLL
      for (int slot = 0; slot < 4; slot++) {
        int g = slot < a.G ? slot : 2;
        if (slot < a.S)
          sv[slot] = rnn_activate(a.cell, slot,
                                  rnn_pre(a.cell, slot, a.gx[row * a.gx_ld + g * a.gx_gs + j],
                                          a.bw ? a.bw[g * a.H + j] : 0.0f, slot < a.G ? acc[slot] : acc[2],
                                          a.br ? a.br[g * a.H + j] : 0.0f));
      }
      float cnew = 0.0f, hnew = rnn_update(a.cell, sv, __ldcg(hp + k0), lstm ? __ldcg(cp + k0) : 0.0f, &cnew);
      hn[k0] = hnew;
      if (lstm)
        cn[k0] = cnew;
      a.out[orow * a.out_ld + j] = hnew;
      if (saved) {
        LITDNN_UNROLL
        for (int slot = 0; slot < 4; slot++)
          if (slot < a.S)
            saved[(int64_t)n * a.S * a.H + slot * a.H + j] = sv[slot];
      }
    }
    grid.sync();   /* every h_t is written before any block reads it as h_{t-1} */
  }
}
#line 2414 "chapters/10-rnn.nw"
typedef struct {
  int sms, smem_optin, cooperative;
} rnn_device;

static rnn_device rnn_device_of(void)
{
  static rnn_device dev = {0, 0, 0};
  if (dev.sms == 0) {
    int device = 0;
    struct cudaDeviceProp prop;
    if (cudaGetDevice(&device) == cudaSuccess && cudaGetDeviceProperties(&prop, device) == cudaSuccess) {
      dev.sms = prop.multiProcessorCount;
      dev.smem_optin = (int)prop.sharedMemPerBlockOptin;
      dev.cooperative = prop.cooperativeLaunch;
    } else {
      dev.sms = -1;
    }
  }
  return dev;
}

/* units per block, blocks, and the bytes of shared memory each needs */
static void rnn_persistent_shape(const litdnn_rnn_shape *s, const rnn_device *dev, int *ub, int *blocks, size_t *smem)
{
  int sms = dev->sms > 0 ? dev->sms : 1;
  *ub = (s->H + sms - 1) / sms;
  *blocks = (s->H + *ub - 1) / *ub;
  *smem = (size_t)s->G * s->H * *ub * sizeof(float);
}

const char *litdnn_rnn_persistent_fits(litdnnHandle_t h, const void *args)
{
  const litdnn_rnn_args *a = (const litdnn_rnn_args *)args;
  rnn_device dev = rnn_device_of();
  if (dev.sms <= 0)
    return "the device could not be asked for its SMs and shared memory";
  if (!dev.cooperative)
    return "the device cannot launch a cooperative grid";
  int ub, blocks;
  size_t smem;
  rnn_persistent_shape(&a->s, &dev, &ub, &blocks, &smem);
  if (smem > (size_t)dev.smem_optin)
    return "the rows of R a block keeps do not fit in its shared memory (hidden size too large)";
  return NULL;
}
#line 2467 "chapters/10-rnn.nw"
litdnnStatus_t LITDNN_GPU_FN(litdnn_rnn_forward_persistent)(litdnnHandle_t h, const void *args)
{
  const litdnn_rnn_args *a = (const litdnn_rnn_args *)args;
  const litdnn_rnn_shape *s = &a->s;
  rnn_device dev = rnn_device_of();
  int ub, blocks;
  size_t smem;
  rnn_persistent_shape(s, &dev, &ub, &blocks, &smem);
  if (cudaFuncSetAttribute((const void *)rnn_persistent_layer, cudaFuncAttributeMaxDynamicSharedMemorySize,
                           (int)smem) != cudaSuccess)
    return litdnn_error(LITDNN_STATUS_EXECUTION_FAILED_CUDA, a->call,
                        "the persistent kernel cannot have %zu bytes of shared memory", smem);
  int64_t gh = (int64_t)s->G * s->H;
  for (int l = 0; l < s->L; l++) {
    rnn_io io = rnn_layer_io(a, l, a->training);
    int64_t in_size = litdnn_rnn_layer_in(s, l), in_rows = l == 0 ? s->xrows : (int64_t)s->T * s->N;
    for (int d = 0; d < s->D; d++) {
      int p = l * s->D + d;
      const float *W = rnn_weight(a, litdnn_rnn_w_offset(s, p));
      rnn_inputs in = {io.in, io.in_ld, a->work + a->wl.gx + d * (int64_t)s->T * s->N * gh};
      if (W)
        RNN_TRY(rnn_input_products(h, a, W, in_size, &in, 0, in_rows, 1, 0));
      RNN_TRY(rnn_initial_states(h, a, p, 0));
      rnn_persistent_args k;
      memset(&k, 0, sizeof k);
      k.cell = s->cell, k.G = s->G, k.S = s->S, k.H = s->H, k.N = s->N, k.T = s->T, k.d = d, k.ub = ub;
      k.training = a->training;
      k.len = a->dlen, k.off = a->doff;
      k.R = a->w + litdnn_rnn_r_offset(s, p);
      k.bw = rnn_weight(a, litdnn_rnn_bias_offset(s, p, 0));
      k.br = rnn_weight(a, litdnn_rnn_bias_offset(s, p, 1));
      k.gx = W ? in.gx : io.in;
      k.gx_ld = W ? gh : io.in_ld;
      k.gx_gs = W ? s->H : 0;
      k.gx_rows = io.in_rows;
      k.hs = rnn_hslot(a, p, 0, a->training);
      k.cs = rnn_cslot(a, p, 0, a->training);
      k.out = io.out + d * s->H, k.out_ld = io.out_ld, k.out_rows = io.out_rows;
      k.fill = io.fill, k.fill_value = io.fill_value;
      k.saved = a->training ? rnn_saved(a, p, 0) : NULL;
      void *params[] = {&k};
      cudaError_t e = cudaLaunchCooperativeKernel((const void *)rnn_persistent_layer, litdnn_dim3((unsigned)blocks, 1, 1),
                                                  litdnn_dim3(RNN_PERSISTENT_THREADS, 1, 1), params, smem,
                                                  litdnn_gpu_stream(h));
      if (e != cudaSuccess)
        return litdnn_error(LITDNN_STATUS_EXECUTION_FAILED_CUDA, a->call,
                            "the cooperative launch of rnn_persistent_layer (%d blocks, %zu bytes) failed: %s",
                            blocks, smem, cudaGetErrorString(e));
      RNN_TRY(rnn_final_states(h, a, p, s->T));
    }
    if (a->dropout && l < s->L - 1)
      RNN_TRY(litdnn_rnn_dropout_forward(h, a, l));
  }
  return LITDNN_STATUS_SUCCESS;
}
