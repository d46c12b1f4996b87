/* Threads: every thread has its own last-error message (see threads.h). */
#include "common.h"
#include "threads.h"

Test(threads, each_thread_reads_its_own_last_error)
{
  litdnnBackend_t backends[LITDNN_BACKEND_COUNT];
  int n = t_backends(backends);
  char why[512];
  cr_assert(t_threads_check(backends, n, why, sizeof why), "%s", why);
}
