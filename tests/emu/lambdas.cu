// Lambdas in device code: a kernel template that applies any function
// object, lambdas passed to it (one capturing a value), a lambda inside a
// kernel, and a __host__ __device__ function used on both sides.
#include <cstdio>
#include <cuda_runtime.h>

template <class F> __global__ void transform(int n, const float *x, float *y, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = f(x[i]);
}

__host__ __device__ float cube(float v) { return v * v * v; }

__global__ void sum_of_squares(int n, const float *x, float *out) {
  auto square = [](float v) { return v * v; };
  float s = 0;
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    s += square(x[i]);
  atomicAdd(out, s);
}

int main() {
  const int n = 8;
  float x[n], y[n], *dx, *dy, *dsum, sum = 0;
  for (int i = 0; i < n; i++)
    x[i] = (float)(i - 3);
  cudaMalloc(&dx, sizeof x);
  cudaMalloc(&dy, sizeof y);
  cudaMalloc(&dsum, sizeof sum);
  cudaMemcpy(dx, x, sizeof x, cudaMemcpyHostToDevice);

  float a = 2.5f;
  transform<<<1, 32>>>(n, dx, dy, [=] __device__(float v) { return a * v + 1.0f; });
  cudaMemcpy(y, dy, sizeof y, cudaMemcpyDeviceToHost);
  printf("a*x+1:");
  for (int i = 0; i < n; i++)
    printf(" %g", y[i]);
  printf("\n");

  transform<<<1, 32>>>(n, dx, dy, [] __host__ __device__(float v) { return cube(v); });
  cudaMemcpy(y, dy, sizeof y, cudaMemcpyDeviceToHost);
  printf("cube on the device:");
  for (int i = 0; i < n; i++)
    printf(" %g", y[i]);
  printf("\ncube on the host: %g\n", cube(x[n - 1]));

  cudaMemcpy(dsum, &sum, sizeof sum, cudaMemcpyHostToDevice);
  sum_of_squares<<<1, 4>>>(n, dx, dsum);
  cudaMemcpy(&sum, dsum, sizeof sum, cudaMemcpyDeviceToHost);
  printf("sum of squares: %g\n", sum);
  return 0;
}
