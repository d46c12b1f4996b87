#line 6569 "chapters/01-emulator.nw"
/* bug_host_pointer.cu: a host array passed to a kernel.
   Generated from chapters/01-emulator.nw. */
#line 134 "chapters/01-emulator.nw"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <cuda_runtime.h>
#define CHECK(call)                                                          \
  do {                                                                       \
    cudaError_t e_ = (call);                                                 \
    if (e_ != cudaSuccess) {                                                 \
      fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call,   \
              cudaGetErrorString(e_));                                       \
      exit(1);                                                               \
    }                                                                        \
  } while (0)
#line 6386 "chapters/01-emulator.nw"
__global__ void scale(int n, float alpha, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = alpha * x[i];       /* BUG: no "if (i < n)" */
}
#line 6573 "chapters/01-emulator.nw"
static void launch_scale(int n, const float *x, const float *d_x, float *d_y) {
  (void)d_x;
  scale<<<n / 250, 250>>>(n, 2.0f, x, d_y);   /* BUG: x is the host array */
}
#line 6499 "chapters/01-emulator.nw"
int main(void) {
  int n = 1000;
  size_t bytes = n * sizeof(float);
  float *x = (float *)malloc(bytes), *y = (float *)malloc(bytes), *d_x, *d_y;
  for (int i = 0; i < n; i++)
    x[i] = (float)i;
  CHECK(cudaMalloc(&d_x, bytes));
  CHECK(cudaMalloc(&d_y, bytes));
  CHECK(cudaMemcpy(d_x, x, bytes, cudaMemcpyHostToDevice));
  launch_scale(n, x, d_x, d_y);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(y, d_y, bytes, cudaMemcpyDeviceToHost));
  printf("y[999] = %g\n", y[999]);
  CHECK(cudaFree(d_x));
  CHECK(cudaFree(d_y));
  free(x);
  free(y);
  return 0;
}
