# mk/emu.mk -- the CUDA-on-CPU emulator: rewriter, runtime variants,
# litdnn-emucc, examples and benchmark.  Included by the main Makefile.
TANGLED ?= tangled
BUILD ?= build
CC ?= gcc
PREFIX ?= /usr/local

EMU_SRC_DIR := $(TANGLED)/src/emu
EMU_INC_DIR := $(TANGLED)/emu/include
EMU_RUNTIME_SRC := $(wildcard $(EMU_SRC_DIR)/*.c)
EMU_RUNTIME_HDR := $(wildcard $(EMU_SRC_DIR)/*.h) $(wildcard $(EMU_INC_DIR)/*.h)
EMU_REWRITE := $(BUILD)/bin/litdnn-emu-rewrite
EMU_EMUCC := $(BUILD)/bin/litdnn-emucc
EMU_RT_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -fPIC
EMU_VARIANTS := plain memory race
EMU_VARIANT_FLAGS_plain :=
EMU_VARIANT_FLAGS_memory := -DLITDNN_EMU_ASAN
EMU_VARIANT_FLAGS_race := -DLITDNN_EMU_TSAN
EMU_LIB_plain := $(BUILD)/lib/liblitdnn-emu.a
EMU_LIB_memory := $(BUILD)/lib/liblitdnn-emu-memory.a
EMU_LIB_race := $(BUILD)/lib/liblitdnn-emu-race.a
EMU_LIBS := $(EMU_LIB_plain) $(EMU_LIB_memory) $(EMU_LIB_race)
# The library's kernels for the emulator: DWARF 4 line tables, which
# addr2line reads back to the chapter lines that the #line directives name
# (binutils 2.40 names the rewritten file from a DWARF 5 table), so that
# an out-of-bounds message points into the chapter.
EMU_CPPFLAGS += -gdwarf-4
# every file: libcu++'s headers (cuda/barrier) have no extension
EMU_HEADERS := $(shell find $(EMU_INC_DIR) -type f 2>/dev/null | sort)
EMU_HEADERS_INSTALLED := $(patsubst $(EMU_INC_DIR)/%,$(BUILD)/include/litdnn-emu/%,\
                           $(EMU_HEADERS))
EMU_TOOLS := $(EMU_REWRITE) $(EMU_EMUCC) $(EMU_LIBS) $(EMU_HEADERS_INSTALLED)
EMU_EXAMPLES := $(wildcard $(TANGLED)/examples/emu/*.cu)

.PHONY: emu-tools emu-examples bench-emu install-emu

emu-tools: $(EMU_TOOLS)

$(EMU_REWRITE): $(TANGLED)/tools/emu/rewrite.c
	@mkdir -p $(dir $@)
	$(CC) -std=gnu11 -O2 -g -Wall -Wextra -o $@ $<

$(EMU_EMUCC): $(TANGLED)/tools/emu/litdnn-emucc
	@mkdir -p $(dir $@)
	install -m 755 $< $@

$(BUILD)/include/litdnn-emu/%: $(EMU_INC_DIR)/%
	@mkdir -p $(dir $@)
	cp $< $@

# the runtime, three ways: plain, for --check=memory, for --check=race
define EMU_VARIANT_RULES
$(BUILD)/emu-rt/$(1)/%.o: $(EMU_SRC_DIR)/%.c $(EMU_RUNTIME_HDR)
	@mkdir -p $$(dir $$@)
	$(CC) $(EMU_RT_CFLAGS) $(EMU_VARIANT_FLAGS_$(1)) -c -o $$@ $$<
$(EMU_LIB_$(1)): $(patsubst $(EMU_SRC_DIR)/%.c,$(BUILD)/emu-rt/$(1)/%.o,$(EMU_RUNTIME_SRC))
	@mkdir -p $$(dir $$@)
	rm -f $$@
	ar rcs $$@ $$^
endef
$(foreach v,$(EMU_VARIANTS),$(eval $(call EMU_VARIANT_RULES,$(v))))

# every example program, compiled through litdnn-emucc
$(BUILD)/emu-examples/%: $(TANGLED)/examples/emu/%.cu $(EMU_TOOLS)
	@mkdir -p $(dir $@)
	$(EMU_EMUCC) $< -o $@
emu-examples: $(patsubst $(TANGLED)/examples/emu/%.cu,$(BUILD)/emu-examples/%,$(EMU_EXAMPLES))

$(BUILD)/bin/emu-bench: $(TANGLED)/tools/emu/emu-bench.cu $(EMU_TOOLS)
	$(EMU_EMUCC) -O2 $< -o $@

# the peer: Numba's CUDA simulator, when Numba is installed, at
# EMU_BENCH_NUMBA_N^3 (64 by default; 256, the emulator's size, takes minutes)
EMU_BENCH_NUMBA_N ?= 64
bench-emu: $(BUILD)/bin/emu-bench
	$(BUILD)/bin/emu-bench $(EMU_BENCH_NUMBA_N)
	@if python3 -c 'import numba' 2>/dev/null; then \
	  NUMBA_ENABLE_CUDASIM=1 python3 $(TANGLED)/tools/emu/numba_sgemm.py $(EMU_BENCH_NUMBA_N); \
	else echo "numba is not installed (pip install numba): no peer to compare with"; fi

install-emu: $(EMU_TOOLS)
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib \
	  $(DESTDIR)$(PREFIX)/include/litdnn-emu
	install -m 755 $(EMU_REWRITE) $(EMU_EMUCC) $(DESTDIR)$(PREFIX)/bin/
	install -m 644 $(EMU_LIBS) $(DESTDIR)$(PREFIX)/lib/
	cd $(BUILD)/include/litdnn-emu && find . -type f -exec install -D -m 644 {} \
	  $(abspath $(DESTDIR)$(PREFIX))/include/litdnn-emu/{} \;

# make test runs tests/test_emu.c, which compiles the examples with
# litdnn-emucc: build the tools first.
TEST_PREREQS += emu-tools
install: install-emu
