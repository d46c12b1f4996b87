/* Exercise 10-gru-backward-step: the pointwise part of a GRU step, backward.
 *
 * Fill in the four holes marked TODO; change nothing else. Then run
 *   make grade EX=10-gru-backward-step
 * The task, the tests and their points are in README.md. */
#include "core/gpu.h"
#include "exercise.h"

#define GRU_THREADS 256       /* threads per block, one per unit */

/* Thread i handles unit j of sequence n: from the saved values and the
   gradient of h_t it makes the gradients of the three gates' sums, the
   candidate's two halves apart, and the direct part of dh_{t-1}. */
static __global__ void gru_backward(int N, int H, const float *sv, const float *h_prev, const float *dh,
                                    float *dgx, float *dgh, float *dh_direct)
{
  /* TODO(1): this thread's unit: i = blockIdx.x * blockDim.x + threadIdx.x
     is sequence n = i / H, unit j = i % H; a thread past the last unit
     returns. */
  (void)N, (void)H;

  /* TODO(2): read the unit's saved r, z, h~ and b_h (row n of sv is 4 * H
     long, value k of unit j in column k * H + j), its h_{t-1} and its dh. */
  (void)sv, (void)h_prev, (void)dh;

  /* TODO(3): the chain rule through h_t = (1 - z) h~ + z h_{t-1}:
       the candidate's sum:  dn = dh * (1 - z) * (1 - h~ * h~)
       its input half:       da_h = dn;   its recurrent half: db_h = dn * r
       the reset gate:       da_r = dn * b_h * r * (1 - r)
       the update gate:      da_z = dh * (h_{t-1} - h~) * z * (1 - z)
       the direct part:      dh * z                                      */

  /* TODO(4): store them: dgx row n = (da_r, da_z, da_h), dgh row n =
     (da_r, da_z, db_h), unit j of gate g in column g * H + j of the 3 * H
     long rows; and dh_direct[n][j]. */
  (void)dgx, (void)dgh, (void)dh_direct;
}

litdnnStatus_t exercise_gru_backward(litdnnHandle_t h, int N, int H, const float *sv, const float *h_prev,
                                     const float *dh, float *dgx, float *dgh, float *dh_direct)
{
  if (N <= 0 || H <= 0)
    return LITDNN_STATUS_SUCCESS;
  unsigned blocks = (unsigned)(((int64_t)N * H + GRU_THREADS - 1) / GRU_THREADS);
  gru_backward<<<blocks, GRU_THREADS, 0, litdnn_gpu_stream(h)>>>(N, H, sv, h_prev, dh, dgx, dgh, dh_direct);
  return litdnn_gpu_launch_status("exercise_gru_backward", "gru_backward");
}
