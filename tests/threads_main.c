/* litdnn-threads: the two-thread check of threads.h as a program of its
 * own, for ThreadSanitizer (make test SANITIZE=thread), on the CPU and the
 * emulator backends. */
#include <stdio.h>
#include "threads.h"

int main(void)
{
  litdnnBackend_t backends[] = {LITDNN_BACKEND_CPU, LITDNN_BACKEND_EMU};
  char why[512];
  if (!t_threads_check(backends, 2, why, sizeof why)) {
    printf("litdnn-threads: FAIL: %s\n", why);
    return 1;
  }
  printf("litdnn-threads: PASS (two threads, CPU and emulator handles each)\n");
  return 0;
}
