/* Exercise 02-transpose: a known-wrong solution (wrong-no-barrier), for the grader's self-test. */
#include "core/gpu.h"
#include "exercise.h"

#define TILE 32        /* a block transposes one TILE x TILE tile */
#define TILE_ROWS 8    /* the block is TILE x TILE_ROWS threads: each copies TILE/TILE_ROWS elements */

/* One block moves the tile of x whose corner is (row0, col0) = (blockIdx.y,
   blockIdx.x) * TILE into y, where its corner is (col0, row0). */
static __global__ void transpose_tiled(const float *x, float *y, int rows, int cols)
{
  __shared__ float tile[TILE][TILE + 1];   /* +1: columns fall into different banks */
  int row0 = blockIdx.y * TILE, col0 = blockIdx.x * TILE;

  /* Read: thread (tx, ty) reads x[row0 + j][col0 + tx] for j = ty, ty + TILE_ROWS, ...
     so neighbouring threads read neighbouring addresses (coalesced). */
  for (int j = threadIdx.y; j < TILE; j += TILE_ROWS) {
    int r = row0 + j, c = col0 + threadIdx.x;
    if (r < rows && c < cols)
      tile[j][threadIdx.x] = x[(size_t)r * cols + c];
  }

  /* wrong: no barrier, so a thread may read tile entries before their owners wrote them */

  /* Write: thread (tx, ty) writes y[col0 + j][row0 + tx], again neighbouring
     threads at neighbouring addresses; the value is the tile's element that
     belongs there. */
  for (int j = threadIdx.y; j < TILE; j += TILE_ROWS) {
    int r = col0 + j, c = row0 + threadIdx.x;   /* row and column in y (cols x rows) */
    if (r < cols && c < rows)
      y[(size_t)r * rows + c] = tile[threadIdx.x][j];
  }
}

litdnnStatus_t exercise_transpose(litdnnHandle_t h, const float *x, float *y, int rows, int cols)
{
  if (rows <= 0 || cols <= 0)
    return LITDNN_STATUS_SUCCESS;
  dim3 block = litdnn_dim3(TILE, TILE_ROWS, 1);
  dim3 grid = litdnn_dim3((unsigned)((cols + TILE - 1) / TILE), (unsigned)((rows + TILE - 1) / TILE), 1);
  transpose_tiled<<<grid, block, 0, litdnn_gpu_stream(h)>>>(x, y, rows, cols);
  return litdnn_gpu_launch_status("exercise_transpose", "transpose_tiled");
}
