// Shared memory in every declarator form: two arrays in one declaration,
// a scalar, a static one, a file-scope array, dynamic shared memory
// declared in the kernel and at file scope, in a template with __align__.
#include <cstdio>
#include <cuda_runtime.h>

__shared__ float staged[64];                  // file scope
extern __shared__ unsigned char raw[];        // dynamic, at file scope

// y[i] = x[i] + x[63 - i] + (block's max) using two arrays declared together
__global__ void mirror(const float *x, float *y) {
  __shared__ float a[64], b[64];
  __shared__ float top;
  static __shared__ int count;
  int t = threadIdx.x;
  if (t == 0) {
    top = -1e30f;
    count = 0;
  }
  a[t] = x[t];
  b[63 - t] = x[t];
  staged[t] = 2 * x[t];
  __syncthreads();
  atomicAdd(&count, 1);
  if (t == 0)
    for (int k = 0; k < 64; k++)
      top = a[k] > top ? a[k] : top;
  __syncthreads();
  y[t] = a[t] + b[t] + top + staged[t] - 2 * x[t] + (count == 64 ? 0.0f : 1000.0f);
}

// reverse n values of type T in dynamic shared memory, two ways
template <class T> __global__ void reverse(int n, const T *x, T *y, T *z) {
  extern __shared__ __align__(sizeof(T)) unsigned char mine[];
  T *s = reinterpret_cast<T *>(mine);
  T *f = reinterpret_cast<T *>(raw);        // the same memory, by its file-scope name
  int t = threadIdx.x;
  s[t] = x[t];
  __syncthreads();
  y[t] = s[n - 1 - t];
  z[t] = f[n - 1 - t];
}

int main() {
  float x[64], y[64], *dx, *dy, *dz;
  for (int i = 0; i < 64; i++)
    x[i] = (float)i;
  cudaMalloc(&dx, sizeof x);
  cudaMalloc(&dy, sizeof y);
  cudaMalloc(&dz, sizeof y);
  cudaMemcpy(dx, x, sizeof x, cudaMemcpyHostToDevice);
  mirror<<<2, 64>>>(dx, dy);
  cudaMemcpy(y, dy, sizeof y, cudaMemcpyDeviceToHost);
  printf("mirror: %g %g %g\n", y[0], y[10], y[63]);

  double dxs[48], dys[48], dzs[48], *ddx, *ddy, *ddz;
  for (int i = 0; i < 48; i++)
    dxs[i] = 0.5 * i;
  cudaMalloc(&ddx, sizeof dxs);
  cudaMalloc(&ddy, sizeof dys);
  cudaMalloc(&ddz, sizeof dzs);
  cudaMemcpy(ddx, dxs, sizeof dxs, cudaMemcpyHostToDevice);
  reverse<double><<<1, 48, 48 * sizeof(double)>>>(48, ddx, ddy, ddz);
  cudaMemcpy(dys, ddy, sizeof dys, cudaMemcpyDeviceToHost);
  cudaMemcpy(dzs, ddz, sizeof dzs, cudaMemcpyDeviceToHost);
  printf("reverse<double>: %g %g %g, by the file-scope name: %g %g\n", dys[0], dys[1],
         dys[47], dzs[0], dzs[47]);
  return 0;
}
