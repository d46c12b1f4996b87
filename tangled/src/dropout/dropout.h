/* Dropout: the arguments of every stage, and the reserve-space header. */
#ifndef LITDNN_DROPOUT_INTERNAL_H
#define LITDNN_DROPOUT_INTERNAL_H
#include "core/internal.h"
#include "dropout/philox.h"
#ifdef __cplusplus
extern "C" {
#endif

struct litdnnDropoutStruct {
  int is_set;
  float dropout;
  unsigned long long seed;
  uint64_t passes;      /* forward passes run since the descriptor was set */
  void *states;
  uint32_t threshold;   /* drop an element whose word is below this */
  float scale;          /* 1 / (1 - dropout) */
};

#define LITDNN_DROPOUT_TAG 0x4C445250u          /* "LDRP" */
#define LITDNN_DROPOUT_STATES_BYTES 16
#define LITDNN_DROPOUT_RESERVE_BYTES 32
/* reserve space: tag, k0, k1, threshold, scale bits, count lo, count hi, 0 */
enum { LITDNN_DROPOUT_R_TAG, LITDNN_DROPOUT_R_K0, LITDNN_DROPOUT_R_K1, LITDNN_DROPOUT_R_THRESHOLD,
       LITDNN_DROPOUT_R_SCALE, LITDNN_DROPOUT_R_COUNT_LO, LITDNN_DROPOUT_R_COUNT_HI };

typedef struct litdnn_dropout_args {
  int64_t count;            /* elements, packed */
  uint32_t k0, k1;          /* forward: the key (the seed's two halves) */
  uint32_t threshold;       /* forward: drop below this */
  float scale;              /* forward: 1 / (1 - p) */
  const float *in;          /* x, or dy */
  float *out;               /* y, or dx */
  uint32_t *reserve;        /* forward writes the header, backward reads it */
  int vec;                  /* in and out are 16-byte aligned */
} litdnn_dropout_args;

#ifdef __cplusplus
}
#endif
#endif
