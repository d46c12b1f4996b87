/* Fuzz target: softmax forward and backward. */
#include "fuzz.h"

void fz_target(fz_bytes *b)
{
  litdnnHandle_t h = fz_handle(b);
  int backward = fz_u8(b) % 2;
  fz_stage(h, b, backward ? LITDNN_OP_SOFTMAX_BACKWARD : LITDNN_OP_SOFTMAX_FORWARD);
  litdnnSoftmaxAlgorithm_t algo = (litdnnSoftmaxAlgorithm_t)fz_enum(b, 3);
  litdnnSoftmaxMode_t mode = (litdnnSoftmaxMode_t)fz_enum(b, 2);
  litdnnTensorDescriptor_t x = fz_tensor(b, -1, 9);
  litdnnTensorDescriptor_t y = fz_chance(b, 85) ? NULL : fz_tensor(b, -1, 9);
  litdnnTensorDescriptor_t yd = y ? y : x;
  fz_buffer X, Y, DY, DX;
  int have = fz_alloc_tensor(h, b, &X, x) & fz_alloc_tensor(h, b, &Y, yd);
  have &= fz_alloc_tensor(h, b, &DY, yd) & fz_alloc_tensor(h, b, &DX, x);
  float alpha = fz_scale(b), beta = fz_scale(b);
  if (have) {
    if (backward)
      fz_check(h, "litdnnSoftmaxBackward",
               litdnnSoftmaxBackward(h, algo, mode, &alpha, yd, Y.dev, yd, DY.dev, &beta, x, DX.dev), &DX, 1);
    else
      fz_check(h, "litdnnSoftmaxForward", litdnnSoftmaxForward(h, algo, mode, &alpha, x, X.dev, &beta, yd, Y.dev),
               &Y, 1);
  }
  fz_free(h, &X);
  fz_free(h, &Y);
  fz_free(h, &DY);
  fz_free(h, &DX);
  if (x)
    litdnnDestroyTensorDescriptor(x);
  if (y)
    litdnnDestroyTensorDescriptor(y);
}
