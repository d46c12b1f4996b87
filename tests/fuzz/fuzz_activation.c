/* Fuzz target: activation forward and backward. */
#include "fuzz.h"

void fz_target(fz_bytes *b)
{
  litdnnHandle_t h = fz_handle(b);
  int backward = fz_u8(b) % 2;
  fz_stage(h, b, backward ? LITDNN_OP_ACTIVATION_BACKWARD : LITDNN_OP_ACTIVATION_FORWARD);
  litdnnActivationDescriptor_t ad;
  litdnnCreateActivationDescriptor(&ad);
  static const double coefs[] = {0.0, 1.0, 6.0, 0.1, -1.0, 1e30};
  litdnnStatus_t s = litdnnSetActivationDescriptor(ad, (litdnnActivationMode_t)fz_enum(b, 10),
                                                   (litdnnNanPropagation_t)fz_enum(b, 2), coefs[fz_u8(b) % 6]);
  int desc_ok = fz_check_desc("litdnnSetActivationDescriptor", s);
  litdnnTensorDescriptor_t x = fz_tensor(b, -1, 7);
  litdnnTensorDescriptor_t y = fz_chance(b, 80) ? NULL : fz_tensor(b, -1, 7);
  litdnnTensorDescriptor_t yd = y ? y : x;
  fz_buffer X, Y, DY, DX;
  int have = fz_alloc_tensor(h, b, &X, x) & fz_alloc_tensor(h, b, &Y, yd);
  have &= fz_alloc_tensor(h, b, &DY, yd) & fz_alloc_tensor(h, b, &DX, x);
  float alpha = fz_scale(b), beta = fz_scale(b);
  if (desc_ok && have) {
    if (backward)
      fz_check(h, "litdnnActivationBackward",
               litdnnActivationBackward(h, ad, &alpha, yd, Y.dev, yd, DY.dev, x, X.dev, &beta, x, DX.dev), &DX, 1);
    else
      fz_check(h, "litdnnActivationForward", litdnnActivationForward(h, ad, &alpha, x, X.dev, &beta, yd, Y.dev),
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
  litdnnDestroyActivationDescriptor(ad);
}
