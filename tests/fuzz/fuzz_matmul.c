/* Fuzz target: the batched matrix multiply. The buffers are exactly as
   large as the call's arguments say op(A), op(B) and C reach. */
#include "fuzz.h"
#include <limits.h>

/* elements a batch of `batch` matrices of rows x cols (leading dimension
   ld, column-major as litdnnMatmul stores them) reaches, or -1. A batch of
   one never uses its stride, and the library takes any value then. */
static long long reach(int rows, int cols, int ld, long long stride, int batch)
{
  if (rows <= 0 || cols <= 0 || batch <= 0 || ld < rows || (batch > 1 && stride < 0))
    return -1;
  long long one = (long long)(cols - 1) * ld + rows;
  return (long long)(batch - 1) * stride + one;
}

/* a leading dimension d away from rows, without overflowing an int */
static int near(int rows, int d)
{
  long long v = (long long)rows + d;
  return v > INT_MAX ? INT_MAX : v < INT_MIN ? INT_MIN : (int)v;
}

static int side(fz_bytes *b)
{
  return fz_chance(b, 92) ? fz_int(b, 1, 40) : fz_dim(b, 70);
}

void fz_target(fz_bytes *b)
{
  litdnnHandle_t h = fz_handle(b);
  fz_stage(h, b, LITDNN_OP_MATMUL);
  litdnnMathType_t math = fz_chance(b, 90) ? LITDNN_MATH_FMA : (litdnnMathType_t)fz_enum(b, 2);
  litdnnTranspose_t ta = (litdnnTranspose_t)fz_enum(b, 2), tb = (litdnnTranspose_t)fz_enum(b, 2);
  int m = side(b), n = side(b), k = side(b);
  int batch = fz_chance(b, 70) ? 1 : fz_chance(b, 95) ? fz_int(b, 0, 5) : fz_dim(b, 3);
  int ar = ta ? k : m, ac = ta ? m : k, br = tb ? n : k, bc = tb ? k : n;
  int lda = near(ar, fz_chance(b, 70) ? 0 : fz_int(b, -2, 5));
  int ldb = near(br, fz_chance(b, 70) ? 0 : fz_int(b, -2, 5));
  int ldc = near(m, fz_chance(b, 70) ? 0 : fz_int(b, -2, 5));
  long long sa = (long long)lda * ac + (fz_chance(b, 70) ? 0 : fz_int(b, -3, 9));
  long long sb = (long long)ldb * bc + (fz_chance(b, 70) ? 0 : fz_int(b, -3, 9));
  long long sc = (long long)ldc * n + (fz_chance(b, 80) ? 0 : fz_int(b, -3, 9));
  if (fz_chance(b, 10))
    sb = 0;   /* one B for the whole batch */
  long long ea = reach(ar, ac, lda, sa, batch), eb = reach(br, bc, ldb, sb, batch),
            ec = reach(m, n, ldc, sc, batch);
  float alpha = fz_scale(b), beta = fz_scale(b);
  fz_buffer A, B, C;
  /* a call whose arguments reach nothing still gets (one-byte) buffers: the
     library must refuse it before it touches them */
  int have = fz_alloc(h, b, &A, ea > 0 ? (size_t)ea * 4 : 0);
  have &= fz_alloc(h, b, &B, eb > 0 ? (size_t)eb * 4 : 0);
  have &= fz_alloc(h, b, &C, ec > 0 ? (size_t)ec * 4 : 0);
  if (have)
    fz_check(h, "litdnnMatmul",
             litdnnMatmul(h, math, ta, tb, m, n, k, &alpha, A.dev, lda, sa, B.dev, ldb, sb, &beta, C.dev, ldc, sc,
                          batch),
             &C, 1);
  fz_free(h, &A);
  fz_free(h, &B);
  fz_free(h, &C);
}
