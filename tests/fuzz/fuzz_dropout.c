/* Fuzz target: dropout, its descriptor and its sizes. */
#include "fuzz.h"

void fz_target(fz_bytes *b)
{
  litdnnHandle_t h = fz_handle(b);
  int backward = fz_u8(b) % 2;
  fz_stage(h, b, backward ? LITDNN_OP_DROPOUT_BACKWARD : LITDNN_OP_DROPOUT_FORWARD);
  size_t states = 0;
  if (!fz_check_desc("litdnnDropoutGetStatesSize", litdnnDropoutGetStatesSize(h, &states)))
    return;
  fz_buffer ST, X, Y, R;
  litdnnDropoutDescriptor_t dd;
  litdnnCreateDropoutDescriptor(&dd);
  litdnnTensorDescriptor_t x = fz_tensor(b, -1, 9);
  litdnnTensorDescriptor_t y = fz_chance(b, 90) ? NULL : fz_tensor(b, -1, 9);
  litdnnTensorDescriptor_t yd = y ? y : x;
  static const float rates[] = {0.5f, 0.0f, 0.1f, 0.999f, 1.0f, -0.5f, 2.0f};
  int have = fz_alloc(h, b, &ST, fz_chance(b, 90) ? states : states / 2);
  have &= fz_alloc_tensor(h, b, &X, x) & fz_alloc_tensor(h, b, &Y, yd);
  size_t reserve = 0;
  if (x && !fz_check_desc("litdnnDropoutGetReserveSpaceSize", litdnnDropoutGetReserveSpaceSize(x, &reserve)))
    have = 0;
  have &= fz_alloc(h, b, &R, fz_chance(b, 90) ? reserve : reserve / 2);
  if (have && fz_check_desc("litdnnSetDropoutDescriptor",
                            litdnnSetDropoutDescriptor(dd, h, rates[fz_u8(b) % 7], ST.dev, ST.bytes,
                                                       (unsigned long long)fz_u8(b) * 7919u))) {
    if (backward) {
      fz_check(h, "litdnnDropoutBackward", litdnnDropoutBackward(h, dd, yd, Y.dev, x, X.dev, R.dev, R.bytes), &X,
               1);
    } else {
      fz_buffer outs[2] = {Y, R};
      fz_check(h, "litdnnDropoutForward", litdnnDropoutForward(h, dd, x, X.dev, yd, Y.dev, R.dev, R.bytes), outs,
               2);
    }
  }
  fz_free(h, &ST);
  fz_free(h, &X);
  fz_free(h, &Y);
  fz_free(h, &R);
  if (x)
    litdnnDestroyTensorDescriptor(x);
  if (y)
    litdnnDestroyTensorDescriptor(y);
  litdnnDestroyDropoutDescriptor(dd);
}
