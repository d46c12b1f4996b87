#line 2682 "chapters/01-emulator.nw"
/* emu_memory.c: device memory between guard pages, and the fault handler.
   Generated from chapters/01-emulator.nw; edit the chapter, not this file. */
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dlfcn.h>
#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <ucontext.h>
#include <unistd.h>
#include "emu_internal.h"

#line 2367 "chapters/01-emulator.nw"
#define LITDNN_EMU_CANARY 0xcb
/* x86-64 outside the check builds: the tail of a buffer lives in a closed
   page that the fault handler watches; elsewhere the end is rounded up */
#if defined(__x86_64__) && !defined(LITDNN_EMU_ASAN) && !defined(LITDNN_EMU_TSAN)
#define LITDNN_EMU_WATCH_TAIL 1
#endif
struct buffer {
  char *map;            /* guard page, data pages, [tail page,] guard page */
  size_t map_bytes;
  char *data;           /* what cudaMalloc returned: 16-byte aligned */
  size_t bytes;         /* asked for (a smaller alignment below 16 bytes) */
  size_t span;          /* bytes of data pages */
  size_t slack_after;   /* canary bytes after the end (rounded layout) */
  char *tail_page;      /* the closed page holding the last bytes, or NULL */
  int id;               /* the id-th cudaMalloc */
  int freed, managed;   /* managed: host code may touch it too */
  char *name;           /* the host's variable: cudaMalloc(&d_x, n) names d_x */
  char *passed_as;      /* during a launch: the argument the host passed */
};
static struct buffer *buffers;
static int nbuffers, buffer_capacity, next_id = 1, memory_is_open;
static size_t page;

static char *data_pages(const struct buffer *b) { return b->map + page; }
static size_t data_bytes(const struct buffer *b) { return b->span; }
/* the data pages and the tail page: what host code's copies open */
static size_t all_bytes(const struct buffer *b)
{ return b->span + (b->tail_page ? page : 0); }
#line 2417 "chapters/01-emulator.nw"
int litdnn_emu_device_alloc(void **ptr, size_t bytes) {
  if (!page)
    page = (size_t)sysconf(_SC_PAGESIZE);
  *ptr = NULL;
  if (bytes == 0)
    return 0;
  if (bytes > ((size_t)1 << 44))
    return 2;
#ifdef LITDNN_EMU_WATCH_TAIL
  /* below 16 bytes no vector fits: the end goes against the guard page */
  size_t body = bytes < 16 ? bytes : bytes & ~(size_t)15, tail = bytes - body;
#else
  size_t body = (bytes + 15) & ~(size_t)15, tail = 0;
#endif
  size_t span = (body + page - 1) / page * page;
  size_t map_bytes = span + (tail ? page : 0) + 2 * page;
  char *map = mmap(NULL, map_bytes, PROT_NONE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (map == MAP_FAILED)
    return 2;
  if (nbuffers == buffer_capacity) {
    buffer_capacity = buffer_capacity ? 2 * buffer_capacity : 64;
    buffers = realloc(buffers, (size_t)buffer_capacity * sizeof *buffers);
  }
  struct buffer *b = &buffers[nbuffers++];
  b->map = map;
  b->map_bytes = map_bytes;
  b->data = map + page + span - body;
  b->bytes = bytes;
  b->span = span;
  b->slack_after = body + tail - bytes;
  b->tail_page = tail ? map + page + span : NULL;
  b->id = next_id++;
  b->freed = b->managed = 0;
  b->name = b->passed_as = NULL;
  mprotect(data_pages(b), all_bytes(b), PROT_READ | PROT_WRITE);
  memset(data_pages(b), LITDNN_EMU_CANARY, (size_t)(b->data - data_pages(b)));
  memset(b->data, LITDNN_EMU_CANARY, bytes + b->slack_after);   /* not zeroed */
#ifdef LITDNN_EMU_ASAN
  __asan_poison_memory_region(data_pages(b), (size_t)(b->data - data_pages(b)));
  __asan_poison_memory_region(b->data + bytes, b->slack_after);
#endif
  if (b->tail_page)
    mprotect(b->tail_page, page, PROT_NONE);
  if (!memory_is_open)
    mprotect(data_pages(b), data_bytes(b), PROT_NONE);
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

static int in_symbol(const void *p, size_t bytes);

int litdnn_emu_is_device_pointer(const void *p) {
  LITDNN_EMU_LOCKED;
  struct buffer *b = find_buffer(p, 0);
  return (b && !b->freed) || in_symbol(p, 0);
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
#line 2749 "chapters/01-emulator.nw"
/* 'd_x' (840 bytes): the argument the host passed in the running launch,
   else the variable it allocated into, else the number of the cudaMalloc */
static const char *buffer_label(const struct buffer *b, char *s, size_t n) {
  const char *name = b->passed_as ? b->passed_as : b->name;
  if (name)
    snprintf(s, n, "'%s' (%zu bytes)", name, b->bytes);
  else
    snprintf(s, n, "device buffer #%d (%zu bytes)", b->id, b->bytes);
  return s;
}

const char *litdnn_emu_describe_pointer(const void *p, char *s, size_t n) {
  struct buffer *b = find_buffer(p, 1);
  const char *c = p;
  char what[300];
  if (!b) {
    snprintf(s, n, "a host pointer");
    return s;
  }
  buffer_label(b, what, sizeof what);
  if (b->freed)
    snprintf(s, n, "byte %td of %s, which was freed", c - b->data, what);
  else if (c < b->data)
    snprintf(s, n, "%td bytes before the start of %s", b->data - c, what);
  else if (c >= b->data + b->bytes)
    snprintf(s, n, "%td bytes past the end of %s", c - (b->data + b->bytes), what);
  else
    snprintf(s, n, "byte %td of %s", c - b->data, what);
  return s;
}
#line 2797 "chapters/01-emulator.nw"
/* d_x in "&d_x" or "(void **)&d_x"; nothing in "ptr", which only
   passes on an address some caller gave */
static char *variable_of(const char *text) {
  const char *amp = strrchr(text, '&');
  if (!amp)
    return NULL;
  const char *v = amp + 1;
  while (*v == ' ' || *v == '(')
    v++;
  size_t n = strlen(v);
  while (n > 0 && (v[n - 1] == ' ' || (v[n - 1] == ')' && !memchr(v, '(', n))))
    n--;
  return strndup(v, n);
}

void litdnn_emu_device_name(void *p, const char *text) {
  struct buffer *b = find_buffer(p, 0);
  if (b && b->data == p && text) {
    free(b->name);
    b->name = variable_of(text);    /* or none */
  }
}

void litdnn_emu_device_managed(void *p) {
  struct buffer *b = find_buffer(p, 0);
  if (!b || b->data != p)
    return;
  b->managed = 1;
  mprotect(data_pages(b), data_bytes(b), PROT_READ | PROT_WRITE);
  if (b->tail_page && !memory_is_open)
    mprotect(b->tail_page, page, PROT_READ | PROT_WRITE);
}

int litdnn_emu_is_managed(const void *p) {
  struct buffer *b = find_buffer(p, 0);
  return b && !b->freed && b->managed;
}

void litdnn_emu_label_buffer(const void *p, const char *label) {
  struct buffer *b = find_buffer(p, 0);
  if (b && !b->freed && !b->passed_as && label && *label)
    b->passed_as = strdup(label);
}

void litdnn_emu_clear_labels(void) {
  for (int i = 0; i < nbuffers; i++) {
    free(buffers[i].passed_as);
    buffers[i].passed_as = NULL;
  }
}

struct range { const char *p; size_t bytes; int borrowed; };
static struct range *pinned, *symbols;
static int npinned, nsymbols;

static int add_range(struct range **list, int *n, const void *p, size_t bytes) {
  for (int i = 0; i < *n; i++)
    if ((*list)[i].p == p)
      return i;
  if (*n % 64 == 0 && !(*list = realloc(*list, (size_t)(*n + 64) * sizeof **list)))
    litdnn_emu_fatal("out of memory");
  (*list)[*n].p = p;
  (*list)[*n].bytes = bytes;
  (*list)[*n].borrowed = 0;
  return (*n)++;
}

static int in_range(const struct range *list, int n, const void *p, size_t bytes) {
  for (int i = 0; i < n; i++)
    if ((const char *)p >= list[i].p && (const char *)p <= list[i].p + list[i].bytes &&
        bytes <= (size_t)(list[i].p + list[i].bytes - (const char *)p))
      return 1;
  return 0;
}

void litdnn_emu_register_symbol(const void *p, size_t bytes)
{ add_range(&symbols, &nsymbols, p, bytes); }
static int in_symbol(const void *p, size_t bytes)
{ return in_range(symbols, nsymbols, p, bytes); }

void *litdnn_emu_pinned_alloc(size_t bytes) {
  void *p = NULL;
  if (posix_memalign(&p, 256, bytes ? bytes : 1))
    return NULL;
  add_range(&pinned, &npinned, p, bytes);
  return p;
}

int litdnn_emu_pinned_free(void *p) {
  for (int i = 0; i < npinned; i++)
    if (pinned[i].p == p && !pinned[i].borrowed) {
      pinned[i] = pinned[--npinned];
      free(p);
      return 0;
    }
  return 1;
}

/* the program's own memory, pinned by cudaHostRegister: borrowed, never freed */
int litdnn_emu_pinned_register(void *p, size_t bytes) {
  if (litdnn_emu_is_pinned(p) || litdnn_emu_is_device_pointer(p))
    return 1;
  int i = add_range(&pinned, &npinned, p, bytes);   /* may move pinned */
  pinned[i].borrowed = 1;
  return 0;
}

int litdnn_emu_pinned_unregister(void *p) {
  for (int i = 0; i < npinned; i++)
    if (pinned[i].p == p && pinned[i].borrowed) {
      pinned[i] = pinned[--npinned];
      return 0;
    }
  return 1;
}

int litdnn_emu_is_pinned(const void *p) { return in_range(pinned, npinned, p, 0); }

/* what a kernel may be passed: device memory, symbols, pinned host memory */
int litdnn_emu_is_kernel_pointer(const void *p) {
  return litdnn_emu_is_device_pointer(p) || in_range(pinned, npinned, p, 0);
}

size_t litdnn_emu_device_bytes_in_use(void) {
  size_t total = 0;
  for (int i = 0; i < nbuffers; i++)
    if (!buffers[i].freed)
      total += buffers[i].bytes;
  return total;
}
#line 2500 "chapters/01-emulator.nw"
void litdnn_emu_memory_open(int open) {
  for (int i = 0; i < nbuffers; i++) {
    struct buffer *b = &buffers[i];
    if (b->freed)
      continue;
    if (b->managed && b->tail_page)     /* host code may touch its tail */
      mprotect(b->tail_page, page, open ? PROT_NONE : PROT_READ | PROT_WRITE);
    if (!b->managed)
      mprotect(data_pages(b), data_bytes(b),
               open ? PROT_READ | PROT_WRITE : PROT_NONE);
  }
  memory_is_open = open;
}

/* check that [p, p + bytes) lies in one live buffer; open its pages, its
   tail page too, for host code's copy (or close them after it) */
int litdnn_emu_device_range(const void *p, size_t bytes, int open,
                            const char *call, const char *what) {
  struct buffer *b = find_buffer(p, 0);
  if ((!b || b->freed) && in_symbol(p, bytes))
    return 1;                         /* a __device__ variable: always open */
  if (!b || b->freed) {
    char d[200];
    litdnn_emu_warn("%s: the %s is %s, not device memory", call, what,
                    litdnn_emu_describe_pointer(p, d, sizeof d));
    return 0;
  }
  size_t offset = (size_t)((const char *)p - b->data);
  if (bytes > b->bytes - offset) {
    char what[300];
    litdnn_emu_warn("%s: %zu bytes from byte %zu of %s run %zu bytes past its "
                    "end", call, bytes, offset, buffer_label(b, what, sizeof what),
                    bytes - (b->bytes - offset));
    return 0;
  }
  int prot = open ? PROT_READ | PROT_WRITE : PROT_NONE;
  if (b->managed)
    ;                                 /* always open to host code */
  else if (!memory_is_open)
    mprotect(data_pages(b), all_bytes(b), prot);
  else if (b->tail_page)
    mprotect(b->tail_page, page, prot);
  return 1;
}
#line 2715 "chapters/01-emulator.nw"
#ifdef LITDNN_EMU_ASAN
__attribute__((no_sanitize("address")))
#endif
void litdnn_emu_memory_check_canaries(const char *after) {
  for (int i = 0; i < nbuffers; i++) {
    struct buffer *b = &buffers[i];
    if (b->freed)
      continue;
    int closed = !memory_is_open && !b->managed;
    if (closed)
      mprotect(data_pages(b), data_bytes(b), PROT_READ);
    const char *bad = NULL;
    for (const char *c = data_pages(b); c < b->data && !bad; c++)
      if ((unsigned char)*c != LITDNN_EMU_CANARY)
        bad = c;
    for (const char *c = b->data + b->bytes;
         c < b->data + b->bytes + b->slack_after && !bad; c++)
      if ((unsigned char)*c != LITDNN_EMU_CANARY)
        bad = c;
    if (bad) {
      char what[300];
      litdnn_emu_fatal("%s: %s was written %zu bytes %s", after,
                       buffer_label(b, what, sizeof what),
                       bad < b->data ? (size_t)(b->data - bad)
                                     : (size_t)(bad - b->data - b->bytes),
                       bad < b->data ? "before its start" : "past its end");
    }
    if (closed)
      mprotect(data_pages(b), data_bytes(b), PROT_NONE);
  }
}
#line 2550 "chapters/01-emulator.nw"
static struct sigaction previous_segv, previous_bus;
#line 2946 "chapters/01-emulator.nw"
#if defined(__x86_64__)
/* the registers in the order of their 4-bit numbers in an instruction */
static const int gpr[16] = {REG_RAX, REG_RCX, REG_RDX, REG_RBX, REG_RSP, REG_RBP,
                            REG_RSI, REG_RDI, REG_R8, REG_R9, REG_R10, REG_R11,
                            REG_R12, REG_R13, REG_R14, REG_R15};

/* the size of the memory operand of opcode op in map (0: one byte,
   1: 0F, 2: 0F 38, 3: 0F 3A), with the prefixes seen; 0 if unknown */
static size_t operand_size(int map, int op, int o16, int f3, int f2, int w,
                           int vex_l) {
  size_t v = w ? 8 : o16 ? 2 : 4;          /* an integer operand */
  size_t packed = vex_l ? 32 : 16;
  if (map == 0) {
    if (op < 0x40 && (op & 7) < 4)         /* add, or, adc, sbb, and, sub, xor, cmp */
      return op & 1 ? v : 1;
    switch (op) {
    case 0x88: case 0x8a: case 0xc6: case 0x80: case 0x84: case 0x86:
    case 0xf6: case 0xfe: return 1;
    case 0x89: case 0x8b: case 0xc7: case 0x81: case 0x83: case 0x85:
    case 0x87: case 0xf7: case 0xff: return v;
    }
    return 0;
  }
  if (map != 1)
    return 0;
  switch (op) {
  case 0xb6: case 0xbe: return 1;                  /* movzx, movsx */
  case 0xb7: case 0xbf: return 2;
  case 0x10: case 0x11: case 0x51: case 0x58: case 0x59: case 0x5c:
  case 0x5d: case 0x5e: case 0x5f: case 0xc2:      /* moves and arithmetic */
    return f3 ? 4 : f2 ? 8 : packed;
  case 0x28: case 0x29: case 0x14: case 0x15: case 0x54: case 0x55:
  case 0x56: case 0x57: case 0x5b: case 0xc6: case 0x2b:
    return packed;
  case 0x12: case 0x13: case 0x16: case 0x17: case 0xd6: return 8;
  case 0x2e: case 0x2f: return o16 ? 8 : 4;        /* (u)comiss, (u)comisd */
  case 0x2a: return v == 2 ? 4 : v;                /* cvtsi2ss from memory */
  case 0x2c: case 0x2d: case 0x5a: return f3 ? 4 : f2 ? 8 : o16 ? packed : 8;
  case 0x6e: return w ? 8 : 4;                     /* movd, movq */
  case 0x7e: return f3 ? 8 : w ? 8 : 4;
  case 0x6f: case 0x7f: return o16 || f3 ? packed : 8;
  }
  if (o16 && ((op >= 0x60 && op <= 0x6d) || op >= 0xd0))
    return packed;                                 /* integer SSE */
  return 0;
}

/* the address and size of the memory operand of the instruction at pc */
static int decode_access(const unsigned char *pc, const greg_t *g,
                         const char **addr, size_t *size) {
  int o16 = 0, f3 = 0, f2 = 0, rex = 0, map = 0, op, w, vex_l = 0;
  for (;; pc++) {
    if (*pc == 0x66) o16 = 1;
    else if (*pc == 0xf3) f3 = 1;
    else if (*pc == 0xf2) f2 = 1;
    else if (*pc == 0xf0 || *pc == 0x2e || *pc == 0x3e || *pc == 0x26 ||
             *pc == 0x36) continue;
    else if (*pc == 0x64 || *pc == 0x65 || *pc == 0x67)
      return 0;                  /* thread-local or 32-bit addressing */
    else break;
  }
  if ((*pc & 0xf0) == 0x40)
    rex = *pc++;
  if (*pc == 0xc5 || *pc == 0xc4) {                /* VEX: AVX encodings */
    int three = *pc == 0xc4, pp = pc[three ? 2 : 1] & 3;
    rex = ((~pc[1] >> 5) & 4) | (three ? ((~pc[1] >> 5) & 3) | ((pc[2] >> 4) & 8) : 0);
    map = three ? pc[1] & 31 : 1;
    vex_l = (pc[three ? 2 : 1] >> 2) & 1;
    o16 = pp == 1, f3 = pp == 2, f2 = pp == 3;
    pc += three ? 3 : 2;
    op = *pc++;
  } else if (*pc == 0x0f) {
    map = pc[1] == 0x38 ? 2 : pc[1] == 0x3a ? 3 : 1;
    pc += map == 1 ? 2 : 3;
    op = pc[-1];
  } else {
    op = *pc++;
  }
  w = (rex >> 3) & 1;
  *size = operand_size(map, op, o16, f3, f2, w, vex_l);
  if (*size == 0)
    return 0;                    /* not an instruction we know */
  int modrm = *pc++, mod = modrm >> 6, rm = (modrm & 7) | ((rex & 1) << 3);
  if (mod == 3)
    return 0;
  uintptr_t a = 0;
  if ((rm & 7) == 4) {
    int sib = *pc++, scale = sib / 64, index = ((sib / 8) & 7) | ((rex & 2) * 4);
    int base = (sib & 7) | ((rex & 1) * 8);
    if (index != 4)
      a += (uintptr_t)g[gpr[index]] * ((uintptr_t)1 << scale);
    if ((base & 7) == 5 && mod == 0) {
      int32_t d;
      memcpy(&d, pc, 4);
      a += (uintptr_t)(intptr_t)d;
      pc += 4;
    } else {
      a += (uintptr_t)g[gpr[base]];
    }
  } else if ((rm & 7) == 5 && mod == 0) {
    return 0;                    /* relative to the instruction: not device memory */
  } else {
    a += (uintptr_t)g[gpr[rm]];
  }
  if (mod == 1) {
    a += (uintptr_t)(intptr_t)(int8_t)*pc;
  } else if (mod == 2) {
    int32_t d;
    memcpy(&d, pc, 4);
    a += (uintptr_t)(intptr_t)d;
  }
  *addr = (const char *)a;
  return 1;
}
#endif
#line 3070 "chapters/01-emulator.nw"
static void say_access(char *where, size_t size_where, const struct buffer *b,
                       const char *start, size_t size) {
  char what[300];
  const char *end = b->data + b->bytes;
  int n = snprintf(where, size_where, "of %zu bytes at byte %td of %s", size,
                   start - b->data, buffer_label(b, what, sizeof what));
  size_t left = n < 0 || (size_t)n >= size_where ? 0 : size_where - (size_t)n;
  where += size_where - left;
  if (start >= end)
    snprintf(where, left, ", %td bytes past its end", start - end);
  else if (start < b->data && start + size > b->data)
    snprintf(where, left, ", its first %td bytes before its start", b->data - start);
  else if (start < b->data)
    snprintf(where, left, ", %td bytes before its start", b->data - start);
  else if (start + size > end)
    snprintf(where, left, ", its last %td bytes past its end", start + size - end);
}

/* ", at FILE:LINE (in FUNCTION)" for the instruction at pc, or "" */
static void source_of(const void *pc, char *out, size_t n) {
  Dl_info info;
  char path[4096], hex[32], text[4096];
  out[0] = 0;
  if (!pc || !dladdr(pc, &info) || !info.dli_fbase)
    return;
  if (info.dli_fname && strchr(info.dli_fname, '/')) {
    snprintf(path, sizeof path, "%s", info.dli_fname);
  } else {
    ssize_t k = readlink("/proc/self/exe", path, sizeof path - 1);
    if (k <= 0)
      return;
    path[k] = 0;
  }
  /* a position-independent object's addresses count from where it is loaded */
  const ElfW(Ehdr) *elf = info.dli_fbase;
  uintptr_t at = (uintptr_t)pc - (elf->e_type == ET_DYN ? (uintptr_t)info.dli_fbase : 0);
  snprintf(hex, sizeof hex, "%#lx", (unsigned long)at);
  int fd[2];
  if (pipe(fd))
    return;
  pid_t pid = fork();
  if (pid == 0) {
    dup2(fd[1], 1);
    int null = open("/dev/null", O_WRONLY);
    if (null >= 0)
      dup2(null, 2);
    close(fd[0]);
    execlp("addr2line", "addr2line", "-e", path, "-f", "-C", "-i", hex, (char *)NULL);
    _exit(127);
  }
  close(fd[1]);
  size_t got = 0;
  ssize_t r;
  while (pid > 0 && got < sizeof text - 1 &&
         (r = read(fd[0], text + got, sizeof text - 1 - got)) > 0)
    got += (size_t)r;
  text[got] = 0;
  close(fd[0]);
  if (pid > 0)
    waitpid(pid, NULL, 0);
  /* function, then file:line, innermost inlined function first */
  char *function = strtok(text, "\n"), *line = strtok(NULL, "\n");
  if (!function || !line || line[0] == '?')
    return;
  char *extra = strstr(line, " (discriminator");
  if (extra)
    *extra = 0;
  function[strcspn(function, "(")] = 0;     /* the name, not its parameters */
  size_t name_end = strcspn(function, "<");   /* nor a template's return type */
  for (size_t c = name_end; c > 0; c--)
    if (function[c - 1] == ' ') {
      function += c;
      break;
    }
  char cwd[4096];
  size_t c = getcwd(cwd, sizeof cwd) ? strlen(cwd) : 0;
  if (c && !strncmp(line, cwd, c) && line[c] == '/')
    line += c + 1;
  snprintf(out, n, ", at %s (in %s)", line, function);
}
#line 3159 "chapters/01-emulator.nw"
#ifdef LITDNN_EMU_WATCH_TAIL
static struct buffer *stepping[4];
static int nstepping;
static unsigned long tail_steps;

static int let_through(struct buffer *b, const char *addr, const char *start,
                       size_t size, greg_t *regs) {
  if (!memory_is_open || b->freed || !b->tail_page || addr < b->tail_page ||
      addr >= b->tail_page + page || nstepping == 4)
    return 0;
  int inside = size ? start >= b->data && start + size <= b->data + b->bytes
                    : addr < b->data + b->bytes;   /* an instruction we cannot read */
  if (!inside)
    return 0;
  mprotect(b->tail_page, page, PROT_READ | PROT_WRITE);
  stepping[nstepping++] = b;
  regs[REG_EFL] |= 0x100;
  tail_steps++;
  return 1;
}

static struct sigaction previous_trap;

static void on_step(int sig, siginfo_t *info, void *context) {
  (void)info;
  if (!nstepping) {              /* not ours: a debugger's, say */
    sigaction(sig, &previous_trap, NULL);
    raise(sig);
    return;
  }
  while (nstepping)
    mprotect(stepping[--nstepping]->tail_page, page, PROT_NONE);
  ((ucontext_t *)context)->uc_mcontext.gregs[REG_EFL] &= ~(greg_t)0x100;
}
#endif

unsigned long litdnn_emu_tail_steps(void) {
#ifdef LITDNN_EMU_WATCH_TAIL
  return tail_steps;
#else
  return 0;
#endif
}
#line 3209 "chapters/01-emulator.nw"
#ifdef LITDNN_EMU_ASAN
void *__asan_get_report_address(void);
void *__asan_get_report_pc(void);
int __asan_get_report_access_type(void);
size_t __asan_get_report_access_size(void);
void __asan_on_error(void);

void __asan_on_error(void) {
  struct litdnn_emu_fiber *f = litdnn_emu_current;
  const char *addr = __asan_get_report_address();
  struct buffer *b = addr ? find_buffer(addr, 1) : NULL;
  if (!f || !b || b->freed)
    return;
  char where[400], line[600];
  say_access(where, sizeof where, b, addr, __asan_get_report_access_size());
  source_of(__asan_get_report_pc(), line, sizeof line);
  litdnn_emu_warn("kernel '%s' block (%u,%u,%u) thread (%u,%u,%u): "
                  "out-of-bounds %s %s%s", litdnn_emu_run.kernel->name,
                  litdnn_emu_run.block_idx.x, litdnn_emu_run.block_idx.y,
                  litdnn_emu_run.block_idx.z, f->idx.x, f->idx.y, f->idx.z,
                  __asan_get_report_access_type() ? "write" : "read", where, line);
}
#endif

#line 2556 "chapters/01-emulator.nw"
static void on_fault(int sig, siginfo_t *info, void *context) {
  const char *addr = info->si_addr, *start = addr;
  const char *access = "access";
  size_t size = 0;
  int misaligned = 0;
  struct litdnn_emu_fiber *f = litdnn_emu_current;
#if defined(__x86_64__)
  greg_t *regs = ((ucontext_t *)context)->uc_mcontext.gregs;
  int known = decode_access((const unsigned char *)regs[REG_RIP], regs, &start, &size);
  access = regs[REG_ERR] & 2 ? "write" : "read";
  if (sig == SIGSEGV && info->si_code == SI_KERNEL && known) {
    misaligned = 1;              /* a protection fault has no address: alignment */
    addr = start;
    access = "access";
  } else if (!known || addr < start || addr >= start + size) {
    start = addr, size = 0;      /* not the instruction we thought: the byte alone */
  }
#else
  (void)context;
#endif
  struct buffer *b = find_buffer(addr, 1);
#ifdef LITDNN_EMU_WATCH_TAIL
  if (f && b && !misaligned && let_through(b, addr, start, size, regs))
    return;
#endif
  char where[300], who[200];
  if (f)
    snprintf(who, sizeof who, "kernel '%s' block (%u,%u,%u) thread (%u,%u,%u)",
             litdnn_emu_run.kernel->name, litdnn_emu_run.block_idx.x,
             litdnn_emu_run.block_idx.y, litdnn_emu_run.block_idx.z,
             f->idx.x, f->idx.y, f->idx.z);
  else
    snprintf(who, sizeof who, "host code");
  char line[600] = "";
#if defined(__x86_64__)
  if (f)
    source_of((const void *)regs[REG_RIP], line, sizeof line);
#elif defined(__aarch64__)
  if (f)
    source_of((const void *)((ucontext_t *)context)->uc_mcontext.pc, line, sizeof line);
#endif
  if (b) {
    if (f && size && !b->freed) {
      say_access(where, sizeof where, b, start, size);
      if (misaligned && start >= b->data && start + size <= b->data + b->bytes)
        litdnn_emu_fatal("%s: misaligned %s %s: an access of %zu bytes needs "
                         "an address that is a multiple of %zu%s", who, access,
                         where, size, size, line);
      litdnn_emu_fatal("%s: out-of-bounds %s %s%s", who, access, where, line);
    }
    litdnn_emu_describe_pointer(addr, where, sizeof where);
    if (f)
      litdnn_emu_fatal("%s: out-of-bounds %s at %s%s", who, access, where, line);
    litdnn_emu_fatal("host code: %s of device memory at %s (copy it to the "
                     "host with cudaMemcpy)", access, where);
  }
  if (f && litdnn_emu_fiber_stack_guard(addr))
    litdnn_emu_fatal("%s: stack overflow (local arrays too large?)%s", who, line);
  if (f)
    litdnn_emu_fatal("%s: invalid %s of address %p, which is %s%s", who, access,
                     (void *)addr, addr < (const char *)4096
                                       ? "a null pointer"
                                       : "not device memory", line);
  sigaction(sig, sig == SIGSEGV ? &previous_segv : &previous_bus, NULL);
}

/* the handler runs on a stack of its own, so that a fiber's stack
   overflow can be reported; each host thread that launches needs one.
   A thread that has one already keeps it (AddressSanitizer may give a
   thread its own, of 187 KiB, and unmap it when the thread ends). One
   we allocate is kept in a thread-local pointer, where a leak checker
   sees it, and freed when its thread ends. */
static pthread_key_t altstack_key;
static pthread_once_t altstack_key_once = PTHREAD_ONCE_INIT;
static void altstack_release(void *mem) {
  stack_t off;
  memset(&off, 0, sizeof off);
  off.ss_flags = SS_DISABLE;
  sigaltstack(&off, NULL);
  free(mem);
}
static void altstack_make_key(void) {
  pthread_key_create(&altstack_key, altstack_release);
}
void litdnn_emu_thread_altstack(void) {
  static _Thread_local int has_one;
  static _Thread_local void *own;
  if (has_one)
    return;
  has_one = 1;
  stack_t alt;
  if (sigaltstack(NULL, &alt) == 0 && !(alt.ss_flags & SS_DISABLE) &&
      alt.ss_size >= 64 * 1024)
    return;
  alt.ss_size = 256 * 1024;
  alt.ss_sp = own = malloc(alt.ss_size);
  alt.ss_flags = 0;
  if (!own || sigaltstack(&alt, NULL) != 0)
    return;
  pthread_once(&altstack_key_once, altstack_make_key);
  pthread_setspecific(altstack_key, own);
}

void litdnn_emu_install_fault_handler(void) {
  static int installed;
  if (installed)
    return;
  installed = 1;
  litdnn_emu_thread_altstack();
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = on_fault;
  sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGSEGV, &sa, &previous_segv);
  sigaction(SIGBUS, &sa, &previous_bus);
#ifdef LITDNN_EMU_WATCH_TAIL
  sa.sa_sigaction = on_step;
  sigaction(SIGTRAP, &sa, &previous_trap);
#endif
}
