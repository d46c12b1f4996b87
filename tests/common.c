#include "common.h"
#include <criterion/hooks.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* ---- randomness: xorshift64*, seeded once per process ---- */
static uint64_t seed_value, rng_state;
static int seeded;

uint64_t t_seed(void)
{
  if (!seeded) {
    const char *env = getenv("LITDNN_TEST_SEED");
    if (env && *env)
      seed_value = strtoull(env, NULL, 0);
    else {
      struct timespec ts;
      clock_gettime(CLOCK_REALTIME, &ts);
      seed_value = ((uint64_t)ts.tv_sec * 1000003u) ^ (uint64_t)ts.tv_nsec ^ ((uint64_t)getpid() << 32);
      seed_value %= 1000000007u;
    }
    rng_state = seed_value * 0x9E3779B97F4A7C15ull + 1;
    seeded = 1;
  }
  return seed_value;
}

void t_reseed(uint64_t seed)
{
  t_seed();
  rng_state = seed * 0x9E3779B97F4A7C15ull + 1;
}

uint32_t t_rand_u32(void)
{
  t_seed();
  rng_state ^= rng_state >> 12;
  rng_state ^= rng_state << 25;
  rng_state ^= rng_state >> 27;
  return (uint32_t)((rng_state * 0x2545F4914F6CDD1Dull) >> 32);
}

float t_uniform(float lo, float hi)
{
  return lo + (hi - lo) * (float)((t_rand_u32() >> 8) * (1.0 / 16777216.0));
}

int t_rand_int(int lo, int hi)
{
  return lo + (int)(t_rand_u32() % (uint32_t)(hi - lo + 1));
}

void t_fill(float *a, size_t n, float lo, float hi)
{
  for (size_t i = 0; i < n; i++)
    a[i] = t_uniform(lo, hi);
}

float *t_random(size_t n, float lo, float hi)
{
  float *a = malloc((n ? n : 1) * sizeof *a);
  cr_assert(a != NULL, "out of host memory");
  t_fill(a, n, lo, hi);
  return a;
}

void t_poison(float *a, size_t n)
{
  for (size_t i = 0; i < n; i++)
    a[i] = NAN;
}

/* ---- backends ---- */
int t_have_gpu(void)
{
  return litdnnBackendAvailable(LITDNN_BACKEND_CUDA);
}

int t_backends(litdnnBackend_t out[LITDNN_BACKEND_COUNT])
{
  static const litdnnBackend_t all[] = {LITDNN_BACKEND_CPU, LITDNN_BACKEND_EMU, LITDNN_BACKEND_CUDA};
  const char *env = getenv("LITDNN_TEST_BACKENDS");
  int n = 0;
  for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
    const char *name = litdnnGetBackendName(all[i]);
    int wanted;
    if (env && *env) {
      char list[128];
      snprintf(list, sizeof list, ",%s,", env);
      char key[16];
      snprintf(key, sizeof key, ",%s,", name);
      wanted = strstr(list, key) != NULL;
    } else {
      wanted = litdnnBackendAvailable(all[i]);
    }
    if (wanted && litdnnBackendAvailable(all[i]))
      out[n++] = all[i];
  }
  return n;
}

litdnnHandle_t t_handle(litdnnBackend_t backend)
{
  litdnnHandle_t h = NULL;
  litdnnStatus_t s = litdnnCreateWithBackend(&h, backend);
  cr_assert(s == LITDNN_STATUS_SUCCESS, "litdnnCreateWithBackend(%s): %s: %s",
            litdnnGetBackendName(backend), litdnnGetErrorString(s), litdnnGetLastErrorString());
  return h;
}

int t_runs(litdnnOp_t op, t_run *runs, int max)
{
  litdnnBackend_t backends[LITDNN_BACKEND_COUNT];
  int nb = t_backends(backends), count = 0, n = 0;
  cr_assert(litdnnGetStageCount(op, &count) == LITDNN_STATUS_SUCCESS, "op %d has no stage table", op);
  for (int b = 0; b < nb; b++)
    for (int s = 0; s < count; s++) {
      const char *name;
      unsigned mask;
      litdnnGetStageInfo(op, s, &name, NULL, &mask);
      if (mask & LITDNN_BACKEND_BIT(backends[b])) {
        cr_assert(n < max, "%s has more than %d (backend, stage) pairs: raise the caller's bound",
                  litdnnGetOpName(op), max);
        runs[n].backend = backends[b];
        runs[n].stage = s;
        runs[n].name = name;
        n++;
      }
    }
  return n;
}

/* ---- one case per (op, stage, backend, problem) ---- */
static void free_cases(struct criterion_test_params *params)
{
  cr_free(params->params);
}

/* LITDNN_TEST_SUBSET=k keeps one problem in k for each (stage, backend),
   a different one for each stage, so that every stage still runs on every
   backend and every problem still runs somewhere. The sanitizer builds,
   many times slower, use it (make test SANITIZE=1). */
static int t_subset(int problems)
{
  const char *env = getenv("LITDNN_TEST_SUBSET");
  int k = env ? atoi(env) : 1;
  if (k > problems)
    k = problems;
  return k > 1 ? k : 1;
}

/* LITDNN_TEST_STAGES="name,name" keeps only the cases of the stages so
   named ("automatic" for the handle's choice), in every suite: a sanitizer
   run over one kernel's stage instead of a whole suite, which would not fit
   the time. Unset, every stage runs. */
static int t_stage_wanted(litdnnOp_t op, int stage)
{
  const char *list = getenv("LITDNN_TEST_STAGES");
  const char *name = "automatic";
  if (!list || !*list)
    return 1;
  if (stage != LITDNN_STAGE_AUTOMATIC)
    litdnnGetStageInfo(op, stage, &name, NULL, NULL);
  size_t len = strlen(name);
  for (const char *p = list; *p;) {
    const char *end = strchr(p, ',');
    size_t n = end ? (size_t)(end - p) : strlen(p);
    if (n == len && strncmp(p, name, n) == 0)
      return 1;
    p += n + (end != NULL);
  }
  return 0;
}

/* LITDNN_TEST_PART=i/k keeps cases i, i + k, i + 2k, ... of each
   parameterized function's list, so that the k runs i = 0 .. k-1 run every
   case once between them: mk/gpu-run.sh cuts a function that a sanitizer
   cannot finish within one command this way. A malformed value stops the
   binary as it lists a function's cases, rather than run a part nobody
   asked for. */
static int t_part(t_case *cases, int n)
{
  const char *env = getenv("LITDNN_TEST_PART");
  int i = 0, k = 1, end = 0, kept = 0;
  if (!env || !*env)
    return n;
  if (sscanf(env, "%d/%d%n", &i, &k, &end) != 2 || env[end] != '\0' || k < 1 || i < 0 || i >= k) {
    fprintf(stderr, "LITDNN_TEST_PART='%s': expected i/k with 0 <= i < k, e.g. 0/4\n", env);
    exit(2);
  }
  for (int c = 0; c < n; c++)
    if (c % k == i)
      cases[kept++] = cases[c];
  return kept;
}

size_t t_case_room(litdnnOp_t op, int problems)
{
  int count = 0;
  litdnnGetStageCount(op, &count);
  return (size_t)(count + 1) * 3 * (size_t)(problems > 0 ? problems : 1);
}

int t_case_list(litdnnOp_t op, int problems, unsigned backends, int (*keep)(litdnnOp_t op, int stage),
                t_case *cases)
{
  int k = t_subset(problems);
  static const litdnnBackend_t order[] = {LITDNN_BACKEND_CPU, LITDNN_BACKEND_EMU, LITDNN_BACKEND_CUDA};
  int count = 0, n = 0;
  litdnnGetStageCount(op, &count);
  unsigned any = 0;
  for (int s = 0; s < count; s++) {
    unsigned mask = 0;
    litdnnGetStageInfo(op, s, NULL, NULL, &mask);
    mask &= backends;
    any |= mask;
    if ((keep && !keep(op, s)) || !t_stage_wanted(op, s))
      continue;
    for (size_t b = 0; b < sizeof order / sizeof order[0]; b++)
      if (mask & LITDNN_BACKEND_BIT(order[b]))
        for (int p = 0; p < problems; p++)
          if (p % k == (s + (int)b) % k)
            cases[n++] = (t_case){.op = op, .stage = s, .backend = order[b], .problem = p};
  }
  /* and the stage the handle chooses, on every backend */
  if ((!keep || keep(op, LITDNN_STAGE_AUTOMATIC)) && t_stage_wanted(op, LITDNN_STAGE_AUTOMATIC))
    for (size_t b = 0; b < sizeof order / sizeof order[0]; b++)
      if (any & LITDNN_BACKEND_BIT(order[b]))
        for (int p = 0; p < problems; p++)
          if (p % k == (count + (int)b) % k)
            cases[n++] = (t_case){.op = op, .stage = LITDNN_STAGE_AUTOMATIC, .backend = order[b], .problem = p};
  return t_part(cases, n);
}

struct criterion_test_params t_cases_on(litdnnOp_t op, int problems, unsigned backends,
                                        int (*keep)(litdnnOp_t op, int stage))
{
  t_case *cases = cr_malloc(t_case_room(op, problems) * sizeof *cases);
  int n = t_case_list(op, problems, backends, keep, cases);
  return cr_make_param_array(t_case, cases, (size_t)n, free_cases);
}

struct criterion_test_params t_cases_if(litdnnOp_t op, int problems, int (*keep)(litdnnOp_t op, int stage))
{
  return t_cases_on(op, problems, ~0u, keep);
}

struct criterion_test_params t_cases(litdnnOp_t op, int problems)
{
  return t_cases_on(op, problems, ~0u, NULL);
}

const char *t_case_stage(const t_case *c)
{
  const char *name = "?";
  if (c->stage == LITDNN_STAGE_AUTOMATIC)
    return "automatic";
  litdnnGetStageInfo((litdnnOp_t)c->op, c->stage, &name, NULL, NULL);
  return name;
}

unsigned t_case_flags(const t_case *c)
{
  unsigned flags = 0;
  if (c->stage != LITDNN_STAGE_AUTOMATIC)
    litdnnGetStageFlags((litdnnOp_t)c->op, c->stage, &flags);
  return flags;
}

const char *t_case_name(const t_case *c)
{
  static char name[256];
  if (c->stage == LITDNN_STAGE_AUTOMATIC)
    snprintf(name, sizeof name, "%s, the stage the handle chooses, on %s, problem %d",
             litdnnGetOpName((litdnnOp_t)c->op), litdnnGetBackendName((litdnnBackend_t)c->backend), c->problem);
  else
    snprintf(name, sizeof name, "%s stage %d '%s' on %s, problem %d", litdnnGetOpName((litdnnOp_t)c->op),
             c->stage, t_case_stage(c), litdnnGetBackendName((litdnnBackend_t)c->backend), c->problem);
  return name;
}

void t_require_backend(litdnnBackend_t backend, const char *what)
{
  litdnnBackend_t wanted[LITDNN_BACKEND_COUNT];
  int n = t_backends(wanted), here = 0;
  for (int i = 0; i < n; i++)
    here |= wanted[i] == backend;
  if (here)
    return;
  const char *env = getenv("LITDNN_TEST_BACKENDS");
  if (env && *env && litdnnBackendAvailable(backend))
    cr_skip_test("LITDNN_TEST_BACKENDS=%s leaves out %s; %s", env, litdnnGetBackendName(backend), what);
  cr_skip_test("no %s device; %s", backend == LITDNN_BACKEND_CUDA ? "CUDA" : litdnnGetBackendName(backend), what);
}

void t_case_require_backend(const t_case *c)
{
  t_require_backend((litdnnBackend_t)c->backend, t_case_name(c));
}

litdnnHandle_t t_case_handle(const t_case *c)
{
  t_case_require_backend(c);
  litdnnHandle_t h = t_handle((litdnnBackend_t)c->backend);
  if (c->stage == LITDNN_STAGE_AUTOMATIC)
    return h;
  litdnnStatus_t s = litdnnSetStage(h, (litdnnOp_t)c->op, c->stage);
  cr_assert(s == LITDNN_STATUS_SUCCESS, "%s: litdnnSetStage: %s", t_case_name(c), litdnnGetLastErrorString());
  return h;
}

void t_case_status(const t_case *c, litdnnStatus_t s, int must_run)
{
  if (s == LITDNN_STATUS_SUCCESS)
    return;
  char msg[512];
  snprintf(msg, sizeof msg, "%s", litdnnGetLastErrorString());
  const char *why = strstr(msg, "does not apply: ");
  if (s == LITDNN_STATUS_NOT_SUPPORTED && why && !must_run)
    cr_skip_test("the stage %s; %s", why, t_case_name(c));
  cr_assert_fail("%s: %s: %s%s", t_case_name(c), litdnnGetErrorString(s), msg,
                 why && must_run ? " (this problem is one the stage must run)" : "");
}

/* After the run, before the synthesis line: how many cases were skipped,
   and why, grouped by reason (the text before the first ';'). */
ReportHook(POST_ALL)(struct criterion_global_stats *stats)
{
  enum { MAX_REASONS = 64 };
  struct { char reason[200]; size_t count; } reasons[MAX_REASONS];
  size_t kinds = 0, skipped = 0, other = 0;
  for (struct criterion_suite_stats *su = stats->suites; su; su = su->next)
    for (struct criterion_test_stats *t = su->tests; t; t = t->next) {
      /* a test left out by --filter is skipped with no message */
      if (t->test_status != CR_STATUS_SKIPPED || !t->message)
        continue;
      skipped++;
      const char *m = t->message;
      size_t len = strcspn(m, ";\n");
      if (len >= sizeof reasons[0].reason)
        len = sizeof reasons[0].reason - 1;
      size_t k = 0;
      while (k < kinds && (strlen(reasons[k].reason) != len || strncmp(reasons[k].reason, m, len)))
        k++;
      if (k == kinds) {
        if (kinds == MAX_REASONS) {
          other++;
          continue;
        }
        memcpy(reasons[k].reason, m, len);
        reasons[k].reason[len] = 0;
        reasons[k].count = 0;
        kinds++;
      }
      reasons[k].count++;
    }
  if (!skipped)
    return;
  fprintf(stderr, "[SKIP] %zu cases skipped:\n", skipped);
  for (size_t k = 0; k < kinds; k++)
    fprintf(stderr, "[SKIP] %6zu  %s\n", reasons[k].count, reasons[k].reason);
  if (other)
    fprintf(stderr, "[SKIP] %6zu  for other reasons\n", other);
}

/* ---- device buffers ---- */
void *t_dev_alloc(litdnnHandle_t h, size_t bytes)
{
  void *d = NULL;
  litdnnStatus_t s = litdnnMalloc(h, &d, bytes);
  cr_assert(s == LITDNN_STATUS_SUCCESS, "litdnnMalloc(%zu): %s", bytes, litdnnGetLastErrorString());
  return d;
}

void *t_dev_from_host(litdnnHandle_t h, const float *host, size_t n)
{
  void *d = t_dev_alloc(h, n * sizeof(float));
  litdnnStatus_t s = litdnnMemcpy(h, d, host, n * sizeof(float), LITDNN_MEMCPY_HOST_TO_DEVICE);
  cr_assert(s == LITDNN_STATUS_SUCCESS, "litdnnMemcpy: %s", litdnnGetLastErrorString());
  return d;
}

void *t_dev_poisoned(litdnnHandle_t h, size_t n)
{
  float *nan = malloc((n ? n : 1) * sizeof *nan);
  t_poison(nan, n);
  void *d = t_dev_from_host(h, nan, n);
  free(nan);
  return d;
}

void t_dev_to_host(litdnnHandle_t h, float *host, const void *dev, size_t n)
{
  litdnnStatus_t s = litdnnMemcpy(h, host, dev, n * sizeof(float), LITDNN_MEMCPY_DEVICE_TO_HOST);
  cr_assert(s == LITDNN_STATUS_SUCCESS, "litdnnMemcpy: %s", litdnnGetLastErrorString());
}

float *t_dev_fetch(litdnnHandle_t h, const void *dev, size_t n)
{
  float *host = malloc((n ? n : 1) * sizeof *host);
  t_dev_to_host(h, host, dev, n);
  return host;
}

void t_dev_free(litdnnHandle_t h, void *dev)
{
  litdnnFree(h, dev);
}

/* ---- comparison ---- */
double t_rel_error(const float *got, const double *ref, size_t n)
{
  double diff = 0, norm = 0;
  for (size_t i = 0; i < n; i++) {
    if (isnan(got[i]) != isnan(ref[i]))
      return INFINITY;
    if (isnan(ref[i]) || isinf(ref[i]))
      continue;
    double d = (double)got[i] - ref[i];
    diff += d * d;
    norm += ref[i] * ref[i];
  }
  return norm > 0 ? sqrt(diff / norm) : sqrt(diff);
}

static void assert_close(const float *got, const double *ref, size_t n, double rtol, double atol,
                         const char *what)
{
  size_t bad = 0, first = 0;
  for (size_t i = 0; i < n; i++) {
    int ok = (isnan(ref[i]) && isnan(got[i])) || fabs((double)got[i] - ref[i]) <= atol + rtol * fabs(ref[i]);
    if (!ok && bad++ == 0)
      first = i;
  }
  if (bad)
    cr_assert_fail("%s: %zu of %zu elements differ; first at index %zu: got %.9g, expected %.9g "
            "(rtol %.1e, atol %.1e); relative error %.3e; seed %llu (LITDNN_TEST_SEED=%llu repeats it)",
            what, bad, n, first, got[first], ref[first], rtol, atol, t_rel_error(got, ref, n),
            (unsigned long long)t_seed(), (unsigned long long)t_seed());
}

void t_assert_close(const float *got, const double *ref, size_t n, double rtol, double atol,
                    const char *what)
{
  assert_close(got, ref, n, rtol, atol, what);
}

void t_assert_close_f(const float *got, const float *ref, size_t n, double rtol, double atol,
                      const char *what)
{
  double *r = malloc((n ? n : 1) * sizeof *r);
  for (size_t i = 0; i < n; i++)
    r[i] = ref[i];
  assert_close(got, r, n, rtol, atol, what);
  free(r);
}

void t_assert_status(litdnnStatus_t got, litdnnStatus_t expected, const char *needle,
                     const char *what)
{
  cr_assert(got == expected, "%s: returned %s, expected %s (message: %s)", what,
            litdnnGetErrorString(got), litdnnGetErrorString(expected), litdnnGetLastErrorString());
  if (needle)
    cr_assert(strstr(litdnnGetLastErrorString(), needle) != NULL,
              "%s: message '%s' does not mention '%s'", what, litdnnGetLastErrorString(), needle);
}
