#line 3301 "chapters/04-matmul.nw"
/* Matrix multiply: the worklog at 4096^3, TF32, DeepBench's training set,
   and the tuned kernel's sweep. */
#include "bench.h"
#include "../src/matmul/matmul.h"
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#line 3361 "chapters/04-matmul.nw"
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
#line 3414 "chapters/04-matmul.nw"
/* One call of litdnnMatmul on copy c of the operands. */
static litdnnStatus_t call_litdnn(problem *p, int c)
{
  float one = 1.0f, zero = 0.0f;
  return litdnnMatmul(p->h, p->math, (litdnnTranspose_t)p->ta, (litdnnTranspose_t)p->tb, p->m, p->n, p->k, &one,
                      p->A + c * p->na, (int)p->lda, 0, p->B + c * p->nb, (int)p->ldb, 0, &zero,
                      p->C + c * p->nc, (int)p->ldc, 0, 1);
}

static void run_litdnn(void *ctx, int rep)
{
  problem *p = (problem *)ctx;
  BENCH_LITDNN(call_litdnn(p, rep % p->copies));
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

/* Median time of one stage (pinned), or of cuBLAS when stage < 0; -1 when
   the pinned stage does not apply to the problem (its probe said why). */
static double time_impl(bench *b, problem *p, int stage)
{
  if (stage < 0)
    return bench_median_ms(b, run_cublas, p);
  const char *name;
  litdnnGetStageInfo(LITDNN_OP_MATMUL, stage, &name, NULL, NULL);
  BENCH_LITDNN(litdnnSetStage(p->h, LITDNN_OP_MATMUL, stage));
  double ms = bench_stage_runs(name, call_litdnn(p, 0)) ? bench_median_ms(b, run_litdnn, p) : -1.0;
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

static int is_tf32(int stage)
{
  unsigned flags = 0;
  litdnnGetStageFlags(LITDNN_OP_MATMUL, stage, &flags);
  return (flags & LITDNN_STAGE_TF32) != 0;
}
#line 3487 "chapters/04-matmul.nw"
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
    if (!runs_on_gpu(s) || is_tf32(s) || s == MATMUL_STAGE_CUBLAS)
      continue;
    litdnnGetStageInfo(LITDNN_OP_MATMUL, s, &name, NULL, NULL);
    if (!bench_wanted(b, name))
      continue;
    double ms = time_impl(b, &p, s);
    if (ms < 0)
      continue;
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
    tf32_wanted |= is_tf32(s) && s != MATMUL_STAGE_CUBLAS_TF32 && bench_wanted(b, name);
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
    if (!runs_on_gpu(s) || !is_tf32(s) || s == MATMUL_STAGE_CUBLAS_TF32)
      continue;
    litdnnGetStageInfo(LITDNN_OP_MATMUL, s, &name, NULL, NULL);
    if (!bench_wanted(b, name))
      continue;
    BENCH_CUDA(cudaMemset(p.C, 0xff, 4 * (size_t)p.nc));   /* NaN: an unwritten output shows */
    BENCH_LITDNN(litdnnSetStage(h, LITDNN_OP_MATMUL, s));
    int runs = bench_stage_runs(name, call_litdnn(&p, 0));   /* the probe, whose C is checked */
    BENCH_LITDNN(litdnnSetStage(h, LITDNN_OP_MATMUL, LITDNN_STAGE_AUTOMATIC));
    if (!runs)
      continue;
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
#line 3959 "chapters/04-matmul.nw"
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
      if (ms < 0)
        continue;
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
#line 3594 "chapters/04-matmul.nw"
typedef struct {
  const char *key;                             /* its file is tuned_KEY.cu */
  const char *name;
  int round;                                   /* 1, 2 or 3 */
  int lm, rm, rn, warps_m, warps_n, bk, minb;  /* TU_LM ... TU_MINB */
  int group, frag_sets, fixed_layout, walk;    /* TU_GROUP ... TU_WALK; 0: the default */
} sweep_shape;

static const sweep_shape sweep_shapes[] = {
{"a", "tuned a 128x128x8 t8x8 l8x4 256 mb2", 1, 8, 2, 2, 2, 4, 8, 2, 0, 0, 0, 0},
  {"b", "tuned b 128x128x16 t8x8 l8x4 256 mb2", 1, 8, 2, 2, 2, 4, 16, 2, 0, 0, 0, 0},
  {"c", "tuned c 128x128x8 t8x8 l4x8 256 mb2", 1, 4, 2, 2, 4, 2, 8, 2, 0, 0, 0, 0},
  {"d", "tuned d 128x128x16 t8x8 l4x8 256 mb2", 1, 4, 2, 2, 4, 2, 16, 2, 0, 0, 0, 0},
  {"e", "tuned e 128x128x8 t8x16 l8x4 128 mb2", 1, 8, 2, 4, 2, 2, 8, 2, 0, 0, 0, 0},
  {"f", "tuned f 128x128x16 t8x16 l8x4 128 mb2", 1, 8, 2, 4, 2, 2, 16, 2, 0, 0, 0, 0},
  {"g", "tuned g 128x128x8 t16x8 l4x8 128 mb2", 1, 4, 4, 2, 2, 2, 8, 2, 0, 0, 0, 0},
  {"h", "tuned h 128x128x16 t16x8 l4x8 128 mb2", 1, 4, 4, 2, 2, 2, 16, 2, 0, 0, 0, 0},
  {"i", "tuned i 128x256x8 t8x16 l8x4 256 mb1", 1, 8, 2, 4, 2, 4, 8, 1, 0, 0, 0, 0},
  {"j", "tuned j 256x128x8 t16x8 l4x8 256 mb1", 1, 4, 4, 2, 4, 2, 8, 1, 0, 0, 0, 0},
  {"k", "tuned k 128x64x16 t8x8 l8x4 128 mb3", 1, 8, 2, 2, 2, 2, 16, 3, 0, 0, 0, 0},
  {"l", "tuned l 128x128x8 t8x8 l8x4 256 mb1", 1, 8, 2, 2, 2, 4, 8, 1, 0, 0, 0, 0},
  {"m", "tuned m 64x128x16 t8x8 l4x8 128 mb3", 1, 4, 2, 2, 2, 2, 16, 3, 0, 0, 0, 0},
  {"n", "tuned n 128x128x16 t8x16 l8x4 128 mb2 raster8", 1, 8, 2, 4, 2, 2, 16, 2, 8, 0, 0, 0},
  {"o", "tuned o 128x128x16 t16x8 l4x8 128 mb2 raster8", 1, 4, 4, 2, 2, 2, 16, 2, 8, 0, 0, 0},
  {"p", "tuned p 256x128x16 t16x8 l4x8 256 mb1", 2, 4, 4, 2, 4, 2, 16, 1, 0, 0, 0, 0},
  {"q", "tuned q 128x256x16 t8x16 l8x4 256 mb1", 2, 8, 2, 4, 2, 4, 16, 1, 0, 0, 0, 0},
  {"r", "tuned r 256x128x8 t16x8 l8x4 w2x4 256 mb1", 2, 8, 4, 2, 2, 4, 8, 1, 0, 0, 0, 0},
  {"s", "tuned s 256x128x8 t8x16 l8x4 256 mb1", 2, 8, 2, 4, 4, 2, 8, 1, 0, 0, 0, 0},
  {"t", "tuned t 128x128x8 t16x8 l4x8 128 mb2 raster8", 2, 4, 4, 2, 2, 2, 8, 2, 8, 0, 0, 0},
  {"u", "tuned u 256x128x8 t16x8 l4x8 256 mb1 raster8", 2, 4, 4, 2, 4, 2, 8, 1, 8, 0, 0, 0},
  {"v", "tuned v 256x128x16 t16x8 l8x4 w2x4 256 mb1", 2, 8, 4, 2, 2, 4, 16, 1, 0, 0, 0, 0},
  {"w", "tuned w 256x128x16 t16x8 l4x8 256 mb1 raster8", 2, 4, 4, 2, 4, 2, 16, 1, 8, 0, 0, 0},
  {"x", "tuned x 128x128x8 t8x8 l8x4 256 mb2 f1", 2, 8, 2, 2, 2, 4, 8, 2, 0, 1, 0, 0},
  {"y", "tuned y 128x128x16 t8x8 l8x4 256 mb2 f1", 2, 8, 2, 2, 2, 4, 16, 2, 0, 1, 0, 0},
  {"z", "tuned z 256x128x16 t16x8 l4x8 256 mb1 fixed", 3, 4, 4, 2, 4, 2, 16, 1, 0, 0, 1, 0},
  {"za", "tuned za 256x128x16 t16x8 l4x8 256 mb1 fixed walk", 3, 4, 4, 2, 4, 2, 16, 1, 0, 0, 1, 1},
  {"zb", "tuned zb 256x128x8 t16x8 l4x8 256 mb1 fixed walk", 3, 4, 4, 2, 4, 2, 8, 1, 0, 0, 1, 1},
  {"zc", "tuned zc 256x128x16 t16x8 l8x4 w2x4 256 mb1 fixed walk", 3, 8, 4, 2, 2, 4, 16, 1, 0, 0, 1, 1},
  {"zd", "tuned zd 128x128x8 t16x8 l4x8 128 mb2 fixed walk", 3, 4, 4, 2, 2, 2, 8, 2, 0, 0, 1, 1},
};
#define SWEEP_SHAPES ((int)(sizeof sweep_shapes / sizeof sweep_shapes[0]))

/* The text of a shape's file: its parameters, then the family's header. */
static void sweep_source(const sweep_shape *s, char *text, size_t size)
{
  int n = snprintf(text, size,
                   "/* shape %s of the tuned kernel, written by bench_matmul */\n"
                   "#include \"core/prelude.cuh\"\n#include \"matmul/matmul.h\"\n"
                   "LITDNN_DECLARE_GPU(matmul_sweep_shape);\n"
                   "#define TU_LM %d\n#define TU_RM %d\n#define TU_RN %d\n#define TU_WARPS_M %d\n"
                   "#define TU_WARPS_N %d\n#define TU_BK %d\n#define TU_MINB %d\n",
                   s->key, s->lm, s->rm, s->rn, s->warps_m, s->warps_n, s->bk, s->minb);
  const char *option[4] = {"TU_GROUP", "TU_FRAG_SETS", "TU_FIXED_LAYOUT", "TU_WALK"};
  int value[4] = {s->group, s->frag_sets, s->fixed_layout, s->walk};
  for (int o = 0; o < 4; o++)
    if (value[o])
      n += snprintf(text + n, size - n, "#define %s %d\n", option[o], value[o]);
  snprintf(text + n, size - n, "#define TU_ENTRY matmul_sweep_shape\n#include \"matmul/matmul_tuned.cuh\"\n");
}
#line 3659 "chapters/04-matmul.nw"
#include "matmul_sweep_flags.h"   /* MATMUL_SWEEP_NVCC, MATMUL_SWEEP_FLAGS: written by make */

typedef struct {
  const char *source;     /* the tangled tree (--source) */
  const char *dir;        /* the shapes' files and objects (--sweep-dir) */
  const char *nvcc;       /* (--nvcc) */
  int jobs;               /* compilers at once (--jobs) */
} sweep_setup;

static const char *flag_value(int argc, char **argv, const char *flag, const char *fallback)
{
  for (int i = 1; i + 1 < argc; i++)
    if (strcmp(argv[i], flag) == 0)
      return argv[i + 1];
  return fallback;
}

static sweep_setup sweep_setup_of(int argc, char **argv)
{
  sweep_setup u;
  u.source = flag_value(argc, argv, "--source", "tangled");
  u.dir = flag_value(argc, argv, "--sweep-dir", "build/bench/sweep");
  u.nvcc = flag_value(argc, argv, "--nvcc", MATMUL_SWEEP_NVCC);
  u.jobs = atoi(flag_value(argc, argv, "--jobs", "0"));
  if (u.jobs < 1)
    u.jobs = (int)sysconf(_SC_NPROCESSORS_ONLN);
  if (u.jobs < 1)
    u.jobs = 1;
  return u;
}

static double modified(const char *path)   /* seconds, or -1 if there is no such file */
{
  struct stat st;
  return stat(path, &st) == 0 ? (double)st.st_mtim.tv_sec + 1e-9 * st.st_mtim.tv_nsec : -1.0;
}

/* Is the object missing, or older than a file that nvcc's dependency list
   (the target, a colon, then the files) names? */
static int sweep_stale(const char *so, const char *deps)
{
  double built = modified(so);
  FILE *f = fopen(deps, "r");
  int stale = built < 0 || !f, past_colon = 0;
  char word[4096];
  while (!stale && fscanf(f, "%4095s", word) == 1) {
    size_t len = strlen(word);
    if (!past_colon) {
      past_colon = word[len - 1] == ':';
      continue;
    }
    if (strcmp(word, "\\") != 0) {
      double t = modified(word);
      stale = t < 0 || t > built;
    }
  }
  if (f)
    fclose(f);
  return stale;
}

/* Write a file only if its text changed, so that its time says when. */
static void write_if_changed(const char *path, const char *text)
{
  char old[8192];
  FILE *f = fopen(path, "r");
  size_t n = f ? fread(old, 1, sizeof old - 1, f) : 0;
  if (f)
    fclose(f);
  old[n] = '\0';
  if (f && strcmp(old, text) == 0)
    return;
  if (!(f = fopen(path, "w")) || fputs(text, f) < 0 || fclose(f) != 0)
    BENCH_FAIL_(path, strerror(errno));
}

/* nvcc for one shape, in a child process whose output goes to tuned_KEY.log */
static pid_t sweep_spawn(const sweep_setup *u, const sweep_shape *s)
{
  char cu[1024], so[1024], deps[1024], log[1024], inc[1024], src[1024], flags[] = MATMUL_SWEEP_FLAGS;
  snprintf(cu, sizeof cu, "%s/tuned_%s.cu", u->dir, s->key);
  snprintf(so, sizeof so, "%s/tuned_%s.so", u->dir, s->key);
  snprintf(deps, sizeof deps, "%s/tuned_%s.d", u->dir, s->key);
  snprintf(log, sizeof log, "%s/tuned_%s.log", u->dir, s->key);
  snprintf(inc, sizeof inc, "-I%s/include", u->source);
  snprintf(src, sizeof src, "-I%s/src", u->source);
  char *argv[64];
  int n = 0;
  argv[n++] = (char *)u->nvcc;
  for (char *w = strtok(flags, " "); w && n < 48; w = strtok(NULL, " "))
    argv[n++] = w;
  const char *rest[] = {inc, src, "-shared", "-cudart", "shared", "-MD", "-MF", deps, "-o", so, cu};
  for (size_t i = 0; i < sizeof rest / sizeof rest[0]; i++)
    argv[n++] = (char *)rest[i];
  argv[n] = NULL;
  fflush(stdout);
  pid_t pid = fork();
  if (pid == 0) {
    int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
      dup2(fd, 1);
      dup2(fd, 2);
    }
    execvp(argv[0], argv);
    fprintf(stderr, "cannot run %s: %s\n", argv[0], strerror(errno));
    _exit(127);
  }
  if (pid < 0)
    BENCH_FAIL_("fork", strerror(errno));
  return pid;
}

/* Write the files of the shapes with wanted[s] set and compile those that
   are out of date, u->jobs at a time. Returns how many failed to compile. */
static int sweep_build(const sweep_setup *u, const int *wanted)
{
  char path[1024], text[4096];
  for (const char *p = u->dir; (p = strchr(p + 1, '/')) != NULL;) {   /* mkdir -p */
    snprintf(path, sizeof path, "%.*s", (int)(p - u->dir), u->dir);
    mkdir(path, 0755);
  }
  mkdir(u->dir, 0755);
  int todo[SWEEP_SHAPES], stale = 0, wanted_count = 0;
  for (int s = 0; s < SWEEP_SHAPES; s++) {
    if (!wanted[s])
      continue;
    wanted_count++;
    sweep_source(&sweep_shapes[s], text, sizeof text);
    snprintf(path, sizeof path, "%s/tuned_%s.cu", u->dir, sweep_shapes[s].key);
    write_if_changed(path, text);
    char so[1024], deps[1024];
    snprintf(so, sizeof so, "%s/tuned_%s.so", u->dir, sweep_shapes[s].key);
    snprintf(deps, sizeof deps, "%s/tuned_%s.d", u->dir, sweep_shapes[s].key);
    if (sweep_stale(so, deps))
      todo[stale++] = s;
  }
  printf("   sweep: %d shapes in %s, %d to compile (%d at a time)\n", wanted_count, u->dir, stale, u->jobs);
  pid_t pid[SWEEP_SHAPES];
  int failed = 0, started = 0, running = 0;
  while (started < stale || running > 0) {
    if (started < stale && running < u->jobs) {
      pid[started] = sweep_spawn(u, &sweep_shapes[todo[started]]);
      started++;
      running++;
      continue;
    }
    int status;
    pid_t done = wait(&status);
    if (done < 0)
      BENCH_FAIL_("wait", strerror(errno));
    running--;
    for (int j = 0; j < started; j++)
      if (pid[j] == done) {
        const sweep_shape *s = &sweep_shapes[todo[j]];
        int ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
        printf("   %s %s%s%s/tuned_%s.log)\n", ok ? "compiled" : "FAILED", s->name, ok ? " (" : " (see ",
               u->dir, s->key);
        failed += !ok;
      }
  }
  return failed;
}

/* The stage function of a compiled shape. */
static litdnn_stage_fn sweep_load(const sweep_setup *u, const sweep_shape *s)
{
  char so[1024];
  snprintf(so, sizeof so, "%s/tuned_%s.so", u->dir, s->key);
  void *lib = dlopen(so, RTLD_NOW | RTLD_LOCAL);
  if (!lib)
    BENCH_FAIL_("dlopen", dlerror());
  litdnn_stage_fn fn = (litdnn_stage_fn)dlsym(lib, "matmul_sweep_shape_cuda");
  if (!fn)
    BENCH_FAIL_("dlsym", dlerror());
  return fn;
}
#line 3847 "chapters/04-matmul.nw"
typedef struct {
  problem *p;
  litdnn_stage_fn fn;
} sweep_ctx;

static const char *sweep_op(int round) { return round == 3 ? "sgemm fp32 sweep 3" : "sgemm fp32 sweep"; }

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

static void sweep(bench *b, litdnnHandle_t h, cublasHandle_t cublas, int argc, char **argv)
{
  int wanted[SWEEP_SHAPES], rounds = 0;
  for (int s = 0; s < SWEEP_SHAPES; s++) {
    wanted[s] = bench_wanted(b, sweep_shapes[s].name);
    if (wanted[s])
      rounds |= 1 << (sweep_shapes[s].round == 3);   /* which ops get the reference rows */
  }
  sweep_setup u = sweep_setup_of(argc, argv);
  if (sweep_build(&u, wanted) > 0)
    BENCH_FAIL_("bench_matmul --sweep", "a shape did not compile");
  const int N = 4096;
  const char *shape = "4096x4096x4096";
  problem p;
  problem_init(&p, h, cublas, N, N, N, 0, 0);
  p.math = LITDNN_MATH_FMA;
  double flops = problem_flops(&p);
  double cublas_ms = time_impl(b, &p, -1);
  for (int r = 0; r < 2; r++)
    if (rounds & 1 << r)
      bench_record(b, sweep_op(3 * r), shape, "cuBLAS", cublas_ms, problem_bytes(&p), flops);
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
    if (ms < 0)
      continue;
    snprintf(impl, sizeof impl, "litdnn: %s", name);
    for (int r = 0; r < 2; r++)
      if (rounds & 1 << r)
        bench_record(b, sweep_op(3 * r), shape, impl, ms, problem_bytes(&p), flops);
    printf("  %-40s %9.3f ms %8.1f TFLOP/s %6.1f %% of cuBLAS\n", name, ms, flops / ms / 1e9,
           100.0 * cublas_ms / ms);
  }
  double best = 1e30;
  const char *best_name = "none";
  for (int s = 0; s < SWEEP_SHAPES; s++) {
    const sweep_shape *e = &sweep_shapes[s];
    if (!wanted[s])
      continue;
    sweep_ctx ctx = {&p, sweep_load(&u, e)};
    BENCH_CUDA(cudaMemset(p.C, 0xff, 4 * (size_t)p.nc));   /* NaN: an unwritten output shows */
    run_sweep_shape(&ctx, 0);
    BENCH_CUDA(cudaDeviceSynchronize());
    double diff = c_max_diff(&p, ref);
    double ms = bench_median_ms(b, run_sweep_shape, &ctx);
    char impl[96];
    snprintf(impl, sizeof impl, "litdnn: %s", e->name);
    bench_record(b, sweep_op(e->round), shape, impl, ms, problem_bytes(&p), flops);
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

#line 3322 "chapters/04-matmul.nw"
int main(int argc, char **argv)
{
  int sweep_only = 0, sweep_build_only = 0;
  for (int i = 1; i < argc; i++) {
    sweep_only |= strcmp(argv[i], "--sweep") == 0;
    sweep_build_only |= strcmp(argv[i], "--sweep-build") == 0;
  }
  if (sweep_build_only) {   /* compile every shape of the sweep: no GPU needed */
    int all[SWEEP_SHAPES];
    for (int s = 0; s < SWEEP_SHAPES; s++)
      all[s] = 1;
    sweep_setup u = sweep_setup_of(argc, argv);
    int failed = sweep_build(&u, all);
    printf("== bench_matmul --sweep-build: %d of %d shapes compiled and up to date\n", SWEEP_SHAPES - failed,
           SWEEP_SHAPES);
    return failed ? 1 : 0;
  }
  bench *b = bench_open("matmul", argc, argv);
  litdnnHandle_t h;
  cublasHandle_t cublas;
  BENCH_LITDNN(litdnnCreateWithBackend(&h, LITDNN_BACKEND_CUDA));
  BENCH_CUBLAS(cublasCreate(&cublas));
  const char *only = bench_arg(b, "--only", NULL);
  if (sweep_only) {
    sweep(b, h, cublas, argc, argv);
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
