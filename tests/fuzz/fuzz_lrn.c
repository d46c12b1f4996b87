/* Fuzz target: cross-channel LRN forward and backward. */
#include "fuzz.h"

void fz_target(fz_bytes *b)
{
  litdnnHandle_t h = fz_handle(b);
  int backward = fz_u8(b) % 2;
  fz_stage(h, b, backward ? LITDNN_OP_LRN_BACKWARD : LITDNN_OP_LRN_FORWARD);
  litdnnLRNDescriptor_t ld;
  litdnnCreateLRNDescriptor(&ld);
  static const double alphas[] = {1e-4, 1.0, 0.0, -1.0};
  static const double betas[] = {0.75, 0.01, 1.0, 0.0};
  static const double ks[] = {2.0, 1.0, 1e-5, 0.0};
  unsigned n = fz_chance(b, 90) ? (unsigned)fz_int(b, 1, 16) : (unsigned)fz_dim(b, 20);
  litdnnStatus_t s =
      litdnnSetLRNDescriptor(ld, n, alphas[fz_u8(b) % 4], betas[fz_u8(b) % 4], ks[fz_u8(b) % 4]);
  int desc_ok = fz_check_desc("litdnnSetLRNDescriptor", s);
  litdnnLRNMode_t mode = fz_chance(b, 95) ? LITDNN_LRN_CROSS_CHANNEL_DIM1 : (litdnnLRNMode_t)fz_enum(b, 1);
  litdnnTensorDescriptor_t x = fz_tensor(b, fz_chance(b, 85) ? 4 : -1, 12);
  litdnnTensorDescriptor_t y = fz_chance(b, 90) ? NULL : fz_tensor(b, -1, 12);
  litdnnTensorDescriptor_t yd = y ? y : x;
  fz_buffer X, Y, DY, DX;
  int have = fz_alloc_tensor(h, b, &X, x) & fz_alloc_tensor(h, b, &Y, yd);
  have &= fz_alloc_tensor(h, b, &DY, yd) & fz_alloc_tensor(h, b, &DX, x);
  float alpha = fz_scale(b), beta = fz_scale(b);
  if (desc_ok && have) {
    if (backward)
      fz_check(h, "litdnnLRNCrossChannelBackward",
               litdnnLRNCrossChannelBackward(h, ld, mode, &alpha, yd, Y.dev, yd, DY.dev, x, X.dev, &beta, x, DX.dev),
               &DX, 1);
    else
      fz_check(h, "litdnnLRNCrossChannelForward",
               litdnnLRNCrossChannelForward(h, ld, mode, &alpha, x, X.dev, &beta, yd, Y.dev), &Y, 1);
  }
  fz_free(h, &X);
  fz_free(h, &Y);
  fz_free(h, &DY);
  fz_free(h, &DX);
  if (x)
    litdnnDestroyTensorDescriptor(x);
  if (y)
    litdnnDestroyTensorDescriptor(y);
  litdnnDestroyLRNDescriptor(ld);
}
