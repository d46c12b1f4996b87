#line 3349 "chapters/10-rnn.nw"
#include "core/prelude.cuh"
#include "rnn/rnn.h"
#include "matmul/matmul.h"
#include <string.h>

#define RNN_FN static __device__ __forceinline__
#include "rnn/rnn_cell.h"
#line 1271 "chapters/10-rnn.nw"
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
  if (g.m == 0 || g.n == 0)   /* a step at which no sequence is active: no rows, nothing to do */
    return LITDNN_STATUS_SUCCESS;
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
#line 1323 "chapters/10-rnn.nw"
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
#line 1356 "chapters/10-rnn.nw"
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

#line 1619 "chapters/10-rnn.nw"
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
#line 1392 "chapters/10-rnn.nw"
#define RNN_MAX_CELLS 8
#define RNN_THREADS 256
#define RNN_MAX_BLOCKS 0x40000000u   /* more than any launch here needs: no kernel loops over a grid */

typedef struct rnn_cell {
  int step, t;                   /* the step processed, and its time */
  const float *gx;               /* input halves: row r, gate g, unit j at gx[r gx_ld + g gx_gs + j] */
  int64_t gx_ld;
  int gx_gs, gx_rows;            /* gate stride (0: the identity input), row map */
  const float *gh;               /* recurrent halves: N x G H */
  const float *bw, *br;          /* biases, or NULL */
  const float *hp, *cp;          /* the states before the step (N x H) */
  float *hn, *cn;                /* and after */
  float *out;                    /* output rows, this direction's columns */
  int64_t out_ld;
  int out_rows, fill;
  float fill_value;
  float *pre;                    /* N x S H: the unit values (the saved values when training), or NULL */
} rnn_cell;

typedef struct rnn_cells {
  int cell, G, S, H, N, T, count;
  const int *len, *off;
  rnn_cell c[RNN_MAX_CELLS];
} rnn_cells;
#line 1428 "chapters/10-rnn.nw"
static __global__ void rnn_chain_sums(rnn_cells a)
{
  const rnn_cell *c = &a.c[blockIdx.y];
  int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x, SH = (int64_t)a.S * a.H;
  if (i >= a.N * SH)
    return;
  int n = (int)(i / SH), slot = (int)(i % SH / a.H), j = (int)(i % a.H), g = slot < a.G ? slot : 2;
  if (c->t >= a.len[n])
    return;
  int64_t row = rnn_row(c->gx_rows, n, c->t, a.N, a.T, a.off), gh = (int64_t)a.G * a.H;
  c->pre[i] = rnn_pre(a.cell, slot, c->gx[row * c->gx_ld + g * c->gx_gs + j], c->bw ? c->bw[g * a.H + j] : 0.0f,
                      c->gh[n * gh + g * a.H + j], c->br ? c->br[g * a.H + j] : 0.0f);
}

static __global__ void rnn_chain_activate(rnn_cells a)
{
  const rnn_cell *c = &a.c[blockIdx.y];
  int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x, SH = (int64_t)a.S * a.H;
  if (i >= a.N * SH)
    return;
  int n = (int)(i / SH), slot = (int)(i % SH / a.H);
  if (c->t < a.len[n])
    c->pre[i] = rnn_activate(a.cell, slot, c->pre[i]);
}

/* an inactive sequence keeps its state and fills its output row */
static __device__ void rnn_carry(const rnn_cells *a, const rnn_cell *c, int n, int j)
{
  int64_t k = (int64_t)n * a->H + j, row = rnn_row(c->out_rows, n, c->t, a->N, a->T, a->off);
  c->hn[k] = c->hp[k];
  if (a->cell == LITDNN_LSTM)
    c->cn[k] = c->cp[k];
  if (row >= 0 && c->fill)
    c->out[row * c->out_ld + j] = c->fill_value;
}

/* the new state of unit (n, j) from its values sv; stores them all */
static __device__ void rnn_finish(const rnn_cells *a, const rnn_cell *c, int n, int j, float *sv)
{
  int64_t k = (int64_t)n * a->H + j, row = rnn_row(c->out_rows, n, c->t, a->N, a->T, a->off);
  int lstm = a->cell == LITDNN_LSTM;
  float cnew = 0.0f, hnew = rnn_update(a->cell, sv, c->hp[k], lstm ? c->cp[k] : 0.0f, &cnew);
  c->hn[k] = hnew;
  if (lstm)
    c->cn[k] = cnew;
  c->out[row * c->out_ld + j] = hnew;
  if (c->pre) {
    LITDNN_UNROLL
    for (int slot = 0; slot < 4; slot++)
      if (slot < a->S)
        c->pre[(int64_t)n * a->S * a->H + slot * a->H + j] = sv[slot];
  }
}

static __global__ void rnn_chain_update(rnn_cells a)
{
  const rnn_cell *c = &a.c[blockIdx.y];
  int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= (int64_t)a.N * a.H)
    return;
  int n = (int)(i / a.H), j = (int)(i % a.H);
  if (c->t >= a.len[n]) {
    rnn_carry(&a, c, n, j);
    return;
  }
  float sv[4];
  LITDNN_UNROLL
  for (int slot = 0; slot < 4; slot++)
    if (slot < a.S)
      sv[slot] = c->pre[(int64_t)n * a.S * a.H + slot * a.H + j];
  rnn_finish(&a, c, n, j, sv);
}
#line 1506 "chapters/10-rnn.nw"
static litdnnStatus_t rnn_launch_chain(litdnnHandle_t h, const litdnn_rnn_args *a, const rnn_cells *cells)
{
  cudaStream_t st = litdnn_gpu_stream(h);
  int64_t values = (int64_t)cells->N * cells->S * cells->H, units = (int64_t)cells->N * cells->H;
  dim3 gv = litdnn_dim3((unsigned)((values + RNN_THREADS - 1) / RNN_THREADS), (unsigned)cells->count, 1);
  dim3 gu = litdnn_dim3((unsigned)((units + RNN_THREADS - 1) / RNN_THREADS), (unsigned)cells->count, 1);
  rnn_chain_sums<<<gv, RNN_THREADS, 0, st>>>(*cells);
  litdnnStatus_t s = litdnn_gpu_launch_status(a->call, "rnn_chain_sums");
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  rnn_chain_activate<<<gv, RNN_THREADS, 0, st>>>(*cells);
  if ((s = litdnn_gpu_launch_status(a->call, "rnn_chain_activate")) != LITDNN_STATUS_SUCCESS)
    return s;
  rnn_chain_update<<<gu, RNN_THREADS, 0, st>>>(*cells);
  return litdnn_gpu_launch_status(a->call, "rnn_chain_update");
}
#line 1752 "chapters/10-rnn.nw"
static __global__ void rnn_fused_step(rnn_cells a)
{
  const rnn_cell *c = &a.c[blockIdx.y];
  int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= (int64_t)a.N * a.H)
    return;
  int n = (int)(i / a.H), j = (int)(i % a.H);
  if (c->t >= a.len[n]) {
    rnn_carry(&a, c, n, j);
    return;
  }
  int64_t row = rnn_row(c->gx_rows, n, c->t, a.N, a.T, a.off), gh = (int64_t)a.G * a.H;
  float sv[4];
  LITDNN_UNROLL
  for (int slot = 0; slot < 4; slot++) {   /* unrolled, so that sv stays in registers */
    int g = slot < a.G ? slot : 2;
    if (slot < a.S)
      sv[slot] = rnn_activate(a.cell, slot,
                              rnn_pre(a.cell, slot, c->gx[row * c->gx_ld + g * c->gx_gs + j],
                                      c->bw ? c->bw[g * a.H + j] : 0.0f, c->gh[n * gh + g * a.H + j],
                                      c->br ? c->br[g * a.H + j] : 0.0f));
  }
  rnn_finish(&a, c, n, j, sv);
}

static litdnnStatus_t rnn_launch_fused(litdnnHandle_t h, const litdnn_rnn_args *a, const rnn_cells *cells)
{
  int64_t units = (int64_t)cells->N * cells->H;
  dim3 grid = litdnn_dim3((unsigned)((units + RNN_THREADS - 1) / RNN_THREADS), (unsigned)cells->count, 1);
  rnn_fused_step<<<grid, RNN_THREADS, 0, litdnn_gpu_stream(h)>>>(*cells);
  return litdnn_gpu_launch_status(a->call, "rnn_fused_step");
}
#line 1560 "chapters/10-rnn.nw"
typedef struct rnn_plan {
  int per_gate;    /* a product per gate, else one for all gates */
  int hoist;       /* the input products of all steps before the loop */
  int fused;       /* one pointwise kernel, else the chain of three */
} rnn_plan;

/* the cell of pseudo-layer (l, d) at step `step`, for the launch */
static rnn_cell rnn_cell_at(const litdnn_rnn_args *a, int l, int d, int step, const rnn_io *io, const float *gx,
                            int64_t gx_ld, int gx_gs, int gx_rows, int fused)
{
  const litdnn_rnn_shape *s = &a->s;
  int p = l * s->D + d;
  int64_t nh = (int64_t)s->N * s->H, gh = (int64_t)s->G * s->H;
  rnn_cell c;
  memset(&c, 0, sizeof c);
  c.step = step;
  c.t = d ? s->T - 1 - step : step;
  c.gx = gx;
  c.gx_ld = gx_ld;
  c.gx_gs = gx_gs;
  c.gx_rows = gx_rows;
  c.gh = a->work + a->wl.gh + p * s->N * gh;
  c.bw = rnn_weight(a, litdnn_rnn_bias_offset(s, p, 0));
  c.br = rnn_weight(a, litdnn_rnn_bias_offset(s, p, 1));
  c.hp = rnn_hslot(a, p, step, a->training);
  c.hn = rnn_hslot(a, p, step + 1, a->training);
  c.cp = rnn_cslot(a, p, step, a->training);
  c.cn = rnn_cslot(a, p, step + 1, a->training);
  c.out = io->out + d * s->H;
  c.out_ld = io->out_ld;
  c.out_rows = io->out_rows;
  c.fill = io->fill;
  c.fill_value = io->fill_value;
  c.pre = a->training ? rnn_saved(a, p, step) : fused ? NULL : a->work + a->wl.pre + p * nh * s->S;
  return c;
}

static rnn_cells rnn_cells_of(const litdnn_rnn_args *a)
{
  rnn_cells cs;
  memset(&cs, 0, sizeof cs);
  cs.cell = a->s.cell;
  cs.G = a->s.G;
  cs.S = a->s.S;
  cs.H = a->s.H;
  cs.N = a->s.N;
  cs.T = a->s.T;
  cs.len = a->dlen;
  cs.off = a->doff;
  return cs;
}

#line 1655 "chapters/10-rnn.nw"
static litdnnStatus_t rnn_forward_pseudo_layer(litdnnHandle_t h, const litdnn_rnn_args *a, int l, int d,
                                               const rnn_io *io, rnn_plan plan)
{
  const litdnn_rnn_shape *s = &a->s;
  int p = l * s->D + d;
  int64_t in_size = litdnn_rnn_layer_in(s, l), gh = (int64_t)s->G * s->H;
  int64_t in_rows = l == 0 ? s->xrows : (int64_t)s->T * s->N;
  const float *W = rnn_weight(a, litdnn_rnn_w_offset(s, p)), *R = a->w + litdnn_rnn_r_offset(s, p);
  rnn_inputs in = {io->in, io->in_ld, a->work + a->wl.gx + d * (int64_t)s->T * s->N * gh};
  RNN_TRY(rnn_initial_states(h, a, p, 0));
  if (W && plan.hoist)
    RNN_TRY(rnn_input_products(h, a, W, in_size, &in, 0, in_rows, 1, plan.per_gate));
  for (int step = 0; step < s->T; step++) {
    int t = d ? s->T - 1 - step : step, rows = a->rows_at[t];
    if (W && !plan.hoist && rows > 0) {
      int64_t r0, mult;
      rnn_step_rows(a, io->in_rows, t, &r0, &mult);
      RNN_TRY(rnn_input_products(h, a, W, in_size, &in, r0, rows, mult, plan.per_gate));
    }
    float *ghb = a->work + a->wl.gh + p * s->N * gh;
    const float *hp = rnn_hslot(a, p, step, a->training);
    for (int g = plan.per_gate ? 0 : -1; rows > 0 && g < (plan.per_gate ? s->G : 0); g++)
      RNN_TRY(rnn_recurrent_product(h, a, R, hp, ghb, rows, g));
    rnn_cells cells = rnn_cells_of(a);
    cells.count = 1;
    cells.c[0] = W ? rnn_cell_at(a, l, d, step, io, in.gx, gh, s->H, io->in_rows, plan.fused)
                   : rnn_cell_at(a, l, d, step, io, io->in, io->in_ld, 0, io->in_rows, plan.fused);
    RNN_TRY(plan.fused ? rnn_launch_fused(h, a, &cells) : rnn_launch_chain(h, a, &cells));
  }
  return rnn_final_states(h, a, p, s->T);
}

static litdnnStatus_t rnn_forward_layers(litdnnHandle_t h, const litdnn_rnn_args *a, rnn_plan plan)
{
  for (int l = 0; l < a->s.L; l++) {
    rnn_io io = rnn_layer_io(a, l, a->training);
    for (int d = 0; d < a->s.D; d++)
      RNN_TRY(rnn_forward_pseudo_layer(h, a, l, d, &io, plan));
    if (a->dropout && l < a->s.L - 1)
      RNN_TRY(litdnn_rnn_dropout_forward(h, a, l));
  }
  return LITDNN_STATUS_SUCCESS;
}
#line 1537 "chapters/10-rnn.nw"
litdnnStatus_t LITDNN_GPU_FN(litdnn_rnn_forward_per_gate)(litdnnHandle_t h, const void *args)
{
  rnn_plan plan = {1, 0, 0};
  return rnn_forward_layers(h, (const litdnn_rnn_args *)args, plan);
}
#line 1709 "chapters/10-rnn.nw"
litdnnStatus_t LITDNN_GPU_FN(litdnn_rnn_forward_gates)(litdnnHandle_t h, const void *args)
{
  rnn_plan plan = {0, 0, 0};
  return rnn_forward_layers(h, (const litdnn_rnn_args *)args, plan);
}
#line 1730 "chapters/10-rnn.nw"
litdnnStatus_t LITDNN_GPU_FN(litdnn_rnn_forward_hoisted)(litdnnHandle_t h, const void *args)
{
  rnn_plan plan = {0, 1, 0};
  return rnn_forward_layers(h, (const litdnn_rnn_args *)args, plan);
}
#line 1787 "chapters/10-rnn.nw"
litdnnStatus_t LITDNN_GPU_FN(litdnn_rnn_forward_fused)(litdnnHandle_t h, const void *args)
{
  rnn_plan plan = {0, 1, 1};
  return rnn_forward_layers(h, (const litdnn_rnn_args *)args, plan);
}
#line 2528 "chapters/10-rnn.nw"
#define RNN_PERSISTENT_THREADS 256

typedef struct rnn_persistent_args {
  int cell, G, S, H, N, T, d, training;
  int ub;                       /* units per block */
  int kt;                       /* values of each h_{t-1} per tile: H when one copy fits */
  int ks;                       /* threads that share a 4 x 4 tile, each on its own slice of k */
  int tiles, per_round;         /* the block's 4 x 4 tiles, and how many are summed at once */
  int ldr, ldh;                 /* row strides in shared memory of R and of the h tile, in floats */
  int cell_threads;             /* the threads that run the cells, cell e on thread e % cell_threads */
  int h_vec;                    /* h may be copied as float4 */
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

#line 2744 "chapters/10-rnn.nw"
/* values k0 .. k0 + kn - 1 of every sequence's h into the N rows of ht,
   zero up to the next multiple of four; __ldcg reads past L1, whose lines
   may hold what these addresses held a step ago */
static __device__ __forceinline__ void rnn_persistent_copy_h(const rnn_persistent_args *a, const float *hp, int k0,
                                                             int kn, float *ht)
{
  int c4 = (kn + 3) / 4;
  if (a->h_vec) {   /* eight loads in flight per thread, then their stores */
    int n4 = a->N * c4, step = (int)blockDim.x;
    for (int e0 = (int)threadIdx.x; e0 < n4; e0 += 8 * step) {
      float4 v[8];
      LITDNN_UNROLL
      for (int i = 0; i < 8; i++)
        if (e0 + i * step < n4)
          v[i] = __ldcg((const float4 *)(hp + (int64_t)((e0 + i * step) / c4) * a->H + k0) + (e0 + i * step) % c4);
      LITDNN_UNROLL
      for (int i = 0; i < 8; i++)
        if (e0 + i * step < n4)
          ((float4 *)(ht + (int64_t)((e0 + i * step) / c4) * a->ldh))[(e0 + i * step) % c4] = v[i];
    }
  } else {
    int w = 4 * c4;
    for (int e = (int)threadIdx.x; e < a->N * w; e += (int)blockDim.x) {
      int n = e / w, k = e % w;
      ht[(int64_t)n * a->ldh + k] = k < kn ? __ldcg(hp + (int64_t)n * a->H + k0 + k) : 0.0f;
    }
  }
}
#line 2681 "chapters/10-rnn.nw"
/* acc[i][j] += the products of chunks c0, c0 + ks, ... < cn (four values
   of k each, from column k0 of R) of R's row rr[i] and ht's row hr[j] */
static __device__ __forceinline__ void rnn_persistent_products(const float *rs, int ldr, int k0, const float *ht,
                                                               int ldh, const int *rr, const int *hr, int c0, int cn,
                                                               int ks, float acc[4][4])
{
  const float4 *r4[4], *h4[4];
  LITDNN_UNROLL
  for (int i = 0; i < 4; i++) {
    r4[i] = (const float4 *)(rs + (int64_t)rr[i] * ldr + k0);
    h4[i] = (const float4 *)(ht + (int64_t)hr[i] * ldh);
  }
  for (int c = c0; c < cn; c += ks) {
    float4 rv[4], hv[4];
    LITDNN_UNROLL
    for (int i = 0; i < 4; i++) {
      rv[i] = r4[i][c];
      hv[i] = h4[i][c];
    }
    LITDNN_UNROLL
    for (int i = 0; i < 4; i++) {
      LITDNN_UNROLL
      for (int j = 0; j < 4; j++) {
        float s = acc[i][j];
        s = fmaf(rv[i].x, hv[j].x, s);
        s = fmaf(rv[i].y, hv[j].y, s);
        s = fmaf(rv[i].z, hv[j].z, s);
        acc[i][j] = fmaf(rv[i].w, hv[j].w, s);
      }
    }
  }
}

#line 2555 "chapters/10-rnn.nw"
static __global__ void __launch_bounds__(RNN_PERSISTENT_THREADS) rnn_persistent_layer(rnn_persistent_args a)
{
  extern __shared__ float4 rnn_persistent_smem4[];
  int M = a.G * a.ub, items = a.N * a.ub, tid = (int)threadIdx.x;
  float *rs = (float *)rnn_persistent_smem4;    /* M rows of R, ldr apart: row g ub + u is gate g of unit u0 + u */
  float *ht = rs + (int64_t)M * a.ldr;          /* N rows of an h tile, ldh apart */
  float *sums = ht + (int64_t)a.N * a.ldh;      /* M x N: the recurrent sums of the step */
  float *own_h = sums + M * a.N, *own_c = own_h + items;   /* the states of the block's cells */
  int u0 = (int)blockIdx.x * a.ub, units = a.H - u0 < a.ub ? a.H - u0 : a.ub;
  int64_t nh = (int64_t)a.N * a.H;
  int lstm = a.cell == LITDNN_LSTM;
  
#line 2720 "chapters/10-rnn.nw"
/* R once, zero past column H so that a row's last chunk adds nothing
   (M ldr floats fit in shared memory, so an int counts them) */
for (int e = tid; e < M * a.ldr; e += blockDim.x) {
  int r = e / a.ldr, k = e % a.ldr, g = r / a.ub, u = r % a.ub;
  rs[e] = u < units && k < a.H ? a.R[((int64_t)g * a.H + u0 + u) * a.H + k] : 0.0f;
}
/* h and c of the block's own units stay here between steps: no block
   but this one writes them */
for (int e = tid; e < items; e += blockDim.x) {
  int64_t k = (int64_t)(e / a.ub) * a.H + u0 + e % a.ub;
  int mine = e % a.ub < units;
  own_h[e] = mine ? __ldcg(a.hs + k) : 0.0f;
  own_c[e] = mine && lstm ? __ldcg(a.cs + k) : 0.0f;
}
#line 2567 "chapters/10-rnn.nw"
  for (int step = 0; step < a.T; step++) {
    int t = a.d ? a.T - 1 - step : step;
    const float *hp = a.hs + (a.training ? step : step & 1) * nh;
    float *hn = a.hs + (a.training ? step + 1 : (step + 1) & 1) * nh;
    float *cn = a.cs + (a.training ? step + 1 : (step + 1) & 1) * nh;
    float *saved = a.saved ? a.saved + (int64_t)step * a.N * a.S * a.H : NULL;
    
#line 2781 "chapters/10-rnn.nw"
float gx0[4] = {0.0f, 0.0f, 0.0f, 0.0f};
if (tid < items && tid < a.cell_threads && tid % a.ub < units && t < a.len[tid / a.ub]) {
  int64_t row = rnn_row(a.gx_rows, tid / a.ub, t, a.N, a.T, a.off);
  LITDNN_UNROLL
  for (int g = 0; g < 4; g++)
    if (g < a.G)
      gx0[g] = a.gx[row * a.gx_ld + g * a.gx_gs + u0 + tid % a.ub];
}
#line 2574 "chapters/10-rnn.nw"
    
#line 2630 "chapters/10-rnn.nw"
for (int t0 = 0; t0 < a.tiles; t0 += a.per_round) {
  int tile = t0 + tid / a.ks, slice = tid % a.ks, mine = tid / a.ks < a.per_round && tile < a.tiles;
  int mg = (M + 3) / 4, ng = (a.N + 3) / 4, rg = tile / ng, sg = tile % ng;
  int rr[4], hr[4];   /* the tile's rows of R and sequences, strided; past the end, repeated */
  float acc[4][4];
  LITDNN_UNROLL
  for (int i = 0; i < 4; i++) {
    rr[i] = rg + mg * i < M ? rg + mg * i : M - 1;
    hr[i] = sg + ng * i < a.N ? sg + ng * i : a.N - 1;
    LITDNN_UNROLL
    for (int j = 0; j < 4; j++)
      acc[i][j] = 0.0f;
  }
  for (int k0 = 0; k0 < a.H; k0 += a.kt) {
    int kn = a.H - k0 < a.kt ? a.H - k0 : a.kt, cn = (kn + 3) / 4;
    if (a.kt < a.H || t0 == 0) {   /* one copy of the whole h serves every round */
      __syncthreads();             /* the tile before is read */
      rnn_persistent_copy_h(&a, hp, k0, kn, ht);
      __syncthreads();
    }
    rnn_persistent_products(rs, a.ldr, k0, ht, a.ldh, rr, hr, mine ? slice : cn, cn, a.ks, acc);
  }
  /* the ks partial sums of a tile are on ks neighbouring lanes of one warp */
  for (int o = a.ks / 2; o > 0; o /= 2) {
    LITDNN_UNROLL
    for (int i = 0; i < 4; i++) {
      LITDNN_UNROLL
      for (int j = 0; j < 4; j++)
        acc[i][j] += __shfl_xor_sync(0xffffffffu, acc[i][j], o);
    }
  }
  if (mine && slice == 0) {
    LITDNN_UNROLL
    for (int i = 0; i < 4; i++) {
      LITDNN_UNROLL
      for (int j = 0; j < 4; j++)
        if (rg + mg * i < M && sg + ng * j < a.N)
          sums[(rg + mg * i) * a.N + sg + ng * j] = acc[i][j];
    }
  }
}
#line 2575 "chapters/10-rnn.nw"
    __syncthreads();   /* every sum of the step is in place */
    
#line 2795 "chapters/10-rnn.nw"
for (int e = tid; tid < a.cell_threads && e < items; e += a.cell_threads) {
  int n = e / a.ub, u = e % a.ub, j = u0 + u;
  if (u >= units)
    continue;
  int64_t k = (int64_t)n * a.H + j, orow = rnn_row(a.out_rows, n, t, a.N, a.T, a.off);
  if (t >= a.len[n]) {   /* past the sequence's end: keep the state, fill the output's padding */
    hn[k] = own_h[e];
    if (lstm)
      cn[k] = own_c[e];
    if (orow >= 0 && a.fill)
      a.out[orow * a.out_ld + j] = a.fill_value;
    continue;
  }
  int64_t row = rnn_row(a.gx_rows, n, t, a.N, a.T, a.off);
  float sv[4];
  LITDNN_UNROLL
  for (int slot = 0; slot < 4; slot++) {
    int g = slot < a.G ? slot : 2;
    if (slot < a.S) {
      float gx = e != tid ? a.gx[row * a.gx_ld + g * a.gx_gs + j] : slot < a.G ? gx0[slot] : gx0[2];
      sv[slot] = rnn_activate(a.cell, slot,
                              rnn_pre(a.cell, slot, gx, a.bw ? a.bw[g * a.H + j] : 0.0f,
                                      sums[(g * a.ub + u) * a.N + n], a.br ? a.br[g * a.H + j] : 0.0f));
    }
  }
  float cnew = 0.0f, hnew = rnn_update(a.cell, sv, own_h[e], own_c[e], &cnew);
  own_h[e] = hnew;
  hn[k] = hnew;
  if (lstm) {
    own_c[e] = cnew;
    cn[k] = cnew;
  }
  a.out[orow * a.out_ld + j] = hnew;
  if (saved) {
    LITDNN_UNROLL
    for (int slot = 0; slot < 4; slot++)
      if (slot < a.S)
        saved[(int64_t)n * a.S * a.H + slot * a.H + j] = sv[slot];
  }
}
#line 2577 "chapters/10-rnn.nw"
    litdnn_grid_sync();   /* every h_t is written before any block reads it as h_{t-1} */
  }
}
#line 2853 "chapters/10-rnn.nw"
typedef struct {
  int sms;              /* the blocks the grid may have */
  int multiprocessors, smem_optin, cooperative;
} rnn_device;

static rnn_device rnn_device_of(void)
{
  static rnn_device dev = {0, 0, 0, 0};
  if (dev.sms == 0) {
    int device = 0;
    struct cudaDeviceProp prop;
    if (cudaGetDevice(&device) == cudaSuccess && cudaGetDeviceProperties(&prop, device) == cudaSuccess) {
      dev.sms = dev.multiprocessors = prop.multiProcessorCount;
#ifdef LITDNN_EMU
      dev.sms *= prop.maxThreadsPerMultiProcessor / RNN_PERSISTENT_THREADS;
#endif
      dev.smem_optin = (int)prop.sharedMemPerBlockOptin;
      dev.cooperative = prop.cooperativeLaunch;
    } else {
      dev.sms = -1;
    }
  }
  return dev;
}

/* a row stride for shared memory: a multiple of 32 floats, plus 4 ks
   floats when a quarter warp reads several rows (ks < 8), so that those
   rows start in different banks */
static int rnn_persistent_ld(int width, int ks)
{
  return (width + 31) / 32 * 32 + 4 * ks % 32;
}

/* the shape of the persistent kernel for problem s on device dev: units
   per block, blocks, the tiles and their split, the h tile, the strides,
   and the bytes of shared memory per block (0 when they cannot fit) */
static void rnn_persistent_shape(const litdnn_rnn_shape *s, const rnn_device *dev, rnn_persistent_args *k,
                                 int *blocks, size_t *smem)
{
  int sms = dev->sms > 0 ? dev->sms : 1;
  k->ub = (s->H + sms - 1) / sms;
  *blocks = (s->H + k->ub - 1) / k->ub;
  int M = s->G * k->ub, items = s->N * k->ub;
  k->tiles = (M + 3) / 4 * ((s->N + 3) / 4);
  k->ks = 32;
  while (k->ks > 1 && (int64_t)k->tiles * k->ks > RNN_PERSISTENT_THREADS)
    k->ks /= 2;
  int kt_max = s->H;
#ifdef LITDNN_EMU
  /* the tests' problems are small: narrower slices, rounds and h tiles
     make them take every path the large problems take on a GPU */
  if (k->ks > 2)
    k->ks = 2;
  kt_max = 12;
#endif
  k->per_round = RNN_PERSISTENT_THREADS / k->ks;
  k->cell_threads = RNN_PERSISTENT_THREADS;
#ifdef LITDNN_EMU
  k->per_round = 3;
  k->cell_threads = 4;
#endif
  if (k->per_round > k->tiles)
    k->per_round = k->tiles;
  k->ldr = rnn_persistent_ld(s->H, k->ks);
  /* floats besides the h tile: R, the sums, h and c */
  int64_t fixed = (int64_t)M * k->ldr + (int64_t)M * s->N + 2 * (int64_t)items;
  int64_t room = dev->smem_optin / (int64_t)sizeof(float) - fixed;
  if (kt_max >= s->H && (int64_t)s->N * rnn_persistent_ld(s->H, k->ks) <= room) {
    k->kt = s->H;   /* one copy of h_{t-1} per step */
  } else {
    int64_t kt = (room / s->N - 4 * k->ks % 32) / 32 * 32;
    if (kt < 32) {   /* not even a tile of 32 values fits beside R */
      *smem = 0;
      return;
    }
    k->kt = (int)(kt < kt_max ? kt : kt_max / 4 * 4);
  }
  k->ldh = rnn_persistent_ld(k->kt, k->ks);
  *smem = (size_t)(fixed + (int64_t)s->N * k->ldh) * sizeof(float);
}

const char *LITDNN_GPU_FN(litdnn_rnn_persistent_fits)(litdnnHandle_t h, const void *args)
{
  const litdnn_rnn_args *a = (const litdnn_rnn_args *)args;
  rnn_device dev = rnn_device_of();
  if (dev.sms <= 0)
    return "the device could not be asked for its SMs and shared memory";
  if (!dev.cooperative)
    return "the device cannot launch a cooperative grid";
  rnn_persistent_args k;
  int blocks;
  size_t smem;
  rnn_persistent_shape(&a->s, &dev, &k, &blocks, &smem);
  if (smem == 0 || smem > (size_t)dev.smem_optin)
    return "the rows of R a block keeps do not fit in its shared memory (hidden size too large)";
  /* the emulator's eight blocks per SM hold only while their shared memory fits */
  int per_sm = 0;
  if (cudaFuncSetAttribute((const void *)rnn_persistent_layer, cudaFuncAttributeMaxDynamicSharedMemorySize,
                           (int)smem) != cudaSuccess ||
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, rnn_persistent_layer, RNN_PERSISTENT_THREADS, smem) !=
          cudaSuccess ||
      (int64_t)per_sm * dev.multiprocessors < blocks) {
    (void)cudaGetLastError();
    return "the grid's blocks, with the shared memory each needs, cannot all be resident at once";
  }
  return NULL;
}
#line 2968 "chapters/10-rnn.nw"
litdnnStatus_t LITDNN_GPU_FN(litdnn_rnn_forward_persistent)(litdnnHandle_t h, const void *args)
{
  const litdnn_rnn_args *a = (const litdnn_rnn_args *)args;
  const litdnn_rnn_shape *s = &a->s;
  rnn_device dev = rnn_device_of();
  rnn_persistent_args shape;
  int blocks;
  size_t smem;
  memset(&shape, 0, sizeof shape);
  rnn_persistent_shape(s, &dev, &shape, &blocks, &smem);
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
      rnn_persistent_args k = shape;
      k.cell = s->cell, k.G = s->G, k.S = s->S, k.H = s->H, k.N = s->N, k.T = s->T, k.d = d;
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
      k.h_vec = s->H % 4 == 0 && (uintptr_t)k.hs % 16 == 0;
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
#line 1823 "chapters/10-rnn.nw"
typedef struct rnn_bcell {
  int step, t;
  const float *dout;           /* gradient of the output rows, this direction's columns */
  int64_t dout_ld;
  int dout_rows;
  float *dgx;                  /* gate gradients by input row, G H wide */
  int dgx_rows;
  float *dgh;                  /* gate gradients of the recurrent halves, N x G H */
  const float *sv;             /* the saved values, N x S H */
  const float *hp, *cp, *cn;   /* h and c before the step, c after */
  float *dh, *dc;              /* N x H: in, of the new state; out, of the old one (dh: its direct part) */
  float *du;                   /* N x 2 H: the chain's unit gradients */
} rnn_bcell;

typedef struct rnn_bcells {
  int cell, G, S, H, N, T, count;
  const int *len, *off;
  rnn_bcell c[RNN_MAX_CELLS];
} rnn_bcells;

/* the first piece for unit (n, j): the unit gradients, dc and the direct part of dh */
static __device__ void rnn_unit_backward(const rnn_bcells *a, const rnn_bcell *c, int n, int j, float *du)
{
  int64_t k = (int64_t)n * a->H + j, row = rnn_row(c->dout_rows, n, c->t, a->N, a->T, a->off);
  int lstm = a->cell == LITDNN_LSTM;
  float sv[4], dcp = 0.0f;
  LITDNN_UNROLL
  for (int slot = 0; slot < 4; slot++)
    if (slot < a->S)
      sv[slot] = c->sv[(int64_t)n * a->S * a->H + slot * a->H + j];
  float dh = c->dout[row * c->dout_ld + j] + c->dh[k];
  c->dh[k] = rnn_unit_grads(a->cell, sv, lstm ? c->cn[k] : 0.0f, dh, lstm ? c->dc[k] : 0.0f, du, &dcp);
  if (lstm)
    c->dc[k] = dcp;
}

/* the second piece for gate g of unit (n, j); zero for an inactive sequence */
static __device__ void rnn_gate_backward(const rnn_bcells *a, const rnn_bcell *c, int n, int g, int j,
                                         const float *du, int is_active)
{
  int64_t gh = (int64_t)a->G * a->H, k = (int64_t)n * a->H + j;
  int64_t row = rnn_row(c->dgx_rows, n, c->t, a->N, a->T, a->off);
  float dx = 0.0f, dr = 0.0f;
  if (is_active) {
    float sv[4];
    LITDNN_UNROLL
    for (int slot = 0; slot < 4; slot++)
      if (slot < a->S)
        sv[slot] = c->sv[(int64_t)n * a->S * a->H + slot * a->H + j];
    dx = rnn_gate_grad(a->cell, g, sv, c->hp[k], a->cell == LITDNN_LSTM ? c->cp[k] : 0.0f, du, &dr);
  }
  if (row >= 0)
    c->dgx[row * gh + g * a->H + j] = dx;
  c->dgh[n * gh + g * a->H + j] = dr;
}

static __global__ void rnn_bchain_units(rnn_bcells a)
{
  const rnn_bcell *c = &a.c[blockIdx.y];
  int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= (int64_t)a.N * a.H)
    return;
  int n = (int)(i / a.H), j = (int)(i % a.H);
  float du[2] = {0.0f, 0.0f};
  if (c->t < a.len[n])
    rnn_unit_backward(&a, c, n, j, du);
  c->du[(int64_t)n * 2 * a.H + j] = du[0];
  c->du[(int64_t)n * 2 * a.H + a.H + j] = du[1];
}

static __global__ void rnn_bchain_gates(rnn_bcells a)
{
  const rnn_bcell *c = &a.c[blockIdx.y];
  int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x, GH = (int64_t)a.G * a.H;
  if (i >= a.N * GH)
    return;
  int n = (int)(i / GH), g = (int)(i % GH / a.H), j = (int)(i % a.H);
  float du[2] = {c->du[(int64_t)n * 2 * a.H + j], c->du[(int64_t)n * 2 * a.H + a.H + j]};
  rnn_gate_backward(&a, c, n, g, j, du, c->t < a.len[n]);
}

static __global__ void rnn_bfused_step(rnn_bcells a)
{
  const rnn_bcell *c = &a.c[blockIdx.y];
  int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= (int64_t)a.N * a.H)
    return;
  int n = (int)(i / a.H), j = (int)(i % a.H), is_active = c->t < a.len[n];
  float du[2] = {0.0f, 0.0f};
  if (is_active)
    rnn_unit_backward(&a, c, n, j, du);
  LITDNN_UNROLL
  for (int g = 0; g < 4; g++)
    if (g < a.G)
      rnn_gate_backward(&a, c, n, g, j, du, is_active);
}
#line 1938 "chapters/10-rnn.nw"
static litdnnStatus_t rnn_launch_backward(litdnnHandle_t h, const litdnn_rnn_args *a, const rnn_bcells *cells,
                                          int fused)
{
  cudaStream_t st = litdnn_gpu_stream(h);
  int64_t units = (int64_t)cells->N * cells->H, gates = units * cells->G;
  dim3 gu = litdnn_dim3((unsigned)((units + RNN_THREADS - 1) / RNN_THREADS), (unsigned)cells->count, 1);
  dim3 gg = litdnn_dim3((unsigned)((gates + RNN_THREADS - 1) / RNN_THREADS), (unsigned)cells->count, 1);
  if (fused) {
    rnn_bfused_step<<<gu, RNN_THREADS, 0, st>>>(*cells);
    return litdnn_gpu_launch_status(a->call, "rnn_bfused_step");
  }
  rnn_bchain_units<<<gu, RNN_THREADS, 0, st>>>(*cells);
  litdnnStatus_t s = litdnn_gpu_launch_status(a->call, "rnn_bchain_units");
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  rnn_bchain_gates<<<gg, RNN_THREADS, 0, st>>>(*cells);
  return litdnn_gpu_launch_status(a->call, "rnn_bchain_gates");
}
#line 1982 "chapters/10-rnn.nw"
/* din[row] += sum over the gates of dgx[row] (rows of one step, or all) */
static __global__ void rnn_sum_gates(const float *dgx, float *din, int64_t r0, int64_t rows, int64_t mult, int G,
                                     int H)
{
  int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= rows * H)
    return;
  int64_t row = r0 + i / H * mult;
  int j = (int)(i % H);
  float s = 0.0f;
  for (int g = 0; g < G; g++)
    s += dgx[row * G * H + g * H + j];
  din[row * H + j] += s;
}

/* the column sums of tall matrices in two passes: a block adds the rows of
   one piece for RNN_SUM_COLS columns, RNN_SUM_LANES row lanes side by side;
   then one thread per column adds the pieces, in their order (deterministic) */
#define RNN_SUM_COLS 32
#define RNN_SUM_LANES 8
#define RNN_SUM_BLOCKS 1024     /* blocks of the first pass to aim for */
#define RNN_SUM_PIECE_ROWS 256  /* fewest rows in a piece */

/* part[b][piece][col] = sum of the piece's rows of matrix b; blockIdx.z is b */
static __global__ void rnn_column_pieces(const float *m, int64_t rows, int cols, int64_t stride_m, int64_t piece_rows,
                                         float *part)
{
  __shared__ float lane[RNN_SUM_LANES][RNN_SUM_COLS + 1];
  int col = blockIdx.x * RNN_SUM_COLS + threadIdx.x;
  int64_t r0 = blockIdx.y * piece_rows, r1 = r0 + piece_rows < rows ? r0 + piece_rows : rows;
  const float *mb = m + blockIdx.z * stride_m;
  float s = 0.0f;
  if (col < cols)
    for (int64_t r = r0 + threadIdx.y; r < r1; r += RNN_SUM_LANES)
      s += mb[r * cols + col];
  lane[threadIdx.y][threadIdx.x] = s;
  __syncthreads();
  if (threadIdx.y == 0 && col < cols) {
    float t = 0.0f;
    for (int l = 0; l < RNN_SUM_LANES; l++)
      t += lane[l][threadIdx.x];
    part[((int64_t)blockIdx.z * gridDim.y + blockIdx.y) * cols + col] = t;
  }
}

/* out[b][col] (+)= the sum of the pieces of column col of matrix b */
static __global__ void rnn_column_totals(const float *part, int pieces, int cols, int batch, float *out,
                                         int64_t stride_out, int add)
{
  int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= (int64_t)cols * batch)
    return;
  int b = (int)(i / cols), col = (int)(i % cols);
  const float *p = part + (int64_t)b * pieces * cols + col;
  float s = 0.0f;
  for (int k = 0; k < pieces; k++)
    s += p[(int64_t)k * cols];
  float *o = out + b * stride_out + col;
  *o = add ? *o + s : s;
}

/* xz = x with zero rows where the layout has padding */
static __global__ void rnn_zero_padding(const float *x, float *xz, int rows_kind, int N, int T, int I, const int *len)
{
  int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= (int64_t)T * N * I)
    return;
  int64_t row = i / I;
  int n = (int)(rows_kind == RNN_ROWS_BATCH ? row / T : row % N);
  int t = (int)(rows_kind == RNN_ROWS_BATCH ? row % T : row / N);
  xz[i] = t < len[n] ? x[i] : 0.0f;
}
#line 2058 "chapters/10-rnn.nw"
static litdnnStatus_t rnn_launch_sum_gates(litdnnHandle_t h, const litdnn_rnn_args *a, const float *dgx, float *din,
                                           int64_t r0, int64_t rows, int64_t mult)
{
  int64_t n = rows * a->s.H;
  rnn_sum_gates<<<litdnn_gpu_blocks(n, RNN_THREADS, RNN_MAX_BLOCKS), RNN_THREADS, 0, litdnn_gpu_stream(h)>>>(
      dgx, din, r0, rows, mult, a->s.G, a->s.H);
  return litdnn_gpu_launch_status(a->call, "rnn_sum_gates");
}

static litdnnStatus_t rnn_launch_column_sums(litdnnHandle_t h, const litdnn_rnn_args *a, const float *m, int64_t rows,
                                             int64_t stride_m, float *out, int64_t stride_out, int batch)
{
  int cols = a->s.G * a->s.H;
  int64_t col_blocks = (cols + RNN_SUM_COLS - 1) / RNN_SUM_COLS;
  int64_t want = (RNN_SUM_BLOCKS + col_blocks * batch - 1) / (col_blocks * batch);
  int64_t most = rows / RNN_SUM_PIECE_ROWS;   /* rows >= 1: every sequence has a step */
  int64_t pieces = want < most ? want : most;
  pieces = pieces < 1 ? 1 : pieces;
  int64_t piece_rows = (rows + pieces - 1) / pieces;
  pieces = (rows + piece_rows - 1) / piece_rows;   /* none left empty by the rounding */
  void *w;
  RNN_TRY(litdnn_workspace(h, a->call, (size_t)(pieces * cols * batch) * sizeof(float), &w));
  float *part = (float *)w;
  cudaStream_t st = litdnn_gpu_stream(h);
  dim3 grid = litdnn_dim3((unsigned)col_blocks, (unsigned)pieces, (unsigned)batch);
  rnn_column_pieces<<<grid, litdnn_dim3(RNN_SUM_COLS, RNN_SUM_LANES, 1), 0, st>>>(m, rows, cols, stride_m,
                                                                                  piece_rows, part);
  RNN_TRY(litdnn_gpu_launch_status(a->call, "rnn_column_pieces"));
  int64_t n = (int64_t)cols * batch;
  rnn_column_totals<<<litdnn_gpu_blocks(n, RNN_THREADS, RNN_MAX_BLOCKS), RNN_THREADS, 0, st>>>(
      part, (int)pieces, cols, batch, out, stride_out, a->add_grad);
  return litdnn_gpu_launch_status(a->call, "rnn_column_totals");
}
#line 2100 "chapters/10-rnn.nw"
static rnn_bcell rnn_bcell_at(const litdnn_rnn_args *a, int l, int d, int step, const rnn_io *io)
{
  const litdnn_rnn_shape *s = &a->s;
  int p = l * s->D + d;
  int64_t nh = (int64_t)s->N * s->H;
  rnn_bcell c;
  memset(&c, 0, sizeof c);
  c.step = step;
  c.t = d ? s->T - 1 - step : step;
  c.dout = io->dout + d * s->H;
  c.dout_ld = io->out_ld;
  c.dout_rows = io->out_rows;
  c.dgx = rnn_dgx(a, p);
  c.dgx_rows = io->in_rows;
  c.dgh = rnn_dgh(a, p, step);
  c.sv = rnn_saved(a, p, step);
  c.hp = rnn_hslot(a, p, step, 1);
  c.cp = rnn_cslot(a, p, step, 1);
  c.cn = rnn_cslot(a, p, step + 1, 1);
  c.dh = a->work + a->wl.dh + p * nh;
  c.dc = a->work + a->wl.dc + p * nh;
  c.du = a->work + a->wl.dtot + p * 2 * nh;
  return c;
}

static rnn_bcells rnn_bcells_of(const litdnn_rnn_args *a)
{
  rnn_bcells cs;
  memset(&cs, 0, sizeof cs);
  cs.cell = a->s.cell;
  cs.G = a->s.G;
  cs.S = a->s.S;
  cs.H = a->s.H;
  cs.N = a->s.N;
  cs.T = a->s.T;
  cs.len = a->dlen;
  cs.off = a->doff;
  return cs;
}

/* dh and dc of pseudo-layer p from dhy and dcy (or zero), and back to dhx, dcx */
static litdnnStatus_t rnn_state_grads(litdnnHandle_t h, const litdnn_rnn_args *a, int p, int out)
{
  size_t bytes = (size_t)a->s.N * a->s.H * sizeof(float);
  int64_t nh = (int64_t)a->s.N * a->s.H;
  float *dh = a->work + a->wl.dh + p * nh, *dc = a->work + a->wl.dc + p * nh;
  litdnnStatus_t st = LITDNN_STATUS_SUCCESS;
  int lstm = a->s.cell == LITDNN_LSTM;
  if (!out) {
    st = a->dhy ? h->dev->memcpy_(dh, a->dhy + p * nh, bytes, LITDNN_MEMCPY_DEVICE_TO_DEVICE, h->stream)
                : h->dev->memset_(dh, 0, bytes, h->stream);
    if (st == LITDNN_STATUS_SUCCESS && lstm)
      st = a->dcy ? h->dev->memcpy_(dc, a->dcy + p * nh, bytes, LITDNN_MEMCPY_DEVICE_TO_DEVICE, h->stream)
                  : h->dev->memset_(dc, 0, bytes, h->stream);
  } else {
    if (a->dhx)
      st = h->dev->memcpy_(a->dhx + p * nh, dh, bytes, LITDNN_MEMCPY_DEVICE_TO_DEVICE, h->stream);
    if (st == LITDNN_STATUS_SUCCESS && lstm && a->dcx)
      st = h->dev->memcpy_(a->dcx + p * nh, dc, bytes, LITDNN_MEMCPY_DEVICE_TO_DEVICE, h->stream);
  }
  return st == LITDNN_STATUS_SUCCESS ? st : litdnn_error(st, a->call, "copying the state gradients failed");
}

/* dh += R^T dgh for the first `rows` sequences */
static litdnnStatus_t rnn_recurrent_grad(litdnnHandle_t h, const litdnn_rnn_args *a, const float *R, const float *dgh,
                                         float *dh, int rows, int per_gate)
{
  int64_t H = a->s.H, gh = (int64_t)a->s.G * H;
  if (!per_gate)
    return rnn_run_mm(h, a, rnn_mm(0, 0, (int)H, rows, (int)gh, R, H, dgh, gh, 1.0f, dh, H));
  for (int g = 0; g < a->s.G; g++)
    RNN_TRY(rnn_run_mm(h, a, rnn_mm(0, 0, (int)H, rows, (int)H, R + g * H * H, H, dgh + g * H, gh, 1.0f, dh, H)));
  return LITDNN_STATUS_SUCCESS;
}

/* din += W^T dgx over `rows` rows from r0, `mult` apart */
static litdnnStatus_t rnn_input_grad(litdnnHandle_t h, const litdnn_rnn_args *a, const float *W, int64_t in_size,
                                     const float *dgx, float *din, int64_t r0, int64_t rows, int64_t mult, int per_gate)
{
  int64_t H = a->s.H, gh = (int64_t)a->s.G * H;
  if (!W)
    return rnn_launch_sum_gates(h, a, dgx, din, r0, rows, mult);
  for (int g = per_gate ? 0 : -1; g < (per_gate ? a->s.G : 0); g++) {
    const float *A = g < 0 ? W : W + g * H * in_size, *B = dgx + r0 * gh + (g < 0 ? 0 : g * H);
    RNN_TRY(rnn_run_mm(h, a, rnn_mm(0, 0, (int)in_size, (int)rows, (int)(g < 0 ? gh : H), A, in_size, B, gh * mult,
                                    1.0f, din + r0 * in_size, in_size * mult)));
  }
  return LITDNN_STATUS_SUCCESS;
}

static litdnnStatus_t rnn_backward_pseudo_layer(litdnnHandle_t h, const litdnn_rnn_args *a, int l, int d,
                                                const rnn_io *io, rnn_plan plan)
{
  const litdnn_rnn_shape *s = &a->s;
  int p = l * s->D + d;
  int64_t in_size = litdnn_rnn_layer_in(s, l), in_rows = l == 0 ? s->xrows : (int64_t)s->T * s->N;
  const float *W = rnn_weight(a, litdnn_rnn_w_offset(s, p)), *R = a->w + litdnn_rnn_r_offset(s, p);
  RNN_TRY(rnn_state_grads(h, a, p, 0));
  for (int step = s->T - 1; step >= 0; step--) {
    int t = d ? s->T - 1 - step : step, rows = a->rows_at[t];
    rnn_bcells cells = rnn_bcells_of(a);
    cells.count = 1;
    cells.c[0] = rnn_bcell_at(a, l, d, step, io);
    RNN_TRY(rnn_launch_backward(h, a, &cells, plan.fused));
    if (rows > 0)
      RNN_TRY(rnn_recurrent_grad(h, a, R, cells.c[0].dgh, cells.c[0].dh, rows, plan.per_gate));
    if (!plan.hoist && rows > 0) {
      int64_t r0, mult;
      rnn_step_rows(a, io->in_rows, t, &r0, &mult);
      RNN_TRY(rnn_input_grad(h, a, W, in_size, rnn_dgx(a, p), io->din, r0, rows, mult, plan.per_gate));
    }
  }
  if (plan.hoist)
    RNN_TRY(rnn_input_grad(h, a, W, in_size, rnn_dgx(a, p), io->din, 0, in_rows, 1, plan.per_gate));
  return rnn_state_grads(h, a, p, 1);
}

static litdnnStatus_t rnn_backward_layers(litdnnHandle_t h, const litdnn_rnn_args *a, rnn_plan plan)
{
  const litdnn_rnn_shape *s = &a->s;
  for (int l = s->L - 1; l >= 0; l--) {
    rnn_io io = rnn_layer_io(a, l, 1);
    int64_t in_rows = l == 0 ? s->xrows : (int64_t)s->T * s->N;
    RNN_TRY(h->dev->memset_(io.din, 0, (size_t)(in_rows * litdnn_rnn_layer_in(s, l)) * sizeof(float), h->stream));
    for (int d = 0; d < s->D; d++)
      RNN_TRY(rnn_backward_pseudo_layer(h, a, l, d, &io, plan));
    if (a->dropout && l > 0)
      RNN_TRY(litdnn_rnn_dropout_backward(h, a, l - 1, io.din));
  }
  return LITDNN_STATUS_SUCCESS;
}
#line 2235 "chapters/10-rnn.nw"
litdnnStatus_t LITDNN_GPU_FN(litdnn_rnn_backward_data_per_gate)(litdnnHandle_t h, const void *args)
{
  rnn_plan plan = {1, 0, 0};
  return rnn_backward_layers(h, (const litdnn_rnn_args *)args, plan);
}
litdnnStatus_t LITDNN_GPU_FN(litdnn_rnn_backward_data_gates)(litdnnHandle_t h, const void *args)
{
  rnn_plan plan = {0, 0, 0};
  return rnn_backward_layers(h, (const litdnn_rnn_args *)args, plan);
}
litdnnStatus_t LITDNN_GPU_FN(litdnn_rnn_backward_data_hoisted)(litdnnHandle_t h, const void *args)
{
  rnn_plan plan = {0, 1, 0};
  return rnn_backward_layers(h, (const litdnn_rnn_args *)args, plan);
}
litdnnStatus_t LITDNN_GPU_FN(litdnn_rnn_backward_data_fused)(litdnnHandle_t h, const void *args)
{
  rnn_plan plan = {0, 1, 1};
  return rnn_backward_layers(h, (const litdnn_rnn_args *)args, plan);
}
#line 2285 "chapters/10-rnn.nw"
typedef struct rnn_wplan {
  int per_step;    /* a product per step, else one over all steps */
  int per_gate;    /* and per gate */
} rnn_wplan;

/* the input rows of layer l for the weight gradients: x with zero padding for layer 0 */
static const float *rnn_weight_inputs(litdnnHandle_t h, const litdnn_rnn_args *a, int l, litdnnStatus_t *st)
{
  const litdnn_rnn_shape *s = &a->s;
  *st = LITDNN_STATUS_SUCCESS;
  if (l > 0)
    return rnn_layer_io(a, l, 1).in;
  if (s->rows == RNN_ROWS_PACKED)
    return a->x;
  float *xz = a->work + a->wl.xz;
  int64_t n = (int64_t)s->T * s->N * s->I;
  rnn_zero_padding<<<litdnn_gpu_blocks(n, RNN_THREADS, RNN_MAX_BLOCKS), RNN_THREADS, 0, litdnn_gpu_stream(h)>>>(
      a->x, xz, s->rows, s->N, s->T, s->I, a->dlen);
  *st = litdnn_gpu_launch_status(a->call, "rnn_zero_padding");
  return xz;
}

/* dW (+)= in^T dgx and dR (+)= hs^T dgh for pseudo-layer p, per the plan */
static litdnnStatus_t rnn_weight_products(litdnnHandle_t h, const litdnn_rnn_args *a, int p, const float *in,
                                          int in_rows_kind, rnn_wplan plan)
{
  const litdnn_rnn_shape *s = &a->s;
  int l = p / s->D, d = p % s->D;
  int64_t H = s->H, gh = (int64_t)s->G * H, in_size = litdnn_rnn_layer_in(s, l);
  int64_t in_rows = l == 0 ? s->xrows : (int64_t)s->T * s->N, wo = litdnn_rnn_w_offset(s, p);
  float *dW = wo >= 0 ? a->dw + wo : NULL, *dR = a->dw + litdnn_rnn_r_offset(s, p);
  const float *dgx = rnn_dgx(a, p), *dgh = rnn_dgh(a, p, 0), *hs = rnn_hslot(a, p, 0, 1);
  if (!plan.per_step) {
    float beta = a->add_grad ? 1.0f : 0.0f;
    if (dW)
      RNN_TRY(rnn_run_mm(h, a, rnn_mm(0, 1, (int)in_size, (int)gh, (int)in_rows, in, in_size, dgx, gh, beta, dW,
                                      in_size)));
    return rnn_run_mm(h, a, rnn_mm(0, 1, (int)H, (int)gh, s->T * s->N, hs, H, dgh, gh, beta, dR, H));
  }
  /* a sum of products per step: SET starts from zero, then every product adds */
  if (!a->add_grad) {
    if (dW)
      RNN_TRY(h->dev->memset_(dW, 0, (size_t)(gh * in_size) * sizeof(float), h->stream));
    RNN_TRY(h->dev->memset_(dR, 0, (size_t)(gh * H) * sizeof(float), h->stream));
  }
  for (int step = 0; step < s->T; step++) {
    int t = d ? s->T - 1 - step : step, rows = a->rows_at[t];
    int64_t r0, mult;
    rnn_step_rows(a, in_rows_kind, t, &r0, &mult);
    for (int g = plan.per_gate ? 0 : -1; rows > 0 && g < (plan.per_gate ? s->G : 0); g++) {
      int64_t col = g < 0 ? 0 : g * H, n = g < 0 ? gh : H;
      if (dW)
        RNN_TRY(rnn_run_mm(h, a, rnn_mm(0, 1, (int)in_size, (int)n, rows, in + r0 * in_size, in_size * mult,
                                        dgx + r0 * gh + col, gh * mult, 1.0f, dW + col * in_size, in_size)));
      RNN_TRY(rnn_run_mm(h, a, rnn_mm(0, 1, (int)H, (int)n, rows, hs + (int64_t)step * s->N * H, H,
                                      dgh + (int64_t)step * s->N * gh + col, gh, 1.0f, dR + col * H, H)));
    }
  }
  return LITDNN_STATUS_SUCCESS;
}

/* the two bias gradients of pseudo-layer p: column sums of dgx and dgh */
static litdnnStatus_t rnn_bias_grads(litdnnHandle_t h, const litdnn_rnn_args *a, int p)
{
  const litdnn_rnn_shape *s = &a->s;
  int64_t bwo = litdnn_rnn_bias_offset(s, p, 0), bro = litdnn_rnn_bias_offset(s, p, 1);
  int64_t in_rows = p < s->D ? s->xrows : (int64_t)s->T * s->N;
  if (bwo >= 0)
    RNN_TRY(rnn_launch_column_sums(h, a, rnn_dgx(a, p), in_rows, 0, a->dw + bwo, 0, 1));
  if (bro >= 0)
    RNN_TRY(rnn_launch_column_sums(h, a, rnn_dgh(a, p, 0), (int64_t)s->T * s->N, 0, a->dw + bro, 0, 1));
  return LITDNN_STATUS_SUCCESS;
}

static litdnnStatus_t rnn_backward_weights(litdnnHandle_t h, const litdnn_rnn_args *a, rnn_wplan plan)
{
  const litdnn_rnn_shape *s = &a->s;
  for (int l = 0; l < s->L; l++) {
    litdnnStatus_t st;
    const float *in = rnn_weight_inputs(h, a, l, &st);
    RNN_TRY(st);
    for (int d = 0; d < s->D; d++) {
      RNN_TRY(rnn_weight_products(h, a, l * s->D + d, in, l == 0 ? s->rows : RNN_ROWS_SEQ, plan));
      RNN_TRY(rnn_bias_grads(h, a, l * s->D + d));
    }
  }
  return LITDNN_STATUS_SUCCESS;
}
#line 2376 "chapters/10-rnn.nw"
litdnnStatus_t LITDNN_GPU_FN(litdnn_rnn_backward_weights_per_gate)(litdnnHandle_t h, const void *args)
{
  rnn_wplan plan = {1, 1};
  return rnn_backward_weights(h, (const litdnn_rnn_args *)args, plan);
}
litdnnStatus_t LITDNN_GPU_FN(litdnn_rnn_backward_weights_per_step)(litdnnHandle_t h, const void *args)
{
  rnn_wplan plan = {1, 0};
  return rnn_backward_weights(h, (const litdnn_rnn_args *)args, plan);
}
litdnnStatus_t LITDNN_GPU_FN(litdnn_rnn_backward_weights_hoisted)(litdnnHandle_t h, const void *args)
{
  rnn_wplan plan = {0, 0};
  return rnn_backward_weights(h, (const litdnn_rnn_args *)args, plan);
}
#line 3101 "chapters/10-rnn.nw"
/* the cells of diagonal `diag` of a unidirectional network, layers c0..c1 */
static litdnnStatus_t rnn_diagonal_forward(litdnnHandle_t h, const litdnn_rnn_args *a, int diag, int c0, int c1,
                                           const rnn_inputs *in0)
{
  const litdnn_rnn_shape *s = &a->s;
  int64_t H = s->H, N = s->N, nh = N * H, gh = (int64_t)s->G * H, each = (int64_t)s->T * N * H;
  int count = c1 - c0 + 1, rows = 0;
  for (int l = c0; l <= c1; l++)
    rows = a->rows_at[diag - l] > rows ? a->rows_at[diag - l] : rows;
  if (rows > 0) {
    int i0 = c0 > 1 ? c0 : 1;   /* input products of the layers above the first */
    if (i0 <= c1) {
      litdnn_matmul_args g = rnn_mm(1, 0, (int)gh, rows, (int)H, a->w + litdnn_rnn_w_offset(s, i0), H,
                                    rnn_layer_out(a, i0 - 1, a->training) + (int64_t)(diag - i0) * N * H, H, 0.0f,
                                    a->work + a->wl.gxs + i0 * N * gh, gh);
      RNN_TRY(rnn_run_mm_batch(h, a, g, c1 - i0 + 1, gh * H, each - N * H, N * gh));
    }
    int shift0 = a->training ? 0 : c0;
    litdnn_matmul_args g = rnn_mm(1, 0, (int)gh, rows, (int)H, a->w + litdnn_rnn_r_offset(s, c0), H,
                                  rnn_hslot(a, c0, diag - c0 + shift0, a->training), H, 0.0f,
                                  a->work + a->wl.gh + c0 * N * gh, gh);
    RNN_TRY(rnn_run_mm_batch(h, a, g, count, gh * H, a->training ? a->rl.per_p - nh : 2 * nh, N * gh));
  }
  rnn_cells cells = rnn_cells_of(a);
  cells.count = count;
  for (int l = c0; l <= c1; l++) {
    rnn_io io = rnn_layer_io(a, l, a->training);
    int t = diag - l, shift = a->training ? 0 : l;
    rnn_cell c = l > 0 ? rnn_cell_at(a, l, 0, t, &io, a->work + a->wl.gxs + l * N * gh, gh, (int)H, RNN_ROWS_STEP, 1)
               : in0->gx ? rnn_cell_at(a, 0, 0, t, &io, in0->gx, gh, (int)H, io.in_rows, 1)
                         : rnn_cell_at(a, 0, 0, t, &io, io.in, io.in_ld, 0, io.in_rows, 1);
    c.hp = rnn_hslot(a, l, t + shift, a->training);
    c.hn = rnn_hslot(a, l, t + 1 + shift, a->training);
    c.cp = rnn_cslot(a, l, t + shift, a->training);
    c.cn = rnn_cslot(a, l, t + 1 + shift, a->training);
    cells.c[l - c0] = c;
  }
  return rnn_launch_fused(h, a, &cells);
}

static litdnnStatus_t rnn_forward_wavefront_uni(litdnnHandle_t h, const litdnn_rnn_args *a)
{
  const litdnn_rnn_shape *s = &a->s;
  rnn_io io0 = rnn_layer_io(a, 0, a->training);
  const float *W0 = rnn_weight(a, litdnn_rnn_w_offset(s, 0));
  rnn_inputs in0 = {io0.in, io0.in_ld, W0 ? a->work + a->wl.gx : NULL};
  if (W0)
    RNN_TRY(rnn_input_products(h, a, W0, s->I, &in0, 0, s->xrows, 1, 0));
  for (int l = 0; l < s->L; l++)
    RNN_TRY(rnn_initial_states(h, a, l, a->training ? 0 : l));
  for (int diag = 0; diag < s->T + s->L - 1; diag++) {
    int lo = diag - s->T + 1 > 0 ? diag - s->T + 1 : 0, hi = diag < s->L - 1 ? diag : s->L - 1;
    for (int c0 = lo; c0 <= hi; c0 += RNN_MAX_CELLS)
      RNN_TRY(rnn_diagonal_forward(h, a, diag, c0, c0 + RNN_MAX_CELLS - 1 < hi ? c0 + RNN_MAX_CELLS - 1 : hi, &in0));
  }
  for (int l = 0; l < s->L; l++)
    RNN_TRY(rnn_final_states(h, a, l, s->T + (a->training ? 0 : l)));
  return LITDNN_STATUS_SUCCESS;
}
#line 3163 "chapters/10-rnn.nw"
static litdnnStatus_t rnn_forward_bidirectional(litdnnHandle_t h, const litdnn_rnn_args *a)
{
  const litdnn_rnn_shape *s = &a->s;
  int64_t H = s->H, N = s->N, nh = N * H, gh = (int64_t)s->G * H, tn = (int64_t)s->T * N;
  for (int l = 0; l < s->L; l++) {
    rnn_io io = rnn_layer_io(a, l, a->training);
    int p = 2 * l;
    int64_t in_size = litdnn_rnn_layer_in(s, l), in_rows = l == 0 ? s->xrows : tn;
    int64_t wo = litdnn_rnn_w_offset(s, p);
    float *gx = a->work + a->wl.gx;
    if (wo >= 0) {
      litdnn_matmul_args g = rnn_mm(1, 0, (int)gh, (int)in_rows, (int)in_size, a->w + wo, in_size, io.in, io.in_ld,
                                    0.0f, gx, gh);
      RNN_TRY(rnn_run_mm_batch(h, a, g, 2, litdnn_rnn_w_offset(s, p + 1) - wo, 0, tn * gh));
    }
    RNN_TRY(rnn_initial_states(h, a, p, 0));
    RNN_TRY(rnn_initial_states(h, a, p + 1, 0));
    for (int step = 0; step < s->T; step++) {
      int r0 = a->rows_at[step], r1 = a->rows_at[s->T - 1 - step], rows = r0 > r1 ? r0 : r1;
      litdnn_matmul_args g = rnn_mm(1, 0, (int)gh, rows, (int)H, a->w + litdnn_rnn_r_offset(s, p), H,
                                    rnn_hslot(a, p, step, a->training), H, 0.0f, a->work + a->wl.gh + p * N * gh, gh);
      RNN_TRY(rnn_run_mm_batch(h, a, g, 2, gh * H, a->training ? a->rl.per_p : 2 * nh, N * gh));
      rnn_cells cells = rnn_cells_of(a);
      cells.count = 2;
      for (int d = 0; d < 2; d++)
        cells.c[d] = wo >= 0 ? rnn_cell_at(a, l, d, step, &io, gx + d * tn * gh, gh, (int)H, io.in_rows, 1)
                             : rnn_cell_at(a, l, d, step, &io, io.in, io.in_ld, 0, io.in_rows, 1);
      RNN_TRY(rnn_launch_fused(h, a, &cells));
    }
    RNN_TRY(rnn_final_states(h, a, p, s->T));
    RNN_TRY(rnn_final_states(h, a, p + 1, s->T));
    if (a->dropout && l < s->L - 1)
      RNN_TRY(litdnn_rnn_dropout_forward(h, a, l));
  }
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t LITDNN_GPU_FN(litdnn_rnn_forward_wavefront)(litdnnHandle_t h, const void *args)
{
  const litdnn_rnn_args *a = (const litdnn_rnn_args *)args;
  return a->s.D == 2 ? rnn_forward_bidirectional(h, a) : rnn_forward_wavefront_uni(h, a);
}
#line 3208 "chapters/10-rnn.nw"
static litdnnStatus_t rnn_diagonal_backward(litdnnHandle_t h, const litdnn_rnn_args *a, int diag, int c0, int c1)
{
  const litdnn_rnn_shape *s = &a->s;
  int64_t H = s->H, N = s->N, nh = N * H, gh = (int64_t)s->G * H, each = (int64_t)s->T * N * H;
  int count = c1 - c0 + 1, rows = 0;
  for (int l = c0; l <= c1; l++)
    rows = a->rows_at[diag - l] > rows ? a->rows_at[diag - l] : rows;
  int top = c1 < s->L - 2 ? c1 : s->L - 2;   /* cells with a layer above */
  if (rows > 0 && top >= c0) {
    litdnn_matmul_args g = rnn_mm(0, 0, (int)H, rows, (int)gh, a->w + litdnn_rnn_w_offset(s, c0 + 1), H,
                                  rnn_dgx(a, c0 + 1) + (int64_t)(diag - c0) * N * gh, gh, 0.0f,
                                  a->work + a->wl.dys + c0 * each + (int64_t)(diag - c0) * N * H, H);
    RNN_TRY(rnn_run_mm_batch(h, a, g, top - c0 + 1, gh * H, a->rl.per_p - N * gh, each - N * H));
  }
  rnn_bcells cells = rnn_bcells_of(a);
  cells.count = count;
  for (int l = c0; l <= c1; l++) {
    rnn_io io = rnn_layer_io(a, l, 1);
    cells.c[l - c0] = rnn_bcell_at(a, l, 0, diag - l, &io);
  }
  RNN_TRY(rnn_launch_backward(h, a, &cells, 1));
  if (rows > 0) {
    litdnn_matmul_args g = rnn_mm(0, 0, (int)H, rows, (int)gh, a->w + litdnn_rnn_r_offset(s, c0), H,
                                  rnn_dgh(a, c0, diag - c0), gh, 1.0f, a->work + a->wl.dh + c0 * nh, H);
    RNN_TRY(rnn_run_mm_batch(h, a, g, count, gh * H, a->rl.per_p - N * gh, nh));
  }
  return LITDNN_STATUS_SUCCESS;
}

static litdnnStatus_t rnn_backward_wavefront_uni(litdnnHandle_t h, const litdnn_rnn_args *a)
{
  const litdnn_rnn_shape *s = &a->s;
  for (int l = 0; l < s->L; l++)
    RNN_TRY(rnn_state_grads(h, a, l, 0));
  for (int diag = s->T + s->L - 2; diag >= 0; diag--) {
    int lo = diag - s->T + 1 > 0 ? diag - s->T + 1 : 0, hi = diag < s->L - 1 ? diag : s->L - 1;
    for (int c0 = lo; c0 <= hi; c0 += RNN_MAX_CELLS)
      RNN_TRY(rnn_diagonal_backward(h, a, diag, c0, c0 + RNN_MAX_CELLS - 1 < hi ? c0 + RNN_MAX_CELLS - 1 : hi));
  }
  rnn_io io0 = rnn_layer_io(a, 0, 1);
  RNN_TRY(h->dev->memset_(io0.din, 0, (size_t)(s->xrows * s->I) * sizeof(float), h->stream));
  RNN_TRY(rnn_input_grad(h, a, rnn_weight(a, litdnn_rnn_w_offset(s, 0)), s->I, rnn_dgx(a, 0), io0.din, 0, s->xrows,
                         1, 0));
  for (int l = 0; l < s->L; l++)
    RNN_TRY(rnn_state_grads(h, a, l, 1));
  return LITDNN_STATUS_SUCCESS;
}

static litdnnStatus_t rnn_backward_bidirectional(litdnnHandle_t h, const litdnn_rnn_args *a)
{
  const litdnn_rnn_shape *s = &a->s;
  int64_t H = s->H, N = s->N, nh = N * H, gh = (int64_t)s->G * H;
  for (int l = s->L - 1; l >= 0; l--) {
    rnn_io io = rnn_layer_io(a, l, 1);
    int p = 2 * l;
    int64_t in_size = litdnn_rnn_layer_in(s, l), in_rows = l == 0 ? s->xrows : (int64_t)s->T * N;
    RNN_TRY(h->dev->memset_(io.din, 0, (size_t)(in_rows * in_size) * sizeof(float), h->stream));
    RNN_TRY(rnn_state_grads(h, a, p, 0));
    RNN_TRY(rnn_state_grads(h, a, p + 1, 0));
    for (int step = s->T - 1; step >= 0; step--) {
      int r0 = a->rows_at[step], r1 = a->rows_at[s->T - 1 - step], rows = r0 > r1 ? r0 : r1;
      rnn_bcells cells = rnn_bcells_of(a);
      cells.count = 2;
      for (int d = 0; d < 2; d++)
        cells.c[d] = rnn_bcell_at(a, l, d, step, &io);
      RNN_TRY(rnn_launch_backward(h, a, &cells, 1));
      litdnn_matmul_args g = rnn_mm(0, 0, (int)H, rows, (int)gh, a->w + litdnn_rnn_r_offset(s, p), H,
                                    rnn_dgh(a, p, step), gh, 1.0f, a->work + a->wl.dh + p * nh, H);
      RNN_TRY(rnn_run_mm_batch(h, a, g, 2, gh * H, a->rl.per_p, nh));
    }
    for (int d = 0; d < 2; d++)
      RNN_TRY(rnn_input_grad(h, a, rnn_weight(a, litdnn_rnn_w_offset(s, p + d)), in_size, rnn_dgx(a, p + d), io.din,
                             0, in_rows, 1, 0));
    RNN_TRY(rnn_state_grads(h, a, p, 1));
    RNN_TRY(rnn_state_grads(h, a, p + 1, 1));
    if (a->dropout && l > 0)
      RNN_TRY(litdnn_rnn_dropout_backward(h, a, l - 1, io.din));
  }
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t LITDNN_GPU_FN(litdnn_rnn_backward_data_wavefront)(litdnnHandle_t h, const void *args)
{
  const litdnn_rnn_args *a = (const litdnn_rnn_args *)args;
  return a->s.D == 2 ? rnn_backward_bidirectional(h, a) : rnn_backward_wavefront_uni(h, a);
}
#line 3298 "chapters/10-rnn.nw"
litdnnStatus_t LITDNN_GPU_FN(litdnn_rnn_backward_weights_batched)(litdnnHandle_t h, const void *args)
{
  const litdnn_rnn_args *a = (const litdnn_rnn_args *)args;
  const litdnn_rnn_shape *s = &a->s;
  int64_t H = s->H, gh = (int64_t)s->G * H, tn = (int64_t)s->T * s->N, dh = (int64_t)s->D * H;
  float beta = a->add_grad ? 1.0f : 0.0f;
  int64_t nb = (int64_t)(s->has_bw + s->has_br) * gh;
  litdnnStatus_t st;
  const float *in0 = rnn_weight_inputs(h, a, 0, &st);
  RNN_TRY(st);
  litdnn_matmul_args g = rnn_mm(0, 1, (int)H, (int)gh, (int)tn, rnn_hslot(a, 0, 0, 1), H, rnn_dgh(a, 0, 0), gh,
                                beta, a->dw + litdnn_rnn_r_offset(s, 0), H);
  RNN_TRY(rnn_run_mm_batch(h, a, g, s->P, a->rl.per_p, a->rl.per_p, gh * H));
  int64_t w0 = litdnn_rnn_w_offset(s, 0);
  if (w0 >= 0) {
    g = rnn_mm(0, 1, s->I, (int)gh, (int)s->xrows, in0, s->I, rnn_dgx(a, 0), gh, beta, a->dw + w0, s->I);
    RNN_TRY(rnn_run_mm_batch(h, a, g, s->D, 0, a->rl.per_p, gh * s->I));
  }
  for (int d = 0; s->L > 1 && d < s->D; d++) {
    g = rnn_mm(0, 1, (int)dh, (int)gh, (int)tn, rnn_layer_out(a, 0, 1), dh, rnn_dgx(a, s->D + d), gh, beta,
               a->dw + litdnn_rnn_w_offset(s, s->D + d), dh);
    RNN_TRY(rnn_run_mm_batch(h, a, g, s->L - 1, tn * dh, s->D * a->rl.per_p, s->D * gh * dh));
  }
  if (s->has_bw) {
    RNN_TRY(rnn_launch_column_sums(h, a, rnn_dgx(a, 0), s->xrows, a->rl.per_p, a->dw + litdnn_rnn_bias_offset(s, 0, 0),
                                   nb, s->D));
    if (s->L > 1)
      RNN_TRY(rnn_launch_column_sums(h, a, rnn_dgx(a, s->D), tn, a->rl.per_p,
                                     a->dw + litdnn_rnn_bias_offset(s, s->D, 0), nb, s->P - s->D));
  }
  if (s->has_br)
    RNN_TRY(rnn_launch_column_sums(h, a, rnn_dgh(a, 0, 0), tn, a->rl.per_p, a->dw + litdnn_rnn_bias_offset(s, 0, 1),
                                   nb, s->P));
  return LITDNN_STATUS_SUCCESS;
}
