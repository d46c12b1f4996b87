/* emu_internal.h: shared by the emulator's runtime files.
   Generated from chapters/01-emulator.nw; edit the chapter, not this file. */
#ifndef LITDNN_EMU_INTERNAL_H
#define LITDNN_EMU_INTERNAL_H
#include <stddef.h>
#include <stdint.h>
#include "../../emu/include/litdnn_emu_runtime.h"

/* the emulated device: one multiprocessor (see the cooperative launch) */
#define LITDNN_EMU_MULTIPROCESSORS 1

#if !defined(LITDNN_EMU_UCONTEXT) && !defined(__x86_64__) && !defined(__aarch64__)
#define LITDNN_EMU_UCONTEXT 1
#endif
#ifdef LITDNN_EMU_UCONTEXT
#include <ucontext.h>
#endif

enum { LITDNN_EMU_RUNNABLE, LITDNN_EMU_AT_BARRIER, LITDNN_EMU_AT_WARP,
       LITDNN_EMU_AT_GRID, LITDNN_EMU_EXITED };
struct litdnn_emu_fiber {
  void *sp;                   /* saved stack pointer while switched out */
#ifdef LITDNN_EMU_UCONTEXT
  ucontext_t context;
#endif
  char *stack;                /* lowest usable byte; a guard page below */
  size_t stack_size;
  void (*body)(struct litdnn_emu_fiber *);
  litdnn_emu_dim3 idx;        /* threadIdx */
  int linear;                 /* x + y * blockDim.x + z * blockDim.x * blockDim.y */
  int state;
  const char *barrier_file;   /* where its __syncthreads is in the source */
  int barrier_line;
  int warp_kind, warp_src;    /* a pending warp exchange */
  unsigned warp_mask;
  uint64_t warp_value, warp_result;
  void *sanitizer_fiber;      /* TSan's fiber, or ASan's fake stack */
};
struct litdnn_emu_run {
  const struct litdnn_emu_kernel *kernel;
  void *args;
  int nthreads, in_kernel, cooperative;
  litdnn_emu_dim3 block_idx;
  const char *arg_texts, *launch_file;   /* of a launch_at */
  int launch_line;
  char *dynamic_shared;
  size_t dynamic_bytes;
};
extern struct litdnn_emu_run litdnn_emu_run;

/* fibers (emu_fiber.c) */
struct litdnn_emu_fiber *litdnn_emu_fiber_get(int i);
void litdnn_emu_fiber_start(struct litdnn_emu_fiber *f,
                            void (*body)(struct litdnn_emu_fiber *));
void litdnn_emu_fiber_resume(struct litdnn_emu_fiber *f);
void litdnn_emu_fiber_begin(struct litdnn_emu_fiber *f);
void litdnn_emu_fiber_yield(struct litdnn_emu_fiber *f, int exiting);
int litdnn_emu_fiber_stack_guard(const void *addr);
/* the fiber this host thread is running, NULL in host code; each host
   thread has its own (initial-exec: no function call to find it) */
extern _Thread_local struct litdnn_emu_fiber *litdnn_emu_current
    __attribute__((tls_model("initial-exec")));

/* device memory (emu_memory.c) */
void litdnn_emu_memory_open(int open);
void litdnn_emu_memory_check_canaries(const char *after);
int litdnn_emu_device_alloc(void **ptr, size_t bytes);
int litdnn_emu_device_free(void *ptr);
int litdnn_emu_device_range(const void *p, size_t bytes, int open,
                            const char *call, const char *what);
const char *litdnn_emu_describe_pointer(const void *p, char *buf, size_t n);
void litdnn_emu_install_fault_handler(void);
void litdnn_emu_thread_altstack(void);
void litdnn_emu_device_name(void *p, const char *text);
void litdnn_emu_device_managed(void *p);
int litdnn_emu_is_managed(const void *p);
int litdnn_emu_is_kernel_pointer(const void *p);
void litdnn_emu_label_buffer(const void *p, const char *label);
void litdnn_emu_clear_labels(void);
void litdnn_emu_register_symbol(const void *p, size_t bytes);
void *litdnn_emu_pinned_alloc(size_t bytes);
int litdnn_emu_pinned_free(void *p);
int litdnn_emu_pinned_register(void *p, size_t bytes);
int litdnn_emu_pinned_unregister(void *p);
int litdnn_emu_is_pinned(const void *p);
size_t litdnn_emu_device_bytes_in_use(void);
int litdnn_emu_device_asserted(void);    /* emu_block.c: cudaErrorAssert is sticky */

/* errors and settings (emu_api.c) */
void litdnn_emu_init(void);
int litdnn_emu_set_error(int error);
void litdnn_emu_lock(void);
void litdnn_emu_unlock(void);
static inline void litdnn_emu_unlock_at_end(int *held) {
  (void)held;
  litdnn_emu_unlock();
}
#define LITDNN_EMU_LOCKED                                                 \
  int litdnn_emu_held __attribute__((cleanup(litdnn_emu_unlock_at_end), \
                                     unused)) = (litdnn_emu_lock(), 1)
void litdnn_emu_warn(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));
void litdnn_emu_fatal(const char *fmt, ...)
    __attribute__((format(printf, 1, 2), noreturn));
extern int litdnn_emu_schedule, litdnn_emu_strict;
extern unsigned long litdnn_emu_seed;
size_t litdnn_emu_max_dynamic_shared(const void *func);

/* the sanitizers' fiber interfaces, in the check builds */
#ifdef LITDNN_EMU_ASAN
void __sanitizer_start_switch_fiber(void **fake_stack_save, const void *bottom,
                                    size_t size);
void __sanitizer_finish_switch_fiber(void *fake_stack_save,
                                     const void **bottom_old, size_t *size_old);
void __asan_poison_memory_region(void const volatile *addr, size_t size);
void __asan_unpoison_memory_region(void const volatile *addr, size_t size);
#endif
#ifdef LITDNN_EMU_TSAN
void *__tsan_get_current_fiber(void);
void *__tsan_create_fiber(unsigned flags);
void __tsan_switch_to_fiber(void *fiber, unsigned flags);
void __tsan_set_fiber_name(void *fiber, const char *name);
void __tsan_acquire(void *addr);
void __tsan_release(void *addr);
#define LITDNN_EMU_TSAN_RELEASE(a) __tsan_release(a)
#define LITDNN_EMU_TSAN_ACQUIRE(a) __tsan_acquire(a)
#else
#define LITDNN_EMU_TSAN_RELEASE(a) ((void)0)
#define LITDNN_EMU_TSAN_ACQUIRE(a) ((void)0)
#endif
#endif
