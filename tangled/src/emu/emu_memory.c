#line 1547 "chapters/01-emulator.nw"
/* emu_memory.c: device memory between guard pages, and the fault handler.
   Generated from chapters/01-emulator.nw; edit the chapter, not this file. */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>
#include "emu_internal.h"

#line 1568 "chapters/01-emulator.nw"
#define LITDNN_EMU_CANARY 0xcb
struct buffer {
  char *map;            /* guard page, data pages, guard page */
  size_t map_bytes;
  char *data;           /* what cudaMalloc returned: 16-byte aligned */
  size_t bytes, padded; /* asked for; rounded up to 16 */
  int id;               /* the id-th cudaMalloc */
  int freed;
};
static struct buffer *buffers;
static int nbuffers, buffer_capacity, next_id = 1, memory_is_open;
static size_t page;

static char *data_pages(const struct buffer *b) { return b->map + page; }
static size_t data_bytes(const struct buffer *b) { return b->map_bytes - 2 * page; }
#line 1589 "chapters/01-emulator.nw"
int litdnn_emu_device_alloc(void **ptr, size_t bytes) {
  if (!page)
    page = (size_t)sysconf(_SC_PAGESIZE);
  *ptr = NULL;
  if (bytes == 0)
    return 0;
  if (bytes > ((size_t)1 << 44))
    return 2;
  size_t padded = (bytes + 15) & ~(size_t)15;
  size_t span = (padded + page - 1) / page * page;
  char *map = mmap(NULL, span + 2 * page, PROT_NONE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (map == MAP_FAILED)
    return 2;
  if (nbuffers == buffer_capacity) {
    buffer_capacity = buffer_capacity ? 2 * buffer_capacity : 64;
    buffers = realloc(buffers, (size_t)buffer_capacity * sizeof *buffers);
  }
  struct buffer *b = &buffers[nbuffers++];
  b->map = map;
  b->map_bytes = span + 2 * page;
  b->data = map + page + span - padded;
  b->bytes = bytes;
  b->padded = padded;
  b->id = next_id++;
  b->freed = 0;
  mprotect(data_pages(b), span, PROT_READ | PROT_WRITE);
  memset(data_pages(b), LITDNN_EMU_CANARY, (size_t)(b->data - data_pages(b)));
  memset(b->data, LITDNN_EMU_CANARY, padded);    /* new memory is not zeroed */
#ifdef LITDNN_EMU_ASAN
  __asan_poison_memory_region(data_pages(b), (size_t)(b->data - data_pages(b)));
  __asan_poison_memory_region(b->data + bytes, padded - bytes);
#endif
  if (!memory_is_open)
    mprotect(data_pages(b), span, PROT_NONE);
  *ptr = b->data;
  return 0;
}

static struct buffer *find_buffer(const void *p, int with_guards) {
  for (int i = nbuffers - 1; i >= 0; i--) {
    struct buffer *b = &buffers[i];
    const char *c = p;
    if (with_guards ? c >= b->map && c < b->map + b->map_bytes
                    : c >= b->data && c <= b->data + b->bytes)
      return b;
  }
  return NULL;
}

int litdnn_emu_is_device_pointer(const void *p) {
  struct buffer *b = find_buffer(p, 0);
  return b && !b->freed;
}

int litdnn_emu_device_free(void *p) {
  struct buffer *b = find_buffer(p, 0);
  if (!b || b->data != (char *)p || b->freed)
    return 1;
  litdnn_emu_memory_check_canaries("cudaFree");
  /* keep the addresses, drop the pages: a later use is a fault we can name */
  mmap(b->map, b->map_bytes, PROT_NONE,
       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED, -1, 0);
  b->freed = 1;
  return 0;
}
#line 1658 "chapters/01-emulator.nw"
void litdnn_emu_memory_open(int open) {
  for (int i = 0; i < nbuffers; i++)
    if (!buffers[i].freed)
      mprotect(data_pages(&buffers[i]), data_bytes(&buffers[i]),
               open ? PROT_READ | PROT_WRITE : PROT_NONE);
  memory_is_open = open;
}

/* check that [p, p + bytes) lies in one live buffer; open its pages */
int litdnn_emu_device_range(const void *p, size_t bytes, int open,
                            const char *call, const char *what) {
  struct buffer *b = find_buffer(p, 0);
  if (!b || b->freed) {
    char d[200];
    litdnn_emu_warn("%s: the %s is %s, not device memory", call, what,
                    litdnn_emu_describe_pointer(p, d, sizeof d));
    return 0;
  }
  size_t offset = (size_t)((const char *)p - b->data);
  if (bytes > b->bytes - offset) {
    litdnn_emu_warn("%s: %zu bytes from byte %zu of device buffer #%d "
                    "(%zu bytes) run %zu bytes past its end", call, bytes,
                    offset, b->id, b->bytes, bytes - (b->bytes - offset));
    return 0;
  }
  if (!memory_is_open)
    mprotect(data_pages(b), data_bytes(b),
             open ? PROT_READ | PROT_WRITE : PROT_NONE);
  return 1;
}
#line 1691 "chapters/01-emulator.nw"
void litdnn_emu_memory_check_canaries(const char *after) {
  for (int i = 0; i < nbuffers; i++) {
    struct buffer *b = &buffers[i];
    if (b->freed)
      continue;
    if (!memory_is_open)
      mprotect(data_pages(b), data_bytes(b), PROT_READ);
    const char *bad = NULL;
    for (const char *c = data_pages(b); c < b->data && !bad; c++)
      if ((unsigned char)*c != LITDNN_EMU_CANARY)
        bad = c;
    for (const char *c = b->data + b->bytes; c < b->data + b->padded && !bad; c++)
      if ((unsigned char)*c != LITDNN_EMU_CANARY)
        bad = c;
    if (bad)
      litdnn_emu_fatal("%s: device buffer #%d (%zu bytes) was written %zu "
                       "bytes %s", after, b->id, b->bytes,
                       bad < b->data ? (size_t)(b->data - bad)
                                     : (size_t)(bad - b->data - b->bytes),
                       bad < b->data ? "before its start" : "past its end");
    if (!memory_is_open)
      mprotect(data_pages(b), data_bytes(b), PROT_NONE);
  }
}
#line 1718 "chapters/01-emulator.nw"
const char *litdnn_emu_describe_pointer(const void *p, char *s, size_t n) {
  struct buffer *b = find_buffer(p, 1);
  const char *c = p;
  if (!b)
    snprintf(s, n, "a host pointer");
  else if (b->freed)
    snprintf(s, n, "byte %td of device buffer #%d (%zu bytes), which was freed",
             c - b->data, b->id, b->bytes);
  else if (c < b->data)
    snprintf(s, n, "%td bytes before the start of device buffer #%d "
             "(%zu bytes)", b->data - c, b->id, b->bytes);
  else if (c >= b->data + b->bytes)
    snprintf(s, n, "%td bytes past the end of device buffer #%d (%zu bytes)",
             c - (b->data + b->bytes), b->id, b->bytes);
  else
    snprintf(s, n, "byte %td of device buffer #%d (%zu bytes)", c - b->data,
             b->id, b->bytes);
  return s;
}
#line 1743 "chapters/01-emulator.nw"
static struct sigaction previous_segv, previous_bus;

static void on_fault(int sig, siginfo_t *info, void *context) {
  const char *addr = info->si_addr;
  const char *access = "access";
#if defined(__x86_64__)
  access = ((ucontext_t *)context)->uc_mcontext.gregs[REG_ERR] & 2 ? "write"
                                                                   : "read";
#else
  (void)context;
#endif
  char where[200], who[200];
  struct litdnn_emu_fiber *f = litdnn_emu_current;
  if (f)
    snprintf(who, sizeof who, "kernel '%s' block (%u,%u,%u) thread (%u,%u,%u)",
             litdnn_emu_run.kernel->name, litdnn_emu_run.block_idx.x,
             litdnn_emu_run.block_idx.y, litdnn_emu_run.block_idx.z,
             f->idx.x, f->idx.y, f->idx.z);
  else
    snprintf(who, sizeof who, "host code");
  if (find_buffer(addr, 1)) {
    litdnn_emu_describe_pointer(addr, where, sizeof where);
    if (f)
      litdnn_emu_fatal("%s: out-of-bounds %s at %s", who, access, where);
    litdnn_emu_fatal("host code: %s of device memory at %s (copy it to the "
                     "host with cudaMemcpy)", access, where);
  }
  if (f && litdnn_emu_fiber_stack_guard(addr))
    litdnn_emu_fatal("%s: stack overflow (local arrays too large?)", who);
  if (f)
    litdnn_emu_fatal("%s: invalid %s of address %p, which is %s", who, access,
                     (void *)addr, addr < (const char *)4096
                                       ? "a null pointer"
                                       : "not device memory");
  sigaction(sig, sig == SIGSEGV ? &previous_segv : &previous_bus, NULL);
}

void litdnn_emu_install_fault_handler(void) {
  static int installed;
  if (installed)
    return;
  installed = 1;
  stack_t alt;
  alt.ss_size = 256 * 1024;
  alt.ss_sp = malloc(alt.ss_size);
  alt.ss_flags = 0;
  sigaltstack(&alt, NULL);
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = on_fault;
  sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGSEGV, &sa, &previous_segv);
  sigaction(SIGBUS, &sa, &previous_bus);
}
