# Fuzzing: one libFuzzer target per family of operations (tests/fuzz/fuzz_*.c),
# linked against the library built with clang, AddressSanitizer and UBSan
# (the CPU and emulator backends), in build-fuzz/.
#
#   make fuzz                          every target for FUZZ_SECONDS (20) each
#   make fuzz FUZZ=matmul FUZZ_SECONDS=3600 FUZZ_JOBS=2
#   make fuzz FUZZ_RUNS=2000 FUZZ_SEED=1   the same 2000 inputs each time (CI)
#   make fuzz-regress                  replay the saved inputs of every crash found
#
# Each target first replays tests/fuzz/regressions/NAME/ (the inputs of crashes
# found and fixed), then fuzzes from its corpus (build-fuzz/corpus/NAME, kept
# between runs). A crash leaves its input in build-fuzz/crashes/; once fixed,
# it is committed to tests/fuzz/regressions/NAME/.
FUZZ_PACKAGES := clang libclang-rt-dev
FUZZ_BUILD    := build-fuzz
FUZZ_SAN      := -fsanitize=address,undefined -fno-sanitize-recover=undefined
FUZZ_CFLAGS   := -O1 -g -fno-omit-frame-pointer $(FUZZ_SAN) -DLITDNN_EMU_ASAN
FUZZ_NAMES    := $(patsubst tests/fuzz/fuzz_%.c,%,$(wildcard tests/fuzz/fuzz_*.c))
FUZZ          ?= $(FUZZ_NAMES)
FUZZ_SECONDS  ?= 20
# FUZZ_RUNS=N FUZZ_SEED=S: N inputs from seed S, then stop (FUZZ_SECONDS stays
# a cap); with an empty corpus the same inputs every time, as CI wants.
FUZZ_RUNS     ?=
FUZZ_SEED     ?=
FUZZ_JOBS     ?= 1
FUZZ_BINS     := $(patsubst %,$(FUZZ_BUILD)/fuzz/fuzz_%,$(FUZZ_NAMES))
FUZZ_OPTIONS  := -max_len=2048 -timeout=60 -rss_limit_mb=4096 -print_final_stats=1
# LITDNN_EMU_ABORT: an out-of-bounds access that the emulator catches ends
# in abort(), so that libFuzzer keeps the input (exit status 1 would not)
FUZZ_ENV      := ASAN_OPTIONS=abort_on_error=1:detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
                 LITDNN_EMU_ABORT=1

.PHONY: fuzz fuzz-deps fuzz-build fuzz-regress
fuzz-deps:
	@$(MAKE) --no-print-directory deps DEB_PACKAGES='$(FUZZ_PACKAGES)'

# The library, built as the fuzz targets need it, by a make of its own in
# build-fuzz/; then the targets.
fuzz-build: fuzz-deps tangle
	@$(MAKE) --no-print-directory lib BUILD=$(FUZZ_BUILD) CC=clang NVCC= \
	  CFLAGS='$(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link'
	@$(MAKE) --no-print-directory $(FUZZ_BINS)

$(FUZZ_BUILD)/fuzz/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz.c tests/fuzz/fuzz.h $(FUZZ_BUILD)/lib/liblitdnn.a
	@mkdir -p $(@D)
	clang $(FUZZ_CFLAGS) -fsanitize=fuzzer -I$(TANGLED)/include tests/fuzz/fuzz.c $< \
	  $(FUZZ_BUILD)/lib/liblitdnn.a -lm -lpthread -ldl -o $@

fuzz-regress: fuzz-build
	@for t in $(FUZZ_NAMES); do \
	  set -- tests/fuzz/regressions/$$t/*; [ -e "$$1" ] || continue; \
	  echo "== fuzz_$$t: replaying $$# saved inputs"; \
	  $(FUZZ_ENV) $(FUZZ_BUILD)/fuzz/fuzz_$$t $(FUZZ_OPTIONS) "$$@" > $(FUZZ_BUILD)/regress_$$t.log 2>&1 \
	    || { tail -60 $(FUZZ_BUILD)/regress_$$t.log; exit 1; }; \
	  tail -1 $(FUZZ_BUILD)/regress_$$t.log; \
	done

fuzz: fuzz-regress
	@mkdir -p $(FUZZ_BUILD)/crashes
	@for t in $(FUZZ); do \
	  mkdir -p $(FUZZ_BUILD)/corpus/$$t; \
	  echo "== fuzz_$$t: $(FUZZ_SECONDS) s"; \
	  $(FUZZ_ENV) $(FUZZ_BUILD)/fuzz/fuzz_$$t $(FUZZ_OPTIONS) -max_total_time=$(FUZZ_SECONDS) \
	    $(if $(FUZZ_RUNS),-runs=$(FUZZ_RUNS)) $(if $(FUZZ_SEED),-seed=$(FUZZ_SEED)) \
	    -jobs=$(FUZZ_JOBS) -workers=$(FUZZ_JOBS) -artifact_prefix=$(FUZZ_BUILD)/crashes/$$t- \
	    $(FUZZ_BUILD)/corpus/$$t $$(ls -d tests/fuzz/seeds/$$t 2>/dev/null) \
	    > $(FUZZ_BUILD)/fuzz_$$t.log 2>&1 || { tail -60 $(FUZZ_BUILD)/fuzz_$$t.log; exit 1; }; \
	  grep -E '^stat::(number_of_executed_units|peak_rss_mb)|^Done [0-9]+ runs' $(FUZZ_BUILD)/fuzz_$$t.log | tr '\n' ' '; echo; \
	done
