/* Tests of exercise 01-shared-histogram (points and time limits: exercise.conf). */
#include <stdlib.h>
#include <string.h>
#include "grade.h"
#include "exercise.h"

/* n bytes on the device, exactly n (the memory check catches a read past
   the end). */
static void *upload_bytes(const unsigned char *host, int64_t n)
{
  void *dev = NULL;
  g_check_status(litdnnMalloc(g_handle(), &dev, n ? (size_t)n : 1), "litdnnMalloc");
  if (n)
    g_check_status(litdnnMemcpy(g_handle(), dev, host, (size_t)n, LITDNN_MEMCPY_HOST_TO_DEVICE),
                   "litdnnMemcpy");
  return dev;
}

/* Histogram n bytes drawn from [lo, hi] and compare the 256 counts with a
   count on the host. hist starts as NaN (a count never written reads as
   NaN); counts are exact integers, so they must match exactly. */
static void check_histogram(int64_t n, int lo, int hi)
{
  g_case("n=%lld bytes in [%d, %d]", (long long)n, lo, hi);
  unsigned char *x = malloc(n ? (size_t)n : 1);
  double ref[HIST_BINS] = {0};
  for (int64_t i = 0; i < n; i++) {
    x[i] = (unsigned char)g_rand_int(lo, hi);
    ref[x[i]] += 1;
  }
  void *dx = upload_bytes(x, n), *dh = g_dev_output(HIST_BINS);
  g_check_status(exercise_histogram(g_handle(), (const unsigned char *)dx, n, (unsigned *)dh),
                 "exercise_histogram");
  float *raw = g_dev_fetch(dh, HIST_BINS), got[HIST_BINS];
  for (int b = 0; b < HIST_BINS; b++) {
    uint32_t bits;
    memcpy(&bits, &raw[b], sizeof bits);
    got[b] = bits == 0x7fc00000u ? raw[b] : (float)bits;   /* the poison stays NaN */
  }
  int dims[1] = {HIST_BINS};
  g_compare("hist", got, ref, HIST_BINS, dims, 1, 0, 0.5);
  g_dev_check_guard(dh, HIST_BINS, "hist");
  g_dev_free(dx);
  g_dev_free(dh);
  free(x);
  free(raw);
}

/* One block (256 threads); every bin of a block is zeroed and merged by
   one thread. */
G_TEST(one_block)
{
  check_histogram(1, 0, 255);
  check_histogram(100, 0, 255);
  check_histogram(256, 0, 255);
}

/* Many blocks, sizes that are not multiples of 256; every byte the same
   (all threads hit one bin); more bytes than the grid's 512 x 256 threads. */
G_TEST(many_blocks)
{
  check_histogram(1000, 0, 255);
  check_histogram(g_rand_int(257, 50000), 0, 255);
  check_histogram(65537, 200, 200);
  check_histogram(300007, 0, 255);
}

/* The race-check build: right, and no two threads update a shared bin
   without an atomic or a barrier between them. Few distinct bytes, so the
   threads of a block collide on the same bins. */
G_TEST(race)
{
  check_histogram(5000, 0, 15);
  check_histogram(777, 0, 255);
}

/* On a GPU only: 256 Mi random bytes, each read once; full points at 10%
   of the measured copy bandwidth, none below 1%. */
typedef struct { const unsigned char *x; unsigned *hist; int64_t n; } perf_job;
static void run_once(void *ctx)
{
  perf_job *p = (perf_job *)ctx;
  exercise_histogram(g_handle(), p->x, p->n, p->hist);
}

G_TEST(bandwidth)
{
  perf_job p;
  p.n = (int64_t)256 << 20;
  g_case("n=%lld", (long long)p.n);
  float *x = g_random((size_t)p.n / sizeof(float), -1, 1);   /* random bits, read as bytes */
  p.x = (const unsigned char *)g_dev_upload(x, (size_t)p.n / sizeof(float));
  p.hist = (unsigned *)g_dev_output(HIST_BINS);
  double copy = g_copy_gbps((size_t)p.n);
  double ms = g_time_ms(run_once, &p, 20);
  double gbps = (double)p.n / (ms * 1e6);
  double share = gbps / copy;
  g_perf((share - 0.01) / (0.10 - 0.01), "%.0f GB/s = %.0f%% of copy bandwidth (%.0f GB/s); full points at 10%%",
         gbps, 100 * share, copy);
}
