#!/usr/bin/env bash
# Run on the GPU machine, from the repository root, after building here:
# the test suites on the real device (cuDNN comparisons included),
# litdnn-check, and the benchmarks; results and logs go to $OUT.
#
#   mk/gpu-run.sh [tests] [check] [bench] [BENCH_ARGS...]
set -uo pipefail
# Everything is written under one folder and packed into one archive at the
# end: the device tool brings back only a few files.
out=/tmp/litdnn-gpu-out
rm -rf "$out"; mkdir -p "$out"
trap 'tar -C "$out" -czf "${OUT:-/tmp}/gpu-out.tgz" .' EXIT
export LD_LIBRARY_PATH=$PWD/build/gpu-libs:${LD_LIBRARY_PATH:-}
# cuDNN may live outside the loader's path (a Python wheel, say): find it.
if ! ldconfig -p | grep -q libcudnn.so.9; then
  dir=$(dirname "$(find / -name 'libcudnn.so.9' -not -path '/proc/*' 2>/dev/null | head -1)" 2>/dev/null)
  [ -n "$dir" ] && export LD_LIBRARY_PATH=$dir:$LD_LIBRARY_PATH
fi
# The public problem sets live beside the repository (../shared/bench); the
# build carries a copy for machines that have none.
if [ ! -d ../shared/bench ] && [ -d build/shared-bench ]; then
  mkdir -p ../shared && cp -r build/shared-bench ../shared/bench
fi
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv | tee "$out/gpu.txt"
what=${1:-all}
if [[ $what == all || $what == *tests* ]]; then
  echo "== test suites on the GPU (backends cpu, emu skipped for time; cuda)"
  LITDNN_TEST_BACKENDS=${LITDNN_TEST_BACKENDS:-cpu,cuda} build/tests/litdnn-tests ${TEST_ARGS:-} 2>&1 | tee "$out/tests.log" | tail -40
fi
if [[ $what == all || $what == *check* ]]; then
  echo "== litdnn-check"
  build/bin/litdnn-check 2>&1 | tee "$out/check.log"
fi
if [[ $what == all || $what == *bench* ]]; then
  mkdir -p "$out/results"
  for b in build/bench/bench_*; do
    [ -x "$b" ] || continue
    name=${b##*/bench_}
    echo "== $b"
    "$b" --csv "$out/results/$name.csv" ${BENCH_ARGS:-} 2>&1 | tee "$out/bench-$name.log"
  done
fi
