#line 1173 "chapters/02-tensors.nw"
#include "core/internal.h"
#include "core/pool.h"
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <stdio.h>

extern const litdnn_device_ops litdnn_cpu_device;

static const litdnn_device_ops *device_ops(litdnnBackend_t backend)
{
  switch (backend) {
  case LITDNN_BACKEND_CPU: return &litdnn_cpu_device;
#ifdef LITDNN_HAVE_CUDA
  case LITDNN_BACKEND_CUDA: return &litdnn_gpu_device_cuda;
#endif
  case LITDNN_BACKEND_EMU: return &litdnn_gpu_device_emu;
  default: return NULL;
  }
}

const char *litdnnGetBackendName(litdnnBackend_t backend)
{
  switch (backend) {
  case LITDNN_BACKEND_DEFAULT: return "default";
  case LITDNN_BACKEND_CPU: return "cpu";
  case LITDNN_BACKEND_CUDA: return "cuda";
  case LITDNN_BACKEND_EMU: return "emu";
  }
  return "unknown";
}

int litdnnBackendAvailable(litdnnBackend_t backend)
{
  const litdnn_device_ops *ops = device_ops(backend);
  return ops != NULL && ops->available();
}

#line 1223 "chapters/02-tensors.nw"
static litdnnStatus_t default_backend(const char *call, litdnnBackend_t *backend)
{
  const char *env = getenv("LITDNN_BACKEND");
  if (env && *env) {
    static const litdnnBackend_t named[] = {LITDNN_BACKEND_CPU, LITDNN_BACKEND_CUDA, LITDNN_BACKEND_EMU};
    for (size_t i = 0; i < sizeof named / sizeof named[0]; i++)
      if (strcasecmp(env, litdnnGetBackendName(named[i])) == 0) {
        *backend = named[i];
        return LITDNN_STATUS_SUCCESS;
      }
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call,
                        "LITDNN_BACKEND = '%s' is not one of cpu, cuda, emu", env);
  }
  *backend = litdnnBackendAvailable(LITDNN_BACKEND_CUDA) ? LITDNN_BACKEND_CUDA : LITDNN_BACKEND_CPU;
  return LITDNN_STATUS_SUCCESS;
}
#line 1242 "chapters/02-tensors.nw"
litdnnStatus_t litdnnCreateVersioned(litdnnHandle_t *handle, litdnnBackend_t backend,
                                     size_t headerVersion)
{
  LITDNN_API_CALL("litdnnCreate");   /* the name the caller wrote: the macro */
  LITDNN_CHECK_NULL(call, handle);
  if (headerVersion / 10000 != LITDNN_VERSION / 10000)
    return litdnn_error(LITDNN_STATUS_VERSION_MISMATCH, call,
                        "program compiled with litdnn.h version %zu, but the library is version %d",
                        headerVersion, LITDNN_VERSION);
  if (backend == LITDNN_BACKEND_DEFAULT) {
    litdnnStatus_t s = default_backend(call, &backend);
    if (s != LITDNN_STATUS_SUCCESS)
      return s;
  }
  if ((int)backend < LITDNN_BACKEND_CPU || (int)backend > LITDNN_BACKEND_EMU)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call,
                        "backend = %d is not a litdnnBackend_t", (int)backend);
  if (!device_ops(backend))
    return litdnn_error(LITDNN_STATUS_NOT_SUPPORTED_BACKEND, call,
                        "backend %s was not built into this library", litdnnGetBackendName(backend));
  if (!device_ops(backend)->available())
    return litdnn_error(LITDNN_STATUS_NOT_SUPPORTED_BACKEND, call,
                        "backend %s: no device is available", litdnnGetBackendName(backend));
  struct litdnnContext *h = calloc(1, sizeof *h);
  if (!h)
    return litdnn_error(LITDNN_STATUS_ALLOC_FAILED, call, "out of host memory");
  h->backend = backend;
  h->dev = device_ops(backend);
  for (int op = 0; op < LITDNN_OP_COUNT; op++) {
    h->stage[op] = LITDNN_STAGE_AUTOMATIC;
    h->last_stage[op] = -1;
  }
  litdnnStatus_t s = litdnn_pool_attach(h, call);
  if (s != LITDNN_STATUS_SUCCESS) {
    free(h);
    return s;
  }
  *handle = h;
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnDestroy(litdnnHandle_t handle)
{
  LITDNN_API_CALL("litdnnDestroy");
  if (!handle)
    return LITDNN_STATUS_SUCCESS; /* like free(NULL) */
  litdnn_workspace_release(handle);
#ifdef LITDNN_HAVE_CUDA
  if (handle->cublas)
    litdnn_cublas_destroy(handle->cublas);
#endif
  litdnn_pool_detach(handle);
  free(handle);
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnn_check_handle(const char *call, litdnnHandle_t h)
{
  if (!h)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_NULL_POINTER, call, "handle is a null pointer");
  return LITDNN_STATUS_SUCCESS;
}
#line 1307 "chapters/02-tensors.nw"
litdnnStatus_t litdnnGetBackend(litdnnHandle_t handle, litdnnBackend_t *backend)
{
  LITDNN_API_CALL("litdnnGetBackend");
  litdnnStatus_t s = litdnn_check_handle("litdnnGetBackend", handle);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  LITDNN_CHECK_NULL("litdnnGetBackend", backend);
  *backend = handle->backend;
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnGetDeviceName(litdnnHandle_t handle, char *name, size_t size)
{
  LITDNN_API_CALL("litdnnGetDeviceName");
  litdnnStatus_t s = litdnn_check_handle("litdnnGetDeviceName", handle);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  LITDNN_CHECK_NULL("litdnnGetDeviceName", name);
  if (size == 0)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_SIZE_INSUFFICIENT, "litdnnGetDeviceName",
                        "size = 0 leaves no room for the name");
  handle->dev->device_name(name, size);
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnSetStream(litdnnHandle_t handle, litdnnStream_t stream)
{
  LITDNN_API_CALL("litdnnSetStream");
  litdnnStatus_t s = litdnn_check_handle("litdnnSetStream", handle);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  if (stream && handle->backend == LITDNN_BACKEND_CPU)
    return litdnn_error(LITDNN_STATUS_NOT_SUPPORTED_BACKEND, "litdnnSetStream",
                        "stream = %p: the cpu backend has no streams", stream);
  if (stream != handle->stream)
    litdnn_workspace_release(handle);   /* it belongs to the old stream; the next call takes one on the new */
  handle->stream = stream;
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnGetStream(litdnnHandle_t handle, litdnnStream_t *stream)
{
  LITDNN_API_CALL("litdnnGetStream");
  litdnnStatus_t s = litdnn_check_handle("litdnnGetStream", handle);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  LITDNN_CHECK_NULL("litdnnGetStream", stream);
  *stream = handle->stream;
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnSynchronize(litdnnHandle_t handle)
{
  LITDNN_API_CALL("litdnnSynchronize");
  litdnnStatus_t s = litdnn_check_handle("litdnnSynchronize", handle);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  s = handle->dev->synchronize(handle->stream);
  if (s != LITDNN_STATUS_SUCCESS)
    return litdnn_error(s, "litdnnSynchronize", "the %s device reported an error",
                        litdnnGetBackendName(handle->backend));
  return s;
}
#line 1377 "chapters/02-tensors.nw"
litdnnStatus_t litdnnMalloc(litdnnHandle_t handle, void **ptr, size_t bytes)
{
  LITDNN_API_CALL("litdnnMalloc");
  litdnnStatus_t s = litdnn_check_handle(call, handle);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  LITDNN_CHECK_NULL(call, ptr);
  if (bytes > (size_t)INT64_MAX)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OVERFLOW, call, "bytes = %zu is too large", bytes);
  return litdnn_pool_alloc(handle->pool, call, handle->stream, bytes, LITDNN_BLOCK_DATA, ptr);
}

litdnnStatus_t litdnnMallocWorkspace(litdnnHandle_t handle, void **ptr, size_t bytes)
{
  LITDNN_API_CALL("litdnnMallocWorkspace");
  litdnnStatus_t s = litdnn_check_handle(call, handle);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  LITDNN_CHECK_NULL(call, ptr);
  if (bytes > (size_t)INT64_MAX)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OVERFLOW, call, "bytes = %zu is too large", bytes);
  return litdnn_pool_alloc(handle->pool, call, handle->stream, bytes, LITDNN_BLOCK_WORKSPACE, ptr);
}

litdnnStatus_t litdnnFree(litdnnHandle_t handle, void *ptr)
{
  LITDNN_API_CALL("litdnnFree");
  litdnnStatus_t s = litdnn_check_handle(call, handle);
  if (s != LITDNN_STATUS_SUCCESS || !ptr)
    return s;
  return litdnn_pool_free(handle->pool, call, handle->stream, ptr);
}

litdnnStatus_t litdnnMemcpy(litdnnHandle_t handle, void *dst, const void *src, size_t bytes,
                            litdnnMemcpyKind_t kind)
{
  LITDNN_API_CALL("litdnnMemcpy");
  litdnnStatus_t s = litdnn_check_handle(call, handle);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  if (kind != LITDNN_MEMCPY_HOST_TO_DEVICE && kind != LITDNN_MEMCPY_DEVICE_TO_HOST &&
      kind != LITDNN_MEMCPY_DEVICE_TO_DEVICE)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call,
                        "kind = %d is not a litdnnMemcpyKind_t", (int)kind);
  if (bytes == 0)
    return LITDNN_STATUS_SUCCESS;
  LITDNN_CHECK_NULL(call, dst);
  LITDNN_CHECK_NULL(call, src);
  s = handle->dev->memcpy_(dst, src, bytes, kind, handle->stream);
  if (s != LITDNN_STATUS_SUCCESS)
    return litdnn_error(s, call, "copy of %zu bytes failed on the %s backend", bytes,
                        litdnnGetBackendName(handle->backend));
  return s;
}

litdnnStatus_t litdnn_memset(litdnnHandle_t h, const char *call, void *dst, int value, size_t bytes)
{
  litdnnStatus_t s = bytes ? h->dev->memset_(dst, value, bytes, h->stream) : LITDNN_STATUS_SUCCESS;
  if (s != LITDNN_STATUS_SUCCESS)
    return litdnn_error(s, call, "memset of %zu bytes failed", bytes);
  return s;
}
#line 1442 "chapters/02-tensors.nw"
litdnnStatus_t litdnn_workspace(litdnnHandle_t h, const char *call, size_t bytes, void **ptr)
{
  if (bytes > h->workspace_size) {
    void *grown = NULL;
    litdnn_workspace_release(h);   /* first, so that the new block may reuse its bytes */
    litdnnStatus_t s = litdnn_pool_alloc(h->pool, call, h->stream, bytes, LITDNN_BLOCK_WORKSPACE, &grown);
    if (s != LITDNN_STATUS_SUCCESS)
      return s;
    h->workspace = grown;
    h->workspace_size = bytes;
  }
  *ptr = h->workspace;
  return LITDNN_STATUS_SUCCESS;
}

void litdnn_workspace_release(litdnnHandle_t h)
{
  if (h->workspace)
    litdnn_pool_free(h->pool, "litdnn_workspace_release", h->stream, h->workspace);
  h->workspace = NULL;
  h->workspace_size = 0;
}
