/* Tests of exercise 02-transpose (points and time limits: exercise.conf). */
#include <stdlib.h>
#include "grade.h"
#include "exercise.h"

/* Transpose one random rows x cols matrix and compare with the plain loop. */
static void check_transpose(int rows, int cols)
{
  size_t n = (size_t)rows * cols;
  g_case("rows=%d cols=%d", rows, cols);
  float *x = g_random(n, -1, 1);
  double *ref = malloc(n * sizeof *ref);
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++)
      ref[(size_t)c * rows + r] = x[(size_t)r * cols + c];
  void *dx = g_dev_upload(x, n), *dy = g_dev_output(n);
  g_check_status(exercise_transpose(g_handle(), (const float *)dx, (float *)dy, rows, cols),
                 "exercise_transpose");
  float *y = g_dev_fetch(dy, n);
  int dims[2] = {cols, rows};
  g_compare("y", y, ref, n, dims, 2, 0, 0);   /* a transpose moves bits: exact */
  g_dev_check_guard(dy, n, "y");
  g_dev_free(dx);
  g_dev_free(dy);
  free(x);
  free(ref);
  free(y);
}

/* Sides that are multiples of the tile: no bounds checks needed yet. */
G_TEST(square)
{
  check_transpose(64, 64);
  check_transpose(32, 96);
}

/* Sides that are not: the tiles on the right and bottom edges are partial. */
G_TEST(odd_shapes)
{
  static const int shapes[][2] = {{1, 1}, {1, 77}, {77, 1}, {37, 53}, {33, 31}, {100, 67}};
  for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++)
    check_transpose(shapes[i][0], shapes[i][1]);
  check_transpose(g_rand_int(2, 90), g_rand_int(2, 90));
}

/* Run under the race-check build: correct, and no two threads touch the
   same shared-memory word without a barrier between them. */
G_TEST(race)
{
  check_transpose(64, 96);
}

/* On a GPU only: a 8192 x 8192 transpose reads and writes 512 MiB; full
   points at 60% of the measured copy bandwidth, none below 20%. */
typedef struct { const float *x; float *y; int n; } perf_job;
static void run_once(void *ctx)
{
  perf_job *p = (perf_job *)ctx;
  exercise_transpose(g_handle(), p->x, p->y, p->n, p->n);
}

G_TEST(bandwidth)
{
  perf_job p;
  p.n = 8192;
  size_t n = (size_t)p.n * p.n;
  g_case("rows=cols=%d", p.n);
  float *x = g_random(n, -1, 1);
  p.x = (const float *)g_dev_upload(x, n);
  p.y = (float *)g_dev_output(n);
  double copy = g_copy_gbps(n * sizeof(float));
  double ms = g_time_ms(run_once, &p, 20);
  double gbps = 2.0 * n * sizeof(float) / (ms * 1e6);
  double share = gbps / copy;
  g_perf((share - 0.2) / (0.6 - 0.2), "%.0f GB/s = %.0f%% of copy bandwidth (%.0f GB/s); full points at 60%%",
         gbps, 100 * share, copy);
}
