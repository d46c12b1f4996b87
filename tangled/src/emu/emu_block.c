#line 1041 "chapters/01-emulator.nw"
/* emu_block.c: launching a grid, one block at a time, its threads as fibers.
   Generated from chapters/01-emulator.nw; edit the chapter, not this file. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "emu_internal.h"

struct litdnn_emu_run litdnn_emu_run;
static const litdnn_emu_dim3 no_thread;
const litdnn_emu_dim3 *litdnn_emu_thread_idx = &no_thread;
litdnn_emu_dim3 litdnn_emu_block_idx, litdnn_emu_block_dim, litdnn_emu_grid_dim;
static unsigned block_generation;
static int warned_this_launch;
/* addresses the race checker synchronises on */
static char block_start_sync __attribute__((unused)),
    block_end_sync __attribute__((unused)), barrier_sync[2] __attribute__((unused)),
    warp_sync[32] __attribute__((unused));
/* barriers released so far in this block: picks barrier_sync[] in turn */
static unsigned barrier_round;

#line 1075 "chapters/01-emulator.nw"
static unsigned long long rng_state;

static unsigned long long next_random(void) {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return rng_state;
}

static void make_order(int *order, int n) {
  for (int i = 0; i < n; i++)
    order[i] = litdnn_emu_schedule == LITDNN_EMU_REVERSE ? n - 1 - i : i;
  if (litdnn_emu_schedule == LITDNN_EMU_RANDOM)
    for (int i = n - 1; i > 0; i--) {
      int j = (int)(next_random() % (unsigned long long)(i + 1));
      int t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
}
#line 1098 "chapters/01-emulator.nw"
static void thread_body(struct litdnn_emu_fiber *f) {
  litdnn_emu_fiber_begin(f);
  LITDNN_EMU_TSAN_ACQUIRE(&block_start_sync);
  litdnn_emu_run.kernel->entry(litdnn_emu_run.args);
  f->state = LITDNN_EMU_EXITED;
  LITDNN_EMU_TSAN_RELEASE(&block_end_sync);
  litdnn_emu_fiber_yield(f, 1);
  abort();                      /* an exited fiber is never resumed */
}
#line 1126 "chapters/01-emulator.nw"
void litdnn_emu_syncthreads(const char *file, int line) {
  struct litdnn_emu_fiber *f = litdnn_emu_current;
  if (!f)
    litdnn_emu_fatal("__syncthreads() called outside a kernel");
  char *sync = &barrier_sync[barrier_round & 1];
  f->state = LITDNN_EMU_AT_BARRIER;
  f->barrier_file = file;
  f->barrier_line = line;
  LITDNN_EMU_TSAN_RELEASE(sync);
  litdnn_emu_fiber_yield(f, 0);
  LITDNN_EMU_TSAN_ACQUIRE(sync);
  (void)sync;
}
#line 1198 "chapters/01-emulator.nw"
static int source_lane(int kind, int lane, int arg, int width) {
  int base = lane & ~(width - 1), src = lane;
  switch (kind) {
  case LITDNN_EMU_SHFL_IDX: src = base + (((arg % width) + width) % width); break;
  case LITDNN_EMU_SHFL_UP: src = lane - arg < base ? lane : lane - arg; break;
  case LITDNN_EMU_SHFL_DOWN:
    src = lane + arg >= base + width ? lane : lane + arg; break;
  case LITDNN_EMU_SHFL_XOR:
    src = (lane ^ arg) >= base + width ? lane : (lane ^ arg); break;
  }
  return src;
}

uint64_t litdnn_emu_warp_op(int kind, unsigned mask, uint64_t value, int arg,
                            int width) {
  struct litdnn_emu_fiber *f = litdnn_emu_current;
  if (!f)
    litdnn_emu_fatal("a warp function was called outside a kernel");
  int lane = f->linear & 31;
  if (mask == 0)
    mask = 0xffffffffu;
  if (width < 1 || width > 32 || (width & (width - 1)))
    litdnn_emu_fatal("kernel '%s': shuffle width %d is not a power of two "
                     "up to 32", litdnn_emu_run.kernel->name, width);
  if (!(mask & (1u << lane)))
    litdnn_emu_fatal("kernel '%s' thread (%u,%u,%u): warp mask 0x%08x does "
                     "not include the calling lane %d",
                     litdnn_emu_run.kernel->name, f->idx.x, f->idx.y,
                     f->idx.z, mask, lane);
  f->warp_kind = kind;
  f->warp_mask = mask;
  f->warp_value = value;
  f->warp_src = source_lane(kind, lane, arg, width);
  f->state = LITDNN_EMU_AT_WARP;
  if (kind == LITDNN_EMU_WARP_SYNC)
    LITDNN_EMU_TSAN_RELEASE(&warp_sync[f->linear / 32]);
  litdnn_emu_fiber_yield(f, 0);
  if (kind == LITDNN_EMU_WARP_SYNC)
    LITDNN_EMU_TSAN_ACQUIRE(&warp_sync[f->linear / 32]);
  return f->warp_result;
}

unsigned litdnn_emu_active_mask(void) {
  struct litdnn_emu_fiber *f = litdnn_emu_current;
  unsigned m = 0;
  if (!f)
    return 0;
  int base = f->linear & ~31;
  for (int l = 0; l < 32 && base + l < litdnn_emu_run.nthreads; l++)
    if (litdnn_emu_fiber_get(base + l)->state != LITDNN_EMU_EXITED)
      m |= 1u << l;
  return m;
}

/* deliver the exchanges of every warp whose lanes have all arrived */
static int release_warps(int n) {
  int released = 0;
  for (int base = 0; base < n; base += 32) {
    int lanes = n - base < 32 ? n - base : 32;
    unsigned waiting = 0, alive = 0;
    for (int l = 0; l < lanes; l++) {
      int s = litdnn_emu_fiber_get(base + l)->state;
      if (s == LITDNN_EMU_AT_WARP) waiting |= 1u << l;
      if (s != LITDNN_EMU_EXITED) alive |= 1u << l;
    }
    int ready = waiting != 0;
    for (int l = 0; l < lanes; l++)
      if ((waiting >> l & 1) &&
          (litdnn_emu_fiber_get(base + l)->warp_mask & alive & ~waiting))
        ready = 0;
    if (!ready)
      continue;
    for (int l = 0; l < lanes; l++) {
      struct litdnn_emu_fiber *f = litdnn_emu_fiber_get(base + l);
      if (!(waiting >> l & 1))
        continue;
      unsigned votes = 0, members = f->warp_mask & waiting;
      for (int m = 0; m < lanes; m++)
        if ((members >> m & 1) && litdnn_emu_fiber_get(base + m)->warp_value)
          votes |= 1u << m;
      switch (f->warp_kind) {
      case LITDNN_EMU_VOTE_BALLOT: f->warp_result = votes; break;
      case LITDNN_EMU_VOTE_ANY: f->warp_result = votes != 0; break;
      case LITDNN_EMU_VOTE_ALL: f->warp_result = votes == members; break;
      case LITDNN_EMU_WARP_SYNC: f->warp_result = 0; break;
      default:
        f->warp_result = f->warp_src < lanes && (members >> f->warp_src & 1)
            ? litdnn_emu_fiber_get(base + f->warp_src)->warp_value
            : f->warp_value;
      }
    }
    for (int l = 0; l < lanes; l++)
      if (waiting >> l & 1)
        litdnn_emu_fiber_get(base + l)->state = LITDNN_EMU_RUNNABLE;
    released++;
  }
  return released;
}
#line 1323 "chapters/01-emulator.nw"
#define LITDNN_EMU_POISON 0xff     /* a float NaN, an int -1 */
#define LITDNN_EMU_STATIC_SHARED_MAX (48 * 1024)
static struct { void *p; size_t bytes; unsigned generation; } shared_arrays[64];
static int nshared;
static size_t shared_total;

static void poison(void *p, size_t bytes) {
  volatile unsigned char *c = p;
  for (size_t i = 0; i < bytes; i++)
    c[i] = LITDNN_EMU_POISON;
}

void litdnn_emu_shared(void *array, size_t bytes) {
  for (int i = 0; i < nshared; i++)
    if (shared_arrays[i].p == array) {
      if (shared_arrays[i].generation != block_generation) {
        poison(array, bytes);
        shared_arrays[i].generation = block_generation;
      }
      return;
    }
  if (nshared == 64)
    litdnn_emu_fatal("kernel '%s' declares more than 64 __shared__ arrays",
                     litdnn_emu_run.kernel->name);
  shared_total += bytes;
  if (shared_total > LITDNN_EMU_STATIC_SHARED_MAX)
    litdnn_emu_fatal("kernel '%s' declares %zu bytes of static __shared__ "
                     "memory, more than the %d a block may have",
                     litdnn_emu_run.kernel->name, shared_total,
                     LITDNN_EMU_STATIC_SHARED_MAX);
  shared_arrays[nshared].p = array;
  shared_arrays[nshared].bytes = bytes;
  shared_arrays[nshared].generation = block_generation;
  nshared++;
  poison(array, bytes);
}

void *litdnn_emu_dynamic_shared(void) { return litdnn_emu_run.dynamic_shared; }
#line 1367 "chapters/01-emulator.nw"
static int order[1024];

static void run_block(litdnn_emu_dim3 b, int n) {
  litdnn_emu_block_idx = b;
  litdnn_emu_run.block_idx = b;
  block_generation++;
  for (int i = 0; i < n; i++)
    litdnn_emu_fiber_start(litdnn_emu_fiber_get(i), thread_body);
  poison(litdnn_emu_run.dynamic_shared, litdnn_emu_run.dynamic_bytes);
  LITDNN_EMU_TSAN_RELEASE(&block_start_sync);
  for (;;) {
    make_order(order, n);
    for (int k = 0; k < n; k++) {
      struct litdnn_emu_fiber *f = litdnn_emu_fiber_get(order[k]);
      if (f->state == LITDNN_EMU_RUNNABLE)
        litdnn_emu_fiber_resume(f);
    }
    int exited = 0, at_warp = 0;
    for (int i = 0; i < n; i++) {
      int s = litdnn_emu_fiber_get(i)->state;
      exited += s == LITDNN_EMU_EXITED;
      at_warp += s == LITDNN_EMU_AT_WARP;
    }
    if (exited == n)
      break;
    if (at_warp) {
      if (release_warps(n))
        continue;
      
#line 1299 "chapters/01-emulator.nw"
for (int base = 0; base < n; base += 32) {
  unsigned waiting = 0, others = 0;
  for (int l = 0; l < 32 && base + l < n; l++) {
    int s = litdnn_emu_fiber_get(base + l)->state;
    if (s == LITDNN_EMU_AT_WARP) waiting |= 1u << l;
    if (s == LITDNN_EMU_AT_BARRIER) others |= 1u << l;
  }
  if (waiting)
    litdnn_emu_fatal("kernel '%s' block (%u,%u,%u) never finishes: lanes "
                     "0x%08x of warp %d wait at a warp function (__shfl*_sync, "
                     "__syncwarp, __ballot_sync) while lanes 0x%08x of their "
                     "mask wait at __syncthreads()",
                     litdnn_emu_run.kernel->name, litdnn_emu_block_idx.x,
                     litdnn_emu_block_idx.y, litdnn_emu_block_idx.z, waiting,
                     base / 32, others);
}
#line 1396 "chapters/01-emulator.nw"
    }
    
#line 1145 "chapters/01-emulator.nw"
{
  int waiting = 0, exited = 0, split = 0;
  const struct litdnn_emu_fiber *first = NULL, *other = NULL;
  for (int i = 0; i < n; i++) {
    struct litdnn_emu_fiber *f = litdnn_emu_fiber_get(i);
    if (f->state == LITDNN_EMU_EXITED) {
      exited++;
    } else {
      waiting++;
      if (!first)
        first = f;
      else if (!split && (f->barrier_line != first->barrier_line ||
                          strcmp(f->barrier_file, first->barrier_file) != 0)) {
        split = 1;
        other = f;
      }
    }
  }
  if (exited > 0 || split) {
    const char *k = litdnn_emu_run.kernel->name;
    litdnn_emu_dim3 b = litdnn_emu_block_idx;
    if (litdnn_emu_strict || !warned_this_launch) {
      void (*say)(const char *, ...) =
          litdnn_emu_strict ? litdnn_emu_fatal : litdnn_emu_warn;
      if (split)
        say("%sthreads of block (%u,%u,%u) of kernel '%s' wait at different "
            "__syncthreads() calls, %s:%d and %s:%d (a barrier inside "
            "divergent code)",
            litdnn_emu_strict ? "" : "warning: ", b.x, b.y, b.z, k,
            first->barrier_file, first->barrier_line, other->barrier_file,
            other->barrier_line);
      else
        say("%s__syncthreads() in kernel '%s' reached by only %d of the %d "
            "threads of block (%u,%u,%u); the other %d had returned "
            "(every thread of a block must reach each barrier)",
            litdnn_emu_strict ? "" : "warning: ", k, waiting, n, b.x, b.y,
            b.z, exited);
      warned_this_launch = 1;
    }
  }
  for (int i = 0; i < n; i++) {
    struct litdnn_emu_fiber *f = litdnn_emu_fiber_get(i);
    if (f->state == LITDNN_EMU_AT_BARRIER)
      f->state = LITDNN_EMU_RUNNABLE;
  }
  barrier_round++;
}
#line 1398 "chapters/01-emulator.nw"
  }
  LITDNN_EMU_TSAN_ACQUIRE(&block_end_sync);
}
#line 1423 "chapters/01-emulator.nw"
static pthread_mutex_t launch_lock = PTHREAD_MUTEX_INITIALIZER;

static int bad_configuration(const struct litdnn_emu_kernel *k,
                             litdnn_emu_dim3 grid, litdnn_emu_dim3 block,
                             size_t shmem) {
  unsigned long long threads = (unsigned long long)block.x * block.y * block.z;
  size_t max_shared = litdnn_emu_max_dynamic_shared(k->func);
  int error = 0;
  char why[160];
  if (!grid.x || !grid.y || !grid.z || !block.x || !block.y || !block.z) {
    snprintf(why, sizeof why, "grid (%u,%u,%u) or block (%u,%u,%u) is empty",
             grid.x, grid.y, grid.z, block.x, block.y, block.z);
    error = 9;
  } else if (threads > 1024 || block.x > 1024 || block.y > 1024 ||
             block.z > 64) {
    snprintf(why, sizeof why, "block (%u,%u,%u) has %llu threads; at most "
             "1024 (and z at most 64)", block.x, block.y, block.z, threads);
    error = 9;
  } else if (grid.x > 2147483647u || grid.y > 65535 || grid.z > 65535) {
    snprintf(why, sizeof why, "grid (%u,%u,%u) is larger than "
             "(2147483647,65535,65535)", grid.x, grid.y, grid.z);
    error = 9;
  } else if (shmem > max_shared) {
    snprintf(why, sizeof why, "%zu bytes of dynamic shared memory, more than "
             "the %zu allowed", shmem, max_shared);
    error = 1;
  }
  if (error) {
    litdnn_emu_set_error(error);
    litdnn_emu_warn("launch of kernel '%s' failed: %s (%s, returned by "
                    "cudaGetLastError)", k->name, why,
                    litdnn_emu_cudaGetErrorName(error));
  }
  return error;
}

static void check_pointer_arguments(const struct litdnn_emu_kernel *k,
                                    const void *const *argv) {
  const char *name = k->param_names;
  for (int i = 0; i < k->nparams; i++) {
    size_t len = strcspn(name, ",");
    if (k->pointer_params[i] == 'P' && argv[i] &&
        !litdnn_emu_is_device_pointer(argv[i])) {
      char what[200];
      litdnn_emu_fatal("argument %d '%.*s' of kernel '%s' is %s, not device "
                       "memory from cudaMalloc", i + 1, (int)len, name,
                       k->name, litdnn_emu_describe_pointer(argv[i], what,
                                                            sizeof what));
    }
    name += len + (name[len] == ',');
  }
}

void litdnn_emu_launch(const struct litdnn_emu_kernel *k, void *args,
                       const void *const *argv, litdnn_emu_dim3 grid,
                       litdnn_emu_dim3 block, size_t shmem,
                       litdnn_emu_stream_t stream) {
  (void)stream;                 /* streams run in order: every launch is synchronous */
  litdnn_emu_init();
  if (litdnn_emu_current)
    litdnn_emu_fatal("kernel '%s' launched from inside a kernel (dynamic "
                     "parallelism is not supported)", k->name);
  if (bad_configuration(k, grid, block, shmem))
    return;
  pthread_mutex_lock(&launch_lock);
  check_pointer_arguments(k, argv);
  int n = (int)(block.x * block.y * block.z);
  litdnn_emu_run.kernel = k;
  litdnn_emu_run.args = args;
  litdnn_emu_run.nthreads = n;
  litdnn_emu_run.dynamic_bytes = shmem;
  litdnn_emu_run.dynamic_shared = malloc(shmem ? shmem : 1);
  litdnn_emu_block_dim = block;
  litdnn_emu_grid_dim = grid;
  nshared = 0;
  shared_total = 0;
  warned_this_launch = 0;
  rng_state = litdnn_emu_seed * 2654435761ull + 0x9e3779b97f4a7c15ull;
  
#line 1404 "chapters/01-emulator.nw"
for (int i = 0; i < n; i++) {
  struct litdnn_emu_fiber *f = litdnn_emu_fiber_get(i);
  f->linear = i;
  f->idx.x = (unsigned)i % block.x;
  f->idx.y = (unsigned)i / block.x % block.y;
  f->idx.z = (unsigned)i / (block.x * block.y);
#ifdef LITDNN_EMU_TSAN
  char name[64];
  snprintf(name, sizeof name, "CUDA thread (%u,%u,%u)", f->idx.x, f->idx.y,
           f->idx.z);
  __tsan_set_fiber_name(f->sanitizer_fiber, name);
#endif
}
#line 1502 "chapters/01-emulator.nw"
  unsigned long long blocks = (unsigned long long)grid.x * grid.y * grid.z;
  litdnn_emu_memory_open(1);
  litdnn_emu_run.in_kernel = 1;
  /* the block order follows the schedule; i * (a prime) + offset, taken
     modulo the block count, visits every block once */
  unsigned long long offset = rng_state % blocks;
  unsigned long long stride = blocks % 2654435761ull ? 2654435761ull : 1;
  for (unsigned long long i = 0; i < blocks; i++) {
    unsigned long long j = i;
    if (litdnn_emu_schedule == LITDNN_EMU_REVERSE)
      j = blocks - 1 - i;
    else if (litdnn_emu_schedule == LITDNN_EMU_RANDOM)
      j = (i % blocks * stride % blocks + offset) % blocks;
    litdnn_emu_dim3 b;
    b.x = (unsigned)(j % grid.x);
    b.y = (unsigned)(j / grid.x % grid.y);
    b.z = (unsigned)(j / ((unsigned long long)grid.x * grid.y));
    run_block(b, n);
  }
  litdnn_emu_run.in_kernel = 0;
  litdnn_emu_memory_check_canaries(k->name);
  litdnn_emu_memory_open(0);
  free(litdnn_emu_run.dynamic_shared);
  litdnn_emu_run.dynamic_shared = NULL;
  pthread_mutex_unlock(&launch_lock);
}
