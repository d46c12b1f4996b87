#line 4891 "chapters/04-matmul.nw"
/* TF32 rounding and the m16n8k8 mma.sync product, in inline PTX. */
#ifndef LITDNN_MATMUL_TF32_CUH
#define LITDNN_MATMUL_TF32_CUH
#include "matmul/matmul_device.cuh"

#line 2011 "chapters/04-matmul.nw"
static __device__ inline unsigned matmul_to_tf32(float x)
{
  unsigned r;
  asm("cvt.rna.tf32.f32 %0, %1;\n" : "=r"(r) : "f"(x));
  return r;
}

/* d += a b for one 16 x 8 x 8 TF32 product, fragments as in the table */
static __device__ inline void matmul_mma_16x8x8(float *d, const unsigned *a, const unsigned *b)
{
  asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 "
               "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};\n"
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}
#line 4897 "chapters/04-matmul.nw"
#endif
