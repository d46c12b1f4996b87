#line 783 "chapters/02-tensors.nw"
#include "core/internal.h"
#include <stdarg.h>
#include <stdio.h>

static _Thread_local char last_error[512];

litdnnStatus_t litdnn_error(litdnnStatus_t status, const char *call, const char *fmt, ...)
{
  int used = snprintf(last_error, sizeof last_error, "%s: ", call);
  va_list ap;
  va_start(ap, fmt);
  if (used >= 0 && (size_t)used < sizeof last_error)
    vsnprintf(last_error + used, sizeof last_error - (size_t)used, fmt, ap);
  va_end(ap);
  return status;
}

void litdnn_clear_error(void)
{
  last_error[0] = '\0';
}

const char *litdnnGetLastErrorString(void)
{
  return last_error;
}

const char *litdnnGetErrorString(litdnnStatus_t status)
{
  switch (status) {
  
#line 825 "chapters/02-tensors.nw"
#define NAME(code) case code: return #code;
NAME(LITDNN_STATUS_SUCCESS)
NAME(LITDNN_STATUS_NOT_INITIALIZED)
NAME(LITDNN_STATUS_VERSION_MISMATCH)
NAME(LITDNN_STATUS_BAD_PARAM)
NAME(LITDNN_STATUS_BAD_PARAM_NULL_POINTER)
NAME(LITDNN_STATUS_BAD_PARAM_MISALIGNED_POINTER)
NAME(LITDNN_STATUS_BAD_PARAM_NOT_FINALIZED)
NAME(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND)
NAME(LITDNN_STATUS_BAD_PARAM_SIZE_INSUFFICIENT)
NAME(LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH)
NAME(LITDNN_STATUS_BAD_PARAM_OVERFLOW)
NAME(LITDNN_STATUS_NOT_SUPPORTED)
NAME(LITDNN_STATUS_NOT_SUPPORTED_BACKEND)
NAME(LITDNN_STATUS_NOT_SUPPORTED_DATA_TYPE)
NAME(LITDNN_STATUS_NOT_SUPPORTED_LAYOUT)
NAME(LITDNN_STATUS_INTERNAL_ERROR)
NAME(LITDNN_STATUS_ALLOC_FAILED)
NAME(LITDNN_STATUS_EXECUTION_FAILED)
NAME(LITDNN_STATUS_EXECUTION_FAILED_CUDA)
NAME(LITDNN_STATUS_EXECUTION_FAILED_CUBLAS)
#undef NAME
#line 814 "chapters/02-tensors.nw"
  }
  return "LITDNN_STATUS_UNKNOWN";
}

size_t litdnnGetVersion(void)
{
  return LITDNN_VERSION;
}
