/* Bad-input cases that the library answers wrongly today, written as they
 * should pass. This file is not compiled: each case waits for a fix in the
 * chapter named above it. tests/test_bad_input.c lists every one of them
 * with BI_PENDING (so the suite counts the function as covered and each run
 * reports the case as skipped, with the reason). When a chapter is fixed,
 * move its cases into tests/test_bad_input.c and delete their BI_PENDING
 * lines there.
 *
 * To see them fail, build them next to the suite (the BI_PENDING stubs and
 * these cases register under the same names; both run):
 *   gcc -std=gnu11 -Itangled/include -Itests -Ibuild/tests tests/test_bad_input.c \
 *       tests/bad_input_pending.c tests/common.c build/lib/liblitdnn.a -lcriterion ...
 */
#include "bad_input.h"
