/* The emulator: its runtime API, known-correct kernels under every thread
   order, and the planted bugs of chapter 01, each of which must be found
   and named.  The planted-bug programs are compiled with litdnn-emucc and
   run as subprocesses; `make test` builds the tools first. */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#define LITDNN_EMU_NO_MINMAX
#include "../tangled/emu/include/litdnn_emu.h"

/* ---- kernels written against the prelude, launched by hand ---- */
#define KERNEL(name, n, names, ptrs)                                          \
  static const struct litdnn_emu_kernel name##_kernel = {                     \
      #name, name##_entry, (const void *)name##_entry, n, names, ptrs, 0, NULL}

struct reduce_args { const float *x; float *out; int n; };
/* a tree reduction in shared memory, then one atomicAdd per block */
static void reduce_entry(void *p) {
  struct reduce_args *a = (struct reduce_args *)p;
  static float part[256];
  litdnn_emu_shared(part, sizeof part);
  int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  part[t] = i < a->n ? a->x[i] : 0.0f;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s /= 2) {
    if (t < s)
      part[t] += part[t + s];
    __syncthreads();
  }
  if (t == 0)
    atomicAdd(a->out, part[0]);
}
KERNEL(reduce, 3, "x,out,n", "PP-");

struct warp_args { const float *x; float *sums; unsigned *ballots; int *lanes; };
/* per warp: sum by shfl_down and by shfl_xor, a ballot, idx and up shuffles */
static void warp_entry(void *p) {
  struct warp_args *a = (struct warp_args *)p;
  int t = threadIdx.x, lane = t % 32, w = t / 32;
  float v = a->x[t], u = v;
  for (int d = 16; d > 0; d /= 2) {
    v += __shfl_down_sync(0xffffffffu, v, d);
    u += __shfl_xor_sync(0xffffffffu, u, d);
  }
  unsigned b = __ballot_sync(0xffffffffu, a->x[t] > 0.5f);
  int from0 = __shfl_sync(0xffffffffu, lane * 10, 0);
  int up = __shfl_up_sync(0xffffffffu, lane, 1);
  __syncwarp();
  if (lane == 0) {
    a->sums[2 * w] = v;
    a->ballots[w] = b;
  }
  if (lane == 5)
    a->sums[2 * w + 1] = u;
  a->lanes[2 * t] = from0;
  a->lanes[2 * t + 1] = up;
}
KERNEL(warp, 4, "x,sums,ballots,lanes", "PPPP");

struct index_args { int *out; };
/* every thread of a 3-D grid of 3-D blocks writes its global linear id */
static void index_entry(void *p) {
  struct index_args *a = (struct index_args *)p;
  unsigned bx = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  unsigned tx = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  unsigned per = blockDim.x * blockDim.y * blockDim.z;
  a->out[bx * per + tx] = (int)(bx * per + tx);
  atomicMax(&a->out[0], 0);
}
KERNEL(index, 1, "out", "P");

struct atomics_args { int *ints; float *f; const float4 *v; float *dyn_out; };
/* atomics on global and shared memory, float4 loads, dynamic shared memory */
static void atomics_entry(void *p) {
  struct atomics_args *a = (struct atomics_args *)p;
  static int counter;
  litdnn_emu_shared(&counter, sizeof counter);
  float *dyn = (float *)litdnn_emu_dynamic_shared();
  int t = threadIdx.x;
  if (t == 0)
    counter = 0;
  __syncthreads();
  atomicAdd(&counter, 1);
  atomicMax(&a->ints[0], t);
  atomicMin(&a->ints[1], t);
  atomicCAS(&a->ints[2], 0, 7);
  atomicExch(&a->ints[3], 42);
  atomicAdd(a->f, 0.5f);
  float4 v = a->v[t];
  dyn[t] = v.x + v.y + v.z + v.w;
  __syncthreads();
  if (t == 0) {
    a->ints[4] = counter;
    float s = 0.0f;
    for (int k = 0; k < (int)blockDim.x; k++)
      s += dyn[k];
    a->dyn_out[blockIdx.x] = s;
  }
}
KERNEL(atomics, 4, "ints,f,v,dyn_out", "PPPP");

struct tail_args { const float *x; float *y; int n; };
/* y[i] = x[i] + 1: touches every byte of buffers of any size, tails too */
static void tail_entry(void *p) {
  struct tail_args *a = (struct tail_args *)p;
  int i = threadIdx.x;
  if (i < a->n)
    a->y[i] = a->x[i] + 1.0f;
}
KERNEL(tail, 3, "x,y,n", "PP-");

static void launch(const struct litdnn_emu_kernel *k, void *args,
                   const void *const *argv, dim3 grid, dim3 block, size_t shmem) {
  litdnn_emu_launch(k, args, argv, grid, block, shmem, 0);
}
static dim3 d3(unsigned x, unsigned y, unsigned z) { return litdnn_emu_make_dim3(x, y, z); }

static const int schedules[] = {LITDNN_EMU_FORWARD, LITDNN_EMU_REVERSE, LITDNN_EMU_RANDOM};

Test(emu_api, copies_round_trip) {
  float h[100], back[100];
  for (int i = 0; i < 100; i++)
    h[i] = (float)i;
  float *d, *e;
  cr_assert_eq(cudaMalloc(&d, sizeof h), cudaSuccess);
  cr_assert_eq(cudaMalloc(&e, sizeof h), cudaSuccess);
  cr_assert(litdnn_emu_is_device_pointer(d));
  cr_assert(!litdnn_emu_is_device_pointer(h));
  cr_assert_eq(cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice), cudaSuccess);
  cr_assert_eq(cudaMemcpy(e, d, sizeof h, cudaMemcpyDeviceToDevice), cudaSuccess);
  cr_assert_eq(cudaMemcpy(back, e, sizeof h, cudaMemcpyDefault), cudaSuccess);
  cr_assert_eq(memcmp(h, back, sizeof h), 0);
  cr_assert_eq(cudaMemset(e, 0, sizeof h), cudaSuccess);
  cr_assert_eq(cudaMemcpy(back, e, sizeof h, cudaMemcpyDeviceToHost), cudaSuccess);
  cr_assert_eq(back[50], 0.0f);
  cr_assert_eq(cudaFree(d), cudaSuccess);
  cr_assert_eq(cudaFree(e), cudaSuccess);
  cr_assert_eq(cudaGetLastError(), cudaSuccess);
}

Test(emu_api, bad_calls_return_cuda_errors) {
  float h[4], *d;
  cr_assert_eq(cudaMalloc(&d, sizeof h), cudaSuccess);
  /* direction does not match the pointers; a copy past the end */
  cr_assert_eq(cudaMemcpy(h, h, sizeof h, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
  cr_assert_eq(cudaMemcpy(d, h, 2 * sizeof h, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
  cr_assert_eq(cudaPeekAtLastError(), cudaErrorInvalidValue);
  cr_assert_eq(cudaGetLastError(), cudaErrorInvalidValue);
  cr_assert_eq(cudaGetLastError(), cudaSuccess);
  cr_assert_eq(cudaFree(h), cudaErrorInvalidValue);
  cr_assert_eq(cudaFree(d), cudaSuccess);
  cr_assert_eq(cudaFree(d), cudaErrorInvalidValue);      /* twice */
  cr_assert_str_eq(cudaGetErrorString(cudaErrorInvalidConfiguration),
                   "invalid configuration argument");
  cr_assert_str_eq(cudaGetErrorName(cudaErrorInvalidValue), "cudaErrorInvalidValue");
  struct cudaDeviceProp prop;
  cr_assert_eq(cudaGetDeviceProperties(&prop, 0), cudaSuccess);
  cr_assert_str_eq(prop.name, "litdnn emulator");
  cr_assert_eq(prop.maxThreadsPerBlock, 1024);
  cr_assert_eq(prop.warpSize, 32);
  cudaEvent_t a, b;
  float ms = -1;
  cudaStream_t s;
  cr_assert_eq(cudaStreamCreate(&s), cudaSuccess);
  cr_assert_eq(cudaEventCreate(&a), cudaSuccess);
  cr_assert_eq(cudaEventCreate(&b), cudaSuccess);
  cr_assert_eq(cudaEventRecord(a, s), cudaSuccess);
  cr_assert_eq(cudaEventRecord(b), cudaSuccess);
  cr_assert_eq(cudaEventSynchronize(b), cudaSuccess);
  cr_assert_eq(cudaEventElapsedTime(&ms, a, b), cudaSuccess);
  cr_assert(ms >= 0.0f);
  cudaEventDestroy(a);
  cudaEventDestroy(b);
  cudaStreamDestroy(s);
}

Test(emu_api, launch_configuration_errors_wait_in_get_last_error) {
  int *d;
  cr_assert_eq(cudaMalloc(&d, 4096 * sizeof(int)), cudaSuccess);
  struct index_args a = {d};
  const void *argv[] = {d};
  launch(&index_kernel, &a, argv, d3(1, 1, 1), d3(2048, 1, 1), 0);
  cr_assert_eq(cudaGetLastError(), cudaErrorInvalidConfiguration);
  launch(&index_kernel, &a, argv, d3(1, 1, 1), d3(8, 8, 128), 0);
  cr_assert_eq(cudaGetLastError(), cudaErrorInvalidConfiguration);
  launch(&index_kernel, &a, argv, d3(0, 1, 1), d3(32, 1, 1), 0);
  cr_assert_eq(cudaGetLastError(), cudaErrorInvalidConfiguration);
  launch(&index_kernel, &a, argv, d3(1, 1, 1), d3(32, 1, 1), 49 * 1024);
  cr_assert_eq(cudaGetLastError(), cudaErrorInvalidValue);
  cr_assert_eq(cudaFuncSetAttribute(index_kernel.func,
                                    cudaFuncAttributeMaxDynamicSharedMemorySize,
                                    100 * 1024), cudaSuccess);
  launch(&index_kernel, &a, argv, d3(1, 1, 1), d3(32, 1, 1), 49 * 1024);
  cr_assert_eq(cudaGetLastError(), cudaSuccess);
  cudaFree(d);
}

Test(emu_kernels, reduction_with_barriers_and_atomics_in_every_order) {
  int n = 1000;
  float x[1000], total, *d_x, *d_out;
  double ref = 0;
  for (int i = 0; i < n; i++)
    ref += x[i] = (float)((i * 37) % 101) / 16.0f;   /* exact in float */
  cudaMalloc(&d_x, sizeof x);
  cudaMalloc(&d_out, sizeof(float));
  cudaMemcpy(d_x, x, sizeof x, cudaMemcpyHostToDevice);
  for (int s = 0; s < 3; s++) {
    litdnn_emu_set_schedule(schedules[s], 12345);
    total = 0;
    cudaMemcpy(d_out, &total, sizeof total, cudaMemcpyHostToDevice);
    struct reduce_args a = {d_x, d_out, n};
    const void *argv[] = {d_x, d_out, 0};
    launch(&reduce_kernel, &a, argv, d3(4, 1, 1), d3(256, 1, 1), 0);
    cudaMemcpy(&total, d_out, sizeof total, cudaMemcpyDeviceToHost);
    cr_assert_eq(total, (float)ref, "schedule %d: %g, expected %g", s, total, ref);
  }
}

Test(emu_kernels, warp_shuffles_and_votes_in_every_order) {
  enum { T = 96 };     /* three warps */
  float x[T], sums[6];
  unsigned ballots[3];
  int lanes[2 * T];
  for (int i = 0; i < T; i++)
    x[i] = (float)((i * 13) % 17) / 16.0f;
  float *d_x, *d_sums;
  unsigned *d_b;
  int *d_l;
  cudaMalloc(&d_x, sizeof x);
  cudaMalloc(&d_sums, sizeof sums);
  cudaMalloc(&d_b, sizeof ballots);
  cudaMalloc(&d_l, sizeof lanes);
  cudaMemcpy(d_x, x, sizeof x, cudaMemcpyHostToDevice);
  for (int s = 0; s < 3; s++) {
    litdnn_emu_set_schedule(schedules[s], 99);
    struct warp_args a = {d_x, d_sums, d_b, d_l};
    const void *argv[] = {d_x, d_sums, d_b, d_l};
    launch(&warp_kernel, &a, argv, d3(1, 1, 1), d3(T, 1, 1), 0);
    cr_assert_eq(cudaGetLastError(), cudaSuccess);
    cudaMemcpy(sums, d_sums, sizeof sums, cudaMemcpyDeviceToHost);
    cudaMemcpy(ballots, d_b, sizeof ballots, cudaMemcpyDeviceToHost);
    cudaMemcpy(lanes, d_l, sizeof lanes, cudaMemcpyDeviceToHost);
    for (int w = 0; w < 3; w++) {
      float ref = 0;
      unsigned bal = 0;
      for (int l = 0; l < 32; l++) {
        ref += x[32 * w + l];
        bal |= (unsigned)(x[32 * w + l] > 0.5f) << l;
      }
      cr_assert_float_eq(sums[2 * w], ref, 1e-5, "shfl_down, warp %d", w);
      cr_assert_float_eq(sums[2 * w + 1], ref, 1e-5, "shfl_xor, warp %d", w);
      cr_assert_eq(ballots[w], bal, "ballot, warp %d", w);
    }
    for (int t = 0; t < T; t++) {
      cr_assert_eq(lanes[2 * t], 0, "shfl from lane 0");
      cr_assert_eq(lanes[2 * t + 1], t % 32 == 0 ? 0 : t % 32 - 1, "shfl_up");
    }
  }
}

/* The last n % 4 floats of a buffer live in a page that stays closed
   while kernels run: each access to them is checked and let through. */
Test(emu_kernels, the_last_bytes_of_every_buffer_size_are_usable) {
  float x[40], y[40];
  unsigned long before = litdnn_emu_tail_steps();
  for (int n = 1; n <= 40; n++) {
    float *d_x, *d_y;
    for (int i = 0; i < n; i++)
      x[i] = (float)(i * 3);
    cr_assert_eq(cudaMalloc(&d_x, n * sizeof(float)), cudaSuccess);
    cr_assert_eq(cudaMalloc(&d_y, n * sizeof(float)), cudaSuccess);
    cr_assert_eq(cudaMemcpy(d_x, x, n * sizeof(float), cudaMemcpyHostToDevice), cudaSuccess);
    struct tail_args a = {d_x, d_y, n};
    const void *argv[] = {d_x, d_y, 0};
    launch(&tail_kernel, &a, argv, d3(1, 1, 1), d3(64, 1, 1), 0);
    cr_assert_eq(cudaGetLastError(), cudaSuccess);
    cr_assert_eq(cudaMemcpy(y, d_y, n * sizeof(float), cudaMemcpyDeviceToHost), cudaSuccess);
    for (int i = 0; i < n; i++)
      cr_assert_eq(y[i], (float)(i * 3) + 1.0f, "n=%d: y[%d] = %g", n, i, y[i]);
    cudaFree(d_x);
    cudaFree(d_y);
  }
#if defined(__x86_64__) && !defined(LITDNN_EMU_ASAN) && !defined(LITDNN_EMU_TSAN)
  /* n = 17..19, 21..23, ...: the tails of the buffers of 16 bytes or more
     (the check builds have no tail page: LITDNN_EMU_WATCH_TAIL, chapter 1) */
  cr_assert_gt(litdnn_emu_tail_steps(), before, "no access to a tail was checked");
#else
  (void)before;
#endif
}

Test(emu_kernels, three_dimensional_grids_and_blocks) {
  enum { N = 2 * 3 * 2 * 4 * 2 * 3 };
  int out[N], *d;
  cudaMalloc(&d, sizeof out);
  cudaMemset(d, 0xff, sizeof out);
  struct index_args a = {d};
  const void *argv[] = {d};
  launch(&index_kernel, &a, argv, d3(2, 3, 2), d3(4, 2, 3), 0);
  cudaMemcpy(out, d, sizeof out, cudaMemcpyDeviceToHost);
  for (int i = 0; i < N; i++)
    cr_assert_eq(out[i], i);
}

Test(emu_kernels, atomics_float4_and_dynamic_shared_memory) {
  enum { T = 64 };
  int ints[5] = {-1, 1000, 0, 0, 0};
  float f = 0, vals[4 * T], dyn[2];
  for (int i = 0; i < 4 * T; i++)
    vals[i] = (float)(i % 8);
  int *d_i;
  float *d_f, *d_v, *d_dyn;
  cudaMalloc(&d_i, sizeof ints);
  cudaMalloc(&d_f, sizeof f);
  cudaMalloc(&d_v, sizeof vals);
  cudaMalloc(&d_dyn, sizeof dyn);
  cudaMemcpy(d_i, ints, sizeof ints, cudaMemcpyHostToDevice);
  cudaMemcpy(d_f, &f, sizeof f, cudaMemcpyHostToDevice);
  cudaMemcpy(d_v, vals, sizeof vals, cudaMemcpyHostToDevice);
  struct atomics_args a = {d_i, d_f, (const float4 *)d_v, d_dyn};
  const void *argv[] = {d_i, d_f, d_v, d_dyn};
  launch(&atomics_kernel, &a, argv, d3(2, 1, 1), d3(T, 1, 1), T * sizeof(float));
  cr_assert_eq(cudaGetLastError(), cudaSuccess);
  cudaMemcpy(ints, d_i, sizeof ints, cudaMemcpyDeviceToHost);
  cudaMemcpy(&f, d_f, sizeof f, cudaMemcpyDeviceToHost);
  cudaMemcpy(dyn, d_dyn, sizeof dyn, cudaMemcpyDeviceToHost);
  cr_assert_eq(ints[0], T - 1);
  cr_assert_eq(ints[1], 0);
  cr_assert_eq(ints[2], 7);
  cr_assert_eq(ints[3], 42);
  cr_assert_eq(ints[4], T);
  cr_assert_eq(f, 0.5f * 2 * T);
  cr_assert_eq(dyn[0], (float)(T / 2 * 28));
  cr_assert_eq(dyn[1], (float)(T / 2 * 28));
}

/* ---- whole programs through litdnn-emucc ---- */
/* the build folder the test program was built for (build-san/ under make
   test SANITIZE=1), from the Makefile */
#ifndef T_BUILD_DIR
#define T_BUILD_DIR "build"
#endif
static const char *emucc = T_BUILD_DIR "/bin/litdnn-emucc";
static const char *examples = "tangled/examples/emu";

/* compile example NAME with CHECK ("" or "--check=..."), run it with ENV;
   return its exit status and its output (stdout and stderr) in out */
static int run_example(const char *name, const char *check, const char *env,
                       char *out, size_t size) {
  char dir[] = "/tmp/litdnn-test-emu.XXXXXX", cmd[2048];
  cr_assert_not_null(mkdtemp(dir));
  snprintf(cmd, sizeof cmd, "%s %s %s/%s.cu -o %s/prog > %s/log 2>&1 && "
           "%s %s/prog >> %s/log 2>&1", emucc, check, examples, name, dir,
           dir, env, dir, dir);
  int status = system(cmd);
  snprintf(cmd, sizeof cmd, "%s/log", dir);
  FILE *f = fopen(cmd, "r");
  size_t n = f ? fread(out, 1, size - 1, f) : 0;
  out[n] = 0;
  if (f)
    fclose(f);
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  if (system(cmd)) {
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

#define EXPECT(name, check, env, status, text) EXPECT2(name, check, env, status, text, "")
/* two pieces of text, where what lies between them may change (a line number) */
#define EXPECT2(name, check, env, status, text, text2)                        \
  do {                                                                        \
    char out_[8192];                                                          \
    int st_ = run_example(name, check, env, out_, sizeof out_);               \
    cr_assert_eq(st_, status, "%s %s: exit status %d, expected %d; output:\n%s", \
                 name, check, st_, status, out_);                             \
    const char *at_ = strstr(out_, text);                                     \
    cr_assert(at_ && strstr(at_, text2), "%s %s: expected \"%s\" then \"%s\" in:\n%s", \
              name, check, text, text2, out_);                                \
  } while (0)

/* compile the program SOURCE (CUDA) and run it with ENV and ARGS; as run_example */
static int run_source(const char *source, const char *env, const char *args, char *out,
                      size_t size) {
  char dir[] = "/tmp/litdnn-test-emu.XXXXXX", cmd[2048];
  cr_assert_not_null(mkdtemp(dir));
  snprintf(cmd, sizeof cmd, "%s/prog.cu", dir);
  FILE *f = fopen(cmd, "w");
  cr_assert_not_null(f);
  fputs(source, f);
  fclose(f);
  snprintf(cmd, sizeof cmd, "%s %s/prog.cu -o %s/prog > %s/log 2>&1 && %s %s/prog %s >> %s/log 2>&1",
           emucc, dir, dir, dir, env, dir, args, dir);
  int status = system(cmd);
  snprintf(cmd, sizeof cmd, "%s/log", dir);
  f = fopen(cmd, "r");
  size_t n = f ? fread(out, 1, size - 1, f) : 0;
  out[n] = 0;
  if (f)
    fclose(f);
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  if (system(cmd)) {
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

#define EXPECT_SOURCE(source, args, status, text) EXPECT_SOURCE_ENV(source, "", args, status, text)
#define EXPECT_SOURCE_ENV(source, env, args, status, text)                    \
  do {                                                                        \
    char out_[8192];                                                          \
    int st_ = run_source(source, env, args, out_, sizeof out_);               \
    cr_assert_eq(st_, status, "args %s: exit status %d, expected %d; output:\n%s", \
                 args, st_, status, out_);                                    \
    cr_assert(strstr(out_, text), "args %s: expected \"%s\" in:\n%s", args,  \
              text, out_);                                                    \
  } while (0)

/* a float4 load from x + off, in a buffer of n floats */
static const char *float4_at =
    "#include <stdio.h>\n#include <stdlib.h>\n"
    "__global__ void load4(const float *x, float4 *y, int off) {\n"
    "  y[threadIdx.x] = *(const float4 *)(x + off);\n}\n"
    "int main(int argc, char **argv) {\n"
    "  int n = atoi(argv[1]), off = atoi(argv[2]);\n"
    "  float *x; float4 *y;\n"
    "  cudaMalloc((void **)&x, n * sizeof(float));\n"
    "  cudaMalloc((void **)&y, 2 * sizeof(float4));\n"
    "  load4<<<1, 2>>>(x, y, off);\n"
    "  printf(\"done\\n\");\n  return 0;\n}\n";

Test(emu_programs, float4_loads_at_the_edges_of_buffers, .timeout = 60) {
  EXPECT_SOURCE(float4_at, "64 60", 0, "done");     /* the last whole float4 */
  EXPECT_SOURCE(float4_at, "5 0", 0, "done");       /* 20 bytes: the first 16 */
  EXPECT_SOURCE(float4_at, "5 4", 1, "out-of-bounds read of 16 bytes at byte 16 of "
                "'x' (20 bytes), its last 12 bytes past its end");
  /* x + 1 is not a multiple of 16: the aligned SSE load faults without an address */
  EXPECT_SOURCE(float4_at, "64 1", 1, "misaligned access of 16 bytes at byte 4 of 'x' "
                "(256 bytes)");
  /* no float4 fits in 12 bytes */
  EXPECT_SOURCE(float4_at, "3 0", 1, "of 16 bytes at byte 0 of 'x' (12 bytes), "
                "its last 4 bytes past its end");
}

/* A persistent kernel: as many blocks as the device holds, a grid-wide
   barrier between rounds of a stencil that reads its neighbours' results
   from other blocks. Each block also keeps its own index in static and
   dynamic shared memory across the barriers, which only works if every
   block has its own copy. `argv[1]` picks a bug to plant. */
static const char *persistent =
    "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n"
    "__global__ void rounds(int n, int steps, float *a, float *b, int *bad) {\n"
    "  __shared__ int mine[4];\n"
    "  extern __shared__ int dyn[];\n"
    "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
    "  if (threadIdx.x < 4) { mine[threadIdx.x] = blockIdx.x; dyn[threadIdx.x] = -(int)blockIdx.x; }\n"
    "  for (int r = 0; r < steps; r++) {\n"
    "    if (i < n) b[i] = 0.5f * (a[(i + n - 1) % n] + a[(i + 1) % n]);\n"
    "    litdnn_emu_grid_sync(__FILE__, __LINE__);\n"
    "    float *t = a; a = b; b = t;\n"
    "  }\n"
    "  if (threadIdx.x < 4 && (mine[threadIdx.x] != (int)blockIdx.x || dyn[threadIdx.x] != -(int)blockIdx.x))\n"
    "    atomicAdd(bad, 1);\n"
    "}\n"
    "__global__ void early_return(int *bad) {\n"
    "  if (blockIdx.x == 1) return;\n"
    "  litdnn_emu_grid_sync(__FILE__, __LINE__);\n"
    "  *bad = 0;\n"
    "}\n"
    "int main(int argc, char **argv) {\n"
    "  const char *bug = argc > 1 ? argv[1] : \"\";\n"
    "  int sms = 0, coop = 0, per_sm = 0, threads = 256, steps = 5;\n"
    "  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);\n"
    "  cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, 0);\n"
    "  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, rounds, threads, 16);\n"
    "  int blocks = sms * per_sm + !strcmp(bug, \"too-large\"), n = blocks * threads - 3;\n"
    "  printf(\"%d SM, cooperative %d, %d blocks of %d\\n\", sms, coop, blocks, threads);\n"
    "  float *h = (float *)malloc(n * sizeof(float)), *ref = (float *)malloc(n * sizeof(float));\n"
    "  float *a, *b; int *bad, nbad = 0;\n"
    "  for (int i = 0; i < n; i++) h[i] = (float)(i % 17);\n"
    "  cudaMalloc(&a, n * sizeof(float)); cudaMalloc(&b, n * sizeof(float));\n"
    "  cudaMalloc(&bad, sizeof(int));\n"
    "  cudaMemcpy(a, h, n * sizeof(float), cudaMemcpyHostToDevice);\n"
    "  cudaMemcpy(bad, &nbad, sizeof(int), cudaMemcpyHostToDevice);\n"
    "  if (!strcmp(bug, \"early-return\")) {\n"
    "    void *args[] = {&bad};\n"
    "    cudaLaunchCooperativeKernel((const void *)early_return, blocks, threads, args, 0, 0);\n"
    "    return 0;\n  }\n"
    "  if (!strcmp(bug, \"not-cooperative\")) {\n"
    "    rounds<<<blocks, threads, 16>>>(n, steps, a, b, bad);\n    return 0;\n  }\n"
    "  void *args[] = {&n, &steps, &a, &b, &bad};\n"
    "  cudaError_t e = cudaLaunchCooperativeKernel((const void *)rounds, dim3(blocks), dim3(threads), args, 16, 0);\n"
    "  if (e != cudaSuccess) { printf(\"launch: %s\\n\", cudaGetErrorName(e)); return 2; }\n"
    "  cudaMemcpy(h, steps % 2 ? b : a, n * sizeof(float), cudaMemcpyDeviceToHost);\n"
    "  cudaMemcpy(&nbad, bad, sizeof(int), cudaMemcpyDeviceToHost);\n"
    "  for (int i = 0; i < n; i++) ref[i] = (float)(i % 17);\n"
    "  for (int r = 0; r < steps; r++) {\n"
    "    float *t = (float *)malloc(n * sizeof(float));\n"
    "    for (int i = 0; i < n; i++) t[i] = 0.5f * (ref[(i + n - 1) % n] + ref[(i + 1) % n]);\n"
    "    memcpy(ref, t, n * sizeof(float)); free(t);\n  }\n"
    "  int wrong = 0;\n"
    "  for (int i = 0; i < n; i++) wrong += h[i] != ref[i];\n"
    "  printf(\"%d wrong, %d blocks lost their shared memory\\n\", wrong, nbad);\n"
    "  return wrong || nbad;\n}\n";

Test(emu_programs, cooperative_launch_with_grid_wide_barriers, .timeout = 60) {
  EXPECT_SOURCE(persistent, "", 0, "1 SM, cooperative 1, 8 blocks of 256");
  EXPECT_SOURCE(persistent, "", 0, "0 wrong, 0 blocks lost their shared memory");
  EXPECT_SOURCE_ENV(persistent, "LITDNN_EMU_SCHEDULE=reverse", "", 0, "0 wrong, 0 blocks");
  EXPECT_SOURCE_ENV(persistent, "LITDNN_EMU_SCHEDULE=random LITDNN_EMU_SEED=7", "", 0,
                    "0 wrong, 0 blocks");
}

Test(emu_programs, cooperative_launch_faults, .timeout = 60) {
  EXPECT_SOURCE(persistent, "too-large", 2, "launch: cudaErrorCooperativeLaunchTooLarge");
  EXPECT_SOURCE(persistent, "too-large", 2, "litdnn-emu: cooperative launch of kernel 'rounds' "
                "failed: 9 blocks of 256 threads, but the emulated device holds only 8");
  EXPECT_SOURCE(persistent, "not-cooperative", 1, "kernel 'rounds' waits at a grid-wide "
                "barrier (grid.sync()), but it was launched with <<<...>>>");
  EXPECT_SOURCE(persistent, "early-return", 1, "litdnn-emu: kernel 'early_return' never "
                "finishes: every thread of block (1,0,0) returned while 1792 threads wait at "
                "the grid-wide barrier");
}

/* The C path, which compiles the library's kernels, with the chapter's
   programs: litdnn-emucc --c rewrites them into C and compiles them with gcc */
Test(emu_programs, the_c_path_runs_the_chapters_programs, .timeout = 90) {
  EXPECT("sgemm_tiled", "--c", "LITDNN_EMU_SCHEDULE=forward", 0, "matches the CPU");
  EXPECT("sgemm_tiled", "--c", "LITDNN_EMU_SCHEDULE=random LITDNN_EMU_SEED=5", 0,
         "matches the CPU");
  EXPECT("bug_missing_barrier", "--c", "", 1, "largest error nan: WRONG");
  EXPECT2("bug_float4_past_end", "--c", "", 1,
          "litdnn-emu: kernel 'scale4' block (0,0,0) thread (52,0,0): "
          "out-of-bounds read of 16 bytes at byte 832 of 'd_x' (840 bytes), "
          "its last 8 bytes past its end, at chapters/01-emulator.nw:", " (in scale4)");
  EXPECT("bug_host_pointer", "--c", "", 1, "argument 3 'x' of kernel 'scale' (the host passed 'x'");
}

Test(emu_programs, tiled_sgemm_matches_in_every_order, .timeout = 60) {
  EXPECT("sgemm_tiled", "", "LITDNN_EMU_SCHEDULE=forward", 0, "matches the CPU");
  EXPECT("sgemm_tiled", "", "LITDNN_EMU_SCHEDULE=reverse", 0, "matches the CPU");
  EXPECT("sgemm_tiled", "", "LITDNN_EMU_SCHEDULE=random LITDNN_EMU_SEED=3", 0,
         "matches the CPU");
}

Test(emu_programs, missing_barrier_reads_poison, .timeout = 60) {
  EXPECT("bug_missing_barrier", "", "", 1, "largest error nan: WRONG");
}

Test(emu_programs, missing_barrier_is_a_race, .timeout = 60) {
  EXPECT("bug_missing_barrier", "--check=race", "", 66,
         "ThreadSanitizer: data race");
}

Test(emu_programs, plain_add_is_a_race, .timeout = 60) {
  EXPECT("bug_plain_add", "--check=race", "", 66, "SUMMARY: ThreadSanitizer: data race");
}

Test(emu_programs, no_bounds_check_hits_the_guard_page, .timeout = 60) {
  /* the buffer named by the host's variable, the kernel's line */
  EXPECT2("bug_no_bounds_check", "", "", 1,
          "litdnn-emu: kernel 'scale' block (3,0,0) thread (232,0,0): "
          "out-of-bounds read of 4 bytes at byte 4000 of 'd_x' (4000 bytes), "
          "0 bytes past its end, at chapters/01-emulator.nw:", " (in scale)");
}

/* 210 floats are 840 bytes: the float4 at x[208] starts inside and ends 8
   bytes past the end, which a layout rounded up to 16 bytes did not see */
Test(emu_programs, float4_load_that_straddles_the_end, .timeout = 60) {
  EXPECT2("bug_float4_past_end", "", "", 1,
          "litdnn-emu: kernel 'scale4' block (0,0,0) thread (52,0,0): "
          "out-of-bounds read of 16 bytes at byte 832 of 'd_x' (840 bytes), "
          "its last 8 bytes past its end, at chapters/01-emulator.nw:", " (in scale4)");
}

Test(emu_programs, shared_off_by_one_in_the_memory_check, .timeout = 60) {
  EXPECT("bug_shared_off_by_one", "--check=memory", "", 1,
         "runtime error: index 256 out of bounds for type 'float [256]'");
}

Test(emu_programs, divergent_barrier_warns_and_fails_when_strict, .timeout = 60) {
  EXPECT("bug_divergent_barrier", "", "", 0,
         "litdnn-emu: warning: __syncthreads() in kernel 'block_sums' reached "
         "by only 232 of the 256 threads of block (3,0,0)");
  EXPECT("bug_divergent_barrier", "", "LITDNN_EMU_STRICT=1", 1,
         "litdnn-emu: __syncthreads() in kernel 'block_sums' reached by only 232");
}

Test(emu_programs, host_pointer_argument, .timeout = 60) {
  EXPECT2("bug_host_pointer", "", "", 1,
          "litdnn-emu: argument 3 'x' of kernel 'scale' (the host passed 'x' at "
          "chapters/01-emulator.nw:", ") is a host pointer, not device memory from cudaMalloc");
}

Test(emu_programs, too_many_threads, .timeout = 60) {
  EXPECT("bug_too_many_threads", "", "", 1,
         "litdnn-emu: launch of kernel 'scale' failed: block (2048,1,1) has 2048 threads");
}

Test(emu_programs, host_code_reading_device_memory, .timeout = 60) {
  EXPECT("bug_host_deref", "", "", 1,
         "litdnn-emu: host code: read of device memory at byte 0 of 'd_y' (4000 bytes)");
}

Test(emu_programs, unsupported_features_fail_to_compile, .timeout = 60) {
  static const char *cases[][2] = {
    {"__global__ void k(int *x) { asm(\"exit;\"); }", "inline PTX assembly (asm)"},
    {"__global__ void c(int *x) { }\n__global__ void k(int *x) { c<<<1, 1>>>(x); }",
     "dynamic parallelism"},
    {"__global__ void k(float *y, cudaTextureObject_t t) { y[0] = 0; }",
     "textures and surfaces"},
    {"#include <cuda_fp16.h>\n__global__ void k(__half *y) { }", "half precision"},
    {"#include <cooperative_groups.h>\nnamespace cg = cooperative_groups;\n"
     "__global__ void k(float *y) { cg::memcpy_async(y); }",
     "cooperative_groups::memcpy_async is not supported"},
    /* headers of what the emulator lacks, named before a toolkit on the
       machine could answer for them */
    {"#include <cuda/barrier>\n__global__ void k(float *y) { }", "cuda::barrier (<cuda/barrier>"},
    {"#include <cuda/pipeline>\n__global__ void k(float *y) { }", "cuda::pipeline"},
    {"#include <cooperative_groups/memcpy_async.h>\n__global__ void k(float *y) { }",
     "cooperative_groups::memcpy_async is not supported"},
    {"#include <cufft.h>\n__global__ void k(float *y) { }", "cuFFT (cufft.h)"},
    {"#include <curand.h>\n__global__ void k(float *y) { }", "cuRAND (curand.h)"},
    {"#include <cusparse.h>\n__global__ void k(float *y) { }", "cuSPARSE (cusparse.h)"},
    {"#include <cusolverDn.h>\n__global__ void k(float *y) { }", "cuSOLVER (cusolverDn.h)"},
    {"#include <cublas.h>\n__global__ void k(float *y) { }", "cuBLAS is not part of the emulator"},
    {"#include <nvrtc.h>\n__global__ void k(float *y) { }", "NVRTC (nvrtc.h"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char dir[] = "/tmp/litdnn-test-emu.XXXXXX", cmd[1024], out[4096];
    cr_assert_not_null(mkdtemp(dir));
    snprintf(cmd, sizeof cmd, "%s/k.cu", dir);
    FILE *f = fopen(cmd, "w");
    fprintf(f, "%s\nint main(void) { return 0; }\n", cases[i][0]);
    fclose(f);
    snprintf(cmd, sizeof cmd, "%s -c %s/k.cu -o %s/k.o > %s/log 2>&1", emucc,
             dir, dir, dir);
    int status = system(cmd);
    snprintf(cmd, sizeof cmd, "%s/log", dir);
    f = fopen(cmd, "r");
    size_t n = fread(out, 1, sizeof out - 1, f);
    out[n] = 0;
    fclose(f);
    cr_assert_neq(status, 0, "case %zu compiled", i);
    cr_assert(strstr(out, cases[i][1]) && strstr(out, "k.cu:"),
              "case %zu: expected \"%s\" in:\n%s", i, cases[i][1], out);
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd)) {
    }
  }
}

/* A kernel in a header of its own (.cuh), found through -I: the rewriter
   expands it, so its __shared__ array and its launch work; and a feature
   the emulator refuses is reported at the header's own line. */
static int compile_with_header(const char *header, const char *dir, char *out, size_t size) {
  char cmd[2048];
  snprintf(cmd, sizeof cmd, "mkdir -p %s/inc", dir);
  cr_assert_eq(system(cmd), 0);
  snprintf(cmd, sizeof cmd, "%s/inc/block_sum.cuh", dir);
  FILE *f = fopen(cmd, "w");
  fputs(header, f);
  fclose(f);
  snprintf(cmd, sizeof cmd, "%s/main.cu", dir);
  f = fopen(cmd, "w");
  fputs("#include <stdio.h>\n#include \"block_sum.cuh\"\n"
        "int main(void) {\n  float *d, h = 0;\n  cudaMalloc((void **)&d, sizeof(float));\n"
        "  block_sum<<<1, 64>>>(d);\n  cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);\n"
        "  printf(\"sum %g\\n\", h);\n  return h == 2016.0f ? 0 : 1;\n}\n", f);
  fclose(f);
  snprintf(cmd, sizeof cmd, "%s -I %s/inc %s/main.cu -o %s/prog > %s/log 2>&1 && %s/prog >> %s/log 2>&1",
           emucc, dir, dir, dir, dir, dir, dir);
  int status = system(cmd);
  snprintf(cmd, sizeof cmd, "%s/log", dir);
  f = fopen(cmd, "r");
  size_t n = f ? fread(out, 1, size - 1, f) : 0;
  out[n] = 0;
  if (f)
    fclose(f);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

Test(emu_programs, kernels_in_a_header_are_expanded, .timeout = 60) {
  char dir[] = "/tmp/litdnn-test-emu.XXXXXX", out[4096], cmd[1100];
  cr_assert_not_null(mkdtemp(dir));
  int st = compile_with_header("#ifndef BLOCK_SUM_CUH\n#define BLOCK_SUM_CUH\n"
                               "__global__ void block_sum(float *out) {\n"
                               "  __shared__ float v[64];\n  v[threadIdx.x] = threadIdx.x;\n"
                               "  __syncthreads();\n"
                               "  if (threadIdx.x == 0) { float s = 0; for (int i = 0; i < 64; i++) s += v[i]; *out = s; }\n"
                               "}\n#endif\n", dir, out, sizeof out);
  cr_assert_eq(st, 0, "exit status %d; output:\n%s", st, out);
  cr_assert(strstr(out, "sum 2016"), "output:\n%s", out);
  st = compile_with_header("__global__ void block_sum(float *out) {\n  *out = 0;\n  asm(\"exit;\");\n}\n", dir,
                           out, sizeof out);
  cr_assert_neq(st, 0, "an asm statement in a header compiled");
  cr_assert(strstr(out, "block_sum.cuh:3: error: litdnn-emu: inline PTX assembly"),
            "expected the header's line in:\n%s", out);
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  if (system(cmd)) {
  }
}

/* ---- CUDA C++ programs (tests/emu/NAME.cu) through litdnn-emucc ----
   NAME.cu prints what NAME.out holds, or plants a bug; a bug's program
   says in comments at its top what must happen:
     // emucc-flags: FLAGS        for litdnn-emucc (--check=race, -I...)
     // run-env: VAR=VALUE        for the run
     // expect-status: N          the exit status
     // expect-stderr: TEXT       in the messages (one line each, all of them)
     // expect-compile-error: TEXT   the compiler's messages instead */
struct emu_program { char name[96]; };

ParameterizedTestParameters(emu_cxx, programs) {
  static struct emu_program list[64];
  size_t n = 0;
  glob_t g;
  if (glob("tests/emu/*.cu", 0, NULL, &g) == 0) {
    for (size_t i = 0; i < g.gl_pathc && n < 64; i++) {
      const char *base = strrchr(g.gl_pathv[i], '/') + 1;
      snprintf(list[n++].name, sizeof list[0].name, "%.*s", (int)(strlen(base) - 3), base);
    }
    globfree(&g);
  }
  return cr_make_param_array(struct emu_program, list, n);
}

static char *slurp(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f)
    return NULL;
  static char text[1 << 16];
  size_t n = fread(text, 1, sizeof text - 1, f);
  text[n] = 0;
  fclose(f);
  char *copy = malloc(n + 1);
  memcpy(copy, text, n + 1);
  return copy;
}

/* the text after "// KEY: " on the k-th such line of source, or NULL */
static const char *header(const char *source, const char *key, int k, char *out, size_t n) {
  char tag[64];
  snprintf(tag, sizeof tag, "// %s: ", key);
  for (const char *at = source; (at = strstr(at, tag)); at += strlen(tag))
    if (k-- == 0) {
      at += strlen(tag);
      snprintf(out, n, "%.*s", (int)strcspn(at, "\n"), at);
      return out;
    }
  return NULL;
}

ParameterizedTest(struct emu_program *p, emu_cxx, programs, .timeout = 120) {
  char path[256], dir[] = "/tmp/litdnn-test-emu.XXXXXX", cmd[2048], flags[256] = "",
      env[256] = "", want[512];
  snprintf(path, sizeof path, "tests/emu/%s.cu", p->name);
  char *source = slurp(path);
  cr_assert_not_null(source, "cannot read %s", path);
  header(source, "emucc-flags", 0, flags, sizeof flags);
  header(source, "run-env", 0, env, sizeof env);
  cr_assert_not_null(mkdtemp(dir));
  snprintf(cmd, sizeof cmd, "%s %s %s -o %s/prog > %s/build 2>&1", emucc, flags, path, dir, dir);
  int built = system(cmd) == 0;
  snprintf(cmd, sizeof cmd, "%s/build", dir);
  char *build = slurp(cmd);
  if (header(source, "expect-compile-error", 0, want, sizeof want)) {
    cr_assert(!built, "%s compiled; expected the error \"%s\"", p->name, want);
    cr_assert(strstr(build, want), "%s: expected \"%s\" in:\n%s", p->name, want, build);
    return;
  }
  cr_assert(built, "%s does not compile:\n%s", p->name, build);
  /* the program runs with the sanitizers' defaults, not with the settings a
     sanitizer run of this suite gives its own process (abort_on_error) */
  snprintf(cmd, sizeof cmd, "env -u ASAN_OPTIONS -u UBSAN_OPTIONS -u LSAN_OPTIONS %s %s/prog > %s/out 2> %s/err",
           env, dir, dir, dir);
  int status = system(cmd);
  status = WIFEXITED(status) ? WEXITSTATUS(status) : 128;
  snprintf(cmd, sizeof cmd, "%s/out", dir);
  char *out = slurp(cmd);
  snprintf(cmd, sizeof cmd, "%s/err", dir);
  char *err = slurp(cmd);
  snprintf(cmd, sizeof cmd, "tests/emu/%s.out", p->name);
  char *expected = slurp(cmd);
  if (expected) {
    cr_assert_eq(status, 0, "%s: exit status %d; output:\n%s%s", p->name, status, out, err);
    cr_assert_str_eq(out, expected, "%s: the output differs from %s.out", p->name, p->name);
  } else {
    cr_assert_not_null(header(source, "expect-status", 0, want, sizeof want),
                       "%s has neither %s.out nor an expect-status line", p->name, p->name);
    cr_assert_eq(status, atoi(want), "%s: exit status %d, expected %s; messages:\n%s",
                 p->name, status, want, err);
    for (int k = 0; header(source, "expect-stderr", k, want, sizeof want); k++)
      cr_assert(strstr(err, want), "%s: expected \"%s\" in:\n%s", p->name, want, err);
  }
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  if (system(cmd)) {
  }
}
