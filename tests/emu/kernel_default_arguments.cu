// Kernels whose parameters have default values, launched with all their
// arguments and with fewer: a kernel, a template given its arguments,
// and a template whose arguments the launch deduces.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void fill(int *out, int n, int value = 7, int *count = NULL) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    out[i] = value;
    if (count)
      atomicAdd(count, 1);
  }
}

template <class T> __global__ void scale(T *x, int n, T by = T(2)) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= by;
}

static void show(const char *what, const int *d, int n) {
  int h[8];
  cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost);
  printf("%-28s", what);
  for (int i = 0; i < n; i++)
    printf(" %d", h[i]);
  printf("\n");
}

int main() {
  const int n = 5;
  int *d, *count, hcount = 0;
  cudaMalloc(&d, 8 * sizeof(int));
  cudaMalloc(&count, sizeof(int));
  cudaMemset(count, 0, sizeof(int));
  fill<<<1, 32>>>(d, n);
  show("fill(d, n):", d, n);
  fill<<<1, 32>>>(d, n, 3);
  show("fill(d, n, 3):", d, n);
  fill<<<1, 32>>>(d, n, 4, count);
  show("fill(d, n, 4, count):", d, n);
  cudaMemcpy(&hcount, count, sizeof(int), cudaMemcpyDeviceToHost);
  printf("count %d\n", hcount);

  float hx[4] = {1, 2, 3, 4}, *x;
  cudaMalloc(&x, sizeof hx);
  cudaMemcpy(x, hx, sizeof hx, cudaMemcpyHostToDevice);
  scale<float><<<1, 32>>>(x, 4);
  scale<float><<<1, 32>>>(x, 4, 10.0f);
  scale<<<1, 32>>>(x, 4, 0.25f);
  cudaMemcpy(hx, x, sizeof hx, cudaMemcpyDeviceToHost);
  printf("scaled by 2, 10 and 0.25: %g %g %g %g\n", hx[0], hx[1], hx[2], hx[3]);
  printf("%s\n", cudaGetErrorName(cudaGetLastError()));
  cudaFree(x);
  cudaFree(d);
  cudaFree(count);
  return 0;
}
