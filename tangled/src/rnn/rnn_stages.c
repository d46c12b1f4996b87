#line 3465 "chapters/10-rnn.nw"
#include "rnn/rnn.h"

const char *litdnn_rnn_persistent_fits(litdnnHandle_t h, const void *args)
{
#if defined(LITDNN_HAVE_CUDA)
  if (h && h->backend == LITDNN_BACKEND_CUDA)
    return litdnn_rnn_persistent_fits_cuda(h, args);
#endif
  return litdnn_rnn_persistent_fits_emu(h, args);
}

#line 3336 "chapters/10-rnn.nw"
static const char *wavefront_applies(litdnnHandle_t h, const void *args)
{
  const litdnn_rnn_args *a = (const litdnn_rnn_args *)args;
  if (a->dropout && a->s.D == 1)
    return "dropout between the layers needs a layer's whole output before the next layer starts";
  return NULL;
}
#line 3477 "chapters/10-rnn.nw"
static const litdnn_stage forward_stages[] = {RNN_FORWARD_STAGES(LITDNN_STAGE_ROW)};
static const litdnn_stage backward_data_stages[] = {RNN_BACKWARD_DATA_STAGES(LITDNN_STAGE_ROW)};
static const litdnn_stage backward_weights_stages[] = {RNN_BACKWARD_WEIGHTS_STAGES(LITDNN_STAGE_ROW)};
#line 3491 "chapters/10-rnn.nw"
/* the forward pass takes the persistent stage unasked at this batch or
   less, and up to the second batch when H is at most the given size, where
   it fits (and at any batch when the descriptor asks for it) */
#define RNN_PERSISTENT_AUTO_BATCH 16
#define RNN_PERSISTENT_AUTO_SMALL_H 512
#define RNN_PERSISTENT_AUTO_SMALL_H_BATCH 64
static int choose_forward(litdnnHandle_t h, const void *args)
{
  const litdnn_rnn_args *a = (const litdnn_rnn_args *)args;
  if (a && (a->persistent_asked || a->s.N <= RNN_PERSISTENT_AUTO_BATCH ||
            (a->s.H <= RNN_PERSISTENT_AUTO_SMALL_H && a->s.N <= RNN_PERSISTENT_AUTO_SMALL_H_BATCH))) {
    int s = LITDNN_PICK(h, forward_stages, args, RNN_FORWARD_STAGE_PERSISTENT);
    if (s >= 0)
      return s;
  }
  return LITDNN_PICK(h, forward_stages, args, RNN_FORWARD_STAGE_WAVEFRONT, RNN_FORWARD_STAGE_FUSED,
                     RNN_FORWARD_STAGE_CPU);
}
static int choose_backward_data(litdnnHandle_t h, const void *args)
{
  return LITDNN_PICK(h, backward_data_stages, args, RNN_BACKWARD_DATA_STAGE_WAVEFRONT, RNN_BACKWARD_DATA_STAGE_FUSED,
                     RNN_BACKWARD_DATA_STAGE_CPU);
}
static int choose_backward_weights(litdnnHandle_t h, const void *args)
{
  return LITDNN_PICK(h, backward_weights_stages, args, RNN_BACKWARD_WEIGHTS_STAGE_BATCHED,
                     RNN_BACKWARD_WEIGHTS_STAGE_CPU);
}

#line 3482 "chapters/10-rnn.nw"
const litdnn_op_table litdnn_rnn_forward_table =
    LITDNN_OP_TABLE("rnn forward", forward_stages, choose_forward);
const litdnn_op_table litdnn_rnn_backward_data_table =
    LITDNN_OP_TABLE("rnn backward data", backward_data_stages, choose_backward_data);
const litdnn_op_table litdnn_rnn_backward_weights_table =
    LITDNN_OP_TABLE("rnn backward weights", backward_weights_stages, choose_backward_weights);
