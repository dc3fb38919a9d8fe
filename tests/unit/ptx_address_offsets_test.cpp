// A sum of a base and a constant read only as addresses is written into each address
// (targets/nvptx/ptx_address_offsets.h).
#include "targets/nvptx/ptx_address_offsets.h"

#include <catch2/catch.hpp>

#include <string>

using namespace circle;

namespace {

// %r3 = %r2 + 448, read as an address twice, far apart; %r2 is read after both.
const char* kBody = R"(.visible .entry k(
	.param .u64 k_param_0
)
{
	.reg .pred 	%p<4>;
	.reg .b32 	%r<20>;
	.reg .b64 	%rd<4>;

	ld.param.b64 	%rd1, [k_param_0];
	mov.u32 	%r1, %tid.x;
	shl.b32 	%r2, %r1, 3;
	add.s32 	%r3, %r2, 448;
	ld.shared.b32 	%r4, [%r3];
	bar.sync 	0;
	ld.shared.b32 	%r5, [%r3+-16];
	st.shared.b32 	[%r2], %r5;
	st.global.b32 	[%rd1], %r4;
	ret;
}
)";

} // namespace

TEST_CASE("a base plus a constant read only as addresses is folded into them", "[ptx_address_offsets]") {
  std::string ptx = kBody;
  CHECK(foldAddressOffsets(ptx) == 2);
  CHECK(ptx.find("ld.shared.b32 \t%r4, [%r2+448];") != std::string::npos);
  CHECK(ptx.find("ld.shared.b32 \t%r5, [%r2+432];") != std::string::npos);
  CHECK(ptx.find("[%r3") == std::string::npos);
}

TEST_CASE("no folding where the sum is read otherwise or the base would live longer", "[ptx_address_offsets]") {
  // Read as a value too: the register stays, so nothing is gained.
  std::string value = kBody;
  value.replace(value.find("\tret;"), 0, "\tst.global.b32 \t[%rd1+4], %r3;\n");
  std::string before = value;
  CHECK(foldAddressOffsets(value) == 0);
  CHECK(value == before);

  // %r2 not read after the first access: folding would hold it instead of %r3.
  std::string dead = kBody;
  dead.replace(dead.find("\tst.shared.b32 \t[%r2], %r5;\n"), std::string("\tst.shared.b32 \t[%r2], %r5;\n").size(),
               "\tst.shared.b32 \t[%r1], %r5;\n");
  dead.replace(dead.find("\tld.shared.b32 \t%r5, [%r3+-16];\n"), 0, "\tmov.u32 \t%r2, %r1;\n");
  before = dead;
  CHECK(foldAddressOffsets(dead) == 0);
  CHECK(dead == before);
}
