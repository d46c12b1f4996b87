/* The benchmark harness shared by every bench_*.cu program. */
#ifndef LITDNN_BENCH_H
#define LITDNN_BENCH_H
#include <stdio.h>
#include <stdlib.h>
#include <cuda_runtime.h>
#include <cublas_v2.h>
#include <cudnn.h>
#include "litdnn.h"
#ifdef __cplusplus
extern "C" {
#endif

typedef struct bench bench;
typedef void (*bench_fn)(void *ctx, int rep);

bench *bench_open(const char *name, int argc, char **argv);
double bench_copy_gbps(bench *b);
double bench_median_ms(bench *b, bench_fn fn, void *ctx);
void bench_record(bench *b, const char *op, const char *shape, const char *impl, double ms,
                  double min_bytes, double flops);
int bench_quick(const bench *b);
int bench_wanted(const bench *b, const char *label);
const char *bench_arg(const bench *b, const char *flag, const char *fallback);
int bench_stage_runs(const char *label, litdnnStatus_t first_call);
void bench_close(bench *b);

typedef struct {
  int g, n, c, h, w;        /* groups, batch, input channels and size */
  int k, p, q;              /* output channels and size */
  int r, s, u, v;           /* filter size and stride */
  int ph, pw, dh, dw;       /* padding and dilation (1: none) */
  int repeat;               /* how many times in a row the layer occurs */
  char name[64];            /* the name without its "*N" */
} bench_conv_shape;

/* Up to max layers of a benchdnn file, in order; batch > 0 overrides the
   file's. -1 if the file cannot be read. */
int bench_read_conv_shapes(const char *path, int batch, bench_conv_shape *out, int max);

#define BENCH_FAIL_(what, msg)                                                   \
  do {                                                                           \
    fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, what, msg);    \
    exit(1);                                                                     \
  } while (0)
#define BENCH_CUDA(call)                                                         \
  do {                                                                           \
    cudaError_t e_ = (call);                                                     \
    if (e_ != cudaSuccess)                                                       \
      BENCH_FAIL_(#call, cudaGetErrorString(e_));                                \
  } while (0)
#define BENCH_CUDNN(call)                                                        \
  do {                                                                           \
    cudnnStatus_t e_ = (call);                                                   \
    if (e_ != CUDNN_STATUS_SUCCESS)                                              \
      BENCH_FAIL_(#call, cudnnGetErrorString(e_));                               \
  } while (0)
#define BENCH_CUBLAS(call)                                                       \
  do {                                                                           \
    cublasStatus_t e_ = (call);                                                  \
    if (e_ != CUBLAS_STATUS_SUCCESS)                                             \
      BENCH_FAIL_(#call, cublasGetStatusString(e_));                             \
  } while (0)
#define BENCH_LITDNN(call)                                                       \
  do {                                                                           \
    litdnnStatus_t e_ = (call);                                                  \
    if (e_ != LITDNN_STATUS_SUCCESS)                                             \
      BENCH_FAIL_(#call, litdnnGetLastErrorString());                            \
  } while (0)

#ifdef __cplusplus
}
#endif
#endif
