// Templates, references and casts in device code: a kernel template
// instantiated for three types, a non-type template parameter, a device
// function template taking references.
#include <cstdio>
#include <cuda_runtime.h>

template <class T> __device__ void swap_if_greater(T &a, T &b) {
  if (a > b) {
    T t = a;
    a = b;
    b = t;
  }
}

template <class T> __global__ void axpy(int n, T a, const T *x, T *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

// pairs sorted in place: (y[2i], y[2i+1]) in increasing order
template <class T> __global__ void sort_pairs(int pairs, T *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < pairs)
    swap_if_greater(y[2 * i], y[2 * i + 1]);
}

// a block sums BLOCK values in shared memory; the size is a template argument
template <int BLOCK> __global__ void block_sum(const int *x, int *out) {
  __shared__ int part[BLOCK];
  part[threadIdx.x] = x[blockIdx.x * BLOCK + threadIdx.x];
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s /= 2) {
    if ((int)threadIdx.x < s)
      part[threadIdx.x] += part[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    out[blockIdx.x] = part[0];
}

// the bits of a float, through reinterpret_cast
__global__ void float_bits(const float *x, unsigned *bits) {
  bits[threadIdx.x] = *reinterpret_cast<const unsigned *>(&x[threadIdx.x]);
}

template <class T> T run_axpy(T a) {
  const int n = 100;
  T x[n], y[n], *dx, *dy;
  for (int i = 0; i < n; i++) {
    x[i] = (T)i;
    y[i] = (T)1;
  }
  cudaMalloc(&dx, sizeof x);
  cudaMalloc(&dy, sizeof y);
  cudaMemcpy(dx, x, sizeof x, cudaMemcpyHostToDevice);
  cudaMemcpy(dy, y, sizeof y, cudaMemcpyHostToDevice);
  axpy<T><<<(n + 31) / 32, 32>>>(n, a, dx, dy);
  cudaMemcpy(y, dy, sizeof y, cudaMemcpyDeviceToHost);
  cudaFree(dx);
  cudaFree(dy);
  T sum = 0;
  for (int i = 0; i < n; i++)
    sum += y[i];
  return sum;   // a * 4950 + 100
}

int main() {
  printf("axpy<float>: %g\n", run_axpy<float>(2.0f));
  printf("axpy<double>: %g\n", run_axpy<double>(0.5));
  printf("axpy<int>: %d\n", run_axpy<int>(3));

  float h[6] = {3, 1, 2, 5, 9, 4}, *d;
  cudaMalloc(&d, sizeof h);
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  sort_pairs<<<1, 32>>>(3, d);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  printf("pairs: %g %g %g %g %g %g\n", h[0], h[1], h[2], h[3], h[4], h[5]);

  int xs[256], sums[2], *dxs, *dsums;
  for (int i = 0; i < 256; i++)
    xs[i] = i;
  cudaMalloc(&dxs, sizeof xs);
  cudaMalloc(&dsums, sizeof sums);
  cudaMemcpy(dxs, xs, sizeof xs, cudaMemcpyHostToDevice);
  block_sum<128><<<2, 128>>>(dxs, dsums);
  cudaMemcpy(sums, dsums, sizeof sums, cudaMemcpyDeviceToHost);
  printf("block_sum<128>: %d %d\n", sums[0], sums[1]);   // 8128, 24512

  float one[2] = {1.0f, -2.0f};
  unsigned bits[2], *dbits;
  cudaMalloc(&dbits, sizeof bits);
  cudaMemcpy(d, one, sizeof one, cudaMemcpyHostToDevice);
  float_bits<<<1, 2>>>(d, dbits);
  cudaMemcpy(bits, dbits, sizeof bits, cudaMemcpyDeviceToHost);
  printf("bits: %08x %08x\n", bits[0], bits[1]);
  return cudaGetLastError() == cudaSuccess ? 0 : 1;
}
