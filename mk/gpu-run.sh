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
# (or all), or none for the suites on the device without a tool (split
# the same way, where the whole suite does not fit), PART a name from
# SANITIZE_PARTS below (or all). Each run's
# error summary goes to sanitize.txt, one line per (tool, part). Where a part
# does not fit, LITDNN_TEST_STAGES='name,name' (see the README) keeps only
# those stages' cases, e.g. one kernel just changed; SANITIZE_SPLIT=1 runs
# the tool once per test function, several at once, so that a run cut at
# the deadline (SANITIZE_SECONDS) still reports every function it finished.
# A run cut before its summary is reported as not finished, never as clean.
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
# The test functions of the suites a part's filter matches, as suite/name, from the binary's list.
part_tests() {
  local filter=$1 suite='' line
  shopt -s extglob
  build/tests/litdnn-tests --list 2>/dev/null | while IFS= read -r line; do
    if [[ $line =~ ^([A-Za-z0-9_]+):\ [0-9]+\ tests?$ ]]; then
      suite=${BASH_REMATCH[1]}
    elif [[ $line =~ ^(├──|└──)\ (.+)$ && -n $suite ]]; then
      local t="$suite/${BASH_REMATCH[2]}"
      # shellcheck disable=SC2053  # the filter is a pattern
      [[ $t == $filter ]] && echo "$t"
    fi
  done
}
# One compute-sanitizer run: sanitize_one TOOL PART FILTER LOG [I/K] prints the summary line;
# with I/K, only that part of each function's cases (LITDNN_TEST_PART, tests/common.c).
sanitize_one() {
  local tool=$1 part=$2 filter=$3 log=$4 cut=${5:-} label=$3 left rc errors synth
  [[ -n $cut ]] && label="$filter (part $cut)"
  left=$((SANITIZE_DEADLINE - $(date +%s)))
  if ((left < 10)); then
    printf '%-10s %-12s %-60s not run: the deadline had passed\n' "$tool" "$part" "$label"
    return
  fi
  # every test process (Criterion forks one per case) runs under the tool; with none, the cases alone
  local under=(compute-sanitizer --tool "$tool" --target-processes all --print-limit 50 --error-exitcode 99)
  [[ $tool == none ]] && under=()
  LITDNN_TEST_PART=$cut LITDNN_TEST_BACKENDS=cuda timeout "$left" "${under[@]}" \
    build/tests/litdnn-tests --filter "$filter" -j"${SANITIZE_JOBS:-4}" > "$log" 2>&1
  rc=$?
  # memcheck, synccheck and initcheck end with "ERROR SUMMARY: N errors", racecheck with
  # "RACECHECK SUMMARY: H hazards displayed (N errors, W warnings)"; a run cut by the deadline
  # (exit 124) has no summary and counts as not finished, never as clean; a run whose cases
  # never called CUDA (the tool then exits with 255) checked nothing and says so
  errors=$(grep -Eo 'ERROR SUMMARY: [0-9]+ error|RACECHECK SUMMARY: [0-9]+ hazards displayed \([0-9]+ error' \
             "$log" | grep -Eo '[0-9]+ error' | awk '{s += $1} END {print s + 0}')
  synth=$(grep -Eo 'Synthesis: .*' "$log" | tail -1)
  [[ $tool == none ]] && errors=-   # no tool: the exit status and the synthesis say it all
  if ((rc == 124)); then
    printf '%-10s %-12s %-60s cut at the deadline: not finished\n' "$tool" "$part" "$label"
  elif grep -q 'terminated before first instrumented API call' "$log"; then
    # the cases ran (their synthesis is kept) but none called CUDA: the tool had nothing to watch
    printf '%-10s %-12s %-60s no CUDA call: nothing checked  %s\n' "$tool" "$part" "$label" "$synth"
  else
    printf '%-10s %-12s %-60s errors %-5s exit %-3s %s\n' "$tool" "$part" "$label" "$errors" "$rc" "$synth"
  fi
}
# SANITIZE_SPLIT=1 runs the tool once per test function of the part rather than once over the
# part, SANITIZE_LANES of them at once: a run cut by the command's limit then still reports each
# function it finished. SANITIZE_CUTS=k (with the split) runs each function as k runs of a k-th of
# its cases, for functions too long for one command (racecheck over matmul's; a function without
# parameters runs whole in each of the k). SANITIZE_SECONDS (default 540) is the deadline of the
# whole step.
sanitize() {
  local tools=$1 parts=$2 tool part filter
  [[ $tools == all ]] && tools=memcheck,racecheck,synccheck,initcheck
  [[ $parts == all ]] && parts=$(printf '%s,' "${!SANITIZE_PARTS[@]}")
  SANITIZE_DEADLINE=$(($(date +%s) + ${SANITIZE_SECONDS:-540}))
  for tool in ${tools//,/ }; do
    for part in ${parts//,/ }; do
      filter=${SANITIZE_PARTS[$part]:-}
      [[ -n $filter ]] || { echo "gpu-run: no part '$part'" >&2; return 2; }
      if [[ $tool == none ]]; then echo "== the suites, no tool: $part"; else echo "== compute-sanitizer --tool $tool: $part"; fi
      if [[ ${SANITIZE_SPLIT:-0} == 1 ]]; then
        mkdir -p "$out/sanitize-$tool-$part"
        local pids=() t i=0
        local cuts=${SANITIZE_CUTS:-1} c cut
        while IFS= read -r t; do
          for ((c = 0; c < cuts; c++)); do
            cut=''; ((cuts > 1)) && cut="$c/$cuts"
            sanitize_one "$tool" "$part" "$t" "$out/sanitize-$tool-$part/${t//\//.}${cut:+.${cut/\//-of-}}.log" \
              "$cut" >> "$out/sanitize.txt" &
            pids+=($!)
            if (( ${#pids[@]} >= ${SANITIZE_LANES:-4} )); then
              wait "${pids[0]}"; pids=("${pids[@]:1}"); pack
            fi
          done
          i=$((i + 1))
        done < <(part_tests "$filter")
        wait
        echo "   $i test functions"
      else
        sanitize_one "$tool" "$part" "$filter" "$out/sanitize-$tool-$part.log" | tee -a "$out/sanitize.txt"
      fi
      pack
    done
  done
  tail -n 40 "$out/sanitize.txt"
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
