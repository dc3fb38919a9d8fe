# Every program of the GPU suite's nvcc comparisons (tests/gpu/nvcc) compiles with
# circle for its sms, which runs ptxas on each sm's PTX: the suite's programs stay
# ptxas-clean for sm_75 and sm_90 between GPU runs.
source "$(dirname "$0")/lib.sh"
out=$(CIRCLE="$CIRCLE" CUDA_PATH="$CUDA_PATH" bash "$CIRCLE_ROOT/tests/gpu/run.sh" check 2>&1)
expect_eq "$?" 0 "every comparison program builds: $(grep -A20 'BUILD FAILED' <<< "$out" | head -40)"
programs=$(ls "$CIRCLE_ROOT"/tests/gpu/nvcc/*.cu | wc -l)
dirs=$(ls -d "$CIRCLE_ROOT"/tests/gpu/nvcc/*/ | wc -l)
expect_eq "$(grep -c '^built nvcc_' <<< "$out")" "$((programs + dirs))" "one build per program"
expect_contains "$out" "built nvcc_vector_add (circle: -sm_75 -sm_90 -std=c++20)" "two sms by default, nvcc's -std=c++20 as nvcc gets it"
expect_contains "$out" "built nvcc_reduce_sync (circle: -sm_90 -std=c++20)" "gpu-suite: sm_90"
expect_contains "$out" "built nvcc_cccl_algorithms_older (circle: -sm_75 -sm_80 -sm_86 -std=c++20)" "gpu-suite: sms=75,80,86"
expect_contains "$out" "built nvcc_dynamic_parallelism (circle: -sm_75 -sm_90 -std=c++20 -rdc)" "gpu-suite: rdc"
expect_contains "$out" "built nvcc_separate_compilation (2 files, separately)" "several files"
finish
