// Classes with constructors and operators, namespaces, a class passed to
// a kernel by value, a kernel in a namespace launched by its qualified name.
#include <cstdio>
#include <cuda_runtime.h>

namespace la {
// a view of a row-major matrix in device memory
class Matrix {
 public:
  __host__ __device__ Matrix(float *data, int rows, int cols)
      : data_(data), rows_(rows), cols_(cols) {}
  __device__ float &operator()(int r, int c) { return data_[r * cols_ + c]; }
  __device__ float operator()(int r, int c) const { return data_[r * cols_ + c]; }
  __host__ __device__ int rows() const { return rows_; }
  __host__ __device__ int cols() const { return cols_; }

 private:
  float *data_;
  int rows_, cols_;
};

struct Vec2 {
  float x, y;
  __host__ __device__ Vec2 operator+(const Vec2 &o) const { return Vec2{x + o.x, y + o.y}; }
  __host__ __device__ Vec2 operator*(float s) const { return Vec2{x * s, y * s}; }
};

// y = A x
__global__ void gemv(const Matrix a, const float *x, float *y) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < a.rows()) {
    float s = 0;
    for (int c = 0; c < a.cols(); c++)
      s += a(r, c) * x[c];
    y[r] = s;
  }
}

__global__ void scale_points(int n, Vec2 *p, Vec2 shift, float s) {
  int i = threadIdx.x;
  if (i < n)
    p[i] = (p[i] + shift) * s;
}
}  // namespace la

// a class with a static device function and a counter kept in device memory
struct Counter {
  static __device__ int bump(int *c) { return atomicAdd(c, 1); }
};

__global__ void count(int *c, int *seen) {
  int before = Counter::bump(c);
  atomicMax(seen, before);
}

int main() {
  const int rows = 5, cols = 3;
  float a[rows * cols], x[cols] = {1, 2, 3}, y[rows], *da, *dx, *dy;
  for (int i = 0; i < rows * cols; i++)
    a[i] = (float)i;
  cudaMalloc(&da, sizeof a);
  cudaMalloc(&dx, sizeof x);
  cudaMalloc(&dy, sizeof y);
  cudaMemcpy(da, a, sizeof a, cudaMemcpyHostToDevice);
  cudaMemcpy(dx, x, sizeof x, cudaMemcpyHostToDevice);
  la::Matrix m(da, rows, cols);
  la::gemv<<<1, 32>>>(m, dx, dy);
  cudaMemcpy(y, dy, sizeof y, cudaMemcpyDeviceToHost);
  printf("gemv:");
  for (int r = 0; r < rows; r++)
    printf(" %g", y[r]);
  printf("\n");

  la::Vec2 p[3] = {{0, 0}, {1, 2}, {-1, 4}}, *dp;
  cudaMalloc(&dp, sizeof p);
  cudaMemcpy(dp, p, sizeof p, cudaMemcpyHostToDevice);
  la::scale_points<<<1, 4>>>(3, dp, la::Vec2{1, 1}, 2.0f);
  cudaMemcpy(p, dp, sizeof p, cudaMemcpyDeviceToHost);
  printf("points: (%g,%g) (%g,%g) (%g,%g)\n", p[0].x, p[0].y, p[1].x, p[1].y, p[2].x, p[2].y);

  int zero[2] = {0, 0}, got[2], *dc;
  cudaMalloc(&dc, sizeof zero);
  cudaMemcpy(dc, zero, sizeof zero, cudaMemcpyHostToDevice);
  count<<<4, 64>>>(dc, dc + 1);
  cudaMemcpy(got, dc, sizeof got, cudaMemcpyDeviceToHost);
  printf("count: %d, largest value seen before an increment: %d\n", got[0], got[1]);
  return 0;
}
