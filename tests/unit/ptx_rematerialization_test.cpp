// Cheap values are computed again in the blocks that read them, when that lengthens no
// other register's life and adds nothing to a loop (targets/nvptx/ptx_rematerialization.h).
#include "targets/nvptx/ptx_function_body.h"
#include "targets/nvptx/ptx_rematerialization.h"

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

int count(const std::string& text, const std::string& what) {
  int n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

} // namespace

TEST_CASE("a PTX body's blocks, cycles and liveness", "[ptx_rematerialization]") {
  std::string text = kBody;
  std::vector<std::string> lines;
  size_t open = text.find("\n{\n") + 3, close = text.find("\n}\n");
  for (size_t at = open; at < close;) {
    size_t nl = text.find('\n', at);
    lines.push_back(text.substr(at, nl - at));
    at = nl + 1;
  }
  ptx::FunctionBody body;
  REQUIRE(ptx::modelFunctionBody(lines, body));
  REQUIRE(body.blocks.size() == 3);
  CHECK_FALSE(body.blocks[0].inCycle);
  CHECK(body.blocks[1].inCycle);
  CHECK_FALSE(body.blocks[2].inCycle);
  CHECK(body.dominates(0, 2));
  CHECK_FALSE(body.dominates(2, 1));
  auto reg = [&](const char* name) {
    for (size_t k = 0; k < body.registers.size(); ++k)
      if (body.registers[k] == name) return (int)k;
    return -1;
  };
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
