/* Exercise 3, solved: the backward pass of the leaky ReLU, one thread per
   element. */

__global__ void leaky_relu_backward(const float *x, const float *dy, float *dx, float slope, int n)
{
  /* TODO 1: the index of this thread's element */
  int i = blockIdx.x * blockDim.x + threadIdx.x;

  /* TODO 2: threads past the end do nothing */
  if (i >= n)
    return;

  /* TODO 3: the derivative of the leaky ReLU, times the incoming gradient */
  dx[i] = x[i] > 0.0f ? dy[i] : slope * dy[i];
}
