#line 5011 "chapters/04-matmul.nw"
/* wgmma by descriptor: the 128-byte swizzle, descriptors, fences, the
   64 x WG_BN x 8 TF32 product, and the store of its accumulators. sm_90a. */
#ifndef LITDNN_MATMUL_WGMMA_OPS_CUH
#define LITDNN_MATMUL_WGMMA_OPS_CUH
#include "matmul/matmul_device.cuh"

#line 2610 "chapters/04-matmul.nw"
/* Where piece c (four floats of k) of row r of a k-major tile of 128-byte
   rows lies under the 128-byte swizzle: position c ^ (r % 8) of its row. */
static __device__ inline int matmul_sw128(int r, int c) { return r * 32 + 4 * (c ^ (r % 8)); }

/* The descriptor of a k-major tile of 128-byte rows, 128-byte swizzle. */
static __device__ inline uint64_t matmul_wg_desc(const float *tile)
{
  uint64_t addr = (uint32_t)__cvta_generic_to_shared(tile);
  return (addr & 0x3FFFF) >> 4          /* start address / 16 */
         | (uint64_t)1 << 16            /* leading byte offset: unused here */
         | (uint64_t)(1024 >> 4) << 32  /* stride byte offset: eight rows */
         | (uint64_t)1 << 62;           /* 128-byte swizzle */
}

#define MATMUL_WG_FENCE() asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory")
#define MATMUL_WG_COMMIT() asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory")
#define MATMUL_WG_WAIT(n) asm volatile("wgmma.wait_group.sync.aligned %0;\n" ::"n"(n) : "memory")
#define MATMUL_PROXY_FENCE() asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory")
#define MATMUL_WG_D8(i)                                                                                   \
  "+f"(d[i]), "+f"(d[i + 1]), "+f"(d[i + 2]), "+f"(d[i + 3]), "+f"(d[i + 4]), "+f"(d[i + 5]),         \
      "+f"(d[i + 6]), "+f"(d[i + 7])
#define MATMUL_WG_D32(i) MATMUL_WG_D8(i), MATMUL_WG_D8(i + 8), MATMUL_WG_D8(i + 16), MATMUL_WG_D8(i + 24)

/* d += a b: a warp group's 64 x WG_BN x 8 product, both by descriptor */
static __device__ inline void matmul_wg_mma(float *d, uint64_t a, uint64_t b)
{
#if WG_BN == 256
  asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %130, 0;\n"
               "wgmma.mma_async.sync.aligned.m64n256k8.f32.tf32.tf32 {"
               "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, "
               "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, "
               "%32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, "
               "%48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, "
               "%64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79, "
               "%80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91, %92, %93, %94, %95, "
               "%96, %97, %98, %99, %100, %101, %102, %103, %104, %105, %106, %107, %108, %109, %110, %111, "
               "%112, %113, %114, %115, %116, %117, %118, %119, %120, %121, %122, %123, %124, %125, %126, %127"
               "}, %128, %129, p, 1, 1;\n}\n"
               : MATMUL_WG_D32(0), MATMUL_WG_D32(32), MATMUL_WG_D32(64), MATMUL_WG_D32(96)
               : "l"(a), "l"(b), "r"(1));
#else
  asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %66, 0;\n"
               "wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32 {"
               "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, "
               "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, "
               "%32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, "
               "%48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63"
               "}, %64, %65, p, 1, 1;\n}\n"
               : MATMUL_WG_D32(0), MATMUL_WG_D32(32)
               : "l"(a), "l"(b), "r"(1));
#endif
}

/* Write a warp group's 64 x WG_BN accumulators to C. Accumulator e of
   lane (g, q), in the warp whose 16 rows start at r0, is row r0 + g (+ 8
   when e % 4 >= 2), column c0 + 8 (e / 4) + 2 q + e % 2. */
static __device__ __forceinline__ void matmul_wg_store(float *C, const litdnn_matmul_args &g, const float *d, int r0,
                                                     int c0, int lane)
{
  int gq = lane / 4, q = lane % 4;
  LITDNN_UNROLL
  for (int e = 0; e < WG_BN / 2; e++) {
    int i = r0 + gq + 8 * (e % 4 / 2), j = c0 + 8 * (e / 4) + 2 * q + e % 2;
    if (i < g.m && j < g.n)
      matmul_blend1(C, g.ldc, i, j, d[e], g.alpha, g.beta);
  }
}

/* The wgmma stages run on compute capability 9.0 alone. */
static litdnnStatus_t matmul_wg_need_sm90(const char *call)
{
  int dev = 0, major = 0, minor = 0;
  cudaGetDevice(&dev);
  cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev);
  cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, dev);
  if (major != 9 || minor != 0)
    return litdnn_error(LITDNN_STATUS_NOT_SUPPORTED, call,
                        "the wgmma stages run on compute capability 9.0 only (H100, H200); this GPU is %d.%d",
                        major, minor);
  return LITDNN_STATUS_SUCCESS;
}
#line 5018 "chapters/04-matmul.nw"
#endif
