/* One element of every activation, forward and backward, and where an
   element of a strided tensor is: for activation_cpu.c and
   activation_kernels.cu, each of which defines LITDNN_ACT_FN before it
   includes this header, once. */
LITDNN_ACT_FN float act_nan_rule(int propagate, float x, float value)
{
  return isnan(x) ? (propagate ? x : 0.0f) : value;
}

LITDNN_ACT_FN float act_sigmoid(float x)
{
  return 1.0f / (1.0f + expf(-x));
}
#define LITDNN_ACT_GELU_K 0.7978845608f   /* sqrt(2 / pi) */
#define LITDNN_ACT_GELU_A 0.044715f
#define LITDNN_ACT_SQRT1_2 0.7071067812f  /* 1 / sqrt(2) */
#define LITDNN_ACT_INV_SQRT_2PI 0.3989422804f

LITDNN_ACT_FN float act_forward_one(int mode, int propagate, float c, float x)
{
  switch (mode) {
  case LITDNN_ACTIVATION_SIGMOID: return act_sigmoid(x);
  case LITDNN_ACTIVATION_RELU: return act_nan_rule(propagate, x, x > 0.0f ? x : 0.0f);
  case LITDNN_ACTIVATION_TANH: return tanhf(x);
  case LITDNN_ACTIVATION_CLIPPED_RELU:
    return act_nan_rule(propagate, x, x <= 0.0f ? 0.0f : x < c ? x : c);
  case LITDNN_ACTIVATION_ELU: return x > 0.0f ? x : c * expm1f(x);
  case LITDNN_ACTIVATION_SWISH: return x * act_sigmoid(c * x);
  case LITDNN_ACTIVATION_LEAKY_RELU: return act_nan_rule(propagate, x, x > 0.0f ? x : c * x);
  case LITDNN_ACTIVATION_GELU: return 0.5f * x * erfcf(-x * LITDNN_ACT_SQRT1_2);
  case LITDNN_ACTIVATION_GELU_TANH:
    return x * act_sigmoid(2.0f * LITDNN_ACT_GELU_K * (x + LITDNN_ACT_GELU_A * x * x * x));
  }
  return x; /* LITDNN_ACTIVATION_IDENTITY */
}
LITDNN_ACT_FN float act_backward_one(int mode, int propagate, float c, float y, float x, float dy)
{
  switch (mode) {
  case LITDNN_ACTIVATION_SIGMOID: return dy * (y * (1.0f - y));
  case LITDNN_ACTIVATION_RELU: return act_nan_rule(propagate, x, x > 0.0f ? dy : 0.0f);
  case LITDNN_ACTIVATION_TANH: return dy * ((1.0f - y) * (1.0f + y));
  case LITDNN_ACTIVATION_CLIPPED_RELU:
    return act_nan_rule(propagate, x, x > 0.0f && x < c ? dy : 0.0f);
  case LITDNN_ACTIVATION_ELU: return x > 0.0f ? dy : dy * (c * expf(x));
  case LITDNN_ACTIVATION_SWISH: {
    float s = act_sigmoid(c * x);
    return dy * (s + c * x * s * (1.0f - s));
  }
  case LITDNN_ACTIVATION_LEAKY_RELU: return act_nan_rule(propagate, x, x > 0.0f ? dy : c * dy);
  case LITDNN_ACTIVATION_GELU:
    return dy * (0.5f * erfcf(-x * LITDNN_ACT_SQRT1_2) +
                 x * LITDNN_ACT_INV_SQRT_2PI * expf(-0.5f * x * x));
  case LITDNN_ACTIVATION_GELU_TANH: {
    float x2 = x * x;
    float s = act_sigmoid(2.0f * LITDNN_ACT_GELU_K * (x + LITDNN_ACT_GELU_A * x2 * x));
    float du = LITDNN_ACT_GELU_K * (1.0f + 3.0f * LITDNN_ACT_GELU_A * x2);
    return dy * (s + 2.0f * x * du * s * (1.0f - s));
  }
  }
  return dy; /* LITDNN_ACTIVATION_IDENTITY */
}
LITDNN_ACT_FN void act_offsets_of(const litdnn_act_layout *l, int ntensors, int64_t i, int64_t *off)
{
  for (int t = 0; t < ntensors; t++)
    off[t] = 0;
  for (int d = l->nbDims - 1; d >= 0; d--) {
    int64_t coord = i % l->dims[d];
    i /= l->dims[d];
    for (int t = 0; t < ntensors; t++)
      off[t] += coord * l->strides[t][d];
  }
}
