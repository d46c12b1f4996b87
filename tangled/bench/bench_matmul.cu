#line 5026 "chapters/04-matmul.nw"
/* Matrix multiply: the worklog at 4096^3, TF32, and DeepBench's training set. */
#include "bench.h"
#include "../src/matmul/matmul.h"
#include <math.h>
#include <string.h>

#line 5068 "chapters/04-matmul.nw"
typedef struct {
  litdnnHandle_t h;
  cublasHandle_t cublas;
  litdnnMathType_t math;
  int m, n, k, ta, tb, copies;
  int64_t lda, ldb, ldc, na, nb, nc;   /* elements of one copy */
  float *A, *B, *C;
} problem;

static void problem_init(problem *p, litdnnHandle_t h, cublasHandle_t cublas, int m, int n, int k,
                         int ta, int tb)
{
  memset(p, 0, sizeof *p);
  p->h = h;
  p->cublas = cublas;
  p->m = m; p->n = n; p->k = k; p->ta = ta; p->tb = tb;
  p->lda = ta ? k : m;
  p->ldb = tb ? n : k;
  p->ldc = m;
  p->na = (int64_t)m * k;
  p->nb = (int64_t)k * n;
  p->nc = (int64_t)m * n;
  double bytes = 4.0 * (p->na + p->nb + p->nc);
  p->copies = (int)ceil(180e6 / bytes);
  if (p->copies < 1) p->copies = 1;
  if (p->copies > 16) p->copies = 16;
  BENCH_CUDA(cudaMalloc((void **)&p->A, 4 * p->na * p->copies));
  BENCH_CUDA(cudaMalloc((void **)&p->B, 4 * p->nb * p->copies));
  BENCH_CUDA(cudaMalloc((void **)&p->C, 4 * p->nc * p->copies));
  /* small integers keep every stage's result exact, so a broken stage shows */
  float *host = (float *)malloc(4 * (size_t)(p->na > p->nb ? p->na : p->nb));
  for (int64_t i = 0; i < (p->na > p->nb ? p->na : p->nb); i++)
    host[i] = (float)((i * 7 + 3) % 5) - 2.0f;
  for (int c = 0; c < p->copies; c++) {
    BENCH_CUDA(cudaMemcpy(p->A + c * p->na, host, 4 * p->na, cudaMemcpyHostToDevice));
    BENCH_CUDA(cudaMemcpy(p->B + c * p->nb, host, 4 * p->nb, cudaMemcpyHostToDevice));
  }
  BENCH_CUDA(cudaMemset(p->C, 0, 4 * p->nc * p->copies));
  free(host);
}

static void problem_free(problem *p)
{
  cudaFree(p->A);
  cudaFree(p->B);
  cudaFree(p->C);
}

static double problem_flops(const problem *p) { return 2.0 * p->m * p->n * (double)p->k; }
static double problem_bytes(const problem *p) { return 4.0 * (p->na + p->nb + p->nc); }
#line 5121 "chapters/04-matmul.nw"
static void run_litdnn(void *ctx, int rep)
{
  problem *p = (problem *)ctx;
  int c = rep % p->copies;
  float one = 1.0f, zero = 0.0f;
  BENCH_LITDNN(litdnnMatmul(p->h, p->math, (litdnnTranspose_t)p->ta, (litdnnTranspose_t)p->tb, p->m, p->n,
                            p->k, &one, p->A + c * p->na, (int)p->lda, 0, p->B + c * p->nb, (int)p->ldb, 0,
                            &zero, p->C + c * p->nc, (int)p->ldc, 0, 1));
}

static void run_cublas(void *ctx, int rep)
{
  problem *p = (problem *)ctx;
  int c = rep % p->copies;
  float one = 1.0f, zero = 0.0f;
  BENCH_CUBLAS(cublasSetMathMode(p->cublas, p->math == LITDNN_MATH_TF32 ? CUBLAS_TF32_TENSOR_OP_MATH
                                                                        : CUBLAS_DEFAULT_MATH));
  BENCH_CUBLAS(cublasSgemm(p->cublas, p->ta ? CUBLAS_OP_T : CUBLAS_OP_N, p->tb ? CUBLAS_OP_T : CUBLAS_OP_N,
                           p->m, p->n, p->k, &one, p->A + c * p->na, (int)p->lda, p->B + c * p->nb,
                           (int)p->ldb, &zero, p->C + c * p->nc, (int)p->ldc));
}

/* Median time of one stage (pinned), or of cuBLAS when stage < 0. */
static double time_impl(bench *b, problem *p, int stage)
{
  if (stage < 0)
    return bench_median_ms(b, run_cublas, p);
  BENCH_LITDNN(litdnnSetStage(p->h, LITDNN_OP_MATMUL, stage));
  double ms = bench_median_ms(b, run_litdnn, p);
  BENCH_LITDNN(litdnnSetStage(p->h, LITDNN_OP_MATMUL, LITDNN_STAGE_AUTOMATIC));
  return ms;
}

/* Largest |difference| between copy 0 of C and the reference. */
static double c_max_diff(const problem *p, const float *ref)
{
  size_t n = (size_t)p->nc;
  float *got = (float *)malloc(4 * n);
  BENCH_CUDA(cudaMemcpy(got, p->C, 4 * n, cudaMemcpyDeviceToHost));
  double worst = 0;
  for (size_t i = 0; i < n; i++) {
    double d = fabs((double)got[i] - ref[i]);
    if (!(d <= worst))
      worst = d;   /* a NaN sticks */
  }
  free(got);
  return worst;
}

static int runs_on_gpu(int stage)
{
  unsigned mask = 0;
  litdnnGetStageInfo(LITDNN_OP_MATMUL, stage, NULL, NULL, &mask);
  return (mask & LITDNN_BACKEND_BIT(LITDNN_BACKEND_CUDA)) != 0;
}
#line 5179 "chapters/04-matmul.nw"
static void worklog(bench *b, litdnnHandle_t h, cublasHandle_t cublas, const char *only)
{
  const int N = 4096;
  problem p;
  problem_init(&p, h, cublas, N, N, N, 0, 0);
  const char *shape = "4096x4096x4096";
  p.math = LITDNN_MATH_FMA;
  double cublas_ms = time_impl(b, &p, -1);
  bench_record(b, "sgemm fp32", shape, "cuBLAS", cublas_ms, problem_bytes(&p), problem_flops(&p));
  printf("  %-24s %9.3f ms %8.1f TFLOP/s  100.0 %% of cuBLAS\n", "cuBLAS", cublas_ms,
         problem_flops(&p) / cublas_ms / 1e9);
  double best = 1e30;
  const char *best_name = "";
  for (int s = 0; s < MATMUL_STAGE_COUNT; s++) {
    const char *name;
    char impl[96];
    if (!runs_on_gpu(s) || MATMUL_STAGE_IS_TF32(s) || s == MATMUL_STAGE_CUBLAS)
      continue;
    litdnnGetStageInfo(LITDNN_OP_MATMUL, s, &name, NULL, NULL);
    if (!bench_wanted(b, name))
      continue;
    double ms = time_impl(b, &p, s);
    snprintf(impl, sizeof impl, "litdnn: %s", name);
    bench_record(b, "sgemm fp32", shape, impl, ms, problem_bytes(&p), problem_flops(&p));
    printf("  %-24s %9.3f ms %8.1f TFLOP/s %6.1f %% of cuBLAS\n", name, ms, problem_flops(&p) / ms / 1e9,
           100.0 * cublas_ms / ms);
    if (ms < best) {
      best = ms;
      best_name = name;
    }
  }
  if (best < 1e30)
    printf("  best own FP32 stage: %s, %.1f %% of cuBLAS (target 90 %%)\n", best_name, 100.0 * cublas_ms / best);
  /* TF32: cuBLAS in TF32 math and every TF32 stage of ours that --only lets through (every
     TF32 stage's name has "tf32" in it, so --only tf32 selects them all) */
  int tf32_wanted = !only;
  for (int s = 0; s < MATMUL_STAGE_COUNT; s++) {
    const char *name;
    litdnnGetStageInfo(LITDNN_OP_MATMUL, s, &name, NULL, NULL);
    tf32_wanted |= MATMUL_STAGE_IS_TF32(s) && s != MATMUL_STAGE_CUBLAS_TF32 && bench_wanted(b, name);
  }
  if (!tf32_wanted) {
    problem_free(&p);
    return;
  }

  p.math = LITDNN_MATH_TF32;
  double tf32_cublas = time_impl(b, &p, -1), tf32_best = 1e30;
  bench_record(b, "sgemm tf32", shape, "cuBLAS tf32", tf32_cublas, problem_bytes(&p), problem_flops(&p));
  printf("  %-24s %9.3f ms %8.1f TFLOP/s  100.0 %% of cuBLAS TF32\n", "cuBLAS tf32", tf32_cublas,
         problem_flops(&p) / tf32_cublas / 1e9);
  /* The inputs are small integers, exact in TF32, and so is every sum: each
     stage must give cuBLAS's C to the bit. Copy 0 of C is the reference. */
  run_cublas(&p, 0);
  float *ref = (float *)malloc(4 * (size_t)p.nc);
  BENCH_CUDA(cudaMemcpy(ref, p.C, 4 * (size_t)p.nc, cudaMemcpyDeviceToHost));
  for (int s = 0; s < MATMUL_STAGE_COUNT; s++) {
    const char *name;
    char impl[96];
    if (!runs_on_gpu(s) || !MATMUL_STAGE_IS_TF32(s) || s == MATMUL_STAGE_CUBLAS_TF32)
      continue;
    litdnnGetStageInfo(LITDNN_OP_MATMUL, s, &name, NULL, NULL);
    if (!bench_wanted(b, name))
      continue;
    BENCH_CUDA(cudaMemset(p.C, 0xff, 4 * (size_t)p.nc));   /* NaN: an unwritten output shows */
    BENCH_LITDNN(litdnnSetStage(h, LITDNN_OP_MATMUL, s));
    run_litdnn(&p, 0);
    BENCH_LITDNN(litdnnSetStage(h, LITDNN_OP_MATMUL, LITDNN_STAGE_AUTOMATIC));
    BENCH_CUDA(cudaDeviceSynchronize());
    double diff = c_max_diff(&p, ref);
    double ms = time_impl(b, &p, s);
    snprintf(impl, sizeof impl, "litdnn: %s", name);
    bench_record(b, "sgemm tf32", shape, impl, ms, problem_bytes(&p), problem_flops(&p));
    printf("  %-24s %9.3f ms %8.1f TFLOP/s %6.1f %% of cuBLAS TF32  max |C - cuBLAS| = %g%s\n", name, ms,
           problem_flops(&p) / ms / 1e9, 100.0 * tf32_cublas / ms, diff, diff == 0 ? "" : "  WRONG");
    if (diff == 0 && ms < tf32_best)
      tf32_best = ms;
  }
  printf("  best own TF32 stage: %.1f %% of cuBLAS TF32 (target 70 %%)\n", 100.0 * tf32_cublas / tf32_best);
  free(ref);
  problem_free(&p);
}
#line 5373 "chapters/04-matmul.nw"
static void deepbench(bench *b, litdnnHandle_t h, cublasHandle_t cublas, const char *path, const char *set)
{
  static const int fast[] = {MATMUL_STAGE_WARPTILED,     MATMUL_STAGE_PIPELINED,       MATMUL_STAGE_PIPELINED_64X64,
                             MATMUL_STAGE_PIPELINED_128X32, MATMUL_STAGE_ASYNC,       MATMUL_STAGE_LARGE,
                             MATMUL_STAGE_LARGE_ASYNC,   MATMUL_STAGE_TUNED,         MATMUL_STAGE_SPLITK_128X16,
                             MATMUL_STAGE_SPLITK_64X64};
  FILE *f = fopen(path, "r");
  if (!f) {
    fprintf(stderr, "bench_matmul: cannot open %s (give --deepbench PATH); DeepBench sweep skipped\n", path);
    return;
  }
  char line[256];
  double log_sum = 0;
  int shapes = 0;
  while (fgets(line, sizeof line, f)) {
    char name[64], at[16], bt[16];
    int m, n, k;
    if (sscanf(line, "%63[^,],%d,%d,%d,%15[^,],%15s", name, &m, &n, &k, at, bt) != 6 || strcmp(name, set))
      continue;
    if (bench_quick(b) && shapes >= 12)
      break;
    problem p;
    problem_init(&p, h, cublas, m, n, k, strcmp(at, "true") == 0, strcmp(bt, "true") == 0);
    p.math = LITDNN_MATH_FMA;
    char shape[96], impl[96];
    snprintf(shape, sizeof shape, "%dx%dx%d %s%s", m, n, k, p.ta ? "T" : "N", p.tb ? "T" : "N");
    double cublas_ms = time_impl(b, &p, -1), best = 1e30;
    bench_record(b, "deepbench sgemm", shape, "cuBLAS", cublas_ms, problem_bytes(&p), problem_flops(&p));
    const char *best_name = "";
    for (size_t s = 0; s < sizeof fast / sizeof fast[0]; s++) {
      if (!runs_on_gpu(fast[s]))
        continue;
      const char *sname;
      litdnnGetStageInfo(LITDNN_OP_MATMUL, fast[s], &sname, NULL, NULL);
      double ms = time_impl(b, &p, fast[s]);
      snprintf(impl, sizeof impl, "litdnn: %s", sname);
      bench_record(b, "deepbench sgemm", shape, impl, ms, problem_bytes(&p), problem_flops(&p));
      if (ms < best) {
        best = ms;
        best_name = sname;
      }
    }
    bench_record(b, "deepbench sgemm", shape, "litdnn: best", best, problem_bytes(&p), problem_flops(&p));
    printf("  %-24s best %-18s %6.1f %% of cuBLAS\n", shape, best_name, 100.0 * cublas_ms / best);
    log_sum += log(cublas_ms / best);
    shapes++;
    problem_free(&p);
  }
  fclose(f);
  if (shapes)
    printf("  DeepBench %s: %d shapes, geometric mean of own best / cuBLAS = %.1f %% (target 80 %%)\n", set,
           shapes, 100.0 * exp(log_sum / shapes));
}
#line 5278 "chapters/04-matmul.nw"
typedef struct {
  problem *p;
  litdnn_stage_fn fn;
} sweep_ctx;

static litdnn_matmul_args sweep_args(const problem *p, int c)
{
  litdnn_matmul_args g;
  memset(&g, 0, sizeof g);
  g.call = "bench_matmul";
  g.math = LITDNN_MATH_FMA;
  g.transa = p->ta;
  g.transb = p->tb;
  g.m = p->m;
  g.n = p->n;
  g.k = p->k;
  g.batch = 1;
  g.alpha = 1.0f;
  g.beta = 0.0f;
  g.A = p->A + c * p->na;
  g.B = p->B + c * p->nb;
  g.C = p->C + c * p->nc;
  g.lda = p->lda;
  g.ldb = p->ldb;
  g.ldc = p->ldc;
  return g;
}

static void run_sweep_shape(void *ctx, int rep)
{
  sweep_ctx *s = (sweep_ctx *)ctx;
  litdnn_matmul_args g = sweep_args(s->p, rep % s->p->copies);
  BENCH_LITDNN(s->fn(s->p->h, &g));
}

static void sweep(bench *b, litdnnHandle_t h, cublasHandle_t cublas, const char *only)
{
  const int N = 4096;
  const char *shape = "4096x4096x4096";
  problem p;
  problem_init(&p, h, cublas, N, N, N, 0, 0);
  p.math = LITDNN_MATH_FMA;
  double flops = problem_flops(&p);
  double cublas_ms = time_impl(b, &p, -1);
  bench_record(b, "sgemm fp32 sweep", shape, "cuBLAS", cublas_ms, problem_bytes(&p), flops);
  printf("  %-40s %9.3f ms %8.1f TFLOP/s  100.0 %% of cuBLAS\n", "cuBLAS", cublas_ms, flops / cublas_ms / 1e9);
  run_cublas(&p, 0);   /* copy 0 of C: the reference */
  float *ref = (float *)malloc(4 * (size_t)p.nc);
  BENCH_CUDA(cudaMemcpy(ref, p.C, 4 * (size_t)p.nc, cudaMemcpyDeviceToHost));
  static const int before[] = {MATMUL_STAGE_PIPELINED, MATMUL_STAGE_LARGE};
  for (int x = 0; x < 2; x++) {
    const char *name;
    char impl[96];
    litdnnGetStageInfo(LITDNN_OP_MATMUL, before[x], &name, NULL, NULL);
    double ms = time_impl(b, &p, before[x]);
    snprintf(impl, sizeof impl, "litdnn: %s", name);
    bench_record(b, "sgemm fp32 sweep", shape, impl, ms, problem_bytes(&p), flops);
    printf("  %-40s %9.3f ms %8.1f TFLOP/s %6.1f %% of cuBLAS\n", name, ms, flops / ms / 1e9,
           100.0 * cublas_ms / ms);
  }
  double best = 1e30;
  const char *best_name = "none";
  for (int s = 0; s < MATMUL_SWEEP_COUNT; s++) {
    const litdnn_stage *e = &litdnn_matmul_sweep[s];
    if (!e->fn[LITDNN_BACKEND_CUDA] || !bench_wanted(b, e->name))
      continue;
    sweep_ctx ctx = {&p, e->fn[LITDNN_BACKEND_CUDA]};
    BENCH_CUDA(cudaMemset(p.C, 0xff, 4 * (size_t)p.nc));   /* NaN: an unwritten output shows */
    run_sweep_shape(&ctx, 0);
    BENCH_CUDA(cudaDeviceSynchronize());
    double diff = c_max_diff(&p, ref);
    double ms = bench_median_ms(b, run_sweep_shape, &ctx);
    char impl[96];
    snprintf(impl, sizeof impl, "litdnn: %s", e->name);
    bench_record(b, "sgemm fp32 sweep", shape, impl, ms, problem_bytes(&p), flops);
    printf("  %-40s %9.3f ms %8.1f TFLOP/s %6.1f %% of cuBLAS  max |C - cuBLAS| = %g%s\n", e->name, ms,
           flops / ms / 1e9, 100.0 * cublas_ms / ms, diff, diff == 0 ? "" : "  WRONG");
    if (diff == 0 && ms < best) {
      best = ms;
      best_name = e->name;
    }
  }
  printf("  best shape of the sweep: %s, %.1f TFLOP/s, %.1f %% of cuBLAS (target 90 %%)\n", best_name,
         flops / best / 1e9, 100.0 * cublas_ms / best);
  free(ref);
  problem_free(&p);
}

#line 5038 "chapters/04-matmul.nw"
int main(int argc, char **argv)
{
  bench *b = bench_open("matmul", argc, argv);
  litdnnHandle_t h;
  cublasHandle_t cublas;
  BENCH_LITDNN(litdnnCreateWithBackend(&h, LITDNN_BACKEND_CUDA));
  BENCH_CUBLAS(cublasCreate(&cublas));
  const char *only = bench_arg(b, "--only", NULL);
  int sweep_only = 0;
  for (int i = 1; i < argc; i++)
    sweep_only |= strcmp(argv[i], "--sweep") == 0;
  if (sweep_only) {
    sweep(b, h, cublas, only);
  } else {
    worklog(b, h, cublas, only);
    if (!only)
      deepbench(b, h, cublas, bench_arg(b, "--deepbench", "../shared/bench/deepbench_gemm.csv"),
                bench_arg(b, "--set", "training_set"));
  }
  cublasDestroy(cublas);
  litdnnDestroy(h);
  bench_close(b);
  return 0;
}
