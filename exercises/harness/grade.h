/* The test harness of the graded exercises.
 *
 * Each exercise has a tests.c that defines its tests with G_TEST(name).
 * The grader builds tests.c, this harness and the learner's starter.cu into
 * one program and runs it once per test: `prog NAME`. A test prints what it
 * checks, and the harness ends its output with one line the grader reads:
 *
 *   GRADE: PASS
 *   GRADE: FAIL <why>
 *   GRADE: PERF <score fraction 0..1> <what was measured>
 *
 * A crash, a hang or a report from a checking build happens outside this
 * protocol; the grader reads those from the exit status and stderr.
 *
 * Inputs are random, from a seed the grader chooses (LITDNN_TEST_SEED),
 * printed with every failure so that the run can be repeated. Outputs are
 * poisoned with a NaN of their own, so an element the kernel never wrote
 * fails, and a failure says whether a NaN was never written, computed from
 * the output's own starting value, read from unwritten shared memory (the
 * emulator's poison: a missing barrier) or computed by the kernel. On a real
 * GPU every output buffer also carries a guard zone after its end, so a
 * kernel that writes past the end is caught even without a checking build;
 * under the emulator buffers are exactly their size and the emulator's
 * memory check reports the stray access itself. */
#ifndef LITDNN_GRADE_H
#define LITDNN_GRADE_H
#include <stddef.h>
#include <stdint.h>
#include "litdnn.h"

/* ---- defining tests ---- */
typedef void (*g_test_fn)(void);
void g_register(const char *name, g_test_fn fn);
#define G_TEST(name)                                                    \
  static void g_test_##name(void);                                      \
  __attribute__((constructor)) static void g_register_##name(void)      \
  {                                                                     \
    g_register(#name, g_test_##name);                                   \
  }                                                                     \
  static void g_test_##name(void)

/* ---- reporting ---- */
/* Name the case being checked ("rows=37 cols=53"); failures repeat it. */
void g_case(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void g_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Stop the test: it failed, for the reason given. */
void g_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
/* Stop a performance test: `fraction` of its points were earned. */
void g_perf(double fraction, const char *fmt, ...) __attribute__((format(printf, 2, 3), noreturn));

/* ---- randomness ---- */
uint64_t g_seed(void);
float g_uniform(float lo, float hi);
int g_rand_int(int lo, int hi);           /* inclusive */
float *g_random(size_t n, float lo, float hi);

/* ---- the library and device memory ---- */
int g_on_gpu(void);                       /* built for a real GPU (else the emulator) */
litdnnHandle_t g_handle(void);            /* one handle per test, on the GPU or emulator backend */
/* A learner's call returned this status; fail unless it is success. */
void g_check_status(litdnnStatus_t status, const char *call);
void *g_dev_upload(const float *host, size_t n);
void *g_dev_output(size_t n);             /* n floats of the NaN poison (+ a guard zone on a GPU) */
void g_dev_download(float *host, const void *dev, size_t n);
float *g_dev_fetch(const void *dev, size_t n);   /* malloc'd copy */
/* On a GPU: fail if the kernel wrote into the guard zone after dev[n). */
void g_dev_check_guard(const void *dev, size_t n, const char *what);
void g_dev_free(void *dev);

/* ---- comparison ---- */
/* Fail unless |got[i] - ref[i]| <= atol + rtol*|ref[i]| for every i (NaN
   fails). The message names `what`, the first mismatching elements with
   their indices in the shape dims[0..ndims) (row-major), how many are
   wrong, and the seed. */
void g_compare(const char *what, const float *got, const double *ref, size_t n,
               const int *dims, int ndims, double rtol, double atol);

/* ---- timing, on a GPU only ---- */
/* Median milliseconds of `reps` runs of fn(ctx) after a warm-up, with CUDA
   events; and the measured device-to-device copy bandwidth in GB/s (bytes
   read + written). Both fail the test when not on a GPU. */
double g_time_ms(void (*fn)(void *ctx), void *ctx, int reps);
double g_copy_gbps(size_t bytes);
#endif
