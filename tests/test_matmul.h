/* What the two matrix-multiply suites share: a problem of the cases, and
   which problems a stage takes, as its applies test should say. */
#ifndef LITDNN_TEST_MATMUL_H
#define LITDNN_TEST_MATMUL_H
#include "matmul/matmul.h"
#include <stdint.h>
#include <string.h>

typedef struct {
  int m, n, k;
  int ta, tb;
  int batch;
  int pad;           /* extra rows in every leading dimension */
  float alpha, beta;
  int aligned;       /* batch gaps of whole 16-byte units, so 16-byte paths take batches too */
} mm_case;

/* Whether the stage named stage takes the product: A and B at those
   addresses, with those leading dimensions and batch strides. The 16-byte
   tensor-core stages take untransposed products of 16-byte aligned A and
   B whose leading dimensions (and, in a batch, strides) are multiples of
   4; the copy engine's stage also needs the matrices of a batch not to
   overlap. Every other stage takes every product the API accepts. */
static inline int matmul_stage_takes(const char *stage, int ta, int tb, int batch, const void *A, const void *B,
                                     int64_t lda, int64_t ldb, int64_t strideA, int64_t strideB, int k, int n)
{
  static const char *const sixteen_byte[] = {"mma tf32 128x128", "mma tf32 256x128", "wgmma tf32 128x128",
                                             "wgmma tf32 128x256", "wgmma tf32 ws 128x256"};
  int restricted = 0;
  for (size_t i = 0; i < sizeof sixteen_byte / sizeof sixteen_byte[0]; i++)
    restricted |= strcmp(stage, sixteen_byte[i]) == 0;
  if (!restricted)
    return 1;
  int aligned = (uintptr_t)A % 16 == 0 && (uintptr_t)B % 16 == 0 && lda % 4 == 0 && ldb % 4 == 0 &&
                (batch == 1 || (strideA % 4 == 0 && strideB % 4 == 0));
  int apart = batch == 1 || (strideA >= lda * k && strideB >= ldb * n);
  return !ta && !tb && aligned && (strcmp(stage, "wgmma tf32 ws 128x256") != 0 || apart);
}
#endif
