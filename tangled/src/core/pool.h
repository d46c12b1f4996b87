/* The device memory pool behind litdnnMalloc, litdnnFree and the
   handles' workspaces (chapter 2, "Device memory as a pool"). */
#ifndef LITDNN_POOL_H
#define LITDNN_POOL_H
#include "core/internal.h"
#ifdef __cplusplus
extern "C" {
#endif

typedef enum { LITDNN_POOL_PACKED, LITDNN_POOL_GUARDED, LITDNN_POOL_OFF } litdnn_pool_mode;
typedef enum { LITDNN_BLOCK_DATA, LITDNN_BLOCK_WORKSPACE } litdnn_block_kind;
typedef struct litdnn_pool litdnn_pool;

/* the pool of h's device, made with the first handle; and let go with the last */
litdnnStatus_t litdnn_pool_attach(litdnnHandle_t h, const char *call);
void litdnn_pool_detach(litdnnHandle_t h);
/* a block for work on stream; *ptr is written only on success */
litdnnStatus_t litdnn_pool_alloc(litdnn_pool *p, const char *call, litdnnStream_t stream,
                                 size_t bytes, litdnn_block_kind kind, void **ptr);
/* the block at ptr goes back, in the order of stream's work */
litdnnStatus_t litdnn_pool_free(litdnn_pool *p, const char *call, litdnnStream_t stream,
                                void *ptr);

/* for the tests: the pool's mode; whether its books balance (1), or why
   not (0, with the reason in why); and a device that pretends to hold
   only `bytes` (0: the real one) */
litdnn_pool_mode litdnn_pool_mode_of(litdnnHandle_t h);
int litdnn_pool_check(litdnnHandle_t h, char *why, size_t size);
void litdnn_pool_set_device_capacity(litdnnHandle_t h, size_t bytes);

#ifdef __cplusplus
}
#endif
#endif
