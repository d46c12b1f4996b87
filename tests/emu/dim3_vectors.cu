// dim3 declared two at a time and as a static constant, the vector types
// with CUDA's sizes and alignments, uchar4 pixels, make_* functions.
#include <cstdio>
#include <cuda_runtime.h>

static const dim3 kTile(8, 4);

// invert the colour of an RGBA image, keep alpha
__global__ void invert(int w, int h, uchar4 *img) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w && y < h) {
    uchar4 p = img[y * w + x];
    img[y * w + x] = make_uchar4(255 - p.x, 255 - p.y, 255 - p.z, p.w);
  }
}

__global__ void vectors(int2 *i2, float3 *f3, double2 *d2, short4 *s4, longlong2 *l2) {
  *i2 = make_int2(blockDim.x, blockDim.y);
  *f3 = make_float3(1.5f, 2.5f, 3.5f);
  *d2 = make_double2(gridDim.x, gridDim.y);
  *s4 = make_short4(1, -2, 3, -4);
  *l2 = make_longlong2(1LL << 40, -1);
}

int main() {
  const int w = 19, h = 7;
  uchar4 img[w * h], *d;
  for (int i = 0; i < w * h; i++)
    img[i] = make_uchar4(i % 256, 10, 200, 77);
  cudaMalloc(&d, sizeof img);
  cudaMemcpy(d, img, sizeof img, cudaMemcpyHostToDevice);
  dim3 blk(kTile.x, kTile.y), grd((w + kTile.x - 1) / kTile.x, (h + kTile.y - 1) / kTile.y);
  printf("grid (%u,%u,%u), block (%u,%u,%u)\n", grd.x, grd.y, grd.z, blk.x, blk.y, blk.z);
  invert<<<grd, blk>>>(w, h, d);
  cudaMemcpy(img, d, sizeof img, cudaMemcpyDeviceToHost);
  printf("pixel 100: %d %d %d %d\n", img[100].x, img[100].y, img[100].z, img[100].w);

  int2 *i2;
  float3 *f3;
  double2 *d2;
  short4 *s4;
  longlong2 *l2;
  cudaMalloc(&i2, sizeof(int2));
  cudaMalloc(&f3, sizeof(float3));
  cudaMalloc(&d2, sizeof(double2));
  cudaMalloc(&s4, sizeof(short4));
  cudaMalloc(&l2, sizeof(longlong2));
  dim3 g = 3, b(16, 2);
  vectors<<<g, b>>>(i2, f3, d2, s4, l2);
  int2 hi;
  float3 hf;
  double2 hd;
  short4 hs;
  longlong2 hl;
  cudaMemcpy(&hi, i2, sizeof hi, cudaMemcpyDeviceToHost);
  cudaMemcpy(&hf, f3, sizeof hf, cudaMemcpyDeviceToHost);
  cudaMemcpy(&hd, d2, sizeof hd, cudaMemcpyDeviceToHost);
  cudaMemcpy(&hs, s4, sizeof hs, cudaMemcpyDeviceToHost);
  cudaMemcpy(&hl, l2, sizeof hl, cudaMemcpyDeviceToHost);
  printf("int2 %d %d, float3 %g %g %g, double2 %g %g, short4 %d %d %d %d, longlong2 %lld %lld\n",
         hi.x, hi.y, hf.x, hf.y, hf.z, hd.x, hd.y, hs.x, hs.y, hs.z, hs.w, hl.x, hl.y);
  printf("sizes and alignments: uchar4 %zu/%zu float3 %zu/%zu float4 %zu/%zu int2 %zu/%zu "
         "double2 %zu/%zu short4 %zu/%zu char2 %zu/%zu dim3 %zu\n",
         sizeof(uchar4), alignof(uchar4), sizeof(float3), alignof(float3), sizeof(float4),
         alignof(float4), sizeof(int2), alignof(int2), sizeof(double2), alignof(double2),
         sizeof(short4), alignof(short4), sizeof(char2), alignof(char2), sizeof(dim3));
  return 0;
}
