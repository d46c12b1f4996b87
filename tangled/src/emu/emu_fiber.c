#line 912 "chapters/01-emulator.nw"
/* emu_fiber.c: CUDA threads as fibers.
   Generated from chapters/01-emulator.nw; edit the chapter, not this file. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "emu_internal.h"

#line 1051 "chapters/01-emulator.nw"
#ifndef LITDNN_EMU_UCONTEXT
/* litdnn_emu_switch(save, next): push the callee-saved registers, store
   the stack pointer in *save, load next, pop the other fiber's registers,
   return into it. */
void litdnn_emu_switch(void **save, void *next);
void litdnn_emu_first_return(void);
#if defined(__x86_64__)
__asm__(".text\n"
        ".globl litdnn_emu_switch\n"
        ".hidden litdnn_emu_switch\n"
        ".type litdnn_emu_switch, @function\n"
        "litdnn_emu_switch:\n"
        "  pushq %rbp\n  pushq %rbx\n  pushq %r12\n"
        "  pushq %r13\n  pushq %r14\n  pushq %r15\n"
        "  movq %rsp, (%rdi)\n"
        "  movq %rsi, %rsp\n"
        "  popq %r15\n  popq %r14\n  popq %r13\n"
        "  popq %r12\n  popq %rbx\n  popq %rbp\n"
        "  ret\n"
        ".size litdnn_emu_switch, .-litdnn_emu_switch\n"
        ".globl litdnn_emu_first_return\n"
        ".hidden litdnn_emu_first_return\n"
        ".type litdnn_emu_first_return, @function\n"
        "litdnn_emu_first_return:\n"     /* a new fiber's first switch lands here */
        "  movq %r12, %rdi\n"
        "  callq *%r13\n"
        "  ud2\n"
        ".size litdnn_emu_first_return, .-litdnn_emu_first_return\n");
#define LITDNN_EMU_FRAME_WORDS 9
#elif defined(__aarch64__)
__asm__(".text\n"
        ".globl litdnn_emu_switch\n"
        ".hidden litdnn_emu_switch\n"
        ".type litdnn_emu_switch, %function\n"
        "litdnn_emu_switch:\n"
        "  sub sp, sp, #176\n"
        "  stp x19, x20, [sp, #0]\n  stp x21, x22, [sp, #16]\n"
        "  stp x23, x24, [sp, #32]\n  stp x25, x26, [sp, #48]\n"
        "  stp x27, x28, [sp, #64]\n  stp x29, x30, [sp, #80]\n"
        "  stp d8, d9, [sp, #96]\n  stp d10, d11, [sp, #112]\n"
        "  stp d12, d13, [sp, #128]\n  stp d14, d15, [sp, #144]\n"
        "  mov x9, sp\n  str x9, [x0]\n  mov sp, x1\n"
        "  ldp x19, x20, [sp, #0]\n  ldp x21, x22, [sp, #16]\n"
        "  ldp x23, x24, [sp, #32]\n  ldp x25, x26, [sp, #48]\n"
        "  ldp x27, x28, [sp, #64]\n  ldp x29, x30, [sp, #80]\n"
        "  ldp d8, d9, [sp, #96]\n  ldp d10, d11, [sp, #112]\n"
        "  ldp d12, d13, [sp, #128]\n  ldp d14, d15, [sp, #144]\n"
        "  add sp, sp, #176\n"
        "  ret\n"
        ".size litdnn_emu_switch, .-litdnn_emu_switch\n"
        ".globl litdnn_emu_first_return\n"
        ".hidden litdnn_emu_first_return\n"
        ".type litdnn_emu_first_return, %function\n"
        "litdnn_emu_first_return:\n"
        "  mov x0, x19\n"
        "  blr x20\n"
        "  brk #0\n"
        ".size litdnn_emu_first_return, .-litdnn_emu_first_return\n");
#define LITDNN_EMU_FRAME_WORDS 22
#endif
#endif
#line 1216 "chapters/01-emulator.nw"
#if defined(LITDNN_EMU_ASAN) || defined(LITDNN_EMU_TSAN)
#define LITDNN_EMU_STACK_BYTES (512 * 1024)
#else
#define LITDNN_EMU_STACK_BYTES (128 * 1024)
#endif
static struct litdnn_emu_fiber **fibers;    /* a block's, or a cooperative grid's */
static int nfibers;
_Thread_local struct litdnn_emu_fiber *litdnn_emu_current
    __attribute__((tls_model("initial-exec")));

struct litdnn_emu_fiber *litdnn_emu_fiber_get(int i) {
  if (i >= nfibers) {
    int more = i < 1024 ? 1024 : 2 * i;
    fibers = realloc(fibers, (size_t)more * sizeof *fibers);
    if (!fibers)
      litdnn_emu_fatal("cannot allocate %d CUDA threads", more);
    memset(fibers + nfibers, 0, (size_t)(more - nfibers) * sizeof *fibers);
    nfibers = more;
  }
  if (!fibers[i]) {
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    struct litdnn_emu_fiber *f = calloc(1, sizeof *f);
    char *map = mmap(NULL, LITDNN_EMU_STACK_BYTES + page, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (!f || map == MAP_FAILED)
      litdnn_emu_fatal("cannot allocate the stack of CUDA thread %d", i);
    mprotect(map, page, PROT_NONE);      /* the guard page: overflow faults */
    f->stack = map + page;
    f->stack_size = LITDNN_EMU_STACK_BYTES;
#ifdef LITDNN_EMU_TSAN
    f->sanitizer_fiber = __tsan_create_fiber(0);
#endif
    fibers[i] = f;
  }
  return fibers[i];
}

int litdnn_emu_fiber_stack_guard(const void *addr) {
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  for (int i = 0; i < nfibers && fibers[i]; i++)
    if ((const char *)addr >= fibers[i]->stack - page &&
        (const char *)addr < fibers[i]->stack)
      return 1;
  return 0;
}
#line 936 "chapters/01-emulator.nw"
#ifdef LITDNN_EMU_UCONTEXT
static void fiber_entry(void) {
  struct litdnn_emu_fiber *f = litdnn_emu_current;
  f->body(f);
}
#endif

void litdnn_emu_fiber_start(struct litdnn_emu_fiber *f,
                            void (*body)(struct litdnn_emu_fiber *)) {
  f->body = body;
#ifdef LITDNN_EMU_ASAN
  /* only a new stack, or one whose last thread did not return */
  if (f->state != LITDNN_EMU_EXITED)
    __asan_unpoison_memory_region(f->stack, f->stack_size);
  f->sanitizer_fiber = NULL;
#endif
  f->state = LITDNN_EMU_RUNNABLE;
#ifdef LITDNN_EMU_UCONTEXT
  getcontext(&f->context);
  f->context.uc_stack.ss_sp = f->stack;
  f->context.uc_stack.ss_size = f->stack_size;
  f->context.uc_link = NULL;
  makecontext(&f->context, fiber_entry, 0);
#else
  uintptr_t top = ((uintptr_t)(f->stack + f->stack_size)) & ~(uintptr_t)15;
  void **frame = (void **)(top - LITDNN_EMU_FRAME_WORDS * sizeof(void *));
  memset(frame, 0, LITDNN_EMU_FRAME_WORDS * sizeof(void *));
#if defined(__x86_64__)
  frame[3] = f;                       /* r12 */
  frame[2] = (void *)body;            /* r13 */
  frame[6] = (void *)litdnn_emu_first_return;
#else
  frame[0] = f;                       /* x19 */
  frame[1] = (void *)body;            /* x20 */
  frame[11] = (void *)litdnn_emu_first_return;   /* x30 */
#endif
  f->sp = frame;
#endif
}
#line 981 "chapters/01-emulator.nw"
static void *host_sp;
#ifdef LITDNN_EMU_UCONTEXT
static ucontext_t host_context;
#endif
#ifdef LITDNN_EMU_ASAN
static void *host_fake_stack;
static const void *host_stack_bottom;
static size_t host_stack_size;
#endif
#ifdef LITDNN_EMU_TSAN
static void *host_tsan_fiber;
#endif

void litdnn_emu_fiber_resume(struct litdnn_emu_fiber *f) {
  litdnn_emu_current = f;
  litdnn_emu_thread_idx = &f->idx;
#ifdef LITDNN_EMU_ASAN
  __sanitizer_start_switch_fiber(&host_fake_stack, f->stack, f->stack_size);
#endif
#ifdef LITDNN_EMU_TSAN
  host_tsan_fiber = __tsan_get_current_fiber();
  __tsan_switch_to_fiber(f->sanitizer_fiber, 1 /* no synchronisation */);
#endif
#ifdef LITDNN_EMU_UCONTEXT
  swapcontext(&host_context, &f->context);
#else
  litdnn_emu_switch(&host_sp, f->sp);
#endif
#ifdef LITDNN_EMU_ASAN
  __sanitizer_finish_switch_fiber(host_fake_stack, NULL, NULL);
#endif
  litdnn_emu_current = NULL;
}

/* the first thing a fiber's body does */
void litdnn_emu_fiber_begin(struct litdnn_emu_fiber *f) {
#ifdef LITDNN_EMU_ASAN
  __sanitizer_finish_switch_fiber(NULL, &host_stack_bottom, &host_stack_size);
#endif
  (void)f;
}

void litdnn_emu_fiber_yield(struct litdnn_emu_fiber *f, int exiting) {
#ifdef LITDNN_EMU_ASAN
  __sanitizer_start_switch_fiber(exiting ? NULL : &f->sanitizer_fiber,
                                 host_stack_bottom, host_stack_size);
#else
  (void)exiting;
#endif
#ifdef LITDNN_EMU_TSAN
  __tsan_switch_to_fiber(host_tsan_fiber, 1);
#endif
#ifdef LITDNN_EMU_UCONTEXT
  swapcontext(&f->context, &host_context);
#else
  litdnn_emu_switch(&f->sp, host_sp);
#endif
#ifdef LITDNN_EMU_ASAN
  __sanitizer_finish_switch_fiber(f->sanitizer_fiber, &host_stack_bottom,
                                  &host_stack_size);
#endif
}
