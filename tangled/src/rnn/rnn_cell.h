/* The cell equations of one unit, and where a pseudo-layer's values are,
   for rnn_cpu.c and rnn_kernels.cu. Each defines RNN_FN (an ordinary or a
   device function) before it includes this header, once. */
RNN_FN float rnn_sigmoid(float v) { return 1.0f / (1.0f + expf(-v)); }

/* pre value `slot` of a unit: the input half of gate g's sum (gx + bw)
   plus its recurrent half (gh + br); the GRU's candidate keeps them apart */
RNN_FN float rnn_pre(int cell, int slot, float gx, float bw, float gh, float br)
{
  if (cell == LITDNN_GRU && slot >= 2)
    return slot == 2 ? gx + bw : gh + br;
  return (gx + bw) + (gh + br);
}
RNN_FN float rnn_activate(int cell, int slot, float v)
{
  switch (cell) {
  case LITDNN_RNN_RELU: return v < 0.0f ? 0.0f : v;
  case LITDNN_RNN_TANH: return tanhf(v);
  case LITDNN_LSTM: return slot == 2 ? tanhf(v) : rnn_sigmoid(v);
  default: return slot < 2 ? rnn_sigmoid(v) : v;   /* GRU: r, z; h~ waits for r */
  }
}
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
RNN_FN int64_t rnn_row(int rows, int n, int t, int N, int T, const int *off)
{
  switch (rows) {
  case RNN_ROWS_SEQ: return (int64_t)t * N + n;
  case RNN_ROWS_BATCH: return (int64_t)n * T + t;
  case RNN_ROWS_PACKED: return n < off[t + 1] - off[t] ? off[t] + n : -1;
  default: return n;
  }
}
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
