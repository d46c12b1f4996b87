# The graded exercises: `make grade` grades every exercise's starter.cu.
#
#   make grade                          every exercise
#   make grade EX=02-transpose          one
#   make grade EX=02-transpose SOLUTION=mine.cu
#   make grade SUBMISSION=dir           dir/NN-slug.cu or dir/NN-slug/starter.cu
#   make grade FORMAT=gradescope [RESULTS=path/results.json]
#   make grade BACKEND=emu              the emulator even where a GPU is
#
# The grader builds against the library, so it is built first. `make test`
# runs the grader's self-test (exercises/selftest) before the Criterion
# suites.
GRADE_ARGS = $(EX) $(if $(SOLUTION),--solution $(SOLUTION)) \
  $(if $(SUBMISSION),--submission $(SUBMISSION)) $(if $(FORMAT),--format $(FORMAT)) \
  $(if $(RESULTS),--results $(RESULTS)) $(if $(BACKEND),--backend $(BACKEND)) \
  $(if $(SEED),--seed $(SEED)) $(if $(STRICT),--strict)
GRADE_ENV = GRADE_LIB=$(abspath $(LIB_A)) GRADE_LIBS='$(LIBS)' GRADE_GPU_ARCHS='$(GPU_ARCHS)' \
  $(if $(NVCC),GRADE_NVCC=$(NVCC) CUDA_HOME=$(CUDA_HOME))

.PHONY: grade-selftest
grade: deps tangle
	$(MAKE) --no-print-directory lib emu-tools
	$(GRADE_ENV) python3 exercises/grade $(GRADE_ARGS)

grade-selftest: lib emu-tools
	$(GRADE_ENV) python3 exercises/selftest

TEST_PREREQS += grade-selftest
