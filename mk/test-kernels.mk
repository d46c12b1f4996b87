# Test-only kernels: tests/kernels/*.cu are members of the library's kernel
# families that the library does not ship (shapes of the tuned kernel that
# take the code paths its own shape does not). They are built like the
# library's kernel files -- for the emulator, and for CUDA where nvcc is --
# and linked into the test program only.
TEST_KERNEL_SRCS := $(sort $(wildcard tests/kernels/*.cu))
TEST_KERNEL_OBJS := $(patsubst tests/kernels/%.cu,$(BUILD)/tests/kernels/emu/%.o,$(TEST_KERNEL_SRCS)) \
  $(if $(NVCC),$(patsubst tests/kernels/%.cu,$(BUILD)/tests/kernels/cuda/%.o,$(TEST_KERNEL_SRCS)))

$(BUILD)/tests/kernels/emu/%.c: tests/kernels/%.cu $(REWRITE)
	@mkdir -p $(@D)
	$(REWRITE) -I$(TANGLED)/src -MF $(@:.c=.rw.d) -MT $@ $< > $@

$(BUILD)/tests/kernels/emu/%.o: $(BUILD)/tests/kernels/emu/%.c $(FLAGS_STAMP)
	$(CC) $(EMU_CPPFLAGS) $(ALL_CFLAGS) -c $< -o $@

$(BUILD)/tests/kernels/cuda/%.o: tests/kernels/%.cu $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(NVCC) $(CPPFLAGS) $(ALL_NVCCFLAGS) -c $< -o $@
