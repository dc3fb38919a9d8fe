# Real projects circle is checked against, outside CI (CI has no network). Each script
# here takes a checkout of a project at the commit pinned below; checkout.sh makes
# one from the snapshot the `fetch` tool brings (a bare repository under $MIRRORS).
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
circle="${CIRCLE:-$root/build/bin/circle}"
cuda="${CUDA_PATH:-/usr/local/cuda}"
MIRRORS="${MIRRORS:-/work/.mirror}"
REAL="${REAL:-$root/../ext}" # where checkouts live: $REAL/<owner>+<name>

CUTLASS_COMMIT=7107b05535f8977f5ecb9d01ee203205b1fd9bc4
GGML_COMMIT=d99724f2b141fed9e1a9f402213506c081433465
SAMPLES_COMMIT=c94ff366aed18c797b8a85dfaac7817b0228b420
LLMC_COMMIT=f1e2ace651495b74ae22d45d1723443fd00ecd3a
CIRCLE_EXAMPLES_COMMIT=b81c37d2bb227cdf6aa58a90dd00f12f62c8d3bc

# CUTLASS's examples that tests/real/cutlass.sh runs and bench/real_compile_time.sh
# times: name, source, architectures (nvcc's -gencode pairs; circle takes the same line).
CUTLASS_EXAMPLES=(
  "00_basic_gemm examples/00_basic_gemm/basic_gemm.cu -gencode=arch=compute_80,code=sm_80 -gencode=arch=compute_90,code=sm_90"
  "14_ampere_tf32_tensorop_gemm examples/14_ampere_tf32_tensorop_gemm/ampere_tf32_tensorop_gemm.cu -gencode=arch=compute_80,code=sm_80 -gencode=arch=compute_90,code=sm_90"
  "48_hopper_warp_specialized_gemm examples/48_hopper_warp_specialized_gemm/48_hopper_warp_specialized_gemm.cu -gencode=arch=compute_90a,code=sm_90a"
)
# CUTLASS's CMake flags for nvcc (CUTLASS_CUDA_NVCC_FLAGS) at -O3, its headers under $1.
cutlass_flags() {
  echo "-std=c++17 -O3 -DNDEBUG --expt-relaxed-constexpr -ftemplate-backtrace-limit=0" \
       "-DCUTLASS_ENABLE_TENSOR_CORE_MMA=1 -I$1/include -I$1/tools/util/include -I$1/examples/common"
}

# The commit pinned above for owner/name (nothing, status 1, for another project).
pinned_commit() {
  case "$1" in
  NVIDIA/cutlass) echo "$CUTLASS_COMMIT" ;;
  ggml-org/ggml) echo "$GGML_COMMIT" ;;
  NVIDIA/cuda-samples) echo "$SAMPLES_COMMIT" ;;
  karpathy/llm.c) echo "$LLMC_COMMIT" ;;
  seanbaxter/circle) echo "$CIRCLE_EXAMPLES_COMMIT" ;;
  *) return 1 ;;
  esac
}

# The checkout of owner/name, refused unless it holds the pinned commit.
checkout_of() {
  local repo=$1 commit=$2 dir="$REAL/${1/\//+}"
  if [ "$(cat "$dir/.circle-commit" 2> /dev/null)" != "$commit" ]; then
    echo "no checkout of $repo at $commit in $dir: run tests/real/checkout.sh $repo" >&2
    return 1
  fi
  echo "$dir"
}
