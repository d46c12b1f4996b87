#!/usr/bin/env python3
# numba_sgemm.py N: the tiled SGEMM of chapter 1 under Numba's CUDA
# simulator, for comparison with the emulator. Run by make bench-emu.
# Generated from chapters/01-emulator.nw; edit the chapter, not this file.
import os
import sys
import time

os.environ.setdefault("NUMBA_ENABLE_CUDASIM", "1")
import numpy as np
from numba import cuda, float32

TILE = 16


@cuda.jit
def sgemm_tiled(n, a, b, c):
    a_tile = cuda.shared.array((TILE, TILE), float32)
    b_tile = cuda.shared.array((TILE, TILE), float32)
    tx, ty = cuda.threadIdx.x, cuda.threadIdx.y
    row, col = cuda.blockIdx.y * TILE + ty, cuda.blockIdx.x * TILE + tx
    acc = float32(0.0)
    for t in range(0, n, TILE):
        a_tile[ty, tx] = a[row * n + t + tx] if row < n and t + tx < n else float32(0.0)
        b_tile[ty, tx] = b[(t + ty) * n + col] if t + ty < n and col < n else float32(0.0)
        cuda.syncthreads()
        for k in range(TILE):
            acc += a_tile[ty, k] * b_tile[k, tx]
        cuda.syncthreads()
    if row < n and col < n:
        c[row * n + col] = acc


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 64
    zeros = np.zeros(n * n, np.float32)
    a, b, c = (cuda.to_device(zeros) for _ in range(3))
    blocks = (n + TILE - 1) // TILE
    t0 = time.perf_counter()
    sgemm_tiled[(blocks, blocks), (TILE, TILE)](n, a, b, c)
    cuda.synchronize()
    seconds = time.perf_counter() - t0
    print("numba CUDA simulator: sgemm_tiled %dx%dx%d: %.1f s (one run)" % (n, n, n, seconds))


if __name__ == "__main__":
    main()
