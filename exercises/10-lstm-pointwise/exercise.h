/* Exercise 10-lstm-pointwise: what the tests call. */
#ifndef EXERCISE_10_LSTM_POINTWISE_H
#define EXERCISE_10_LSTM_POINTWISE_H
#include "litdnn.h"
#ifdef __cplusplus
extern "C" {
#endif
/* The pointwise part of one LSTM step, fused, for N sequences of H units.
   gx and gh are N x 4H, row-major: row n holds the input halves (gx) and
   the recurrent halves (gh) of the four gates of sequence n, gate g of unit
   j in column g * H + j, gates in cuDNN's order i, f, c~, o. bw and br hold
   the 4H input and recurrent biases, in the same order. For each (n, j):
     a_g = gx[n][gH + j] + bw[gH + j] + gh[n][gH + j] + br[gH + j]
     i = sigmoid(a_0), f = sigmoid(a_1), c~ = tanh(a_2), o = sigmoid(a_3)
     c_new[n][j] = f * c_prev[n][j] + i * c~,   h_new[n][j] = o * tanh(c_new[n][j])
   c_prev, c_new and h_new are N x H. All arrays are in memory of the
   handle's backend; runs on its stream. */
litdnnStatus_t exercise_lstm_pointwise(litdnnHandle_t h, int N, int H, const float *gx, const float *gh,
                                       const float *bw, const float *br, const float *c_prev, float *h_new,
                                       float *c_new);
#ifdef __cplusplus
}
#endif
#endif
