# Every example compiles for -sm_75 -sm_90; one with kernels gives an executable whose fat
# binary holds one cubin and one PTX per sm, each sm's PTX accepted by ptxas for that sm.
source "$(dirname "$0")/lib.sh"
for src in "$EXAMPLES"/*.cxx; do
  name=$(basename "$src" .cxx)
  if grep -q 'spirv::comp' "$src"; then
    # Vulkan compute examples: test_spirv.sh runs them and checks their shaders.
    out=$(cu -sm_75 -sm_90 -spirv "$src" -o "$name" 2>&1); rc=$?
    expect_eq "$rc" 0 "$name compiles with -spirv ($out)"
    continue
  fi
  out=$(cu -sm_75 -sm_90 "$src" -o "$name" 2>&1); rc=$?
  expect_eq "$rc" 0 "$name compiles ($out)"
  if ! grep -q __global__ "$src"; then
    # Host only (targets.cxx): no kernels, so no fat binary; it runs here.
    expect_eq "$(./"$name")" "$(cat "$CIRCLE_ROOT/tests/gpu/expected/$name.out")" "$name runs on the host"
    continue
  fi
  listing=$("$CIRCLE" --list-fatbin="$name")
  expect_eq "$listing" "ELF file    1: $name.1.sm_75.cubin
PTX file    1: $name.1.sm_75.ptx
ELF file    2: $name.2.sm_90.cubin
PTX file    2: $name.2.sm_90.ptx" "$name fat binary"

  cu -sm_75 -sm_90 -S -gpu "$src" -o "$name" > /dev/null 2>&1
  for sm in 75 90; do
    ptx="$name.sm_$sm.ptx"
    expect_file "$ptx" "$name -S -gpu"
    expect_contains "$(head -20 "$ptx")" ".target sm_$sm" "$name PTX target"
    check; "$CUDA_PATH/bin/ptxas" -arch=sm_$sm "$ptx" -o "$name.$sm.cubin" 2> ptxas.log || fail "ptxas sm_$sm $name: $(cat ptxas.log)"
  done
done
finish
