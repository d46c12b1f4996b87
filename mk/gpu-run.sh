#!/usr/bin/env bash
# Run on the GPU machine, from the repository root, after building here:
# the test suites on the real device (cuDNN comparisons included),
# litdnn-check, and the benchmarks; results and logs go to $OUT.
#
#   mk/gpu-run.sh [tests] [check] [bench] [BENCH_ARGS...]
#   mk/gpu-run.sh sanitize TOOL[,TOOL...] PART[,PART...]
#
# `sanitize` runs the CUDA-backend test cases under compute-sanitizer, one
# tool and one part of the suites at a time, so that each run fits a
# ten-minute command: TOOL is memcheck, racecheck, synccheck or initcheck
# (or all), PART a name from SANITIZE_PARTS below (or all). Each run's
# error summary goes to sanitize.txt, one line per (tool, part). Where a part
# does not fit, LITDNN_TEST_STAGES='name,name' (see the README) keeps only
# those stages' cases, e.g. one kernel just changed.
set -uo pipefail
# Everything is written under one folder and packed into one archive: the
# device tool brings back only a few files. The archive is packed again
# after every step, under a temporary name and then renamed, so that a run
# killed at its time limit (even while packing) still brings back every
# step that finished.
out=/tmp/litdnn-gpu-out
rm -rf "$out"; mkdir -p "$out"
pack() {
  tar -C "$out" -czf "${OUT:-/tmp}/gpu-out.tgz.part" . && mv "${OUT:-/tmp}/gpu-out.tgz.part" "${OUT:-/tmp}/gpu-out.tgz"
}
trap pack EXIT
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
# The suites, in parts of about equal length on the device.
declare -A SANITIZE_PARTS=(
  [core]='@(core|tensor_descriptor|stages|tensor_ops*|threads|memory|training)/*'
  [activation]='@(activation*|dropout*)/*'
  [matmul]='matmul*/*'
  [convolution]='convolution*/*'
  [pooling]='pooling*/*'
  [softmax]='softmax*/*'
  [batchnorm]='batchnorm*/*'
  [lrn]='lrn*/*'
  [rnn]='rnn*/*'
)
sanitize() {
  local tools=$1 parts=$2 tool part filter
  [[ $tools == all ]] && tools=memcheck,racecheck,synccheck,initcheck
  [[ $parts == all ]] && parts=$(printf '%s,' "${!SANITIZE_PARTS[@]}")
  for tool in ${tools//,/ }; do
    for part in ${parts//,/ }; do
      filter=${SANITIZE_PARTS[$part]:-}
      [[ -n $filter ]] || { echo "gpu-run: no part '$part'" >&2; return 2; }
      echo "== compute-sanitizer --tool $tool: $part"
      # every test process (Criterion forks one per case) runs under the tool
      LITDNN_TEST_BACKENDS=cuda compute-sanitizer --tool "$tool" --target-processes all \
        --print-limit 50 --error-exitcode 99 \
        build/tests/litdnn-tests --filter "$filter" -j4 > "$out/sanitize-$tool-$part.log" 2>&1
      local rc=$?
      local errors
      # memcheck, synccheck and initcheck end with "ERROR SUMMARY: N errors", racecheck with
      # "RACECHECK SUMMARY: H hazards displayed (N errors, W warnings)"
      errors=$(grep -Eo 'ERROR SUMMARY: [0-9]+ error|RACECHECK SUMMARY: [0-9]+ hazards displayed \([0-9]+ error' \
                 "$out/sanitize-$tool-$part.log" | grep -Eo '[0-9]+ error' | awk '{s += $1} END {print s + 0}')
      local synth
      synth=$(grep -Eo 'Synthesis: .*' "$out/sanitize-$tool-$part.log" | tail -1)
      printf '%-10s %-12s errors %-5s exit %-3s %s\n' "$tool" "$part" "$errors" "$rc" "$synth" |
        tee -a "$out/sanitize.txt"
      pack
    done
  done
}

what=${1:-all}
if [[ $what == sanitize ]]; then
  sanitize "${2:-all}" "${3:-all}"
  exit
fi
if [[ $what == all || $what == *tests* ]]; then
  echo "== test suites on the GPU (backends cpu, emu skipped for time; cuda)"
  LITDNN_TEST_BACKENDS=${LITDNN_TEST_BACKENDS:-cpu,cuda} build/tests/litdnn-tests ${TEST_ARGS:-} 2>&1 | tee "$out/tests.log" | tail -40
  pack
fi
if [[ $what == all || $what == *check* ]]; then
  echo "== litdnn-check"
  build/bin/litdnn-check 2>&1 | tee "$out/check.log"
  pack
fi
if [[ $what == all || $what == *bench* ]]; then
  mkdir -p "$out/results"
  for b in build/bench/bench_*; do
    [ -x "$b" ] || continue
    name=${b##*/bench_}
    echo "== $b"
    "$b" --csv "$out/results/$name.csv" ${BENCH_ARGS:-} 2>&1 | tee "$out/bench-$name.log"
    pack
  done
fi
