/* Fuzz target: pooling forward and backward. */
#include "fuzz.h"

void fz_target(fz_bytes *b)
{
  litdnnHandle_t h = fz_handle(b);
  int backward = fz_u8(b) % 2;
  fz_stage(h, b, backward ? LITDNN_OP_POOLING_BACKWARD : LITDNN_OP_POOLING_FORWARD);
  int spatial = fz_chance(b, 80) ? 2 : fz_int(b, 0, 4);
  int nb = spatial + 2;
  litdnnTensorDescriptor_t x = fz_tensor(b, fz_chance(b, 95) ? nb : -1, 9);
  litdnnPoolingDescriptor_t pd;
  litdnnCreatePoolingDescriptor(&pd);
  int win[4], pad[4], stride[4];
  for (int i = 0; i < 4; i++) {
    win[i] = fz_chance(b, 90) ? fz_int(b, 1, 4) : fz_dim(b, 8);
    pad[i] = fz_chance(b, 90) ? fz_int(b, 0, win[i] > 0 ? win[i] - 1 : 0) : fz_sat((long long)fz_dim(b, 4) - 1);
    stride[i] = fz_chance(b, 90) ? fz_int(b, 1, 3) : fz_sat((long long)fz_dim(b, 4) - 1);
  }
  litdnnPoolingMode_t mode = (litdnnPoolingMode_t)fz_enum(b, 4);
  litdnnNanPropagation_t nan = (litdnnNanPropagation_t)fz_enum(b, 2);
  int two = spatial == 2 && fz_chance(b, 50);
  litdnnStatus_t s = two ? litdnnSetPooling2dDescriptor(pd, mode, nan, win[0], win[1], pad[0], pad[1], stride[0],
                                                        stride[1])
                         : litdnnSetPoolingNdDescriptor(pd, mode, nan, spatial, win, pad, stride);
  litdnnTensorDescriptor_t y = NULL;
  if (fz_check_desc(two ? "litdnnSetPooling2dDescriptor" : "litdnnSetPoolingNdDescriptor", s) && x) {
    int ydims[8];
    if (fz_chance(b, 90)) {
      s = litdnnGetPoolingNdForwardOutputDim(pd, x, nb, ydims);
      if (fz_check_desc("litdnnGetPoolingNdForwardOutputDim", s)) {
        litdnnCreateTensorDescriptor(&y);
        s = litdnnSetTensorNdDescriptorEx(y, fz_chance(b, 70) ? LITDNN_TENSOR_NCHW : LITDNN_TENSOR_NHWC,
                                          LITDNN_DATA_FLOAT, nb, ydims);
        if (!fz_check_desc("litdnnSetTensorNdDescriptorEx", s)) {
          litdnnDestroyTensorDescriptor(y);
          y = NULL;
        }
      }
    } else {
      y = fz_tensor(b, nb, 6);
    }
  }
  fz_buffer X, Y, DY, DX;
  int have = fz_alloc_tensor(h, b, &X, x) & fz_alloc_tensor(h, b, &Y, y);
  have &= fz_alloc_tensor(h, b, &DY, y) & fz_alloc_tensor(h, b, &DX, x);
  float alpha = fz_scale(b), beta = fz_scale(b);
  /* a window of 2^20 x 2^20 over a few pixels is a valid call whose every
     output visits 2^40 window positions: too long for the emulator */
  size_t window = 1;
  for (int i = 0; i < spatial && i < 4 && window <= FZ_MAX_ELEMENTS; i++)
    window *= (size_t)(win[i] > 0 ? win[i] : 1);
  if (have && window <= FZ_MAX_ELEMENTS) {
    if (backward)
      fz_check(h, "litdnnPoolingBackward",
               litdnnPoolingBackward(h, pd, &alpha, y, Y.dev, y, DY.dev, x, X.dev, &beta, x, DX.dev), &DX, 1);
    else
      fz_check(h, "litdnnPoolingForward", litdnnPoolingForward(h, pd, &alpha, x, X.dev, &beta, y, Y.dev), &Y, 1);
  }
  fz_free(h, &X);
  fz_free(h, &Y);
  fz_free(h, &DY);
  fz_free(h, &DX);
  if (x)
    litdnnDestroyTensorDescriptor(x);
  if (y)
    litdnnDestroyTensorDescriptor(y);
  litdnnDestroyPoolingDescriptor(pd);
}
