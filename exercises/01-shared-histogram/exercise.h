/* Exercise 01-shared-histogram: what the tests call. */
#ifndef EXERCISE_01_SHARED_HISTOGRAM_H
#define EXERCISE_01_SHARED_HISTOGRAM_H
#include <stdint.h>
#include "litdnn.h"
#ifdef __cplusplus
extern "C" {
#endif
#define HIST_BINS 256   /* one bin per byte value */
/* hist[v] = the number of i in [0, n) with x[i] == v, for v in [0, 256).
   hist is set, not accumulated into: whatever it held is overwritten.
   x and hist are in memory of the handle's backend; runs on its stream. */
litdnnStatus_t exercise_histogram(litdnnHandle_t h, const unsigned char *x, int64_t n,
                                  unsigned *hist);
#ifdef __cplusplus
}
#endif
#endif
