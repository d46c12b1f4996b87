/* Two threads, each with handles of its own on the given backends,
 * interleave calls that succeed (a scaled tensor, checked against its
 * reference) with calls that fail on a value only that thread uses. After
 * each failing call the thread must read its own message, naming its own
 * value, and after each successful call an empty one.
 *
 * The Criterion suite runs it (test_threads.c); so does litdnn-threads
 * (threads_main.c), the program `make test SANITIZE=thread` runs under
 * ThreadSanitizer, which also reports any data race inside the library.
 * (Criterion's process arena cannot start under ThreadSanitizer.) */
#ifndef LITDNN_TESTS_THREADS_H
#define LITDNN_TESTS_THREADS_H
#include <stddef.h>
#include "litdnn.h"

/* 1 if both threads saw only their own messages and right results; else 0
   and why */
int t_threads_check(const litdnnBackend_t *backends, int nbackends, char *why, size_t size);
#endif
