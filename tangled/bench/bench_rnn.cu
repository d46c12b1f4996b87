#line 4439 "chapters/10-rnn.nw"
/* Recurrent networks: every GPU stage of the three passes and cuDNN on the
   DeepBench training set and benchdnn's RNN training shapes.
     --deepbench PATH   DeepBench's list (default ../shared/bench/deepbench_rnn.csv)
     --benchdnn PATH    benchdnn's shapes (default ../shared/bench/benchdnn/rnn_shapes_training)
     --math fma|tf32    FP32 FMA (default) or TF32, on both sides
     --stages all|auto  every stage (default) or only the handle's choice
     --only TEXT        only the problems whose name contains TEXT (pieces separated by commas)
     --quick            the first four problems, five runs each */
#include "bench.h"
#include <math.h>
#include <string.h>

#line 4463 "chapters/10-rnn.nw"
typedef struct {
  char name[96];
  litdnnRNNMode_t cell;
  int H, I, N, T, L;
} rnn_problem;

static const char *cell_name(litdnnRNNMode_t c)
{
  return c == LITDNN_LSTM ? "lstm" : c == LITDNN_GRU ? "gru" : c == LITDNN_RNN_RELU ? "relu" : "tanh";
}

static int read_deepbench(const char *path, rnn_problem *out, int max)
{
  FILE *f = fopen(path, "r");
  if (!f) {
    printf("   (no %s: the DeepBench problems are left out)\n", path);
    return 0;
  }
  char line[256], set[64], cell[32];
  int n = 0, hidden, batch, steps;
  while (n < max && fgets(line, sizeof line, f))
    if (sscanf(line, "%63[^,],%d,%d,%d,%31s", set, &hidden, &batch, &steps, cell) == 5 &&
        strcmp(set, "training_set") == 0) {
      rnn_problem *p = &out[n++];
      p->cell = !strcmp(cell, "lstm") ? LITDNN_LSTM : !strcmp(cell, "gru") ? LITDNN_GRU : LITDNN_RNN_RELU;
      p->H = p->I = hidden;
      p->N = batch;
      p->T = steps;
      p->L = 1;
      snprintf(p->name, sizeof p->name, "deepbench %s h%d n%d t%d", cell_name(p->cell), hidden, batch, steps);
    }
  fclose(f);
  return n;
}

/* the number after `key` in a benchdnn descriptor (every field follows a digit), or -1 */
static int benchdnn_field(const char *s, const char *key)
{
  size_t k = strlen(key);
  for (const char *q = s; *q; q++)
    if (!strncmp(q, key, k) && q[k] >= '0' && q[k] <= '9' && (q == s || (q[-1] >= '0' && q[-1] <= '9')))
      return atoi(q + k);
  return -1;
}

static int read_benchdnn(const char *path, rnn_problem *out, int max)
{
  FILE *f = fopen(path, "r");
  if (!f) {
    printf("   (no %s: the benchdnn problems are left out)\n", path);
    return 0;
  }
  char line[512];
  int n = 0;
  while (n + 2 <= max && fgets(line, sizeof line, f)) {
    /* a file may hold several descriptors on one line: each starts with 'l' after a quote */
    for (char *d = line; d && *d; ) {
      while (*d == ' ' || *d == '\t' || *d == '"' || *d == '\n')
        d++;
      if (*d != 'l')
        break;
      char *name = strchr(d, 'n');
      while (name && name[1] != '"')
        name = strchr(name + 1, 'n');
      char label[64] = "";
      char *end = name ? strchr(name + 2, '"') : NULL;
      if (name && end)
        snprintf(label, sizeof label, "%.*s", (int)(end - name - 2), name + 2);
      char desc[256];
      snprintf(desc, sizeof desc, "%.*s", name ? (int)(name - d) : (int)strlen(d), d);
      int L = benchdnn_field(desc, "l"), T = benchdnn_field(desc, "t"), mb = benchdnn_field(desc, "mb");
      int sic = benchdnn_field(desc, "sic"), slc = benchdnn_field(desc, "slc"), dhc = benchdnn_field(desc, "dhc");
      int dic = benchdnn_field(desc, "dic");
      if (slc < 0) slc = sic;
      if (dhc < 0) dhc = sic;
      if (dic < 0) dic = dhc;
      if (mb < 0) mb = 2;
      if (sic != dhc || dic != dhc)
        printf("   skipped %s (%s): sic = %d, dhc = %d, dic = %d; a cuDNN network has one state size\n", label, desc,
               sic, dhc, dic);
      else
        for (int c = 0; c < 2 && n < max; c++) {
          rnn_problem *p = &out[n++];
          p->cell = c == 0 ? LITDNN_LSTM : LITDNN_GRU;
          p->H = dhc;
          p->I = slc;
          p->N = mb;
          p->T = T;
          p->L = L;
          snprintf(p->name, sizeof p->name, "benchdnn %s %s l%d t%d n%d i%d h%d", label, cell_name(p->cell), L, T,
                   mb, slc, dhc);
        }
      d = end ? end + 1 : NULL;
    }
  }
  fclose(f);
  return n;
}
#line 4569 "chapters/10-rnn.nw"
enum { PASS_FORWARD, PASS_BACKWARD_DATA, PASS_BACKWARD_WEIGHTS };
enum { IMPL_CUDNN, IMPL_CUDNN_PERSISTENT, IMPL_LITDNN };

typedef struct {
  rnn_problem p;
  int tf32, D, P;
  size_t nx, ny, ns;
  float *x, *y, *dy, *dx, *hx, *hy, *cx, *cy, *dhy, *dcy, *dhx, *dcx;
  int *dev_lens;
  cudnnHandle_t dnn;
  cudnnRNNDescriptor_t rnn[2];      /* standard, persistent (or NULL) */
  cudnnRNNDataDescriptor_t xd, yd;
  cudnnTensorDescriptor_t hd;
  cudnnDropoutDescriptor_t drop;
  void *states, *w, *dw, *work[2], *reserve[2];
  size_t wbytes, workbytes[2], resbytes[2];
  litdnnHandle_t h;
  litdnnRNNDescriptor_t lrnn;
  litdnnRNNDataDescriptor_t lxd, lyd;
  litdnnTensorDescriptor_t lhd;
  void *lw, *ldw, *lwork, *lreserve;
  size_t lwbytes, lworkbytes, lresbytes;
  int pass, impl;
} rnn_pair;

static float *bench_random(size_t n, unsigned seed)
{
  float *host = (float *)malloc(n * sizeof(float)), *dev;
  for (size_t i = 0; i < n; i++) {
    seed = seed * 1664525u + 1013904223u;
    host[i] = ((float)(seed >> 8) / 16777216.0f - 0.5f) * 0.2f;
  }
  BENCH_CUDA(cudaMalloc((void **)&dev, n * sizeof(float)));
  BENCH_CUDA(cudaMemcpy(dev, host, n * sizeof(float), cudaMemcpyHostToDevice));
  free(host);
  return dev;
}

/* 0 if cuDNN refuses the persistent algorithm for this problem */
static int open_cudnn(rnn_pair *q, int which)
{
  const rnn_problem *p = &q->p;
  cudnnRNNDescriptor_t *r = &q->rnn[which];
  BENCH_CUDNN(cudnnCreateRNNDescriptor(r));
  cudnnStatus_t s = cudnnSetRNNDescriptor_v8(*r, which ? CUDNN_RNN_ALGO_PERSIST_STATIC : CUDNN_RNN_ALGO_STANDARD,
                                             (cudnnRNNMode_t)p->cell, CUDNN_RNN_DOUBLE_BIAS, CUDNN_UNIDIRECTIONAL,
                                             CUDNN_LINEAR_INPUT, CUDNN_DATA_FLOAT, CUDNN_DATA_FLOAT,
                                             q->tf32 ? CUDNN_TENSOR_OP_MATH : CUDNN_FMA_MATH, p->I, p->H, p->H, p->L,
                                             q->drop, 0);
  if (s == CUDNN_STATUS_SUCCESS)
    s = cudnnGetRNNTempSpaceSizes(q->dnn, *r, CUDNN_FWD_MODE_TRAINING, q->xd, &q->workbytes[which],
                                  &q->resbytes[which]);
  if (s != CUDNN_STATUS_SUCCESS) {
    printf("   cuDNN %s: %s\n", which ? "persistent" : "standard", cudnnGetErrorString(s));
    cudnnDestroyRNNDescriptor(*r);
    *r = NULL;
    if (!which)
      exit(1);
    return 0;
  }
  BENCH_CUDA(cudaMalloc(&q->work[which], q->workbytes[which]));
  BENCH_CUDA(cudaMalloc(&q->reserve[which], q->resbytes[which]));
  return 1;
}

static void open_pair(rnn_pair *q, const rnn_problem *p, int tf32)
{
  memset(q, 0, sizeof *q);
  q->p = *p;
  q->tf32 = tf32;
  q->D = 1;
  q->P = p->L;
  q->nx = (size_t)p->T * p->N * p->I;
  q->ny = (size_t)p->T * p->N * p->H;
  q->ns = (size_t)q->P * p->N * p->H;
  int *lens = (int *)malloc((size_t)p->N * sizeof(int));
  for (int n = 0; n < p->N; n++)
    lens[n] = p->T;
  q->x = bench_random(q->nx, 1), q->dx = bench_random(q->nx, 2);
  q->y = bench_random(q->ny, 3), q->dy = bench_random(q->ny, 4);
  q->hx = bench_random(q->ns, 5), q->hy = bench_random(q->ns, 6), q->cx = bench_random(q->ns, 7);
  q->cy = bench_random(q->ns, 8), q->dhy = bench_random(q->ns, 9), q->dcy = bench_random(q->ns, 10);
  q->dhx = bench_random(q->ns, 11), q->dcx = bench_random(q->ns, 12);
  BENCH_CUDA(cudaMalloc((void **)&q->dev_lens, (size_t)p->N * sizeof(int)));
  BENCH_CUDA(cudaMemcpy(q->dev_lens, lens, (size_t)p->N * sizeof(int), cudaMemcpyHostToDevice));
  int dims[3] = {q->P, p->N, p->H}, strides[3] = {p->N * p->H, p->H, 1};
  /* cuDNN */
  size_t sb;
  BENCH_CUDNN(cudnnCreate(&q->dnn));
  BENCH_CUDNN(cudnnCreateDropoutDescriptor(&q->drop));
  BENCH_CUDNN(cudnnDropoutGetStatesSize(q->dnn, &sb));
  BENCH_CUDA(cudaMalloc(&q->states, sb));
  BENCH_CUDNN(cudnnSetDropoutDescriptor(q->drop, q->dnn, 0.0f, q->states, sb, 1ull));
  BENCH_CUDNN(cudnnCreateRNNDataDescriptor(&q->xd));
  BENCH_CUDNN(cudnnCreateRNNDataDescriptor(&q->yd));
  BENCH_CUDNN(cudnnSetRNNDataDescriptor(q->xd, CUDNN_DATA_FLOAT, CUDNN_RNN_DATA_LAYOUT_SEQ_MAJOR_PACKED, p->T, p->N,
                                        p->I, lens, NULL));
  BENCH_CUDNN(cudnnSetRNNDataDescriptor(q->yd, CUDNN_DATA_FLOAT, CUDNN_RNN_DATA_LAYOUT_SEQ_MAJOR_PACKED, p->T, p->N,
                                        p->H, lens, NULL));
  BENCH_CUDNN(cudnnCreateTensorDescriptor(&q->hd));
  BENCH_CUDNN(cudnnSetTensorNdDescriptor(q->hd, CUDNN_DATA_FLOAT, 3, dims, strides));
  open_cudnn(q, 0);
  if (p->N <= 16)
    open_cudnn(q, 1);
  BENCH_CUDNN(cudnnGetRNNWeightSpaceSize(q->dnn, q->rnn[0], &q->wbytes));
  q->w = bench_random(q->wbytes / sizeof(float), 13);
  q->dw = bench_random(q->wbytes / sizeof(float), 14);
  /* litdnn */
  BENCH_LITDNN(litdnnCreateWithBackend(&q->h, LITDNN_BACKEND_CUDA));
  BENCH_LITDNN(litdnnCreateRNNDescriptor(&q->lrnn));
  BENCH_LITDNN(litdnnSetRNNDescriptor(q->lrnn, LITDNN_RNN_ALGO_STANDARD, p->cell, LITDNN_RNN_DOUBLE_BIAS,
                                      LITDNN_UNIDIRECTIONAL, LITDNN_LINEAR_INPUT, LITDNN_DATA_FLOAT, LITDNN_DATA_FLOAT,
                                      tf32 ? LITDNN_MATH_TF32 : LITDNN_MATH_FMA, p->I, p->H, p->H, p->L, NULL, 0));
  BENCH_LITDNN(litdnnCreateRNNDataDescriptor(&q->lxd));
  BENCH_LITDNN(litdnnCreateRNNDataDescriptor(&q->lyd));
  BENCH_LITDNN(litdnnSetRNNDataDescriptor(q->lxd, LITDNN_DATA_FLOAT, LITDNN_RNN_DATA_LAYOUT_SEQ_MAJOR_PACKED, p->T,
                                          p->N, p->I, lens, NULL));
  BENCH_LITDNN(litdnnSetRNNDataDescriptor(q->lyd, LITDNN_DATA_FLOAT, LITDNN_RNN_DATA_LAYOUT_SEQ_MAJOR_PACKED, p->T,
                                          p->N, p->H, lens, NULL));
  BENCH_LITDNN(litdnnCreateTensorDescriptor(&q->lhd));
  BENCH_LITDNN(litdnnSetTensorNdDescriptor(q->lhd, LITDNN_DATA_FLOAT, 3, dims, strides));
  BENCH_LITDNN(litdnnGetRNNWeightSpaceSize(q->h, q->lrnn, &q->lwbytes));
  BENCH_LITDNN(litdnnGetRNNTempSpaceSizes(q->h, q->lrnn, LITDNN_FWD_MODE_TRAINING, q->lxd, &q->lworkbytes,
                                          &q->lresbytes));
  q->lw = bench_random(q->lwbytes / sizeof(float), 13);
  q->ldw = bench_random(q->lwbytes / sizeof(float), 14);
  BENCH_CUDA(cudaMalloc(&q->lwork, q->lworkbytes));
  BENCH_CUDA(cudaMalloc(&q->lreserve, q->lresbytes));
  free(lens);
}

static void close_pair(rnn_pair *q)
{
  float *bufs[] = {q->x, q->y, q->dy, q->dx, q->hx, q->hy, q->cx, q->cy, q->dhy, q->dcy, q->dhx, q->dcx};
  for (size_t i = 0; i < sizeof bufs / sizeof bufs[0]; i++)
    cudaFree(bufs[i]);
  for (int k = 0; k < 2; k++)
    if (q->rnn[k]) {
      cudaFree(q->work[k]), cudaFree(q->reserve[k]);
      cudnnDestroyRNNDescriptor(q->rnn[k]);
    }
  cudaFree(q->dev_lens), cudaFree(q->states), cudaFree(q->w), cudaFree(q->dw);
  cudaFree(q->lw), cudaFree(q->ldw), cudaFree(q->lwork), cudaFree(q->lreserve);
  cudnnDestroyRNNDataDescriptor(q->xd), cudnnDestroyRNNDataDescriptor(q->yd);
  cudnnDestroyTensorDescriptor(q->hd), cudnnDestroyDropoutDescriptor(q->drop), cudnnDestroy(q->dnn);
  litdnnDestroyRNNDataDescriptor(q->lxd), litdnnDestroyRNNDataDescriptor(q->lyd);
  litdnnDestroyTensorDescriptor(q->lhd), litdnnDestroyRNNDescriptor(q->lrnn), litdnnDestroy(q->h);
}
#line 4725 "chapters/10-rnn.nw"
static const char *const pass_names[3] = {"forward", "backward data", "backward weights"};
static const litdnnOp_t pass_ops[3] = {LITDNN_OP_RNN_FORWARD, LITDNN_OP_RNN_BACKWARD_DATA,
                                       LITDNN_OP_RNN_BACKWARD_WEIGHTS};

static litdnnStatus_t litdnn_pass(rnn_pair *q, int pass)
{
  int lstm = q->p.cell == LITDNN_LSTM;
  switch (pass) {
  case PASS_FORWARD:
    return litdnnRNNForward(q->h, q->lrnn, LITDNN_FWD_MODE_TRAINING, NULL, q->lxd, q->x, q->lyd, q->y, q->lhd, q->hx,
                            q->hy, q->lhd, lstm ? q->cx : NULL, lstm ? q->cy : NULL, q->lwbytes, q->lw,
                            q->lworkbytes, q->lwork, q->lresbytes, q->lreserve);
  case PASS_BACKWARD_DATA:
    return litdnnRNNBackwardData(q->h, q->lrnn, NULL, q->lyd, q->y, q->dy, q->lxd, q->dx, q->lhd, q->hx, q->dhy,
                                 q->dhx, q->lhd, lstm ? q->cx : NULL, lstm ? q->dcy : NULL, lstm ? q->dcx : NULL,
                                 q->lwbytes, q->lw, q->lworkbytes, q->lwork, q->lresbytes, q->lreserve);
  default: /* adds to dw, as cuDNN must (below) */
    return litdnnRNNBackwardWeights(q->h, q->lrnn, LITDNN_WGRAD_MODE_ADD, NULL, q->lxd, q->x, q->lhd, q->hx, q->lyd,
                                    q->y, q->lwbytes, q->ldw, q->lworkbytes, q->lwork, q->lresbytes, q->lreserve);
  }
}

static cudnnStatus_t cudnn_pass(rnn_pair *q, int pass, int k)
{
  int lstm = q->p.cell == LITDNN_LSTM;
  switch (pass) {
  case PASS_FORWARD:
    return cudnnRNNForward(q->dnn, q->rnn[k], CUDNN_FWD_MODE_TRAINING, q->dev_lens, q->xd, q->x, q->yd, q->y,
                                q->hd, q->hx, q->hy, q->hd, lstm ? q->cx : NULL, lstm ? q->cy : NULL, q->wbytes, q->w,
                                q->workbytes[k], q->work[k], q->resbytes[k], q->reserve[k]);
  case PASS_BACKWARD_DATA:
    return cudnnRNNBackwardData_v8(q->dnn, q->rnn[k], q->dev_lens, q->yd, q->y, q->dy, q->xd, q->dx, q->hd,
                                        q->hx, q->dhy, q->dhx, q->hd, lstm ? q->cx : NULL, lstm ? q->dcy : NULL,
                                        lstm ? q->dcx : NULL, q->wbytes, q->w, q->workbytes[k], q->work[k],
                                        q->resbytes[k], q->reserve[k]);
  default: /* cudnnRNNBackwardWeights_v8 supports CUDNN_WGRAD_MODE_ADD only */
    return cudnnRNNBackwardWeights_v8(q->dnn, q->rnn[k], CUDNN_WGRAD_MODE_ADD, q->dev_lens, q->xd, q->x, q->hd,
                                           q->hx, q->yd, q->y, q->wbytes, q->dw, q->workbytes[k], q->work[k],
                                           q->resbytes[k], q->reserve[k]);
  }
}

static void run_pass(void *ctx, int rep)
{
  rnn_pair *q = (rnn_pair *)ctx;
  (void)rep;
  if (q->impl == IMPL_LITDNN)
    BENCH_LITDNN(litdnn_pass(q, q->pass));
  else
    BENCH_CUDNN(cudnn_pass(q, q->pass, q->impl == IMPL_CUDNN_PERSISTENT));
}

/* what a pass must do before it can be timed: the passes before it, and
   one run of its own; 0 if cuDNN refuses to run it */
static int prepare(rnn_pair *q, int pass)
{
  for (int before = PASS_FORWARD; before < pass; before++)
    if (q->impl == IMPL_LITDNN)
      BENCH_LITDNN(litdnn_pass(q, before));
    else
      BENCH_CUDNN(cudnn_pass(q, before, q->impl == IMPL_CUDNN_PERSISTENT));
  if (q->impl == IMPL_LITDNN)
    return 1;
  cudnnStatus_t s = cudnn_pass(q, pass, q->impl == IMPL_CUDNN_PERSISTENT);
  if (s != CUDNN_STATUS_SUCCESS) {
    printf("   skipped cuDNN%s, %s: %s\n", q->impl == IMPL_CUDNN_PERSISTENT ? " persistent" : "",
           pass_names[pass], cudnnGetErrorString(s));
    return 0;
  }
  return 1;
}


/* flops of one pass: 2 G H (I_l + H) N T per layer */
static double pass_flops(const rnn_problem *p)
{
  int G = p->cell == LITDNN_LSTM ? 4 : p->cell == LITDNN_GRU ? 3 : 1;
  double f = 0;
  for (int l = 0; l < p->L; l++)
    f += 2.0 * G * p->H * ((l == 0 ? p->I : p->H) + (double)p->H) * p->N * p->T;
  return f;
}

/* times every implementation of one problem; returns the milliseconds of
   cuDNN's standard algorithm and of litdnn's choice for each pass, and of
   the persistent stage's forward pass (0 if it did not run) */
static void time_problem(bench *b, const rnn_problem *p, int tf32, int all_stages, double cudnn_ms[3],
                         double litdnn_ms[3], double *persistent_ms)
{
  rnn_pair q;
  open_pair(&q, p, tf32);
  double flops = pass_flops(p), bytes = (double)q.lwbytes + 4.0 * (q.nx + q.ny);
  char op[64], impl[96];
  for (int pass = 0; pass < 3; pass++) {
    snprintf(op, sizeof op, "%s%s", pass_names[pass], tf32 ? " tf32" : "");
    q.pass = pass;
    for (int k = 0; k < 2; k++) {
      if (!q.rnn[k])
        continue;
      q.impl = k ? IMPL_CUDNN_PERSISTENT : IMPL_CUDNN;
      if (!prepare(&q, pass))
        continue;
      double ms = bench_median_ms(b, run_pass, &q);
      bench_record(b, op, p->name, k ? "cuDNN persistent" : "cuDNN", ms, bytes, flops);
      if (!k)
        cudnn_ms[pass] = ms;
    }
    q.impl = IMPL_LITDNN;
    int count = 0;
    litdnnGetStageCount(pass_ops[pass], &count);
    for (int s = 0; all_stages && s < count; s++) {
      const char *name;
      unsigned mask;
      litdnnGetStageInfo(pass_ops[pass], s, &name, NULL, &mask);
      snprintf(impl, sizeof impl, "litdnn: %s", name);
      if (!(mask & LITDNN_BACKEND_BIT(LITDNN_BACKEND_CUDA)))
        continue;
      BENCH_LITDNN(litdnnSetStage(q.h, pass_ops[pass], s));
      prepare(&q, pass);
      if (!bench_stage_runs(impl, litdnn_pass(&q, pass)))
        continue;
      double ms = bench_median_ms(b, run_pass, &q);
      bench_record(b, op, p->name, impl, ms, bytes, flops);
      if (pass == PASS_FORWARD && !strcmp(name, "persistent"))
        *persistent_ms = ms;
    }
    BENCH_LITDNN(litdnnSetStage(q.h, pass_ops[pass], LITDNN_STAGE_AUTOMATIC));
    prepare(&q, pass);
    litdnn_ms[pass] = bench_median_ms(b, run_pass, &q);
    bench_record(b, op, p->name, "litdnn", litdnn_ms[pass], bytes, flops);
  }
  close_pair(&q);
}
#line 4866 "chapters/10-rnn.nw"
int main(int argc, char **argv)
{
  bench *b = bench_open("rnn", argc, argv);
  bench_copy_gbps(b);
  int tf32 = !strcmp(bench_arg(b, "--math", "fma"), "tf32");
  int all_stages = strcmp(bench_arg(b, "--stages", "all"), "auto") != 0;
  static rnn_problem problems[256];
  int n = read_deepbench(bench_arg(b, "--deepbench", "../shared/bench/deepbench_rnn.csv"), problems, 256);
  n += read_benchdnn(bench_arg(b, "--benchdnn", "../shared/bench/benchdnn/rnn_shapes_training"), problems + n,
                     256 - n);
  if (bench_quick(b) && n > 4)
    n = 4;
  double log_fwd = 0, log_bwd = 0, log_small = 0;
  int gated = 0, small = 0;
  for (int i = 0; i < n; i++) {
    if (!bench_wanted(b, problems[i].name))
      continue;
    double c[3] = {0, 0, 0}, l[3] = {0, 0, 0}, persistent = 0;
    printf("== %s\n", problems[i].name);
    time_problem(b, &problems[i], tf32, all_stages, c, l, &persistent);
    /* a problem that cuDNN refused a pass of stays out of the means */
    if ((problems[i].cell == LITDNN_LSTM || problems[i].cell == LITDNN_GRU) && c[0] > 0 && c[1] > 0 &&
        c[2] > 0) {
      log_fwd += log(c[0] / l[0]);
      log_bwd += log((c[1] + c[2]) / (l[1] + l[2]));
      gated++;
    }
    if (problems[i].N <= 16 && persistent > 0 && c[0] > 0) {
      log_small += log(c[0] / persistent);
      small++;
    }
  }
  if (gated)
    printf("geometric mean over %d LSTM and GRU problems, cuDNN time / litdnn time: forward %.3f, "
           "backward (data + weights) %.3f\n", gated, exp(log_fwd / gated), exp(log_bwd / gated));
  if (small)
    printf("geometric mean over the %d problems with batch <= 16 that the persistent stage ran, forward, "
           "cuDNN standard / litdnn persistent: %.3f\n", small, exp(log_small / small));
  bench_close(b);
  return 0;
}
