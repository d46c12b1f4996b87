/* Fuzz target: batch normalization, training, inference and backward. */
#include "fuzz.h"

void fz_target(fz_bytes *b)
{
  litdnnHandle_t h = fz_handle(b);
  unsigned pass = fz_u8(b) % 3;
  static const litdnnOp_t ops[] = {LITDNN_OP_BATCHNORM_FORWARD_TRAINING, LITDNN_OP_BATCHNORM_FORWARD_INFERENCE,
                                   LITDNN_OP_BATCHNORM_BACKWARD};
  fz_stage(h, b, ops[pass]);
  litdnnBatchNormMode_t mode = (litdnnBatchNormMode_t)fz_enum(b, 2);
  litdnnTensorDescriptor_t x = fz_tensor(b, fz_chance(b, 90) ? 4 : -1, 9);
  litdnnTensorDescriptor_t p = NULL;
  if (x) {
    if (fz_chance(b, 92)) {
      litdnnCreateTensorDescriptor(&p);
      if (!fz_check_desc("litdnnDeriveBNTensorDescriptor", litdnnDeriveBNTensorDescriptor(p, x, mode))) {
        litdnnDestroyTensorDescriptor(p);
        p = NULL;
      }
    } else {
      p = fz_tensor(b, -1, 6);
    }
  }
  static const double eps[] = {1e-5, 1e-3, 0.0, -1.0, 1.0};
  static const double factors[] = {0.1, 1.0, 0.0, -0.5, 2.0};
  double epsilon = eps[fz_u8(b) % 5], factor = factors[fz_u8(b) % 5];
  fz_buffer X, Y, DY, S, B, M, V, SM, SV, DS, DB;
  int have = fz_alloc_tensor(h, b, &X, x) & fz_alloc_tensor(h, b, &Y, x) & fz_alloc_tensor(h, b, &DY, x);
  have &= fz_alloc_tensor(h, b, &S, p) & fz_alloc_tensor(h, b, &B, p) & fz_alloc_tensor(h, b, &M, p);
  have &= fz_alloc_tensor(h, b, &V, p) & fz_alloc_tensor(h, b, &SM, p) & fz_alloc_tensor(h, b, &SV, p);
  have &= fz_alloc_tensor(h, b, &DS, p) & fz_alloc_tensor(h, b, &DB, p);
  float a = fz_scale(b), be = fz_scale(b), a2 = fz_scale(b), be2 = fz_scale(b);
  if (have) {
    /* variances must not be negative for the inference pass to mean anything;
       the library does not read them before it has checked the arguments */
    int running = fz_chance(b, 80), saved = fz_chance(b, 80);
    if (pass == 0) {
      fz_buffer outs[5] = {Y, M, V, SM, SV};
      fz_check(h, "litdnnBatchNormalizationForwardTraining",
               litdnnBatchNormalizationForwardTraining(h, mode, &a, &be, x, X.dev, x, Y.dev, p, S.dev, B.dev, factor,
                                                       running ? M.dev : NULL, running ? V.dev : NULL, epsilon,
                                                       saved ? SM.dev : NULL, saved ? SV.dev : NULL),
               outs, 5);
    } else if (pass == 1) {
      fz_check(h, "litdnnBatchNormalizationForwardInference",
               litdnnBatchNormalizationForwardInference(h, mode, &a, &be, x, X.dev, x, Y.dev, p, S.dev, B.dev, M.dev,
                                                        V.dev, epsilon),
               &Y, 1);
    } else {
      fz_buffer outs[3] = {Y, DS, DB};
      fz_check(h, "litdnnBatchNormalizationBackward",
               litdnnBatchNormalizationBackward(h, mode, &a, &be, &a2, &be2, x, X.dev, x, DY.dev, x, Y.dev, p, S.dev,
                                                DS.dev, DB.dev, epsilon, saved ? SM.dev : NULL,
                                                saved ? SV.dev : NULL),
               outs, 3);
    }
  }
  fz_buffer *all[] = {&X, &Y, &DY, &S, &B, &M, &V, &SM, &SV, &DS, &DB};
  for (unsigned i = 0; i < sizeof all / sizeof all[0]; i++)
    fz_free(h, all[i]);
  if (x)
    litdnnDestroyTensorDescriptor(x);
  if (p)
    litdnnDestroyTensorDescriptor(p);
}
