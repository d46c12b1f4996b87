#line 7774 "chapters/05-convolution.nw"
#include "convolution/convolution.h"
#include "convolution/convolution_stages.h"

#line 7827 "chapters/05-convolution.nw"
/* the algorithms of a pass that unroll into the workspace and call a real GEMM */
static int litdnn_conv_explicit_gemm(const litdnn_conv_args *a, int algo)
{
  switch (a->pass) {
  case LITDNN_CONV_FWD:
    return algo == LITDNN_CONVOLUTION_FWD_ALGO_GEMM || algo == LITDNN_CONVOLUTION_FWD_ALGO_GEMM_CUBLAS;
  case LITDNN_CONV_BWD_DATA:
    return algo == LITDNN_CONVOLUTION_BWD_DATA_ALGO_GEMM || algo == LITDNN_CONVOLUTION_BWD_DATA_ALGO_GEMM_CUBLAS;
  case LITDNN_CONV_BWD_FILTER:
    return algo == LITDNN_CONVOLUTION_BWD_FILTER_ALGO_GEMM || algo == LITDNN_CONVOLUTION_BWD_FILTER_ALGO_GEMM_CUBLAS;
  default:
    return 0;
  }
}

#define CONV_SMEM_LIMIT (48 * 1024)
#define CONV_GRID_YZ 65535

/* floats of the input rectangle th x tw outputs read (the outputs and their halo), or
   INT64_MAX if a side is over 2^24: no product below overflows */
static int64_t conv_rect_floats(const litdnn_conv_args *a, int th, int tw)
{
  int64_t h = litdnn_conv_span(a, 1, th), w = litdnn_conv_span(a, 2, tw);
  return h > (1 << 24) || w > (1 << 24) ? INT64_MAX : h * w;
}

/* one channel's 16 x 16 rectangle (CONV_TILE outputs each way) and R S taps */
size_t litdnn_conv_tiled_smem(const void *args)
{
  const litdnn_conv_args *a = (const litdnn_conv_args *)args;
  int64_t rect = conv_rect_floats(a, 16, 16);
  if (rect == INT64_MAX)
    return SIZE_MAX;
  return (size_t)(rect + (int64_t)a->flt[1] * a->flt[2]) * sizeof(float);
}

/* C rectangles of 8 x 16 outputs, and forward 64 filters of C R S taps, backward filter 64 filters'
   dy at 8 x 16 pixels; backward data its own */
size_t litdnn_conv_few_smem(const void *args)
{
  const litdnn_conv_args *a = (const litdnn_conv_args *)args;
  int64_t rect = conv_rect_floats(a, CONV_FEW_TH, CONV_FEW_TW);
  if (rect == INT64_MAX || a->c > CONV_FEW_MAX_C)
    return SIZE_MAX;
  if (a->pass == LITDNN_CONV_BWD_DATA) {
    /* 4 filters' dy under 16 x 64 elements of a phase (rows padded to an odd length), and their taps of it,
       for the phase with the most */
    int64_t rs = ((int64_t)a->flt[1] + a->stride[1] - 1) / a->stride[1];
    int64_t ss = ((int64_t)a->flt[2] + a->stride[2] - 1) / a->stride[2];
    if (rs > (1 << 20) || ss > (1 << 20))
      return SIZE_MAX;
    return (size_t)(CONV_FEW_DX_KC * ((CONV_FEW_DX_TH + rs - 1) * ((CONV_FEW_DX_TW + ss - 1) | 1) + rs * ss * 4)) *
           sizeof(float);
  }
  int64_t rest = a->pass == LITDNN_CONV_BWD_FILTER ? CONV_FEW_K * CONV_FEW_TH * CONV_FEW_TW
                                                   : CONV_FEW_K * (int64_t)a->c * a->flt[1] * a->flt[2];
  return (size_t)(a->c * rect + rest) * sizeof(float);
}

/* backward filter: how many blocks may split the (image, tile) pairs, each with its own sums */
int64_t litdnn_conv_few_filter_splits(const void *args)
{
  const litdnn_conv_args *a = (const litdnn_conv_args *)args;
  int64_t items = litdnn_conv_tiles(a, CONV_FEW_TH, CONV_FEW_TW) * a->n;
  return items < CONV_FEW_SPLITS ? items : CONV_FEW_SPLITS;
}

static const char *conv_few_applies(litdnnHandle_t h, const void *args)
{
  const litdnn_conv_args *a = (const litdnn_conv_args *)args;
  if (a->in[0] != 1 || a->flt[0] != 1 || a->groups != 1 || a->c > CONV_FEW_MAX_C)
    return "the few-channels kernel computes 2-d convolutions of one group and at most 4 input channels";
  if (a->pass == LITDNN_CONV_BWD_DATA) {
    /* the grid: tiles of phase (0, 0) along x, the u v phases along y, the images along z */
    int64_t tiles_w;
    if (a->dil[1] != 1 || a->dil[2] != 1)
      return "the few-channels backward-data kernel needs a filter without dilation";
    if (((int64_t)a->flt[2] + a->stride[2] - 1) / a->stride[2] > CONV_FEW_DX_SUB)
      return "the few-channels backward-data kernel takes at most 8 taps of a filter row per phase";
    if (a->n > CONV_GRID_YZ || (int64_t)a->stride[1] * a->stride[2] > CONV_GRID_YZ ||
        litdnn_conv_phase_tiles(a, CONV_FEW_DX_TH, CONV_FEW_DX_TW, &tiles_w) > INT32_MAX)
      return "the few-channels backward-data grid holds at most 65535 images, 65535 phases "
             "and 2^31 - 1 tiles of a phase";
  } else if (((int64_t)a->k + CONV_FEW_K - 1) / CONV_FEW_K > CONV_GRID_YZ ||
             litdnn_conv_tiles(a, CONV_FEW_TH, CONV_FEW_TW) > INT32_MAX) {
    return "the few-channels kernel's grid holds at most 65535 blocks of 64 filters and 2^31 - 1 tiles per image";
  }
  /* (backward filter's blocks of 160 taps along z: at most 4 channels of 48 KB of rectangles leave far fewer) */
  if (litdnn_conv_few_smem(a) > CONV_SMEM_LIMIT)
    return "the filters and the input rectangles do not fit in 48 KB of shared memory";
  return NULL;
}

/* the implicit GEMMs of every pass: groups along the grid's z, tiles of 32 rows along y */
static const char *conv_implicit_applies(litdnnHandle_t h, const void *args)
{
  const litdnn_conv_args *a = (const litdnn_conv_args *)args;
  int64_t m = a->pass == LITDNN_CONV_BWD_DATA ? a->c / a->groups : a->k / a->groups;
  if (a->groups > CONV_GRID_YZ || (m + 31) / 32 > CONV_GRID_YZ)
    return "the GEMM grid has more than 65535 blocks of groups or rows";
  return NULL;
}

/* the GEMMs on the unrolled input of every pass, the matrix-multiply chapter's and cuBLAS's */
static const char *conv_gemm_applies(litdnnHandle_t h, const void *args)
{
  const litdnn_conv_args *a = (const litdnn_conv_args *)args;
  int64_t ld, l = (int64_t)(a->c / a->groups) * a->flt[0] * a->flt[1] * a->flt[2];
  int64_t s = (int64_t)a->out[0] * a->out[1] * a->out[2];
  if (a->fused)
    return "the GEMM writes y itself; the fused call needs an algorithm that stores through its epilogue";
  if (litdnn_conv_out_matrix(a, &ld) < 0)
    return "the GEMM needs y (dy) in packed NCHW or NHWC order";
  if (l > INT32_MAX || s > INT32_MAX || (int64_t)a->in[0] * a->in[1] * a->in[2] > INT32_MAX ||
      (int64_t)a->n * l * s > INT64_MAX / 8 ||
      (a->pass == LITDNN_CONV_BWD_FILTER && (int64_t)a->n * s > INT32_MAX))   /* the leading dimension N P Q */
    return "the unrolled matrix is too large for the GEMM";
  return NULL;
}

static const char *conv_tiled_applies(litdnnHandle_t h, const void *args)
{
  const litdnn_conv_args *a = (const litdnn_conv_args *)args;
  if (a->in[0] != 1 || a->flt[0] != 1)
    return "the tiled kernel computes 2-d convolutions only";
  if (a->k > CONV_GRID_YZ || a->n > CONV_GRID_YZ)
    return "the tiled kernel's grid holds at most 65535 images and 65535 filters";
  if (litdnn_conv_tiled_smem(a) > CONV_SMEM_LIMIT)
    return "the input tile and its halo do not fit in 48 KB of shared memory";
  return NULL;
}

/* dy's (d, h, w) planes packed: each axis longer than 1 has the stride of the axes after it together */
static int conv_dy_planes_packed(const litdnn_conv_args *a)
{
  int64_t packed = 1;
  for (int i = 2; i >= 0; i--) {
    if (a->out[i] > 1 && a->ys[2 + i] != packed)
      return 0;
    packed *= a->out[i];
  }
  return 1;
}

LITDNN_APPLIES(conv_bias_planes_applies, litdnn_conv_args,
               conv_dy_planes_packed(a) && (int64_t)a->n * a->out[0] * a->out[1] * a->out[2] <= (int64_t)1 << 30,
               "the packed-planes bias kernel needs dy's (d, h, w) planes packed (NCHW or NCDHW) and at most "
               "2^30 elements per channel")
LITDNN_APPLIES(conv_depthwise_applies, litdnn_conv_args, a->c == a->groups,
               "the depthwise kernel needs one input channel per group (groupCount = C)")
LITDNN_APPLIES(conv_dw3_applies, litdnn_conv_args, litdnn_conv_dw3(a),
               "the depthwise backward kernels need K = C = groupCount, a 2-d 3x3 filter without dilation, "
               "the same stride (1 or 2) on both axes, and rows of x and dy contiguous in memory (NCHW)")
LITDNN_APPLIES(conv_winograd_applies, litdnn_conv_args,
               a->in[0] == 1 && a->flt[0] == 1 && a->flt[1] == 3 && a->flt[2] == 3 && a->stride[1] == 1 &&
                   a->stride[2] == 1 && a->dil[1] == 1 && a->dil[2] == 1,
               "Winograd F(2x2, 3x3) needs a 2-d 3x3 filter at stride 1 without dilation")
LITDNN_APPLIES(conv_winograd_data_applies, litdnn_conv_args,
               a->in[0] == 1 && a->flt[0] == 1 && a->flt[1] == 3 && a->flt[2] == 3 && a->stride[1] == 1 &&
                   a->stride[2] == 1 && a->dil[1] == 1 && a->dil[2] == 1 && a->pad[1] <= 2 && a->pad[2] <= 2 &&
                   a->groups == 1,
               "Winograd backward data needs a 2-d 3x3 filter at stride 1, no dilation, padding at most 2, "
               "one group")

/* F(4x4, 3x3) around 36 GEMMs: the GEMMs span every channel (one group), a chunk holds at least an
   image, whose tiles are counted in an int */
static const char *conv_winograd4_applies(litdnnHandle_t h, const void *args)
{
  const litdnn_conv_args *a = (const litdnn_conv_args *)args;
  if (conv_winograd_applies(h, args))
    return "Winograd F(4x4, 3x3) needs a 2-d 3x3 filter at stride 1 without dilation";
  if (a->groups != 1)
    return "Winograd F(4x4, 3x3) runs its GEMMs over all channels: one group only";
  if (litdnn_conv_winograd_tiles(a, 4) > INT32_MAX)
    return "an image has more than 2^31 - 1 output tiles of 4x4";
  return NULL;
}

/* backward data runs it on the forward problem of dy, padded by 2 - pad */
static const char *conv_winograd4_data_applies(litdnnHandle_t h, const void *args)
{
  const litdnn_conv_args *a = (const litdnn_conv_args *)args;
  litdnn_conv_args f;
  if (conv_winograd_data_applies(h, args))
    return "Winograd F(4x4, 3x3) backward data needs a 2-d 3x3 filter at stride 1, no dilation, padding at "
           "most 2, one group";
  litdnn_conv_backward_data_as_forward(a, &f);
  return conv_winograd4_applies(h, &f);
}

/* the 1x1 batch GEMM of every pass: a 1x1 filter (dilation then changes nothing), no padding, and a
   chunk's columns counted in an int */
static const char *conv_batch_gemm_applies(litdnnHandle_t h, const void *args)
{
  const litdnn_conv_args *a = (const litdnn_conv_args *)args;
  int64_t s = (int64_t)a->out[0] * a->out[1] * a->out[2];
  if (a->flt[0] != 1 || a->flt[1] != 1 || a->flt[2] != 1)
    return "the 1x1 batch GEMM needs a 1x1 filter";
  if (a->pad[0] != 0 || a->pad[1] != 0 || a->pad[2] != 0)
    return "the 1x1 batch GEMM needs zero padding";
  if (s * litdnn_conv_batch_images(a) > INT32_MAX || litdnn_conv_batch_bytes(a) == SIZE_MAX)
    return "a chunk of the 1x1 batch GEMM is too large for the GEMM";
  return NULL;
}

/* the 1x1 batch GEMM's number in the algorithm list of a's pass */
static int conv_batch_algo(const litdnn_conv_args *a)
{
  return a->pass == LITDNN_CONV_FWD        ? LITDNN_CONVOLUTION_FWD_ALGO_BATCH_GEMM_1X1
         : a->pass == LITDNN_CONV_BWD_DATA ? LITDNN_CONVOLUTION_BWD_DATA_ALGO_BATCH_GEMM_1X1
                                           : LITDNN_CONVOLUTION_BWD_FILTER_ALGO_BATCH_GEMM_1X1;
}

#line 7779 "chapters/05-convolution.nw"
static const litdnn_stage forward_stages[] = {CONV_FORWARD_STAGES(LITDNN_STAGE_ROW)};
static const litdnn_stage backward_data_stages[] = {CONV_BACKWARD_DATA_STAGES(LITDNN_STAGE_ROW)};
static const litdnn_stage backward_filter_stages[] = {CONV_BACKWARD_FILTER_STAGES(LITDNN_STAGE_ROW)};
static const litdnn_stage backward_bias_stages[] = {CONV_BACKWARD_BIAS_STAGES(LITDNN_STAGE_ROW)};
#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

int litdnn_conv_algo_count(int pass)
{
  switch (pass) {
  case LITDNN_CONV_FWD: return COUNT(forward_stages);
  case LITDNN_CONV_BWD_DATA: return COUNT(backward_data_stages);
  case LITDNN_CONV_BWD_FILTER: return COUNT(backward_filter_stages);
  default: return COUNT(backward_bias_stages);
  }
}

/* an algorithm's applies test on a problem: NULL, or why it does not apply
   (convolution's tests look only at the problem, never at the handle) */
const char *litdnn_conv_not_applicable(const litdnn_conv_args *a, int algo)
{
  const litdnn_stage *t = a->pass == LITDNN_CONV_FWD ? forward_stages
                        : a->pass == LITDNN_CONV_BWD_DATA ? backward_data_stages
                        : a->pass == LITDNN_CONV_BWD_FILTER ? backward_filter_stages : backward_bias_stages;
  return t[algo].applies ? t[algo].applies(NULL, a) : NULL;
}

#line 8048 "chapters/05-convolution.nw"
/* the im2col stages' workspace for all of a's images in one run: the columns of one group, unless the
   GEMM reads x (writes dx) in place; for backward filter with nb images per GEMM also dy rearranged (if
   nb > 1) and one L x K/G product per GEMM (if there is more than one) */
static size_t conv_gemm_bytes(const litdnn_conv_args *a)
{
  int64_t l = (int64_t)(a->c / a->groups) * a->flt[0] * a->flt[1] * a->flt[2], cols = 0, part = 0, bytes;
  int64_t s = (int64_t)a->out[0] * a->out[1] * a->out[2], kg = a->k / a->groups, dyt = 0;
  int nb = a->pass == LITDNN_CONV_BWD_FILTER ? litdnn_conv_filter_images(a) : 1, chunks = a->n / nb;
  if ((!litdnn_conv_cols_are_input(a) || nb > 1) &&
      (!litdnn_mul_size(l, s, &cols) || !litdnn_mul_size(cols, a->n, &cols)))
    return SIZE_MAX;
  if (nb > 1 && (!litdnn_mul_size(s, kg, &dyt) || !litdnn_mul_size(dyt, a->n, &dyt)))
    return SIZE_MAX;
  if (a->pass == LITDNN_CONV_BWD_FILTER && chunks > 1 &&
      (!litdnn_mul_size(l, kg, &part) || !litdnn_mul_size(part, chunks, &part)))
    return SIZE_MAX;
  if (cols > INT64_MAX - part || cols + part > INT64_MAX - dyt ||
      !litdnn_mul_size(cols + part + dyt, (int64_t)sizeof(float), &bytes))
    return SIZE_MAX;
  return (size_t)bytes;
}

size_t litdnn_conv_gemm_limit = (size_t)512 << 20;

int litdnn_conv_gemm_images(const litdnn_conv_args *a)
{
  size_t all = conv_gemm_bytes(a);
  if (all <= litdnn_conv_gemm_limit)
    return a->n;
  /* the workspace grows about in proportion to the images: from the proportional count down until a run
     fits, or to one image */
  litdnn_conv_args run = *a;
  double fit = (double)a->n * ((double)litdnn_conv_gemm_limit / (double)all);
  run.n = fit < 1.0 ? 1 : (int)fit;
  while (run.n > 1 && conv_gemm_bytes(&run) > litdnn_conv_gemm_limit)
    run.n--;
  return run.n;
}

size_t litdnn_conv_workspace_size(const litdnn_conv_args *a, int algo)
{
  if (a->pass == LITDNN_CONV_FWD && algo == LITDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_PRECOMP_GEMM) {
    int64_t l = (int64_t)(a->c / a->groups) * a->flt[0] * a->flt[1] * a->flt[2];
    size_t table = (size_t)l * 32;   /* one conv_tap_offsets per reduction index */
    /* in TF32 math, room for the tensor cores' packed filter and partial outputs too (the size does not ask
       the backend) */
    size_t packed = litdnn_conv_tf32_implicit(a) ? litdnn_conv_tf32_fwd_bytes(a) : 0;
    return packed > table ? packed : table;
  }
  if (a->pass == LITDNN_CONV_BWD_FILTER && algo == LITDNN_CONVOLUTION_BWD_FILTER_ALGO_IMPLICIT_GEMM)
    return litdnn_conv_tf32_dw(a) ? litdnn_conv_tf32_dw_bytes(a) : 0;   /* the tensor cores' table and partials */
  if (a->pass == LITDNN_CONV_BWD_DATA && algo == LITDNN_CONVOLUTION_BWD_DATA_ALGO_IMPLICIT_GEMM) {
    litdnn_conv_args f;
    litdnn_conv_backward_data_as_forward(a, &f);
    if (litdnn_conv_data_phases_apply(a)) {   /* as much as the largest phase asks */
      size_t most = 0, bytes;
      for (int p = 0; p < a->stride[0] * a->stride[1] * a->stride[2]; p++)
        if (litdnn_conv_data_phase(a, p, &f) && litdnn_conv_tf32_implicit(&f) &&
            (bytes = litdnn_conv_tf32_fwd_bytes(&f)) > most)
          most = bytes;
      return most;
    }
    return litdnn_conv_data_as_forward_applies(a) && litdnn_conv_tf32_implicit(&f)
               ? litdnn_conv_tf32_fwd_bytes(&f) : 0;
  }
  if (a->pass == LITDNN_CONV_BWD_DATA && (algo == LITDNN_CONVOLUTION_BWD_DATA_ALGO_WINOGRAD ||
                                         algo == LITDNN_CONVOLUTION_BWD_DATA_ALGO_WINOGRAD_NONFUSED)) {
    litdnn_conv_args f;
    litdnn_conv_backward_data_as_forward(a, &f);
    return litdnn_conv_workspace_size(&f, algo == LITDNN_CONVOLUTION_BWD_DATA_ALGO_WINOGRAD
                                              ? LITDNN_CONVOLUTION_FWD_ALGO_WINOGRAD
                                              : LITDNN_CONVOLUTION_FWD_ALGO_WINOGRAD_NONFUSED);
  }
  if (a->pass == LITDNN_CONV_FWD && algo == LITDNN_CONVOLUTION_FWD_ALGO_WINOGRAD && litdnn_conv_winograd_gemm(a))
    return litdnn_conv_winograd_bytes(a, 2, a->n);   /* U, V and M of the 16 GEMMs, the whole batch */
  if ((a->pass == LITDNN_CONV_FWD && algo == LITDNN_CONVOLUTION_FWD_ALGO_WINOGRAD_NONFUSED) ||
      (a->pass == LITDNN_CONV_BWD_FILTER && algo == LITDNN_CONVOLUTION_BWD_FILTER_ALGO_WINOGRAD_NONFUSED))
    return litdnn_conv_winograd_bytes(a, 4, litdnn_conv_winograd4_images(a));   /* of the 36, a chunk */
  if (a->pass == LITDNN_CONV_FWD && algo == LITDNN_CONVOLUTION_FWD_ALGO_WINOGRAD)
    return (size_t)a->k * (size_t)(a->c / a->groups) * 16 * sizeof(float);   /* U for every (k, c) */
  if (algo == conv_batch_algo(a))
    return litdnn_conv_batch_bytes(a);   /* both channel-major matrices of a chunk of images */
  if (a->pass == LITDNN_CONV_BWD_FILTER && algo == LITDNN_CONVOLUTION_BWD_FILTER_ALGO_FEW_CHANNELS) {
    int64_t splits = litdnn_conv_few_filter_splits(a), sums = 0;   /* each split's K x C R S sums */
    if (splits > 1 && (!litdnn_mul_size(splits, a->k, &sums) || !litdnn_mul_size(sums, a->c, &sums) ||
                       !litdnn_mul_size(sums, (int64_t)a->flt[1] * a->flt[2], &sums) ||
                       !litdnn_mul_size(sums, (int64_t)sizeof(float), &sums)))
      return SIZE_MAX;
    return (size_t)sums;
  }
  if (a->pass == LITDNN_CONV_BWD_FILTER && algo == LITDNN_CONVOLUTION_BWD_FILTER_ALGO_DEPTHWISE &&
      litdnn_conv_dw3(a)) {
    int rows, splits = litdnn_conv_dw3_splits(a, &rows);
    return splits > 1 ? (size_t)a->c * (size_t)splits * 9 * sizeof(float) : 0;   /* the partial sums */
  }
  if (litdnn_conv_explicit_gemm(a, algo)) {
    /* a run of litdnn_conv_gemm_images images, or the shorter last run if it needs more */
    litdnn_conv_args run = *a;
    int per = litdnn_conv_gemm_images(a), last = a->n % per;
    run.n = per;
    size_t bytes = conv_gemm_bytes(&run), tail = 0;
    if (last > 0) {
      run.n = last;
      tail = conv_gemm_bytes(&run);
    }
    return tail > bytes ? tail : bytes;
  }
  return 0;
}
#line 7279 "chapters/05-convolution.nw"
#define CONV_BATCH_FIRST_PLANE 196   /* output pixels per image up to which backward filter takes it */

static int conv_batch_gemm_first(const litdnn_conv_args *a)
{
  int64_t s = (int64_t)a->out[0] * a->out[1] * a->out[2];
  int strided = a->stride[0] > 1 || a->stride[1] > 1 || a->stride[2] > 1;
  int small = s <= CONV_BATCH_FIRST_PLANE;
  int wins = a->pass == LITDNN_CONV_BWD_FILTER ? small : strided;
  return a->c / a->groups >= 16 && a->k / a->groups >= 16 && wins &&
         !litdnn_conv_not_applicable(a, conv_batch_algo(a));
}

#line 7097 "chapters/05-convolution.nw"
#define CONV_WINOGRAD4_TF32_PLANE (56 * 56)   /* output pixels from which F(4x4) stays first in TF32 math */
#define CONV_TF32_DW_WINOGRAD_CHANNELS 64      /* channels each way up to which TF32 backward filter beats F(4x4) */

/* whether the tensor cores' implicit GEMM comes first, for problem a run as forward problem f: where it
   takes f, on a filter wider than 1x1 (where im2col's GEMM reads x in place and wins), and where
   Winograd is not first or F(4x4) leads F(2x2) */
static int conv_tf32_implicit_first(const litdnn_conv_args *a, const litdnn_conv_args *f, int winograd_first,
                                    int f2_first_tf32)
{
  return litdnn_conv_tf32_implicit(f) && a->flt[0] * a->flt[1] * a->flt[2] > 1 &&
         !(winograd_first && f2_first_tf32);
}

int litdnn_conv_rank(const litdnn_conv_args *a, int *order)
{
  int n = 0, kg = a->k / a->groups, cg = a->c / a->groups, nonfused_first = 0, tensor_first = 0;
  int batch = conv_batch_algo(a);
  int batch_first = conv_batch_gemm_first(a), tf32 = a->math == LITDNN_MATH_TF32;
  /* F(2x2) before F(4x4) in TF32 math, where only F(2x2)'s GEMMs use the tensor cores, but on large planes */
  int f2_first_tf32 = tf32 && (int64_t)a->out[1] * a->out[2] < CONV_WINOGRAD4_TF32_PLANE;
  if (batch_first)
    order[n++] = batch;
  if (a->pass == LITDNN_CONV_FWD) {
    /* a first layer: few channels in, half a block of filters or more out */
    int few_first = a->k >= 32 && !litdnn_conv_not_applicable(a, LITDNN_CONVOLUTION_FWD_ALGO_FEW_CHANNELS);
    if (few_first)
      order[n++] = LITDNN_CONVOLUTION_FWD_ALGO_FEW_CHANNELS;
    if (cg == 1)
      order[n++] = LITDNN_CONVOLUTION_FWD_ALGO_DEPTHWISE;
    if (kg < 16) {
      order[n++] = LITDNN_CONVOLUTION_FWD_ALGO_DIRECT_TILED;
      order[n++] = LITDNN_CONVOLUTION_FWD_ALGO_DIRECT;
      order[n++] = LITDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_PRECOMP_GEMM;
      order[n++] = LITDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_GEMM;
      order[n++] = LITDNN_CONVOLUTION_FWD_ALGO_GEMM_CUBLAS;
      order[n++] = LITDNN_CONVOLUTION_FWD_ALGO_GEMM;
      order[n++] = LITDNN_CONVOLUTION_FWD_ALGO_WINOGRAD;
    } else {
      /* 3x3 at stride 1 with channels enough for its GEMMs: Winograd does 2.25 times fewer flops */
      int winograd_first = litdnn_conv_winograd_gemm(a) &&
                           !litdnn_conv_not_applicable(a, LITDNN_CONVOLUTION_FWD_ALGO_WINOGRAD);
      /* and there F(4x4)'s 36 GEMMs before F(2x2)'s 16, but after them where f2_first_tf32 says */
      nonfused_first = winograd_first &&
                       !litdnn_conv_not_applicable(a, LITDNN_CONVOLUTION_FWD_ALGO_WINOGRAD_NONFUSED);
      /* but in TF32 math the implicit GEMM on the tensor cores before both on large planes, and first on
         filters wider than 1x1 that Winograd does not take */
      tensor_first = conv_tf32_implicit_first(a, a, winograd_first, f2_first_tf32);
      if (tensor_first)
        order[n++] = LITDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_PRECOMP_GEMM;
      if (nonfused_first && !f2_first_tf32)
        order[n++] = LITDNN_CONVOLUTION_FWD_ALGO_WINOGRAD_NONFUSED;
      if (winograd_first)
        order[n++] = LITDNN_CONVOLUTION_FWD_ALGO_WINOGRAD;
      if (nonfused_first && f2_first_tf32)
        order[n++] = LITDNN_CONVOLUTION_FWD_ALGO_WINOGRAD_NONFUSED;
      order[n++] = LITDNN_CONVOLUTION_FWD_ALGO_GEMM_CUBLAS;
      order[n++] = LITDNN_CONVOLUTION_FWD_ALGO_GEMM;
      if (!winograd_first)
        order[n++] = LITDNN_CONVOLUTION_FWD_ALGO_WINOGRAD;
      if (!tensor_first)
        order[n++] = LITDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_PRECOMP_GEMM;
      order[n++] = LITDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_GEMM;
      order[n++] = LITDNN_CONVOLUTION_FWD_ALGO_DIRECT_TILED;
      order[n++] = LITDNN_CONVOLUTION_FWD_ALGO_DIRECT;
    }
    if (cg != 1)
      order[n++] = LITDNN_CONVOLUTION_FWD_ALGO_DEPTHWISE;
    if (!nonfused_first)
      order[n++] = LITDNN_CONVOLUTION_FWD_ALGO_WINOGRAD_NONFUSED;
    if (!batch_first)
      order[n++] = batch;
    if (!few_first)
      order[n++] = LITDNN_CONVOLUTION_FWD_ALGO_FEW_CHANNELS;
    order[n++] = LITDNN_CONVOLUTION_FWD_ALGO_REFERENCE;
  } else {
    /* in both backward passes the four GEMM and direct algorithms in the order the size of a group
       asks for; then backward data's Winograd, first where its GEMMs apply (measured ahead), else
       after the others; and each pass's depthwise algorithm, first where it applies */
    int data = a->pass == LITDNN_CONV_BWD_DATA;
    int direct = data ? LITDNN_CONVOLUTION_BWD_DATA_ALGO_DIRECT : LITDNN_CONVOLUTION_BWD_FILTER_ALGO_DIRECT;
    int gemm = data ? LITDNN_CONVOLUTION_BWD_DATA_ALGO_GEMM : LITDNN_CONVOLUTION_BWD_FILTER_ALGO_GEMM;
    int cublas = data ? LITDNN_CONVOLUTION_BWD_DATA_ALGO_GEMM_CUBLAS : LITDNN_CONVOLUTION_BWD_FILTER_ALGO_GEMM_CUBLAS;
    int implicit = data ? LITDNN_CONVOLUTION_BWD_DATA_ALGO_IMPLICIT_GEMM
                        : LITDNN_CONVOLUTION_BWD_FILTER_ALGO_IMPLICIT_GEMM;
    const int gemm_first[] = {cublas, gemm, implicit, direct}, direct_first[] = {direct, implicit, cublas, gemm};
    const int *o = (data ? cg : kg) >= 16 ? gemm_first : direct_first;
    int depthwise = data ? LITDNN_CONVOLUTION_BWD_DATA_ALGO_DEPTHWISE : LITDNN_CONVOLUTION_BWD_FILTER_ALGO_DEPTHWISE;
    int depthwise_first = !litdnn_conv_not_applicable(a, depthwise);
    int winograd_first = data && litdnn_conv_winograd_gemm(a) &&
                         !litdnn_conv_not_applicable(a, LITDNN_CONVOLUTION_BWD_DATA_ALGO_WINOGRAD);
    int nonfused = data ? LITDNN_CONVOLUTION_BWD_DATA_ALGO_WINOGRAD_NONFUSED
                        : LITDNN_CONVOLUTION_BWD_FILTER_ALGO_WINOGRAD_NONFUSED;
    nonfused_first = (data ? winograd_first : litdnn_conv_winograd_gemm(a)) &&
                     !litdnn_conv_not_applicable(a, nonfused);
    /* a first layer: few channels in, half a block of filters or more out */
    int few = data ? LITDNN_CONVOLUTION_BWD_DATA_ALGO_FEW_CHANNELS : LITDNN_CONVOLUTION_BWD_FILTER_ALGO_FEW_CHANNELS;
    int few_first = a->k >= 32 && !litdnn_conv_not_applicable(a, few);
    /* the tensor cores' implicit GEMM first in TF32 math: in backward data, as in forward, on large
       planes and on wider filters Winograd does not take (it runs backward data as a forward problem),
       after the few-channels kernel; in backward
       filter, the split-K kernel where the filter is wider than 1x1, before the few-channels kernel,
       and before Winograd where a group has at most 64 channels each way. Then F(4x4) before F(2x2), but after it where
       f2_first_tf32 says */
    if (data) {
      litdnn_conv_args f;
      litdnn_conv_backward_data_as_forward(a, &f);
      tensor_first = litdnn_conv_data_as_forward_applies(a) &&
                     conv_tf32_implicit_first(a, &f, winograd_first, f2_first_tf32);
      /* at a stride, by phases, where dx has channels enough for the kernel's tiles: the first phase
         stands for all (phases differ in taps and rows, not in channels) */
      if (litdnn_conv_data_phases_apply(a) && litdnn_conv_data_phase(a, 0, &f))
        tensor_first = o == gemm_first && conv_tf32_implicit_first(a, &f, 0, 0);
    } else {
      int narrow = cg <= CONV_TF32_DW_WINOGRAD_CHANNELS && kg <= CONV_TF32_DW_WINOGRAD_CHANNELS;
      tensor_first = o == gemm_first && a->flt[0] * a->flt[1] * a->flt[2] > 1 && litdnn_conv_tf32_dw(a) &&
                     (!nonfused_first || narrow);
    }
    if (tensor_first && !data)
      order[n++] = implicit;
    if (few_first)
      order[n++] = few;
    if (depthwise_first)
      order[n++] = depthwise;
    if (tensor_first && data)
      order[n++] = implicit;
    int after = winograd_first && f2_first_tf32;
    if (nonfused_first && !after)
      order[n++] = nonfused;
    if (winograd_first)
      order[n++] = LITDNN_CONVOLUTION_BWD_DATA_ALGO_WINOGRAD;
    if (nonfused_first && after)
      order[n++] = nonfused;
    for (int i = 0; i < 4; i++)
      if (!(tensor_first && o[i] == implicit))
        order[n++] = o[i];
    if (data && !winograd_first)
      order[n++] = LITDNN_CONVOLUTION_BWD_DATA_ALGO_WINOGRAD;
    if (!depthwise_first)
      order[n++] = depthwise;
    if (!nonfused_first)
      order[n++] = nonfused;
    if (!batch_first)
      order[n++] = batch;
    if (!few_first)
      order[n++] = few;
    order[n++] = data ? LITDNN_CONVOLUTION_BWD_DATA_ALGO_REFERENCE : LITDNN_CONVOLUTION_BWD_FILTER_ALGO_REFERENCE;
  }
  return n;
}

static int choose_first(litdnnHandle_t h, const void *args)
{
  const litdnn_conv_args *a = (const litdnn_conv_args *)args;
  const litdnn_op_table *t = litdnn_op(a->pass == LITDNN_CONV_FWD ? LITDNN_OP_CONVOLUTION_FORWARD
                                       : a->pass == LITDNN_CONV_BWD_DATA ? LITDNN_OP_CONVOLUTION_BACKWARD_DATA
                                                                        : LITDNN_OP_CONVOLUTION_BACKWARD_FILTER);
  int order[LITDNN_CONV_ALGO_MAX], n = litdnn_conv_rank(a, order);
  for (int i = 0; i < n; i++)
    if (!litdnn_stage_refusal(h, &t->stages[order[i]], args) && litdnn_conv_workspace_size(a, order[i]) == 0)
      return order[i];
  return -1;
}

#line 7808 "chapters/05-convolution.nw"
const litdnn_op_table litdnn_conv_forward_table =
    LITDNN_OP_TABLE("convolution forward", forward_stages, choose_first);
const litdnn_op_table litdnn_conv_backward_data_table =
    LITDNN_OP_TABLE("convolution backward data", backward_data_stages, choose_first);
const litdnn_op_table litdnn_conv_backward_filter_table =
    LITDNN_OP_TABLE("convolution backward filter", backward_filter_stages, choose_first);
const litdnn_op_table litdnn_conv_backward_bias_table =
    LITDNN_OP_TABLE("convolution backward bias", backward_bias_stages, NULL);
