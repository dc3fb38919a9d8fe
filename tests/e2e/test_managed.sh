# __managed__: the PTX marks the variable managed, the host registers it with
# __cudaRegisterManagedVar and reaches it through the pointer the runtime fills in.
source "$(dirname "$0")/lib.sh"
src="$CIRCLE_ROOT/tests/gpu/cases/managed.cxx"
out=$(cu -sm_75 -sm_90 -S -gpu "$src" -o managed 2>&1)
expect_eq "$?" 0 "managed.cxx device modules ($out)"
for sm in 75 90; do
  expect_contains "$(cat managed.sm_$sm.ptx)" ".visible .global .attribute(.managed) .align 4 .u32 total;" "sm_$sm: total is managed"
  expect_contains "$(cat managed.sm_$sm.ptx)" ".attribute(.managed) .align 4 .b8 squares[16];" "sm_$sm: squares is managed"
done
cu -sm_90 -S -emit-llvm "$src" -o managed.ll > /dev/null 2>&1
ll=$(cat managed.ll)
expect_contains "$ll" "call void @__cudaRegisterManagedVar(ptr %0, ptr @total.managed_ptr" "total registered as managed"
expect_not_contains "$ll" "call void @__cudaRegisterVar(ptr %0, ptr @total," "total not registered as a plain device variable"
expect_not_contains "$(grep -v '^@llvm.global.annotations' managed.ll | grep -v 'define\|declare')" "ptr @total," "host code does not touch the shadow"
expect_contains "$ll" "call i8 @__cudaInitModule" "host access loads the module first"
warn=$(cu -sm_90 "$src" -o managed 2>&1)
expect_not_contains "$warn" "attribute ignored" "no 'managed attribute ignored' warning"

printf '__managed__ int m;\nint* p = &m;\nint main() { return *p; }\n' > global_init.cxx
out=$(cu -sm_90 global_init.cxx -o global_init 2>&1); rc=$?
expect_eq "$rc" 1 "a managed variable's address in a global initializer is refused"
expect_contains "$out" "global_init.cxx:1:17: error: the address of __managed__ variable 'm' initializes a global" "and says why, where"
expect_no_file global_init "no executable"
finish
