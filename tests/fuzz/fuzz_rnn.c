/* Fuzz target: recurrent networks, forward (inference and training),
   backward data and backward weights, with the cell, biases, directions,
   sizes, layout and sequence lengths from the bytes. */
#include "fuzz.h"
#include <string.h>

void fz_target(fz_bytes *b)
{
  litdnnHandle_t h = fz_handle(b);
  unsigned pass = fz_u8(b) % 4;
  static const litdnnOp_t ops[] = {LITDNN_OP_RNN_FORWARD, LITDNN_OP_RNN_FORWARD, LITDNN_OP_RNN_BACKWARD_DATA,
                                   LITDNN_OP_RNN_BACKWARD_WEIGHTS};
  fz_stage(h, b, ops[pass]);
  int hidden = fz_chance(b, 95) ? fz_int(b, 1, 9) : fz_dim(b, 12);
  int skip = fz_chance(b, 10);
  int input = skip ? hidden : fz_chance(b, 95) ? fz_int(b, 1, 9) : fz_dim(b, 12);
  int layers = fz_chance(b, 95) ? fz_int(b, 1, 3) : fz_dim(b, 4);
  int bidir = fz_chance(b, 30);
  int proj = fz_chance(b, 95) ? hidden : fz_int(b, 0, fz_sat((long long)hidden + 1));
  litdnnRNNDescriptor_t rd;
  litdnnCreateRNNDescriptor(&rd);
  litdnnStatus_t s = litdnnSetRNNDescriptor(
      rd, (litdnnRNNAlgo_t)fz_enum(b, 4), (litdnnRNNMode_t)fz_enum(b, 4), (litdnnRNNBiasMode_t)fz_enum(b, 4),
      bidir ? LITDNN_BIDIRECTIONAL : LITDNN_UNIDIRECTIONAL, skip ? LITDNN_SKIP_INPUT : LITDNN_LINEAR_INPUT,
      fz_chance(b, 97) ? LITDNN_DATA_FLOAT : (litdnnDataType_t)fz_enum(b, 4),
      fz_chance(b, 97) ? LITDNN_DATA_FLOAT : (litdnnDataType_t)fz_enum(b, 4),
      fz_chance(b, 90) ? LITDNN_MATH_FMA : (litdnnMathType_t)fz_enum(b, 2), input, hidden, proj, layers, NULL,
      fz_chance(b, 90) ? 0u : (unsigned)fz_u8(b));
  if (!fz_check_desc("litdnnSetRNNDescriptor", s)) {
    litdnnDestroyRNNDescriptor(rd);
    return;
  }
  int T = fz_chance(b, 95) ? fz_int(b, 1, 5) : fz_dim(b, 8);
  int N = fz_chance(b, 95) ? fz_int(b, 1, 4) : fz_dim(b, 6);
  int lengths[8];
  /* a data descriptor the library accepts keeps O(T + N) ints on the host:
     for T near 2^30 that is 8 GB, past the fuzzer's memory limit, so such
     sequences are not tried (bad values of T still are) */
  int nl = N > 0 && N <= 8 && T <= (int)FZ_MAX_ELEMENTS ? N : 0;
  for (int i = 0; i < nl; i++)
    lengths[i] = fz_chance(b, 95) ? fz_int(b, 1, T > 0 ? T : 1) : fz_int(b, -1, fz_sat((long long)T + 1));
  litdnnRNNDataLayout_t layout = (litdnnRNNDataLayout_t)fz_enum(b, 3);
  if (layout == LITDNN_RNN_DATA_LAYOUT_SEQ_MAJOR_PACKED && fz_chance(b, 80))   /* packed wants them sorted */
    for (int i = 1; i < nl; i++)
      for (int j = i; j > 0 && lengths[j] > lengths[j - 1]; j--) {
        int t = lengths[j];
        lengths[j] = lengths[j - 1];
        lengths[j - 1] = t;
      }
  int dirs = bidir ? 2 : 1;
  int outv = fz_sat((long long)(proj < hidden ? proj : hidden) * dirs);
  float fill = 0.0f;
  litdnnRNNDataDescriptor_t xd, yd;
  litdnnCreateRNNDataDescriptor(&xd);
  litdnnCreateRNNDataDescriptor(&yd);
  litdnnTensorDescriptor_t hd = NULL;
  fz_buffer X = {0}, Y = {0}, DY = {0}, DX = {0}, HX = {0}, HY = {0}, CX = {0}, CY = {0}, DHY = {0}, DHX = {0},
            DCY = {0}, DCX = {0}, W = {0}, DW = {0}, WS = {0}, RS = {0}, LEN = {0};
  if (nl == 0 || !fz_check_desc("litdnnSetRNNDataDescriptor",
                                litdnnSetRNNDataDescriptor(xd, LITDNN_DATA_FLOAT, layout, T, N, input, lengths, &fill)))
    goto done;
  if (!fz_check_desc("litdnnSetRNNDataDescriptor",
                     litdnnSetRNNDataDescriptor(yd, LITDNN_DATA_FLOAT, layout, T, N,
                                                fz_chance(b, 95) ? outv : fz_sat((long long)outv + 1), lengths, &fill)))
    goto done;
  int hdims[3] = {fz_sat((long long)layers * dirs), N, fz_chance(b, 95) ? hidden : fz_sat((long long)hidden + 1)};
  litdnnCreateTensorDescriptor(&hd);
  if (!fz_check_desc("litdnnSetTensorNdDescriptorEx",
                     litdnnSetTensorNdDescriptorEx(hd, LITDNN_TENSOR_NCHW, LITDNN_DATA_FLOAT, 3, hdims)))
    goto done;
  size_t wbytes = 0, ws = 0, rs = 0;
  if (!fz_check_desc("litdnnGetRNNWeightSpaceSize", litdnnGetRNNWeightSpaceSize(h, rd, &wbytes)))
    goto done;
  litdnnForwardMode_t mode = pass == 0 ? LITDNN_FWD_MODE_INFERENCE : LITDNN_FWD_MODE_TRAINING;
  if (!fz_check_desc("litdnnGetRNNTempSpaceSizes", litdnnGetRNNTempSpaceSizes(h, rd, mode, xd, &ws, &rs)))
    goto done;
  size_t xbytes = (size_t)T * N * input * 4, ybytes = (size_t)T * N * outv * 4;
  size_t hbytes = (size_t)layers * dirs * N * hidden * 4;
  int have = fz_alloc(h, b, &X, xbytes) & fz_alloc(h, b, &Y, ybytes) & fz_alloc(h, b, &DY, ybytes);
  have &= fz_alloc(h, b, &DX, xbytes) & fz_alloc(h, b, &HX, hbytes) & fz_alloc(h, b, &HY, hbytes);
  have &= fz_alloc(h, b, &CX, hbytes) & fz_alloc(h, b, &CY, hbytes) & fz_alloc(h, b, &DHY, hbytes);
  have &= fz_alloc(h, b, &DHX, hbytes) & fz_alloc(h, b, &DCY, hbytes) & fz_alloc(h, b, &DCX, hbytes);
  have &= fz_alloc(h, b, &W, wbytes) & fz_alloc(h, b, &DW, wbytes);
  have &= fz_alloc(h, b, &WS, fz_chance(b, 95) ? ws : ws / 2) & fz_alloc(h, b, &RS, fz_chance(b, 95) ? rs : rs / 2);
  have &= fz_alloc(h, b, &LEN, (size_t)nl * sizeof(int));
  if (!have)
    goto done;
  if (litdnnMemcpy(h, LEN.dev, lengths, (size_t)nl * sizeof(int), LITDNN_MEMCPY_HOST_TO_DEVICE) !=
      LITDNN_STATUS_SUCCESS)
    fz_fail("litdnnMemcpy of the lengths failed: %s", litdnnGetLastErrorString());
  memcpy(LEN.copy, lengths, (size_t)nl * sizeof(int));
  int nulls = fz_u8(b);   /* hx, cx, hy, cy may each be NULL */
  void *hx = nulls & 1 ? NULL : HX.dev, *cx = nulls & 2 ? NULL : CX.dev;
  void *hy = nulls & 4 ? NULL : HY.dev, *cy = nulls & 8 ? NULL : CY.dev;
  if (pass < 2) {
    fz_buffer outs[4] = {Y, HY, CY, RS};
    fz_check(h, "litdnnRNNForward",
             litdnnRNNForward(h, rd, mode, (const int32_t *)LEN.dev, xd, X.dev, yd, Y.dev, hd, hx, hy, hd, cx, cy,
                              W.bytes, W.dev, WS.bytes, WS.dev, RS.bytes, RS.dev),
             outs, 4);
  } else if (pass == 2) {
    fz_buffer outs[3] = {DX, DHX, DCX};
    fz_check(h, "litdnnRNNBackwardData",
             litdnnRNNBackwardData(h, rd, (const int32_t *)LEN.dev, yd, Y.dev, DY.dev, xd, DX.dev, hd, hx,
                                   nulls & 16 ? NULL : DHY.dev, nulls & 32 ? NULL : DHX.dev, hd, cx,
                                   nulls & 64 ? NULL : DCY.dev, nulls & 128 ? NULL : DCX.dev, W.bytes, W.dev,
                                   WS.bytes, WS.dev, RS.bytes, RS.dev),
             outs, 3);
  } else {
    fz_check(h, "litdnnRNNBackwardWeights",
             litdnnRNNBackwardWeights(h, rd, (litdnnWgradMode_t)fz_enum(b, 2), (const int32_t *)LEN.dev, xd, X.dev,
                                      hd, hx, yd, Y.dev, DW.bytes, DW.dev, WS.bytes, WS.dev, RS.bytes, RS.dev),
             &DW, 1);
  }
done:;
  fz_buffer *all[] = {&X, &Y, &DY, &DX, &HX, &HY, &CX, &CY, &DHY, &DHX, &DCY, &DCX, &W, &DW, &WS, &RS, &LEN};
  for (unsigned i = 0; i < sizeof all / sizeof all[0]; i++)
    fz_free(h, all[i]);
  if (hd)
    litdnnDestroyTensorDescriptor(hd);
  litdnnDestroyRNNDataDescriptor(xd);
  litdnnDestroyRNNDataDescriptor(yd);
  litdnnDestroyRNNDescriptor(rd);
}
