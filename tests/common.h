/* Helpers shared by every litdnn test suite.
 *
 * Every test draws fresh random inputs: the seed is chosen once per run
 * (LITDNN_TEST_SEED=N repeats a run) and printed in every failure message.
 * Outputs are poisoned with NaN before an operation runs, so an element the
 * operation forgot to write fails the comparison. */
#ifndef LITDNN_TESTS_COMMON_H
#define LITDNN_TESTS_COMMON_H
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include "litdnn.h"

/* ---- randomness ---- */
uint64_t t_seed(void);                      /* this run's seed */
void t_reseed(uint64_t seed);               /* restart the stream (for repeatable sub-cases) */
uint32_t t_rand_u32(void);
float t_uniform(float lo, float hi);
int t_rand_int(int lo, int hi);             /* inclusive */
float *t_random(size_t n, float lo, float hi);           /* malloc'd, caller frees */
void t_fill(float *a, size_t n, float lo, float hi);
void t_poison(float *a, size_t n);                       /* fill with NaN */

/* ---- backends and stages ---- */
/* The backends to test: cpu and emu always, cuda when a device answers;
   LITDNN_TEST_BACKENDS=cpu,emu,cuda chooses explicitly. Returns the count. */
int t_backends(litdnnBackend_t out[LITDNN_BACKEND_COUNT]);
int t_have_gpu(void);                                    /* a real CUDA device */
litdnnHandle_t t_handle(litdnnBackend_t backend);        /* asserts success */

typedef struct {
  litdnnBackend_t backend;
  int stage;
  const char *name;     /* stage name */
} t_run;
/* Every (backend, stage) pair of op that can run here; returns the count
   (and fails the test if there are more than max). */
int t_runs(litdnnOp_t op, t_run *runs, int max);
#define T_MAX_RUNS 64

/* ---- one case per (op, stage, backend, problem) ----
   A suite's parameterised test runs every stage of an op, on every backend
   the stage has a function for, on every problem of the suite's own list,
   as one Criterion case each: a failure names its case and hides no other.
   Parameters are plain numbers, because Criterion runs each case in a
   fresh process where the parent's pointers mean nothing. Making them
   calls no CUDA function (the stage tables are plain data). */
typedef struct {
  int op;          /* litdnnOp_t */
  int stage;
  int backend;     /* litdnnBackend_t */
  int problem;     /* an index into the suite's problem list */
} t_case;

/* The cases of op for problems 0 .. problems-1 (for ParameterizedTestParameters):
     ParameterizedTestParameters(suite, name) { return t_cases(LITDNN_OP_X, N); }
   every stage on every backend it has a function for, and the stage the
   handle chooses (stage = LITDNN_STAGE_AUTOMATIC) on every backend. */
struct criterion_test_params t_cases(litdnnOp_t op, int problems);
/* The same, keeping only the stages for which keep(op, stage) is true
   (stage LITDNN_STAGE_AUTOMATIC asks about the handle's own choice). */
struct criterion_test_params t_cases_if(litdnnOp_t op, int problems, int (*keep)(litdnnOp_t op, int stage));
/* ... and only on the backends in the mask of LITDNN_BACKEND_BIT()s. */
struct criterion_test_params t_cases_on(litdnnOp_t op, int problems, unsigned backends,
                                        int (*keep)(litdnnOp_t op, int stage));
/* The list those build, into cases[] (room for t_case_room(op, problems));
   returns its length. A test process lists cases this way: the shared
   memory of cr_malloc belongs to the runner. */
size_t t_case_room(litdnnOp_t op, int problems);
int t_case_list(litdnnOp_t op, int problems, unsigned backends, int (*keep)(litdnnOp_t op, int stage),
                t_case *cases);

/* "matmul stage 15 'tuned' on emu, problem 3" */
const char *t_case_name(const t_case *c);
/* The stage's name and flags. */
const char *t_case_stage(const t_case *c);
unsigned t_case_flags(const t_case *c);
/* A handle on c's backend with c's stage pinned (none for the automatic
   case). Skips the case, saying
   why, where the backend is left out (LITDNN_TEST_BACKENDS) or absent. */
litdnnHandle_t t_case_handle(const t_case *c);
/* Skip the case unless the backend is wanted and present (for cases that
   make their own handles). */
void t_case_require_backend(const t_case *c);
/* The same for a test that is not one of an op's cases; what names it. */
void t_require_backend(litdnnBackend_t backend, const char *what);
/* After the op's call in case c: returns on success. A pinned stage that
   refused the problem as not applying (NOT_SUPPORTED, "does not apply")
   skips the case with the library's reason, or fails it when must_run; any
   other failure fails the case. The message is read at once: the next
   call of the library clears it. */
void t_case_status(const t_case *c, litdnnStatus_t s, int must_run);

/* ---- device buffers through a handle ---- */
void *t_dev_alloc(litdnnHandle_t h, size_t bytes);
void *t_dev_from_host(litdnnHandle_t h, const float *host, size_t n);
void *t_dev_poisoned(litdnnHandle_t h, size_t n);        /* n floats of NaN */
void t_dev_to_host(litdnnHandle_t h, float *host, const void *dev, size_t n);
float *t_dev_fetch(litdnnHandle_t h, const void *dev, size_t n); /* malloc'd copy */
void t_dev_free(litdnnHandle_t h, void *dev);

/* ---- comparison ---- */
/* ||got - ref|| / ||ref|| over the elements where ref is finite; INFINITY if
   any element is NaN in one and not the other. */
double t_rel_error(const float *got, const double *ref, size_t n);
/* Fail unless |got[i] - ref[i]| <= atol + rtol * |ref[i]| for every i (NaN
   fails unless ref is NaN too). The message names `what`, the seed, the
   first bad index, the number of bad elements and the relative error. */
void t_assert_close(const float *got, const double *ref, size_t n, double rtol, double atol,
                    const char *what);
/* The same against a float reference (bit-for-bit checks use tol 0). */
void t_assert_close_f(const float *got, const float *ref, size_t n, double rtol, double atol,
                      const char *what);

/* ---- bad-input checks ---- */
/* Assert the status is `expected` and that the last error message mentions
   `needle` (the call or parameter name). */
void t_assert_status(litdnnStatus_t got, litdnnStatus_t expected, const char *needle,
                     const char *what);

#endif
