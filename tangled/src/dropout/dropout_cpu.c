#line 345 "chapters/09-dropout.nw"
#include "dropout/dropout.h"
#include "dropout/dropout_stages.h"
#include <string.h>

static void cpu_apply(const float *in, float *out, int64_t count, uint32_t k0, uint32_t k1,
                      uint32_t threshold, float scale)
{
  for (int64_t g = 0; 4 * g < count; g++) {
    litdnn_philox4 r = litdnn_philox_group((uint64_t)g, k0, k1);
    for (int w = 0; w < 4 && 4 * g + w < count; w++)
      out[4 * g + w] = r.v[w] >= threshold ? in[4 * g + w] * scale : 0.0f;
  }
}

litdnnStatus_t litdnn_dropout_forward_cpu(litdnnHandle_t h, const void *args)
{
  const litdnn_dropout_args *a = (const litdnn_dropout_args *)args;
  cpu_apply(a->in, a->out, a->count, a->k0, a->k1, a->threshold, a->scale);
  uint32_t header[8] = {LITDNN_DROPOUT_TAG, a->k0, a->k1, a->threshold, 0,
                        (uint32_t)a->count, (uint32_t)((uint64_t)a->count >> 32), 0};
  memcpy(&header[LITDNN_DROPOUT_R_SCALE], &a->scale, sizeof(float));
  memcpy(a->reserve, header, sizeof header);
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnn_dropout_backward_cpu(litdnnHandle_t h, const void *args)
{
  const litdnn_dropout_args *a = (const litdnn_dropout_args *)args;
  const uint32_t *r = a->reserve;
  float scale;
  memcpy(&scale, &r[LITDNN_DROPOUT_R_SCALE], sizeof scale);
  cpu_apply(a->in, a->out, a->count, r[LITDNN_DROPOUT_R_K0], r[LITDNN_DROPOUT_R_K1],
            r[LITDNN_DROPOUT_R_THRESHOLD], scale);
  return LITDNN_STATUS_SUCCESS;
}
