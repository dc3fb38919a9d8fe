// Cheap values are computed again in the blocks that read them, when that lengthens no
// other register's life and adds nothing to a loop (targets/nvptx/ptx_rematerialization.h).
#include "targets/nvptx/ptx_function_body.h"
#include "targets/nvptx/ptx_rematerialization.h"
#include "targets/nvptx/ptx_undefined_registers.h"

#include <catch2/catch.hpp>

using namespace circle;

namespace {

// A kernel whose %r3 = %r1 + 32 and %r4 = %r3 + %r2 are read after a loop that does not
// need them; %r1 and %r2 are read after the loop anyway.
const char* kBody = R"(.visible .entry k(
	.param .u64 k_param_0
)
{
	.reg .pred 	%p<4>;
	.reg .b32 	%r<20>;
	.reg .b64 	%rd<4>;

	ld.param.b64 	%rd1, [k_param_0];
	mov.u32 	%r1, %tid.x;
	ld.global.b32 	%r2, [%rd1];
	add.s32 	%r3, %r1, 32;
	add.s32 	%r4, %r3, %r2;
	mov.b32 	%r5, 0;
$L__BB0_1:
	add.s32 	%r5, %r5, 1;
	setp.lt.s32 	%p1, %r5, 100;
	@%p1 bra 	$L__BB0_1;
	st.global.b32 	[%rd1+4], %r4;
	st.global.b32 	[%rd1+8], %r1;
	st.global.b32 	[%rd1+12], %r2;
	ret;
}
)";

// The lines between a function's braces, as ptx::editFunctionBodies hands them over.
std::vector<std::string> bodyLines(const std::string& text) {
  std::vector<std::string> lines;
  size_t open = text.find("\n{\n") + 3, close = text.find("\n}\n");
  for (size_t at = open; at < close;) {
    size_t nl = text.find('\n', at);
    lines.push_back(text.substr(at, nl - at));
    at = nl + 1;
  }
  return lines;
}

int count(const std::string& text, const std::string& what) {
  int n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

} // namespace

TEST_CASE("a PTX body's blocks, cycles and liveness", "[ptx_rematerialization]") {
  std::vector<std::string> lines = bodyLines(kBody);
  ptx::FunctionBody body;
  REQUIRE(ptx::modelFunctionBody(lines, body));
  REQUIRE(body.blocks.size() == 3);
  CHECK_FALSE(body.blocks[0].inCycle);
  CHECK(body.blocks[1].inCycle);
  CHECK_FALSE(body.blocks[2].inCycle);
  CHECK(body.dominates(0, 2));
  CHECK_FALSE(body.dominates(2, 1));
  auto reg = [&](const char* name) { return body.registerNamed(name); };
  CHECK(body.blocks[1].liveIn.test(reg("%r4")));
  CHECK(body.blocks[1].liveIn.test(reg("%r5")));
  CHECK_FALSE(body.blocks[2].liveIn.test(reg("%r5")));
  CHECK(body.defCount[reg("%r5")] == 2);
}

TEST_CASE("cheap values are computed again after the loop", "[ptx_rematerialization]") {
  std::string ptx = kBody;
  CHECK(rematerializeCheapValues(ptx) == 2);
  // %r3 first (it is %r4's source), both right before the first store.
  size_t store = ptx.find("st.global.b32 \t[%rd1+4]");
  size_t again3 = ptx.rfind("add.s32 \t%r3, %r1, 32;", store);
  size_t again4 = ptx.rfind("add.s32 \t%r4, %r3, %r2;", store);
  CHECK(count(ptx, "add.s32 \t%r3, %r1, 32;") == 2);
  CHECK(again3 > ptx.find("$L__BB0_1:"));
  CHECK(again3 < again4);
  CHECK(again4 < store);
}

TEST_CASE("no copy where a source is not live, is written twice, or in a loop", "[ptx_rematerialization]") {
  // %r1 is not read after the loop: computing %r3 there would hold %r1 longer.
  std::string notLive = kBody;
  size_t at = notLive.find("\tst.global.b32 \t[%rd1+8], %r1;\n");
  notLive.erase(at, std::string("\tst.global.b32 \t[%rd1+8], %r1;\n").size());
  rematerializeCheapValues(notLive);
  CHECK(count(notLive, "add.s32 \t%r3, %r1, 32;") == 1);

  // A source written on two paths is not one value.
  std::string twice = kBody;
  twice.replace(twice.find("\tmov.b32 \t%r5, 0;\n"), 0, "\t@%p3 ld.global.b32 \t%r2, [%rd1+16];\n");
  rematerializeCheapValues(twice);
  CHECK(count(twice, "add.s32 \t%r4, %r3, %r2;") == 1);

  // Read inside the loop: computed there, it would cost every trip.
  std::string inLoop = kBody;
  inLoop.replace(inLoop.find("\tsetp.lt.s32"), 0, "\tst.global.b32 \t[%rd1+20], %r4;\n");
  int added = rematerializeCheapValues(inLoop);
  CHECK(count(inLoop, "add.s32 \t%r4, %r3, %r2;") == 2); // after the loop only
  CHECK(added == 2);
}

TEST_CASE("a source written on both sides of a branch before the value is one value", "[ptx_rematerialization]") {
  // %r2 defaults to 1 and is loaded where %r1 > 5 (a flag of an item that may not exist);
  // %r4 = %r3 + %r2 is computed after the join, held across the loop and read after it.
  const char* joined = R"(.visible .entry j(
	.param .u64 j_param_0
)
{
	.reg .pred 	%p<4>;
	.reg .b32 	%r<20>;
	.reg .b64 	%rd<4>;

	ld.param.b64 	%rd1, [j_param_0];
	mov.u32 	%r1, %tid.x;
	add.s32 	%r3, %r1, 32;
	mov.b32 	%r2, 1;
	setp.le.s32 	%p2, %r1, 5;
	@%p2 bra 	$L__BB0_2;
	ld.global.b32 	%r2, [%rd1];
$L__BB0_2:
	add.s32 	%r4, %r3, %r2;
	mov.b32 	%r5, 0;
$L__BB0_3:
	add.s32 	%r5, %r5, 1;
	setp.lt.s32 	%p1, %r5, 100;
	@%p1 bra 	$L__BB0_3;
	st.global.b32 	[%rd1+4], %r4;
	st.global.b32 	[%rd1+8], %r1;
	st.global.b32 	[%rd1+12], %r2;
	ret;
}
)";
  std::string ptx = joined;
  rematerializeCheapValues(ptx);
  CHECK(count(ptx, "add.s32 \t%r4, %r3, %r2;") == 2);
  CHECK(ptx.rfind("add.s32 \t%r4, %r3, %r2;") > ptx.find("@%p1 bra"));

  // Written again on a path after the value (a store's branch past the loop): the copy
  // would read the new value.
  std::string after = joined;
  after.replace(after.find("\tst.global.b32 \t[%rd1+4], %r4;\n"), 0,
                "\tsetp.gt.s32 \t%p3, %r1, 7;\n\t@%p3 bra \t$L__BB0_5;\n\tmov.b32 \t%r2, 9;\n$L__BB0_5:\n");
  rematerializeCheapValues(after);
  CHECK(count(after, "add.s32 \t%r4, %r3, %r2;") == 1);
}

TEST_CASE("a value computed and read again in one trip of a loop is computed again there", "[ptx_rematerialization]") {
  // %r4 = %r3 + %r2 is computed in the loop's first block and read in its second, past
  // the inner branch; %r2 and %r3 are written before the loop and read at the end.
  const char* loop = R"(.visible .entry l(
	.param .u64 l_param_0
)
{
	.reg .pred 	%p<4>;
	.reg .b32 	%r<20>;
	.reg .b64 	%rd<4>;

	ld.param.b64 	%rd1, [l_param_0];
	mov.u32 	%r1, %tid.x;
	ld.global.b32 	%r2, [%rd1];
	add.s32 	%r3, %r1, 32;
	mov.b32 	%r5, 0;
$L__BB0_1:
	add.s32 	%r4, %r3, %r2;
	st.global.b32 	[%rd1+4], %r4;
	setp.lt.s32 	%p2, %r5, 7;
	@%p2 bra 	$L__BB0_3;
	st.global.b32 	[%rd1+8], %r5;
$L__BB0_3:
	st.global.b32 	[%rd1+12], %r4;
	add.s32 	%r5, %r5, 1;
	setp.lt.s32 	%p1, %r5, 100;
	@%p1 bra 	$L__BB0_1;
	st.global.b32 	[%rd1+16], %r2;
	st.global.b32 	[%rd1+20], %r3;
	ret;
}
)";
  std::string ptx = loop;
  rematerializeCheapValues(ptx);
  CHECK(count(ptx, "add.s32 \t%r4, %r3, %r2;") == 2);
  size_t again = ptx.rfind("add.s32 \t%r4, %r3, %r2;");
  CHECK(again > ptx.find("$L__BB0_3:"));
  CHECK(again < ptx.find("[%rd1+12]"));
  // Not %r3 = %r1 + 32 into the loop: computed before it, it would cost every trip.
  CHECK(count(ptx, "add.s32 \t%r3, %r1, 32;") == 1);
}

TEST_CASE("bodies with control flow the model cannot follow are left alone", "[ptx_rematerialization]") {
  std::string ptx = kBody;
  ptx.replace(ptx.find("\tret;"), 0, "\tbrx.idx \t%r1, $L_table;\n");
  std::string before = ptx;
  CHECK(rematerializeCheapValues(ptx) == 0);
  CHECK(ptx == before);
  // A special register is read again, never taken for a constant.
  std::string special = kBody;
  CHECK(rematerializeCheapValues(special) == 2);
  CHECK(count(special, "mov.u32 \t%r1, %tid.x;") == 1);
}

TEST_CASE("a register some path leaves unwritten is zeroed where its life begins", "[ptx_undefined_registers]") {
  // %r2 is loaded only when %r1 <= 5 and stored either way; %r3 is written before it is read.
  std::string ptx = R"(.visible .entry k(
	.param .u64 k_param_0,
	.param .u32 k_param_1
)
{
	.reg .pred 	%p<4>;
	.reg .b32 	%r<8>;
	.reg .b64 	%rd<4>;

	ld.param.b64 	%rd1, [k_param_0];
	ld.param.b32 	%r1, [k_param_1];
	setp.eq.s32 	%p1, %r1, 0;
	@%p1 bra 	$L__BB0_3;
	add.s32 	%r3, %r1, 1;
	setp.gt.s32 	%p2, %r1, 5;
	@%p2 bra 	$L__BB0_2;
	ld.global.b32 	%r2, [%rd1];
$L__BB0_2:
	st.global.b32 	[%rd1+4], %r2;
	st.global.b32 	[%rd1+8], %r3;
$L__BB0_3:
	ret;
}
)";
  CHECK(defineUndefinedRegisters(ptx) == 1);
  size_t zero = ptx.find("mov.b32 \t%r2, 0;");
  REQUIRE(zero != std::string::npos);
  CHECK(zero > ptx.find("@%p1 bra")); // not at the entry: in the block the branch leads to
  CHECK(zero < ptx.find("@%p2 bra"));
  CHECK(ptx.find("%r3, 0;") == std::string::npos);

  // In a loop, a register carried from one trip to the next must keep its value.
  std::string loop = R"(.visible .entry l(
	.param .u64 l_param_0
)
{
	.reg .pred 	%p<4>;
	.reg .b32 	%r<8>;
	.reg .b64 	%rd<4>;

	ld.param.b64 	%rd1, [l_param_0];
	mov.b32 	%r1, 0;
$L__BB1_1:
	st.global.b32 	[%rd1], %r2;
	ld.global.b32 	%r2, [%rd1+4];
	add.s32 	%r1, %r1, 1;
	setp.lt.s32 	%p1, %r1, 10;
	@%p1 bra 	$L__BB1_1;
	ret;
}
)";
  std::string before = loop;
  CHECK(defineUndefinedRegisters(loop) == 0);
  CHECK(loop == before);

  // Its life begins in the entry block: after the declarations, which PTX wants first.
  std::string entry = R"(.visible .entry e(
	.param .u64 e_param_0
)
{
	.reg .pred 	%p<4>;
	.reg .b32 	%r<8>;
	.reg .b64 	%rd<4>;

	ld.param.b64 	%rd1, [e_param_0];
	ld.global.b32 	%r1, [%rd1];
	setp.gt.s32 	%p1, %r1, 5;
	@%p1 bra 	$L__BB2_2;
	ld.global.b32 	%r2, [%rd1+4];
$L__BB2_2:
	st.global.b32 	[%rd1+8], %r2;
	ret;
}
)";
  CHECK(defineUndefinedRegisters(entry) == 1);
  CHECK(entry.find("mov.b32 \t%r2, 0;") > entry.find(".reg .b64"));
  CHECK(entry.find("mov.b32 \t%r2, 0;") < entry.find("ld.param.b64"));
}

TEST_CASE("an instruction written over several lines is one instruction", "[ptx_undefined_registers]") {
  // wmma.mma as LLVM prints it; %r9 is written only when %p1 is false and read after.
  std::string ptx = R"(.visible .entry w(
	.param .u64 w_param_0
)
{
	.reg .pred 	%p<4>;
	.reg .b32 	%r<40>;
	.reg .b64 	%rd<4>;

	ld.param.b64 	%rd1, [w_param_0];
	ld.global.b32 	%r1, [%rd1];
	setp.gt.s32 	%p1, %r1, 5;
	@%p1 bra 	$L__BB0_2;
	ld.global.b32 	%r9, [%rd1+4];
$L__BB0_2:
	wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32
		{%r23, %r24},
		{%r9, %r1},
		{%r1, %r1},
		{%r1, %r1};
	st.global.b32 	[%rd1+8], %r23;
	ret;
}
)";
  std::vector<std::string> lines = bodyLines(ptx);
  ptx::FunctionBody body;
  REQUIRE(ptx::modelFunctionBody(lines, body));
  int instructions = 0;
  for (const auto& l : body.lines) instructions += l.kind == ptx::Line::Instruction;
  CHECK(instructions == 8);
  // %r23 and %r24 are written whole by the mma: not read before written. %r9 is.
  CHECK(defineUndefinedRegisters(ptx) == 1);
  CHECK(ptx.find("%r23, 0;") == std::string::npos);
  size_t zero = ptx.find("mov.b32 \t%r9, 0;");
  REQUIRE(zero != std::string::npos);
  CHECK(zero < ptx.find("@%p1 bra"));
  CHECK(ptx.find("f32.f32\n\t\t{%r23, %r24},") != std::string::npos); // nothing inside it
}
