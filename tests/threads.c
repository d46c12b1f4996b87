/* Threads: every thread has its own last-error message (see threads.h). */
#include "threads.h"
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#define ROUNDS 200
#define ELEMS 257

typedef struct {
  int id;
  litdnnBackend_t backends[LITDNN_BACKEND_COUNT];
  int nbackends;
  char failure[512];    /* empty while all is well */
} worker;

static void *work(void *arg)
{
  worker *w = (worker *)arg;
  litdnnHandle_t h[LITDNN_BACKEND_COUNT];
  for (int b = 0; b < w->nbackends; b++)
    if (litdnnCreateWithBackend(&h[b], w->backends[b]) != LITDNN_STATUS_SUCCESS) {
      snprintf(w->failure, sizeof w->failure, "thread %d: no handle on %s", w->id,
               litdnnGetBackendName(w->backends[b]));
      return NULL;
    }
  litdnnTensorDescriptor_t d;
  litdnnCreateTensorDescriptor(&d);
  litdnnSetTensor4dDescriptor(d, LITDNN_TENSOR_NCHW, LITDNN_DATA_FLOAT, 1, 1, 1, ELEMS);
  float host[ELEMS], back[ELEMS];
  for (int r = 0; r < ROUNDS && !w->failure[0]; r++) {
    int b = r % w->nbackends;
    /* a failing call with this thread's own bad value: a negative width */
    int bad = -(1000 * (w->id + 1) + r);
    litdnnTensorDescriptor_t e;
    litdnnCreateTensorDescriptor(&e);
    litdnnStatus_t s = litdnnSetTensor4dDescriptor(e, LITDNN_TENSOR_NCHW, LITDNN_DATA_FLOAT, 1, 1, 1, bad);
    char want[32];
    snprintf(want, sizeof want, "%d", bad);
    const char *msg = litdnnGetLastErrorString();
    if (s != LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND || !strstr(msg, want))
      snprintf(w->failure, sizeof w->failure, "thread %d round %d: status %s, message \"%s\", not one naming %s",
               w->id, r, litdnnGetErrorString(s), msg, want);
    litdnnDestroyTensorDescriptor(e);
    /* a call that succeeds, on this thread's handle: y = scale * y */
    float scale = (float)(w->id + 2);
    void *y = NULL;
    for (int i = 0; i < ELEMS; i++)
      host[i] = (float)(i % 13) - 6.0f + (float)r;
    s = litdnnMalloc(h[b], &y, sizeof host);
    if (s == LITDNN_STATUS_SUCCESS)
      s = litdnnMemcpy(h[b], y, host, sizeof host, LITDNN_MEMCPY_HOST_TO_DEVICE);
    if (s == LITDNN_STATUS_SUCCESS)
      s = litdnnScaleTensor(h[b], d, y, &scale);
    if (s == LITDNN_STATUS_SUCCESS && litdnnGetLastErrorString()[0] != '\0')
      snprintf(w->failure, sizeof w->failure, "thread %d round %d: a successful call left the message \"%s\"",
               w->id, r, litdnnGetLastErrorString());
    if (s == LITDNN_STATUS_SUCCESS)
      s = litdnnMemcpy(h[b], back, y, sizeof back, LITDNN_MEMCPY_DEVICE_TO_HOST);
    if (s != LITDNN_STATUS_SUCCESS && !w->failure[0])
      snprintf(w->failure, sizeof w->failure, "thread %d round %d on %s: %s (%s)", w->id, r,
               litdnnGetBackendName(w->backends[b]), litdnnGetErrorString(s), litdnnGetLastErrorString());
    for (int i = 0; i < ELEMS && !w->failure[0]; i++)
      if (back[i] != scale * host[i])
        snprintf(w->failure, sizeof w->failure, "thread %d round %d on %s: y[%d] = %g, not %g", w->id, r,
                 litdnnGetBackendName(w->backends[b]), i, back[i], scale * host[i]);
    if (y)
      litdnnFree(h[b], y);
  }
  litdnnDestroyTensorDescriptor(d);
  for (int b = 0; b < w->nbackends; b++)
    litdnnDestroy(h[b]);
  return NULL;
}

int t_threads_check(const litdnnBackend_t *backends, int nbackends, char *why, size_t size)
{
  worker w[2];
  pthread_t t[2];
  for (int i = 0; i < 2; i++) {
    memset(&w[i], 0, sizeof w[i]);
    w[i].id = i;
    w[i].nbackends = nbackends;
    memcpy(w[i].backends, backends, (size_t)nbackends * sizeof *backends);
  }
  for (int i = 0; i < 2; i++)
    if (pthread_create(&t[i], NULL, work, &w[i]) != 0) {
      snprintf(why, size, "pthread_create failed");
      return 0;
    }
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], NULL);
  for (int i = 0; i < 2; i++)
    if (w[i].failure[0]) {
      snprintf(why, size, "%s", w[i].failure);
      return 0;
    }
  return 1;
}
