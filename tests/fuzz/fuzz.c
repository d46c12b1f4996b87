/* The shared half of the fuzz targets: see fuzz.h. */
#include "fuzz.h"
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

unsigned fz_u8(fz_bytes *b)
{
  if (b->n == 0)
    return 0;
  b->n--;
  return *b->p++;
}

int fz_int(fz_bytes *b, int lo, int hi)
{
  if (hi <= lo)
    return lo;
  unsigned span = (unsigned)((long long)hi - lo) + 1u;   /* hi - lo may not fit an int */
  unsigned v = fz_u8(b);
  if (span > 256)
    v = v << 8 | fz_u8(b);
  if (span > 65536)
    v = v << 16 | fz_u8(b) << 8 | fz_u8(b);
  return lo + (int)(v % span);
}

int fz_chance(fz_bytes *b, int percent)
{
  return (int)(fz_u8(b) % 100) < percent;
}

int fz_dim(fz_bytes *b, int small_max)
{
  unsigned k = fz_u8(b);
  if (k < 232)
    return 1 + (int)(k % (unsigned)small_max);
  static const int edges[] = {0, -1, -7, 1 << 16, 1 << 20, INT_MAX / 2, INT_MAX, INT_MIN};
  return edges[(k - 232) % (sizeof edges / sizeof edges[0])];
}

int fz_enum(fz_bytes *b, int count)
{
  unsigned k = fz_u8(b);
  if (k < 240)
    return (int)(k % (unsigned)count);
  static const int bad[] = {-1, 99, INT_MAX, INT_MIN};
  return k < 244 ? count : bad[k % 4];
}

float fz_scale(fz_bytes *b)
{
  static const float v[] = {1.0f, 0.0f, -1.0f, 0.5f, 2.0f, 0.25f};
  return v[fz_u8(b) % 6];
}

void fz_fail(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  fputs("fuzz: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  abort();
}

litdnnHandle_t fz_handle(fz_bytes *b)
{
  static litdnnHandle_t handles[2];
  int which = fz_u8(b) % 2;
  if (!handles[which]) {
    litdnnBackend_t backend = which ? LITDNN_BACKEND_EMU : LITDNN_BACKEND_CPU;
    if (litdnnCreateWithBackend(&handles[which], backend) != LITDNN_STATUS_SUCCESS)
      fz_fail("litdnnCreateWithBackend(%s) failed: %s", litdnnGetBackendName(backend),
              litdnnGetLastErrorString());
  }
  return handles[which];
}

litdnnTensorDescriptor_t fz_tensor(fz_bytes *b, int nbDims, int small_max)
{
  litdnnTensorDescriptor_t d;
  if (litdnnCreateTensorDescriptor(&d) != LITDNN_STATUS_SUCCESS)
    fz_fail("litdnnCreateTensorDescriptor failed: %s", litdnnGetLastErrorString());
  if (nbDims < 0)
    nbDims = fz_chance(b, 3) ? fz_int(b, -1, LITDNN_DIM_MAX + 2) : fz_int(b, 3, 5);
  int dims[LITDNN_DIM_MAX + 2], strides[LITDNN_DIM_MAX + 2];
  int n = nbDims < 0 ? 0 : nbDims > LITDNN_DIM_MAX + 2 ? LITDNN_DIM_MAX + 2 : nbDims;
  for (int i = 0; i < n; i++)
    dims[i] = fz_dim(b, small_max);
  litdnnDataType_t dtype = fz_chance(b, 95) ? LITDNN_DATA_FLOAT : (litdnnDataType_t)fz_enum(b, 4);
  litdnnStatus_t s;
  const char *call;
  unsigned kind = fz_u8(b) % 8;
  if (kind < 5) {   /* packed */
    litdnnTensorFormat_t format = kind < 3 ? LITDNN_TENSOR_NCHW : kind < 4 ? LITDNN_TENSOR_NHWC
                                                                             : (litdnnTensorFormat_t)fz_enum(b, 2);
    call = "litdnnSetTensorNdDescriptorEx";
    s = litdnnSetTensorNdDescriptorEx(d, format, dtype, nbDims, dims);
  } else {          /* strides of its own: padded, permuted, broadcast, overlapping or bad */
    long long st = 1;
    for (int i = n - 1; i >= 0; i--) {
      unsigned how = fz_u8(b) % 10;
      if (how < 6)
        strides[i] = (int)(st > INT_MAX ? INT_MAX : st);
      else if (how < 8)
        strides[i] = (int)(st > INT_MAX / 3 ? INT_MAX : st + fz_int(b, 1, 5));
      else if (how < 9)
        strides[i] = fz_int(b, 0, 3);
      else {   /* INT_MIN negated does not fit an int: stop at INT_MAX */
        long long v = (long long)fz_dim(b, 64) * (fz_chance(b, 50) ? 1 : -1);
        strides[i] = (int)(v > INT_MAX ? INT_MAX : v);
      }
      st = (long long)strides[i] * (dims[i] > 0 ? dims[i] : 1);
    }
    call = "litdnnSetTensorNdDescriptor";
    s = litdnnSetTensorNdDescriptor(d, dtype, nbDims, dims, strides);
  }
  if (!fz_check_desc(call, s)) {
    litdnnDestroyTensorDescriptor(d);
    return NULL;
  }
  return d;
}

void fz_stage(litdnnHandle_t h, fz_bytes *b, litdnnOp_t op)
{
  int count = 0;
  if (litdnnGetStageCount(op, &count) != LITDNN_STATUS_SUCCESS)
    fz_fail("litdnnGetStageCount(%d) failed: %s", (int)op, litdnnGetLastErrorString());
  int pick = fz_int(b, -count / 2, count - 1);
  litdnnStatus_t s = litdnnSetStage(h, op, pick < 0 ? LITDNN_STAGE_AUTOMATIC : pick);
  if (!fz_check_desc("litdnnSetStage", s))
    litdnnSetStage(h, op, LITDNN_STAGE_AUTOMATIC);
}

static size_t fz_pattern_bytes(fz_bytes *b, void *dst, size_t bytes)
{
  /* small floats, some special values: the kernels see real data */
  float *f = (float *)dst;
  size_t n = bytes / sizeof(float);
  unsigned seed = fz_u8(b) | fz_u8(b) << 8;
  for (size_t i = 0; i < n; i++) {
    seed = seed * 1103515245u + 12345u;
    unsigned r = seed >> 16;
    f[i] = r % 97 == 0 ? (r % 2 ? INFINITY : -0.0f) : ((float)(r % 2001) - 1000.0f) / 250.0f;
  }
  memset((char *)dst + n * sizeof(float), 0x5a, bytes - n * sizeof(float));
  return bytes;
}

int fz_alloc(litdnnHandle_t h, fz_bytes *b, fz_buffer *buf, size_t bytes)
{
  memset(buf, 0, sizeof *buf);
  if (bytes > FZ_MAX_BYTES)
    return 0;
  buf->bytes = bytes;
  size_t real = bytes ? bytes : 1;
  if (litdnnMalloc(h, &buf->dev, real) != LITDNN_STATUS_SUCCESS)
    fz_fail("litdnnMalloc(%zu) failed: %s", real, litdnnGetLastErrorString());
  buf->copy = malloc(real);
  fz_pattern_bytes(b, buf->copy, real);
  if (litdnnMemcpy(h, buf->dev, buf->copy, real, LITDNN_MEMCPY_HOST_TO_DEVICE) != LITDNN_STATUS_SUCCESS)
    fz_fail("litdnnMemcpy to the device failed: %s", litdnnGetLastErrorString());
  return 1;
}

int fz_alloc_tensor(litdnnHandle_t h, fz_bytes *b, fz_buffer *buf, litdnnTensorDescriptor_t d)
{
  size_t bytes = 0;
  memset(buf, 0, sizeof *buf);
  if (!d)
    return 0;
  litdnnStatus_t s = litdnnGetTensorSizeInBytes(d, &bytes);
  if (!fz_check_desc("litdnnGetTensorSizeInBytes", s))
    return 0;
  /* zero or overlapping strides make a small buffer of many elements: the
     emulator would take minutes over it, so such a call is skipped too */
  int dims[8], strides[8], nb = 0;
  litdnnDataType_t type;
  if (litdnnGetTensorNdDescriptor(d, 8, &type, &nb, dims, strides) == LITDNN_STATUS_SUCCESS) {
    size_t elements = 1;
    for (int i = 0; i < nb && i < 8; i++) {
      elements *= (size_t)(dims[i] > 0 ? dims[i] : 1);
      if (elements > FZ_MAX_ELEMENTS)
        return 0;
    }
  }
  return fz_alloc(h, b, buf, bytes);
}

void fz_free(litdnnHandle_t h, fz_buffer *buf)
{
  if (buf->dev && litdnnFree(h, buf->dev) != LITDNN_STATUS_SUCCESS)
    fz_fail("litdnnFree failed: %s", litdnnGetLastErrorString());
  free(buf->copy);
  memset(buf, 0, sizeof *buf);
}

static void check_refusal(const char *call, litdnnStatus_t s)
{
  litdnnStatus_t group = LITDNN_STATUS_CATEGORY(s);
  if (group != LITDNN_STATUS_BAD_PARAM && group != LITDNN_STATUS_NOT_SUPPORTED)
    fz_fail("%s returned %s (%d), outside the BAD_PARAM and NOT_SUPPORTED groups: %s", call,
            litdnnGetErrorString(s), (int)s, litdnnGetLastErrorString());
  const char *msg = litdnnGetLastErrorString();
  if (!msg || !msg[0])
    fz_fail("%s returned %s without a message", call, litdnnGetErrorString(s));
  if (!strstr(msg, call))
    fz_fail("%s returned %s; its message does not name the call: \"%s\"", call,
            litdnnGetErrorString(s), msg);
}

int fz_check_desc(const char *call, litdnnStatus_t s)
{
  if (s == LITDNN_STATUS_SUCCESS)
    return 1;
  check_refusal(call, s);
  return 0;
}

int fz_check(litdnnHandle_t h, const char *call, litdnnStatus_t s, fz_buffer *outs, int nouts)
{
  if (s == LITDNN_STATUS_SUCCESS) {
    if (litdnnSynchronize(h) != LITDNN_STATUS_SUCCESS)
      fz_fail("%s succeeded, then litdnnSynchronize failed: %s", call, litdnnGetLastErrorString());
    return 1;
  }
  check_refusal(call, s);
  char msg[512];
  snprintf(msg, sizeof msg, "%s", litdnnGetLastErrorString());
  for (int i = 0; i < nouts; i++) {
    fz_buffer *o = &outs[i];
    if (!o->dev)
      continue;
    size_t real = o->bytes ? o->bytes : 1;
    void *now = malloc(real);
    if (litdnnMemcpy(h, now, o->dev, real, LITDNN_MEMCPY_DEVICE_TO_HOST) != LITDNN_STATUS_SUCCESS)
      fz_fail("litdnnMemcpy from the device failed: %s", litdnnGetLastErrorString());
    if (memcmp(now, o->copy, real) != 0)
      fz_fail("%s refused the call (%s: %s) but changed its output %d", call, litdnnGetErrorString(s),
              msg, i);
    free(now);
  }
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  fz_bytes b = {data, size};
  fz_target(&b);
  return 0;
}
