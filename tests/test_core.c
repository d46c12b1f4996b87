/* The handle, status codes, versions, memory and tensor descriptors. */
#include "common.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

Test(core, version_of_header_and_library_agree)
{
  cr_assert_eq(litdnnGetVersion(), (size_t)LITDNN_VERSION);
  cr_assert_eq(LITDNN_VERSION, LITDNN_MAJOR * 10000 + LITDNN_MINOR * 100 + LITDNN_PATCHLEVEL);
}

Test(core, handle_refuses_a_header_of_another_major_version)
{
  litdnnHandle_t h = (litdnnHandle_t)0x1;
  litdnnStatus_t s = litdnnCreateVersioned(&h, LITDNN_BACKEND_CPU, LITDNN_VERSION + 10000);
  t_assert_status(s, LITDNN_STATUS_VERSION_MISMATCH, "litdnnCreate", "newer header");
  cr_assert_eq(h, (litdnnHandle_t)0x1, "a failing litdnnCreate wrote its output");
}

Test(core, status_strings_and_categories)
{
  cr_assert_str_eq(litdnnGetErrorString(LITDNN_STATUS_SUCCESS), "LITDNN_STATUS_SUCCESS");
  cr_assert_str_eq(litdnnGetErrorString(LITDNN_STATUS_BAD_PARAM_NULL_POINTER),
                   "LITDNN_STATUS_BAD_PARAM_NULL_POINTER");
  cr_assert_str_eq(litdnnGetErrorString((litdnnStatus_t)12345), "LITDNN_STATUS_UNKNOWN");
  cr_assert_eq(LITDNN_STATUS_CATEGORY(LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH), LITDNN_STATUS_BAD_PARAM);
  cr_assert_eq(LITDNN_STATUS_CATEGORY(LITDNN_STATUS_EXECUTION_FAILED_CUBLAS),
               LITDNN_STATUS_EXECUTION_FAILED);
  cr_assert_eq(LITDNN_STATUS_CATEGORY(LITDNN_STATUS_SUCCESS), LITDNN_STATUS_SUCCESS);
}

Test(core, every_available_backend_makes_a_handle)
{
  litdnnBackend_t backends[LITDNN_BACKEND_COUNT];
  int n = t_backends(backends);
  cr_assert(n >= 1);
  for (int i = 0; i < n; i++) {
    litdnnHandle_t h = t_handle(backends[i]);
    litdnnBackend_t b;
    char name[128];
    cr_assert_eq(litdnnGetBackend(h, &b), LITDNN_STATUS_SUCCESS);
    cr_assert_eq(b, backends[i]);
    cr_assert_eq(litdnnGetDeviceName(h, name, sizeof name), LITDNN_STATUS_SUCCESS);
    cr_assert(strlen(name) > 0);
    cr_assert_eq(litdnnSynchronize(h), LITDNN_STATUS_SUCCESS);
    litdnnDestroy(h);
  }
}

Test(core, environment_chooses_the_backend)
{
  setenv("LITDNN_BACKEND", "cpu", 1);
  litdnnHandle_t h;
  litdnnBackend_t b;
  cr_assert_eq(litdnnCreate(&h), LITDNN_STATUS_SUCCESS);
  litdnnGetBackend(h, &b);
  cr_assert_eq(b, LITDNN_BACKEND_CPU);
  litdnnDestroy(h);

  setenv("LITDNN_BACKEND", "cdua", 1);
  h = NULL;
  t_assert_status(litdnnCreate(&h), LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "cdua", "misspelt backend");
  cr_assert_null(h);
  unsetenv("LITDNN_BACKEND");
}

Test(core, a_missing_gpu_is_an_error_not_a_fallback)
{
  if (t_have_gpu())
    cr_skip_test("a CUDA device is present");
  litdnnHandle_t h = NULL;
  t_assert_status(litdnnCreateWithBackend(&h, LITDNN_BACKEND_CUDA), LITDNN_STATUS_NOT_SUPPORTED_BACKEND,
                  "cuda", "cuda without a device");
  cr_assert_null(h);
}

Test(core, bad_handle_arguments)
{
  t_assert_status(litdnnCreateVersioned(NULL, LITDNN_BACKEND_CPU, LITDNN_VERSION),
                  LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "handle", "null handle pointer");
  litdnnHandle_t h = NULL;
  t_assert_status(litdnnCreateWithBackend(&h, (litdnnBackend_t)7), LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND,
                  "backend = 7", "backend 7");
  litdnnBackend_t b;
  t_assert_status(litdnnGetBackend(NULL, &b), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "handle", "get backend");
  t_assert_status(litdnnSynchronize(NULL), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "litdnnSynchronize",
                  "synchronize");
  h = t_handle(LITDNN_BACKEND_CPU);
  t_assert_status(litdnnGetBackend(h, NULL), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "backend", "null out");
  t_assert_status(litdnnSetStream(h, (litdnnStream_t)0x10), LITDNN_STATUS_NOT_SUPPORTED_BACKEND, "stream",
                  "stream on cpu");
  litdnnStream_t st = (litdnnStream_t)0x20;
  cr_assert_eq(litdnnGetStream(h, &st), LITDNN_STATUS_SUCCESS);
  cr_assert_null(st);
  char name[4];
  t_assert_status(litdnnGetDeviceName(h, name, 0), LITDNN_STATUS_BAD_PARAM_SIZE_INSUFFICIENT, "size",
                  "zero-sized name buffer");
  litdnnDestroy(h);
  cr_assert_eq(litdnnDestroy(NULL), LITDNN_STATUS_SUCCESS);
}

Test(core, memory_round_trips_on_every_backend)
{
  litdnnBackend_t backends[LITDNN_BACKEND_COUNT];
  int nb = t_backends(backends);
  for (int i = 0; i < nb; i++) {
    litdnnHandle_t h = t_handle(backends[i]);
    size_t n = 1000 + (size_t)t_rand_int(0, 97);
    float *a = t_random(n, -1, 1), *b = malloc(n * sizeof *b);
    void *d1 = t_dev_from_host(h, a, n), *d2 = t_dev_alloc(h, n * sizeof(float));
    cr_assert_eq(litdnnMemcpy(h, d2, d1, n * sizeof(float), LITDNN_MEMCPY_DEVICE_TO_DEVICE),
                 LITDNN_STATUS_SUCCESS);
    t_dev_to_host(h, b, d2, n);
    cr_assert_eq(memcmp(a, b, n * sizeof *a), 0, "round trip changed data on %s",
                 litdnnGetBackendName(backends[i]));
    t_assert_status(litdnnMemcpy(h, NULL, a, 4, LITDNN_MEMCPY_HOST_TO_DEVICE),
                    LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "dst", "null dst");
    t_assert_status(litdnnMemcpy(h, d1, a, 4, (litdnnMemcpyKind_t)9), LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND,
                    "kind = 9", "bad kind");
    t_assert_status(litdnnMalloc(h, NULL, 4), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "ptr", "null ptr");
    litdnnFree(h, d1);
    litdnnFree(h, d2);
    free(a);
    free(b);
    litdnnDestroy(h);
  }
}

/* ---- tensor descriptors ---- */

static litdnnTensorDescriptor_t tensor(void)
{
  litdnnTensorDescriptor_t d;
  cr_assert_eq(litdnnCreateTensorDescriptor(&d), LITDNN_STATUS_SUCCESS);
  return d;
}

Test(tensor_descriptor, nchw_and_nhwc_strides)
{
  litdnnTensorDescriptor_t d = tensor();
  litdnnDataType_t t;
  int n, c, h, w, ns, cs, hs, ws;
  cr_assert_eq(litdnnSetTensor4dDescriptor(d, LITDNN_TENSOR_NCHW, LITDNN_DATA_FLOAT, 2, 3, 5, 7),
               LITDNN_STATUS_SUCCESS);
  litdnnGetTensor4dDescriptor(d, &t, &n, &c, &h, &w, &ns, &cs, &hs, &ws);
  cr_assert(n == 2 && c == 3 && h == 5 && w == 7);
  cr_assert(ns == 105 && cs == 35 && hs == 7 && ws == 1, "NCHW strides %d %d %d %d", ns, cs, hs, ws);
  cr_assert_eq(litdnnSetTensor4dDescriptor(d, LITDNN_TENSOR_NHWC, LITDNN_DATA_FLOAT, 2, 3, 5, 7),
               LITDNN_STATUS_SUCCESS);
  litdnnGetTensor4dDescriptor(d, &t, &n, &c, &h, &w, &ns, &cs, &hs, &ws);
  cr_assert(ns == 105 && cs == 1 && hs == 21 && ws == 3, "NHWC strides %d %d %d %d", ns, cs, hs, ws);
  size_t bytes;
  litdnnGetTensorSizeInBytes(d, &bytes);
  cr_assert_eq(bytes, 2 * 3 * 5 * 7 * sizeof(float));
  litdnnDestroyTensorDescriptor(d);
}

Test(tensor_descriptor, nd_descriptors_and_strided_views)
{
  litdnnTensorDescriptor_t d = tensor();
  int dims[5] = {2, 3, 4, 5, 6}, got_dims[5], got_strides[5], nb;
  litdnnDataType_t t;
  cr_assert_eq(litdnnSetTensorNdDescriptorEx(d, LITDNN_TENSOR_NHWC, LITDNN_DATA_FLOAT, 5, dims),
               LITDNN_STATUS_SUCCESS);
  litdnnGetTensorNdDescriptor(d, 5, &t, &nb, got_dims, got_strides);
  cr_assert_eq(nb, 5);
  /* NDHWC: C innermost, then W, H, D, N */
  cr_assert(got_strides[1] == 1 && got_strides[4] == 3 && got_strides[3] == 18 && got_strides[2] == 90 &&
            got_strides[0] == 360, "NDHWC strides");
  /* every second column of a 4x8 matrix: span 4*8 - 1, count 16 */
  int vd[2] = {4, 4}, vs[2] = {8, 2};
  cr_assert_eq(litdnnSetTensorNdDescriptor(d, LITDNN_DATA_FLOAT, 2, vd, vs), LITDNN_STATUS_SUCCESS);
  size_t bytes;
  litdnnGetTensorSizeInBytes(d, &bytes);
  cr_assert_eq(bytes, (size_t)(3 * 8 + 3 * 2 + 1) * sizeof(float));
  litdnnDestroyTensorDescriptor(d);
}

Test(tensor_descriptor, bad_sizes_name_the_parameter_and_leave_the_descriptor_alone)
{
  litdnnTensorDescriptor_t d = tensor();
  cr_assert_eq(litdnnSetTensor4dDescriptor(d, LITDNN_TENSOR_NCHW, LITDNN_DATA_FLOAT, 1, 2, 3, 4),
               LITDNN_STATUS_SUCCESS);
  t_assert_status(litdnnSetTensor4dDescriptor(d, LITDNN_TENSOR_NCHW, LITDNN_DATA_FLOAT, -3, 2, 3, 4),
                  LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "litdnnSetTensor4dDescriptor: n = -3 must be positive",
                  "negative n");
  t_assert_status(litdnnSetTensor4dDescriptor(d, LITDNN_TENSOR_NCHW, LITDNN_DATA_FLOAT, 1, 0, 3, 4),
                  LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "c = 0", "zero c");
  t_assert_status(litdnnSetTensor4dDescriptor(d, (litdnnTensorFormat_t)5, LITDNN_DATA_FLOAT, 1, 2, 3, 4),
                  LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "format = 5", "bad format");
  t_assert_status(litdnnSetTensor4dDescriptor(d, LITDNN_TENSOR_NCHW, (litdnnDataType_t)9, 1, 2, 3, 4),
                  LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "dataType = 9", "bad type");
  t_assert_status(litdnnSetTensor4dDescriptorEx(d, LITDNN_DATA_FLOAT, 1, 2, 3, 4, 24, 12, 4, 0),
                  LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "stride of w", "zero stride");
  /* 2^31 elements in each of four dimensions overflow 64 bits */
  t_assert_status(litdnnSetTensor4dDescriptor(d, LITDNN_TENSOR_NCHW, LITDNN_DATA_FLOAT, 2147483647,
                                              2147483647, 2147483647, 2147483647),
                  LITDNN_STATUS_BAD_PARAM_OVERFLOW, "too large", "overflowing size");
  int dims[9] = {1, 1, 1, 1, 1, 1, 1, 1, 1}, strides[9] = {1, 1, 1, 1, 1, 1, 1, 1, 1};
  t_assert_status(litdnnSetTensorNdDescriptor(d, LITDNN_DATA_FLOAT, 9, dims, strides),
                  LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "nbDims = 9", "nine dims");
  t_assert_status(litdnnSetTensorNdDescriptor(d, LITDNN_DATA_FLOAT, 2, NULL, strides),
                  LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "dimA", "null dims");
  t_assert_status(litdnnSetTensor4dDescriptor(NULL, LITDNN_TENSOR_NCHW, LITDNN_DATA_FLOAT, 1, 1, 1, 1),
                  LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "desc", "null descriptor");
  /* after all those failures the descriptor still holds 1x2x3x4 NCHW */
  int n, c, h, w, ns, cs, hs, ws;
  litdnnDataType_t t;
  litdnnGetTensor4dDescriptor(d, &t, &n, &c, &h, &w, &ns, &cs, &hs, &ws);
  cr_assert(n == 1 && c == 2 && h == 3 && w == 4 && ns == 24 && ws == 1);
  litdnnDestroyTensorDescriptor(d);
}

Test(tensor_descriptor, unset_descriptors_are_refused)
{
  litdnnTensorDescriptor_t d = tensor();
  size_t bytes = 77;
  t_assert_status(litdnnGetTensorSizeInBytes(d, &bytes), LITDNN_STATUS_BAD_PARAM_NOT_FINALIZED, "never set",
                  "unset descriptor");
  cr_assert_eq(bytes, 77u, "a failing call wrote its output");
  int n = 5;
  t_assert_status(litdnnGetTensor4dDescriptor(d, NULL, &n, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
                  LITDNN_STATUS_BAD_PARAM_NOT_FINALIZED, "never set", "unset get");
  cr_assert_eq(n, 5);
  litdnnDestroyTensorDescriptor(d);
}

Test(tensor_descriptor, sizes_past_int_are_reported_not_truncated)
{
  litdnnTensorDescriptor_t d = tensor();
  /* 2^16 x 2^16 elements: strides of 2^32 do not fit the int interface */
  int dims[3] = {2, 65536, 65536}, nb, gd[3], gs[3]; /* stride of dim 0 is 2^32 */
  cr_assert_eq(litdnnSetTensorNdDescriptorEx(d, LITDNN_TENSOR_NCHW, LITDNN_DATA_FLOAT, 3, dims),
               LITDNN_STATUS_SUCCESS);
  t_assert_status(litdnnGetTensorNdDescriptor(d, 3, NULL, &nb, gd, gs), LITDNN_STATUS_BAD_PARAM_OVERFLOW,
                  "does not fit an int", "stride past INT_MAX");
  size_t bytes;
  cr_assert_eq(litdnnGetTensorSizeInBytes(d, &bytes), LITDNN_STATUS_SUCCESS);
  cr_assert_eq(bytes, (size_t)65536 * 65536 * 2 * 4);
  litdnnDestroyTensorDescriptor(d);
}

Test(stages, stage_api_rejects_bad_arguments)
{
  int count = 0;
  t_assert_status(litdnnGetStageCount((litdnnOp_t)-1, &count), LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "op = -1",
                  "negative op");
  t_assert_status(litdnnGetStageCount(LITDNN_OP_COUNT, &count), LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "op",
                  "op past the end");
  litdnnHandle_t h = t_handle(LITDNN_BACKEND_CPU);
  t_assert_status(litdnnSetStage(NULL, (litdnnOp_t)0, 0), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "handle",
                  "null handle");
  litdnnDestroy(h);
}

/* LITDNN_TEST_PART=i/k (tests/common.c) cuts each parameterized function's
   cases into k runs for the sanitizers: between them they run every case
   of the whole list once, and nothing else. */
static int same_case(const t_case *a, const t_case *b)
{
  return a->op == b->op && a->stage == b->stage && a->backend == b->backend && a->problem == b->problem;
}

Test(stages, test_parts_run_every_case_once)
{
  enum { K = 3, PROBLEMS = 20 };
  size_t room = t_case_room(LITDNN_OP_MATMUL, PROBLEMS);
  t_case *every = malloc(room * sizeof *every), *part = malloc(room * sizeof *part);
  int *seen = calloc(room, sizeof *seen);
  cr_assert(every && part && seen);
  /* the whole list, whatever the run's own cuts (this process is the test's own) */
  unsetenv("LITDNN_TEST_PART");
  unsetenv("LITDNN_TEST_STAGES");
  unsetenv("LITDNN_TEST_SUBSET");
  int all = t_case_list(LITDNN_OP_MATMUL, PROBLEMS, ~0u, NULL, every);
  cr_assert_gt(all, K, "too few cases (%d) to cut into %d parts", all, K);
  for (int i = 0; i < K; i++) {
    char v[16];
    snprintf(v, sizeof v, "%d/%d", i, K);
    setenv("LITDNN_TEST_PART", v, 1);
    int n = t_case_list(LITDNN_OP_MATMUL, PROBLEMS, ~0u, NULL, part);
    cr_assert_lt(n, all, "part %s is the whole list", v);
    for (int c = 0; c < n; c++) {
      int j = 0;
      while (j < all && !same_case(&every[j], &part[c]))
        j++;
      cr_assert_lt(j, all, "part %s has a case that the whole list lacks", v);
      seen[j]++;
    }
  }
  for (int j = 0; j < all; j++)
    cr_assert_eq(seen[j], 1, "case %d of %d ran %d times over the %d parts", j, all, seen[j], K);
  free(every);
  free(part);
  free(seen);
}
