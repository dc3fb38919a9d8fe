# The source is parsed once however many targets are generated.
source "$(dirname "$0")/lib.sh"
cat > once.cxx <<'SRC'
#pragma message("parsing once.cxx")
static_assert(sizeof(void*) == 8, "host and device share one layout");
__global__ void k(int* p) { p[threadIdx.x] = 1; }
int main() {}
SRC
for sms in "-sm_90" "-sm_75 -sm_90" "-sm_75 -sm_80 -sm_86 -sm_90"; do
  out=$(cu $sms once.cxx -o once -ftime-report 2>&1); rc=$?
  expect_eq "$rc" 0 "compile with $sms"
  expect_eq "$(grep -c 'warning: parsing once.cxx' <<< "$out")" 1 "pragma message count with $sms"
  expect_contains "$out" "phase parse                  ran 1 time(s)" "parse count with $sms"
  n=$(wc -w <<< "$sms")
  expect_eq "$(grep -c 'phase codegen sm_' <<< "$out")" "$n" "one device codegen pass per sm with $sms"
  expect_contains "$out" "phase codegen host           ran 1 time(s)" "one host pass with $sms"
  expect_eq "$("$CIRCLE" --list-fatbin=once | grep -c 'ELF file')" "$n" "cubins with $sms"
done
finish
