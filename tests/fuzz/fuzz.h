/* The half of every fuzz target that is the same for all of them.
 *
 * A target turns the fuzzer's bytes into one call of the library: the
 * descriptors, sizes, strides, pads, modes, algorithms and alpha/beta all
 * come from the bytes, and so does the backend (the CPU reference loops or
 * the emulator running the CUDA kernels). Buffers are exactly as large as the
 * library says a call needs (litdnnGetTensorSizeInBytes, the workspace
 * queries), so that AddressSanitizer (host memory) and the emulator's guard
 * pages (device memory) report any access outside them. A call the library
 * refuses must answer with a status of the BAD_PARAM (2000) or NOT_SUPPORTED
 * (3000) group, leave a message, and leave every output as it was; anything
 * else stops the target with a message, which the fuzzer reports as a crash. */
#ifndef LITDNN_FUZZ_H
#define LITDNN_FUZZ_H
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include "litdnn.h"

/* ---- reading numbers from the bytes ---- */
typedef struct {
  const uint8_t *p;
  size_t n;
} fz_bytes;

unsigned fz_u8(fz_bytes *b);                    /* 0 when the bytes run out */
int fz_int(fz_bytes *b, int lo, int hi);        /* in [lo, hi] */
int fz_chance(fz_bytes *b, int percent);        /* 1 with about that chance */
/* A size: mostly small, sometimes 0, negative or huge, so that the checks of
   sizes and of their products are reached as often as the kernels. */
int fz_dim(fz_bytes *b, int small_max);
/* An enum value: one of the valid ones most of the time, sometimes not. */
int fz_enum(fz_bytes *b, int count);
/* alpha or beta: 0, 1, -1, 0.5, 2 or 0.25 */
float fz_scale(fz_bytes *b);

/* ---- handles and descriptors ---- */
/* A handle on the CPU or the emulator backend (made once per backend). */
litdnnHandle_t fz_handle(fz_bytes *b);
/* A tensor descriptor of 1..LITDNN_DIM_MAX (sometimes more) dims, packed in
   NCHW or NHWC or with strides of its own; NULL if the library refused it
   (which is checked like any refusal). The caller destroys it. nbDims < 0
   lets the bytes choose. */
litdnnTensorDescriptor_t fz_tensor(fz_bytes *b, int nbDims, int small_max);

/* Pin one of op's stages on h, or leave the choice to the handle (about a
   third of the time); a stage the backend cannot run is refused by
   litdnnSetStage, which is checked like any refusal. */
void fz_stage(litdnnHandle_t h, fz_bytes *b, litdnnOp_t op);

/* ---- buffers ---- */
/* Device memory of the handle's backend, filled with a pattern from the
   bytes; its host copy is kept to check that a refused call left it alone.
   A size over FZ_MAX_BYTES is not allocated: the target skips the call. */
#define FZ_MAX_BYTES ((size_t)1 << 18)
/* ... and a tensor of more elements than this (its strides may overlap):
   the emulator runs a kernel's threads one after another, and under the
   sanitizers a global pooling of 2^16 outputs took minutes */
#define FZ_MAX_ELEMENTS ((size_t)1 << 12)
/* v as an int, stopped at INT_MIN and INT_MAX: sizes the target derives
   from edge values (INT_MAX + 1, INT_MAX * 2) must not overflow */
static inline int fz_sat(long long v) { return v > INT_MAX ? INT_MAX : v < INT_MIN ? INT_MIN : (int)v; }
typedef struct {
  void *dev;
  void *copy;
  size_t bytes;
} fz_buffer;
/* 1 if the buffer was made (bytes may be 0: then dev is a one-byte buffer) */
int fz_alloc(litdnnHandle_t h, fz_bytes *b, fz_buffer *buf, size_t bytes);
/* the buffer for a tensor descriptor, as litdnnGetTensorSizeInBytes says */
int fz_alloc_tensor(litdnnHandle_t h, fz_bytes *b, fz_buffer *buf, litdnnTensorDescriptor_t d);
void fz_free(litdnnHandle_t h, fz_buffer *buf);

/* ---- the checks ---- */
/* After a call that may fail: a failure must be of the 2000 or 3000 group
   with a message, and every buffer in outs must hold what it held before.
   Returns 1 if the call succeeded. */
int fz_check(litdnnHandle_t h, const char *call, litdnnStatus_t s, fz_buffer *outs, int nouts);
/* After a descriptor call: the same, without buffers. */
int fz_check_desc(const char *call, litdnnStatus_t s);
/* Stop the target with a message (the fuzzer reports it as a crash). */
void fz_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

/* every target defines this: one call (or a few) made from the bytes */
void fz_target(fz_bytes *b);
#endif
