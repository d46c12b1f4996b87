#line 2295 "chapters/02-tensors.nw"
#include "core/pool.h"
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#line 2323 "chapters/02-tensors.nw"
#define POOL_ALIGN ((size_t)256)            /* every block starts at a multiple of 256 bytes */
#define SMALL_MAX ((size_t)1 << 20)          /* requests up to 1 MiB are small ... */
#define SMALL_SEGMENT ((size_t)2 << 20)      /* ... and are carved from 2 MiB segments */
#define LARGE_SHARED_MAX ((size_t)10 << 20)  /* large requests under 10 MiB share ... */
#define LARGE_SEGMENT ((size_t)20 << 20)     /* ... 20 MiB segments; */
#define LARGE_ROUND ((size_t)2 << 20)        /* larger ones get their own, in steps of 2 MiB */
#define LARGE_SPLIT_MIN ((size_t)1 << 20)    /* a large block is split if more than 1 MiB is left */

static size_t round_up(size_t n, size_t to) { return (n + to - 1) / to * to; }
#line 2335 "chapters/02-tensors.nw"
typedef struct block block;
typedef struct segment segment;

struct segment {
  char *base;             /* what the device's allocator returned */
  size_t size;
  litdnnStream_t stream;  /* every block of the segment serves work on this stream */
  int small;              /* carved into small blocks */
  size_t held;            /* bytes of its blocks that are live or pending */
  block *first;           /* its blocks, in address order */
  segment *prev, *next;   /* the pool's segments */
};

enum { BLOCK_FREE, BLOCK_LIVE, BLOCK_PENDING };

struct block {
  char *ptr;
  size_t size;            /* its extent in the segment */
  size_t asked;           /* what its caller asked for, while it is live */
  int state;              /* BLOCK_FREE, BLOCK_LIVE or BLOCK_PENDING */
  int kind;               /* a litdnn_block_kind */
  segment *seg;
  block *prev, *next;     /* its neighbours in the segment */
  block *link;            /* live: the next in its hash bucket; pending: the next
                             pending block; a spare record: the next spare */
  void *fence;            /* pending: the event its reuse waits for */
};
#line 2365 "chapters/02-tensors.nw"
typedef struct {
  block **v;
  size_t n, cap;
} free_set;

struct litdnn_pool {
  pthread_mutex_t lock;
  const litdnn_device_ops *dev;
  litdnnBackend_t backend;
  litdnn_pool_mode mode;
  int handles;                    /* handles attached; under pools_lock */
  size_t limit, reserve;          /* 0: none */
  size_t capacity;                /* a test's pretended device size; 0: the real one */
  free_set free[2];               /* free blocks: [0] small, [1] large */
  segment *segments;
  block **bucket;                 /* live blocks, by address */
  size_t buckets;
  block *pending, *spare;
  size_t records;                 /* block records in use */
  size_t in_use, asked, reserved, workspace_in_use, peak_in_use, peak_reserved;
  size_t nsegments, nlive, from_cache, from_device, device_frees, failed, cross_stream;
};
#line 2390 "chapters/02-tensors.nw"
/* whether a comes before (stream, size, ptr) in a free set */
static int before(const block *a, litdnnStream_t stream, size_t size, const char *ptr)
{
  uintptr_t sa = (uintptr_t)a->seg->stream, sb = (uintptr_t)stream;
  if (sa != sb)
    return sa < sb;
  if (a->size != size)
    return a->size < size;
  return (uintptr_t)a->ptr < (uintptr_t)ptr;
}

static size_t lower_bound(const free_set *s, litdnnStream_t stream, size_t size, const char *ptr)
{
  size_t lo = 0, hi = s->n;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (before(s->v[mid], stream, size, ptr))
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

static free_set *set_of(litdnn_pool *p, const block *b) { return &p->free[!b->seg->small]; }

static void set_insert(litdnn_pool *p, block *b)   /* make_room has left space for it */
{
  free_set *s = set_of(p, b);
  size_t i = lower_bound(s, b->seg->stream, b->size, b->ptr);
  memmove(s->v + i + 1, s->v + i, (s->n - i) * sizeof *s->v);
  s->v[i] = b;
  s->n++;
}

static void set_remove(litdnn_pool *p, block *b)
{
  free_set *s = set_of(p, b);
  size_t i = lower_bound(s, b->seg->stream, b->size, b->ptr);
  memmove(s->v + i, s->v + i + 1, (s->n - i - 1) * sizeof *s->v);
  s->n--;
}

/* the smallest free block of at least size bytes for stream; with exact,
   only one of exactly size bytes */
static block *best_fit(free_set *s, litdnnStream_t stream, size_t size, int exact)
{
  size_t i = lower_bound(s, stream, size, NULL);
  if (i == s->n || s->v[i]->seg->stream != stream || (exact && s->v[i]->size != size))
    return NULL;
  return s->v[i];
}
#line 2449 "chapters/02-tensors.nw"
static size_t bucket_of(size_t buckets, const void *ptr)
{
  uint64_t x = (uint64_t)(uintptr_t)ptr * 0x9E3779B97F4A7C15ull;   /* Fibonacci hashing */
  return (size_t)(x >> 32) & (buckets - 1);
}

static void remember(litdnn_pool *p, block *b)
{
  if (p->nlive >= p->buckets) {
    size_t n = 2 * p->buckets;
    block **grown = (block **)calloc(n, sizeof *grown);
    if (grown) {
      for (size_t i = 0; i < p->buckets; i++)
        for (block *c = p->bucket[i], *next; c; c = next) {
          next = c->link;
          size_t j = bucket_of(n, c->ptr);
          c->link = grown[j];
          grown[j] = c;
        }
      free(p->bucket);
      p->bucket = grown;
      p->buckets = n;
    }
  }
  size_t j = bucket_of(p->buckets, b->ptr);
  b->link = p->bucket[j];
  p->bucket[j] = b;
  p->nlive++;
}

/* the live block that starts at ptr, or NULL; with take, out of the table */
static block *find_live(litdnn_pool *p, const void *ptr, int take)
{
  for (block **at = &p->bucket[bucket_of(p->buckets, ptr)]; *at; at = &(*at)->link)
    if ((*at)->ptr == ptr) {
      block *b = *at;
      if (take) {
        *at = b->link;
        p->nlive--;
      }
      return b;
    }
  return NULL;
}
#line 2502 "chapters/02-tensors.nw"
static block *new_block(litdnn_pool *p)   /* a spare is always there: see make_room */
{
  block *b = p->spare;
  p->spare = b->link;
  memset(b, 0, sizeof *b);
  p->records++;
  return b;
}

static void drop_block(litdnn_pool *p, block *b)
{
  b->link = p->spare;
  p->spare = b;
  p->records--;
}

static int make_room(litdnn_pool *p)
{
  int spares = 0;
  for (block *b = p->spare; b && spares < 2; b = b->link)
    spares++;
  for (; spares < 2; spares++) {
    block *b = (block *)malloc(sizeof *b);
    if (!b)
      return 0;
    b->link = p->spare;
    p->spare = b;
  }
  for (int k = 0; k < 2; k++) {
    free_set *s = &p->free[k];
    if (s->cap < p->records + 2) {
      size_t cap = 2 * (p->records + 2);
      block **v = (block **)realloc(s->v, cap * sizeof *v);
      if (!v)
        return 0;
      s->v = v;
      s->cap = cap;
    }
  }
  return 1;
}
#line 2551 "chapters/02-tensors.nw"
static litdnnStatus_t device_alloc(litdnn_pool *p, void **base, size_t bytes)
{
  if (p->capacity && (p->reserved > p->capacity || bytes > p->capacity - p->reserved))
    return LITDNN_STATUS_ALLOC_FAILED;
  return p->dev->malloc_(base, bytes);
}

static void device_free(litdnn_pool *p, void *base)
{
  p->dev->free_(base);
  p->device_frees++;
}

/* tell a memory checker which bytes the caller may touch */
static void mark(litdnn_pool *p, void *ptr, size_t bytes, int usable)
{
  if (p->dev->mark && bytes)
    p->dev->mark(ptr, bytes, usable);
}
#line 2573 "chapters/02-tensors.nw"
static void give_back(litdnn_pool *p, block *b);

/* pending blocks whose fence has passed become free; with wait, all of them */
static void settle(litdnn_pool *p, int wait)
{
  for (block **at = &p->pending; *at;) {
    block *b = *at;
    if (!p->dev->fence_done(b->fence, wait)) {
      at = &b->link;
      continue;
    }
    *at = b->link;
    p->dev->fence_destroy(b->fence);
    b->fence = NULL;
    b->seg->held -= b->size;
    give_back(p, b);
  }
}
#line 2594 "chapters/02-tensors.nw"
static void release_segment(litdnn_pool *p, segment *g);

/* b, in no list, becomes free and merges with its free neighbours */
static void give_back(litdnn_pool *p, block *b)
{
  segment *g = b->seg;
  b->state = BLOCK_FREE;
  b->asked = 0;
  mark(p, b->ptr, b->size, 0);
  block *n = b->next, *q = b->prev;
  if (n && n->state == BLOCK_FREE) {
    set_remove(p, n);
    b->size += n->size;
    b->next = n->next;
    if (n->next)
      n->next->prev = b;
    drop_block(p, n);
  }
  if (q && q->state == BLOCK_FREE) {
    set_remove(p, q);
    q->size += b->size;
    q->next = b->next;
    if (b->next)
      b->next->prev = q;
    drop_block(p, b);
    b = q;
  }
  set_insert(p, b);
  if (g->held == 0 && (p->mode == LITDNN_POOL_OFF || (p->limit && p->reserved > p->limit)))
    release_segment(p, g);
}
#line 2628 "chapters/02-tensors.nw"
static void release_segment(litdnn_pool *p, segment *g)
{
  block *b = g->first;   /* a segment with nothing held is one free block */
  set_remove(p, b);
  drop_block(p, b);
  mark(p, g->base, g->size, 1);
  device_free(p, g->base);
  if (g->prev)
    g->prev->next = g->next;
  else
    p->segments = g->next;
  if (g->next)
    g->next->prev = g->prev;
  p->reserved -= g->size;
  p->nsegments--;
  free(g);
}

/* every segment without a held block goes back; pending blocks are
   waited for first, so that theirs can go too */
static void release_cached(litdnn_pool *p)
{
  settle(p, 1);
  for (segment *g = p->segments, *next; g; g = next) {
    next = g->next;
    if (g->held == 0)
      release_segment(p, g);
  }
}
#line 2659 "chapters/02-tensors.nw"
static const char *what_was_asked(char *s, size_t n, size_t bytes, int kind)
{
  snprintf(s, n, kind == LITDNN_BLOCK_WORKSPACE ? "a workspace of %zu bytes" : "bytes = %zu", bytes);
  return s;
}

static litdnnStatus_t within_budget(litdnn_pool *p, const char *call, size_t bytes, size_t size,
                                    int kind)
{
  char what[64];
  size_t data = p->in_use - p->workspace_in_use;
  if (p->limit && !p->reserve && size > p->limit - p->in_use)
    return litdnn_error(LITDNN_STATUS_ALLOC_FAILED, call,
                        "%s asked; %zu bytes are in use and the memory limit is %zu bytes",
                        what_was_asked(what, sizeof what, bytes, kind), p->in_use, p->limit);
  if (p->reserve && kind == LITDNN_BLOCK_WORKSPACE && size > p->reserve - p->workspace_in_use)
    return litdnn_error(LITDNN_STATUS_ALLOC_FAILED, call,
                        "%s asked; workspaces hold %zu bytes of their reserve of %zu bytes",
                        what_was_asked(what, sizeof what, bytes, kind), p->workspace_in_use, p->reserve);
  if (p->reserve && p->limit && kind == LITDNN_BLOCK_DATA && size > p->limit - p->reserve - data)
    return litdnn_error(LITDNN_STATUS_ALLOC_FAILED, call,
                        "%s asked; %zu bytes are in use (and %zu more as workspaces) and the memory "
                        "limit is %zu bytes, of which %zu are kept for workspaces",
                        what_was_asked(what, sizeof what, bytes, kind), data, p->workspace_in_use,
                        p->limit, p->reserve);
  return LITDNN_STATUS_SUCCESS;
}
#line 2689 "chapters/02-tensors.nw"
static litdnnStatus_t grow(litdnn_pool *p, const char *call, litdnnStream_t stream, size_t bytes,
                           size_t size, int small, int kind, block **out)
{
  char what[64];
  size_t want = p->mode != LITDNN_POOL_PACKED ? size
              : small ? SMALL_SEGMENT
              : size < LARGE_SHARED_MAX ? LARGE_SEGMENT : round_up(size, LARGE_ROUND);
  if (p->limit && (p->reserved >= p->limit || want > p->limit - p->reserved)) {
    release_cached(p);
    size_t room = p->reserved < p->limit ? p->limit - p->reserved : 0;
    if (size > room)
      return litdnn_error(LITDNN_STATUS_ALLOC_FAILED, call,
                          "%s asked; %zu bytes are in use, the pool holds %zu (%zu of them free "
                          "but in pieces too small) and the memory limit is %zu bytes",
                          what_was_asked(what, sizeof what, bytes, kind), p->in_use, p->reserved,
                          p->reserved - p->in_use, p->limit);
    if (want > room)
      want = room / POOL_ALIGN * POOL_ALIGN;   /* at least size, a multiple of 256 */
  }
  segment *g = (segment *)calloc(1, sizeof *g);
  if (!g)
    return litdnn_error(LITDNN_STATUS_ALLOC_FAILED, call, "out of host memory for the pool's records");
  void *base = NULL;
  litdnnStatus_t s = device_alloc(p, &base, want);
  if (s == LITDNN_STATUS_ALLOC_FAILED) {   /* the device is full: give back the cache, try again */
    release_cached(p);
    s = device_alloc(p, &base, want);
    if (s == LITDNN_STATUS_ALLOC_FAILED && want > size)
      s = device_alloc(p, &base, want = size);
  }
  if (s != LITDNN_STATUS_SUCCESS) {
    free(g);
    return litdnn_error(s, call, "%s asked; the %s device could not provide %zu bytes more (%zu bytes are "
                        "in use, the pool holds %zu%s)", what_was_asked(what, sizeof what, bytes, kind),
                        litdnnGetBackendName(p->backend), want, p->in_use, p->reserved,
                        p->limit ? " under a memory limit" : ", there is no memory limit");
  }
  block *b = new_block(p);
  g->base = (char *)base;
  g->size = want;
  g->stream = stream;
  g->small = small;
  g->first = b;
  g->next = p->segments;
  if (p->segments)
    p->segments->prev = g;
  p->segments = g;
  b->ptr = g->base;
  b->size = want;
  b->seg = g;
  b->state = BLOCK_FREE;
  p->reserved += want;
  p->nsegments++;
  if (p->reserved > p->peak_reserved)
    p->peak_reserved = p->reserved;
  mark(p, base, want, 0);
  *out = b;
  return LITDNN_STATUS_SUCCESS;
}
#line 2015 "chapters/02-tensors.nw"
static void split(litdnn_pool *p, block *b, size_t size)
{
  size_t rest = b->size - size;
  if (b->seg->small ? rest < POOL_ALIGN : rest <= LARGE_SPLIT_MIN)
    return;
  block *r = new_block(p);
  r->ptr = b->ptr + size;
  r->size = rest;
  r->seg = b->seg;
  r->state = BLOCK_FREE;
  r->prev = b;
  r->next = b->next;
  if (b->next)
    b->next->prev = r;
  b->next = r;
  b->size = size;
  set_insert(p, r);
}

static litdnnStatus_t take(litdnn_pool *p, const char *call, litdnnStream_t stream, size_t bytes,
                           int kind, void **ptr)
{
  size_t size = p->mode == LITDNN_POOL_PACKED ? round_up(bytes, POOL_ALIGN) : bytes;
  int small = p->mode == LITDNN_POOL_PACKED && size <= SMALL_MAX;
  if (!make_room(p))
    return litdnn_error(LITDNN_STATUS_ALLOC_FAILED, call, "out of host memory for the pool's records");
  settle(p, 0);
  litdnnStatus_t s = within_budget(p, call, bytes, size, kind);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  block *b = p->mode == LITDNN_POOL_OFF ? NULL
           : best_fit(&p->free[!small], stream, size, p->mode == LITDNN_POOL_GUARDED);
  if (b) {
    set_remove(p, b);
    p->from_cache++;
  } else {
    if ((s = grow(p, call, stream, bytes, size, small, kind, &b)) != LITDNN_STATUS_SUCCESS)
      return s;
    p->from_device++;
  }
  if (p->mode == LITDNN_POOL_PACKED)
    split(p, b, size);
  b->state = BLOCK_LIVE;
  b->asked = bytes;
  b->kind = kind;
  b->seg->held += b->size;
  remember(p, b);
  p->in_use += b->size;
  p->asked += bytes;
  if (kind == LITDNN_BLOCK_WORKSPACE)
    p->workspace_in_use += b->size;
  if (p->in_use > p->peak_in_use)
    p->peak_in_use = p->in_use;
  mark(p, b->ptr, bytes, 1);
  *ptr = b->ptr;
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnn_pool_alloc(litdnn_pool *p, const char *call, litdnnStream_t stream,
                                 size_t bytes, litdnn_block_kind kind, void **ptr)
{
  if (bytes == 0) {   /* as before the pool: no bytes, no pointer */
    *ptr = NULL;
    return LITDNN_STATUS_SUCCESS;
  }
  pthread_mutex_lock(&p->lock);
  litdnnStatus_t s = take(p, call, stream, bytes, kind, ptr);
  if (s != LITDNN_STATUS_SUCCESS)
    p->failed++;
  pthread_mutex_unlock(&p->lock);
  return s;
}
#line 2750 "chapters/02-tensors.nw"
litdnnStatus_t litdnn_pool_free(litdnn_pool *p, const char *call, litdnnStream_t stream, void *ptr)
{
  if (!ptr)
    return LITDNN_STATUS_SUCCESS;
  pthread_mutex_lock(&p->lock);
  block *b = find_live(p, ptr, 1);
  if (!b) {
    pthread_mutex_unlock(&p->lock);
    return litdnn_error(LITDNN_STATUS_BAD_PARAM, call,
                        "ptr = %p is not a live block of the %s pool (not from litdnnMalloc on this "
                        "device, or freed already)", ptr, litdnnGetBackendName(p->backend));
  }
  p->in_use -= b->size;
  p->asked -= b->asked;
  if (b->kind == LITDNN_BLOCK_WORKSPACE)
    p->workspace_in_use -= b->size;
  mark(p, b->ptr, b->size, 0);
  if (stream != b->seg->stream) {
    p->cross_stream++;
    if (p->dev->fence_record && p->dev->fence_record(stream, &b->fence) == LITDNN_STATUS_SUCCESS) {
      b->state = BLOCK_PENDING;
      b->link = p->pending;
      p->pending = b;
      pthread_mutex_unlock(&p->lock);
      return LITDNN_STATUS_SUCCESS;
    }
    p->dev->synchronize(stream);   /* no fence: wait for the freeing stream instead */
  }
  b->seg->held -= b->size;
  give_back(p, b);
  pthread_mutex_unlock(&p->lock);
  return LITDNN_STATUS_SUCCESS;
}
#line 2786 "chapters/02-tensors.nw"
#define POOL_DEVICES 16
static litdnn_pool *pools[LITDNN_BACKEND_COUNT][POOL_DEVICES];
static pthread_mutex_t pools_lock = PTHREAD_MUTEX_INITIALIZER;

static litdnnStatus_t mode_from_environment(const char *call, litdnnBackend_t backend,
                                            litdnn_pool_mode *mode)
{
  static const char *names[] = {"packed", "guarded", "off"};
  const char *env = getenv("LITDNN_POOL");
  *mode = backend == LITDNN_BACKEND_EMU ? LITDNN_POOL_GUARDED : LITDNN_POOL_PACKED;
  if (!env || !*env)
    return LITDNN_STATUS_SUCCESS;
  for (int i = 0; i < 3; i++)
    if (strcasecmp(env, names[i]) == 0) {
      *mode = (litdnn_pool_mode)i;
      return LITDNN_STATUS_SUCCESS;
    }
  return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call,
                      "LITDNN_POOL = '%s' is not one of packed, guarded, off", env);
}

static litdnnStatus_t new_pool(const char *call, litdnnHandle_t h, litdnn_pool **out)
{
  litdnn_pool_mode mode;
  litdnnStatus_t s = mode_from_environment(call, h->backend, &mode);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  litdnn_pool *p = (litdnn_pool *)calloc(1, sizeof *p);
  block **bucket = (block **)calloc(256, sizeof *bucket);
  if (!p || !bucket) {
    free(p);
    free(bucket);
    return litdnn_error(LITDNN_STATUS_ALLOC_FAILED, call, "out of host memory for a memory pool");
  }
  pthread_mutex_init(&p->lock, NULL);
  p->dev = h->dev;
  p->backend = h->backend;
  p->mode = mode;
  p->bucket = bucket;
  p->buckets = 256;
  *out = p;
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnn_pool_attach(litdnnHandle_t h, const char *call)
{
  int device = h->dev->device_index();
  if (device < 0 || device >= POOL_DEVICES)
    return litdnn_error(LITDNN_STATUS_NOT_SUPPORTED, call, "device %d: memory pools serve devices 0 to %d",
                        device, POOL_DEVICES - 1);
  pthread_mutex_lock(&pools_lock);
  litdnn_pool **slot = &pools[h->backend][device];
  litdnnStatus_t s = *slot ? LITDNN_STATUS_SUCCESS : new_pool(call, h, slot);
  if (s == LITDNN_STATUS_SUCCESS) {
    (*slot)->handles++;
    h->pool = *slot;
  }
  pthread_mutex_unlock(&pools_lock);
  return s;
}

void litdnn_pool_detach(litdnnHandle_t h)
{
  litdnn_pool *p = h->pool;
  pthread_mutex_lock(&pools_lock);
  int last = --p->handles == 0;
  pthread_mutex_unlock(&pools_lock);
  if (last) {
    pthread_mutex_lock(&p->lock);
    release_cached(p);
    pthread_mutex_unlock(&p->lock);
  }
}
#line 3005 "chapters/02-tensors.nw"
#define BOOKS(cond, ...)                       \
  do {                                         \
    if (!(cond)) {                             \
      snprintf(why, size, __VA_ARGS__);        \
      pthread_mutex_unlock(&p->lock);          \
      return 0;                                \
    }                                          \
  } while (0)

int litdnn_pool_check(litdnnHandle_t h, char *why, size_t size)
{
  litdnn_pool *p = h->pool;
  size_t reserved = 0, in_use = 0, asked = 0, live = 0, free_blocks = 0, segments = 0, ws = 0;
  pthread_mutex_lock(&p->lock);
  for (segment *g = p->segments; g; g = g->next) {
    size_t held = 0;
    char *at = g->base;
    segments++;
    reserved += g->size;
    BOOKS(!g->next || g->next->prev == g, "segment %p: broken list", (void *)g->base);
    BOOKS(g->first && !g->first->prev, "segment %p: no first block", (void *)g->base);
    for (block *b = g->first; b; b = b->next) {
      BOOKS(b->seg == g && b->ptr == at, "block %p: not where its segment's previous block ends (%p)",
            (void *)b->ptr, (void *)at);
      BOOKS(!b->next || b->next->prev == b, "block %p: broken links", (void *)b->ptr);
      BOOKS(p->mode != LITDNN_POOL_PACKED || ((uintptr_t)b->ptr % POOL_ALIGN == 0 && b->size % POOL_ALIGN == 0),
            "block %p (%zu bytes): not on the 256-byte grid", (void *)b->ptr, b->size);
      at += b->size;
      if (b->state == BLOCK_FREE) {
        free_set *s = set_of(p, b);
        size_t i = lower_bound(s, g->stream, b->size, b->ptr);
        BOOKS(i < s->n && s->v[i] == b, "free block %p is not in its sorted list", (void *)b->ptr);
        BOOKS(!b->next || b->next->state != BLOCK_FREE, "free block %p has a free neighbour", (void *)b->ptr);
        free_blocks++;
      } else {
        held += b->size;
      }
      if (b->state == BLOCK_LIVE) {
        BOOKS(find_live(p, b->ptr, 0) == b, "live block %p is not in the table", (void *)b->ptr);
        BOOKS(b->asked <= b->size, "live block %p: asked %zu > size %zu", (void *)b->ptr, b->asked, b->size);
        in_use += b->size;
        asked += b->asked;
        live++;
        if (b->kind == LITDNN_BLOCK_WORKSPACE)
          ws += b->size;
      }
    }
    BOOKS(at == g->base + g->size, "segment %p: its blocks cover %zu of its %zu bytes", (void *)g->base,
          (size_t)(at - g->base), g->size);
    BOOKS(held == g->held, "segment %p: %zu bytes held, the books say %zu", (void *)g->base, held, g->held);
  }
  BOOKS(reserved == p->reserved && segments == p->nsegments, "the segments hold %zu bytes in %zu, the books "
        "say %zu in %zu", reserved, segments, p->reserved, p->nsegments);
  BOOKS(in_use == p->in_use && asked == p->asked && live == p->nlive && ws == p->workspace_in_use,
        "live blocks: %zu bytes (%zu asked, %zu workspace) in %zu, the books say %zu (%zu, %zu) in %zu",
        in_use, asked, ws, live, p->in_use, p->asked, p->workspace_in_use, p->nlive);
  BOOKS(free_blocks == p->free[0].n + p->free[1].n, "%zu free blocks, the sorted lists hold %zu",
        free_blocks, p->free[0].n + p->free[1].n);
  for (int k = 0; k < 2; k++)
    for (size_t i = 1; i < p->free[k].n; i++) {
      const block *a = p->free[k].v[i - 1], *b = p->free[k].v[i];
      BOOKS(before(a, b->seg->stream, b->size, b->ptr), "free list %d is out of order at %zu", k, i);
    }
  pthread_mutex_unlock(&p->lock);
  return 1;
}

litdnn_pool_mode litdnn_pool_mode_of(litdnnHandle_t h) { return h->pool->mode; }

void litdnn_pool_set_device_capacity(litdnnHandle_t h, size_t bytes)
{
  pthread_mutex_lock(&h->pool->lock);
  h->pool->capacity = bytes;
  pthread_mutex_unlock(&h->pool->lock);
}
#line 2862 "chapters/02-tensors.nw"
static litdnnStatus_t pool_of(const char *call, litdnnHandle_t h, litdnn_pool **p)
{
  litdnnStatus_t s = litdnn_check_handle(call, h);
  if (s == LITDNN_STATUS_SUCCESS)
    *p = h->pool;
  return s;
}

litdnnStatus_t litdnnGetMemoryStats(litdnnHandle_t handle, litdnnMemoryStats_t *stats)
{
  LITDNN_API_CALL("litdnnGetMemoryStats");
  litdnn_pool *p;
  litdnnStatus_t s = pool_of(call, handle, &p);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  LITDNN_CHECK_NULL(call, stats);
  litdnnMemoryStats_t st;
  size_t free_bytes = 0, largest = 0;
  memset(&st, 0, sizeof st);
  pthread_mutex_lock(&p->lock);
  for (int k = 0; k < 2; k++)
    for (size_t i = 0; i < p->free[k].n; i++) {
      size_t size = p->free[k].v[i]->size;
      free_bytes += size;
      if (size > largest)
        largest = size;
    }
  st.inUse = p->in_use;
  st.requested = p->asked;
  st.reserved = p->reserved;
  st.cached = p->reserved - p->in_use;
  st.largestFree = largest;
  st.fragmentation = free_bytes ? 1.0 - (double)largest / (double)free_bytes : 0.0;
  st.workspaceInUse = p->workspace_in_use;
  st.peakInUse = p->peak_in_use;
  st.peakReserved = p->peak_reserved;
  st.limit = p->limit;
  st.workspaceReserve = p->reserve;
  st.segments = p->nsegments;
  st.liveBlocks = p->nlive;
  st.allocsFromCache = p->from_cache;
  st.allocsFromDevice = p->from_device;
  st.deviceFrees = p->device_frees;
  st.failedAllocs = p->failed;
  st.crossStreamFrees = p->cross_stream;
  pthread_mutex_unlock(&p->lock);
  *stats = st;
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnResetPeakMemoryStats(litdnnHandle_t handle)
{
  LITDNN_API_CALL("litdnnResetPeakMemoryStats");
  litdnn_pool *p;
  litdnnStatus_t s = pool_of(call, handle, &p);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  pthread_mutex_lock(&p->lock);
  p->peak_in_use = p->in_use;
  p->peak_reserved = p->reserved;
  pthread_mutex_unlock(&p->lock);
  return LITDNN_STATUS_SUCCESS;
}
#line 2928 "chapters/02-tensors.nw"
litdnnStatus_t litdnnSetMemoryLimit(litdnnHandle_t handle, size_t bytes)
{
  LITDNN_API_CALL("litdnnSetMemoryLimit");
  litdnn_pool *p;
  litdnnStatus_t s = pool_of(call, handle, &p);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  pthread_mutex_lock(&p->lock);
  size_t data = p->in_use - p->workspace_in_use;
  if (bytes && bytes < p->in_use)
    s = litdnn_error(LITDNN_STATUS_BAD_PARAM, call,
                     "bytes = %zu is less than the %zu bytes in use on the %s device", bytes, p->in_use,
                     litdnnGetBackendName(p->backend));
  else if (bytes && bytes < p->reserve)
    s = litdnn_error(LITDNN_STATUS_BAD_PARAM, call,
                     "bytes = %zu is less than the workspace reserve of %zu bytes", bytes, p->reserve);
  else if (bytes && p->reserve && data > bytes - p->reserve)
    s = litdnn_error(LITDNN_STATUS_BAD_PARAM, call,
                     "bytes = %zu leaves %zu bytes beside the workspace reserve of %zu, but %zu are in use",
                     bytes, bytes - p->reserve, p->reserve, data);
  else {
    p->limit = bytes;
    if (bytes && p->reserved > bytes)
      release_cached(p);
  }
  pthread_mutex_unlock(&p->lock);
  return s;
}
#line 2959 "chapters/02-tensors.nw"
litdnnStatus_t litdnnSetWorkspaceReserve(litdnnHandle_t handle, size_t bytes)
{
  LITDNN_API_CALL("litdnnSetWorkspaceReserve");
  litdnn_pool *p;
  litdnnStatus_t s = pool_of(call, handle, &p);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  pthread_mutex_lock(&p->lock);
  block *own = handle->workspace ? find_live(p, handle->workspace, 0) : NULL;
  size_t data = p->in_use - p->workspace_in_use;
  size_t others = p->workspace_in_use - (own ? own->size : 0);
  if (p->limit && bytes > p->limit)
    s = litdnn_error(LITDNN_STATUS_BAD_PARAM, call, "bytes = %zu is more than the memory limit of %zu bytes",
                     bytes, p->limit);
  else if (p->limit && bytes && data > p->limit - bytes)
    s = litdnn_error(LITDNN_STATUS_BAD_PARAM, call,
                     "bytes = %zu leaves %zu bytes of the memory limit beside it, but %zu are in use",
                     bytes, p->limit - bytes, data);
  else if (bytes && others > bytes)
    s = litdnn_error(LITDNN_STATUS_BAD_PARAM, call,
                     "bytes = %zu is less than the %zu bytes of workspace other handles hold", bytes, others);
  else
    p->reserve = bytes;
  int drop_own = s == LITDNN_STATUS_SUCCESS && bytes && p->workspace_in_use > bytes;
  pthread_mutex_unlock(&p->lock);
  if (drop_own)
    litdnn_workspace_release(handle);
  return s;
}

litdnnStatus_t litdnnEmptyCache(litdnnHandle_t handle)
{
  LITDNN_API_CALL("litdnnEmptyCache");
  litdnn_pool *p;
  litdnnStatus_t s = pool_of(call, handle, &p);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  litdnn_workspace_release(handle);
  pthread_mutex_lock(&p->lock);
  release_cached(p);
  pthread_mutex_unlock(&p->lock);
  return LITDNN_STATUS_SUCCESS;
}
