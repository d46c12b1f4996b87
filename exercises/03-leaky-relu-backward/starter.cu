/* Exercise 3: the backward pass of the leaky ReLU, one thread per element.
   Fill in the three TODOs; edit nothing else. */

__global__ void leaky_relu_backward(const float *x, const float *dy, float *dx, float slope, int n)
{
  /* TODO 1: the index of this thread's element, from blockIdx.x,
     blockDim.x and threadIdx.x. */
  int i = 0;

  /* TODO 2: threads past the end of the arrays must not touch them. */

  /* TODO 3: dx[i] is dy[i] where x[i] > 0, and slope * dy[i] elsewhere. */
  (void)x;
  (void)dy;
  (void)dx;
  (void)slope;
  (void)n;
  (void)i;
}
