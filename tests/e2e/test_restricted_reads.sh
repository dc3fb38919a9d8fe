# Reads through a device function's read-only __restrict__ parameters use the non-coherent
# cache (ld.global.nc) once the function is inlined into a kernel, as nvcc's do, unless
# the kernel writes through a pointer to the same object (targets/nvptx/restricted_reads.h).
# Each kernel's expected choice is nvcc 13.0's; with nvcc installed the test checks that too.
source "$(dirname "$0")/lib.sh"
# The kernels of the GPU case that runs them against nvcc's build.
cp "$CIRCLE_ROOT/tests/gpu/nvcc/restricted_reads.cu" reads.cu
ptx=$(cu -ptx -arch=sm_90 -O3 reads.cu -o -)
expect_eq "$?" 0 "compiles"
nc_of() { awk "/entry $1\\(/,/^}/" <<< "$2" | grep -c 'ld.global.nc'; }
# kernel (mangled), then whether nvcc reads anything through ld.global.nc in it.
cases="_Z3sumPKfPfi:yes _Z12unrestrictedPKfPf:no _Z15written_throughPfS_:no _Z13other_writtenPfS_:yes
_Z16same_block_afterPfS_:no _Z14written_beforePfS_i:no _Z15written_in_loopPfS_i:no
_Z6nestedPKvPKiPfi:yes _Z8with_asmPKiS0_Pii:yes _Z5tiledPKfPf:yes _Z13field_written6params:no
_Z9asm_storePfS_:no"
nvcc_ptx=""
if [ -x "$CUDA_PATH/bin/nvcc" ]; then
  "$CUDA_PATH/bin/nvcc" -ptx -arch=sm_90 -O3 reads.cu -o nvcc.ptx && nvcc_ptx=$(cat nvcc.ptx)
fi
for c in $cases; do
  kernel=${c%%:*} want=${c##*:}
  expect_contains "$ptx" ".entry $kernel(" "$kernel is in the PTX"
  got=$([ "$(nc_of "$kernel" "$ptx")" -gt 0 ] && echo yes || echo no)
  expect_eq "$got" "$want" "$kernel reads through ld.global.nc"
  # nvcc takes any `asm volatile` for a write; circle reads the asm's constraints (its
  # __dp4a is such an asm, nvcc's a builtin).
  if [ -n "$nvcc_ptx" ] && [ "$kernel" != _Z8with_asmPKiS0_Pii ]; then
    got=$([ "$(nc_of "$kernel" "$nvcc_ptx")" -gt 0 ] && echo yes || echo no)
    expect_eq "$got" "$want" "nvcc's $kernel"
  fi
done
# Every read of the nested helpers (the block's scale and both halves of the pair) is one.
expect_eq "$(awk '/entry _Z6nestedPKvPKiPfi\(/,/^}/' <<< "$ptx" | grep -c 'ld.global\.[bu]')" 0 "nested: no plain global load left"
finish
