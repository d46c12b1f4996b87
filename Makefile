# litdnn — the one entry point.
#
#   make            install what is missing, tangle, build the library,
#                   the emulator's tools (litdnn-emucc) and litdnn-train,
#                   weave the book, build and run litdnn-check
#   make test       build and run the Criterion suites
#   make book       weave the book (HTML and PDF) into book/out/
#   make bench      run the benchmarks (GPU ones only where a GPU is)
#   make grade      grade the exercises
#   make install    install the library, headers and tools under PREFIX
#
# Recipes run under bash with pipefail, so a failing notangle or compiler in
# a pipeline stops the build.
SHELL := bash
.SHELLFLAGS := -eo pipefail -c
.DEFAULT_GOAL := all
.DELETE_ON_ERROR:

TANGLED  := tangled
BUILD    := build
CHAPTERS := $(sort $(wildcard chapters/*.nw))
PREFIX   ?= /usr/local
comma    := ,

# ---------------------------------------------------------------- packages
DEB_PACKAGES := gcc make python3 noweb pandoc libcriterion-dev \
  texlive-xetex texlive-latex-recommended texlive-fonts-recommended \
  lmodern fonts-dejavu-core graphviz gnuplot-nox chromium zlib1g-dev dataset-fashion-mnist

# ---------------------------------------------------------------- compilers
CC      := gcc
# The CUDA backend is built when nvcc is found, on PATH or in /usr/local/cuda.
NVCC    ?= $(firstword $(shell command -v nvcc 2>/dev/null) $(wildcard /usr/local/cuda/bin/nvcc))
CUDA_HOME ?= $(if $(NVCC),$(patsubst %/bin/nvcc,%,$(NVCC)))
# The one list of GPU architectures: machine code for sm_90 (H100/H200) and
# PTX for compute_90, which later GPUs compile at load time.
GPU_ARCHS ?= -gencode arch=compute_90,code=[sm_90,compute_90]
# Kernel files named *.sm90a.cuda.cu use Hopper's own instructions (wgmma),
# which exist only in the arch-specific target sm_90a: machine code for it
# alone, no PTX (their stages refuse to run on other GPUs).
GPU_ARCHS_SM90A ?= -gencode arch=compute_90a,code=sm_90a

# -------------------------------------------------------------- sanitizers
# make test SANITIZE=1 builds the library (its CPU and emulator backends),
# litdnn-check and the tests with AddressSanitizer and UBSan, in build-san/;
# SANITIZE=thread builds them with ThreadSanitizer, in build-tsan/. The CUDA
# backend is left out of both: these sanitizers watch host memory and host
# threads; compute-sanitizer (mk/gpu-run.sh) watches the device.
SANITIZE ?=
ifneq ($(SANITIZE),)
ifeq ($(SANITIZE),thread)
SAN_FLAGS := -fsanitize=thread
SAN_EMU   := -DLITDNN_EMU_TSAN
BUILD     := build-tsan
else
SAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=undefined
SAN_EMU   := -DLITDNN_EMU_ASAN
BUILD     := build-san
endif
NVCC      :=
CFLAGS    := -O1 -g -fno-omit-frame-pointer $(SAN_FLAGS) $(SAN_EMU)
endif
# Under ThreadSanitizer the emulator's runtime is left uninstrumented, as in
# its own race-check build: its CUDA threads are fibers that hand over to
# each other without synchronising, so its bookkeeping would read as races.
# Its lock and the kernels it runs stay visible to the sanitizer.
ifeq ($(SANITIZE),thread)
$(BUILD)/obj/emu/%.o: ALL_CFLAGS += -fno-sanitize=thread
endif

WARN     := -Wall -Wextra -Wno-unused-parameter -Wno-unused-function
CFLAGS   ?= -O2 -g
CPPFLAGS := -I$(TANGLED)/include -I$(TANGLED)/src $(if $(NVCC),-DLITDNN_HAVE_CUDA -I$(CUDA_HOME)/include)
ALL_CFLAGS := -std=gnu11 -fPIC $(WARN) $(CFLAGS) -MMD -MP
NVCCFLAGS ?= -O3 -lineinfo
# The kernels' fat binaries are compressed for size: the machine code is
# the same, the library a fraction of the size.
NVCC_FATBIN := --compress-mode=size
NVCC_COMMON := $(NVCCFLAGS) $(NVCC_FATBIN) -DLITDNN_CUDA -Xcompiler -fPIC$(comma)-Wall$(comma)-Wno-unused-function -MMD -MP
ALL_NVCCFLAGS := $(GPU_ARCHS) $(NVCC_COMMON)
CUDA_LIBS := $(if $(NVCC),-L$(CUDA_HOME)/lib64 -Wl$(comma)-rpath$(comma)$(CUDA_HOME)/lib64 -lcudart -lstdc++)
LIBS     := $(CUDA_LIBS) -lm -lpthread -ldl

# ------------------------------------------------------------------ sources
# Found after tangling (the recursive make below re-reads them).
C_SRCS   := $(shell find $(TANGLED)/src -name '*.c' 2>/dev/null | sort)
CU_SRCS  := $(shell find $(TANGLED)/src -name '*.cu' 2>/dev/null | sort)
# *.cuda.cu files (cuBLAS calls, tensor-core instructions) run on a real GPU
# only; every other kernel file is also compiled for the emulator.
EMU_CU_SRCS := $(filter-out %.cuda.cu,$(CU_SRCS))

C_OBJS    := $(patsubst $(TANGLED)/src/%.c,$(BUILD)/obj/%.o,$(C_SRCS))
CUDA_OBJS := $(if $(NVCC),$(patsubst $(TANGLED)/src/%.cu,$(BUILD)/cuda/%.o,$(CU_SRCS)))
EMU_OBJS  := $(patsubst $(TANGLED)/src/%.cu,$(BUILD)/emu/%.o,$(EMU_CU_SRCS))
LIB_OBJS  := $(C_OBJS) $(CUDA_OBJS) $(EMU_OBJS)
LIB_A     := $(BUILD)/lib/liblitdnn.a
LIB_SO    := $(BUILD)/lib/liblitdnn.so

REWRITE   := $(BUILD)/bin/litdnn-emu-rewrite
EMU_CPPFLAGS := -DLITDNN_EMU -I$(TANGLED)/emu/include -include litdnn_emu.h -I$(TANGLED)/include -I$(TANGLED)/src

# ------------------------------------------------------------------ targets
.PHONY: all deps tangle lib check test book book-check bench grade install clean distclean

all: deps tangle
	$(MAKE) --no-print-directory lib emu-tools $(TRAIN_BIN)
	$(MAKE) --no-print-directory book
	$(MAKE) --no-print-directory check

# Install the Debian packages that are missing; without root, say exactly
# what to run and stop.
deps:
	@missing=$$(for p in $(DEB_PACKAGES); do \
	  dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; done | xargs); \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing: $$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	  else \
	    echo "litdnn needs these Debian packages. Run, as root:"; \
	    echo "  apt-get install -y $$missing"; exit 1; \
	  fi; \
	fi

tangle:
	@mk/tangle.sh $(TANGLED) $(CHAPTERS)

lib: $(LIB_A) $(LIB_SO)

$(LIB_A): $(LIB_OBJS)
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $^

$(LIB_SO): $(LIB_OBJS)
	@mkdir -p $(@D)
	$(CC) -shared -o $@ $^ $(LIBS)

# Objects depend on the flags they were compiled with: a machine that gains
# or loses nvcc rebuilds with the right backends instead of linking stale
# objects.
FLAGS_STAMP := $(BUILD)/flags.stamp
FLAGS_NOW   := $(CC) $(CPPFLAGS) $(ALL_CFLAGS) | $(NVCC) $(ALL_NVCCFLAGS) | $(GPU_ARCHS_SM90A)
$(shell mkdir -p $(BUILD); [ "$$(cat $(FLAGS_STAMP) 2>/dev/null)" = '$(FLAGS_NOW)' ] || echo '$(FLAGS_NOW)' > $(FLAGS_STAMP))

$(BUILD)/obj/%.o: $(TANGLED)/src/%.c $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -c $< -o $@

$(BUILD)/cuda/%.o: $(TANGLED)/src/%.cu $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(NVCC) $(CPPFLAGS) $(ALL_NVCCFLAGS) -c $< -o $@

$(BUILD)/cuda/%.sm90a.cuda.o: $(TANGLED)/src/%.sm90a.cuda.cu $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(NVCC) $(CPPFLAGS) $(GPU_ARCHS_SM90A) $(NVCC_COMMON) -c $< -o $@

# The emulator's copy of a kernel file: expand its kernel headers (.cuh),
# rewrite the launches, compile as C.
$(BUILD)/emu/%.c: $(TANGLED)/src/%.cu $(REWRITE)
	@mkdir -p $(@D)
	$(REWRITE) -I$(TANGLED)/src -MF $(@:.c=.rw.d) -MT $@ $< > $@

$(BUILD)/emu/%.o: $(BUILD)/emu/%.c $(FLAGS_STAMP)
	$(CC) $(EMU_CPPFLAGS) $(ALL_CFLAGS) -c $< -o $@

-include $(wildcard mk/*.mk)
-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)

# ------------------------------------------------------------ litdnn-check
CHECK := $(BUILD)/bin/litdnn-check
$(CHECK): $(TANGLED)/tools/check/litdnn-check.c $(LIB_A)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) $< -o $@ $(LIB_A) $(LIBS)

check: $(CHECK)
	$(CHECK)

# ------------------------------------------------------------------- tests
# Every suite links into one program, so one Criterion synthesis line ends
# the run.
# The comparisons with the real cuDNN (tests/cudnn/) join the program when
# cuDNN's header is installed; on a machine without a GPU they skip.
HAVE_CUDNN := $(if $(NVCC),$(wildcard $(CUDA_HOME)/include/cudnn.h))
TEST_SRCS := $(sort $(wildcard tests/test_*.c)) tests/common.c tests/threads.c \
             $(if $(HAVE_CUDNN),$(sort $(wildcard tests/cudnn/*.c)))
TEST_BIN  := $(BUILD)/tests/litdnn-tests
# TEST_KERNEL_OBJS: the test-only kernels of mk/test-kernels.mk
$(TEST_BIN): $(TEST_SRCS) tests/common.h tests/threads.h $(LIB_A) $(TEST_KERNEL_OBJS)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) -Itests -DT_BUILD_DIR='"$(BUILD)"' $(ALL_CFLAGS) $(TEST_SRCS) $(TEST_KERNEL_OBJS) -o $@ $(LIB_A) -lcriterion \
	  $(if $(HAVE_CUDNN),-lcudnn) $(TEST_LDLIBS) $(LIBS)

# The public functions of the headers, one LITDNN_API_FUNCTION(name) a line:
# every litdnnX( left once the comments are gone (declarations, and the
# function-like macros such as litdnnCreate). The bad-input suite fails for
# each one that has no case.
API_FUNCTIONS := $(BUILD)/tests/api_functions.inc
$(API_FUNCTIONS): $(TANGLED)/include/litdnn.h $(wildcard $(TANGLED)/include/litdnn/*.h)
	@mkdir -p $(@D)
	cat $^ | $(CC) -fpreprocessed -dD -E -P -x c - | grep -oE '\blitdnn[A-Z][A-Za-z0-9_]*[[:space:]]*\(' | \
	  sed -E 's/[[:space:]]*\($$//' | LC_ALL=C sort -u | sed 's/.*/LITDNN_API_FUNCTION(&)/' > $@
$(TEST_BIN): $(API_FUNCTIONS) tests/bad_input.h
$(TEST_BIN): private CPPFLAGS += -I$(BUILD)/tests

# The two-thread check as a program of its own, for ThreadSanitizer, under
# which Criterion cannot start.
THREADS_BIN := $(BUILD)/tests/litdnn-threads
$(THREADS_BIN): tests/threads_main.c tests/threads.c tests/threads.h $(LIB_A)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) -Itests $(ALL_CFLAGS) tests/threads_main.c tests/threads.c -o $@ $(LIB_A) $(LIBS)

TEST_PREREQS ?=
# A sanitizer's first report ends the test case that made it, with the report.
# An allocation larger than any machine has returns NULL under ASan as it does
# without it (the bad-input table asks for one), instead of stopping the case.
# They run one problem in TEST_SUBSET of each stage's list (tests/common.c).
# mk/run-tests.sh runs the binary, and runs a test once more when a worker
# died outside its body after its cases had passed (the script says why).
TEST_SUBSET ?= 4
SAN_ENV := $(if $(SANITIZE),LITDNN_TEST_SUBSET=$(TEST_SUBSET) ASAN_OPTIONS=abort_on_error=1:detect_leaks=1:allocator_may_return_null=1 LSAN_OPTIONS=suppressions=tests/lsan.supp:print_suppressions=0 \
  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 TSAN_OPTIONS=halt_on_error=1)
ifeq ($(SANITIZE),thread)
test: deps tangle
	$(MAKE) --no-print-directory $(THREADS_BIN)
	$(SAN_ENV) $(THREADS_BIN)
else
test: deps tangle
	mk/lint-api.sh $(TANGLED)
	$(MAKE) --no-print-directory $(TEST_BIN) $(if $(SANITIZE),$(filter-out grade-selftest,$(TEST_PREREQS)),$(TEST_PREREQS))
	$(SAN_ENV) mk/run-tests.sh $(TEST_BIN) $(TEST_ARGS)
endif

# ----------------------------------------------------------------- install
install: lib
	install -d $(DESTDIR)$(PREFIX)/lib $(DESTDIR)$(PREFIX)/include/litdnn $(DESTDIR)$(PREFIX)/bin
	install -m 644 $(LIB_A) $(LIB_SO) $(DESTDIR)$(PREFIX)/lib/
	install -m 644 $(TANGLED)/include/litdnn.h $(DESTDIR)$(PREFIX)/include/
	install -m 644 $(TANGLED)/include/litdnn/*.h $(DESTDIR)$(PREFIX)/include/litdnn/
	$(if $(wildcard $(CHECK)),install -m 755 $(CHECK) $(DESTDIR)$(PREFIX)/bin/)

clean:
	rm -rf $(BUILD) build-san build-tsan build-fuzz

distclean: clean
	rm -rf book/out
