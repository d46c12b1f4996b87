/* Exercise 10-lstm-pointwise, known wrong: no bounds check: the last block reads and writes past the arrays. */
#include "core/gpu.h"
#include "exercise.h"
#include <math.h>

#define LSTM_THREADS 256      /* threads per block, one per unit */

static __device__ float sigmoid(float v) { return 1.0f / (1.0f + expf(-v)); }

/* Thread i handles unit j of sequence n: it reads the unit's four gate
   sums, squashes them, and writes the unit's new cell state and output. */
static __global__ void lstm_pointwise(int N, int H, const float *gx, const float *gh, const float *bw,
                                      const float *br, const float *c_prev, float *h_new, float *c_new)
{
  int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  int64_t n = i / H;
  int j = (int)(i % H);
  float a[4];
  for (int g = 0; g < 4; g++)
    a[g] = gx[n * 4 * H + g * H + j] + bw[g * H + j] + gh[n * 4 * H + g * H + j] + br[g * H + j];
  float ig = sigmoid(a[0]), fg = sigmoid(a[1]), cg = tanhf(a[2]), og = sigmoid(a[3]);
  float c = fg * c_prev[i] + ig * cg;
  c_new[i] = c;
  h_new[i] = og * tanhf(c);
}

litdnnStatus_t exercise_lstm_pointwise(litdnnHandle_t h, int N, int H, const float *gx, const float *gh,
                                       const float *bw, const float *br, const float *c_prev, float *h_new,
                                       float *c_new)
{
  if (N <= 0 || H <= 0)
    return LITDNN_STATUS_SUCCESS;
  unsigned blocks = (unsigned)(((int64_t)N * H + LSTM_THREADS - 1) / LSTM_THREADS);
  lstm_pointwise<<<blocks, LSTM_THREADS, 0, litdnn_gpu_stream(h)>>>(N, H, gx, gh, bw, br, c_prev, h_new, c_new);
  return litdnn_gpu_launch_status("exercise_lstm_pointwise", "lstm_pointwise");
}
