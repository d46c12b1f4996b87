/* Philox4x32-10, the counter-based generator, for host C, CUDA C and the
   emulator alike: the same key and counter give the same four words on
   every backend. */
#ifndef LITDNN_PHILOX_H
#define LITDNN_PHILOX_H
#include <stdint.h>
#if defined(__CUDACC__)
#define LITDNN_PHILOX_FN static __host__ __device__ __forceinline__
#else
#define LITDNN_PHILOX_FN static inline
#endif

#define LITDNN_PHILOX_M0 0xD2511F53u
#define LITDNN_PHILOX_M1 0xCD9E8D57u
#define LITDNN_PHILOX_W0 0x9E3779B9u
#define LITDNN_PHILOX_W1 0xBB67AE85u

typedef struct {
  uint32_t v[4];
} litdnn_philox4;

LITDNN_PHILOX_FN uint32_t litdnn_philox_mulhilo(uint32_t a, uint32_t b, uint32_t *hi)
{
  uint64_t product = (uint64_t)a * (uint64_t)b;
  *hi = (uint32_t)(product >> 32);
  return (uint32_t)product;
}

LITDNN_PHILOX_FN litdnn_philox4 litdnn_philox4x32_10(litdnn_philox4 c, uint32_t k0, uint32_t k1)
{
#if defined(__CUDA_ARCH__)
#pragma unroll
#endif
  for (int round = 0; round < 10; round++) {
    uint32_t hi0, hi1;
    uint32_t lo0 = litdnn_philox_mulhilo(LITDNN_PHILOX_M0, c.v[0], &hi0);
    uint32_t lo1 = litdnn_philox_mulhilo(LITDNN_PHILOX_M1, c.v[2], &hi1);
    litdnn_philox4 next;
    next.v[0] = hi1 ^ c.v[1] ^ k0;
    next.v[1] = lo1;
    next.v[2] = hi0 ^ c.v[3] ^ k1;
    next.v[3] = lo0;
    c = next;
    k0 += LITDNN_PHILOX_W0;   /* the bump after the last round is never used */
    k1 += LITDNN_PHILOX_W1;
  }
  return c;
}
/* The words of counter `group` under a 64-bit seed: element 4*group + w
   of a tensor takes word w. */
LITDNN_PHILOX_FN litdnn_philox4 litdnn_philox_group(uint64_t group, uint32_t k0, uint32_t k1)
{
  litdnn_philox4 c;
  c.v[0] = (uint32_t)group;
  c.v[1] = (uint32_t)(group >> 32);
  c.v[2] = 0u;
  c.v[3] = 0u;
  return litdnn_philox4x32_10(c, k0, k1);
}
/* The key of the `pass`-th forward pass under a 64-bit seed. */
LITDNN_PHILOX_FN void litdnn_dropout_pass_key(uint64_t seed, uint64_t pass, uint32_t *k0, uint32_t *k1)
{
  litdnn_philox4 c;
  c.v[0] = (uint32_t)pass;
  c.v[1] = (uint32_t)(pass >> 32);
  c.v[2] = 0u;
  c.v[3] = 0x44524f50u; /* "DROP": keeps these counters apart from mask counters */
  litdnn_philox4 r = litdnn_philox4x32_10(c, (uint32_t)seed, (uint32_t)(seed >> 32));
  *k0 = r.v[0];
  *k1 = r.v[1];
}
#endif
