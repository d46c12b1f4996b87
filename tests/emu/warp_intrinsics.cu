// Warp intrinsics on values of every width: shuffles of double and long
// long, __match_any_sync, votes; bit functions; atomics of every kind.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void warp(double *d, long long *l, unsigned *m, int *votes) {
  int lane = threadIdx.x % 32;
  double v = 1.5 * lane;
  long long big = (1LL << 40) + lane;
  d[lane] = __shfl_xor_sync(0xffffffffu, v, 1);           // neighbours swapped
  l[lane] = __shfl_sync(0xffffffffu, big, 31 - lane);      // reversed
  m[lane] = __match_any_sync(0xffffffffu, lane / 8);       // lanes with the same eighth
  unsigned b = __ballot_sync(0xffffffffu, lane % 3 == 0);
  int any = __any_sync(0xffffffffu, lane == 17), all = __all_sync(0xffffffffu, lane < 32);
  __syncwarp();
  if (lane == 0) {
    votes[0] = (int)b;
    votes[1] = any;
    votes[2] = all;
    votes[3] = __popc(b);
  }
}

__global__ void bits(unsigned *out) {
  out[0] = __clz(1);
  out[1] = __ffs(0x50);
  out[2] = __brev(1u);
  out[3] = __byte_perm(0x11223344u, 0x55667788u, 0x5140);
  out[4] = __popcll(0xffffffffffULL);
  out[5] = __umulhi(0x80000000u, 6u);
}

__global__ void atomics(int *i, unsigned *u, float *f, double *d, unsigned long long *ull) {
  int t = threadIdx.x;
  atomicAdd(&i[0], 1);
  atomicSub(&i[1], 2);
  atomicMax(&i[2], t);
  atomicMin(&i[3], -t);
  atomicOr(&i[4], 1 << (t % 8));
  atomicXor(&i[5], 1);
  atomicCAS(&i[6], 0, 100 + t);                    // the first thread wins
  atomicInc(&u[0], 9);                             // counts 0..9 and wraps
  atomicDec(&u[1], 100);
  atomicAdd(f, 0.25f);
  atomicAdd(d, 0.5);
  atomicAdd(ull, 1ULL << 33);
  atomicExch(&i[7], 7);
}

int main() {
  double *d, hd[32];
  long long *l, hl[32];
  unsigned *m, hm[32];
  int *votes, hv[4];
  cudaMalloc(&d, sizeof hd);
  cudaMalloc(&l, sizeof hl);
  cudaMalloc(&m, sizeof hm);
  cudaMalloc(&votes, sizeof hv);
  warp<<<1, 32>>>(d, l, m, votes);
  cudaMemcpy(hd, d, sizeof hd, cudaMemcpyDeviceToHost);
  cudaMemcpy(hl, l, sizeof hl, cudaMemcpyDeviceToHost);
  cudaMemcpy(hm, m, sizeof hm, cudaMemcpyDeviceToHost);
  cudaMemcpy(hv, votes, sizeof hv, cudaMemcpyDeviceToHost);
  printf("shfl_xor double: %g %g; shfl long long: %lld; match_any: %08x %08x\n", hd[0],
         hd[5], hl[0], hm[0], hm[31]);
  printf("ballot %08x any %d all %d popc %d\n", (unsigned)hv[0], hv[1], hv[2], hv[3]);

  unsigned hb[6], *b;
  cudaMalloc(&b, sizeof hb);
  bits<<<1, 1>>>(b);
  cudaMemcpy(hb, b, sizeof hb, cudaMemcpyDeviceToHost);
  printf("clz %u ffs %u brev %08x byte_perm %08x popcll %u umulhi %u\n", hb[0], hb[1], hb[2],
         hb[3], hb[4], hb[5]);

  int hi[8] = {0, 0, -1, 1, 0, 0, 0, 0}, *di;
  unsigned hu[2] = {0, 50}, *du;
  float hf = 0, *df;
  double hdd = 0, *dd;
  unsigned long long hull = 0, *dull;
  cudaMalloc(&di, sizeof hi);
  cudaMalloc(&du, sizeof hu);
  cudaMalloc(&df, sizeof hf);
  cudaMalloc(&dd, sizeof hdd);
  cudaMalloc(&dull, sizeof hull);
  cudaMemcpy(di, hi, sizeof hi, cudaMemcpyHostToDevice);
  cudaMemcpy(du, hu, sizeof hu, cudaMemcpyHostToDevice);
  cudaMemcpy(df, &hf, sizeof hf, cudaMemcpyHostToDevice);
  cudaMemcpy(dd, &hdd, sizeof hdd, cudaMemcpyHostToDevice);
  cudaMemcpy(dull, &hull, sizeof hull, cudaMemcpyHostToDevice);
  atomics<<<1, 64>>>(di, du, df, dd, dull);
  cudaMemcpy(hi, di, sizeof hi, cudaMemcpyDeviceToHost);
  cudaMemcpy(hu, du, sizeof hu, cudaMemcpyDeviceToHost);
  cudaMemcpy(&hf, df, sizeof hf, cudaMemcpyDeviceToHost);
  cudaMemcpy(&hdd, dd, sizeof hdd, cudaMemcpyDeviceToHost);
  cudaMemcpy(&hull, dull, sizeof hull, cudaMemcpyDeviceToHost);
  printf("atomics: add %d sub %d max %d min %d or %d xor %d cas %d exch %d inc %u dec %u "
         "float %g double %g ull %llu\n", hi[0], hi[1], hi[2], hi[3], hi[4], hi[5], hi[6], hi[7],
         hu[0], hu[1], hf, hdd, hull);
  return 0;
}
