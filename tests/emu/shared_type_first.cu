// CUDA accepts the words of a shared-memory declaration in either order:
// "extern T __shared__ name[]" as well as "extern __shared__ T name[]",
// in a kernel and at file scope, and "T __shared__ name" for a static one.
#include <cstdio>
#include <cuda_runtime.h>

extern float __shared__ at_file_scope[];

__global__ void reverse(const float *in, float *out) {
  extern double __shared__ inside[];
  int __shared__ count;
  unsigned t = threadIdx.x, n = blockDim.x;
  if (t == 0)
    count = 0;
  inside[t] = in[t];
  __syncthreads();
  atomicAdd(&count, 1);
  out[t] = (float)inside[n - 1 - t];
  __syncthreads();
  if (t == 0)
    out[n] = (float)count;
}

__global__ void mirror(float *out) {
  at_file_scope[threadIdx.x] = 2.0f * threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = at_file_scope[blockDim.x - 1 - threadIdx.x];
}

int main() {
  const int n = 48;
  float h[n + 1], *in, *out;
  for (int i = 0; i < n; i++)
    h[i] = i + 0.5f;
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&out, sizeof h);
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  reverse<<<1, n, n * sizeof(double)>>>(in, out);
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  printf("reversed: %g %g ... %g; %g threads counted\n", h[0], h[1], h[n - 1], h[n]);
  mirror<<<1, n, n * sizeof(float)>>>(out);
  cudaMemcpy(h, out, n * sizeof(float), cudaMemcpyDeviceToHost);
  printf("mirrored: %g %g ... %g\n", h[0], h[1], h[n - 1]);
  printf("%s\n", cudaGetErrorName(cudaGetLastError()));
  return 0;
}
