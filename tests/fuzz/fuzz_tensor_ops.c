/* Fuzz target: set, scale, add, op and transform of tensors. */
#include "fuzz.h"

void fz_target(fz_bytes *b)
{
  litdnnHandle_t h = fz_handle(b);
  unsigned which = fz_u8(b) % 5;
  static const litdnnOp_t ops[] = {LITDNN_OP_SET_TENSOR, LITDNN_OP_SCALE_TENSOR, LITDNN_OP_ADD_TENSOR,
                                   LITDNN_OP_OP_TENSOR, LITDNN_OP_TRANSFORM_TENSOR};
  fz_stage(h, b, ops[which]);
  litdnnTensorDescriptor_t a = fz_tensor(b, -1, 6);
  /* the second tensor: often the first one's shape, sometimes broadcast or other */
  litdnnTensorDescriptor_t c = fz_tensor(b, -1, 6);
  fz_buffer A, B, C;
  int have = fz_alloc_tensor(h, b, &A, a);
  have &= fz_alloc_tensor(h, b, &B, a);
  have &= fz_alloc_tensor(h, b, &C, c);
  float alpha = fz_scale(b), alpha2 = fz_scale(b), beta = fz_scale(b);
  if (have) {
    litdnnStatus_t s;
    const char *call;
    switch (which) {
    case 0:
      call = "litdnnSetTensor";
      s = litdnnSetTensor(h, c, C.dev, &alpha);
      break;
    case 1:
      call = "litdnnScaleTensor";
      s = litdnnScaleTensor(h, c, C.dev, &alpha);
      break;
    case 2:
      call = "litdnnAddTensor";
      s = litdnnAddTensor(h, &alpha, a, A.dev, &beta, c, C.dev);
      break;
    case 3: {
      litdnnOpTensorDescriptor_t od;
      litdnnCreateOpTensorDescriptor(&od);
      s = litdnnSetOpTensorDescriptor(od, (litdnnOpTensorOp_t)fz_enum(b, 6),
                                      fz_chance(b, 95) ? LITDNN_DATA_FLOAT : (litdnnDataType_t)fz_enum(b, 4),
                                      (litdnnNanPropagation_t)fz_enum(b, 2));
      /* checked first: the allocation below is a call that succeeds,
         which clears the last error's message */
      int described = fz_check_desc("litdnnSetOpTensorDescriptor", s);
      /* B is described by a or, 30 % of the time, by c: then its buffer
         must be c's size, not the one allocated for a */
      litdnnTensorDescriptor_t bd = fz_chance(b, 70) ? a : c;
      int have_b = 1;
      if (bd == c) {
        fz_free(h, &B);
        have_b = fz_alloc_tensor(h, b, &B, c);
      }
      if (described && have_b) {
        call = "litdnnOpTensor";
        s = litdnnOpTensor(h, od, &alpha, a, A.dev, &alpha2, bd, B.dev, &beta, c, C.dev);
        fz_check(h, call, s, &C, 1);
      }
      litdnnDestroyOpTensorDescriptor(od);
      goto done;
    }
    default:
      call = "litdnnTransformTensor";
      s = litdnnTransformTensor(h, &alpha, a, A.dev, &beta, c, C.dev);
      break;
    }
    fz_check(h, call, s, &C, 1);
  }
done:
  fz_free(h, &A);
  fz_free(h, &B);
  fz_free(h, &C);
  if (a)
    litdnnDestroyTensorDescriptor(a);
  if (c)
    litdnnDestroyTensorDescriptor(c);
}
