/* The device memory pool behind litdnnMalloc and the handles' workspaces:
 * random sequences of allocations and frees checked against a model, best
 * fit, splitting and coalescing on exact addresses, the memory limit and
 * the workspace reserve, a device that runs out, reuse in stream order,
 * and the two overrun checks (the emulator's guard pages, AddressSanitizer
 * on the CPU backend).
 *
 * The tests reach into the pool through its test hooks (core/pool.h): a
 * check that its books balance, and a device that pretends to be small. */
#include "common.h"
#include "core/pool.h"
#include "../emu/include/litdnn_emu_runtime.h"
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#if defined(__SANITIZE_ADDRESS__)
#define T_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define T_ASAN 1
#endif
#endif
#ifdef T_ASAN
#include <sanitizer/asan_interface.h>
#endif

#define KiB ((size_t)1 << 10)
#define MiB ((size_t)1 << 20)

static const char *mode_names[] = {"packed", "guarded", "off"};

/* Skip unless the backend is wanted (LITDNN_TEST_BACKENDS) and present. */
static void require_backend(litdnnBackend_t backend)
{
  litdnnBackend_t all[LITDNN_BACKEND_COUNT];
  int n = t_backends(all);
  for (int i = 0; i < n; i++)
    if (all[i] == backend)
      return;
  cr_skip_test("the %s backend is left out or absent here", litdnnGetBackendName(backend));
}

/* A handle whose device pool is made in `mode` (NULL: the backend's
   default). Each test runs in a process of its own, so its first handle
   makes the pool. */
static litdnnHandle_t pool_handle(litdnnBackend_t backend, const char *mode)
{
  require_backend(backend);
  if (mode)
    setenv("LITDNN_POOL", mode, 1);
  else
    unsetenv("LITDNN_POOL");
  return t_handle(backend);
}

static litdnnMemoryStats_t stats_of(litdnnHandle_t h)
{
  litdnnMemoryStats_t st;
  cr_assert_eq(litdnnGetMemoryStats(h, &st), LITDNN_STATUS_SUCCESS, "%s", litdnnGetLastErrorString());
  return st;
}

static void books_balance(litdnnHandle_t h, const char *when)
{
  char why[512];
  cr_assert(litdnn_pool_check(h, why, sizeof why), "%s: %s (LITDNN_TEST_SEED=%llu)", when, why,
            (unsigned long long)t_seed());
}

static void *alloc_ok(litdnnHandle_t h, size_t bytes)
{
  void *p = NULL;
  litdnnStatus_t s = litdnnMalloc(h, &p, bytes);
  cr_assert_eq(s, LITDNN_STATUS_SUCCESS, "litdnnMalloc(%zu): %s: %s", bytes, litdnnGetErrorString(s),
               litdnnGetLastErrorString());
  return p;
}

static void free_ok(litdnnHandle_t h, void *p)
{
  litdnnStatus_t s = litdnnFree(h, p);
  cr_assert_eq(s, LITDNN_STATUS_SUCCESS, "litdnnFree(%p): %s", p, litdnnGetLastErrorString());
}

/* ---- random sequences against a model ---- */

typedef struct {
  int backend;   /* litdnnBackend_t */
  int mode;      /* litdnn_pool_mode */
} pool_case;

typedef struct {
  char *p;
  size_t n;
  unsigned char tag;
} live_block;

static int by_address(const void *a, const void *b)
{
  const live_block *x = a, *y = b;
  return (x->p > y->p) - (x->p < y->p);
}

/* The first and last (up to) 64 bytes of a block carry its tag: written
   when it is allocated, read back when it is freed. */
static void write_ends(litdnnHandle_t h, const live_block *b)
{
  unsigned char bytes[64];
  size_t k = b->n < 64 ? b->n : 64;
  memset(bytes, b->tag, sizeof bytes);
  cr_assert_eq(litdnnMemcpy(h, b->p, bytes, k, LITDNN_MEMCPY_HOST_TO_DEVICE), LITDNN_STATUS_SUCCESS);
  cr_assert_eq(litdnnMemcpy(h, b->p + b->n - k, bytes, k, LITDNN_MEMCPY_HOST_TO_DEVICE), LITDNN_STATUS_SUCCESS);
}

static void check_ends(litdnnHandle_t h, const live_block *b)
{
  unsigned char head[64], tail[64];
  size_t k = b->n < 64 ? b->n : 64;
  cr_assert_eq(litdnnMemcpy(h, head, b->p, k, LITDNN_MEMCPY_DEVICE_TO_HOST), LITDNN_STATUS_SUCCESS);
  cr_assert_eq(litdnnMemcpy(h, tail, b->p + b->n - k, k, LITDNN_MEMCPY_DEVICE_TO_HOST), LITDNN_STATUS_SUCCESS);
  for (size_t i = 0; i < k; i++)
    cr_assert(head[i] == b->tag && tail[i] == b->tag,
              "the block at %p (%zu bytes) lost its contents at byte %zu: another block overlapped it "
              "(LITDNN_TEST_SEED=%llu)", (void *)b->p, b->n, head[i] == b->tag ? b->n - k + i : i,
              (unsigned long long)t_seed());
}

ParameterizedTestParameters(memory, random_sequences_match_a_model)
{
  static pool_case cases[] = {
    {LITDNN_BACKEND_CPU, LITDNN_POOL_PACKED}, {LITDNN_BACKEND_CPU, LITDNN_POOL_GUARDED},
    {LITDNN_BACKEND_CPU, LITDNN_POOL_OFF},    {LITDNN_BACKEND_EMU, LITDNN_POOL_GUARDED},
    {LITDNN_BACKEND_EMU, LITDNN_POOL_PACKED},
  };
  return cr_make_param_array(pool_case, cases, sizeof cases / sizeof cases[0]);
}

ParameterizedTest(pool_case *c, memory, random_sequences_match_a_model, .timeout = 240)
{
  int emu = c->backend == LITDNN_BACKEND_EMU, packed = c->mode == LITDNN_POOL_PACKED;
  litdnnHandle_t h = pool_handle((litdnnBackend_t)c->backend, mode_names[c->mode]);
  cr_assert_eq(litdnn_pool_mode_of(h), c->mode);
  /* A menu of sizes, so that sizes repeat (the guarded mode reuses only
     equal sizes): most small, some up to 1 MiB, a few large. None is a
     multiple of 256 on purpose. The emulator fills every new buffer, so
     its sizes and its steps are fewer. */
  size_t menu[48], cap = emu ? 48 * MiB : 192 * MiB, largest = emu ? 3 * MiB : 24 * MiB;
  for (int i = 0; i < 48; i++) {
    int kind = t_rand_int(0, 19);
    size_t lo = kind < 12 ? 1 : kind < 17 ? 64 * KiB : MiB, hi = kind < 12 ? 64 * KiB : kind < 17 ? MiB : largest;
    menu[i] = lo + t_rand_u32() % (hi - lo) ;
    if (menu[i] % 256 == 0)
      menu[i]++;
  }
  int steps = emu ? 700 : 3000;
  size_t align = !emu || packed ? 256 : 16;
  live_block live[512];
  int n = 0;
  size_t sum = 0, allocs = 0;
  for (int step = 0; step < steps; step++) {
    int do_free = n > 0 && (n == 512 || sum > cap || t_rand_int(0, 99) < 45);
    if (do_free) {
      int i = t_rand_int(0, n - 1);
      check_ends(h, &live[i]);
      free_ok(h, live[i].p);
      sum -= live[i].n;
      live[i] = live[--n];
    } else {
      live_block *b = &live[n];
      b->n = menu[t_rand_int(0, 47)];
      b->p = alloc_ok(h, b->n);
      b->tag = (unsigned char)(step * 37 + 11);
      cr_assert((uintptr_t)b->p % align == 0, "block %p of %zu bytes is not aligned to %zu", (void *)b->p, b->n,
                align);
      write_ends(h, b);
      sum += b->n;
      n++;
      allocs++;
    }
    if (step % 500 == 499) {
      cr_assert_eq(litdnnEmptyCache(h), LITDNN_STATUS_SUCCESS);
      if (!packed) {
        litdnnMemoryStats_t st = stats_of(h);
        cr_assert_eq(st.reserved, st.inUse, "after litdnnEmptyCache an unpacked pool holds only live blocks");
      }
    }

    /* no two live blocks overlap */
    live_block sorted[512];
    memcpy(sorted, live, (size_t)n * sizeof *live);
    qsort(sorted, (size_t)n, sizeof *sorted, by_address);
    for (int i = 1; i < n; i++)
      cr_assert(sorted[i - 1].p + sorted[i - 1].n <= sorted[i].p,
                "step %d: blocks %p (%zu bytes) and %p overlap (LITDNN_TEST_SEED=%llu)", step,
                (void *)sorted[i - 1].p, sorted[i - 1].n, (void *)sorted[i].p, (unsigned long long)t_seed());

    /* every byte accounted for: the statistics against the model */
    litdnnMemoryStats_t st = stats_of(h);
    size_t waste = 0;
    for (int i = 0; i < n; i++)
      waste += live[i].n <= MiB ? 255 : MiB + 255;
    cr_assert_eq(st.liveBlocks, (size_t)n, "step %d", step);
    cr_assert_eq(st.requested, sum, "step %d: %zu bytes asked, the model says %zu", step, st.requested, sum);
    cr_assert(st.inUse >= sum && st.inUse <= st.reserved, "step %d: in use %zu, asked %zu, held %zu", step,
              st.inUse, sum, st.reserved);
    if (packed)
      cr_assert(st.inUse - sum <= waste, "step %d: %zu bytes lost to rounding, at most %zu allowed", step,
                st.inUse - sum, waste);
    else
      cr_assert_eq(st.inUse, sum, "step %d: an unpacked pool rounds nothing", step);
    cr_assert_eq(st.cached, st.reserved - st.inUse);
    cr_assert_eq(st.allocsFromCache + st.allocsFromDevice, allocs, "step %d", step);
    if (c->mode == LITDNN_POOL_OFF)
      cr_assert(st.allocsFromCache == 0 && st.segments == (size_t)n, "step %d: the off mode cached", step);
    if (step % 7 == 0 || step == steps - 1)
      books_balance(h, "a random step");
  }
  while (n > 0) {
    check_ends(h, &live[n - 1]);
    free_ok(h, live[--n].p);
  }
  cr_assert_eq(litdnnEmptyCache(h), LITDNN_STATUS_SUCCESS);
  litdnnMemoryStats_t st = stats_of(h);
  cr_assert(st.inUse == 0 && st.reserved == 0 && st.segments == 0 && st.requested == 0,
            "everything freed and the cache emptied, yet %zu in use, %zu held in %zu segments", st.inUse,
            st.reserved, st.segments);
  cr_assert_eq(st.deviceFrees, st.allocsFromDevice, "every device allocation went back");
  if (c->mode != LITDNN_POOL_OFF)
    cr_assert(st.allocsFromCache > 0, "a pool that never served from its cache");
  books_balance(h, "the end");
  litdnnDestroy(h);
}

/* ---- a training loop ---- */

ParameterizedTestParameters(memory, a_training_loop_allocates_from_the_device_in_its_first_step_only)
{
  static int backends[] = {LITDNN_BACKEND_CPU, LITDNN_BACKEND_EMU};
  return cr_make_param_array(int, backends, 2);
}

/* The same sizes every step: activations kept for the backward pass, a
   workspace freed at once, gradients freed as they are used. */
ParameterizedTest(int *backend, memory, a_training_loop_allocates_from_the_device_in_its_first_step_only,
                  .timeout = 60)
{
  static const size_t layer[] = {3 * MiB + 4000, 700 * KiB, 12 * MiB + 8, 96 * KiB + 4, 5 * MiB, 1000, 30 * MiB,
                                 2 * MiB + 44};
  enum { LAYERS = sizeof layer / sizeof layer[0], STEPS = 20 };
  litdnnHandle_t h = pool_handle((litdnnBackend_t)*backend, NULL);
  size_t first = 0, calls = 0;
  for (int step = 0; step < STEPS; step++) {
    void *act[LAYERS], *grad = NULL;
    for (int l = 0; l < LAYERS; l++) {
      act[l] = alloc_ok(h, layer[l]);
      free_ok(h, alloc_ok(h, layer[l] / 2 + 256));   /* a workspace */
      calls += 2;
    }
    for (int l = LAYERS - 1; l >= 0; l--) {
      void *g = alloc_ok(h, layer[l]);
      calls++;
      free_ok(h, grad);
      free_ok(h, act[l]);
      grad = g;
    }
    free_ok(h, grad);
    if (step == 0)
      first = stats_of(h).allocsFromDevice;
  }
  litdnnMemoryStats_t st = stats_of(h);
  cr_assert_eq(st.allocsFromDevice, first, "steps 2 to %d made %zu device allocations", STEPS,
               st.allocsFromDevice - first);
  cr_assert(calls >= 10 * st.allocsFromDevice, "%zu calls, %zu device allocations: fewer than 10 times fewer",
            calls, st.allocsFromDevice);
  cr_assert_eq(st.allocsFromCache + st.allocsFromDevice, calls);
  books_balance(h, "after the loop");
  litdnnDestroy(h);
}

/* ---- exact placement: splitting, coalescing, best fit ---- */

Test(memory, small_blocks_split_and_coalesce)
{
  litdnnHandle_t h = pool_handle(LITDNN_BACKEND_CPU, "packed");
  /* five small blocks fill one 2 MiB segment exactly, in address order */
  size_t size[5] = {256 * KiB, 128 * KiB, 512 * KiB, 384 * KiB, 768 * KiB};
  char *b[5];
  for (int i = 0; i < 5; i++)
    b[i] = alloc_ok(h, size[i]);
  for (int i = 1; i < 5; i++)
    cr_assert_eq(b[i], b[i - 1] + size[i - 1], "block %d is not where block %d ends", i, i - 1);
  litdnnMemoryStats_t st = stats_of(h);
  cr_assert(st.segments == 1 && st.reserved == 2 * MiB && st.inUse == 2 * MiB && st.allocsFromDevice == 1);
  free_ok(h, b[1]);
  free_ok(h, b[3]);
  st = stats_of(h);
  cr_assert_eq(st.largestFree, 384 * KiB);
  cr_assert_float_eq(st.fragmentation, 1.0 - 384.0 / 512.0, 1e-12, "two free pieces of 128 and 384 KiB");
  free_ok(h, b[2]);   /* merges with both neighbours */
  st = stats_of(h);
  cr_assert_eq(st.largestFree, MiB, "the three middle blocks did not coalesce");
  cr_assert_float_eq(st.fragmentation, 0.0, 1e-12);
  books_balance(h, "after coalescing");
  char *x = alloc_ok(h, 700 * KiB);   /* best fit: the merged block, split */
  cr_assert_eq(x, b[1], "700 KiB did not go where the merged block starts");
  st = stats_of(h);
  cr_assert_eq(st.largestFree, 324 * KiB, "the rest of the merged block was not split off");
  cr_assert_eq(st.allocsFromCache, 5, "four blocks carved from the first segment, and this one");
  books_balance(h, "after splitting");
  litdnnDestroy(h);
}

Test(memory, large_requests_take_the_best_fit)
{
  litdnnHandle_t h = pool_handle(LITDNN_BACKEND_CPU, "packed");
  char *a = alloc_ok(h, 30 * MiB), *b = alloc_ok(h, 12 * MiB), *c = alloc_ok(h, 24 * MiB);
  litdnnMemoryStats_t st = stats_of(h);
  cr_assert(st.segments == 3 && st.reserved == 66 * MiB, "three segments of their own, rounded to 2 MiB");
  free_ok(h, a);
  free_ok(h, b);
  free_ok(h, c);
  char *x = alloc_ok(h, 11 * MiB);
  cr_assert_eq(x, b, "11 MiB should take the 12 MiB block, the smallest that fits");
  st = stats_of(h);
  cr_assert_eq(st.inUse, 12 * MiB, "1 MiB left over is not worth splitting off a large block");
  char *y = alloc_ok(h, 20 * MiB);
  cr_assert_eq(y, c, "20 MiB should take the 24 MiB block");
  st = stats_of(h);
  cr_assert_eq(st.inUse, 32 * MiB, "the 4 MiB left over should have been split off");
  char *z = alloc_ok(h, 3 * MiB);   /* the 4 MiB remainder is the best fit */
  cr_assert_eq(z, c + 20 * MiB);
  st = stats_of(h);
  cr_assert(st.allocsFromDevice == 3 && st.allocsFromCache == 3);
  books_balance(h, "after best fits");
  litdnnDestroy(h);
}

/* ---- the limit, the reserve, running out ---- */

Test(memory, the_limit_refuses_with_a_message_and_the_pool_stays_usable)
{
  litdnnHandle_t h = pool_handle(LITDNN_BACKEND_CPU, "packed");
  cr_assert_eq(litdnnSetMemoryLimit(h, 8 * MiB), LITDNN_STATUS_SUCCESS);
  void *a = alloc_ok(h, 5 * MiB);
  litdnnMemoryStats_t st = stats_of(h);
  cr_assert(st.reserved <= 8 * MiB, "a segment larger than the limit: %zu bytes", st.reserved);
  void *b = (void *)0x1;
  t_assert_status(litdnnMalloc(h, &b, 4 * MiB), LITDNN_STATUS_ALLOC_FAILED, "bytes = 4194304 asked",
                  "over the limit");
  cr_assert(strstr(litdnnGetLastErrorString(), "5242880 bytes are in use") &&
            strstr(litdnnGetLastErrorString(), "limit is 8388608"), "%s", litdnnGetLastErrorString());
  cr_assert_eq(b, (void *)0x1, "a failing litdnnMalloc wrote its output");
  cr_assert_eq(stats_of(h).failedAllocs, 1);
  void *c = alloc_ok(h, 3 * MiB);   /* what is left under the limit */
  free_ok(h, a);
  void *d = alloc_ok(h, 4 * MiB);   /* room again: a's 5 MiB, whose last 1 MiB is not worth a block */
  books_balance(h, "under the limit");
  t_assert_status(litdnnSetMemoryLimit(h, 1 * MiB), LITDNN_STATUS_BAD_PARAM, "less than the 8388608 bytes in use",
                  "a limit below what is in use");
  cr_assert_eq(stats_of(h).limit, 8 * MiB, "a refused limit changed the limit");
  free_ok(h, c);
  free_ok(h, d);
  cr_assert_eq(litdnnSetMemoryLimit(h, 0), LITDNN_STATUS_SUCCESS);
  free_ok(h, alloc_ok(h, 40 * MiB));   /* no limit any more */
  litdnnDestroy(h);
}

Test(memory, a_lower_limit_gives_the_cache_back)
{
  litdnnHandle_t h = pool_handle(LITDNN_BACKEND_CPU, "packed");
  void *keep = alloc_ok(h, 1000);
  free_ok(h, alloc_ok(h, 6 * MiB));
  litdnnMemoryStats_t st = stats_of(h);
  cr_assert_eq(st.reserved, 2 * MiB + 20 * MiB, "a small segment and a shared large one");
  cr_assert_eq(litdnnSetMemoryLimit(h, 4 * MiB), LITDNN_STATUS_SUCCESS);
  st = stats_of(h);
  cr_assert_eq(st.reserved, 2 * MiB, "the free large segment was kept above the limit");
  cr_assert_eq(st.deviceFrees, 1);
  free_ok(h, keep);
  books_balance(h, "after a lower limit");
  litdnnDestroy(h);
}

/* Under a limit below what the pool holds, a cached block that would
   push the bytes in use past the limit is not handed out, and a segment
   goes back to the device as soon as its last block is freed. */
Test(memory, a_limit_below_what_the_pool_holds)
{
  litdnnHandle_t h = pool_handle(LITDNN_BACKEND_CPU, "packed");
  void *a = alloc_ok(h, 5 * MiB);
  free_ok(h, alloc_ok(h, 5 * MiB));   /* both from one shared 20 MiB segment */
  cr_assert_eq(litdnnSetMemoryLimit(h, 8 * MiB), LITDNN_STATUS_SUCCESS);
  litdnnMemoryStats_t st = stats_of(h);
  cr_assert_eq(st.reserved, 20 * MiB, "the segment is partly used: it stays");
  void *b = (void *)0x1;
  t_assert_status(litdnnMalloc(h, &b, 4 * MiB), LITDNN_STATUS_ALLOC_FAILED,
                  "bytes = 4194304 asked; 5242880 bytes are in use and the memory limit is 8388608",
                  "a cached block beyond the limit");
  cr_assert_eq(b, (void *)0x1);
  free_ok(h, a);
  st = stats_of(h);
  cr_assert(st.reserved == 0 && st.deviceFrees == 1, "an emptied segment above the limit was kept");
  books_balance(h, "below the limit");
  litdnnDestroy(h);
}

/* Without a limit the reserve still bounds the workspaces: the handles'
   own and the callers' (litdnnMallocWorkspace), together. */
Test(memory, the_workspace_reserve_bounds_workspaces_without_a_limit)
{
  litdnnHandle_t h = pool_handle(LITDNN_BACKEND_CPU, "packed");
  cr_assert_eq(litdnnSetWorkspaceReserve(h, 2 * MiB), LITDNN_STATUS_SUCCESS);
  void *ws = NULL, *data = alloc_ok(h, 64 * MiB), *mine = NULL;
  cr_assert_eq(litdnnMallocWorkspace(h, &mine, MiB), LITDNN_STATUS_SUCCESS, "%s", litdnnGetLastErrorString());
  cr_assert_eq(stats_of(h).workspaceInUse, MiB);
  t_assert_status(litdnn_workspace(h, "test", 2 * MiB, &ws), LITDNN_STATUS_ALLOC_FAILED,
                  "workspaces hold 1048576 bytes of their reserve of 2097152", "two workspaces beyond the reserve");
  void *other = (void *)0x1;
  t_assert_status(litdnnMallocWorkspace(h, &other, MiB + 1), LITDNN_STATUS_ALLOC_FAILED,
                  "litdnnMallocWorkspace: a workspace of 1048577 bytes asked", "a caller's workspace beyond it");
  cr_assert_eq(other, (void *)0x1, "a failing litdnnMallocWorkspace wrote its output");
  free_ok(h, mine);
  cr_assert_eq(stats_of(h).workspaceInUse, 0);
  cr_assert_eq(litdnn_workspace(h, "test", 2 * MiB, &ws), LITDNN_STATUS_SUCCESS);
  t_assert_status(litdnn_workspace(h, "test", 2 * MiB + 1, &ws), LITDNN_STATUS_ALLOC_FAILED,
                  "workspaces hold 0 bytes of their reserve of 2097152", "a workspace beyond the reserve");
  free_ok(h, data);
  litdnnDestroy(h);
}

Test(memory, the_workspace_reserve_keeps_the_two_kinds_apart)
{
  litdnnHandle_t h = pool_handle(LITDNN_BACKEND_CPU, "packed");
  cr_assert_eq(litdnnSetMemoryLimit(h, 16 * MiB), LITDNN_STATUS_SUCCESS);
  cr_assert_eq(litdnnSetWorkspaceReserve(h, 4 * MiB), LITDNN_STATUS_SUCCESS);
  void *data = alloc_ok(h, 12 * MiB);
  void *more = (void *)0x1;
  t_assert_status(litdnnMalloc(h, &more, 256), LITDNN_STATUS_ALLOC_FAILED, "kept for workspaces",
                  "data beyond its share");
  cr_assert_eq(more, (void *)0x1);
  void *ws = NULL;
  cr_assert_eq(litdnn_workspace(h, "test", 3 * MiB, &ws), LITDNN_STATUS_SUCCESS, "%s", litdnnGetLastErrorString());
  cr_assert_not_null(ws);
  /* the workspace's segment is cut to the 4 MiB the limit leaves, and the
     1 MiB after the workspace is not worth a block of its own */
  litdnnMemoryStats_t st = stats_of(h);
  cr_assert(st.workspaceInUse == 4 * MiB && st.inUse == 16 * MiB && st.reserved == 16 * MiB,
            "workspace %zu, in use %zu, held %zu", st.workspaceInUse, st.inUse, st.reserved);
  t_assert_status(litdnn_workspace(h, "test", 5 * MiB, &ws), LITDNN_STATUS_ALLOC_FAILED,
                  "a workspace of 5242880 bytes asked; workspaces hold 0 bytes of their reserve of 4194304",
                  "a workspace beyond the reserve");
  t_assert_status(litdnnSetWorkspaceReserve(h, 17 * MiB), LITDNN_STATUS_BAD_PARAM, "more than the memory limit",
                  "a reserve above the limit");
  t_assert_status(litdnnSetWorkspaceReserve(h, 8 * MiB), LITDNN_STATUS_BAD_PARAM, "12582912 are in use",
                  "a reserve that does not leave the data its bytes");
  cr_assert_eq(stats_of(h).workspaceReserve, 4 * MiB, "a refused reserve changed the reserve");
  t_assert_status(litdnnSetMemoryLimit(h, 14 * MiB), LITDNN_STATUS_BAD_PARAM, "beside the workspace reserve",
                  "a limit that leaves the data too little beside the reserve");
  free_ok(h, data);
  books_balance(h, "with a reserve");
  litdnnDestroy(h);
}

Test(memory, a_full_device_fails_cleanly_and_the_pool_stays_usable)
{
  litdnnHandle_t h = pool_handle(LITDNN_BACKEND_CPU, "packed");
  litdnn_pool_set_device_capacity(h, 48 * MiB);
  void *a = alloc_ok(h, 20 * MiB), *b = alloc_ok(h, 20 * MiB), *c = (void *)0x1;
  t_assert_status(litdnnMalloc(h, &c, 20 * MiB), LITDNN_STATUS_ALLOC_FAILED,
                  "the cpu device could not provide 20971520 bytes more", "a full device");
  cr_assert_eq(c, (void *)0x1, "a failing litdnnMalloc wrote its output");
  books_balance(h, "after running out");
  /* a free segment in the cache is given back to make room */
  free_ok(h, a);
  void *d = alloc_ok(h, 24 * MiB);
  litdnnMemoryStats_t st = stats_of(h);
  cr_assert_eq(st.deviceFrees, 1, "the cached 20 MiB segment should have gone back to the device");
  cr_assert_eq(st.reserved, 44 * MiB);
  void *e = alloc_ok(h, 100 * KiB);   /* a 2 MiB small segment still fits */
  /* a 3 MiB request wants a 20 MiB segment, then one of its own size: neither fits */
  t_assert_status(litdnnMalloc(h, &c, 3 * MiB), LITDNN_STATUS_ALLOC_FAILED, "could not provide 3145728 bytes",
                  "a full device, tried with the least that would do");
  free_ok(h, d);
  void *f = alloc_ok(h, 3 * MiB);   /* from the freed 24 MiB block */
  st = stats_of(h);
  cr_assert_eq(st.failedAllocs, 2);
  cr_assert_eq(st.reserved, 46 * MiB);
  free_ok(h, b);
  free_ok(h, e);
  free_ok(h, f);
  books_balance(h, "after recovering");
  litdnnDestroy(h);
}

/* ---- streams ---- */

Test(memory, blocks_are_reused_in_stream_order_and_fenced_across_streams)
{
  litdnnHandle_t h1 = pool_handle(LITDNN_BACKEND_EMU, NULL), h2 = t_handle(LITDNN_BACKEND_EMU);
  litdnn_emu_stream_t sa, sb;
  cr_assert_eq(litdnn_emu_cudaStreamCreate(&sa), 0);
  cr_assert_eq(litdnn_emu_cudaStreamCreate(&sb), 0);
  cr_assert_eq(litdnnSetStream(h1, (litdnnStream_t)sa), LITDNN_STATUS_SUCCESS);
  cr_assert_eq(litdnnSetStream(h2, (litdnnStream_t)sb), LITDNN_STATUS_SUCCESS);
  void *p = alloc_ok(h1, 1000);
  free_ok(h1, p);
  cr_assert_eq(alloc_ok(h1, 1000), p, "a block freed on a stream goes to the next request on it");
  free_ok(h1, p);
  /* a free block of one stream is not for the other, whichever way the
     streams sort in the pool's lists */
  void *q = alloc_ok(h2, 1000);
  cr_assert_neq(q, p, "a block of stream a went to stream b without a fence");
  cr_assert_eq(alloc_ok(h1, 1000), p);
  free_ok(h2, q);
  void *s = alloc_ok(h1, 1000);
  cr_assert_neq(s, q, "a block of stream b went to stream a without a fence");
  litdnnMemoryStats_t st = stats_of(h1);
  cr_assert(st.allocsFromDevice == 3 && st.allocsFromCache == 2, "%zu from the device, %zu from the cache",
            st.allocsFromDevice, st.allocsFromCache);
  cr_assert_eq(alloc_ok(h2, 1000), q);   /* nothing free now */
  /* freed through a handle on the other stream: held until the next
     request sees its fence passed, then reused */
  free_ok(h2, p);
  st = stats_of(h1);
  cr_assert_eq(st.crossStreamFrees, 1);
  cr_assert(st.inUse == 2000 && st.cached == 1000 && st.largestFree == 0,
            "the block freed on the other stream went straight back to the free lists");
  cr_assert_eq(alloc_ok(h1, 1000), p, "the fenced block did not come back once its fence had passed");
  books_balance(h1, "after a cross-stream free");
  free_ok(h1, s);
  free_ok(h2, q);
  /* the workspace belongs to the stream it was taken on */
  void *ws;
  cr_assert_eq(litdnn_workspace(h1, "test", 4096, &ws), LITDNN_STATUS_SUCCESS);
  cr_assert_eq(stats_of(h1).workspaceInUse, 4096);
  cr_assert_eq(litdnnSetStream(h1, (litdnnStream_t)sb), LITDNN_STATUS_SUCCESS);
  cr_assert_eq(stats_of(h1).workspaceInUse, 0, "a new stream keeps the old stream's workspace");
  free_ok(h1, p);
  litdnnDestroy(h1);
  litdnnDestroy(h2);
  litdnn_emu_cudaStreamDestroy(sa);
  litdnn_emu_cudaStreamDestroy(sb);
}

/* ---- overruns are still caught ---- */

/* Run body in a child process with its stderr in a file; return its exit
   status and its output. */
static int in_child(void (*body)(void), char *out, size_t size)
{
  char path[] = "/tmp/litdnn-test-memory.XXXXXX";
  int fd = mkstemp(path);
  cr_assert(fd >= 0);
  fflush(NULL);
  pid_t pid = fork();
  cr_assert(pid >= 0);
  if (pid == 0) {
    dup2(fd, 2);
    body();
    _exit(0);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  ssize_t n = pread(fd, out, size - 1, 0);
  out[n > 0 ? n : 0] = '\0';
  close(fd);
  unlink(path);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* A tensor of 1024 floats set in a pooled buffer of 1000 (a block that
   came back from the cache): the kernel runs 96 bytes past its end. */
static void set_past_the_end(litdnnBackend_t backend)
{
  litdnnHandle_t h;
  litdnnTensorDescriptor_t d;
  void *p, *q;
  float one = 1.0f;
  if (litdnnCreateWithBackend(&h, backend) != LITDNN_STATUS_SUCCESS || litdnnCreateTensorDescriptor(&d) ||
      litdnnSetTensor4dDescriptor(d, LITDNN_TENSOR_NCHW, LITDNN_DATA_FLOAT, 1, 1, 1, 1024))
    _exit(2);
  litdnnMemoryStats_t before, after;
  if (litdnnMalloc(h, &p, 1000 * sizeof(float)) || litdnnFree(h, p) || litdnnGetMemoryStats(h, &before) ||
      litdnnMalloc(h, &q, 1000 * sizeof(float)) || litdnnGetMemoryStats(h, &after))
    _exit(3);
  if (after.allocsFromCache != before.allocsFromCache + 1)
    _exit(4);   /* the second block must be the cached one */
  litdnnSetTensor(h, d, q, &one);
  _exit(0);
}

static void set_past_the_end_emu(void) { set_past_the_end(LITDNN_BACKEND_EMU); }

Test(memory, the_emulator_stops_a_kernel_that_runs_past_a_pooled_buffer, .timeout = 60)
{
  require_backend(LITDNN_BACKEND_EMU);
  unsetenv("LITDNN_POOL");   /* the emulator's default: guarded */
  char out[8192];
  int status = in_child(set_past_the_end_emu, out, sizeof out);
  cr_assert_eq(status, 1, "exit status %d, expected the emulator's 1; output:\n%s", status, out);
  cr_assert(strstr(out, "litdnn-emu: kernel") && strstr(out, "out-of-bounds write of ") &&
                strstr(out, " at byte 4000 of device buffer #1 (4000 bytes), 0 bytes past its end"),
            "expected the emulator's out-of-bounds message; output:\n%s", out);
}

#ifdef T_ASAN
static void set_past_the_end_cpu(void) { set_past_the_end(LITDNN_BACKEND_CPU); }
#endif

Test(memory, the_sanitizer_sees_the_end_of_a_pooled_block, .timeout = 60)
{
#ifndef T_ASAN
  cr_skip_test("built without AddressSanitizer: there is no sanitizer to ask");
#else
  litdnnHandle_t h = pool_handle(LITDNN_BACKEND_CPU, "packed");
  char *p = alloc_ok(h, 1000), *q = alloc_ok(h, 1000);
  cr_assert_eq(q, p + 1024, "the second block should follow the first on the 256-byte grid");
  cr_assert(!__asan_address_is_poisoned(p) && !__asan_address_is_poisoned(p + 999));
  cr_assert(__asan_address_is_poisoned(p + 1000), "the byte past a pooled block is not poisoned");
  free_ok(h, p);
  cr_assert(__asan_address_is_poisoned(p), "a freed block is not poisoned");
  free_ok(h, q);
  litdnnDestroy(h);
  char out[16384];
  int status = in_child(set_past_the_end_cpu, out, sizeof out);
  cr_assert(status != 0 && status != 3 && status != 4, "exit status %d: the CPU loop ran past a pooled buffer "
            "unreported, or the setup failed; output:\n%s", status, out);
  cr_assert(strstr(out, "AddressSanitizer: use-after-poison"), "expected the sanitizer's report; output:\n%s", out);
#endif
}

/* ---- the pool's life, its modes, bad input ---- */

Test(memory, the_last_handle_gives_the_cache_back)
{
  litdnnHandle_t h1 = pool_handle(LITDNN_BACKEND_CPU, "packed"), h2 = t_handle(LITDNN_BACKEND_CPU);
  free_ok(h1, alloc_ok(h1, 1000));
  litdnnDestroy(h1);
  cr_assert_eq(stats_of(h2).reserved, 2 * MiB, "another handle of the device still uses the pool");
  litdnnDestroy(h2);
  litdnnHandle_t h3 = t_handle(LITDNN_BACKEND_CPU);
  litdnnMemoryStats_t st = stats_of(h3);
  cr_assert(st.reserved == 0 && st.deviceFrees == 1, "the last handle left %zu bytes held", st.reserved);
  litdnnDestroy(h3);
}

Test(memory, the_environment_chooses_the_mode)
{
  require_backend(LITDNN_BACKEND_CPU);
  setenv("LITDNN_POOL", "pakced", 1);
  litdnnHandle_t h = NULL;
  t_assert_status(litdnnCreateWithBackend(&h, LITDNN_BACKEND_CPU), LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND,
                  "LITDNN_POOL = 'pakced'", "a misspelt mode");
  cr_assert_null(h);
  h = pool_handle(LITDNN_BACKEND_CPU, "off");
  cr_assert_eq(litdnn_pool_mode_of(h), LITDNN_POOL_OFF);
  free_ok(h, alloc_ok(h, 1000));
  litdnnMemoryStats_t st = stats_of(h);
  cr_assert(st.reserved == 0 && st.deviceFrees == 1, "the off mode kept a block");
  litdnnDestroy(h);
}

Test(memory, bad_arguments_name_the_call_and_change_nothing)
{
  litdnnMemoryStats_t st;
  t_assert_status(litdnnGetMemoryStats(NULL, &st), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "handle", "null handle");
  t_assert_status(litdnnSetMemoryLimit(NULL, 1), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "litdnnSetMemoryLimit",
                  "null handle");
  t_assert_status(litdnnSetWorkspaceReserve(NULL, 1), LITDNN_STATUS_BAD_PARAM_NULL_POINTER,
                  "litdnnSetWorkspaceReserve", "null handle");
  t_assert_status(litdnnEmptyCache(NULL), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "litdnnEmptyCache", "null handle");
  t_assert_status(litdnnResetPeakMemoryStats(NULL), LITDNN_STATUS_BAD_PARAM_NULL_POINTER,
                  "litdnnResetPeakMemoryStats", "null handle");
  void *p0 = NULL;
  t_assert_status(litdnnMallocWorkspace(NULL, &p0, 16), LITDNN_STATUS_BAD_PARAM_NULL_POINTER,
                  "litdnnMallocWorkspace", "null handle");
  litdnnHandle_t h = pool_handle(LITDNN_BACKEND_CPU, "packed");
  t_assert_status(litdnnMallocWorkspace(h, NULL, 16), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "ptr", "null ptr");
  t_assert_status(litdnnMallocWorkspace(h, &p0, (size_t)INT64_MAX + 1), LITDNN_STATUS_BAD_PARAM_OVERFLOW,
                  "too large", "an overflowing size");
  cr_assert_null(p0);
  t_assert_status(litdnnGetMemoryStats(h, NULL), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "stats", "null stats");
  int on_the_stack;
  t_assert_status(litdnnFree(h, &on_the_stack), LITDNN_STATUS_BAD_PARAM, "not a live block", "a host pointer");
  char *p = alloc_ok(h, 1000);
  t_assert_status(litdnnFree(h, p + 256), LITDNN_STATUS_BAD_PARAM, "not a live block", "inside a block");
  free_ok(h, p);
  t_assert_status(litdnnFree(h, p), LITDNN_STATUS_BAD_PARAM, "freed already", "a double free");
  st = stats_of(h);
  cr_assert(st.liveBlocks == 0 && st.inUse == 0, "a refused free changed the books");
  books_balance(h, "after bad frees");
  cr_assert_eq(litdnnResetPeakMemoryStats(h), LITDNN_STATUS_SUCCESS);
  cr_assert_eq(stats_of(h).peakInUse, 0);
  litdnnDestroy(h);
}
