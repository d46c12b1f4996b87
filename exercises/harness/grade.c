/* The test harness of the graded exercises: see grade.h. */
#include "grade.h"
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#ifdef GRADE_ON_GPU
#include <cuda_runtime.h>
#endif

/* ---- the registry ---- */
#define G_MAX_TESTS 64
static struct { const char *name; g_test_fn fn; } tests[G_MAX_TESTS];
static int test_count;
static char current_case[256];

void g_register(const char *name, g_test_fn fn)
{
  if (test_count < G_MAX_TESTS) {
    tests[test_count].name = name;
    tests[test_count].fn = fn;
    test_count++;
  }
}

/* ---- reporting ---- */
void g_case(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(current_case, sizeof current_case, fmt, ap);
  va_end(ap);
  printf("case: %s\n", current_case);
  fflush(stdout);
}

void g_note(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  vprintf(fmt, ap);
  va_end(ap);
  putchar('\n');
  fflush(stdout);
}

void g_fail(const char *fmt, ...)
{
  char why[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(why, sizeof why, fmt, ap);
  va_end(ap);
  printf("GRADE: FAIL %s%s%s (seed %llu: repeat with LITDNN_TEST_SEED=%llu)\n", why,
         current_case[0] ? " in case " : "", current_case, (unsigned long long)g_seed(),
         (unsigned long long)g_seed());
  fflush(stdout);
  fflush(stderr);
  _exit(1);
}

void g_perf(double fraction, const char *fmt, ...)
{
  char what[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(what, sizeof what, fmt, ap);
  va_end(ap);
  if (fraction < 0)
    fraction = 0;
  if (fraction > 1)
    fraction = 1;
  printf("GRADE: PERF %.4f %s\n", fraction, what);
  fflush(stdout);
  exit(0);
}

/* ---- randomness: xorshift64*, seeded from LITDNN_TEST_SEED or the clock ---- */
static uint64_t seed_value, rng_state;
static int seeded;

uint64_t g_seed(void)
{
  if (!seeded) {
    const char *env = getenv("LITDNN_TEST_SEED");
    if (env && *env)
      seed_value = strtoull(env, NULL, 0);
    else
      seed_value = ((uint64_t)time(NULL) ^ ((uint64_t)getpid() << 16)) % 1000000007u;
    rng_state = seed_value * 0x9E3779B97F4A7C15ull + 1;
    seeded = 1;
  }
  return seed_value;
}

static uint32_t next_u32(void)
{
  g_seed();
  rng_state ^= rng_state >> 12;
  rng_state ^= rng_state << 25;
  rng_state ^= rng_state >> 27;
  return (uint32_t)((rng_state * 0x2545F4914F6CDD1Dull) >> 32);
}

float g_uniform(float lo, float hi)
{
  return lo + (hi - lo) * (float)((next_u32() >> 8) * (1.0 / 16777216.0));
}

int g_rand_int(int lo, int hi)
{
  return lo + (int)(next_u32() % (uint32_t)(hi - lo + 1));
}

float *g_random(size_t n, float lo, float hi)
{
  float *a = malloc((n ? n : 1) * sizeof *a);
  if (!a)
    g_fail("out of host memory");
  for (size_t i = 0; i < n; i++)
    a[i] = g_uniform(lo, hi);
  return a;
}

/* ---- the library and device memory ---- */
int g_on_gpu(void)
{
#ifdef GRADE_ON_GPU
  return 1;
#else
  return 0;
#endif
}

static litdnnHandle_t handle;

litdnnHandle_t g_handle(void)
{
  if (!handle) {
    litdnnBackend_t b = g_on_gpu() ? LITDNN_BACKEND_CUDA : LITDNN_BACKEND_EMU;
    litdnnStatus_t s = litdnnCreateWithBackend(&handle, b);
    if (s != LITDNN_STATUS_SUCCESS)
      g_fail("cannot create a handle on the %s backend: %s", litdnnGetBackendName(b),
             litdnnGetLastErrorString());
  }
  return handle;
}

void g_check_status(litdnnStatus_t status, const char *call)
{
  if (status != LITDNN_STATUS_SUCCESS)
    g_fail("%s returned %s (%d): %s", call, litdnnGetErrorString(status), (int)status,
           litdnnGetLastErrorString());
}

/* The guard zone: this many floats with a bit pattern no kernel computes. */
#define GUARD 256
static const uint32_t guard_bits = 0x7fc0dead;   /* a NaN with a recognisable payload */
/* Outputs start as a signalling NaN with a payload of their own: a kernel
   that never writes an element leaves these bits; arithmetic on them (an
   element read before it is written) gives the quiet NaN with the same
   payload on a CPU. The emulator fills shared memory with bytes 0xff, a
   NaN whose payload is all ones. */
static const uint32_t output_poison = 0x7f80beef, output_poison_quiet = 0x7fc0beef,
                      shared_poison = 0x7fffffff;

static size_t guarded(size_t n) { return g_on_gpu() ? n + GUARD : n; }

void *g_dev_upload(const float *host, size_t n)
{
  void *dev = g_dev_output(n);
  g_check_status(litdnnMemcpy(g_handle(), dev, host, n * sizeof(float), LITDNN_MEMCPY_HOST_TO_DEVICE),
                 "litdnnMemcpy");
  return dev;
}

void *g_dev_output(size_t n)
{
  size_t total = guarded(n);
  float *host = malloc((total ? total : 1) * sizeof *host);
  void *dev = NULL;
  if (!host)
    g_fail("out of host memory");
  for (size_t i = 0; i < n; i++)
    memcpy(&host[i], &output_poison, sizeof output_poison);
  for (size_t i = n; i < total; i++)
    memcpy(&host[i], &guard_bits, sizeof guard_bits);
  g_check_status(litdnnMalloc(g_handle(), &dev, (total ? total : 1) * sizeof(float)), "litdnnMalloc");
  g_check_status(litdnnMemcpy(g_handle(), dev, host, total * sizeof(float), LITDNN_MEMCPY_HOST_TO_DEVICE),
                 "litdnnMemcpy");
  free(host);
  return dev;
}

void g_dev_download(float *host, const void *dev, size_t n)
{
  g_check_status(litdnnSynchronize(g_handle()), "litdnnSynchronize (after the kernel)");
  g_check_status(litdnnMemcpy(g_handle(), host, dev, n * sizeof(float), LITDNN_MEMCPY_DEVICE_TO_HOST),
                 "litdnnMemcpy");
}

float *g_dev_fetch(const void *dev, size_t n)
{
  float *host = malloc((n ? n : 1) * sizeof *host);
  if (!host)
    g_fail("out of host memory");
  g_dev_download(host, dev, n);
  return host;
}

void g_dev_check_guard(const void *dev, size_t n, const char *what)
{
  if (!g_on_gpu())
    return;
  float *all = g_dev_fetch(dev, n + GUARD);
  for (size_t i = n; i < n + GUARD; i++) {
    uint32_t bits;
    memcpy(&bits, &all[i], sizeof bits);
    if (bits != guard_bits) {
      free(all);
      g_fail("out-of-bounds write: the kernel wrote %s[%zu], %zu elements past the end of %s "
             "(it has %zu elements): a missing bounds check?",
             what, i, i - n + 1, what, n);
    }
  }
  free(all);
}

void g_dev_free(void *dev)
{
  if (dev)
    litdnnFree(g_handle(), dev);
}

/* ---- comparison ---- */
/* Where a NaN in an output came from, told by its bits (sign aside). */
static const char *nan_origin(float g)
{
  uint32_t bits;
  memcpy(&bits, &g, sizeof bits);
  if (bits == output_poison)
    return "never written: it still holds the NaN the output started with";
  bits &= 0x7fffffffu;
  if (bits == output_poison_quiet)
    return "computed from the output's own starting value: the kernel read this element "
           "before writing it (with beta = 0 the output must not be read)";
  if (!g_on_gpu() && bits == shared_poison)
    return "read from shared memory that no thread had written yet (the emulator fills "
           "shared memory with NaN when a block starts): a missing __syncthreads()?";
  return "a NaN the kernel computed";
}

static void format_index(char *out, size_t size, size_t i, const int *dims, int ndims)
{
  if (ndims <= 1) {
    snprintf(out, size, "[%zu]", i);
    return;
  }
  int idx[8];
  for (int d = ndims - 1; d >= 0; d--) {
    idx[d] = (int)(i % (size_t)dims[d]);
    i /= (size_t)dims[d];
  }
  size_t len = 0;
  for (int d = 0; d < ndims && len < size; d++)
    len += (size_t)snprintf(out + len, size - len, "%s%d", d ? "," : "[", idx[d]);
  if (len < size)
    snprintf(out + len, size - len, "]");
}

void g_compare(const char *what, const float *got, const double *ref, size_t n,
               const int *dims, int ndims, double rtol, double atol)
{
  size_t bad = 0, shown = 0;
  double num = 0, den = 0;
  char lines[5][400];
  for (size_t i = 0; i < n; i++) {
    double g = got[i], r = ref[i];
    int ok = isnan(r) ? isnan(g) : (!isnan(g) && fabs(g - r) <= atol + rtol * fabs(r));
    if (isfinite(g) && isfinite(r)) {
      num += (g - r) * (g - r);
      den += r * r;
    }
    if (!ok) {
      if (shown < 5) {
        char index[96];
        format_index(index, sizeof index, i, dims, ndims);
        snprintf(lines[shown], sizeof lines[shown], "  %s%s = %.7g, expected %.7g%s%s%s", what, index, g, r,
                 isnan(got[i]) ? " (" : "", isnan(got[i]) ? nan_origin(got[i]) : "", isnan(got[i]) ? ")" : "");
        shown++;
      }
      bad++;
    }
  }
  if (bad == 0)
    return;
  char shape[96] = "";
  size_t len = 0;
  for (int d = 0; d < ndims; d++)
    len += (size_t)snprintf(shape + len, sizeof shape - len, "%s%d", d ? "x" : "", dims[d]);
  printf("%s (%s): %zu of %zu elements are wrong; the first %zu:\n", what, shape, bad, n, shown);
  for (size_t k = 0; k < shown; k++)
    printf("%s\n", lines[k]);
  char index[96];
  size_t first = 0;
  for (size_t i = 0; i < n; i++) {
    double g = got[i], r = ref[i];
    int ok = isnan(r) ? isnan(g) : (!isnan(g) && fabs(g - r) <= atol + rtol * fabs(r));
    if (!ok) {
      first = i;
      break;
    }
  }
  format_index(index, sizeof index, first, dims, ndims);
  char error[64] = "", origin[300] = "";
  if (den > 0 && !isnan(got[first]))
    snprintf(error, sizeof error, ", relative error %.3g", sqrt(num / den));
  if (isnan(got[first]))
    snprintf(origin, sizeof origin, ", %s", nan_origin(got[first]));
  g_fail("wrong result: %s%s = %.7g, expected %.7g%s (%zu of %zu elements wrong%s)", what, index,
         (double)got[first], ref[first], origin, bad, n, error);
}

/* ---- timing ---- */
#ifdef GRADE_ON_GPU
static int cmp_double(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

double g_time_ms(void (*fn)(void *ctx), void *ctx, int reps)
{
  cudaEvent_t start, stop;
  double *ms = malloc((size_t)reps * sizeof *ms);
  cudaStream_t stream = NULL;
  litdnnGetStream(g_handle(), (litdnnStream_t *)&stream);
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  for (int i = 0; i < 3; i++)
    fn(ctx);
  for (int i = 0; i < reps; i++) {
    float t = 0;
    cudaEventRecord(start, stream);
    fn(ctx);
    cudaEventRecord(stop, stream);
    cudaEventSynchronize(stop);
    cudaEventElapsedTime(&t, start, stop);
    ms[i] = t;
  }
  qsort(ms, (size_t)reps, sizeof *ms, cmp_double);
  double median = ms[reps / 2];
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  free(ms);
  if (cudaGetLastError() != cudaSuccess)
    g_fail("a CUDA call failed while timing");
  return median;
}

typedef struct { void *dst; const void *src; size_t bytes; cudaStream_t stream; } copy_job;
static void copy_once(void *ctx)
{
  copy_job *c = (copy_job *)ctx;
  cudaMemcpyAsync(c->dst, c->src, c->bytes, cudaMemcpyDeviceToDevice, c->stream);
}

double g_copy_gbps(size_t bytes)
{
  copy_job c;
  c.bytes = bytes;
  c.stream = NULL;
  litdnnGetStream(g_handle(), (litdnnStream_t *)&c.stream);
  if (cudaMalloc(&c.dst, bytes) != cudaSuccess || cudaMalloc((void **)&c.src, bytes) != cudaSuccess)
    g_fail("cannot allocate %zu bytes for the copy measurement", bytes);
  double ms = g_time_ms(copy_once, &c, 20);
  cudaFree(c.dst);
  cudaFree((void *)c.src);
  return 2.0 * (double)bytes / (ms * 1e6);
}
#else
double g_time_ms(void (*fn)(void *ctx), void *ctx, int reps)
{
  (void)fn, (void)ctx, (void)reps;
  g_fail("timing needs a GPU");
}

double g_copy_gbps(size_t bytes)
{
  (void)bytes;
  g_fail("timing needs a GPU");
}
#endif

/* ---- main: `prog --list` or `prog TEST` ---- */
int main(int argc, char **argv)
{
  setvbuf(stdout, NULL, _IOLBF, 0);
  if (argc == 2 && strcmp(argv[1], "--list") == 0) {
    for (int i = 0; i < test_count; i++)
      printf("%s\n", tests[i].name);
    return 0;
  }
  if (argc != 2) {
    fprintf(stderr, "usage: %s --list | %s TEST\n", argv[0], argv[0]);
    return 2;
  }
  for (int i = 0; i < test_count; i++)
    if (strcmp(argv[1], tests[i].name) == 0) {
      printf("seed %llu, %s\n", (unsigned long long)g_seed(),
             g_on_gpu() ? "on the GPU" : "through the emulator");
      tests[i].fn();
      if (handle)
        litdnnDestroy(handle);
      printf("GRADE: PASS\n");
      return 0;
    }
  fprintf(stderr, "%s: no test named '%s'\n", argv[0], argv[1]);
  return 2;
}
