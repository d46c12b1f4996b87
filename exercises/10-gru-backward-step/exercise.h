/* Exercise 10-gru-backward-step: what the tests call. */
#ifndef EXERCISE_10_GRU_BACKWARD_STEP_H
#define EXERCISE_10_GRU_BACKWARD_STEP_H
#include "litdnn.h"
#ifdef __cplusplus
extern "C" {
#endif
/* The pointwise part of one GRU step, backward, for N sequences of H
   units. The forward step computed, in cuDNN's form,
     r = sigmoid(a_r), z = sigmoid(a_z), h~ = tanh(a_h + r * b_h),
     h_t = (1 - z) * h~ + z * h_{t-1},
   where a_r, a_z are the gate sums, a_h the input half of the candidate's
   sum (W_h x + b_Wh) and b_h its recurrent half (R_h h_{t-1} + b_Rh).
   sv is N x 4H and holds what it saved: row n is r, z, h~ and b_h of the H
   units, value k of unit j in column k * H + j. h_prev (h_{t-1}) and dh
   (the gradient of the loss with respect to h_t) are N x H. Writes, for
   each (n, j):
     dgx[n][j] = dL/da_r, dgx[n][H + j] = dL/da_z, dgx[n][2H + j] = dL/da_h
     dgh[n][j] = dL/da_r, dgh[n][H + j] = dL/da_z, dgh[n][2H + j] = dL/db_h
     dh_direct[n][j] = the part of dL/dh_{t-1} that does not go through R
   dgx and dgh are N x 3H, dh_direct N x H. All arrays are in memory of the
   handle's backend; runs on its stream. */
litdnnStatus_t exercise_gru_backward(litdnnHandle_t h, int N, int H, const float *sv, const float *h_prev,
                                     const float *dh, float *dgx, float *dgh, float *dh_direct);
#ifdef __cplusplus
}
#endif
#endif
