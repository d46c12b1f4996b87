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

/* ---- chapters/06-pooling.nw ---- */
/* pooling.h names the descriptor desc; the messages call it poolingDesc
   (renaming the parameter to poolingDesc, as cuDNN does, would fix them
   too: then these needles change with it) */
#undef BI_ON
#define BI_ON BI_CPU
BI_CASE(litdnnGetPooling2dDescriptor, null_desc, BAD_PARAM_NULL_POINTER, "desc is a null pointer", desc = NULL)
BI_CASE(litdnnGetPooling2dDescriptor, unset_desc, BAD_PARAM_NOT_FINALIZED, "desc was never set", desc = W->pool_unset)
BI_CASE(litdnnGetPooling2dDescriptor, three_spatial_dimensions, BAD_PARAM_SHAPE_MISMATCH,
        "desc has 3 spatial dimensions, not 2", desc = W->pool3d)
BI_CASE(litdnnGetPoolingNdDescriptor, null_desc, BAD_PARAM_NULL_POINTER, "desc is a null pointer", desc = NULL)
BI_CASE(litdnnGetPoolingNdDescriptor, unset_desc, BAD_PARAM_NOT_FINALIZED, "desc was never set", desc = W->pool_unset)
BI_CASE(litdnnGetPooling2dForwardOutputDim, null_desc, BAD_PARAM_NULL_POINTER, "desc is a null pointer", desc = NULL)
BI_CASE(litdnnGetPooling2dForwardOutputDim, unset_desc, BAD_PARAM_NOT_FINALIZED, "desc was never set",
        desc = W->pool_unset)
BI_CASE(litdnnGetPooling2dForwardOutputDim, three_spatial_dimensions, BAD_PARAM_SHAPE_MISMATCH,
        "desc has 3 spatial dimensions, not 2", desc = W->pool3d)
BI_CASE(litdnnGetPoolingNdForwardOutputDim, null_desc, BAD_PARAM_NULL_POINTER, "desc is a null pointer", desc = NULL)
BI_CASE(litdnnGetPoolingNdForwardOutputDim, unset_desc, BAD_PARAM_NOT_FINALIZED, "desc was never set",
        desc = W->pool_unset)
#undef BI_ON
#define BI_ON BI_BOTH
BI_CASE(litdnnPoolingForward, null_desc, BAD_PARAM_NULL_POINTER, "desc is a null pointer", desc = NULL)
BI_CASE(litdnnPoolingForward, unset_desc, BAD_PARAM_NOT_FINALIZED, "desc was never set", desc = W->pool_unset)
BI_CASE(litdnnPoolingBackward, null_desc, BAD_PARAM_NULL_POINTER, "desc is a null pointer", desc = NULL)
BI_CASE(litdnnPoolingBackward, unset_desc, BAD_PARAM_NOT_FINALIZED, "desc was never set", desc = W->pool_unset)
