#line 1289 "chapters/01-emulator.nw"
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
/* a warp_kind of its own: waiting to learn its coalesced group */
#define COALESCE 100
/* addresses the race checker synchronises on */
static char block_start_sync __attribute__((unused)),
    block_end_sync __attribute__((unused)), barrier_sync[2] __attribute__((unused)),
    warp_sync[64] __attribute__((unused)), grid_sync[2] __attribute__((unused));
/* barriers released so far in this block (in the grid): picks
   barrier_sync[] (grid_sync[]) in turn */
static unsigned barrier_round, grid_round;
/* the running block's threads are fibers block_base .. block_base + n - 1 */
static int block_base;
#define FIBER(i) litdnn_emu_fiber_get(block_base + (i))

#line 1331 "chapters/01-emulator.nw"
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
#line 1354 "chapters/01-emulator.nw"
static void thread_body(struct litdnn_emu_fiber *f) {
  litdnn_emu_fiber_begin(f);
  LITDNN_EMU_TSAN_ACQUIRE(&block_start_sync);
  litdnn_emu_run.kernel->entry(litdnn_emu_run.args);
  f->state = LITDNN_EMU_EXITED;
  LITDNN_EMU_TSAN_RELEASE(&block_end_sync);
  litdnn_emu_fiber_yield(f, 1);
  abort();                      /* an exited fiber is never resumed */
}

/* a failed assert() ends its thread as a return would, with CUDA's
   message; the launch, and every later one, fails with cudaErrorAssert */
static int device_asserted;
int litdnn_emu_device_asserted(void) { return device_asserted; }

void litdnn_emu_device_assert(const char *expr, const char *file,
                              unsigned line, const char *function) {
  struct litdnn_emu_fiber *f = litdnn_emu_current;
  if (!f || !litdnn_emu_run.in_kernel)
    return;
  litdnn_emu_dim3 b = litdnn_emu_block_idx, t = f->idx;
  fflush(stdout);
  fprintf(stderr, "%s:%u: %s: block: [%u,%u,%u], thread: [%u,%u,%u] Assertion "
          "`%s` failed.\n", file, line, function, b.x, b.y, b.z, t.x, t.y, t.z, expr);
  device_asserted = 1;
  f->state = LITDNN_EMU_EXITED;
  LITDNN_EMU_TSAN_RELEASE(&block_end_sync);
  litdnn_emu_fiber_yield(f, 1);
  abort();
}
#line 1403 "chapters/01-emulator.nw"
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
#line 1850 "chapters/01-emulator.nw"
void litdnn_emu_grid_sync(const char *file, int line) {
  struct litdnn_emu_fiber *f = litdnn_emu_current;
  if (!f)
    litdnn_emu_fatal("%s:%d: a grid-wide barrier called outside a kernel",
                     file, line);
  if (!litdnn_emu_run.cooperative)
    litdnn_emu_fatal("%s:%d: kernel '%s' waits at a grid-wide barrier "
                     "(grid.sync()), but it was launched with <<<...>>>: only a "
                     "kernel launched with cudaLaunchCooperativeKernel may",
                     file, line, litdnn_emu_run.kernel->name);
  char *sync = &grid_sync[grid_round & 1];
  f->state = LITDNN_EMU_AT_GRID;
  f->barrier_file = file;
  f->barrier_line = line;
  LITDNN_EMU_TSAN_RELEASE(sync);
  litdnn_emu_fiber_yield(f, 0);
  LITDNN_EMU_TSAN_ACQUIRE(sync);
  (void)sync;
}
#line 1558 "chapters/01-emulator.nw"
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
  char *sync = &warp_sync[(block_base + f->linear) / 32 % 64];
  if (kind == LITDNN_EMU_WARP_SYNC)
    LITDNN_EMU_TSAN_RELEASE(sync);
  litdnn_emu_fiber_yield(f, 0);
  if (kind == LITDNN_EMU_WARP_SYNC)
    LITDNN_EMU_TSAN_ACQUIRE(sync);
  (void)sync;
  return f->warp_result;
}

unsigned litdnn_emu_active_mask(void) {
  struct litdnn_emu_fiber *f = litdnn_emu_current;
  unsigned m = 0;
  if (!f)
    return 0;
  int base = f->linear & ~31;
  for (int l = 0; l < 32 && base + l < litdnn_emu_run.nthreads; l++)
    if (FIBER(base + l)->state != LITDNN_EMU_EXITED)
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
      const struct litdnn_emu_fiber *g = FIBER(base + l);
      if (g->state == LITDNN_EMU_AT_WARP && g->warp_kind != COALESCE)
        waiting |= 1u << l;
      if (g->state != LITDNN_EMU_EXITED) alive |= 1u << l;
    }
    int ready = waiting != 0;
    for (int l = 0; l < lanes; l++)
      if ((waiting >> l & 1) && (FIBER(base + l)->warp_mask & alive & ~waiting))
        ready = 0;
    if (!ready)
      continue;
    for (int l = 0; l < lanes; l++) {
      struct litdnn_emu_fiber *f = FIBER(base + l);
      if (!(waiting >> l & 1))
        continue;
      unsigned votes = 0, members = f->warp_mask & waiting;
      for (int m = 0; m < lanes; m++)
        if ((members >> m & 1) && FIBER(base + m)->warp_value)
          votes |= 1u << m;
      switch (f->warp_kind) {
      case LITDNN_EMU_VOTE_BALLOT: f->warp_result = votes; break;
      case LITDNN_EMU_VOTE_ANY: f->warp_result = votes != 0; break;
      case LITDNN_EMU_VOTE_ALL: f->warp_result = votes == members; break;
      case LITDNN_EMU_WARP_SYNC: f->warp_result = 0; break;
      case LITDNN_EMU_MATCH_ANY:
        f->warp_result = 0;
        for (int m = 0; m < lanes; m++)
          if ((members >> m & 1) && FIBER(base + m)->warp_value == f->warp_value)
            f->warp_result |= 1u << m;
        break;
      default:
        f->warp_result = f->warp_src < lanes && (members >> f->warp_src & 1)
            ? FIBER(base + f->warp_src)->warp_value
            : f->warp_value;
      }
    }
    for (int l = 0; l < lanes; l++)
      if (waiting >> l & 1)
        FIBER(base + l)->state = LITDNN_EMU_RUNNABLE;
    released++;
  }
  return released;
}
#line 1675 "chapters/01-emulator.nw"
unsigned litdnn_emu_coalesce(const char *file, int line) {
  struct litdnn_emu_fiber *f = litdnn_emu_current;
  if (!f)
    litdnn_emu_fatal("coalesced_threads() called outside a kernel");
  f->warp_kind = COALESCE;
  f->barrier_file = file;
  f->barrier_line = line;
  f->state = LITDNN_EMU_AT_WARP;
  litdnn_emu_fiber_yield(f, 0);
  return (unsigned)f->warp_result;
}

static int release_coalesced(int n) {
  int released = 0;
  for (int base = 0; base < n; base += 32) {
    int lanes = n - base < 32 ? n - base : 32;
    for (int l = 0; l < lanes; l++) {
      struct litdnn_emu_fiber *f = FIBER(base + l);
      if (f->state != LITDNN_EMU_AT_WARP || f->warp_kind != COALESCE)
        continue;
      unsigned group = 0;
      for (int m = l; m < lanes; m++) {
        struct litdnn_emu_fiber *g = FIBER(base + m);
        if (g->state == LITDNN_EMU_AT_WARP && g->warp_kind == COALESCE &&
            g->barrier_line == f->barrier_line &&
            !strcmp(g->barrier_file, f->barrier_file))
          group |= 1u << m;
      }
      for (int m = l; m < lanes; m++)
        if (group >> m & 1) {
          FIBER(base + m)->warp_result = group;
          FIBER(base + m)->state = LITDNN_EMU_RUNNABLE;
        }
      released++;
    }
  }
  return released;
}
#line 1740 "chapters/01-emulator.nw"
#define LITDNN_EMU_POISON 0xff     /* a float NaN, an int -1 */
#define LITDNN_EMU_STATIC_SHARED_MAX (48 * 1024)
static struct { void *p; size_t bytes; unsigned generation; } shared_arrays[64];
static int nshared;
static size_t shared_total;
/* arrays declared __shared__ at file scope, and file-scope extern
   __shared__ pointers: registered when the program starts */
static struct { void *p; size_t bytes; } file_shared[64];
static int nfile_shared;
static void **dynamic_pointers[64];
static int ndynamic_pointers;

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

void litdnn_emu_shared_file_scope(void *array, size_t bytes) {
  if (nfile_shared == 64)
    litdnn_emu_fatal("more than 64 __shared__ arrays at file scope");
  file_shared[nfile_shared].p = array;
  file_shared[nfile_shared++].bytes = bytes;
}

void litdnn_emu_dynamic_shared_pointer(void **pointer) {
  if (ndynamic_pointers == 64)
    litdnn_emu_fatal("more than 64 extern __shared__ arrays at file scope");
  dynamic_pointers[ndynamic_pointers++] = pointer;
}

/* at each block's start: poison the file-scope arrays, aim the pointers */
static void file_scope_shared(void) {
  for (int i = 0; i < nfile_shared; i++)
    poison(file_shared[i].p, file_shared[i].bytes);
  for (int i = 0; i < ndynamic_pointers; i++)
    *dynamic_pointers[i] = litdnn_emu_run.dynamic_shared;
}
#line 1479 "chapters/01-emulator.nw"
static int order[1024];
#line 1530 "chapters/01-emulator.nw"
static void index_threads(litdnn_emu_dim3 block, int n) {
  for (int i = 0; i < n; i++) {
    struct litdnn_emu_fiber *f = FIBER(i);
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
}

#line 1482 "chapters/01-emulator.nw"
static litdnn_emu_dim3 block_index(litdnn_emu_dim3 grid, unsigned long long j) {
  litdnn_emu_dim3 b;
  b.x = (unsigned)(j % grid.x);
  b.y = (unsigned)(j / grid.x % grid.y);
  b.z = (unsigned)(j / ((unsigned long long)grid.x * grid.y));
  return b;
}

static void start_block(litdnn_emu_dim3 b, int n) {
  litdnn_emu_block_idx = b;
  litdnn_emu_run.block_idx = b;
  block_generation++;
  for (int i = 0; i < n; i++)
    litdnn_emu_fiber_start(FIBER(i), thread_body);
  poison(litdnn_emu_run.dynamic_shared, litdnn_emu_run.dynamic_bytes);
  file_scope_shared();
  LITDNN_EMU_TSAN_RELEASE(&block_start_sync);
}

/* until every thread has returned or waits at a grid-wide barrier */
static void run_block(int n) {
  for (;;) {
    make_order(order, n);
    for (int k = 0; k < n; k++) {
      struct litdnn_emu_fiber *f = FIBER(order[k]);
      if (f->state == LITDNN_EMU_RUNNABLE)
        litdnn_emu_fiber_resume(f);
    }
    int exited = 0, at_warp = 0, at_grid = 0;
    for (int i = 0; i < n; i++) {
      int s = FIBER(i)->state;
      exited += s == LITDNN_EMU_EXITED;
      at_warp += s == LITDNN_EMU_AT_WARP;
      at_grid += s == LITDNN_EMU_AT_GRID;
    }
    if (exited + at_grid == n)
      break;
    if (at_warp) {
      if (release_warps(n) || release_coalesced(n))
        continue;
      
#line 1716 "chapters/01-emulator.nw"
for (int base = 0; base < n; base += 32) {
  unsigned waiting = 0, others = 0;
  for (int l = 0; l < 32 && base + l < n; l++) {
    int s = FIBER(base + l)->state;
    if (s == LITDNN_EMU_AT_WARP) waiting |= 1u << l;
    if (s == LITDNN_EMU_AT_BARRIER || s == LITDNN_EMU_AT_GRID) others |= 1u << l;
  }
  if (waiting)
    litdnn_emu_fatal("kernel '%s' block (%u,%u,%u) never finishes: lanes "
                     "0x%08x of warp %d wait at a warp function (__shfl*_sync, "
                     "__syncwarp, __ballot_sync) while lanes 0x%08x of their "
                     "mask wait at a barrier",
                     litdnn_emu_run.kernel->name, litdnn_emu_block_idx.x,
                     litdnn_emu_block_idx.y, litdnn_emu_block_idx.z, waiting,
                     base / 32, others);
}
#line 1523 "chapters/01-emulator.nw"
    }
    
#line 1422 "chapters/01-emulator.nw"
{
  int waiting = 0, exited = 0, split = 0;
  const struct litdnn_emu_fiber *first = NULL, *other = NULL;
  for (int i = 0; i < n; i++) {
    struct litdnn_emu_fiber *f = FIBER(i);
    if (f->state == LITDNN_EMU_AT_GRID) {
      
#line 1880 "chapters/01-emulator.nw"
const struct litdnn_emu_fiber *g = f, *t = NULL;
for (int j = 0; j < n && !t; j++)
  if (FIBER(j)->state == LITDNN_EMU_AT_BARRIER)
    t = FIBER(j);
litdnn_emu_fatal("kernel '%s' block (%u,%u,%u) never finishes: thread "
                 "(%u,%u,%u) waits at the grid-wide barrier at %s:%d while "
                 "thread (%u,%u,%u) waits at __syncthreads() at %s:%d",
                 litdnn_emu_run.kernel->name, litdnn_emu_block_idx.x,
                 litdnn_emu_block_idx.y, litdnn_emu_block_idx.z, g->idx.x,
                 g->idx.y, g->idx.z, g->barrier_file, g->barrier_line,
                 t ? t->idx.x : 0, t ? t->idx.y : 0, t ? t->idx.z : 0,
                 t ? t->barrier_file : "?", t ? t->barrier_line : 0);
#line 1429 "chapters/01-emulator.nw"
    } else if (f->state == LITDNN_EMU_EXITED) {
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
  if ((exited > 0 || split) && !device_asserted) {
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
    struct litdnn_emu_fiber *f = FIBER(i);
    if (f->state == LITDNN_EMU_AT_BARRIER)
      f->state = LITDNN_EMU_RUNNABLE;
  }
  barrier_round++;
}
#line 1525 "chapters/01-emulator.nw"
  }
}
#line 1897 "chapters/01-emulator.nw"
struct coop_block {
  litdnn_emu_dim3 idx;
  unsigned generation, barrier_round;
  char *dynamic_shared;
  char *saved;               /* its copy of the file-scope arrays, then of */
  int nsaved, done;          /* the first nsaved registered arrays */
};

static void switch_in(struct coop_block *c, int k, int n) {
  block_base = k * n;
  litdnn_emu_block_idx = c->idx;
  litdnn_emu_run.block_idx = c->idx;
  litdnn_emu_run.dynamic_shared = c->dynamic_shared;
  block_generation = c->generation;
  barrier_round = c->barrier_round;
  size_t at = 0;
  for (int i = 0; i < nfile_shared; i++) {
    if (c->saved)
      memcpy(file_shared[i].p, c->saved + at, file_shared[i].bytes);
    else
      poison(file_shared[i].p, file_shared[i].bytes);
    at += file_shared[i].bytes;
  }
  for (int i = 0; i < ndynamic_pointers; i++)
    *dynamic_pointers[i] = c->dynamic_shared;
  for (int i = 0; i < nshared; i++) {
    if (i < c->nsaved) {
      memcpy(shared_arrays[i].p, c->saved + at, shared_arrays[i].bytes);
      shared_arrays[i].generation = c->generation;
      at += shared_arrays[i].bytes;
    } else {
      shared_arrays[i].generation = 0;    /* not declared by this block yet */
    }
  }
}

static void switch_out(struct coop_block *c) {
  size_t bytes = shared_total;
  for (int i = 0; i < nfile_shared; i++)
    bytes += file_shared[i].bytes;
  c->barrier_round = barrier_round;
  c->saved = realloc(c->saved, bytes ? bytes : 1);
  size_t at = 0;
  for (int i = 0; i < nfile_shared; i++) {
    memcpy(c->saved + at, file_shared[i].p, file_shared[i].bytes);
    at += file_shared[i].bytes;
  }
  for (int i = 0; i < nshared; i++) {
    memcpy(c->saved + at, shared_arrays[i].p, shared_arrays[i].bytes);
    at += shared_arrays[i].bytes;
  }
  c->nsaved = nshared;
}

static void run_cooperative(litdnn_emu_dim3 grid, litdnn_emu_dim3 block, int n,
                            int blocks) {
  struct coop_block *c = calloc((size_t)blocks, sizeof *c);
  int *turn = malloc((size_t)blocks * sizeof *turn);
  if (!c || !turn)
    litdnn_emu_fatal("out of memory for a cooperative launch");
  char *first_dynamic = litdnn_emu_run.dynamic_shared;
  for (int k = 0; k < blocks; k++) {
    block_base = k * n;
    index_threads(block, n);
    c[k].idx = block_index(grid, (unsigned long long)k);
    c[k].dynamic_shared = k ? malloc(litdnn_emu_run.dynamic_bytes + 1) : first_dynamic;
    litdnn_emu_run.dynamic_shared = c[k].dynamic_shared;
    start_block(c[k].idx, n);
    c[k].generation = block_generation;
  }
  for (int left = blocks; left > 0;) {
    make_order(turn, blocks);
    for (int t = 0; t < blocks; t++) {
      struct coop_block *b = &c[turn[t]];
      if (b->done)
        continue;
      switch_in(b, turn[t], n);
      run_block(n);
      b->done = 1;
      for (int i = 0; i < n; i++)
        b->done &= FIBER(i)->state == LITDNN_EMU_EXITED;
      left -= b->done;
      switch_out(b);
    }
    if (left > 0) {
      
#line 2003 "chapters/01-emulator.nw"
int waiting = 0, exited = 0, gone = -1;
for (int k = 0; k < blocks; k++) {
  block_base = k * n;
  if (c[k].done && gone < 0)
    gone = k;
  for (int i = 0; i < n; i++) {
    int st = FIBER(i)->state;
    waiting += st == LITDNN_EMU_AT_GRID;
    exited += st == LITDNN_EMU_EXITED && !c[k].done;
  }
}
if (gone >= 0)
  litdnn_emu_fatal("kernel '%s' never finishes: every thread of block "
                   "(%u,%u,%u) returned while %d threads wait at the "
                   "grid-wide barrier (every thread of the grid must reach it)",
                   litdnn_emu_run.kernel->name, c[gone].idx.x, c[gone].idx.y,
                   c[gone].idx.z, waiting);
if (exited && (litdnn_emu_strict || !warned_this_launch)) {
  void (*say)(const char *, ...) =
      litdnn_emu_strict ? litdnn_emu_fatal : litdnn_emu_warn;
  say("%sthe grid-wide barrier in kernel '%s' is reached by only %d of the "
      "%d threads that have not finished; the other %d had returned (every "
      "thread of the grid must reach it)",
      litdnn_emu_strict ? "" : "warning: ", litdnn_emu_run.kernel->name,
      waiting, waiting + exited, exited);
  warned_this_launch = 1;
}
for (int k = 0; k < blocks; k++) {
  block_base = k * n;
  for (int i = 0; i < n; i++)
    if (FIBER(i)->state == LITDNN_EMU_AT_GRID)
      FIBER(i)->state = LITDNN_EMU_RUNNABLE;
}
grid_round++;
#line 1983 "chapters/01-emulator.nw"
    }
  }
  LITDNN_EMU_TSAN_ACQUIRE(&block_end_sync);
  for (int k = 1; k < blocks; k++)
    free(c[k].dynamic_shared);
  for (int k = 0; k < blocks; k++)
    free(c[k].saved);
  litdnn_emu_run.dynamic_shared = first_dynamic;
  block_base = 0;
  free(c);
  free(turn);
}

#line 2044 "chapters/01-emulator.nw"
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

/* blocks of `threads` threads and `shmem` bytes of dynamic shared memory
   that the one emulated multiprocessor holds at once: 2048 threads, 32
   blocks, 228 KiB of shared memory (1 KiB of it reserved per block) */
static int blocks_per_multiprocessor(int threads, size_t shmem) {
  if (threads <= 0 || threads > 1024)
    return 0;
  int by_threads = 64 / ((threads + 31) / 32);
  int by_shared = (int)((size_t)228 * 1024 / (shmem + 1024));
  int n = by_threads < by_shared ? by_threads : by_shared;
  return n < 32 ? n : 32;
}

static int cooperative_too_large(const struct litdnn_emu_kernel *k,
                                 litdnn_emu_dim3 grid, litdnn_emu_dim3 block,
                                 size_t shmem) {
  unsigned long long blocks = (unsigned long long)grid.x * grid.y * grid.z;
  int threads = (int)(block.x * block.y * block.z);
  int fit = blocks_per_multiprocessor(threads, shmem) * LITDNN_EMU_MULTIPROCESSORS;
  if (blocks <= (unsigned long long)fit)
    return 0;
  litdnn_emu_set_error(720);
  litdnn_emu_warn("cooperative launch of kernel '%s' failed: %llu blocks of %d "
                  "threads, but the emulated device holds only %d such blocks at "
                  "once (cudaErrorCooperativeLaunchTooLarge; ask "
                  "cudaOccupancyMaxActiveBlocksPerMultiprocessor)", k->name,
                  blocks, threads, fit);
  return 720;
}

/* the i-th line of text (texts of a launch's arguments), into out */
static const char *nth_line(const char *text, int i, char *out, size_t n) {
  out[0] = 0;
  for (; text && i > 0; i--)
    text = (text = strchr(text, '\n')) ? text + 1 : NULL;
  if (text)
    snprintf(out, n, "%.*s", (int)strcspn(text, "\n"), text);
  return out;
}

static void check_pointer_arguments(const struct litdnn_emu_kernel *k,
                                    const void *const *argv) {
  const char *name = k->param_names ? k->param_names : "";
  for (int i = 0; i < k->nparams; i++) {
    size_t len = strcspn(name, ",");
    if (k->pointer_params[i] == 'P' && argv[i] &&
        !litdnn_emu_is_kernel_pointer(argv[i])) {
      char what[200], text[200], param[140] = "", passed[300] = "";
      if (len)
        snprintf(param, sizeof param, " '%.*s'", (int)len, name);
      if (*nth_line(litdnn_emu_run.arg_texts, i, text, sizeof text))
        snprintf(passed, sizeof passed, " (the host passed '%s' at %s:%d)", text,
                 litdnn_emu_run.launch_file, litdnn_emu_run.launch_line);
      litdnn_emu_fatal("argument %d%s of kernel '%s'%s is %s, not device "
                       "memory from cudaMalloc", i + 1, param, k->name, passed,
                       litdnn_emu_describe_pointer(argv[i], what, sizeof what));
    }
    name += len + (name[len] == ',');
  }
}

/* a launch; in a cooperative one every block runs at once */
static int launch_grid(const struct litdnn_emu_kernel *k, void *args,
                       const void *const *argv, litdnn_emu_dim3 grid,
                       litdnn_emu_dim3 block, size_t shmem, int cooperative) {
  litdnn_emu_init();
  if (litdnn_emu_current)
    litdnn_emu_fatal("kernel '%s' launched from inside a kernel (dynamic "
                     "parallelism is not supported)", k->name);
  LITDNN_EMU_LOCKED;
  if (device_asserted)          /* as on a GPU, the context is lost */
    return litdnn_emu_set_error(710);
  litdnn_emu_thread_altstack();
  int error = bad_configuration(k, grid, block, shmem);
  if (!error && cooperative)
    error = cooperative_too_large(k, grid, block, shmem);
  if (error)
    return error;
  check_pointer_arguments(k, argv);
  int n = (int)(block.x * block.y * block.z);
  litdnn_emu_run.kernel = k;
  litdnn_emu_run.args = args;
  litdnn_emu_run.nthreads = n;
  litdnn_emu_run.cooperative = cooperative;
  litdnn_emu_run.dynamic_bytes = shmem;
  litdnn_emu_run.dynamic_shared = malloc(shmem ? shmem : 1);
  litdnn_emu_block_dim = block;
  litdnn_emu_grid_dim = grid;
  nshared = 0;
  shared_total = 0;
  warned_this_launch = 0;
  block_base = 0;
  rng_state = litdnn_emu_seed * 2654435761ull + 0x9e3779b97f4a7c15ull;
  index_threads(block, n);
  unsigned long long blocks = (unsigned long long)grid.x * grid.y * grid.z;
  litdnn_emu_memory_open(1);
  litdnn_emu_run.in_kernel = 1;
  if (cooperative) {
    run_cooperative(grid, block, n, (int)blocks);
  } else {
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
      start_block(block_index(grid, j), n);
      run_block(n);
      LITDNN_EMU_TSAN_ACQUIRE(&block_end_sync);
    }
  }
  litdnn_emu_run.in_kernel = 0;
  litdnn_emu_run.cooperative = 0;
  litdnn_emu_memory_check_canaries(k->name);
  litdnn_emu_memory_open(0);
  free(litdnn_emu_run.dynamic_shared);
  litdnn_emu_run.dynamic_shared = NULL;
  return device_asserted ? litdnn_emu_set_error(710) : 0;
}

void litdnn_emu_launch(const struct litdnn_emu_kernel *k, void *args,
                       const void *const *argv, litdnn_emu_dim3 grid,
                       litdnn_emu_dim3 block, size_t shmem,
                       litdnn_emu_stream_t stream) {
  (void)stream;                 /* streams run in order: every launch is synchronous */
  launch_grid(k, args, argv, grid, block, shmem, 0);
}

/* the buffers passed as arguments are named by the host's text for them */
void litdnn_emu_launch_at(const struct litdnn_emu_kernel *k, void *args,
                          const void *const *argv, const char *arg_texts,
                          const char *file, int line, litdnn_emu_dim3 grid,
                          litdnn_emu_dim3 block, size_t shmem,
                          litdnn_emu_stream_t stream) {
  (void)stream;
  litdnn_emu_init();
  LITDNN_EMU_LOCKED;             /* the labels are this launch's */
  char text[200];
  for (int i = 0; i < k->nparams; i++)
    if (k->pointer_params[i] == 'P' && argv[i])
      litdnn_emu_label_buffer(argv[i], nth_line(arg_texts, i, text, sizeof text));
  litdnn_emu_run.arg_texts = arg_texts;
  litdnn_emu_run.launch_file = file;
  litdnn_emu_run.launch_line = line;
  launch_grid(k, args, argv, grid, block, shmem, 0);
  litdnn_emu_run.arg_texts = NULL;
  litdnn_emu_clear_labels();
}

const struct litdnn_emu_kernel *litdnn_emu_running_kernel(void)
{ return litdnn_emu_run.kernel; }

int litdnn_emu_in_cooperative_launch(void)
{ return litdnn_emu_run.in_kernel && litdnn_emu_run.cooperative; }
#line 2246 "chapters/01-emulator.nw"
static const struct litdnn_emu_kernel **registered;
static int nregistered;

void litdnn_emu_register_kernel(const struct litdnn_emu_kernel *k) {
  LITDNN_EMU_LOCKED;
  if (nregistered % 256 == 0) {
    registered = realloc(registered, (size_t)(nregistered + 256) * sizeof *registered);
    if (!registered)
      litdnn_emu_fatal("out of memory registering kernel '%s'", k->name);
  }
  registered[nregistered++] = k;
}

const struct litdnn_emu_kernel *litdnn_emu_find_kernel(const void *func) {
  LITDNN_EMU_LOCKED;
  for (int i = nregistered - 1; i >= 0; i--)
    if (registered[i]->func == func)
      return registered[i];
  return NULL;
}

static int launch_by_address(const char *call, const void *func,
                             litdnn_emu_dim3 grid, litdnn_emu_dim3 block,
                             void **args, size_t shmem, int cooperative) {
  litdnn_emu_init();
  LITDNN_EMU_LOCKED;
  const struct litdnn_emu_kernel *k = litdnn_emu_find_kernel(func);
  if (!k || !k->pack) {
    litdnn_emu_warn("%s: %p is not a kernel of this program (pass a "
                    "__global__ function; a template kernel with its template "
                    "arguments)", call, func);
    return litdnn_emu_set_error(98);
  }
  if (k->nparams && !args) {
    litdnn_emu_warn("%s: kernel '%s' takes %d arguments, but the argument "
                    "array is NULL", call, k->name, k->nparams);
    return litdnn_emu_set_error(1);
  }
  void *packed = calloc(1, k->args_size ? k->args_size : 1);
  const void **argv = calloc((size_t)k->nparams + 1, sizeof *argv);
  if (!packed || !argv)
    litdnn_emu_fatal("%s: out of memory", call);
  if (k->nparams)
    k->pack(packed, args);
  for (int i = 0; i < k->nparams; i++)
    if (k->pointer_params[i] == 'P')
      memcpy(&argv[i], args[i], sizeof argv[i]);
  int error = launch_grid(k, packed, argv, grid, block, shmem, cooperative);
  free(packed);
  free(argv);
  return error;
}

int litdnn_emu_cudaLaunchKernel(const void *func, litdnn_emu_dim3 grid,
                                litdnn_emu_dim3 block, void **args,
                                size_t shmem, litdnn_emu_stream_t stream) {
  (void)stream;
  return launch_by_address("cudaLaunchKernel", func, grid, block, args, shmem, 0);
}

int litdnn_emu_cudaLaunchCooperativeKernel(const void *func,
                                           litdnn_emu_dim3 grid,
                                           litdnn_emu_dim3 block, void **args,
                                           size_t shmem,
                                           litdnn_emu_stream_t stream) {
  (void)stream;
  return launch_by_address("cudaLaunchCooperativeKernel", func, grid, block,
                           args, shmem, 1);
}

int litdnn_emu_cudaOccupancyMaxActiveBlocksPerMultiprocessor(
    int *blocks, const void *func, int threads, size_t shmem) {
  (void)func;     /* registers and static shared memory are not counted */
  if (!blocks || threads <= 0 || threads > 1024)
    return litdnn_emu_set_error(1);
  *blocks = blocks_per_multiprocessor(threads, shmem);
  return 0;
}
