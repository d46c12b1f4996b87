#line 244 "chapters/90-measuring.nw"
#include "bench.h"
#include <math.h>
#include <string.h>
#include <time.h>

#define BENCH_MAX_ROWS 4096

typedef struct {
  char op[64], shape[64], impl[64];
  double ms, bytes, flops;
} bench_row;

struct bench {
  char name[64];
  const char *csv;        /* where the rows go, or NULL */
  int quick, reps;
  int argc;
  char **argv;
  double copy_gbps;       /* 0 until measured */
  cudaEvent_t start[64], stop[64];
  bench_row rows[BENCH_MAX_ROWS];
  int nrows;
};

#line 283 "chapters/90-measuring.nw"
const char *bench_arg(const bench *b, const char *flag, const char *fallback)
{
  for (int i = 1; i + 1 < b->argc; i++)
    if (strcmp(b->argv[i], flag) == 0)
      return b->argv[i + 1];
  return fallback;
}

int bench_quick(const bench *b) { return b->quick; }

/* whether --only lets label through: no --only, or label contains one of its comma-separated pieces */
int bench_wanted(const bench *b, const char *label)
{
  const char *only = bench_arg(b, "--only", NULL);
  if (!only)
    return 1;
  while (*only) {
    const char *end = strchr(only, ',');
    size_t len = end ? (size_t)(end - only) : strlen(only);
    char piece[256];
    snprintf(piece, sizeof piece, "%.*s", (int)len, only);
    if (len > 0 && strstr(label, piece))
      return 1;
    only += len + (end ? 1 : 0);
  }
  return 0;
}

static void driver_version(char *out, size_t size)
{
  /* the kernel module's version line names the driver release, e.g. 580.159.04 */
  FILE *f = fopen("/proc/driver/nvidia/version", "r");
  char line[512];
  int v = 0;
  out[0] = '\0';
  if (f && fgets(line, sizeof line, f)) {
    /* "NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  580.159.04  Release ..." */
    for (char *tok = strtok(line, " \t"); tok; tok = strtok(NULL, " \t"))
      if (tok[0] >= '0' && tok[0] <= '9' && strchr(tok, '.')) {
        snprintf(out, size, "%s", tok);
        fclose(f);
        return;
      }
  }
  if (f)
    fclose(f);
  cudaDriverGetVersion(&v);
  snprintf(out, size, "CUDA driver API %d.%d", v / 1000, (v % 1000) / 10);
}

bench *bench_open(const char *name, int argc, char **argv)
{
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
    printf("%s: no CUDA device; benchmark skipped\n", name);
    exit(0);
  }
  bench *b = (bench *)calloc(1, sizeof *b);
  snprintf(b->name, sizeof b->name, "%s", name);
  b->argc = argc;
  b->argv = argv;
  for (int i = 1; i < argc; i++)
    if (strcmp(argv[i], "--quick") == 0)
      b->quick = 1;
  b->csv = bench_arg(b, "--csv", NULL);
  b->reps = atoi(bench_arg(b, "--reps", b->quick ? "5" : "30"));
  if (b->reps < 1)
    b->reps = 1;
  if (b->reps > 64)
    b->reps = 64;
  for (int i = 0; i < b->reps; i++) {
    BENCH_CUDA(cudaEventCreate(&b->start[i]));
    BENCH_CUDA(cudaEventCreate(&b->stop[i]));
  }
  struct cudaDeviceProp p;
  BENCH_CUDA(cudaGetDeviceProperties(&p, 0));
  printf("== %s on %s (sm_%d%d, %d SMs, %.0f MB L2); median of %d runs\n", name, p.name, p.major,
         p.minor, p.multiProcessorCount, p.l2CacheSize / 1e6, b->reps);
  return b;
}
#line 114 "chapters/90-measuring.nw"
/* 1 if the probing call succeeded; 0, with the reason printed, if the
   pinned stage does not apply; any other failure exits */
int bench_stage_runs(const char *label, litdnnStatus_t first_call)
{
  if (first_call == LITDNN_STATUS_SUCCESS)
    return 1;
  if (first_call == LITDNN_STATUS_NOT_SUPPORTED) {
    printf("   skipped %s: %s\n", label, litdnnGetLastErrorString());
    return 0;
  }
  BENCH_FAIL_(label, litdnnGetLastErrorString());
  return 0;
}
#line 130 "chapters/90-measuring.nw"
typedef struct {
  void *src, *dst;
  size_t bytes;
} copy_ctx;

static void copy_once(void *ctx, int rep)
{
  copy_ctx *c = (copy_ctx *)ctx;
  BENCH_CUDA(cudaMemcpyAsync(c->dst, c->src, c->bytes, cudaMemcpyDeviceToDevice, 0));
}

double bench_copy_gbps(bench *b)
{
  if (b->copy_gbps > 0)
    return b->copy_gbps;
  copy_ctx c;
  c.bytes = (size_t)512 << 20;
  BENCH_CUDA(cudaMalloc(&c.src, c.bytes));
  BENCH_CUDA(cudaMalloc(&c.dst, c.bytes));
  BENCH_CUDA(cudaMemset(c.src, 1, c.bytes));
  double ms = bench_median_ms(b, copy_once, &c);
  b->copy_gbps = 2.0 * c.bytes / (ms * 1e6);
  BENCH_CUDA(cudaFree(c.src));
  BENCH_CUDA(cudaFree(c.dst));
  printf("   device-to-device copy: %.0f GB/s (bytes read + written)\n", b->copy_gbps);
  return b->copy_gbps;
}
#line 163 "chapters/90-measuring.nw"
static int compare_doubles(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

double bench_median_ms(bench *b, bench_fn fn, void *ctx)
{
  cudaEvent_t w0 = b->start[0], w1 = b->stop[0];
  float warm = 0;
  int rep = 0;
  BENCH_CUDA(cudaEventRecord(w0, 0));
  do {
    fn(ctx, rep++);
    BENCH_CUDA(cudaEventRecord(w1, 0));
    BENCH_CUDA(cudaEventSynchronize(w1));
    BENCH_CUDA(cudaEventElapsedTime(&warm, w0, w1));
  } while (rep < 3 || (warm < 20.0f && rep < 1000));
  BENCH_CUDA(cudaGetLastError());

  double times[64];
  for (int i = 0; i < b->reps; i++) {
    BENCH_CUDA(cudaEventRecord(b->start[i], 0));
    fn(ctx, rep++);
    BENCH_CUDA(cudaEventRecord(b->stop[i], 0));
  }
  BENCH_CUDA(cudaEventSynchronize(b->stop[b->reps - 1]));
  BENCH_CUDA(cudaGetLastError());
  for (int i = 0; i < b->reps; i++) {
    float ms;
    BENCH_CUDA(cudaEventElapsedTime(&ms, b->start[i], b->stop[i]));
    times[i] = ms;
  }
  qsort(times, (size_t)b->reps, sizeof times[0], compare_doubles);
  return b->reps % 2 ? times[b->reps / 2] : 0.5 * (times[b->reps / 2 - 1] + times[b->reps / 2]);
}
#line 373 "chapters/90-measuring.nw"
static void write_csv(bench *b);
static void print_summary(const bench *b);

void bench_record(bench *b, const char *op, const char *shape, const char *impl, double ms,
                  double min_bytes, double flops)
{
  double copy = bench_copy_gbps(b);
  double gbps = min_bytes / (ms * 1e6), tflops = flops / (ms * 1e9);
  printf("   %-28s %-22s %-30s %9.4f ms %8.0f GB/s %5.1f%% %8.2f TFLOP/s\n", op, shape, impl, ms, gbps,
         100.0 * gbps / copy, tflops);
  fflush(stdout);
  if (b->nrows == BENCH_MAX_ROWS)
    return;
  bench_row *r = &b->rows[b->nrows++];
  snprintf(r->op, sizeof r->op, "%s", op);
  snprintf(r->shape, sizeof r->shape, "%s", shape);
  snprintf(r->impl, sizeof r->impl, "%s", impl);
  r->ms = ms;
  r->bytes = min_bytes;
  r->flops = flops;
  write_csv(b);
}

/* What the rows were measured on, as comment lines at the top of the CSV. */
static void write_environment(bench *b, FILE *f)
{
  struct cudaDeviceProp p;
  int runtime = 0, cublas_major = 0, cublas_minor = 0, cublas_patch = 0;
  char driver[128], date[32];
  size_t cudnn = cudnnGetVersion();
  time_t now = time(NULL);
  cudaGetDeviceProperties(&p, 0);
  cudaRuntimeGetVersion(&runtime);
  cublasGetProperty(MAJOR_VERSION, &cublas_major);
  cublasGetProperty(MINOR_VERSION, &cublas_minor);
  cublasGetProperty(PATCH_LEVEL, &cublas_patch);
  driver_version(driver, sizeof driver);
  strftime(date, sizeof date, "%Y-%m-%d", gmtime(&now));
  fprintf(f, "# %s, driver %s, CUDA %d.%d, cuDNN %zu.%zu.%zu, cuBLAS %d.%d.%d, %s\n", p.name, driver,
          runtime / 1000, (runtime % 1000) / 10, cudnn / 10000, (cudnn % 10000) / 100, cudnn % 100,
          cublas_major, cublas_minor, cublas_patch, date);
  fprintf(f, "# device-to-device copy %.0f GB/s (read + write), median of %d runs, FP32\n",
          bench_copy_gbps(b), b->reps);
}

/* every row so far, to PATH.part, then renamed over PATH */
static void write_csv(bench *b)
{
  if (!b->csv)
    return;
  char part[1024];
  snprintf(part, sizeof part, "%s.part", b->csv);
  FILE *f = fopen(part, "w");
  if (!f)
    BENCH_FAIL_("fopen", part);
  double copy = bench_copy_gbps(b);
  write_environment(b, f);
  fprintf(f, "op,shape,impl,median_ms,min_bytes,flops,gbps,pct_of_copy,tflops\n");
  for (int i = 0; i < b->nrows; i++) {
    bench_row *r = &b->rows[i];
    double gbps = r->bytes / (r->ms * 1e6);
    fprintf(f, "%s,%s,%s,%.5f,%.0f,%.0f,%.1f,%.1f,%.3f\n", r->op, r->shape, r->impl, r->ms, r->bytes,
            r->flops, gbps, 100.0 * gbps / copy, r->flops / (r->ms * 1e9));
  }
  if (fclose(f) != 0 || rename(part, b->csv) != 0)
    BENCH_FAIL_("writing", b->csv);
}

void bench_close(bench *b)
{
  print_summary(b);
  if (b->csv) {
    write_csv(b);
    printf("   wrote %s\n", b->csv);
  }
  for (int i = 0; i < b->reps; i++) {
    cudaEventDestroy(b->start[i]);
    cudaEventDestroy(b->stop[i]);
  }
  free(b);
}
#line 466 "chapters/90-measuring.nw"
#define BENCH_MAX_GROUPS 64

typedef struct {
  char op[64], family[64], lowest_shape[64];
  int n, at_least_one, below_floor;
  double log_sum, lowest;
} bench_group;

static int vendor_impl(const char *impl)
{
  return !strcmp(impl, "cuDNN") || !strcmp(impl, "cuBLAS");
}

static bench_group *group_of(bench_group *g, int *count, const char *op, const char *shape)
{
  const char *colon = strchr(shape, ':');
  int len = colon ? (int)(colon - shape) : 0;
  for (int i = 0; i < *count; i++)
    if (!strcmp(g[i].op, op) && (int)strlen(g[i].family) == len && !strncmp(g[i].family, shape, (size_t)len))
      return &g[i];
  if (*count == BENCH_MAX_GROUPS)
    return NULL;
  bench_group *n = &g[(*count)++];
  memset(n, 0, sizeof *n);
  snprintf(n->op, sizeof n->op, "%s", op);
  snprintf(n->family, sizeof n->family, "%.*s", len, shape);
  return n;
}

static void print_summary(const bench *b)
{
  bench_group groups[BENCH_MAX_GROUPS];
  int count = 0;
  for (int i = 0; i < b->nrows; i++) {
    const bench_row *ours = &b->rows[i];
    if (strcmp(ours->impl, "litdnn") != 0)
      continue;
    for (int j = 0; j < b->nrows; j++) {
      const bench_row *v = &b->rows[j];
      if (!vendor_impl(v->impl) || strcmp(v->op, ours->op) || strcmp(v->shape, ours->shape))
        continue;
      bench_group *g = group_of(groups, &count, ours->op, ours->shape);
      double ratio = v->ms / ours->ms;
      if (!g || !(ratio > 0))
        break;
      if (!g->n || ratio < g->lowest) {
        g->lowest = ratio;
        snprintf(g->lowest_shape, sizeof g->lowest_shape, "%s", ours->shape);
      }
      g->n++;
      g->log_sum += log(ratio);
      g->at_least_one += ratio >= 1.0;
      g->below_floor += ratio < 0.7;
      break;
    }
  }
  if (!count)
    return;
  printf("\n   the vendor's time over litdnn's, per shape (above 1: litdnn is faster)\n");
  printf("   %-40s %6s %8s %6s %6s  %s\n", "op (family)", "shapes", "geomean", ">= 1", "< 0.7", "lowest");
  for (int i = 0; i < count; i++) {
    const bench_group *g = &groups[i];
    char name[140];
    snprintf(name, sizeof name, g->family[0] ? "%s (%s)" : "%s%s", g->op, g->family);
    printf("   %-40s %6d %8.3f %6d %6d  %.3f %s\n", name, g->n, exp(g->log_sum / g->n), g->at_least_one,
           g->below_floor, g->lowest, g->lowest_shape);
  }
}
#line 562 "chapters/90-measuring.nw"
/* one line of a shape file into *s; 0 if it is no layer */
static int conv_shape_line(const char *c, int batch, bench_conv_shape *s)
{
  int f[16] = {1, 2, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0}; /* g mb ic ih iw oc oh ow kh kw sh sw ph pw dh dw */
  static const char *keys[16] = {"g", "mb", "ic", "ih", "iw", "oc", "oh", "ow",
                                 "kh", "kw", "sh", "sw", "ph", "pw", "dh", "dw"};
  int given[16] = {0};
  memset(s, 0, sizeof *s);
  s->repeat = 1;
  while (*c && *c != '\n') {
    char key[3] = {0, 0, 0};
    int n = 0;
    if (*c == '_') {                             /* some files group the fields: mb32_g1ic3oc32_ih224... */
      c++;
      continue;
    }
    while (*c >= 'a' && *c <= 'z' && n < 2)
      key[n++] = *c++;
    if (!strcmp(key, "n") && *c == '"') {        /* the name ends the line */
      const char *end = strchr(c + 1, '"');
      int len = end ? (int)(end - c - 1) : 0;
      snprintf(s->name, sizeof s->name, "%.*s", len, c + 1);
      char *star = strchr(s->name, '*');
      if (star) {
        s->repeat = atoi(star + 1) > 0 ? atoi(star + 1) : 1;
        *star = '\0';
      }
      break;
    }
    if (!n || *c < '0' || *c > '9')
      break;
    char *after;
    int value = (int)strtol(c, &after, 10);
    c = after;
    for (int i = 0; i < 16; i++)
      if (!strcmp(key, keys[i]))
        f[i] = value, given[i] = 1;
  }
  if (f[2] <= 0 || f[3] <= 0 || f[5] <= 0)
    return 0;
  s->g = f[0], s->n = batch > 0 ? batch : f[1], s->c = f[2], s->h = f[3];
  s->w = given[4] ? f[4] : f[3];
  s->k = f[5], s->r = f[8], s->s = given[9] ? f[9] : f[8];
  s->u = f[10], s->v = given[11] ? f[11] : f[10];
  s->ph = f[12], s->pw = given[13] ? f[13] : f[12];
  s->dh = f[14] + 1, s->dw = (given[15] ? f[15] : f[14]) + 1;
  s->p = given[6] ? f[6] : (s->h + 2 * s->ph - (s->r - 1) * s->dh - 1) / s->u + 1;
  s->q = given[7] ? f[7] : (s->w + 2 * s->pw - (s->s - 1) * s->dw - 1) / s->v + 1;
  return 1;
}

int bench_read_conv_shapes(const char *path, int batch, bench_conv_shape *out, int max)
{
  FILE *f = fopen(path, "r");
  char line[512];
  int count = 0;
  if (!f)
    return -1;
  while (count < max && fgets(line, sizeof line, f)) {
    const char *c = line + strspn(line, " \t");
    if (*c != '#' && conv_shape_line(c, batch, &out[count]))
      count++;
  }
  fclose(f);
  return count;
}
