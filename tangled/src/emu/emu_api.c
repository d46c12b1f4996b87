#line 3269 "chapters/01-emulator.nw"
/* emu_api.c: the CUDA runtime API on the CPU.
   Generated from chapters/01-emulator.nw; edit the chapter, not this file. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "emu_internal.h"

#line 3292 "chapters/01-emulator.nw"
static pthread_once_t lock_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t runtime_lock;

static void make_lock(void) {
  pthread_mutexattr_t a;
  pthread_mutexattr_init(&a);
  pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
  pthread_mutex_init(&runtime_lock, &a);
  pthread_mutexattr_destroy(&a);
}

void litdnn_emu_lock(void) {
  pthread_once(&lock_once, make_lock);
  pthread_mutex_lock(&runtime_lock);
}

void litdnn_emu_unlock(void) { pthread_mutex_unlock(&runtime_lock); }
#line 3327 "chapters/01-emulator.nw"
int litdnn_emu_schedule = LITDNN_EMU_FORWARD, litdnn_emu_strict;
static int abort_on_fatal;
unsigned long litdnn_emu_seed = 1;
static pthread_once_t init_once = PTHREAD_ONCE_INIT;

static void init(void) {
  const char *s = getenv("LITDNN_EMU_SCHEDULE");
  if (s && *s) {
    if (!strcmp(s, "forward")) litdnn_emu_schedule = LITDNN_EMU_FORWARD;
    else if (!strcmp(s, "reverse")) litdnn_emu_schedule = LITDNN_EMU_REVERSE;
    else if (!strcmp(s, "random")) litdnn_emu_schedule = LITDNN_EMU_RANDOM;
    else litdnn_emu_fatal("LITDNN_EMU_SCHEDULE='%s': use forward, reverse or "
                          "random", s);
  }
  if ((s = getenv("LITDNN_EMU_SEED")) && *s)
    litdnn_emu_seed = strtoul(s, NULL, 10);
  if ((s = getenv("LITDNN_EMU_STRICT")) && *s)
    litdnn_emu_strict = atoi(s) != 0;
  if ((s = getenv("LITDNN_EMU_ABORT")) && *s)
    abort_on_fatal = atoi(s) != 0;
  litdnn_emu_install_fault_handler();
}

/* the first call of any host thread reads the settings, once */
void litdnn_emu_init(void) { pthread_once(&init_once, init); }

void litdnn_emu_set_schedule(int schedule, unsigned long seed) {
  litdnn_emu_init();
  LITDNN_EMU_LOCKED;
  litdnn_emu_schedule = schedule;
  litdnn_emu_seed = seed;
}

void litdnn_emu_set_strict(int strict) {
  litdnn_emu_init();
  LITDNN_EMU_LOCKED;
  litdnn_emu_strict = strict;
}
#line 3373 "chapters/01-emulator.nw"
static unsigned long warnings;

static void say(const char *fmt, va_list ap) {
  char line[1024];
  int n = snprintf(line, sizeof line, "litdnn-emu: ");
  vsnprintf(line + n, sizeof line - (size_t)n - 1, fmt, ap);
  size_t len = strlen(line);
  line[len] = '\n';
  fflush(stdout);
  if (write(2, line, len + 1) < 0) {
  }
}

void litdnn_emu_warn(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  say(fmt, ap);
  va_end(ap);
  __atomic_fetch_add(&warnings, 1, __ATOMIC_RELAXED);
}

void litdnn_emu_fatal(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  say(fmt, ap);
  va_end(ap);
  if (abort_on_fatal)
    abort();   /* LITDNN_EMU_ABORT=1: a fuzzer or debugger catches SIGABRT */
  _exit(1);
}

unsigned long litdnn_emu_warning_count(void)
{ return __atomic_load_n(&warnings, __ATOMIC_RELAXED); }

void litdnn_emu_unsupported(const char *file, int line, const char *what) {
  litdnn_emu_fatal("%s:%d: %s is not supported by the emulator", file, line, what);
}

void litdnn_emu_trap(const char *file, int line) {
  litdnn_emu_fatal("%s:%d: kernel '%s' called __trap()", file, line,
                   litdnn_emu_running_kernel() ? litdnn_emu_running_kernel()->name
                                               : "?");
}

uint64_t litdnn_emu_clock(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

/* clock(): in a kernel, 32 bits of the device's cycle counter (the
   clock rate reported is 1 GHz, a cycle a nanosecond); elsewhere the
   processor time in microseconds, as the C library counts it */
long litdnn_emu_clock_ticks(void) {
  if (litdnn_emu_current)
    return (long)(uint32_t)litdnn_emu_clock();
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return (long)t.tv_sec * 1000000 + t.tv_nsec / 1000;
}
#line 3438 "chapters/01-emulator.nw"
static _Thread_local int last_error;    /* each host thread's own, as in CUDA */

int litdnn_emu_set_error(int error) {
  if (error)
    last_error = error;
  return error;
}

/* a failed device assert stays: every later call reports it */
int litdnn_emu_cudaGetLastError(void) {
  int e = last_error;
  last_error = 0;
  return litdnn_emu_device_asserted() ? 710 : e;
}

int litdnn_emu_cudaPeekAtLastError(void)
{ return litdnn_emu_device_asserted() ? 710 : last_error; }

static const struct { int code; const char *name, *text; } errors[] = {
  {0, "cudaSuccess", "no error"},
  {1, "cudaErrorInvalidValue", "invalid argument"},
  {2, "cudaErrorMemoryAllocation", "out of memory"},
  {3, "cudaErrorInitializationError", "initialization error"},
  {9, "cudaErrorInvalidConfiguration", "invalid configuration argument"},
  {13, "cudaErrorInvalidSymbol", "invalid device symbol"},
  {17, "cudaErrorInvalidDevicePointer", "invalid device pointer"},
  {21, "cudaErrorInvalidMemcpyDirection", "invalid copy direction for memcpy"},
  {98, "cudaErrorInvalidDeviceFunction", "invalid device function"},
  {100, "cudaErrorNoDevice", "no CUDA-capable device is detected"},
  {101, "cudaErrorInvalidDevice", "invalid device ordinal"},
  {400, "cudaErrorInvalidResourceHandle", "invalid resource handle"},
  {600, "cudaErrorNotReady", "device not ready"},
  {700, "cudaErrorIllegalAddress", "an illegal memory access was encountered"},
  {701, "cudaErrorLaunchOutOfResources", "too many resources requested for launch"},
  {710, "cudaErrorAssert", "device-side assert triggered"},
  {712, "cudaErrorHostMemoryAlreadyRegistered",
   "part or all of the requested memory range is already mapped"},
  {713, "cudaErrorHostMemoryNotRegistered",
   "pointer does not correspond to a registered memory region"},
  {716, "cudaErrorMisalignedAddress", "misaligned address"},
  {719, "cudaErrorLaunchFailure", "unspecified launch failure"},
  {720, "cudaErrorCooperativeLaunchTooLarge", "too many blocks in cooperative launch"},
  {801, "cudaErrorNotSupported", "operation not supported"},
};

const char *litdnn_emu_cudaGetErrorName(int error) {
  for (size_t i = 0; i < sizeof errors / sizeof errors[0]; i++)
    if (errors[i].code == error)
      return errors[i].name;
  return "cudaErrorUnknown";
}

const char *litdnn_emu_cudaGetErrorString(int error) {
  for (size_t i = 0; i < sizeof errors / sizeof errors[0]; i++)
    if (errors[i].code == error)
      return errors[i].text;
  return "unknown error";
}
#line 3504 "chapters/01-emulator.nw"
int litdnn_emu_cudaMalloc(void **ptr, size_t bytes) {
  litdnn_emu_init();
  LITDNN_EMU_LOCKED;
  if (!ptr)
    return litdnn_emu_set_error(1);
  return litdnn_emu_set_error(litdnn_emu_device_alloc(ptr, bytes));
}

/* cudaMalloc(&d_x, n) through the prelude: the buffer is named d_x */
int litdnn_emu_cudaMalloc_named(void **ptr, size_t bytes, const char *text) {
  LITDNN_EMU_LOCKED;
  int error = litdnn_emu_cudaMalloc(ptr, bytes);
  if (!error && *ptr)
    litdnn_emu_device_name(*ptr, text);
  return error;
}

int litdnn_emu_cudaMallocManaged(void **ptr, size_t bytes, const char *text) {
  LITDNN_EMU_LOCKED;
  int error = litdnn_emu_cudaMalloc_named(ptr, bytes, text);
  if (!error && *ptr)
    litdnn_emu_device_managed(*ptr);
  return error;
}

int litdnn_emu_cudaMallocHost(void **ptr, size_t bytes) {
  litdnn_emu_init();
  LITDNN_EMU_LOCKED;
  if (!ptr)
    return litdnn_emu_set_error(1);
  *ptr = litdnn_emu_pinned_alloc(bytes);
  return *ptr ? 0 : litdnn_emu_set_error(2);
}

int litdnn_emu_cudaFreeHost(void *ptr) {
  LITDNN_EMU_LOCKED;
  if (ptr && litdnn_emu_pinned_free(ptr)) {
    litdnn_emu_warn("cudaFreeHost: %p is not memory from cudaMallocHost", ptr);
    return litdnn_emu_set_error(1);
  }
  return 0;
}

/* mapped ("zero-copy") host memory: the host's own address is the one
   kernels use, as with unified addressing on a GPU */
int litdnn_emu_cudaHostRegister(void *ptr, size_t bytes) {
  litdnn_emu_init();
  LITDNN_EMU_LOCKED;
  if (!ptr || !bytes)
    return litdnn_emu_set_error(1);
  return litdnn_emu_pinned_register(ptr, bytes) ? litdnn_emu_set_error(712) : 0;
}

int litdnn_emu_cudaHostUnregister(void *ptr) {
  LITDNN_EMU_LOCKED;
  return litdnn_emu_pinned_unregister(ptr) ? litdnn_emu_set_error(713) : 0;
}

int litdnn_emu_cudaHostGetDevicePointer(void **device, void *host) {
  LITDNN_EMU_LOCKED;
  if (!device || !litdnn_emu_is_pinned(host)) {
    litdnn_emu_warn("cudaHostGetDevicePointer: %p is not memory from "
                    "cudaHostAlloc or cudaHostRegister", host);
    return litdnn_emu_set_error(1);
  }
  *device = host;
  return 0;
}

int litdnn_emu_cudaMemGetInfo(size_t *free_bytes, size_t *total) {
  LITDNN_EMU_LOCKED;
  size_t all = (size_t)16 << 30, used = litdnn_emu_device_bytes_in_use();
  if (total)
    *total = all;
  if (free_bytes)
    *free_bytes = used < all ? all - used : 0;
  return 0;
}

int litdnn_emu_cudaFree(void *ptr) {
  litdnn_emu_init();
  LITDNN_EMU_LOCKED;
  if (!ptr)
    return 0;
  if (litdnn_emu_device_free(ptr)) {
    char d[200];
    litdnn_emu_warn("cudaFree: the pointer is %s, not the start of a live "
                    "device buffer", litdnn_emu_describe_pointer(ptr, d,
                                                                 sizeof d));
    return litdnn_emu_set_error(1);
  }
  return 0;
}

int litdnn_emu_cudaMemcpy(void *dst, const void *src, size_t bytes, int kind) {
  litdnn_emu_init();
  LITDNN_EMU_LOCKED;
  if (bytes == 0)
    return 0;
  if (kind == 4)                 /* cudaMemcpyDefault: infer the direction */
    kind = (litdnn_emu_is_device_pointer(src) ? 2 : 0) +
           (litdnn_emu_is_device_pointer(dst) ? 1 : 0);
  if (kind < 0 || kind > 3)
    return litdnn_emu_set_error(21);
  int src_device = kind == 2 || kind == 3, dst_device = kind == 1 || kind == 3;
  static const char *names[] = {"cudaMemcpy(cudaMemcpyHostToHost)",
    "cudaMemcpy(cudaMemcpyHostToDevice)", "cudaMemcpy(cudaMemcpyDeviceToHost)",
    "cudaMemcpy(cudaMemcpyDeviceToDevice)"};
  if (!dst || !src)
    return litdnn_emu_set_error(1);
  if (!src_device && litdnn_emu_is_device_pointer(src) && !litdnn_emu_is_managed(src)) {
    litdnn_emu_warn("%s: the source is device memory", names[kind]);
    return litdnn_emu_set_error(1);
  }
  if (!dst_device && litdnn_emu_is_device_pointer(dst) && !litdnn_emu_is_managed(dst)) {
    litdnn_emu_warn("%s: the destination is device memory", names[kind]);
    return litdnn_emu_set_error(1);
  }
  if (!src_device && litdnn_emu_is_managed(src))
    src_device = 1;                 /* managed memory: a copy either way */
  if (!dst_device && litdnn_emu_is_managed(dst))
    dst_device = 1;
  if (src_device && !litdnn_emu_device_range(src, bytes, 1, names[kind], "source"))
    return litdnn_emu_set_error(1);
  if (dst_device && !litdnn_emu_device_range(dst, bytes, 1, names[kind],
                                             "destination")) {
    if (src_device)
      litdnn_emu_device_range(src, bytes, 0, names[kind], "source");
    return litdnn_emu_set_error(1);
  }
  memmove(dst, src, bytes);
  if (src_device)
    litdnn_emu_device_range(src, bytes, 0, names[kind], "source");
  if (dst_device)
    litdnn_emu_device_range(dst, bytes, 0, names[kind], "destination");
  return 0;
}

int litdnn_emu_cudaMemcpyAsync(void *dst, const void *src, size_t bytes,
                               int kind, litdnn_emu_stream_t stream) {
  (void)stream;
  return litdnn_emu_cudaMemcpy(dst, src, bytes, kind);
}

int litdnn_emu_cudaMemset(void *dst, int value, size_t bytes) {
  litdnn_emu_init();
  LITDNN_EMU_LOCKED;
  if (bytes == 0)
    return 0;
  if (!litdnn_emu_device_range(dst, bytes, 1, "cudaMemset", "destination"))
    return litdnn_emu_set_error(1);
  memset(dst, value, bytes);
  litdnn_emu_device_range(dst, bytes, 0, "cudaMemset", "destination");
  return 0;
}

int litdnn_emu_cudaMemsetAsync(void *dst, int value, size_t bytes,
                               litdnn_emu_stream_t stream) {
  (void)stream;
  return litdnn_emu_cudaMemset(dst, value, bytes);
}
#line 3673 "chapters/01-emulator.nw"
int litdnn_emu_memcpy_symbol(void *symbol, size_t symbol_bytes, void *other,
                             size_t bytes, size_t offset, int to_symbol, int kind) {
  const char *call = to_symbol ? "cudaMemcpyToSymbol" : "cudaMemcpyFromSymbol";
  litdnn_emu_init();
  LITDNN_EMU_LOCKED;
  if (offset > symbol_bytes || bytes > symbol_bytes - offset) {
    litdnn_emu_warn("%s: %zu bytes at offset %zu run past the end of the "
                    "symbol (%zu bytes)", call, bytes, offset, symbol_bytes);
    return litdnn_emu_set_error(1);
  }
  int ok_kind = kind == 4 || kind == 3 || kind == (to_symbol ? 1 : 2);
  if (!ok_kind) {
    litdnn_emu_warn("%s: copy kind %d (use %s or cudaMemcpyDeviceToDevice)",
                    call, kind, to_symbol ? "cudaMemcpyHostToDevice"
                                          : "cudaMemcpyDeviceToHost");
    return litdnn_emu_set_error(21);
  }
  litdnn_emu_register_symbol(symbol, symbol_bytes);
  char *at = (char *)symbol + offset;
  if (bytes == 0)
    return 0;
  return litdnn_emu_cudaMemcpy(to_symbol ? at : other, to_symbol ? other : at,
                               bytes, 4);
}

int litdnn_emu_symbol_address(void **ptr, void *symbol, size_t bytes) {
  LITDNN_EMU_LOCKED;
  if (!ptr)
    return litdnn_emu_set_error(1);
  litdnn_emu_register_symbol(symbol, bytes);
  *ptr = symbol;
  return 0;
}
#line 3711 "chapters/01-emulator.nw"
struct litdnn_emu_stream { int unused; };
struct litdnn_emu_event { double ms; };

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec * 1e-6;
}

int litdnn_emu_cudaDeviceSynchronize(void) {
  LITDNN_EMU_LOCKED;            /* waits for another host thread's launch */
  if (litdnn_emu_device_asserted())
    return 710;
  return last_error == 700 ? 700 : 0;
}
int litdnn_emu_cudaDeviceReset(void) { last_error = 0; return 0; }
int litdnn_emu_cudaGetDeviceCount(int *count) { *count = 1; return 0; }
int litdnn_emu_cudaGetDevice(int *device) { *device = 0; return 0; }
int litdnn_emu_cudaSetDevice(int device)
{ return litdnn_emu_set_error(device == 0 ? 0 : 101); }

int litdnn_emu_cudaGetDeviceProperties(struct litdnn_emu_device_prop *p,
                                       int device) {
  if (device != 0)
    return litdnn_emu_set_error(101);
  memset(p, 0, sizeof *p);
  snprintf(p->name, sizeof p->name, "litdnn emulator");
  p->totalGlobalMem = (size_t)16 << 30;
  p->sharedMemPerBlock = 48 * 1024;
  p->sharedMemPerBlockOptin = 227 * 1024;
  p->sharedMemPerMultiprocessor = 228 * 1024;
  p->regsPerBlock = p->regsPerMultiprocessor = 65536;
  p->warpSize = 32;
  p->memPitch = (size_t)1 << 31;
  p->maxThreadsPerBlock = 1024;
  p->maxThreadsDim[0] = p->maxThreadsDim[1] = 1024;
  p->maxThreadsDim[2] = 64;
  p->maxGridSize[0] = 2147483647;
  p->maxGridSize[1] = p->maxGridSize[2] = 65535;
  p->clockRate = 1000000;
  p->totalConstMem = 64 * 1024;
  p->major = 9;
  p->minor = 0;
  p->multiProcessorCount = LITDNN_EMU_MULTIPROCESSORS;
  p->l2CacheSize = 1 << 20;
  p->maxThreadsPerMultiProcessor = 2048;
  p->memoryClockRate = 1000000;
  p->memoryBusWidth = 64;
  p->unifiedAddressing = 1;
  /* kernels run one at a time, copies between them: nothing overlaps */
  p->canMapHostMemory = p->managedMemory = p->cooperativeLaunch = 1;
  p->maxBlocksPerMultiProcessor = 32;
  p->textureAlignment = 512;
  return 0;
}

/* the attributes programs ask for, consistent with the properties */
int litdnn_emu_cudaDeviceGetAttribute(int *value, int attr, int device) {
  struct litdnn_emu_device_prop p;
  if (!value)
    return litdnn_emu_set_error(1);
  if (litdnn_emu_cudaGetDeviceProperties(&p, device))
    return 101;
  switch (attr) {
  case 1: *value = p.maxThreadsPerBlock; break;
  case 2: case 3: case 4: *value = p.maxThreadsDim[attr - 2]; break;
  case 5: case 6: case 7: *value = p.maxGridSize[attr - 5]; break;
  case 8: *value = (int)p.sharedMemPerBlock; break;
  case 9: *value = (int)p.totalConstMem; break;
  case 10: *value = p.warpSize; break;
  case 12: *value = p.regsPerBlock; break;
  case 13: *value = p.clockRate; break;
  case 16: *value = p.multiProcessorCount; break;
  case 18: *value = p.integrated; break;
  case 20: *value = p.computeMode; break;
  case 31: *value = p.concurrentKernels; break;
  case 36: *value = p.memoryClockRate; break;
  case 37: *value = p.memoryBusWidth; break;
  case 38: *value = p.l2CacheSize; break;
  case 39: *value = p.maxThreadsPerMultiProcessor; break;
  case 41: *value = p.unifiedAddressing; break;
  case 75: *value = p.major; break;
  case 76: *value = p.minor; break;
  case 81: *value = (int)p.sharedMemPerMultiprocessor; break;
  case 82: *value = p.regsPerMultiprocessor; break;
  case 95: *value = 1; break;                    /* cooperative launches */
  case 97: *value = (int)p.sharedMemPerBlockOptin; break;
  case 115: *value = 1; break;                   /* cudaMallocAsync */
  default: return litdnn_emu_set_error(1);
  }
  return 0;
}
#line 3806 "chapters/01-emulator.nw"
int litdnn_emu_cudaStreamCreate(litdnn_emu_stream_t *stream) {
  *stream = calloc(1, sizeof **stream);
  return *stream ? 0 : litdnn_emu_set_error(2);
}
int litdnn_emu_cudaStreamDestroy(litdnn_emu_stream_t stream)
{ free(stream); return 0; }
int litdnn_emu_cudaStreamSynchronize(litdnn_emu_stream_t stream)
{ (void)stream; return 0; }

int litdnn_emu_cudaEventCreate(litdnn_emu_event_t *event) {
  *event = calloc(1, sizeof **event);
  return *event ? 0 : litdnn_emu_set_error(2);
}
int litdnn_emu_cudaEventDestroy(litdnn_emu_event_t event)
{ free(event); return 0; }
int litdnn_emu_cudaEventRecord(litdnn_emu_event_t event,
                               litdnn_emu_stream_t stream) {
  (void)stream;
  if (!event)
    return litdnn_emu_set_error(400);
  event->ms = now_ms();
  return 0;
}
int litdnn_emu_cudaEventSynchronize(litdnn_emu_event_t event)
{ return event ? 0 : litdnn_emu_set_error(400); }
int litdnn_emu_cudaEventElapsedTime(float *ms, litdnn_emu_event_t start,
                                    litdnn_emu_event_t end) {
  if (!ms || !start || !end)
    return litdnn_emu_set_error(400);
  *ms = (float)(end->ms - start->ms);
  return 0;
}
#line 3841 "chapters/01-emulator.nw"
static struct { const void *func; size_t max_dynamic_shared; } attributes[256];
static int nattributes;

int litdnn_emu_cudaFuncSetAttribute(const void *func, int attr, int value) {
  LITDNN_EMU_LOCKED;
  if (attr == 9)               /* the carveout is only a hint */
    return 0;
  if (attr != 8 || value < 0 || value > 227 * 1024)
    return litdnn_emu_set_error(1);
  for (int i = 0; i < nattributes; i++)
    if (attributes[i].func == func) {
      attributes[i].max_dynamic_shared = (size_t)value;
      return 0;
    }
  if (nattributes == 256)
    return litdnn_emu_set_error(2);
  attributes[nattributes].func = func;
  attributes[nattributes++].max_dynamic_shared = (size_t)value;
  return 0;
}

size_t litdnn_emu_max_dynamic_shared(const void *func) {
  LITDNN_EMU_LOCKED;
  for (int i = 0; i < nattributes; i++)
    if (attributes[i].func == func && attributes[i].max_dynamic_shared > 48 * 1024)
      return attributes[i].max_dynamic_shared;
  return 48 * 1024;
}

/* a kernel's limits; what only a compiler for the GPU knows (registers,
   local, constant and static shared bytes) is reported as 0 */
int litdnn_emu_cudaFuncGetAttributes(struct litdnn_emu_func_attributes *attr,
                                     const void *func) {
  if (!attr)
    return litdnn_emu_set_error(1);
  if (!litdnn_emu_find_kernel(func))
    return litdnn_emu_set_error(98);
  memset(attr, 0, sizeof *attr);
  attr->maxThreadsPerBlock = 1024;
  attr->ptxVersion = attr->binaryVersion = 90;
  attr->maxDynamicSharedSizeBytes = (int)litdnn_emu_max_dynamic_shared(func);
  attr->preferredShmemCarveout = -1;
  return 0;
}
#line 3891 "chapters/01-emulator.nw"
#ifdef LITDNN_EMU_ASAN
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{ return "detect_leaks=0:allow_user_segv_handler=1:detect_stack_use_after_return=0"; }
#endif
#ifdef LITDNN_EMU_TSAN
const char *__tsan_default_options(void);
const char *__tsan_default_options(void) { return "halt_on_error=1:exitcode=66"; }
#endif
