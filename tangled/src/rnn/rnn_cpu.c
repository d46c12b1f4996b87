#line 972 "chapters/10-rnn.nw"
#include "rnn/rnn.h"
#include <math.h>
#include <string.h>

#define RNN_FN static inline
#include "rnn/rnn_cell.h"
#line 821 "chapters/10-rnn.nw"
static void cpu_forward_pseudo_layer(const litdnn_rnn_args *a, int l, int d, const rnn_io *io, int saved)
{
  const litdnn_rnn_shape *s = &a->s;
  int p = l * s->D + d, H = s->H, G = s->G, S = s->S, N = s->N;
  int64_t in_size = litdnn_rnn_layer_in(s, l), gh = (int64_t)G * H;
  const float *W = rnn_weight(a, litdnn_rnn_w_offset(s, p)), *R = a->w + litdnn_rnn_r_offset(s, p);
  const float *bw = rnn_weight(a, litdnn_rnn_bias_offset(s, p, 0));
  const float *br = rnn_weight(a, litdnn_rnn_bias_offset(s, p, 1));
  int lstm = s->cell == LITDNN_LSTM;
  for (int step = 0; step < s->T; step++) {
    int t = d ? s->T - 1 - step : step;
    const float *hp = rnn_hslot(a, p, step, saved), *cp = rnn_cslot(a, p, step, saved);
    float *hn = rnn_hslot(a, p, step + 1, saved), *cn = rnn_cslot(a, p, step + 1, saved);
    for (int n = 0; n < N; n++) {
      int64_t out_row = rnn_row(io->out_rows, n, t, N, s->T, a->off);
      if (t >= a->len[n]) {     /* ended, or not begun: keep the state */
        for (int j = 0; j < H; j++) {
          hn[n * H + j] = hp[n * H + j];
          if (lstm)
            cn[n * H + j] = cp[n * H + j];
          if (out_row >= 0 && io->fill)
            io->out[out_row * io->out_ld + d * H + j] = io->fill_value;
        }
        continue;
      }
      const float *xin = io->in + rnn_row(io->in_rows, n, t, N, s->T, a->off) * io->in_ld;
      for (int j = 0; j < H; j++) {
        float sv[4];
        for (int slot = 0; slot < S; slot++) {
          int g = slot < G ? slot : 2;     /* the GRU's slot 3 is h~'s recurrent half */
          double sx = 0, sh = 0;
          if (W)
            for (int64_t i = 0; i < in_size; i++)
              sx += (double)W[(g * H + j) * in_size + i] * xin[i];
          else
            sx = xin[j];                   /* the identity of LITDNN_SKIP_INPUT */
          for (int k = 0; k < H; k++)
            sh += (double)R[(g * H + j) * H + k] * hp[n * H + k];
          sv[slot] = rnn_activate(s->cell, slot,
                                  rnn_pre(s->cell, slot, (float)sx, bw ? bw[g * H + j] : 0.0f, (float)sh,
                                          br ? br[g * H + j] : 0.0f));
        }
        float c = 0.0f, h = rnn_update(s->cell, sv, hp[n * H + j], lstm ? cp[n * H + j] : 0.0f, &c);
        hn[n * H + j] = h;
        if (lstm)
          cn[n * H + j] = c;
        io->out[out_row * io->out_ld + d * H + j] = h;
        if (a->training)
          for (int slot = 0; slot < S; slot++)
            rnn_saved(a, p, step)[(int64_t)n * S * H + slot * H + j] = sv[slot];
      }
    }
  }
  (void)gh;
}
#line 1072 "chapters/10-rnn.nw"
static void cpu_copy_or_zero(float *dst, const float *src, int64_t n)
{
  if (src)
    memcpy(dst, src, (size_t)n * sizeof(float));
  else
    memset(dst, 0, (size_t)n * sizeof(float));
}

/* dropout on layer l's output buffer, in place; its header goes to the reserve */
litdnnStatus_t litdnn_rnn_dropout_forward(litdnnHandle_t h, const litdnn_rnn_args *a, int l)
{
  litdnn_dropout_args da;
  memset(&da, 0, sizeof da);
  da.count = (int64_t)a->s.T * a->s.N * a->s.D * a->s.H;
  litdnn_dropout_pass_key(a->drop_seed, a->drop_pass + (uint64_t)l, &da.k0, &da.k1);
  da.threshold = a->drop_threshold;
  da.scale = a->drop_scale;
  da.in = da.out = rnn_layer_out(a, l, 1);
  da.reserve = (uint32_t *)(a->reserve + a->rl.drop) + 8 * l;
  da.vec = ((uintptr_t)da.out & 15) == 0;
  return litdnn_run_op(h, LITDNN_OP_DROPOUT_FORWARD, a->call, &da);
}

litdnnStatus_t litdnn_rnn_forward_cpu(litdnnHandle_t h, const void *args)
{
  const litdnn_rnn_args *a = (const litdnn_rnn_args *)args;
  const litdnn_rnn_shape *s = &a->s;
  int64_t nh = (int64_t)s->N * s->H;
  for (int l = 0; l < s->L; l++) {
    rnn_io io = rnn_layer_io(a, l, a->training);
    for (int d = 0; d < s->D; d++) {
      int p = l * s->D + d;
      cpu_copy_or_zero(rnn_hslot(a, p, 0, a->training), a->hx ? a->hx + p * nh : NULL, nh);
      if (s->cell == LITDNN_LSTM)
        cpu_copy_or_zero(rnn_cslot(a, p, 0, a->training), a->cx ? a->cx + p * nh : NULL, nh);
      cpu_forward_pseudo_layer(a, l, d, &io, a->training);
      if (a->hy)
        memcpy(a->hy + p * nh, rnn_hslot(a, p, s->T, a->training), (size_t)nh * sizeof(float));
      if (a->cy && s->cell == LITDNN_LSTM)
        memcpy(a->cy + p * nh, rnn_cslot(a, p, s->T, a->training), (size_t)nh * sizeof(float));
    }
    if (a->dropout && l < s->L - 1) {
      litdnnStatus_t st = litdnn_rnn_dropout_forward(h, a, l);
      if (st != LITDNN_STATUS_SUCCESS)
        return st;
    }
  }
  return LITDNN_STATUS_SUCCESS;
}
#line 897 "chapters/10-rnn.nw"
static void cpu_backward_pseudo_layer(const litdnn_rnn_args *a, int l, int d, const rnn_io *io, float *dh,
                                      float *dc, float *dh_next)
{
  const litdnn_rnn_shape *s = &a->s;
  int p = l * s->D + d, H = s->H, G = s->G, S = s->S, N = s->N;
  int64_t gh = (int64_t)G * H;
  const float *R = a->w + litdnn_rnn_r_offset(s, p);
  float *dgx = rnn_dgx(a, p);
  int lstm = s->cell == LITDNN_LSTM;
  for (int step = s->T - 1; step >= 0; step--) {
    int t = d ? s->T - 1 - step : step;
    const float *hp = rnn_hslot(a, p, step, 1), *cp = rnn_cslot(a, p, step, 1);
    const float *cn = rnn_cslot(a, p, step + 1, 1), *sv_all = rnn_saved(a, p, step);
    float *dgh = rnn_dgh(a, p, step);
    for (int n = 0; n < N; n++) {
      int64_t in_row = rnn_row(io->in_rows, n, t, N, s->T, a->off);
      if (t >= a->len[n]) {      /* inactive: the gradients pass through */
        for (int64_t k = 0; k < gh; k++) {
          dgh[n * gh + k] = 0.0f;
          if (in_row >= 0)
            dgx[in_row * gh + k] = 0.0f;
        }
        continue;
      }
      int64_t out_row = rnn_row(io->out_rows, n, t, N, s->T, a->off);
      for (int j = 0; j < H; j++) {
        float sv[4], du[2], dcp = 0.0f;
        for (int slot = 0; slot < S; slot++)
          sv[slot] = sv_all[(int64_t)n * S * H + slot * H + j];
        float dhj = io->dout[out_row * io->out_ld + d * H + j] + dh[n * H + j];
        dh_next[n * H + j] = rnn_unit_grads(s->cell, sv, lstm ? cn[n * H + j] : 0.0f, dhj,
                                            lstm ? dc[n * H + j] : 0.0f, du, &dcp);
        if (lstm)
          dc[n * H + j] = dcp;
        for (int g = 0; g < G; g++) {
          float r;
          dgx[in_row * gh + g * H + j] =
              rnn_gate_grad(s->cell, g, sv, hp[n * H + j], lstm ? cp[n * H + j] : 0.0f, du, &r);
          dgh[n * gh + g * H + j] = r;
        }
      }
      for (int k = 0; k < H; k++) {   /* dh of the step before: + R^T dgh */
        double acc = dh_next[n * H + k];
        for (int64_t r = 0; r < gh; r++)
          acc += (double)R[r * H + k] * dgh[n * gh + r];
        dh[n * H + k] = (float)acc;
      }
    }
  }
}
#line 1126 "chapters/10-rnn.nw"
/* dropout backward on the gradient of layer l's output, in place */
litdnnStatus_t litdnn_rnn_dropout_backward(litdnnHandle_t h, const litdnn_rnn_args *a, int l, float *grad)
{
  litdnn_dropout_args da;
  memset(&da, 0, sizeof da);
  da.count = (int64_t)a->s.T * a->s.N * a->s.D * a->s.H;
  da.in = da.out = grad;
  da.reserve = (uint32_t *)(a->reserve + a->rl.drop) + 8 * l;
  da.vec = ((uintptr_t)grad & 15) == 0;
  return litdnn_run_op(h, LITDNN_OP_DROPOUT_BACKWARD, a->call, &da);
}

litdnnStatus_t litdnn_rnn_backward_data_cpu(litdnnHandle_t h, const void *args)
{
  const litdnn_rnn_args *a = (const litdnn_rnn_args *)args;
  const litdnn_rnn_shape *s = &a->s;
  int64_t nh = (int64_t)s->N * s->H, gh = (int64_t)s->G * s->H;
  float *dh = a->work + a->wl.dh, *dc = a->work + a->wl.dc, *dh_next = a->work + a->wl.dtot;
  for (int l = s->L - 1; l >= 0; l--) {
    rnn_io io = rnn_layer_io(a, l, 1);
    int64_t in_size = litdnn_rnn_layer_in(s, l);
    int64_t in_rows = l == 0 ? s->xrows : (int64_t)s->T * s->N;
    memset(io.din, 0, (size_t)(in_rows * in_size) * sizeof(float));
    for (int d = 0; d < s->D; d++) {
      int p = l * s->D + d;
      cpu_copy_or_zero(dh, a->dhy ? a->dhy + p * nh : NULL, nh);
      cpu_copy_or_zero(dc, a->dcy ? a->dcy + p * nh : NULL, nh);
      cpu_backward_pseudo_layer(a, l, d, &io, dh, dc, dh_next);
      if (a->dhx)
        memcpy(a->dhx + p * nh, dh, (size_t)nh * sizeof(float));
      if (a->dcx && s->cell == LITDNN_LSTM)
        memcpy(a->dcx + p * nh, dc, (size_t)nh * sizeof(float));
      const float *W = rnn_weight(a, litdnn_rnn_w_offset(s, p)), *dgx = rnn_dgx(a, p);
      for (int64_t row = 0; row < in_rows; row++)
        for (int64_t i = 0; i < in_size; i++) {
          double acc = 0;
          for (int g = 0; g < s->G; g++)
            if (W)
              for (int j = 0; j < s->H; j++)
                acc += (double)W[(g * s->H + j) * in_size + i] * dgx[row * gh + g * s->H + j];
            else
              acc += dgx[row * gh + g * s->H + i];
          io.din[row * in_size + i] += (float)acc;
        }
    }
    if (a->dropout && l > 0) {
      litdnnStatus_t st = litdnn_rnn_dropout_backward(h, a, l - 1, io.din);
      if (st != LITDNN_STATUS_SUCCESS)
        return st;
    }
  }
  return LITDNN_STATUS_SUCCESS;
}
#line 1184 "chapters/10-rnn.nw"
static void cpu_accumulate(float *dst, double sum, int add)
{
  *dst = add ? (float)(*dst + sum) : (float)sum;
}

litdnnStatus_t litdnn_rnn_backward_weights_cpu(litdnnHandle_t h, const void *args)
{
  const litdnn_rnn_args *a = (const litdnn_rnn_args *)args;
  const litdnn_rnn_shape *s = &a->s;
  int H = s->H, N = s->N;
  int64_t gh = (int64_t)s->G * H;
  for (int l = 0; l < s->L; l++) {
    rnn_io io = rnn_layer_io(a, l, 1);
    int64_t in_size = litdnn_rnn_layer_in(s, l);
    for (int d = 0; d < s->D; d++) {
      int p = l * s->D + d;
      int64_t wo = litdnn_rnn_w_offset(s, p), bwo = litdnn_rnn_bias_offset(s, p, 0);
      int64_t ro = litdnn_rnn_r_offset(s, p), bro = litdnn_rnn_bias_offset(s, p, 1);
      const float *dgx = rnn_dgx(a, p);
      for (int64_t r = 0; r < gh; r++) {
        for (int64_t i = 0; wo >= 0 && i < in_size; i++) {
          double acc = 0;
          for (int t = 0; t < s->T; t++)
            for (int n = 0; n < N; n++)
              if (t < a->len[n]) {
                int64_t row = rnn_row(io.in_rows, n, t, N, s->T, a->off);
                acc += (double)dgx[row * gh + r] * io.in[row * io.in_ld + i];
              }
          cpu_accumulate(a->dw + wo + r * in_size + i, acc, a->add_grad);
        }
        for (int k = 0; k < H; k++) {
          double acc = 0;
          for (int step = 0; step < s->T; step++)
            for (int n = 0; n < N; n++)
              acc += (double)rnn_dgh(a, p, step)[n * gh + r] * rnn_hslot(a, p, step, 1)[n * H + k];
          cpu_accumulate(a->dw + ro + r * H + k, acc, a->add_grad);
        }
        double sx = 0, sh = 0;
        for (int t = 0; t < s->T; t++)
          for (int n = 0; n < N; n++)
            if (t < a->len[n]) {
              sx += dgx[rnn_row(io.in_rows, n, t, N, s->T, a->off) * gh + r];
              sh += rnn_dgh(a, p, d ? s->T - 1 - t : t)[n * gh + r];
            }
        if (bwo >= 0)
          cpu_accumulate(a->dw + bwo + r, sx, a->add_grad);
        if (bro >= 0)
          cpu_accumulate(a->dw + bro + r, sh, a->add_grad);
      }
    }
  }
  return LITDNN_STATUS_SUCCESS;
}
