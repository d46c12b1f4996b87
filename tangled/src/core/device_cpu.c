#line 857 "chapters/02-tensors.nw"
#include "core/internal.h"
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#if defined(__SANITIZE_ADDRESS__)
#define LITDNN_CPU_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define LITDNN_CPU_ASAN 1
#endif
#endif
#ifdef LITDNN_CPU_ASAN
#include <sanitizer/asan_interface.h>
#endif

static litdnnStatus_t cpu_malloc(void **ptr, size_t bytes)
{
  size_t rounded = (bytes + 255) / 256 * 256;
  *ptr = bytes ? aligned_alloc(256, rounded) : NULL;
  return (bytes && !*ptr) ? LITDNN_STATUS_ALLOC_FAILED : LITDNN_STATUS_SUCCESS;
}
static litdnnStatus_t cpu_free(void *ptr) { free(ptr); return LITDNN_STATUS_SUCCESS; }
static litdnnStatus_t cpu_memcpy(void *dst, const void *src, size_t bytes,
                                 litdnnMemcpyKind_t kind, litdnnStream_t stream)
{
  memmove(dst, src, bytes);
  return LITDNN_STATUS_SUCCESS;
}
static litdnnStatus_t cpu_memset(void *dst, int value, size_t bytes, litdnnStream_t stream)
{
  memset(dst, value, bytes);
  return LITDNN_STATUS_SUCCESS;
}
static litdnnStatus_t cpu_synchronize(litdnnStream_t stream) { return LITDNN_STATUS_SUCCESS; }
static int cpu_available(void) { return 1; }
static void cpu_device_name(char *name, size_t size)
{
  char line[256], model[200] = "CPU";
  FILE *f = fopen("/proc/cpuinfo", "r");
  while (f && fgets(line, sizeof line, f)) {
    char *colon = strchr(line, ':');
    if (colon && strncmp(line, "model name", 10) == 0) {
      snprintf(model, sizeof model, "%s", colon + 2);
      model[strcspn(model, "\n")] = '\0';
      break;
    }
  }
  if (f)
    fclose(f);
  snprintf(name, size, "%s (reference loops)", model);
}
static int cpu_device_index(void) { return 0; }

#ifdef LITDNN_CPU_ASAN
static void cpu_mark(void *ptr, size_t bytes, int usable)
{
  if (usable)
    ASAN_UNPOISON_MEMORY_REGION(ptr, bytes);
  else
    ASAN_POISON_MEMORY_REGION(ptr, bytes);
}
#define LITDNN_CPU_MARK cpu_mark
#else
#define LITDNN_CPU_MARK NULL
#endif

const litdnn_device_ops litdnn_cpu_device = {
  cpu_malloc, cpu_free, cpu_memcpy, cpu_memset, cpu_synchronize, cpu_available, cpu_device_name,
  cpu_device_index, NULL, NULL, NULL, LITDNN_CPU_MARK,   /* no streams, so no fences */
};
