/* Recurrent networks: every stage of the forward, backward data and
 * backward weights passes, on every backend, against a double-precision
 * reference written here from the cell equations. The weights are placed
 * through litdnnGetRNNWeightParams, so the tests also pin down the weight
 * layout and the gate order. The backward passes are checked against
 * central finite differences of the reference, so the reference's own
 * backward pass is never trusted. Then bad input for every call. */
#include "common.h"
#include "dropout/philox.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ problems */
typedef struct {
  litdnnRNNMode_t cell;
  int layers, bidir;
  litdnnRNNBiasMode_t bias;
  int skip;
  int H, I, N, T;
  litdnnRNNDataLayout_t layout;
  int lens[64];        /* N lengths */
  int hx, cx;          /* pass initial states (else NULL: zero) */
  int dhy, dhx;        /* backward: pass dhy/dcy; ask for dhx/dcx */
  float dropout;       /* between layers, training only */
  int fill;            /* y's descriptor has a padding fill */
  litdnnMathType_t math;
} problem;

#define SEQ LITDNN_RNN_DATA_LAYOUT_SEQ_MAJOR_UNPACKED
#define PACKED LITDNN_RNN_DATA_LAYOUT_SEQ_MAJOR_PACKED
#define BATCH LITDNN_RNN_DATA_LAYOUT_BATCH_MAJOR_UNPACKED
#define FMA LITDNN_MATH_FMA
static const problem problems[] = {
  /* cell        L  bi bias                        skip  H  I  N  T  layout  lens              hx cx dhy dhx drop  fill math */
  {LITDNN_LSTM,     1, 0, LITDNN_RNN_DOUBLE_BIAS,     0, 5, 3, 3, 4, SEQ,    {4, 4, 4},          1, 1, 1, 1, 0.0f, 0, FMA},
  {LITDNN_GRU,      2, 1, LITDNN_RNN_DOUBLE_BIAS,     0, 3, 4, 2, 5, BATCH,  {5, 2},             1, 0, 1, 1, 0.0f, 1, FMA},
  {LITDNN_RNN_RELU, 3, 0, LITDNN_RNN_SINGLE_INP_BIAS, 0, 7, 2, 4, 3, PACKED, {3, 3, 2, 1},       0, 0, 0, 1, 0.0f, 0, FMA},
  {LITDNN_RNN_TANH, 1, 1, LITDNN_RNN_NO_BIAS,         0, 1, 1, 1, 1, SEQ,    {1},                1, 0, 1, 1, 0.0f, 0, FMA},
  {LITDNN_LSTM,     2, 1, LITDNN_RNN_SINGLE_REC_BIAS, 0, 2, 5, 3, 6, SEQ,    {2, 6, 4},          0, 1, 1, 0, 0.4f, 1, FMA},
  {LITDNN_GRU,      1, 0, LITDNN_RNN_DOUBLE_BIAS,     1, 4, 4, 2, 3, PACKED, {3, 1},             0, 0, 1, 1, 0.0f, 0, FMA},
  {LITDNN_LSTM,     3, 0, LITDNN_RNN_DOUBLE_BIAS,     1, 3, 3, 5, 2, BATCH,  {1, 2, 2, 1, 2},    1, 1, 0, 1, 0.3f, 0, FMA},
  {LITDNN_RNN_RELU, 2, 1, LITDNN_RNN_DOUBLE_BIAS,     0, 11, 6, 2, 3, SEQ,   {3, 3},             1, 0, 1, 1, 0.0f, 0, LITDNN_MATH_TF32},
  {LITDNN_GRU,      3, 1, LITDNN_RNN_SINGLE_INP_BIAS, 0, 2, 3, 3, 4, PACKED, {4, 3, 1},          1, 0, 1, 1, 0.5f, 0, FMA},
  {LITDNN_RNN_TANH, 2, 0, LITDNN_RNN_DOUBLE_BIAS,     0, 13, 1, 1, 7, SEQ,   {7},                0, 0, 1, 1, 0.0f, 0, FMA},
  /* every sequence shorter than T: the last steps have no active sequence */
  {LITDNN_RNN_TANH, 1, 1, LITDNN_RNN_DOUBLE_BIAS,     1, 2, 2, 1, 5, PACKED, {3},                1, 0, 1, 1, 0.0f, 1, FMA},
  {LITDNN_LSTM,     2, 0, LITDNN_RNN_DOUBLE_BIAS,     0, 3, 2, 2, 6, BATCH,  {2, 4},             1, 1, 1, 1, 0.0f, 1, FMA},
  /* the persistent kernel's 4 x 4 tiles: N and G H / blocks not multiples
     of 4, several rounds of tiles, h in tiles (the emulator's tile is 12
     values), copied one float at a time or four */
  {LITDNN_LSTM,     1, 1, LITDNN_RNN_DOUBLE_BIAS,     0, 9, 4, 7, 3, SEQ,    {3, 1, 2, 3, 3, 2, 1}, 1, 1, 1, 1, 0.0f, 1, FMA},
  {LITDNN_GRU,      2, 0, LITDNN_RNN_DOUBLE_BIAS,     0, 17, 5, 6, 4, BATCH, {4, 2, 4, 3, 1, 4}, 1, 0, 1, 1, 0.0f, 0, FMA},
  {LITDNN_RNN_RELU, 1, 0, LITDNN_RNN_SINGLE_INP_BIAS, 0, 20, 3, 5, 3, PACKED, {3, 3, 2, 2, 1},   1, 0, 1, 1, 0.0f, 0, FMA},
  {LITDNN_RNN_TANH, 1, 0, LITDNN_RNN_SINGLE_REC_BIAS, 0, 12, 2, 4, 2, SEQ,   {2, 2, 1, 2},       0, 0, 1, 1, 0.0f, 1, FMA},
  /* 640 rows of gate gradients: the bias gradients' column sums cut them
     into two pieces of 320 rows */
  {LITDNN_GRU,      1, 0, LITDNN_RNN_DOUBLE_BIAS,     0, 3, 2, 8, 80, SEQ,   {80, 75, 80, 33, 80, 80, 1, 64}, 1, 0, 1, 1, 0.0f, 0, FMA},
};
#define NPROBLEMS ((int)(sizeof problems / sizeof problems[0]))

static int gates_of(litdnnRNNMode_t cell) { return cell == LITDNN_LSTM ? 4 : cell == LITDNN_GRU ? 3 : 1; }

/* the row of (n, t) in x or y, or -1 when the packed layout has none */
static long row_of(const problem *p, int n, int t)
{
  if (p->layout == SEQ)
    return (long)t * p->N + n;
  if (p->layout == BATCH)
    return (long)n * p->T + t;
  long r = 0;
  for (int s = 0; s < t; s++)
    for (int k = 0; k < p->N; k++)
      r += p->lens[k] > s;
  return n < p->N && p->lens[n] > t ? r + n : -1;   /* packed lengths are sorted */
}
static long rows_of(const problem *p)
{
  long r = 0;
  if (p->layout != PACKED)
    return (long)p->T * p->N;
  for (int n = 0; n < p->N; n++)
    r += p->lens[n];
  return r;
}

/* ------------------------------------------------ canonical weights */
/* Every matrix and bias of the network, by (pseudo-layer, linear layer
   id), with its offset in one flat array; -1 where it does not exist. */
typedef struct {
  int P, G, D;
  long m_off[16][8], b_off[16][8];   /* [pseudo-layer][linLayerID] */
  int m_cols[16][8];
  long count;
} canon;

static canon canon_of(const problem *p)
{
  canon c;
  memset(&c, 0, sizeof c);
  c.D = p->bidir ? 2 : 1;
  c.P = p->layers * c.D;
  c.G = gates_of(p->cell);
  cr_assert(c.P <= 16, "test problems have at most 16 pseudo-layers");
  int has_bw = p->bias == LITDNN_RNN_DOUBLE_BIAS || p->bias == LITDNN_RNN_SINGLE_INP_BIAS;
  int has_br = p->bias == LITDNN_RNN_DOUBLE_BIAS || p->bias == LITDNN_RNN_SINGLE_REC_BIAS;
  for (int q = 0; q < c.P; q++)
    for (int id = 0; id < 2 * c.G; id++) {
      int rec = id >= c.G, in = q < c.D ? p->I : c.D * p->H;
      int cols = rec ? p->H : in;
      c.m_cols[q][id] = cols;
      if (!rec && q < c.D && p->skip)
        c.m_off[q][id] = -1;
      else {
        c.m_off[q][id] = c.count;
        c.count += (long)p->H * cols;
      }
      if ((rec && has_br) || (!rec && has_bw)) {
        c.b_off[q][id] = c.count;
        c.count += p->H;
      } else {
        c.b_off[q][id] = -1;
      }
    }
  return c;
}

/* ------------------------------------------ the reference, in double */
typedef struct {
  const double *x, *hx, *cx, *w;   /* w: canonical */
  double *y, *hy, *cy;             /* y: rows_of x (D H), hy/cy: P N H */
  double drop_scale;               /* dropout: kept elements are scaled by this */
  const unsigned char *keep;       /* (L - 1) x T N D H: 1 = kept, or NULL */
} ref_io;

static double sigm(double v) { return 1.0 / (1.0 + exp(-v)); }

/* one layer-direction, the definition: gate sums, then the cell */
/* the smallest |input| of a ReLU unit in the reference passes since it was reset */
static double ref_relu_margin = INFINITY;

static void ref_forward(const problem *p, const canon *c, ref_io *io)
{
  int H = p->H, N = p->N, T = p->T, D = c->D, G = c->G;
  long DH = (long)D * H, TN = (long)T * N;
  double *prev = NULL, *cur = NULL;
  for (int l = 0; l < p->layers; l++) {
    int last = l == p->layers - 1;
    cur = last ? io->y : calloc((size_t)(TN * DH), sizeof(double));
    long in_size = l == 0 ? p->I : DH;
    for (int d = 0; d < D; d++) {
      int q = l * D + d;
      double *h = calloc((size_t)(N * H), sizeof(double)), *cs = calloc((size_t)(N * H), sizeof(double));
      double *hn = calloc((size_t)(N * H), sizeof(double));
      for (long k = 0; k < (long)N * H; k++) {
        h[k] = io->hx ? io->hx[q * N * H + k] : 0.0;
        cs[k] = io->cx ? io->cx[q * N * H + k] : 0.0;
      }
      for (int step = 0; step < T; step++) {
        int t = d ? T - 1 - step : step;
        for (int n = 0; n < N; n++) {
          if (t >= p->lens[n])
            continue;   /* the state stays */
          const double *xin = l == 0 ? io->x + row_of(p, n, t) * in_size : prev + ((long)t * N + n) * DH;
          long orow = last ? row_of(p, n, t) : (long)t * N + n;
          for (int j = 0; j < H; j++) {
            double a[4], b[4];   /* input and recurrent halves of each gate */
            for (int g = 0; g < G; g++) {
              long wo = c->m_off[q][g], ro = c->m_off[q][G + g];
              a[g] = c->b_off[q][g] >= 0 ? io->w[c->b_off[q][g] + j] : 0.0;
              b[g] = c->b_off[q][G + g] >= 0 ? io->w[c->b_off[q][G + g] + j] : 0.0;
              for (long i = 0; i < in_size; i++)
                a[g] += wo >= 0 ? io->w[wo + j * in_size + i] * xin[i] : (i == j ? xin[i] : 0.0);
              for (int k = 0; k < H; k++)
                b[g] += io->w[ro + j * H + k] * h[n * H + k];
            }
            double hv;
            switch (p->cell) {
            case LITDNN_RNN_RELU:
              hv = a[0] + b[0] > 0 ? a[0] + b[0] : 0.0;
              ref_relu_margin = fmin(ref_relu_margin, fabs(a[0] + b[0]));
              break;
            case LITDNN_RNN_TANH: hv = tanh(a[0] + b[0]); break;
            case LITDNN_LSTM: {
              double i = sigm(a[0] + b[0]), f = sigm(a[1] + b[1]), g = tanh(a[2] + b[2]), o = sigm(a[3] + b[3]);
              double cv = f * cs[n * H + j] + i * g;
              hv = o * tanh(cv);
              cs[n * H + j] = cv;   /* unit j's c is read only by unit j */
              break;
            }
            default: {
              double r = sigm(a[0] + b[0]), z = sigm(a[1] + b[1]), nn = tanh(a[2] + r * b[2]);
              hv = (1 - z) * nn + z * h[n * H + j];
            }
            }
            hn[n * H + j] = hv;
            cur[orow * DH + d * H + j] = hv;
          }
        }
        for (int n = 0; n < N; n++)
          if (t < p->lens[n])
            memcpy(h + n * H, hn + n * H, (size_t)H * sizeof(double));
      }
      if (io->hy)
        memcpy(io->hy + q * N * H, h, (size_t)(N * H) * sizeof(double));
      if (io->cy)
        memcpy(io->cy + q * N * H, cs, (size_t)(N * H) * sizeof(double));
      free(h), free(cs), free(hn);
    }
    if (!last && io->keep)
      for (long e = 0; e < TN * DH; e++)
        cur[e] = io->keep[l * TN * DH + e] ? cur[e] * io->drop_scale : 0.0;
    free(prev);
    prev = last ? NULL : cur;
  }
}

/* the dropout mask the library draws for the pass `pass` of a seed */
static unsigned char *dropout_keep(const problem *p, unsigned long long seed, uint64_t pass0)
{
  int D = p->bidir ? 2 : 1;
  long each = (long)p->T * p->N * D * p->H;
  unsigned char *keep = malloc((size_t)((p->layers - 1) * each + 1));
  uint32_t threshold = (uint32_t)floor((double)p->dropout * 4294967296.0), k0, k1;
  for (int l = 0; l < p->layers - 1; l++) {
    litdnn_dropout_pass_key(seed, pass0 + (uint64_t)l, &k0, &k1);
    for (long e = 0; e < each; e++)
      keep[l * each + e] = litdnn_philox_group((uint64_t)(e / 4), k0, k1).v[e % 4] >= threshold;
  }
  return keep;
}

/* ------------------------------------------------ host data of a case */
typedef struct {
  const problem *p;
  canon c;
  int D, P, G;
  long xrows, nx, ny, ns;       /* sizes of x, y, one state tensor */
  float *x, *w, *hx, *cx;       /* inputs */
  float *dy, *dhy, *dcy;        /* output gradients */
  unsigned long long seed;
  unsigned char *keep;          /* dropout of the training pass, or NULL */
  float drop_scale;
} data;

static int active(const problem *p, long row)
{
  for (int n = 0; n < p->N; n++)
    for (int t = 0; t < p->lens[n]; t++)
      if (row_of(p, n, t) == row)
        return 1;
  return 0;
}

static data draw_data(const problem *p)
{
  data d;
  memset(&d, 0, sizeof d);
  d.p = p;
  d.c = canon_of(p);
  d.D = d.c.D;
  d.P = d.c.P;
  d.G = d.c.G;
  d.xrows = rows_of(p);
  d.nx = d.xrows * p->I;
  d.ny = d.xrows * d.D * p->H;
  d.ns = (long)d.P * p->N * p->H;
  d.x = t_random((size_t)d.nx, -1, 1);
  d.w = t_random((size_t)d.c.count, -0.6f, 0.6f);
  d.hx = t_random((size_t)d.ns, -1, 1);
  d.cx = t_random((size_t)d.ns, -1, 1);
  d.dy = t_random((size_t)d.ny, -1, 1);
  d.dhy = t_random((size_t)d.ns, -1, 1);
  d.dcy = t_random((size_t)d.ns, -1, 1);
  /* a state the library is not given is zero; the reference and the finite
     differences use these zeros, so dhx is the gradient at a zero state */
  if (!p->hx)
    memset(d.hx, 0, (size_t)d.ns * sizeof(float));
  if (!p->cx)
    memset(d.cx, 0, (size_t)d.ns * sizeof(float));
  /* the padding of x and dy holds NaN: no stage may read it */
  for (long r = 0; r < d.xrows; r++)
    if (!active(p, r)) {
      for (int i = 0; i < p->I; i++)
        d.x[r * p->I + i] = NAN;
      for (long k = 0; k < d.D * p->H; k++)
        d.dy[r * d.D * p->H + k] = NAN;
    }
  d.seed = ((unsigned long long)t_rand_u32() << 32) | t_rand_u32();
  if (p->dropout > 0 && p->layers > 1) {
    d.keep = dropout_keep(p, d.seed, 0);
    d.drop_scale = (float)(1.0 / (1.0 - (double)p->dropout));
  }
  return d;
}

static void free_data(data *d)
{
  free(d->x), free(d->w), free(d->hx), free(d->cx), free(d->dy), free(d->dhy), free(d->dcy), free(d->keep);
}

static double *to_double(const float *f, long n)
{
  double *r = malloc((size_t)(n ? n : 1) * sizeof *r);
  for (long i = 0; i < n; i++)
    r[i] = f[i];
  return r;
}

/* the reference forward pass; training applies the dropout mask */
static void reference(const data *d, const double *x, const double *w, const double *hx, const double *cx,
                      int training, double *y, double *hy, double *cy)
{
  const problem *p = d->p;
  ref_io io = {x, hx, p->cell == LITDNN_LSTM ? cx : NULL, w, y, hy,
               p->cell == LITDNN_LSTM ? cy : NULL, d->drop_scale, training ? d->keep : NULL};
  ref_forward(p, &d->c, &io);
}

/* the loss whose gradients the backward passes compute:
   sum dy . y (active rows) + sum dhy . hy + sum dcy . cy */
static double loss(const data *d, const double *x, const double *w, const double *hx, const double *cx)
{
  const problem *p = d->p;
  double *y = calloc((size_t)d->ny, sizeof *y), *hy = calloc((size_t)d->ns, sizeof *hy);
  double *cy = calloc((size_t)d->ns, sizeof *cy), f = 0;
  reference(d, x, w, hx, cx, 1, y, hy, cy);
  for (long r = 0; r < d->xrows; r++)
    if (active(p, r))
      for (long k = 0; k < d->D * p->H; k++)
        f += (double)d->dy[r * d->D * p->H + k] * y[r * d->D * p->H + k];
  for (long k = 0; k < d->ns; k++) {
    f += p->dhy ? (double)d->dhy[k] * hy[k] : 0.0;
    f += p->dhy && p->cell == LITDNN_LSTM ? (double)d->dcy[k] * cy[k] : 0.0;
  }
  free(y), free(hy), free(cy);
  return f;
}

/* A ReLU unit whose input lies near zero makes the comparisons below
   meaningless, in two ways. TF32 products carry relative errors near 2^-11:
   enough to move an input within a few thousandths of zero to its other side,
   so that the library's forward pass and the exact reference disagree on
   which units are active and the gradients differ by whole terms, not by
   rounding (seed 370454768 did this to 433 of the 1188 weight gradients of
   the TF32 ReLU problem on a GPU). And a central difference whose step
   crosses the kink measures neither side's slope: in FP32, seed 205563443
   drew a unit input 3.3e-7 from zero, within reach of the step of 1e-6, and
   dhx missed by 7%. A ReLU problem therefore draws its data again until no
   unit's input in the reference forward pass lies within the margin of zero
   (0.005 in TF32 math, 1e-4 in FP32: a hundred steps); the tolerances stay
   as they are. */
#define RELU_TF32_MARGIN 0.005
#define RELU_FP32_MARGIN 1e-4

static data make_data(const problem *p)
{
  for (int draw = 0;; draw++) {
    data d = draw_data(p);
    if (p->cell != LITDNN_RNN_RELU)
      return d;
    double *x = to_double(d.x, d.nx), *w = to_double(d.w, d.c.count), *hx = to_double(d.hx, d.ns);
    double *y = calloc((size_t)d.ny, sizeof *y), *hy = calloc((size_t)d.ns, sizeof *hy);
    ref_relu_margin = INFINITY;
    reference(&d, x, w, hx, NULL, 1, y, hy, NULL);
    double margin = ref_relu_margin;
    free(x), free(w), free(hx), free(y), free(hy);
    double want = p->math == LITDNN_MATH_TF32 ? RELU_TF32_MARGIN : RELU_FP32_MARGIN;
    if (margin >= want)
      return d;
    cr_assert(draw < 1000, "1000 draws of data for a ReLU problem all put a unit within %g of zero", want);
    free_data(&d);
  }
}

/* central differences of the loss along every element of v (n of them) */
static double *finite_differences(const data *d, double *x, double *w, double *hx, double *cx, double *v, long n)
{
  double *g = malloc((size_t)(n ? n : 1) * sizeof *g), eps = 1e-6;
  for (long i = 0; i < n; i++) {
    double save = v[i];
    if (isnan(save)) {   /* padding: the loss does not read it */
      g[i] = 0;
      continue;
    }
    v[i] = save + eps;
    double up = loss(d, x, w, hx, cx);
    v[i] = save - eps;
    double down = loss(d, x, w, hx, cx);
    v[i] = save;
    g[i] = (up - down) / (2 * eps);
  }
  return g;
}

/* ------------------------------------------------- the library side */
typedef struct {
  litdnnHandle_t h;
  litdnnRNNDescriptor_t rnn;
  litdnnRNNDataDescriptor_t xd, yd;
  litdnnTensorDescriptor_t hd, mdesc, bdesc;
  litdnnDropoutDescriptor_t drop;
  void *states;
  size_t wbytes, work_bytes, reserve_bytes;
  float *dw_base, *dwork, *dreserve, *dx_in, *dhx, *dcx, *dy_;
  long wfloats;
} net;

static void check(litdnnStatus_t s, const char *what)
{
  cr_assert(s == LITDNN_STATUS_SUCCESS, "%s: %s: %s", what, litdnnGetErrorString(s), litdnnGetLastErrorString());
}

static net open_net(litdnnHandle_t h, const data *d, int training)
{
  const problem *p = d->p;
  net k;
  memset(&k, 0, sizeof k);
  k.h = h;
  check(litdnnCreateRNNDescriptor(&k.rnn), "create");
  if (p->dropout > 0) {
    size_t sb;
    check(litdnnCreateDropoutDescriptor(&k.drop), "create dropout");
    check(litdnnDropoutGetStatesSize(h, &sb), "dropout states size");
    k.states = t_dev_alloc(h, sb);
    check(litdnnSetDropoutDescriptor(k.drop, h, p->dropout, k.states, sb, d->seed), "set dropout");
  }
  check(litdnnSetRNNDescriptor(k.rnn, LITDNN_RNN_ALGO_STANDARD, p->cell, p->bias,
                               p->bidir ? LITDNN_BIDIRECTIONAL : LITDNN_UNIDIRECTIONAL,
                               p->skip ? LITDNN_SKIP_INPUT : LITDNN_LINEAR_INPUT, LITDNN_DATA_FLOAT,
                               LITDNN_DATA_FLOAT, p->math, p->I, p->H, p->H, p->layers, k.drop,
                               p->layout == PACKED ? LITDNN_RNN_PADDED_IO_DISABLED : LITDNN_RNN_PADDED_IO_ENABLED),
        "litdnnSetRNNDescriptor");
  float fill = -7.5f;
  check(litdnnCreateRNNDataDescriptor(&k.xd), "create x");
  check(litdnnCreateRNNDataDescriptor(&k.yd), "create y");
  check(litdnnSetRNNDataDescriptor(k.xd, LITDNN_DATA_FLOAT, p->layout, p->T, p->N, p->I, p->lens, NULL), "set x");
  check(litdnnSetRNNDataDescriptor(k.yd, LITDNN_DATA_FLOAT, p->layout, p->T, p->N, d->D * p->H, p->lens,
                                   p->fill ? &fill : NULL),
        "set y");
  int dims[3] = {d->P, p->N, p->H}, strides[3] = {p->N * p->H, p->H, 1};
  check(litdnnCreateTensorDescriptor(&k.hd), "create h");
  check(litdnnSetTensorNdDescriptor(k.hd, LITDNN_DATA_FLOAT, 3, dims, strides), "set h");
  check(litdnnCreateTensorDescriptor(&k.mdesc), "create m");
  check(litdnnCreateTensorDescriptor(&k.bdesc), "create b");
  check(litdnnGetRNNWeightSpaceSize(h, k.rnn, &k.wbytes), "weight space size");
  check(litdnnGetRNNTempSpaceSizes(h, k.rnn, training ? LITDNN_FWD_MODE_TRAINING : LITDNN_FWD_MODE_INFERENCE,
                                   k.xd, &k.work_bytes, &k.reserve_bytes),
        "temp space sizes");
  k.wfloats = (long)(k.wbytes / sizeof(float));
  k.dwork = t_dev_poisoned(h, k.work_bytes / sizeof(float) + 1);
  k.dreserve = training ? t_dev_poisoned(h, k.reserve_bytes / sizeof(float) + 1) : NULL;
  return k;
}

static void close_net(net *k)
{
  t_dev_free(k->h, k->dwork);
  if (k->dreserve)
    t_dev_free(k->h, k->dreserve);
  if (k->states)
    t_dev_free(k->h, k->states);
  litdnnDestroyDropoutDescriptor(k->drop);
  litdnnDestroyRNNDescriptor(k->rnn);
  litdnnDestroyRNNDataDescriptor(k->xd);
  litdnnDestroyRNNDataDescriptor(k->yd);
  litdnnDestroyTensorDescriptor(k->hd);
  litdnnDestroyTensorDescriptor(k->mdesc);
  litdnnDestroyTensorDescriptor(k->bdesc);
}

/* Where each canonical matrix and bias is in the weight space, as
   litdnnGetRNNWeightParams says: offsets in floats, -1 for none. The
   shapes it reports are checked against the canonical ones. */
static void weight_map(net *k, const data *d, const void *base, long *m_at, long *b_at)
{
  const problem *p = d->p;
  for (int q = 0; q < d->P; q++)
    for (int id = 0; id < 2 * d->G; id++) {
      void *m, *b;
      check(litdnnGetRNNWeightParams(k->h, k->rnn, q, k->wbytes, base, id, k->mdesc, &m, k->bdesc, &b),
            "litdnnGetRNNWeightParams");
      int nb, dims[3], strides[3];
      litdnnDataType_t dt;
      check(litdnnGetTensorNdDescriptor(k->mdesc, 3, &dt, &nb, dims, strides), "matrix descriptor");
      if (d->c.m_off[q][id] < 0) {
        cr_assert(m == NULL && nb == 0, "pseudo-layer %d id %d: the skipped matrix should be absent", q, id);
      } else {
        cr_assert(m != NULL && nb == 3 && dims[0] == 1 && dims[1] == p->H && dims[2] == d->c.m_cols[q][id] &&
                      strides[2] == 1 && strides[1] == dims[2],
                  "pseudo-layer %d id %d: matrix {%d, %d, %d}, expected {1, %d, %d}", q, id, dims[0], dims[1],
                  dims[2], p->H, d->c.m_cols[q][id]);
      }
      check(litdnnGetTensorNdDescriptor(k->bdesc, 3, &dt, &nb, dims, strides), "bias descriptor");
      if (d->c.b_off[q][id] < 0)
        cr_assert(b == NULL && nb == 0, "pseudo-layer %d id %d: the bias should be absent", q, id);
      else
        cr_assert(b != NULL && nb == 3 && dims[1] == p->H && dims[2] == 1, "pseudo-layer %d id %d: bias shape", q,
                  id);
      m_at[q * 8 + id] = m ? (long)(((const char *)m - (const char *)base) / (long)sizeof(float)) : -1;
      b_at[q * 8 + id] = b ? (long)(((const char *)b - (const char *)base) / (long)sizeof(float)) : -1;
    }
}

/* the weight space holding the canonical weights w */
static float *weight_space(net *k, const data *d, const float *w, long *m_at, long *b_at)
{
  float *dev = t_dev_poisoned(k->h, (size_t)k->wfloats);
  weight_map(k, d, dev, m_at, b_at);
  float *img = malloc((size_t)k->wfloats * sizeof *img);
  for (long i = 0; i < k->wfloats; i++)
    img[i] = NAN;   /* gaps must never be read */
  for (int q = 0; q < d->P; q++)
    for (int id = 0; id < 2 * d->G; id++) {
      if (m_at[q * 8 + id] >= 0)
        memcpy(img + m_at[q * 8 + id], w + d->c.m_off[q][id], (size_t)d->p->H * d->c.m_cols[q][id] * sizeof(float));
      if (b_at[q * 8 + id] >= 0)
        memcpy(img + b_at[q * 8 + id], w + d->c.b_off[q][id], (size_t)d->p->H * sizeof(float));
    }
  litdnnMemcpy(k->h, dev, img, (size_t)k->wfloats * sizeof(float), LITDNN_MEMCPY_HOST_TO_DEVICE);
  free(img);
  return dev;
}

/* Tolerances. The stages compute in FP32 through up to T L chained cell
   steps on values of order one; against a double reference that is a few
   units of 1e-6, and 2e-5 absolute + 1e-4 relative leaves a margin of
   about ten. Gradients go through the chain twice and are compared with
   finite differences (whose own error is near 1e-9): 1e-4 + 1e-3
   relative. TF32 rounds the products' inputs to 10 bits: 5e-3. */
static double tol_abs(const problem *p, int grad) { return p->math == LITDNN_MATH_TF32 ? 5e-3 : grad ? 1e-4 : 2e-5; }
static double tol_rel(const problem *p, int grad) { return p->math == LITDNN_MATH_TF32 ? 5e-3 : grad ? 1e-3 : 1e-4; }

/* y where the reference has no value (padding): the fill, or what was there */
static void expected_padding(const data *d, double *ref_y, const float *y_before)
{
  for (long r = 0; r < d->xrows; r++)
    if (!active(d->p, r))
      for (long k = 0; k < d->D * d->p->H; k++)
        ref_y[r * d->D * d->p->H + k] = d->p->fill ? -7.5 : y_before[r * d->D * d->p->H + k];
}

/* ------------------------------------------------------ forward cases */
static void forward_case_of(const t_case *c, const problem *p, int training)
{
  litdnnHandle_t h = t_case_handle(c);
  data d = make_data(p);
  net k = open_net(h, &d, training);
  long m_at[128], b_at[128];
  float *dw = weight_space(&k, &d, d.w, m_at, b_at);
  float *y0 = t_random((size_t)d.ny, 5, 6);   /* padding stays as it was, unless filled */
  for (long r = 0; r < d.xrows; r++)
    if (active(p, r))
      for (long q = 0; q < d.D * p->H; q++)
        y0[r * d.D * p->H + q] = NAN;
  void *dx = t_dev_from_host(h, d.x, (size_t)d.nx), *dy = t_dev_from_host(h, y0, (size_t)d.ny);
  void *dhx = t_dev_from_host(h, d.hx, (size_t)d.ns), *dcx = t_dev_from_host(h, d.cx, (size_t)d.ns);
  void *dhy = t_dev_poisoned(h, (size_t)d.ns), *dcy = t_dev_poisoned(h, (size_t)d.ns);
  litdnnStatus_t s = litdnnRNNForward(h, k.rnn, training ? LITDNN_FWD_MODE_TRAINING : LITDNN_FWD_MODE_INFERENCE,
                                      NULL, k.xd, dx, k.yd, dy, k.hd, p->hx ? dhx : NULL, dhy, k.hd,
                                      p->cx ? dcx : NULL, dcy, k.wbytes, dw, k.work_bytes, k.dwork,
                                      k.reserve_bytes, k.dreserve);
  t_case_status(c, s, 0);
  double *xd = to_double(d.x, d.nx), *wd = to_double(d.w, d.c.count);
  double *hxd = to_double(d.hx, d.ns), *cxd = to_double(d.cx, d.ns);
  double *ry = calloc((size_t)d.ny, sizeof *ry), *rhy = calloc((size_t)d.ns, sizeof *rhy);
  double *rcy = calloc((size_t)d.ns, sizeof *rcy);
  reference(&d, xd, wd, hxd, cxd, training, ry, rhy, rcy);
  expected_padding(&d, ry, y0);
  char what[300];
  float *got = t_dev_fetch(h, dy, (size_t)d.ny);
  snprintf(what, sizeof what, "%s, %s: y", t_case_name(c), training ? "training" : "inference");
  t_assert_close(got, ry, (size_t)d.ny, tol_rel(p, 0), tol_abs(p, 0), what);
  free(got);
  got = t_dev_fetch(h, dhy, (size_t)d.ns);
  snprintf(what, sizeof what, "%s, %s: hy", t_case_name(c), training ? "training" : "inference");
  t_assert_close(got, rhy, (size_t)d.ns, tol_rel(p, 0), tol_abs(p, 0), what);
  free(got);
  if (p->cell == LITDNN_LSTM) {
    got = t_dev_fetch(h, dcy, (size_t)d.ns);
    snprintf(what, sizeof what, "%s, %s: cy", t_case_name(c), training ? "training" : "inference");
    t_assert_close(got, rcy, (size_t)d.ns, tol_rel(p, 0), tol_abs(p, 0), what);
    free(got);
  }
  free(xd), free(wd), free(hxd), free(cxd), free(ry), free(rhy), free(rcy), free(y0);
  t_dev_free(h, dx), t_dev_free(h, dy), t_dev_free(h, dhx), t_dev_free(h, dcx), t_dev_free(h, dhy);
  t_dev_free(h, dcy), t_dev_free(h, dw);
  close_net(&k);
  free_data(&d);
  litdnnDestroy(h);
}

static void forward_case(const t_case *c, int training) { forward_case_of(c, &problems[c->problem], training); }

ParameterizedTestParameters(rnn, forward_inference) { return t_cases(LITDNN_OP_RNN_FORWARD, NPROBLEMS); }
ParameterizedTest(t_case *c, rnn, forward_inference) { forward_case(c, 0); }

ParameterizedTestParameters(rnn, forward_training) { return t_cases(LITDNN_OP_RNN_FORWARD, NPROBLEMS); }
ParameterizedTest(t_case *c, rnn, forward_training) { forward_case(c, 1); }

/* The persistent stage at the sizes of the benchmark's small-batch
   problems, where a GPU gives its kernel the shapes the small problems
   above cannot reach: 2 to 32 threads per tile, h_{t-1} in one copy or
   in tiles. LSTM and GRU only: a vanilla cell's one sum of thousands of
   terms reaches its output with no gate to damp the rounding, and would
   test the tolerance more than the kernel. One sequence in three is a
   step shorter. On a GPU only: on the emulator the stage refuses them
   (their blocks cannot all be resident at once). */
typedef struct {
  litdnnRNNMode_t cell;
  int bidir, H, I, N, T;
} large_shape;
static const large_shape large_shapes[] = {
  {LITDNN_LSTM, 0, 1024, 64, 16, 3},   /* 8 threads per tile, h in one copy */
  {LITDNN_LSTM, 0, 256, 32, 16, 4},    /* 32 threads per tile */
  {LITDNN_GRU, 1, 512, 48, 16, 3},     /* 16 threads per tile */
  {LITDNN_LSTM, 0, 1024, 64, 32, 2},   /* 4 threads per tile, h in tiles */
  {LITDNN_LSTM, 0, 1024, 64, 64, 2},   /* 2 threads per tile, h in tiles */
};
#define NLARGE ((int)(sizeof large_shapes / sizeof large_shapes[0]))

static problem large_problem(int i)
{
  const large_shape *l = &large_shapes[i];
  problem p = {l->cell, 1, l->bidir, LITDNN_RNN_DOUBLE_BIAS, 0, l->H, l->I, l->N, l->T, SEQ, {0},
               1, l->cell == LITDNN_LSTM, 1, 1, 0.0f, 1, FMA};
  for (int n = 0; n < p.N; n++)
    p.lens[n] = p.T - (n % 3 == 1);
  return p;
}

static int persistent_only(litdnnOp_t op, int stage)
{
  int persistent;
  return litdnnGetStageByName(op, "persistent", &persistent) == LITDNN_STATUS_SUCCESS && stage == persistent;
}

ParameterizedTestParameters(rnn, persistent_at_benchmark_sizes_inference)
{
  return t_cases_on(LITDNN_OP_RNN_FORWARD, NLARGE, LITDNN_BACKEND_BIT(LITDNN_BACKEND_CUDA), persistent_only);
}
ParameterizedTest(t_case *c, rnn, persistent_at_benchmark_sizes_inference)
{
  problem p = large_problem(c->problem);
  forward_case_of(c, &p, 0);
}

ParameterizedTestParameters(rnn, persistent_at_benchmark_sizes_training)
{
  return t_cases_on(LITDNN_OP_RNN_FORWARD, NLARGE, LITDNN_BACKEND_BIT(LITDNN_BACKEND_CUDA), persistent_only);
}
ParameterizedTest(t_case *c, rnn, persistent_at_benchmark_sizes_training)
{
  problem p = large_problem(c->problem);
  forward_case_of(c, &p, 1);
}

/* ------------------------------------------------- backward passes */
typedef struct {
  data d;
  net k;
  long m_at[128], b_at[128];
  float *w, *x, *hx, *cx, *y, *hy, *cy;   /* on the backend */
  float *dy, *dhy, *dcy;
} trained;

/* a network after a training forward pass on h (whatever stage h picks) */
static void train(trained *r, litdnnHandle_t h, const problem *p)
{
  memset(r, 0, sizeof *r);
  r->d = make_data(p);
  r->k = open_net(h, &r->d, 1);
  data *d = &r->d;
  r->w = weight_space(&r->k, d, d->w, r->m_at, r->b_at);
  r->x = t_dev_from_host(h, d->x, (size_t)d->nx);
  r->hx = t_dev_from_host(h, d->hx, (size_t)d->ns);
  r->cx = t_dev_from_host(h, d->cx, (size_t)d->ns);
  r->y = t_dev_poisoned(h, (size_t)d->ny);
  r->hy = t_dev_poisoned(h, (size_t)d->ns);
  r->cy = t_dev_poisoned(h, (size_t)d->ns);
  check(litdnnRNNForward(h, r->k.rnn, LITDNN_FWD_MODE_TRAINING, NULL, r->k.xd, r->x, r->k.yd, r->y, r->k.hd,
                         p->hx ? r->hx : NULL, r->hy, r->k.hd, p->cx ? r->cx : NULL, r->cy, r->k.wbytes, r->w,
                         r->k.work_bytes, r->k.dwork, r->k.reserve_bytes, r->k.dreserve),
        "litdnnRNNForward (training, before a backward pass)");
}

static void untrain(trained *r)
{
  litdnnHandle_t h = r->k.h;
  t_dev_free(h, r->w), t_dev_free(h, r->x), t_dev_free(h, r->hx), t_dev_free(h, r->cx);
  t_dev_free(h, r->y), t_dev_free(h, r->hy), t_dev_free(h, r->cy);
  if (r->dy)
    t_dev_free(h, r->dy), t_dev_free(h, r->dhy), t_dev_free(h, r->dcy);
  close_net(&r->k);
  free_data(&r->d);
}

/* litdnnRNNBackwardData on r, writing dx (and dhx, dcx when asked) */
static litdnnStatus_t backward_data(trained *r, float *ddx, float *ddhx, float *ddcx, void **keep)
{
  data *d = &r->d;
  const problem *p = d->p;
  litdnnHandle_t h = r->k.h;
  /* freed by untrain(): a free now would clear the message of a refusal */
  r->dy = t_dev_from_host(h, d->dy, (size_t)d->ny);
  r->dhy = t_dev_from_host(h, d->dhy, (size_t)d->ns);
  r->dcy = t_dev_from_host(h, d->dcy, (size_t)d->ns);
  (void)keep;
  return litdnnRNNBackwardData(h, r->k.rnn, NULL, r->k.yd, r->y, r->dy, r->k.xd, ddx, r->k.hd, NULL,
                               p->dhy ? r->dhy : NULL, ddhx, r->k.hd, NULL, p->dhy ? r->dcy : NULL, ddcx, r->k.wbytes,
                               r->w, r->k.work_bytes, r->k.dwork, r->k.reserve_bytes, r->k.dreserve);
}

static void backward_data_case(const t_case *c)
{
  const problem *p = &problems[c->problem];
  litdnnHandle_t h = t_case_handle(c);
  trained r;
  train(&r, h, p);
  data *d = &r.d;
  float *ddx = t_dev_poisoned(h, (size_t)d->nx), *ddhx = t_dev_poisoned(h, (size_t)d->ns);
  float *ddcx = t_dev_poisoned(h, (size_t)d->ns);
  litdnnStatus_t s = backward_data(&r, ddx, p->dhx ? ddhx : NULL, p->dhx ? ddcx : NULL, NULL);
  t_case_status(c, s, 0);
  double *xd = to_double(d->x, d->nx), *wd = to_double(d->w, d->c.count);
  double *hxd = to_double(d->hx, d->ns), *cxd = to_double(d->cx, d->ns);
  char what[300];
  double *want = finite_differences(d, xd, wd, hxd, cxd, xd, d->nx);
  float *got = t_dev_fetch(h, ddx, (size_t)d->nx);
  snprintf(what, sizeof what, "%s: dx against finite differences", t_case_name(c));
  t_assert_close(got, want, (size_t)d->nx, tol_rel(p, 1), tol_abs(p, 1), what);
  free(got), free(want);
  if (p->dhx) {
    want = finite_differences(d, xd, wd, hxd, cxd, hxd, d->ns);
    got = t_dev_fetch(h, ddhx, (size_t)d->ns);
    snprintf(what, sizeof what, "%s: dhx against finite differences", t_case_name(c));
    t_assert_close(got, want, (size_t)d->ns, tol_rel(p, 1), tol_abs(p, 1), what);
    free(got), free(want);
    if (p->cell == LITDNN_LSTM) {
      want = finite_differences(d, xd, wd, hxd, cxd, cxd, d->ns);
      got = t_dev_fetch(h, ddcx, (size_t)d->ns);
      snprintf(what, sizeof what, "%s: dcx against finite differences", t_case_name(c));
      t_assert_close(got, want, (size_t)d->ns, tol_rel(p, 1), tol_abs(p, 1), what);
      free(got), free(want);
    }
  } else {
    /* not asked for: not written */
    got = t_dev_fetch(h, ddhx, (size_t)d->ns);
    for (long i = 0; i < d->ns; i++)
      cr_assert(isnan(got[i]), "%s: dhx was written though its pointer was NULL... at %ld", t_case_name(c), i);
    free(got);
  }
  free(xd), free(wd), free(hxd), free(cxd);
  t_dev_free(h, ddx), t_dev_free(h, ddhx), t_dev_free(h, ddcx);
  untrain(&r);
  litdnnDestroy(h);
}

ParameterizedTestParameters(rnn, backward_data) { return t_cases(LITDNN_OP_RNN_BACKWARD_DATA, NPROBLEMS); }
ParameterizedTest(t_case *c, rnn, backward_data) { backward_data_case(c); }

/* The weight gradients against finite differences along every canonical
   weight; even problems add to a random dw (LITDNN_WGRAD_MODE_ADD), odd
   ones replace a dw full of NaN (SET). */
static void backward_weights_case(const t_case *c)
{
  const problem *p = &problems[c->problem];
  litdnnHandle_t h = t_case_handle(c);
  trained r;
  train(&r, h, p);
  data *d = &r.d;
  float *ddx = t_dev_poisoned(h, (size_t)d->nx);
  check(backward_data(&r, ddx, NULL, NULL, NULL), "litdnnRNNBackwardData (before the weights)");
  int add = c->problem % 2 == 0;
  float *dw0 = t_random((size_t)d->c.count, -1, 1);
  long m_at[128], b_at[128];
  float *ddw = add ? weight_space(&r.k, d, dw0, m_at, b_at) : t_dev_poisoned(h, (size_t)r.k.wfloats);
  if (!add)
    weight_map(&r.k, d, ddw, m_at, b_at);
  float *xdev = t_dev_from_host(h, d->x, (size_t)d->nx);
  litdnnStatus_t s = litdnnRNNBackwardWeights(h, r.k.rnn, add ? LITDNN_WGRAD_MODE_ADD : LITDNN_WGRAD_MODE_SET, NULL,
                                              r.k.xd, xdev, r.k.hd, NULL, r.k.yd, r.y, r.k.wbytes, ddw,
                                              r.k.work_bytes, r.k.dwork, r.k.reserve_bytes, r.k.dreserve);
  t_case_status(c, s, 0);
  double *xd = to_double(d->x, d->nx), *wd = to_double(d->w, d->c.count);
  double *hxd = to_double(d->hx, d->ns), *cxd = to_double(d->cx, d->ns);
  double *want = finite_differences(d, xd, wd, hxd, cxd, wd, d->c.count);
  if (add)
    for (long i = 0; i < d->c.count; i++)
      want[i] += dw0[i];
  float *img = t_dev_fetch(h, ddw, (size_t)r.k.wfloats), *got = malloc((size_t)d->c.count * sizeof *got);
  for (int q = 0; q < d->P; q++)
    for (int id = 0; id < 2 * d->G; id++) {
      if (m_at[q * 8 + id] >= 0)
        memcpy(got + d->c.m_off[q][id], img + m_at[q * 8 + id], (size_t)p->H * d->c.m_cols[q][id] * sizeof(float));
      if (b_at[q * 8 + id] >= 0)
        memcpy(got + d->c.b_off[q][id], img + b_at[q * 8 + id], (size_t)p->H * sizeof(float));
    }
  char what[300];
  snprintf(what, sizeof what, "%s (%s): dw against finite differences", t_case_name(c), add ? "ADD" : "SET");
  t_assert_close(got, want, (size_t)d->c.count, tol_rel(p, 1), tol_abs(p, 1), what);
  free(img), free(got), free(want), free(dw0), free(xd), free(wd), free(hxd), free(cxd);
  t_dev_free(h, ddx), t_dev_free(h, ddw), t_dev_free(h, xdev);
  untrain(&r);
  litdnnDestroy(h);
}

ParameterizedTestParameters(rnn, backward_weights) { return t_cases(LITDNN_OP_RNN_BACKWARD_WEIGHTS, NPROBLEMS); }
ParameterizedTest(t_case *c, rnn, backward_weights) { backward_weights_case(c); }

/* ------------------------------------------------- dropout passes */
/* A training pass with dropout uses L - 1 passes of the dropout
   descriptor: the second training pass draws the masks of passes L - 1
   onward, and matches the reference drawn with them. */
Test(rnn, each_training_pass_draws_new_dropout_masks)
{
  const problem *p = &problems[4];   /* two bidirectional LSTM layers, dropout 0.4 */
  litdnnBackend_t backends[LITDNN_BACKEND_COUNT];
  int nb = t_backends(backends);
  for (int b = 0; b < nb; b++) {
    litdnnHandle_t h = t_handle(backends[b]);
    data d = make_data(p);
    net k = open_net(h, &d, 1);
    long m_at[128], b_at[128];
    float *w = weight_space(&k, &d, d.w, m_at, b_at);
    float *x = t_dev_from_host(h, d.x, (size_t)d.nx), *y = t_dev_poisoned(h, (size_t)d.ny);
    float *cx = t_dev_from_host(h, d.cx, (size_t)d.ns);
    for (int pass = 0; pass < 2; pass++)
      check(litdnnRNNForward(h, k.rnn, LITDNN_FWD_MODE_TRAINING, NULL, k.xd, x, k.yd, y, k.hd, NULL, NULL, k.hd, cx,
                             NULL, k.wbytes, w, k.work_bytes, k.dwork, k.reserve_bytes, k.dreserve),
            "litdnnRNNForward");
    free(d.keep);
    d.keep = dropout_keep(p, d.seed, (uint64_t)(p->layers - 1));
    double *xd = to_double(d.x, d.nx), *wd = to_double(d.w, d.c.count), *hxd = to_double(d.hx, d.ns);
    double *cxd = to_double(d.cx, d.ns), *ry = calloc((size_t)d.ny, sizeof *ry);
    double *rhy = calloc((size_t)d.ns, sizeof *rhy), *rcy = calloc((size_t)d.ns, sizeof *rcy);
    reference(&d, xd, wd, hxd, cxd, 1, ry, rhy, rcy);
    float *got = t_dev_fetch(h, y, (size_t)d.ny);
    for (long r = 0; r < d.xrows; r++)   /* the padding holds the fill */
      if (!active(p, r))
        for (long q = 0; q < d.D * p->H; q++)
          ry[r * d.D * p->H + q] = -7.5;
    t_assert_close(got, ry, (size_t)d.ny, 1e-4, 2e-5, litdnnGetBackendName(backends[b]));
    free(got), free(xd), free(wd), free(hxd), free(cxd), free(ry), free(rhy), free(rcy);
    t_dev_free(h, x), t_dev_free(h, y), t_dev_free(h, cx), t_dev_free(h, w);
    close_net(&k);
    free_data(&d);
    litdnnDestroy(h);
  }
}

/* ------------------------------------------------------ descriptors */
Test(rnn, descriptors_return_what_was_set)
{
  litdnnRNNDescriptor_t r;
  litdnnRNNDataDescriptor_t dd;
  cr_assert_eq(litdnnCreateRNNDescriptor(&r), LITDNN_STATUS_SUCCESS);
  cr_assert_eq(litdnnSetRNNDescriptor(r, LITDNN_RNN_ALGO_PERSIST_STATIC, LITDNN_GRU, LITDNN_RNN_SINGLE_REC_BIAS,
                                      LITDNN_BIDIRECTIONAL, LITDNN_LINEAR_INPUT, LITDNN_DATA_FLOAT, LITDNN_DATA_FLOAT,
                                      LITDNN_MATH_TF32, 7, 11, 11, 3, NULL, LITDNN_RNN_PADDED_IO_ENABLED),
               LITDNN_STATUS_SUCCESS, "%s", litdnnGetLastErrorString());
  litdnnRNNAlgo_t algo;
  litdnnRNNMode_t cell;
  litdnnRNNBiasMode_t bias;
  litdnnDirectionMode_t dir;
  litdnnRNNInputMode_t in;
  litdnnDataType_t dt, mp;
  litdnnMathType_t math;
  int32_t is, hs, ps, nl;
  litdnnDropoutDescriptor_t drop = (litdnnDropoutDescriptor_t)&r;
  uint32_t aux;
  cr_assert_eq(litdnnGetRNNDescriptor(r, &algo, &cell, &bias, &dir, &in, &dt, &mp, &math, &is, &hs, &ps, &nl, &drop,
                                      &aux),
               LITDNN_STATUS_SUCCESS);
  cr_assert(algo == LITDNN_RNN_ALGO_PERSIST_STATIC && cell == LITDNN_GRU && bias == LITDNN_RNN_SINGLE_REC_BIAS &&
            dir == LITDNN_BIDIRECTIONAL && in == LITDNN_LINEAR_INPUT && dt == LITDNN_DATA_FLOAT &&
            mp == LITDNN_DATA_FLOAT && math == LITDNN_MATH_TF32 && is == 7 && hs == 11 && ps == 11 && nl == 3 &&
            drop == NULL && aux == LITDNN_RNN_PADDED_IO_ENABLED);
  cr_assert_eq(litdnnCreateRNNDataDescriptor(&dd), LITDNN_STATUS_SUCCESS);
  int lens[4] = {5, 1, 3, 5}, got[6] = {0, 0, 0, 0, -1, -1}, T, N, V;
  float fill = 2.5f, fill_got = 0;
  litdnnRNNDataLayout_t layout;
  cr_assert_eq(litdnnSetRNNDataDescriptor(dd, LITDNN_DATA_FLOAT, BATCH, 5, 4, 9, lens, &fill), LITDNN_STATUS_SUCCESS);
  cr_assert_eq(litdnnGetRNNDataDescriptor(dd, &dt, &layout, &T, &N, &V, 6, got, &fill_got), LITDNN_STATUS_SUCCESS);
  cr_assert(layout == BATCH && T == 5 && N == 4 && V == 9 && fill_got == 2.5f);
  cr_assert(got[0] == 5 && got[1] == 1 && got[2] == 3 && got[3] == 5 && got[4] == -1, "lengths copied: %d %d %d %d %d",
            got[0], got[1], got[2], got[3], got[4]);
  litdnnDestroyRNNDataDescriptor(dd);
  litdnnDestroyRNNDescriptor(r);
}

/* ------------------------------------------------------- bad input */
static void refuse(litdnnStatus_t got, litdnnStatus_t want, const char *needle, const char *what)
{
  t_assert_status(got, want, needle, what);
}

Test(rnn_bad_input, descriptors_refuse_and_keep_their_values)
{
  litdnnRNNDescriptor_t r;
  litdnnCreateRNNDescriptor(&r);
  litdnnDropoutDescriptor_t unset_drop;
  litdnnCreateDropoutDescriptor(&unset_drop);
#define SET(...) litdnnSetRNNDescriptor(r, __VA_ARGS__)
#define OK_ARGS LITDNN_RNN_ALGO_STANDARD, LITDNN_LSTM, LITDNN_RNN_DOUBLE_BIAS, LITDNN_UNIDIRECTIONAL, \
  LITDNN_LINEAR_INPUT, LITDNN_DATA_FLOAT, LITDNN_DATA_FLOAT, LITDNN_MATH_FMA
  refuse(litdnnGetRNNDescriptor(r, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
         LITDNN_STATUS_BAD_PARAM_NOT_FINALIZED, "rnnDesc", "get of an unset descriptor");
  cr_assert_eq(SET(OK_ARGS, 4, 6, 6, 2, NULL, 0), LITDNN_STATUS_SUCCESS);
  refuse(litdnnSetRNNDescriptor(NULL, OK_ARGS, 4, 6, 6, 2, NULL, 0), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "rnnDesc",
         "null descriptor");
  refuse(SET((litdnnRNNAlgo_t)7, LITDNN_LSTM, LITDNN_RNN_DOUBLE_BIAS, LITDNN_UNIDIRECTIONAL, LITDNN_LINEAR_INPUT,
             LITDNN_DATA_FLOAT, LITDNN_DATA_FLOAT, LITDNN_MATH_FMA, 4, 6, 6, 2, NULL, 0),
         LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "algo = 7", "bad algo");
  refuse(SET(LITDNN_RNN_ALGO_STANDARD, (litdnnRNNMode_t)4, LITDNN_RNN_DOUBLE_BIAS, LITDNN_UNIDIRECTIONAL,
             LITDNN_LINEAR_INPUT, LITDNN_DATA_FLOAT, LITDNN_DATA_FLOAT, LITDNN_MATH_FMA, 4, 6, 6, 2, NULL, 0),
         LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "cellMode = 4", "bad cell");
  refuse(SET(LITDNN_RNN_ALGO_STANDARD, LITDNN_LSTM, (litdnnRNNBiasMode_t)-1, LITDNN_UNIDIRECTIONAL,
             LITDNN_LINEAR_INPUT, LITDNN_DATA_FLOAT, LITDNN_DATA_FLOAT, LITDNN_MATH_FMA, 4, 6, 6, 2, NULL, 0),
         LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "biasMode = -1", "bad bias");
  refuse(SET(LITDNN_RNN_ALGO_STANDARD, LITDNN_LSTM, LITDNN_RNN_DOUBLE_BIAS, (litdnnDirectionMode_t)2,
             LITDNN_LINEAR_INPUT, LITDNN_DATA_FLOAT, LITDNN_DATA_FLOAT, LITDNN_MATH_FMA, 4, 6, 6, 2, NULL, 0),
         LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "dirMode = 2", "bad direction");
  refuse(SET(LITDNN_RNN_ALGO_STANDARD, LITDNN_LSTM, LITDNN_RNN_DOUBLE_BIAS, LITDNN_UNIDIRECTIONAL,
             (litdnnRNNInputMode_t)2, LITDNN_DATA_FLOAT, LITDNN_DATA_FLOAT, LITDNN_MATH_FMA, 4, 6, 6, 2, NULL, 0),
         LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "inputMode = 2", "bad input mode");
  refuse(SET(LITDNN_RNN_ALGO_STANDARD, LITDNN_LSTM, LITDNN_RNN_DOUBLE_BIAS, LITDNN_UNIDIRECTIONAL,
             LITDNN_LINEAR_INPUT, LITDNN_DATA_DOUBLE, LITDNN_DATA_FLOAT, LITDNN_MATH_FMA, 4, 6, 6, 2, NULL, 0),
         LITDNN_STATUS_NOT_SUPPORTED_DATA_TYPE, "dataType = 1", "double data");
  refuse(SET(LITDNN_RNN_ALGO_STANDARD, LITDNN_LSTM, LITDNN_RNN_DOUBLE_BIAS, LITDNN_UNIDIRECTIONAL,
             LITDNN_LINEAR_INPUT, LITDNN_DATA_FLOAT, (litdnnDataType_t)9, LITDNN_MATH_FMA, 4, 6, 6, 2, NULL, 0),
         LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "mathPrec = 9", "bad precision");
  refuse(SET(LITDNN_RNN_ALGO_STANDARD, LITDNN_LSTM, LITDNN_RNN_DOUBLE_BIAS, LITDNN_UNIDIRECTIONAL,
             LITDNN_LINEAR_INPUT, LITDNN_DATA_FLOAT, LITDNN_DATA_FLOAT, (litdnnMathType_t)2, 4, 6, 6, 2, NULL, 0),
         LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "mathType = 2", "bad math");
  refuse(SET(OK_ARGS, 0, 6, 6, 2, NULL, 0), LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "inputSize = 0", "zero input");
  refuse(SET(OK_ARGS, 4, -3, -3, 2, NULL, 0), LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "hiddenSize = -3", "negative hidden");
  refuse(SET(OK_ARGS, 4, 6, 5, 2, NULL, 0), LITDNN_STATUS_NOT_SUPPORTED, "projSize = 5", "an LSTM projection");
  refuse(SET(OK_ARGS, 4, 6, 7, 2, NULL, 0), LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "projSize = 7", "projection too large");
  refuse(SET(LITDNN_RNN_ALGO_STANDARD, LITDNN_GRU, LITDNN_RNN_DOUBLE_BIAS, LITDNN_UNIDIRECTIONAL, LITDNN_LINEAR_INPUT,
             LITDNN_DATA_FLOAT, LITDNN_DATA_FLOAT, LITDNN_MATH_FMA, 4, 6, 5, 2, NULL, 0),
         LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "projSize = 5", "a GRU has no projection");
  refuse(SET(OK_ARGS, 4, 6, 6, 0, NULL, 0), LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "numLayers = 0", "no layers");
  refuse(SET(LITDNN_RNN_ALGO_STANDARD, LITDNN_LSTM, LITDNN_RNN_DOUBLE_BIAS, LITDNN_UNIDIRECTIONAL, LITDNN_SKIP_INPUT,
             LITDNN_DATA_FLOAT, LITDNN_DATA_FLOAT, LITDNN_MATH_FMA, 4, 6, 6, 2, NULL, 0),
         LITDNN_STATUS_BAD_PARAM, "inputSize = hiddenSize", "skip input with I != H");
  refuse(SET(OK_ARGS, 4, 6, 6, 2, unset_drop, 0), LITDNN_STATUS_BAD_PARAM_NOT_FINALIZED, "dropoutDesc",
         "unset dropout");
  refuse(SET(OK_ARGS, 4, 6, 6, 2, NULL, 2u), LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "auxFlags = 0x2", "bad flags");
  refuse(SET(OK_ARGS, 1 << 30, 1 << 30, 1 << 30, 1 << 20, NULL, 0), LITDNN_STATUS_BAD_PARAM_OVERFLOW, "hiddenSize",
         "a weight space beyond 64 bits");
  int32_t is, hs, nl;
  litdnnRNNMode_t cell;
  cr_assert_eq(litdnnGetRNNDescriptor(r, NULL, &cell, NULL, NULL, NULL, NULL, NULL, NULL, &is, &hs, NULL, &nl, NULL,
                                      NULL),
               LITDNN_STATUS_SUCCESS);
  cr_assert(cell == LITDNN_LSTM && is == 4 && hs == 6 && nl == 2, "a refused set changed the descriptor");
  /* the data descriptor */
  litdnnRNNDataDescriptor_t dd;
  litdnnCreateRNNDataDescriptor(&dd);
  int lens[3] = {4, 2, 3}, bad0[3] = {4, 0, 3}, bad9[3] = {4, 9, 3}, up[3] = {2, 4, 3};
  cr_assert_eq(litdnnSetRNNDataDescriptor(dd, LITDNN_DATA_FLOAT, SEQ, 4, 3, 5, lens, NULL), LITDNN_STATUS_SUCCESS);
  refuse(litdnnSetRNNDataDescriptor(NULL, LITDNN_DATA_FLOAT, SEQ, 4, 3, 5, lens, NULL),
         LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "rnnDataDesc", "null data descriptor");
  refuse(litdnnSetRNNDataDescriptor(dd, LITDNN_DATA_HALF, SEQ, 4, 3, 5, lens, NULL),
         LITDNN_STATUS_NOT_SUPPORTED_DATA_TYPE, "dataType = 2", "half data");
  refuse(litdnnSetRNNDataDescriptor(dd, LITDNN_DATA_FLOAT, (litdnnRNNDataLayout_t)3, 4, 3, 5, lens, NULL),
         LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "layout = 3", "bad layout");
  refuse(litdnnSetRNNDataDescriptor(dd, LITDNN_DATA_FLOAT, SEQ, 0, 3, 5, lens, NULL),
         LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "maxSeqLength = 0", "no steps");
  refuse(litdnnSetRNNDataDescriptor(dd, LITDNN_DATA_FLOAT, SEQ, 4, 0, 5, lens, NULL),
         LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "batchSize = 0", "no batch");
  refuse(litdnnSetRNNDataDescriptor(dd, LITDNN_DATA_FLOAT, SEQ, 4, 3, -1, lens, NULL),
         LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "vectorSize = -1", "negative vector");
  refuse(litdnnSetRNNDataDescriptor(dd, LITDNN_DATA_FLOAT, SEQ, 4, 3, 5, NULL, NULL),
         LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "seqLengthArray", "null lengths");
  refuse(litdnnSetRNNDataDescriptor(dd, LITDNN_DATA_FLOAT, SEQ, 4, 3, 5, bad0, NULL),
         LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "seqLengthArray[1] = 0", "a zero length");
  refuse(litdnnSetRNNDataDescriptor(dd, LITDNN_DATA_FLOAT, SEQ, 4, 3, 5, bad9, NULL),
         LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "seqLengthArray[1] = 9", "a length beyond maxSeqLength");
  refuse(litdnnSetRNNDataDescriptor(dd, LITDNN_DATA_FLOAT, PACKED, 4, 3, 5, up, NULL), LITDNN_STATUS_BAD_PARAM,
         "non-increasing", "packed lengths out of order");
  refuse(litdnnSetRNNDataDescriptor(dd, LITDNN_DATA_FLOAT, SEQ, 1 << 30, 3, 1 << 30, bad9, NULL),
         LITDNN_STATUS_BAD_PARAM_OVERFLOW, "too many elements", "a batch beyond 64 bits");
  int T, N, V, got[3];
  cr_assert_eq(litdnnGetRNNDataDescriptor(dd, NULL, NULL, &T, &N, &V, 3, got, NULL), LITDNN_STATUS_SUCCESS);
  cr_assert(T == 4 && N == 3 && V == 5 && got[1] == 2, "a refused set changed the data descriptor");
  refuse(litdnnGetRNNDataDescriptor(dd, NULL, NULL, NULL, NULL, NULL, -1, NULL, NULL),
         LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "arrayLengthRequested = -1", "negative request");
  refuse(litdnnGetRNNDataDescriptor(dd, NULL, NULL, NULL, NULL, NULL, 2, NULL, NULL),
         LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "seqLengthArray", "no array for the lengths");
  litdnnDestroyRNNDataDescriptor(dd);
  litdnnDestroyDropoutDescriptor(unset_drop);
  litdnnDestroyRNNDescriptor(r);
#undef SET
#undef OK_ARGS
}

/* The calls: every bad argument gets its status and a message naming it,
   and no output changes. Problem 4: a bidirectional LSTM, unpacked. */
static void bad_calls_on(litdnnBackend_t backend)
{
  const problem *p = &problems[4];
  litdnnHandle_t h = t_handle(backend);
  data d = make_data(p);
  net k = open_net(h, &d, 1);
  long m_at[128], b_at[128];
  float *w = weight_space(&k, &d, d.w, m_at, b_at);
  long nm = d.ny > d.nx ? d.ny : d.nx;   /* one marker for y and for dx */
  float *marker_y = malloc((size_t)nm * sizeof(float)), *marker_s = malloc((size_t)d.ns * sizeof(float));
  for (long i = 0; i < nm; i++)
    marker_y[i] = 3.25f;
  for (long i = 0; i < d.ns; i++)
    marker_s[i] = 3.25f;
  float *x = t_dev_from_host(h, d.x, (size_t)d.nx), *y = t_dev_from_host(h, marker_y, (size_t)d.ny);
  float *hy = t_dev_from_host(h, marker_s, (size_t)d.ns), *cy = t_dev_from_host(h, marker_s, (size_t)d.ns);
  float *dx = t_dev_from_host(h, marker_y, (size_t)d.nx), *dw = t_dev_from_host(h, marker_y, 1);
  void *work = k.dwork, *res = k.dreserve;
  size_t wb = k.wbytes, kb = k.work_bytes, rb = k.reserve_bytes;
  litdnnRNNDataDescriptor_t other, wide, unset;
  litdnnTensorDescriptor_t hbad, hstrided;
  int lens2[3] = {2, 6, 3}, dims[3] = {d.P, p->N, p->H}, bad_dims[3] = {d.P + 1, p->N, p->H};
  int strides[3] = {p->N * p->H * 2, p->H * 2, 2}, packed_strides[3] = {p->N * p->H, p->H, 1};
  litdnnCreateRNNDataDescriptor(&other);
  litdnnCreateRNNDataDescriptor(&wide);
  litdnnCreateRNNDataDescriptor(&unset);
  litdnnSetRNNDataDescriptor(other, LITDNN_DATA_FLOAT, p->layout, p->T, p->N, d.D * p->H, lens2, NULL);
  litdnnSetRNNDataDescriptor(wide, LITDNN_DATA_FLOAT, p->layout, p->T, p->N, d.D * p->H + 1, p->lens, NULL);
  litdnnCreateTensorDescriptor(&hbad);
  litdnnCreateTensorDescriptor(&hstrided);
  litdnnSetTensorNdDescriptor(hbad, LITDNN_DATA_FLOAT, 3, bad_dims, packed_strides);
  litdnnSetTensorNdDescriptor(hstrided, LITDNN_DATA_FLOAT, 3, dims, strides);
  const litdnnForwardMode_t TR = LITDNN_FWD_MODE_TRAINING;
#define FWD(h_, mode, xd, x_, yd, y_, hd, cd, wsz, w_, ksz, k_, rsz, r_) \
  litdnnRNNForward(h_, k.rnn, mode, NULL, xd, x_, yd, y_, hd, NULL, hy, cd, NULL, cy, wsz, w_, ksz, k_, rsz, r_)
  refuse(FWD(NULL, TR, k.xd, x, k.yd, y, k.hd, k.hd, wb, w, kb, work, rb, res), LITDNN_STATUS_BAD_PARAM_NULL_POINTER,
         "handle", "null handle");
  refuse(FWD(h, (litdnnForwardMode_t)2, k.xd, x, k.yd, y, k.hd, k.hd, wb, w, kb, work, rb, res),
         LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "fwdMode = 2", "bad mode");
  refuse(FWD(h, TR, unset, x, k.yd, y, k.hd, k.hd, wb, w, kb, work, rb, res), LITDNN_STATUS_BAD_PARAM_NOT_FINALIZED,
         "xDesc", "unset xDesc");
  refuse(FWD(h, TR, k.xd, x, NULL, y, k.hd, k.hd, wb, w, kb, work, rb, res), LITDNN_STATUS_BAD_PARAM_NULL_POINTER,
         "yDesc", "null yDesc");
  refuse(FWD(h, TR, k.yd, x, k.yd, y, k.hd, k.hd, wb, w, kb, work, rb, res), LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH,
         "xDesc has vectorSize", "x of the wrong width");
  refuse(FWD(h, TR, k.xd, x, wide, y, k.hd, k.hd, wb, w, kb, work, rb, res), LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH,
         "yDesc has vectorSize", "y of the wrong width");
  refuse(FWD(h, TR, k.xd, x, other, y, k.hd, k.hd, wb, w, kb, work, rb, res), LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH,
         "sequence lengths", "other lengths in y");
  refuse(FWD(h, TR, k.xd, x, k.yd, y, NULL, k.hd, wb, w, kb, work, rb, res), LITDNN_STATUS_BAD_PARAM_NULL_POINTER,
         "hDesc", "null hDesc");
  refuse(FWD(h, TR, k.xd, x, k.yd, y, hbad, k.hd, wb, w, kb, work, rb, res), LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH,
         "hDesc must have the dimensions", "hDesc of the wrong shape");
  refuse(FWD(h, TR, k.xd, x, k.yd, y, hstrided, k.hd, wb, w, kb, work, rb, res), LITDNN_STATUS_BAD_PARAM,
         "hDesc must be packed", "strided hDesc");
  refuse(FWD(h, TR, k.xd, x, k.yd, y, k.hd, NULL, wb, w, kb, work, rb, res), LITDNN_STATUS_BAD_PARAM_NULL_POINTER,
         "cDesc", "an LSTM without cDesc");
  refuse(FWD(h, TR, k.xd, x, k.yd, y, k.hd, k.hd, wb - 4, w, kb, work, rb, res),
         LITDNN_STATUS_BAD_PARAM_SIZE_INSUFFICIENT, "weightSpaceSize", "small weight space");
  refuse(FWD(h, TR, k.xd, x, k.yd, y, k.hd, k.hd, wb, w, kb - 4, work, rb, res),
         LITDNN_STATUS_BAD_PARAM_SIZE_INSUFFICIENT, "workSpaceSize", "small workspace");
  refuse(FWD(h, TR, k.xd, x, k.yd, y, k.hd, k.hd, wb, w, kb, work, rb - 4, res),
         LITDNN_STATUS_BAD_PARAM_SIZE_INSUFFICIENT, "reserveSpaceSize", "small reserve");
  refuse(FWD(h, TR, k.xd, x, k.yd, y, k.hd, k.hd, wb, w, kb, work, rb, NULL), LITDNN_STATUS_BAD_PARAM_NULL_POINTER,
         "reserveSpace", "null reserve");
  refuse(FWD(h, TR, k.xd, x, k.yd, y, k.hd, k.hd, wb, NULL, kb, work, rb, res), LITDNN_STATUS_BAD_PARAM_NULL_POINTER,
         "weightSpace", "null weights");
  refuse(FWD(h, TR, k.xd, NULL, k.yd, y, k.hd, k.hd, wb, w, kb, work, rb, res), LITDNN_STATUS_BAD_PARAM_NULL_POINTER,
         "x is a null pointer", "null x");
  refuse(FWD(h, TR, k.xd, x, k.yd, NULL, k.hd, k.hd, wb, w, kb, work, rb, res), LITDNN_STATUS_BAD_PARAM_NULL_POINTER,
         "y is a null pointer", "null y");
  /* unpacked data without LITDNN_RNN_PADDED_IO_ENABLED */
  litdnnRNNDescriptor_t plain;
  litdnnCreateRNNDescriptor(&plain);
  litdnnSetRNNDescriptor(plain, LITDNN_RNN_ALGO_STANDARD, p->cell, p->bias, LITDNN_BIDIRECTIONAL, LITDNN_LINEAR_INPUT,
                         LITDNN_DATA_FLOAT, LITDNN_DATA_FLOAT, LITDNN_MATH_FMA, p->I, p->H, p->H, p->layers, NULL, 0);
  refuse(litdnnRNNForward(h, plain, TR, NULL, k.xd, x, k.yd, y, k.hd, NULL, hy, k.hd, NULL, cy, wb, w, kb, work, rb,
                          res),
         LITDNN_STATUS_BAD_PARAM, "LITDNN_RNN_PADDED_IO_ENABLED", "padded data without the flag");
  /* an inference pass needs less: its own sizes pass, the training ones do not apply */
  size_t kinf, rinf;
  check(litdnnGetRNNTempSpaceSizes(h, k.rnn, LITDNN_FWD_MODE_INFERENCE, k.xd, &kinf, &rinf), "inference sizes");
  cr_assert(rinf == 0 && kinf < kb, "inference: reserve %zu, workspace %zu of %zu", rinf, kinf, kb);
  /* the backward passes */
  refuse(litdnnRNNBackwardData(h, k.rnn, NULL, k.yd, y, NULL, k.xd, dx, k.hd, NULL, NULL, NULL, k.hd, NULL, NULL, NULL,
                               wb, w, kb, work, rb, res),
         LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "dy", "null dy");
  refuse(litdnnRNNBackwardData(h, k.rnn, NULL, k.yd, y, y, k.xd, NULL, k.hd, NULL, NULL, NULL, k.hd, NULL, NULL, NULL,
                               wb, w, kb, work, rb, res),
         LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "dx", "null dx");
  refuse(litdnnRNNBackwardData(h, k.rnn, NULL, k.yd, y, y, k.xd, dx, k.hd, NULL, NULL, NULL, k.hd, NULL, NULL, NULL,
                               wb, w, kinf, work, rb, res),
         LITDNN_STATUS_BAD_PARAM_SIZE_INSUFFICIENT, "workSpaceSize", "an inference workspace for a backward pass");
  refuse(litdnnRNNBackwardData(h, k.rnn, NULL, k.yd, y, y, k.xd, dx, k.hd, NULL, NULL, NULL, k.hd, NULL, NULL, NULL,
                               wb, w, kb, work, rb, NULL),
         LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "reserveSpace", "backward without a reserve");
  refuse(litdnnRNNBackwardWeights(h, k.rnn, (litdnnWgradMode_t)2, NULL, k.xd, x, k.hd, NULL, k.yd, y, wb, dw, kb, work,
                                  rb, res),
         LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "addGrad = 2", "bad grad mode");
  refuse(litdnnRNNBackwardWeights(h, k.rnn, LITDNN_WGRAD_MODE_SET, NULL, k.xd, x, k.hd, NULL, k.yd, y, wb, NULL, kb,
                                  work, rb, res),
         LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "dweightSpace", "null dw");
  refuse(litdnnRNNBackwardWeights(h, k.rnn, LITDNN_WGRAD_MODE_SET, NULL, k.xd, NULL, k.hd, NULL, k.yd, y, wb, dw, kb,
                                  work, rb, res),
         LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "x is a null pointer", "null x");
  refuse(litdnnRNNBackwardWeights(h, k.rnn, LITDNN_WGRAD_MODE_SET, NULL, k.xd, x, k.hd, NULL, k.yd, y, wb / 2, dw, kb,
                                  work, rb, res),
         LITDNN_STATUS_BAD_PARAM_SIZE_INSUFFICIENT, "weightSpaceSize", "small dw");
  /* the weight space and sizes */
  void *m, *b;
  size_t size;
  refuse(litdnnGetRNNWeightSpaceSize(NULL, k.rnn, &size), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "handle", "null handle");
  refuse(litdnnGetRNNWeightSpaceSize(h, k.rnn, NULL), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "weightSpaceSize",
         "null size");
  refuse(litdnnGetRNNWeightParams(h, k.rnn, d.P, wb, w, 0, k.mdesc, &m, k.bdesc, &b),
         LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "pseudoLayer = 4", "pseudo-layer past the end");
  refuse(litdnnGetRNNWeightParams(h, k.rnn, -1, wb, w, 0, k.mdesc, &m, k.bdesc, &b),
         LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "pseudoLayer = -1", "negative pseudo-layer");
  refuse(litdnnGetRNNWeightParams(h, k.rnn, 0, wb, w, 9, k.mdesc, &m, k.bdesc, &b),
         LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "linLayerID = 9", "linear layer 9 of an LSTM");
  refuse(litdnnGetRNNWeightParams(h, k.rnn, 0, wb - 1, w, 0, k.mdesc, &m, k.bdesc, &b),
         LITDNN_STATUS_BAD_PARAM_SIZE_INSUFFICIENT, "weightSpaceSize", "small weight space");
  refuse(litdnnGetRNNWeightParams(h, k.rnn, 0, wb, NULL, 0, k.mdesc, &m, k.bdesc, &b),
         LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "weightSpace", "null weight space");
  refuse(litdnnGetRNNWeightParams(h, k.rnn, 0, wb, w, 0, k.mdesc, NULL, k.bdesc, &b),
         LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "mAddr", "matrix descriptor without an address");
  refuse(litdnnGetRNNWeightParams(h, k.rnn, 0, wb, w, 0, NULL, NULL, NULL, &b), LITDNN_STATUS_BAD_PARAM_NULL_POINTER,
         "bDesc", "bias address without a descriptor");
  check(litdnnGetRNNWeightParams(h, k.rnn, 0, wb, w, 8, k.mdesc, &m, k.bdesc, &b), "the LSTM projection's id");
  cr_assert(m == NULL && b == NULL, "litdnn has no LSTM projection: id 8 must be absent");
  refuse(litdnnGetRNNTempSpaceSizes(h, k.rnn, (litdnnForwardMode_t)3, k.xd, &size, &size),
         LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "fwdMode = 3", "bad mode");
  refuse(litdnnGetRNNTempSpaceSizes(h, k.rnn, TR, k.yd, &size, &size), LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH,
         "inputSize", "sizes for data of the wrong width");
  refuse(litdnnGetRNNTempSpaceSizes(h, k.rnn, TR, unset, &size, &size), LITDNN_STATUS_BAD_PARAM_NOT_FINALIZED, "xDesc",
         "sizes for an unset descriptor");
  /* nothing was written */
  float *got = t_dev_fetch(h, y, (size_t)d.ny);
  t_assert_close_f(got, marker_y, (size_t)d.ny, 0, 0, "y after refused calls");
  free(got);
  got = t_dev_fetch(h, hy, (size_t)d.ns);
  t_assert_close_f(got, marker_s, (size_t)d.ns, 0, 0, "hy after refused calls");
  free(got);
  got = t_dev_fetch(h, cy, (size_t)d.ns);
  t_assert_close_f(got, marker_s, (size_t)d.ns, 0, 0, "cy after refused calls");
  free(got);
  got = t_dev_fetch(h, dx, (size_t)d.nx);
  t_assert_close_f(got, marker_y, (size_t)d.nx, 0, 0, "dx after refused calls");
  free(got);
  got = t_dev_fetch(h, dw, 1);
  t_assert_close_f(got, marker_y, 1, 0, 0, "dw after refused calls");
  free(got);
#undef FWD
  litdnnDestroyRNNDescriptor(plain);
  litdnnDestroyRNNDataDescriptor(other), litdnnDestroyRNNDataDescriptor(wide), litdnnDestroyRNNDataDescriptor(unset);
  litdnnDestroyTensorDescriptor(hbad), litdnnDestroyTensorDescriptor(hstrided);
  t_dev_free(h, x), t_dev_free(h, y), t_dev_free(h, hy), t_dev_free(h, cy), t_dev_free(h, dx), t_dev_free(h, dw);
  t_dev_free(h, w);
  free(marker_y), free(marker_s);
  close_net(&k);
  free_data(&d);
  litdnnDestroy(h);
}

Test(rnn_bad_input, calls_refuse_and_write_nothing)
{
  litdnnBackend_t backends[LITDNN_BACKEND_COUNT];
  int nb = t_backends(backends);
  for (int b = 0; b < nb; b++)
    bad_calls_on(backends[b]);
}

/* A pinned stage that does not apply is refused with its reason, and
   writes nothing: the wavefront and dropout between unidirectional layers. */
Test(rnn_bad_input, a_pinned_stage_that_does_not_apply_is_refused)
{
  const problem *p = &problems[6];   /* three LSTM layers, dropout 0.3 */
  litdnnHandle_t h = t_handle(LITDNN_BACKEND_EMU);
  int stage;
  check(litdnnGetStageByName(LITDNN_OP_RNN_FORWARD, "wavefront", &stage), "the wavefront stage");
  check(litdnnSetStage(h, LITDNN_OP_RNN_FORWARD, stage), "pin it");
  data d = make_data(p);
  net k = open_net(h, &d, 1);
  long m_at[128], b_at[128];
  float *w = weight_space(&k, &d, d.w, m_at, b_at);
  float *marker = malloc((size_t)d.ny * sizeof *marker);
  for (long i = 0; i < d.ny; i++)
    marker[i] = 1.5f;
  float *x = t_dev_from_host(h, d.x, (size_t)d.nx), *y = t_dev_from_host(h, marker, (size_t)d.ny);
  refuse(litdnnRNNForward(h, k.rnn, LITDNN_FWD_MODE_TRAINING, NULL, k.xd, x, k.yd, y, k.hd, NULL, NULL, k.hd, NULL,
                          NULL, k.wbytes, w, k.work_bytes, k.dwork, k.reserve_bytes, k.dreserve),
         LITDNN_STATUS_NOT_SUPPORTED, "does not apply: dropout between the layers", "wavefront with dropout");
  float *got = t_dev_fetch(h, y, (size_t)d.ny);
  t_assert_close_f(got, marker, (size_t)d.ny, 0, 0, "y after the refusal");
  /* inference has no dropout: the same stage runs */
  check(litdnnRNNForward(h, k.rnn, LITDNN_FWD_MODE_INFERENCE, NULL, k.xd, x, k.yd, y, k.hd, NULL, NULL, k.hd, NULL,
                         NULL, k.wbytes, w, k.work_bytes, k.dwork, 0, NULL),
        "wavefront, inference");
  free(got), free(marker);
  t_dev_free(h, x), t_dev_free(h, y), t_dev_free(h, w);
  close_net(&k);
  free_data(&d);
  litdnnDestroy(h);
}

/* The persistent stage runs where a cooperative launch is: on a GPU and
   on the emulator, whose cooperative launches run every block at once. */
Test(rnn, the_persistent_stage_runs_where_a_grid_barrier_is)
{
  int stage;
  unsigned mask;
  check(litdnnGetStageByName(LITDNN_OP_RNN_FORWARD, "persistent", &stage), "the persistent stage");
  check(litdnnGetStageInfo(LITDNN_OP_RNN_FORWARD, stage, NULL, NULL, &mask), "its backends");
  cr_assert(mask & LITDNN_BACKEND_BIT(LITDNN_BACKEND_EMU), "the persistent stage has no emulator function");
}
