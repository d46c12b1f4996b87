#line 3100 "chapters/02-tensors.nw"
/* One training step's allocations and frees (the convolutions of VGG-19),
   replayed with buffers made once, through cudaMalloc/cudaFree, through
   cudaMallocAsync from a pool that keeps its memory, and through
   litdnnMalloc/litdnnFree. With --count cpu|emu it needs no GPU: it runs
   the step through litdnn on that backend and counts the pool's device
   allocations. */
#include "bench.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#line 3126 "chapters/02-tensors.nw"
#define STEP_MAX_EVENTS 2048
#define STEP_MAX_LAYERS 64

typedef struct {
  int is_free;
  int slot;
  size_t bytes;   /* allocations only */
} step_event;

typedef struct {
  step_event ev[STEP_MAX_EVENTS];
  int n;
  int slots;              /* = allocations per step */
  size_t bytes;           /* allocated per step */
} step_pattern;

static int step_alloc(step_pattern *p, size_t bytes)
{
  if (p->n == STEP_MAX_EVENTS)
    BENCH_FAIL_("step_alloc", "too many events in one step");
  step_event *e = &p->ev[p->n++];
  e->is_free = 0;
  e->slot = p->slots++;
  e->bytes = bytes;
  p->bytes += bytes;
  return e->slot;
}

static void step_free(step_pattern *p, int slot)
{
  if (p->n == STEP_MAX_EVENTS)
    BENCH_FAIL_("step_free", "too many events in one step");
  step_event *e = &p->ev[p->n++];
  e->is_free = 1;
  e->slot = slot;
  e->bytes = 0;
}
#line 3170 "chapters/02-tensors.nw"
typedef bench_conv_shape conv_layer;

/* the layers of a network in order, a layer that occurs N times N times */
static int read_layers(const char *path, int batch, conv_layer *layers, int max)
{
  conv_layer once[STEP_MAX_LAYERS];
  int distinct = bench_read_conv_shapes(path, batch, once, STEP_MAX_LAYERS), count = 0;
  for (int i = 0; i < distinct; i++)
    for (int j = 0; j < once[i].repeat && count < max; j++)
      layers[count++] = once[i];
  return distinct < 0 ? -1 : count;
}
#line 3185 "chapters/02-tensors.nw"
static size_t input_bytes(const conv_layer *L) { return (size_t)L->n * L->c * L->h * L->w * sizeof(float); }
static size_t output_bytes(const conv_layer *L) { return (size_t)L->n * L->k * L->p * L->q * sizeof(float); }
static size_t weight_bytes(const conv_layer *L) { return (size_t)L->k * L->c * L->r * L->s * sizeof(float); }
static size_t im2col_bytes(const conv_layer *L) { return (size_t)L->c * L->r * L->s * L->p * L->q * sizeof(float); }

static void build_step(step_pattern *p, const conv_layer *L, int layers)
{
  int out[STEP_MAX_LAYERS], pooled[STEP_MAX_LAYERS], dw[STEP_MAX_LAYERS];
  memset(p, 0, sizeof *p);
  int images = step_alloc(p, input_bytes(&L[0]));
  for (int l = 0; l < layers; l++) {
    out[l] = step_alloc(p, output_bytes(&L[l]));
    step_free(p, step_alloc(p, im2col_bytes(&L[l])));        /* forward's workspace */
    pooled[l] = l + 1 < layers && L[l + 1].h < L[l].p          /* a 2x2 max-pooling follows */
              ? step_alloc(p, (size_t)L[l].n * L[l].k * (L[l].p / 2) * (L[l].q / 2) * sizeof(float)) : -1;
  }
  int dy = step_alloc(p, output_bytes(&L[layers - 1]));        /* the loss's gradient */
  for (int l = layers - 1; l >= 0; l--) {
    if (pooled[l] >= 0) {                                      /* back through the pooling */
      int d = step_alloc(p, output_bytes(&L[l]));
      step_free(p, dy);
      step_free(p, pooled[l]);
      dy = d;
    }
    int ws = step_alloc(p, im2col_bytes(&L[l]));               /* backward data's workspace */
    int dx = l > 0 ? step_alloc(p, input_bytes(&L[l])) : -1;
    step_free(p, ws);
    ws = step_alloc(p, im2col_bytes(&L[l]));                   /* backward filter's */
    dw[l] = step_alloc(p, weight_bytes(&L[l]));
    step_free(p, ws);
    step_free(p, dy);
    step_free(p, out[l]);
    dy = dx;
  }
  step_free(p, images);
  for (int l = 0; l < layers; l++)                             /* after the optimizer's update */
    step_free(p, dw[l]);
}
#line 3230 "chapters/02-tensors.nw"
enum { ALLOC_PREPARED, ALLOC_RAW, ALLOC_ASYNC, ALLOC_LITDNN };

typedef struct {
  const step_pattern *step;
  int how;                 /* ALLOC_... */
  int touch;               /* write every buffer (not when counting without a GPU) */
  litdnnHandle_t h;
  void **slot;             /* the buffer in each slot */
  void **prepared;         /* ALLOC_PREPARED: every slot's buffer, made once */
  long steps, raw_allocs;
} replay;

static void replay_step(void *ctx, int rep)
{
  replay *r = (replay *)ctx;
  for (int i = 0; i < r->step->n; i++) {
    const step_event *e = &r->step->ev[i];
    void **ptr = &r->slot[e->slot];
    if (e->is_free) {
      if (r->how == ALLOC_RAW)
        BENCH_CUDA(cudaFree(*ptr));
      else if (r->how == ALLOC_ASYNC)
        BENCH_CUDA(cudaFreeAsync(*ptr, 0));
      else if (r->how == ALLOC_LITDNN)
        BENCH_LITDNN(litdnnFree(r->h, *ptr));
      continue;
    }
    if (r->how == ALLOC_PREPARED)
      *ptr = r->prepared[e->slot];
    else if (r->how == ALLOC_RAW) {
      BENCH_CUDA(cudaMalloc(ptr, e->bytes));
      r->raw_allocs++;
    } else if (r->how == ALLOC_ASYNC)
      BENCH_CUDA(cudaMallocAsync(ptr, e->bytes, 0));
    else
      BENCH_LITDNN(litdnnMalloc(r->h, ptr, e->bytes));
    if (r->touch)
      BENCH_CUDA(cudaMemsetAsync(*ptr, 0, e->bytes, 0));
  }
  r->steps++;
}
#line 3279 "chapters/02-tensors.nw"
static const char *arg_of(int argc, char **argv, const char *flag, const char *fallback)
{
  for (int i = 1; i + 1 < argc; i++)
    if (strcmp(argv[i], flag) == 0)
      return argv[i + 1];
  return fallback;
}

static int count_without_gpu(const char *backend_name, const step_pattern *step, int batch, int argc,
                             char **argv)
{
  litdnnBackend_t backend = strcmp(backend_name, "emu") == 0 ? LITDNN_BACKEND_EMU : LITDNN_BACKEND_CPU;
  int steps = atoi(arg_of(argc, argv, "--steps", "20"));
  const char *csv = arg_of(argc, argv, "--csv", NULL);
  const char *mode = getenv("LITDNN_POOL");
  replay r;
  litdnnMemoryStats_t first, last;
  memset(&r, 0, sizeof r);
  r.step = step;
  r.how = ALLOC_LITDNN;
  r.slot = (void **)calloc((size_t)step->slots, sizeof *r.slot);
  BENCH_LITDNN(litdnnCreateWithBackend(&r.h, backend));
  for (int i = 0; i < steps; i++) {
    replay_step(&r, i);
    if (i == 0)
      BENCH_LITDNN(litdnnGetMemoryStats(r.h, &first));
  }
  BENCH_LITDNN(litdnnGetMemoryStats(r.h, &last));
  if (!mode || !*mode)
    mode = backend == LITDNN_BACKEND_EMU ? "guarded" : "packed";
  printf("%s backend, %s pool, batch %d: %d allocations a step, %d steps\n", backend_name, mode, batch,
         step->slots, steps);
  printf("  device allocations: %zu in the first step, %zu in the %d after it (raw: %d a step, %ld in all)\n",
         first.allocsFromDevice, last.allocsFromDevice - first.allocsFromDevice, steps - 1, step->slots,
         (long)steps * step->slots);
  printf("  peak in use %.1f MB, peak held %.1f MB\n", last.peakInUse / 1e6, last.peakReserved / 1e6);
  if (csv) {
    FILE *f = fopen(csv, "a+");
    if (!f)
      BENCH_FAIL_("fopen", csv);
    fseek(f, 0, SEEK_END);
    if (ftell(f) == 0) {
      char date[32];
      time_t now = time(NULL);
      strftime(date, sizeof date, "%Y-%m-%d", gmtime(&now));
      const char *shapes = arg_of(argc, argv, "--shapes", "conv_shapes_vgg_19");
      fprintf(f, "# counted by bench_memory --count through litdnn, without a GPU, %s; shapes from %s\n", date,
              strrchr(shapes, '/') ? strrchr(shapes, '/') + 1 : shapes);
      fprintf(f, "backend,pool,batch,steps,allocs_per_step,raw_device_allocs,pool_device_allocs,"
                 "pool_first_step,peak_in_use_mb,peak_reserved_mb\n");
    }
    fprintf(f, "%s,%s,%d,%d,%d,%ld,%zu,%zu,%.1f,%.1f\n", backend_name, mode, batch, steps, step->slots,
            (long)steps * step->slots, last.allocsFromDevice, first.allocsFromDevice, last.peakInUse / 1e6,
            last.peakReserved / 1e6);
    fclose(f);
  }
  litdnnDestroy(r.h);
  free(r.slot);
  return 0;
}
#line 3347 "chapters/02-tensors.nw"
typedef struct {
  const char *impl;
  double ms;
  long steps, device_allocs, first_step_allocs;   /* -1: not known */
  double reserved_mb;
} step_row;

static step_row time_replay(bench *b, const step_pattern *step, int how, litdnnHandle_t h,
                            void **prepared, const char *impl)
{
  replay r;
  step_row row;
  memset(&r, 0, sizeof r);
  memset(&row, 0, sizeof row);
  r.step = step;
  r.how = how;
  r.touch = 1;
  r.h = h;
  r.prepared = prepared;
  r.slot = (void **)calloc((size_t)step->slots, sizeof *r.slot);
  litdnnMemoryStats_t st;
  replay_step(&r, 0);   /* the first step, on its own: what a cold allocator does */
  BENCH_CUDA(cudaDeviceSynchronize());
  BENCH_LITDNN(litdnnGetMemoryStats(h, &st));
  row.first_step_allocs = how == ALLOC_RAW ? r.raw_allocs : how == ALLOC_LITDNN ? (long)st.allocsFromDevice : -1;
  row.ms = bench_median_ms(b, replay_step, &r);
  BENCH_CUDA(cudaDeviceSynchronize());
  BENCH_LITDNN(litdnnGetMemoryStats(h, &st));
  row.impl = impl;
  row.steps = r.steps;
  row.device_allocs = how == ALLOC_RAW ? r.raw_allocs : how == ALLOC_LITDNN ? (long)st.allocsFromDevice : -1;
  row.reserved_mb = how == ALLOC_LITDNN ? st.peakReserved / 1e6 : 0;
  if (how == ALLOC_ASYNC) {
    cudaMemPool_t pool;
    uint64_t high = 0;
    BENCH_CUDA(cudaDeviceGetDefaultMemPool(&pool, 0));
    BENCH_CUDA(cudaMemPoolGetAttribute(pool, cudaMemPoolAttrReservedMemHigh, &high));
    row.reserved_mb = high / 1e6;
  }
  free(r.slot);
  return row;
}

int main(int argc, char **argv)
{
  const char *shapes = arg_of(argc, argv, "--shapes", "../shared/bench/benchdnn/conv_shapes_vgg_19");
  int batch = atoi(arg_of(argc, argv, "--batch", "64"));
  conv_layer layers[STEP_MAX_LAYERS];
  int count = read_layers(shapes, batch, layers, STEP_MAX_LAYERS);
  if (count <= 0)
    BENCH_FAIL_("read_layers", shapes);
  static step_pattern step;
  build_step(&step, layers, count);
  const char *backend = arg_of(argc, argv, "--count", NULL);
  if (backend)
    return count_without_gpu(backend, &step, batch, argc, argv);

  bench *b = bench_open("memory", argc, argv);
  char shape[64];
  snprintf(shape, sizeof shape, "VGG-19 convs at batch %d", batch);
  printf("   %d convolutions, %d allocations and %.2f GB a step\n", count, step.slots, step.bytes / 1e9);
  litdnnHandle_t h;
  BENCH_LITDNN(litdnnCreateWithBackend(&h, LITDNN_BACKEND_CUDA));
  cudaMemPool_t pool;
  uint64_t keep = UINT64_MAX;   /* the asynchronous pool keeps what it maps, as ours does */
  BENCH_CUDA(cudaDeviceGetDefaultMemPool(&pool, 0));
  BENCH_CUDA(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &keep));

  void **prepared = (void **)calloc((size_t)step.slots, sizeof *prepared);
  for (int i = 0; i < step.n; i++)
    if (!step.ev[i].is_free)
      BENCH_CUDA(cudaMalloc(&prepared[step.ev[i].slot], step.ev[i].bytes));
  step_row rows[4];
  rows[0] = time_replay(b, &step, ALLOC_PREPARED, h, prepared, "buffers made once");
  for (int i = 0; i < step.slots; i++)
    BENCH_CUDA(cudaFree(prepared[i]));
  free(prepared);
  rows[1] = time_replay(b, &step, ALLOC_RAW, h, NULL, "cudaMalloc/cudaFree");
  rows[2] = time_replay(b, &step, ALLOC_ASYNC, h, NULL, "cudaMallocAsync (pool)");
  BENCH_CUDA(cudaMemPoolTrimTo(pool, 0));   /* its memory back before the next replay */
  rows[3] = time_replay(b, &step, ALLOC_LITDNN, h, NULL, "litdnnMalloc (pool)");
  rows[0].first_step_allocs = rows[0].device_allocs = 0;   /* none inside the step */

  double fastest = rows[1].ms;
  for (int i = 1; i < 4; i++)
    if (rows[i].ms < fastest)
      fastest = rows[i].ms;
  for (int i = 0; i < 4; i++)
    bench_record(b, "training step", shape, rows[i].impl, rows[i].ms, (double)step.bytes, 0.0);
  const char *csv = bench_arg(b, "--csv", NULL);
  if (csv) {
    char path[512];
    size_t len = strlen(csv);
    snprintf(path, sizeof path, "%.*s-steps.csv", (int)(len > 4 && !strcmp(csv + len - 4, ".csv") ? len - 4 : len),
             csv);
    FILE *f = fopen(path, "w");
    if (!f)
      BENCH_FAIL_("fopen", path);
    struct cudaDeviceProp prop;
    BENCH_CUDA(cudaGetDeviceProperties(&prop, 0));
    fprintf(f, "# %s; %s, %d allocations and %.2f GB a step; time against the fastest allocator\n", prop.name,
            shape, step.slots, step.bytes / 1e9);
    fprintf(f, "impl,median_ms,pct_over_fastest,steps,device_allocs_first_step,device_allocs_per_step_after,"
               "peak_reserved_mb\n");
    for (int i = 0; i < 4; i++) {
      step_row *r = &rows[i];
      fprintf(f, "%s,%.4f,%.1f,%ld,", r->impl, r->ms, 100.0 * (r->ms - fastest) / fastest, r->steps);
      if (r->device_allocs < 0)
        fprintf(f, ",,");
      else
        fprintf(f, "%ld,%.2f,", r->first_step_allocs,
                (double)(r->device_allocs - r->first_step_allocs) / (double)(r->steps > 1 ? r->steps - 1 : 1));
      fprintf(f, "%.0f\n", r->reserved_mb);
    }
    fclose(f);
    printf("   wrote %s\n", path);
  }
  litdnnDestroy(h);
  bench_close(b);
  return 0;
}
