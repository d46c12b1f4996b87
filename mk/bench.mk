# Benchmarks: every tangled/bench/bench_NAME.cu is a program, built with nvcc
# against the library, cuBLAS and cuDNN; `make bench` runs each on the GPU
# and writes book/results/NAME.csv (and NAME.env.csv).  Without a GPU each
# program says so and exits.
BENCH_SRCS := $(sort $(wildcard $(TANGLED)/bench/bench_*.cu))
BENCH_BINS := $(if $(NVCC),$(patsubst $(TANGLED)/bench/%.cu,$(BUILD)/bench/%,$(BENCH_SRCS)))
BENCH_LIBS := -L$(CUDA_HOME)/lib64 -lcudnn -lcublas -lcudart -lm -lpthread -ldl
BENCH_RESULTS := book/results

.PHONY: bench-build bench-gpu
bench-build: $(BENCH_BINS)

$(BUILD)/bench/bench.o: $(TANGLED)/bench/bench.c $(TANGLED)/bench/bench.h
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) -I$(TANGLED)/bench $(ALL_CFLAGS) -c $< -o $@

# The programs link the shared library (found through their run path, so a
# copy of build/ can move to another machine as a whole): nine programs then
# share one copy of the kernels instead of carrying one each.
$(BUILD)/bench/bench_%: $(TANGLED)/bench/bench_%.cu $(BUILD)/bench/bench.o $(LIB_SO)
	@mkdir -p $(@D)
	$(NVCC) $(CPPFLAGS) -I$(TANGLED)/bench -I$(BUILD)/bench $(GPU_ARCHS) $(NVCCFLAGS) $< $(BUILD)/bench/bench.o \
	  -L$(BUILD)/lib -llitdnn -Xlinker -rpath -Xlinker '$$ORIGIN/../lib' -o $@ $(BENCH_LIBS)

# bench_matmul --sweep compiles shapes of the tuned kernel when it runs,
# with the nvcc and the flags of the library's own kernel files: make
# writes them into a header for it.
MATMUL_SWEEP_FLAGS := $(GPU_ARCHS) $(filter-out -MMD -MP,$(NVCC_COMMON)) -DLITDNN_HAVE_CUDA
$(BUILD)/bench/matmul_sweep_flags.h: $(FLAGS_STAMP)
	@mkdir -p $(@D)
	printf '#define MATMUL_SWEEP_NVCC "%s"\n#define MATMUL_SWEEP_FLAGS "%s"\n' '$(NVCC)' '$(MATMUL_SWEEP_FLAGS)' > $@
$(BUILD)/bench/bench_matmul: $(BUILD)/bench/matmul_sweep_flags.h

bench-gpu: bench-build
	@mkdir -p $(BENCH_RESULTS)
	@for b in $(BENCH_BINS); do name=$${b##*/bench_}; \
	  echo "== $$b"; $$b --csv $(BENCH_RESULTS)/$$name.csv $(BENCH_ARGS); done

# The emulator's own benchmark (mk/emu.mk) runs on any machine.
bench: bench-gpu
	$(MAKE) --no-print-directory bench-emu
