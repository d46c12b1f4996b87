# mk/train.mk -- litdnn-train, the closing chapter's program (chapters/11-training.nw).
#
#   make build/bin/litdnn-train   build it
#   make demo                     a short training on the default backend
#   make install                  installs it with the library (PREFIX/bin)
#   make bench-train              images/s of litdnn-train --bench against PyTorch
#                                 (on the GPU machine; writes book/results/training-gpu.csv)
#
# The program is a user of the library: it is compiled against the public
# headers only (tangled/include, never tangled/src) and links the static
# library and zlib.
TRAIN_DIR  := $(TANGLED)/tools/train
TRAIN_LIB_SRCS := $(TRAIN_DIR)/idx.c $(TRAIN_DIR)/layers.c
TRAIN_BIN  := $(BUILD)/bin/litdnn-train
TRAIN_CPPFLAGS := -I$(TANGLED)/include -I$(TRAIN_DIR)
DEMO_ARGS ?= --epochs 1 --limit 6000 --test-limit 2000

# The test program (tests/test_training.c) trains through the same layer
# code and reads the same IDX files: they reach it as an archive, linked
# after the tests and before a second mention of the library they call.
TRAIN_LIB_A := $(BUILD)/lib/liblitdnn-train.a
TRAIN_OBJS  := $(patsubst $(TANGLED)/tools/train/%.c,$(BUILD)/train/%.o,$(TRAIN_LIB_SRCS))
$(BUILD)/train/%.o: $(TRAIN_DIR)/%.c $(TRAIN_DIR)/train.h $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(TRAIN_CPPFLAGS) $(ALL_CFLAGS) -c $< -o $@
$(TRAIN_LIB_A): $(TRAIN_OBJS)
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $^
$(TRAIN_BIN): $(TRAIN_DIR)/litdnn-train.c $(TRAIN_DIR)/train.h $(TRAIN_LIB_A) $(LIB_A)
	@mkdir -p $(@D)
	$(CC) $(TRAIN_CPPFLAGS) $(ALL_CFLAGS) $(TRAIN_DIR)/litdnn-train.c -o $@ $(TRAIN_LIB_A) \
	  $(LIB_A) -lz $(LIBS)

.PHONY: demo bench-train install-train
demo: $(TRAIN_BIN)
	$(TRAIN_BIN) $(DEMO_ARGS)

install-train: $(TRAIN_BIN)
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 $(TRAIN_BIN) $(DESTDIR)$(PREFIX)/bin/
install: install-train

bench-train: $(TRAIN_BIN)
	bash $(TANGLED)/bench/bench_training.sh $(TRAIN_BIN) $(BENCH_RESULTS)/training-gpu.csv

$(BUILD)/tests/litdnn-tests: $(TRAIN_LIB_A)
TEST_LDLIBS += $(TRAIN_LIB_A) $(LIB_A) -lz
TEST_PREREQS += $(TRAIN_BIN)

# make bench runs the comparison too (it measures nothing without a GPU)
bench: bench-train
