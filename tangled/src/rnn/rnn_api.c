#line 3529 "chapters/10-rnn.nw"
#include "rnn/rnn.h"
#include <stdlib.h>
#include <string.h>

#line 3553 "chapters/10-rnn.nw"
litdnnStatus_t litdnnCreateRNNDescriptor(litdnnRNNDescriptor_t *rnnDesc)
{
  LITDNN_API_CALL("litdnnCreateRNNDescriptor");
  LITDNN_CHECK_NULL(call, rnnDesc);
  struct litdnnRNNStruct *d = (struct litdnnRNNStruct *)calloc(1, sizeof *d);
  if (!d)
    return litdnn_error(LITDNN_STATUS_ALLOC_FAILED, call, "out of host memory");
  *rnnDesc = d;
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnDestroyRNNDescriptor(litdnnRNNDescriptor_t rnnDesc)
{
  LITDNN_API_CALL("litdnnDestroyRNNDescriptor");
  free(rnnDesc);
  return LITDNN_STATUS_SUCCESS;
}

#define RNN_ENUM_CHECK(name, value, count)                                                     \
  do {                                                                                         \
    if ((int)(value) < 0 || (int)(value) >= (count))                                          \
      return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call, "%s = %d is out of range", \
                          name, (int)(value));                                                 \
  } while (0)

static litdnnStatus_t check_data_type(const char *call, const char *name, litdnnDataType_t t)
{
  RNN_ENUM_CHECK(name, t, 4);
  if (t != LITDNN_DATA_FLOAT)
    return litdnn_error(LITDNN_STATUS_NOT_SUPPORTED_DATA_TYPE, call,
                        "%s = %d; only LITDNN_DATA_FLOAT is computed", name, (int)t);
  return LITDNN_STATUS_SUCCESS;
}

static litdnnStatus_t check_positive(const char *call, const char *name, int32_t v)
{
  if (v <= 0)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call, "%s = %d must be positive", name, (int)v);
  return LITDNN_STATUS_SUCCESS;
}

/* sizes are checked against this, in floats, before they are computed in 64 bits */
#define RNN_MAX_FLOATS 576460752303423488.0   /* 2^59 */

litdnnStatus_t litdnnSetRNNDescriptor(litdnnRNNDescriptor_t rnnDesc, litdnnRNNAlgo_t algo,
                                      litdnnRNNMode_t cellMode, litdnnRNNBiasMode_t biasMode,
                                      litdnnDirectionMode_t dirMode, litdnnRNNInputMode_t inputMode,
                                      litdnnDataType_t dataType, litdnnDataType_t mathPrec,
                                      litdnnMathType_t mathType, int32_t inputSize, int32_t hiddenSize,
                                      int32_t projSize, int32_t numLayers,
                                      litdnnDropoutDescriptor_t dropoutDesc, uint32_t auxFlags)
{
  LITDNN_API_CALL("litdnnSetRNNDescriptor");
  LITDNN_CHECK_NULL(call, rnnDesc);
  RNN_ENUM_CHECK("algo", algo, 4);
  RNN_ENUM_CHECK("cellMode", cellMode, 4);
  RNN_ENUM_CHECK("biasMode", biasMode, 4);
  RNN_ENUM_CHECK("dirMode", dirMode, 2);
  RNN_ENUM_CHECK("inputMode", inputMode, 2);
  litdnnStatus_t st;
  if ((st = check_data_type(call, "dataType", dataType)) != LITDNN_STATUS_SUCCESS ||
      (st = check_data_type(call, "mathPrec", mathPrec)) != LITDNN_STATUS_SUCCESS)
    return st;
  RNN_ENUM_CHECK("mathType", mathType, 2);
  if ((st = check_positive(call, "inputSize", inputSize)) != LITDNN_STATUS_SUCCESS ||
      (st = check_positive(call, "hiddenSize", hiddenSize)) != LITDNN_STATUS_SUCCESS)
    return st;
  if (projSize <= 0 || projSize > hiddenSize || (projSize < hiddenSize && cellMode != LITDNN_LSTM))
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call,
                        "projSize = %d must equal hiddenSize = %d%s", (int)projSize, (int)hiddenSize,
                        cellMode == LITDNN_LSTM ? " (or be smaller, for a projection)" : "");
  if (projSize < hiddenSize)
    return litdnn_error(LITDNN_STATUS_NOT_SUPPORTED, call,
                        "projSize = %d < hiddenSize = %d: the LSTM projection is not implemented",
                        (int)projSize, (int)hiddenSize);
  if ((st = check_positive(call, "numLayers", numLayers)) != LITDNN_STATUS_SUCCESS)
    return st;
  if (dirMode == LITDNN_BIDIRECTIONAL && numLayers > INT32_MAX / 2)   /* pseudo-layers are counted in an int */
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OVERFLOW, call,
                        "numLayers = %d is too large: bidirectional, it makes %lld pseudo-layers", (int)numLayers,
                        2LL * numLayers);
  if (inputMode == LITDNN_SKIP_INPUT && inputSize != hiddenSize)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM, call,
                        "inputMode = LITDNN_SKIP_INPUT needs inputSize = hiddenSize, not %d and %d",
                        (int)inputSize, (int)hiddenSize);
  if (dropoutDesc && !dropoutDesc->is_set)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_NOT_FINALIZED, call,
                        "dropoutDesc was never set (litdnnSetDropoutDescriptor)");
  if (auxFlags & ~LITDNN_RNN_PADDED_IO_ENABLED)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call,
                        "auxFlags = 0x%x has bits other than LITDNN_RNN_PADDED_IO_ENABLED", auxFlags);
  struct litdnnRNNStruct d = {1, algo, cellMode, biasMode, dirMode, inputMode, dataType, mathPrec,
                              mathType, inputSize, hiddenSize, projSize, numLayers, dropoutDesc, auxFlags};
  /* the weight space holds fewer than P G H (max(I, 2H) + H + 2) floats */
  double in = inputSize > 2.0 * hiddenSize ? (double)inputSize : 2.0 * hiddenSize;
  if ((double)numLayers * (dirMode + 1) * litdnn_rnn_gates(cellMode) * hiddenSize * (in + hiddenSize + 2.0) >
      RNN_MAX_FLOATS)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OVERFLOW, call,
                        "hiddenSize = %d, inputSize = %d and numLayers = %d need a weight space "
                        "larger than 64-bit sizes hold", (int)hiddenSize, (int)inputSize, (int)numLayers);
  *rnnDesc = d;
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnGetRNNDescriptor(litdnnRNNDescriptor_t rnnDesc, litdnnRNNAlgo_t *algo,
                                      litdnnRNNMode_t *cellMode, litdnnRNNBiasMode_t *biasMode,
                                      litdnnDirectionMode_t *dirMode, litdnnRNNInputMode_t *inputMode,
                                      litdnnDataType_t *dataType, litdnnDataType_t *mathPrec,
                                      litdnnMathType_t *mathType, int32_t *inputSize, int32_t *hiddenSize,
                                      int32_t *projSize, int32_t *numLayers,
                                      litdnnDropoutDescriptor_t *dropoutDesc, uint32_t *auxFlags)
{
  LITDNN_API_CALL("litdnnGetRNNDescriptor");
  LITDNN_CHECK_NULL(call, rnnDesc);
  if (!rnnDesc->is_set)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_NOT_FINALIZED, call,
                        "rnnDesc was never set (litdnnSetRNNDescriptor)");
  const struct litdnnRNNStruct *d = rnnDesc;
  if (algo) *algo = d->algo;
  if (cellMode) *cellMode = d->cell;
  if (biasMode) *biasMode = d->bias;
  if (dirMode) *dirMode = d->dir;
  if (inputMode) *inputMode = d->input;
  if (dataType) *dataType = d->dtype;
  if (mathPrec) *mathPrec = d->math_prec;
  if (mathType) *mathType = d->math;
  if (inputSize) *inputSize = d->input_size;
  if (hiddenSize) *hiddenSize = d->hidden;
  if (projSize) *projSize = d->proj;
  if (numLayers) *numLayers = d->layers;
  if (dropoutDesc) *dropoutDesc = d->dropout;
  if (auxFlags) *auxFlags = d->aux;
  return LITDNN_STATUS_SUCCESS;
}
#line 3699 "chapters/10-rnn.nw"
litdnnStatus_t litdnnCreateRNNDataDescriptor(litdnnRNNDataDescriptor_t *rnnDataDesc)
{
  LITDNN_API_CALL("litdnnCreateRNNDataDescriptor");
  LITDNN_CHECK_NULL(call, rnnDataDesc);
  struct litdnnRNNDataStruct *d = (struct litdnnRNNDataStruct *)calloc(1, sizeof *d);
  if (!d)
    return litdnn_error(LITDNN_STATUS_ALLOC_FAILED, call, "out of host memory");
  *rnnDataDesc = d;
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnDestroyRNNDataDescriptor(litdnnRNNDataDescriptor_t rnnDataDesc)
{
  LITDNN_API_CALL("litdnnDestroyRNNDataDescriptor");
  if (rnnDataDesc) {
    free(rnnDataDesc->len);
    free(rnnDataDesc->rows_at);
  }
  free(rnnDataDesc);
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnSetRNNDataDescriptor(litdnnRNNDataDescriptor_t rnnDataDesc, litdnnDataType_t dataType,
                                          litdnnRNNDataLayout_t layout, int maxSeqLength, int batchSize,
                                          int vectorSize, const int seqLengthArray[], void *paddingFill)
{
  LITDNN_API_CALL("litdnnSetRNNDataDescriptor");
  LITDNN_CHECK_NULL(call, rnnDataDesc);
  litdnnStatus_t st = check_data_type(call, "dataType", dataType);
  if (st != LITDNN_STATUS_SUCCESS)
    return st;
  RNN_ENUM_CHECK("layout", layout, 3);
  if ((st = check_positive(call, "maxSeqLength", maxSeqLength)) != LITDNN_STATUS_SUCCESS ||
      (st = check_positive(call, "batchSize", batchSize)) != LITDNN_STATUS_SUCCESS ||
      (st = check_positive(call, "vectorSize", vectorSize)) != LITDNN_STATUS_SUCCESS)
    return st;
  LITDNN_CHECK_NULL(call, seqLengthArray);
  for (int n = 0; n < batchSize; n++) {
    if (seqLengthArray[n] < 1 || seqLengthArray[n] > maxSeqLength)
      return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call,
                          "seqLengthArray[%d] = %d is not in 1..maxSeqLength = %d", n, seqLengthArray[n],
                          maxSeqLength);
    if (layout == LITDNN_RNN_DATA_LAYOUT_SEQ_MAJOR_PACKED && n > 0 && seqLengthArray[n] > seqLengthArray[n - 1])
      return litdnn_error(LITDNN_STATUS_BAD_PARAM, call,
                          "seqLengthArray[%d] = %d is longer than seqLengthArray[%d] = %d: the packed "
                          "layout needs the lengths in non-increasing order",
                          n, seqLengthArray[n], n - 1, seqLengthArray[n - 1]);
  }
  if ((double)maxSeqLength * batchSize * vectorSize > RNN_MAX_FLOATS)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OVERFLOW, call,
                        "maxSeqLength = %d, batchSize = %d, vectorSize = %d: too many elements", maxSeqLength,
                        batchSize, vectorSize);
  int *ints = (int *)malloc(((size_t)batchSize + (size_t)maxSeqLength + 1) * sizeof(int));
  int *rows_at = (int *)malloc((size_t)maxSeqLength * sizeof(int));
  if (!ints || !rows_at) {
    free(ints);
    free(rows_at);
    return litdnn_error(LITDNN_STATUS_ALLOC_FAILED, call, "out of host memory");
  }
  int *off = ints + batchSize;
  memcpy(ints, seqLengthArray, (size_t)batchSize * sizeof(int));
  off[0] = 0;
  for (int t = 0; t < maxSeqLength; t++) {
    int active = 0, last = -1;
    for (int n = 0; n < batchSize; n++)
      if (seqLengthArray[n] > t) {
        active++;
        last = n;
      }
    off[t + 1] = off[t] + active;
    rows_at[t] = last + 1;
  }
  free(rnnDataDesc->len);
  free(rnnDataDesc->rows_at);
  rnnDataDesc->is_set = 1;
  rnnDataDesc->dtype = dataType;
  rnnDataDesc->layout = layout;
  rnnDataDesc->T = maxSeqLength;
  rnnDataDesc->N = batchSize;
  rnnDataDesc->V = vectorSize;
  rnnDataDesc->len = ints;
  rnnDataDesc->off = off;
  rnnDataDesc->rows_at = rows_at;
  rnnDataDesc->has_fill = paddingFill != NULL;
  rnnDataDesc->fill = paddingFill ? *(const float *)paddingFill : 0.0f;
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnGetRNNDataDescriptor(litdnnRNNDataDescriptor_t rnnDataDesc, litdnnDataType_t *dataType,
                                          litdnnRNNDataLayout_t *layout, int *maxSeqLength, int *batchSize,
                                          int *vectorSize, int arrayLengthRequested, int seqLengthArray[],
                                          void *paddingFill)
{
  LITDNN_API_CALL("litdnnGetRNNDataDescriptor");
  LITDNN_CHECK_NULL(call, rnnDataDesc);
  if (!rnnDataDesc->is_set)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_NOT_FINALIZED, call,
                        "rnnDataDesc was never set (litdnnSetRNNDataDescriptor)");
  if (arrayLengthRequested < 0)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call,
                        "arrayLengthRequested = %d must not be negative", arrayLengthRequested);
  if (arrayLengthRequested > 0)
    LITDNN_CHECK_NULL(call, seqLengthArray);
  const struct litdnnRNNDataStruct *d = rnnDataDesc;
  if (dataType) *dataType = d->dtype;
  if (layout) *layout = d->layout;
  if (maxSeqLength) *maxSeqLength = d->T;
  if (batchSize) *batchSize = d->N;
  if (vectorSize) *vectorSize = d->V;
  for (int n = 0; n < arrayLengthRequested && n < d->N; n++)
    seqLengthArray[n] = d->len[n];
  if (paddingFill)
    *(float *)paddingFill = d->fill;
  return LITDNN_STATUS_SUCCESS;
}
#line 3825 "chapters/10-rnn.nw"
static void shape_of(const struct litdnnRNNStruct *d, const struct litdnnRNNDataStruct *x, litdnn_rnn_shape *s)
{
  memset(s, 0, sizeof *s);
  s->cell = d->cell;
  s->G = litdnn_rnn_gates(d->cell);
  s->S = d->cell == LITDNN_LSTM || d->cell == LITDNN_GRU ? 4 : 1;
  s->H = d->hidden;
  s->I = d->input_size;
  s->L = d->layers;
  s->D = d->dir == LITDNN_BIDIRECTIONAL ? 2 : 1;
  s->P = s->L * s->D;
  s->has_bw = d->bias == LITDNN_RNN_DOUBLE_BIAS || d->bias == LITDNN_RNN_SINGLE_INP_BIAS;
  s->has_br = d->bias == LITDNN_RNN_DOUBLE_BIAS || d->bias == LITDNN_RNN_SINGLE_REC_BIAS;
  s->skip = d->input == LITDNN_SKIP_INPUT;
  s->math = d->math;
  s->T = x ? x->T : 1;
  s->N = x ? x->N : 1;
  s->rows = x ? (int)x->layout : RNN_ROWS_SEQ;
  s->xrows = x ? (x->layout == LITDNN_RNN_DATA_LAYOUT_SEQ_MAJOR_PACKED ? x->off[x->T] : (int64_t)x->T * x->N) : 1;
}

int litdnn_rnn_spaces(const litdnn_rnn_shape *s, litdnn_rnn_reserve *r, litdnn_rnn_workspace *w)
{
  double tn = (double)s->T * s->N, big = s->I > s->D * s->H ? s->I : s->D * (double)s->H;
  double estimate = (double)s->P * tn * s->H * (3.0 * s->G + s->S + 8.0) + 3.0 * s->L * tn * big +
                    tn * big * s->G * s->D * 2.0 + (double)s->T + s->N + 64.0 * s->P + 64.0;
  if (estimate > RNN_MAX_FLOATS)
    return 0;
  int64_t T = s->T, N = s->N, H = s->H, G = s->G, S = s->S, P = s->P, L = s->L, D = s->D;
  int64_t nh = N * H, gates = G * H, layer_out = T * N * D * H, o = 0;
  /* reserve: per pseudo-layer, then the layer outputs and dropout headers */
#define RNN_TAKE(field, n) (field = o, o += litdnn_rnn_round4(n))
  RNN_TAKE(r->hs, (T + 1) * nh);
  RNN_TAKE(r->cs, s->cell == LITDNN_LSTM ? (T + 1) * nh : 0);
  RNN_TAKE(r->gates, T * N * S * H);
  RNN_TAKE(r->dgx, T * N * gates);
  RNN_TAKE(r->dgh, T * N * gates);
  r->per_p = o;
  o = P * r->per_p;
  RNN_TAKE(r->outs, (L - 1) * layer_out);
  RNN_TAKE(r->drop, (L - 1) * 8);
  r->total = o;
  /* workspace: what a forward pass needs, then the backward passes */
  o = 0;
  RNN_TAKE(w->ints, N + T + 1);
  RNN_TAKE(w->gx, D * T * N * gates);
  RNN_TAKE(w->gxs, P * N * gates);
  RNN_TAKE(w->gh, P * N * gates);
  RNN_TAKE(w->pre, P * N * S * H);
  RNN_TAKE(w->hstate, P * 2 * nh);
  RNN_TAKE(w->cstate, s->cell == LITDNN_LSTM ? P * 2 * nh : 0);
  RNN_TAKE(w->outs, (L - 1) * layer_out);
  w->forward_total = o;
  RNN_TAKE(w->dh, P * nh);
  RNN_TAKE(w->dc, P * nh);
  RNN_TAKE(w->dtot, P * 2 * nh);
  RNN_TAKE(w->dys, (L - 1) * layer_out);
  RNN_TAKE(w->xz, T * N * s->I);
  w->total = o;
#undef RNN_TAKE
  return 1;
}
#line 3900 "chapters/10-rnn.nw"
static litdnnStatus_t check_rnn(const char *call, litdnnRNNDescriptor_t rnnDesc)
{
  LITDNN_CHECK_NULL(call, rnnDesc);   /* the message names the parameter of the public call */
  if (!rnnDesc->is_set)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_NOT_FINALIZED, call,
                        "rnnDesc was never set (litdnnSetRNNDescriptor)");
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnGetRNNWeightSpaceSize(litdnnHandle_t handle, litdnnRNNDescriptor_t rnnDesc,
                                           size_t *weightSpaceSize)
{
  LITDNN_API_CALL("litdnnGetRNNWeightSpaceSize");
  litdnnStatus_t st = litdnn_check_handle(call, handle);
  if (st == LITDNN_STATUS_SUCCESS)
    st = check_rnn(call, rnnDesc);
  if (st != LITDNN_STATUS_SUCCESS)
    return st;
  LITDNN_CHECK_NULL(call, weightSpaceSize);
  litdnn_rnn_shape s;
  shape_of(rnnDesc, NULL, &s);
  *weightSpaceSize = (size_t)litdnn_rnn_weight_count(&s) * sizeof(float);
  return LITDNN_STATUS_SUCCESS;
}

/* a matrix or bias of the weight space, or none (zero dimensions, NULL) */
static void describe_weight(litdnnTensorDescriptor_t desc, void **addr, const char *base, int64_t offset,
                            int rows, int64_t cols)
{
  if (!desc)
    return;
  if (offset < 0) {
    desc->is_set = 1;
    desc->dtype = LITDNN_DATA_FLOAT;
    desc->nbDims = 0;
    for (int k = 0; k < LITDNN_DIM_MAX; k++)
      desc->dims[k] = desc->strides[k] = 1;
    *addr = NULL;
    return;
  }
  int dims[3] = {1, rows, (int)cols}, strides[3] = {rows * (int)cols, (int)cols, 1};
  litdnnSetTensorNdDescriptor(desc, LITDNN_DATA_FLOAT, 3, dims, strides);
  *addr = (void *)(base + offset * (int64_t)sizeof(float));
}

litdnnStatus_t litdnnGetRNNWeightParams(litdnnHandle_t handle, litdnnRNNDescriptor_t rnnDesc,
                                        int32_t pseudoLayer, size_t weightSpaceSize, const void *weightSpace,
                                        int32_t linLayerID, litdnnTensorDescriptor_t mDesc, void **mAddr,
                                        litdnnTensorDescriptor_t bDesc, void **bAddr)
{
  LITDNN_API_CALL("litdnnGetRNNWeightParams");
  litdnnStatus_t st = litdnn_check_handle(call, handle);
  if (st == LITDNN_STATUS_SUCCESS)
    st = check_rnn(call, rnnDesc);
  if (st != LITDNN_STATUS_SUCCESS)
    return st;
  litdnn_rnn_shape s;
  shape_of(rnnDesc, NULL, &s);
  if (pseudoLayer < 0 || pseudoLayer >= s.P)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call,
                        "pseudoLayer = %d is not in 0..%d (numLayers times the directions, less one)",
                        (int)pseudoLayer, s.P - 1);
  LITDNN_CHECK_NULL(call, weightSpace);
  size_t need = (size_t)litdnn_rnn_weight_count(&s) * sizeof(float);
  if (weightSpaceSize < need)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_SIZE_INSUFFICIENT, call,
                        "weightSpaceSize = %zu, but the network's weights take %zu bytes", weightSpaceSize, need);
  int lstm_projection = s.cell == LITDNN_LSTM && linLayerID == 8;
  if ((linLayerID < 0 || linLayerID >= 2 * s.G) && !lstm_projection)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call,
                        "linLayerID = %d is not in 0..%d for this cell", (int)linLayerID,
                        s.cell == LITDNN_LSTM ? 8 : 2 * s.G - 1);
  if (!mDesc != !mAddr)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_NULL_POINTER, call, "%s is a null pointer but %s is not",
                        mDesc ? "mAddr" : "mDesc", mDesc ? "mDesc" : "mAddr");
  if (!bDesc != !bAddr)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_NULL_POINTER, call, "%s is a null pointer but %s is not",
                        bDesc ? "bAddr" : "bDesc", bDesc ? "bDesc" : "bAddr");
  const char *base = (const char *)weightSpace;
  int recurrent = linLayerID >= s.G, g = linLayerID % s.G, p = pseudoLayer;
  int64_t in = recurrent ? s.H : litdnn_rnn_layer_in(&s, p / s.D);
  int64_t m = lstm_projection ? -1 : recurrent ? litdnn_rnn_r_offset(&s, p) : litdnn_rnn_w_offset(&s, p);
  int64_t b = lstm_projection ? -1 : litdnn_rnn_bias_offset(&s, p, recurrent);
  describe_weight(mDesc, mAddr, base, m < 0 ? -1 : m + (int64_t)g * s.H * in, s.H, in);
  describe_weight(bDesc, bAddr, base, b < 0 ? -1 : b + (int64_t)g * s.H, s.H, 1);
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnGetRNNTempSpaceSizes(litdnnHandle_t handle, litdnnRNNDescriptor_t rnnDesc,
                                          litdnnForwardMode_t fwdMode, litdnnRNNDataDescriptor_t xDesc,
                                          size_t *workSpaceSize, size_t *reserveSpaceSize)
{
  LITDNN_API_CALL("litdnnGetRNNTempSpaceSizes");
  litdnnStatus_t st = litdnn_check_handle(call, handle);
  if (st == LITDNN_STATUS_SUCCESS)
    st = check_rnn(call, rnnDesc);
  if (st != LITDNN_STATUS_SUCCESS)
    return st;
  RNN_ENUM_CHECK("fwdMode", fwdMode, 2);
  LITDNN_CHECK_NULL(call, xDesc);
  if (!xDesc->is_set)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_NOT_FINALIZED, call,
                        "xDesc was never set (litdnnSetRNNDataDescriptor)");
  if (xDesc->V != rnnDesc->input_size)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, call,
                        "xDesc has vectorSize = %d, but the network's inputSize is %d", xDesc->V,
                        rnnDesc->input_size);
  litdnn_rnn_shape s;
  litdnn_rnn_reserve r;
  litdnn_rnn_workspace w;
  shape_of(rnnDesc, xDesc, &s);
  if (!litdnn_rnn_spaces(&s, &r, &w))
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OVERFLOW, call,
                        "the temporary spaces of this network and batch are larger than 64-bit sizes hold");
  int training = fwdMode == LITDNN_FWD_MODE_TRAINING;
  if (workSpaceSize)
    *workSpaceSize = (size_t)(training ? w.total : w.forward_total) * sizeof(float);
  if (reserveSpaceSize)
    *reserveSpaceSize = training ? (size_t)r.total * sizeof(float) : 0;
  return LITDNN_STATUS_SUCCESS;
}
#line 4035 "chapters/10-rnn.nw"
static litdnnStatus_t check_data(const char *call, const char *name, litdnnRNNDataDescriptor_t d)
{
  if (!d)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_NULL_POINTER, call, "%s is a null pointer", name);
  if (!d->is_set)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_NOT_FINALIZED, call,
                        "%s was never set (litdnnSetRNNDataDescriptor)", name);
  return LITDNN_STATUS_SUCCESS;
}

static litdnnStatus_t check_state(const char *call, const char *name, litdnnTensorDescriptor_t d,
                                  const litdnn_rnn_shape *s)
{
  litdnnStatus_t st = litdnn_check_tensor(call, name, d);
  if (st != LITDNN_STATUS_SUCCESS)
    return st;
  if (d->nbDims != 3 || d->dims[0] != s->P || d->dims[1] != s->N || d->dims[2] != s->H)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, call,
                        "%s must have the dimensions {%d, %d, %d} (pseudo-layers, batch, hidden size)", name,
                        s->P, s->N, s->H);
  if (!litdnn_tensor_is_packed(d))
    return litdnn_error(LITDNN_STATUS_BAD_PARAM, call, "%s must be packed", name);
  return LITDNN_STATUS_SUCCESS;
}

static litdnnStatus_t check_size(const char *call, const char *name, size_t got, int64_t floats, const char *from)
{
  size_t need = (size_t)floats * sizeof(float);
  if (got < need)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_SIZE_INSUFFICIENT, call, "%s = %zu, but %zu bytes are needed (%s)",
                        name, got, need, from);
  return LITDNN_STATUS_SUCCESS;
}

/* everything the three calls share; training: the sizes of a training pass */
static litdnnStatus_t check_call(const char *call, litdnnHandle_t handle, litdnnRNNDescriptor_t d,
                                 litdnnRNNDataDescriptor_t xDesc, litdnnRNNDataDescriptor_t yDesc,
                                 litdnnTensorDescriptor_t hDesc, litdnnTensorDescriptor_t cDesc, int training,
                                 size_t weightSpaceSize, const char *weight_name, const void *weightSpace,
                                 size_t workSpaceSize, const void *workSpace, size_t reserveSpaceSize,
                                 const void *reserveSpace, litdnn_rnn_args *a)
{
  litdnnStatus_t st = litdnn_check_handle(call, handle);
  if (st == LITDNN_STATUS_SUCCESS)
    st = check_rnn(call, d);
  if (st == LITDNN_STATUS_SUCCESS)
    st = check_data(call, "xDesc", xDesc);
  if (st == LITDNN_STATUS_SUCCESS)
    st = check_data(call, "yDesc", yDesc);
  if (st != LITDNN_STATUS_SUCCESS)
    return st;
  int D = d->dir == LITDNN_BIDIRECTIONAL ? 2 : 1;
  if (xDesc->V != d->input_size)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, call,
                        "xDesc has vectorSize = %d, but the network's inputSize is %d", xDesc->V, d->input_size);
  if (yDesc->V != D * d->hidden)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, call,
                        "yDesc has vectorSize = %d, but the network's outputs have %d values", yDesc->V,
                        D * d->hidden);
  if (yDesc->layout != xDesc->layout || yDesc->T != xDesc->T || yDesc->N != xDesc->N ||
      memcmp(yDesc->len, xDesc->len, (size_t)xDesc->N * sizeof(int)) != 0)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, call,
                        "yDesc and xDesc differ in their layout, maxSeqLength, batchSize or sequence lengths");
  if (xDesc->layout != LITDNN_RNN_DATA_LAYOUT_SEQ_MAJOR_PACKED && !(d->aux & LITDNN_RNN_PADDED_IO_ENABLED))
    return litdnn_error(LITDNN_STATUS_BAD_PARAM, call,
                        "xDesc has an unpacked layout (%d), but rnnDesc's auxFlags lack "
                        "LITDNN_RNN_PADDED_IO_ENABLED", (int)xDesc->layout);
  memset(a, 0, sizeof *a);
  a->call = call;
  shape_of(d, xDesc, &a->s);
  if ((st = check_state(call, "hDesc", hDesc, &a->s)) != LITDNN_STATUS_SUCCESS ||
      (d->cell == LITDNN_LSTM && (st = check_state(call, "cDesc", cDesc, &a->s)) != LITDNN_STATUS_SUCCESS))
    return st;
  if (!litdnn_rnn_spaces(&a->s, &a->rl, &a->wl))
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OVERFLOW, call,
                        "the temporary spaces of this network and batch are larger than 64-bit sizes hold");
  if ((st = check_size(call, "weightSpaceSize", weightSpaceSize, litdnn_rnn_weight_count(&a->s),
                       "litdnnGetRNNWeightSpaceSize")) != LITDNN_STATUS_SUCCESS ||
      (st = check_size(call, "workSpaceSize", workSpaceSize, training ? a->wl.total : a->wl.forward_total,
                       "litdnnGetRNNTempSpaceSizes")) != LITDNN_STATUS_SUCCESS ||
      (training && (st = check_size(call, "reserveSpaceSize", reserveSpaceSize, a->rl.total,
                                    "litdnnGetRNNTempSpaceSizes, training")) != LITDNN_STATUS_SUCCESS))
    return st;
  if (!weightSpace)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_NULL_POINTER, call, "%s is a null pointer", weight_name);
  LITDNN_CHECK_NULL(call, workSpace);
  if (training)
    LITDNN_CHECK_NULL(call, reserveSpace);
  a->len = xDesc->len;
  a->off = xDesc->off;
  a->rows_at = xDesc->rows_at;
  a->persistent_asked = d->algo != LITDNN_RNN_ALGO_STANDARD;
  a->work = (float *)workSpace;
  a->reserve = (float *)reserveSpace;
  a->w = (const float *)weightSpace;
  litdnnDropoutDescriptor_t drop = d->dropout;
  a->dropout = training && drop && drop->dropout > 0.0f && a->s.L > 1;
  if (a->dropout) {
    a->drop_seed = drop->seed;
    a->drop_pass = drop->passes;
    a->drop_threshold = drop->threshold;
    a->drop_scale = drop->scale;
  }
  return LITDNN_STATUS_SUCCESS;
}

/* the lengths and packed offsets, to the workspace on the handle's backend;
   a pinned stage that does not apply is refused first, so that the
   refused call has written nothing, not even into the workspace */
static litdnnStatus_t copy_lengths(litdnnHandle_t h, litdnnOp_t op, litdnn_rnn_args *a)
{
  int pinned = h->stage[op];
  if (pinned != LITDNN_STAGE_AUTOMATIC && litdnn_stage_refusal(h, &litdnn_op(op)->stages[pinned], a) != NULL)
    return litdnn_run_op(h, op, a->call, a);   /* refuses it, with the reason, and runs nothing */
  int *dst = (int *)(a->work + a->wl.ints);
  a->dlen = dst;
  a->doff = dst + a->s.N;
  litdnnStatus_t st = h->dev->memcpy_(dst, a->len, ((size_t)a->s.N + a->s.T + 1) * sizeof(int),
                                      LITDNN_MEMCPY_HOST_TO_DEVICE, h->stream);
  if (st != LITDNN_STATUS_SUCCESS)
    return litdnn_error(st, a->call, "copying the sequence lengths to the workspace failed");
  return LITDNN_STATUS_SUCCESS;
}
#line 4172 "chapters/10-rnn.nw"
litdnnStatus_t litdnnRNNForward(litdnnHandle_t handle, litdnnRNNDescriptor_t rnnDesc, litdnnForwardMode_t fwdMode,
                                const int32_t devSeqLengths[], litdnnRNNDataDescriptor_t xDesc, const void *x,
                                litdnnRNNDataDescriptor_t yDesc, void *y, litdnnTensorDescriptor_t hDesc,
                                const void *hx, void *hy, litdnnTensorDescriptor_t cDesc, const void *cx, void *cy,
                                size_t weightSpaceSize, const void *weightSpace, size_t workSpaceSize,
                                void *workSpace, size_t reserveSpaceSize, void *reserveSpace)
{
  LITDNN_API_CALL("litdnnRNNForward");
  litdnnStatus_t st = litdnn_check_handle(call, handle);
  if (st == LITDNN_STATUS_SUCCESS)
    st = check_rnn(call, rnnDesc);
  if (st != LITDNN_STATUS_SUCCESS)
    return st;
  RNN_ENUM_CHECK("fwdMode", fwdMode, 2);
  int training = fwdMode == LITDNN_FWD_MODE_TRAINING;
  litdnn_rnn_args a;
  st = check_call(call, handle, rnnDesc, xDesc, yDesc, hDesc, cDesc, training, weightSpaceSize, "weightSpace",
                  weightSpace, workSpaceSize, workSpace, reserveSpaceSize, reserveSpace, &a);
  if (st != LITDNN_STATUS_SUCCESS)
    return st;
  LITDNN_CHECK_NULL(call, x);
  LITDNN_CHECK_NULL(call, y);
  int lstm = rnnDesc->cell == LITDNN_LSTM;
  a.training = training;
  a.x = (const float *)x;
  a.y = (float *)y;
  a.hx = (const float *)hx;
  a.hy = (float *)hy;
  a.cx = lstm ? (const float *)cx : NULL;
  a.cy = lstm ? (float *)cy : NULL;
  a.y_fill = yDesc->has_fill;
  a.fill = yDesc->fill;
  (void)devSeqLengths;
  if ((st = copy_lengths(handle, LITDNN_OP_RNN_FORWARD, &a)) != LITDNN_STATUS_SUCCESS)
    return st;
  st = litdnn_run_op(handle, LITDNN_OP_RNN_FORWARD, call, &a);
  if (st == LITDNN_STATUS_SUCCESS && a.dropout)
    rnnDesc->dropout->passes += (uint64_t)(a.s.L - 1);
  return st;
}

litdnnStatus_t litdnnRNNBackwardData(litdnnHandle_t handle, litdnnRNNDescriptor_t rnnDesc,
                                     const int32_t devSeqLengths[], litdnnRNNDataDescriptor_t yDesc, const void *y,
                                     const void *dy, litdnnRNNDataDescriptor_t xDesc, void *dx,
                                     litdnnTensorDescriptor_t hDesc, const void *hx, const void *dhy, void *dhx,
                                     litdnnTensorDescriptor_t cDesc, const void *cx, const void *dcy, void *dcx,
                                     size_t weightSpaceSize, const void *weightSpace, size_t workSpaceSize,
                                     void *workSpace, size_t reserveSpaceSize, void *reserveSpace)
{
  LITDNN_API_CALL("litdnnRNNBackwardData");
  litdnn_rnn_args a;
  litdnnStatus_t st = check_call(call, handle, rnnDesc, xDesc, yDesc, hDesc, cDesc, 1, weightSpaceSize,
                                 "weightSpace", weightSpace, workSpaceSize, workSpace, reserveSpaceSize, reserveSpace, &a);
  if (st != LITDNN_STATUS_SUCCESS)
    return st;
  LITDNN_CHECK_NULL(call, dy);
  LITDNN_CHECK_NULL(call, dx);
  int lstm = rnnDesc->cell == LITDNN_LSTM;
  a.dy = (const float *)dy;
  a.dx = (float *)dx;
  a.dhy = (const float *)dhy;
  a.dhx = (float *)dhx;
  a.dcy = lstm ? (const float *)dcy : NULL;
  a.dcx = lstm ? (float *)dcx : NULL;
  (void)devSeqLengths, (void)y, (void)hx, (void)cx;
  if ((st = copy_lengths(handle, LITDNN_OP_RNN_BACKWARD_DATA, &a)) != LITDNN_STATUS_SUCCESS)
    return st;
  return litdnn_run_op(handle, LITDNN_OP_RNN_BACKWARD_DATA, call, &a);
}

litdnnStatus_t litdnnRNNBackwardWeights(litdnnHandle_t handle, litdnnRNNDescriptor_t rnnDesc,
                                        litdnnWgradMode_t addGrad, const int32_t devSeqLengths[],
                                        litdnnRNNDataDescriptor_t xDesc, const void *x,
                                        litdnnTensorDescriptor_t hDesc, const void *hx,
                                        litdnnRNNDataDescriptor_t yDesc, const void *y, size_t weightSpaceSize,
                                        void *dweightSpace, size_t workSpaceSize, void *workSpace,
                                        size_t reserveSpaceSize, void *reserveSpace)
{
  LITDNN_API_CALL("litdnnRNNBackwardWeights");
  litdnnStatus_t st = litdnn_check_handle(call, handle);
  if (st == LITDNN_STATUS_SUCCESS)
    st = check_rnn(call, rnnDesc);
  if (st != LITDNN_STATUS_SUCCESS)
    return st;
  RNN_ENUM_CHECK("addGrad", addGrad, 2);
  litdnn_rnn_args a;
  /* cDesc is not an argument: check_call is given hDesc for it, which only an LSTM looks at */
  st = check_call(call, handle, rnnDesc, xDesc, yDesc, hDesc, hDesc, 1, weightSpaceSize, "dweightSpace",
                  dweightSpace, workSpaceSize, workSpace, reserveSpaceSize, reserveSpace, &a);
  if (st != LITDNN_STATUS_SUCCESS)
    return st;
  LITDNN_CHECK_NULL(call, x);
  a.x = (const float *)x;
  a.dw = (float *)dweightSpace;
  a.w = NULL;   /* the weights themselves are not needed */
  a.add_grad = addGrad == LITDNN_WGRAD_MODE_ADD;
  (void)devSeqLengths, (void)hx, (void)y;
  if ((st = copy_lengths(handle, LITDNN_OP_RNN_BACKWARD_WEIGHTS, &a)) != LITDNN_STATUS_SUCCESS)
    return st;
  return litdnn_run_op(handle, LITDNN_OP_RNN_BACKWARD_WEIGHTS, call, &a);
}
