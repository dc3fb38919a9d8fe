// Narrow stores of registers a floating-point instruction wrote take the value through
// an integer `and` first (targets/nvptx/narrow_float_stores.h): ptxas 13.0 stored the
// wrong byte for `selp.f64 %rd35, ...; st.global.b8 [%rd2], %rd35;`.
#include "targets/nvptx/narrow_float_stores.h"

#include <catch2/catch.hpp>

using namespace circle;

TEST_CASE("narrow stores of float-written registers go through an integer and", "[narrow_float_stores]") {
  std::string ptx = R"(.visible .entry k(
	.param .u64 k_param_0
)
{
	.reg .pred 	%p<3>;
	.reg .b16 	%rs<4>;
	.reg .b32 	%r<6>;
	.reg .b64 	%rd<40>;

	selp.f64 	%rd35, %rd34, 0d7FF8000000000000, %p1;
	st.global.b8 	[%rd2], %rd35;
	shr.u64 	%rd40, %rd35, 56;
	st.global.b8 	[%rd2+7], %rd40;
	add.rn.f32 	%r3, %r1, %r2;
	@%p2 st.shared.b16 	[%rd3], %r3;
	st.global.b64 	[%rd4], %rd35;
	st.global.b32 	[%rd5], %r3;
	st.global.b8 	[%rd6], %r4;
	st.global.v2.b8 	[%rd7], {%rs1, %rs2};
	ret;
}
.visible .entry other(
)
{
	.reg .b64 	%rd<4>;
	st.global.b8 	[%rd1], %rd35;
	ret;
}
)";
  CHECK(isolateNarrowStoresOfFloatValues(ptx) == 2);
  CHECK(ptx.find("\t{ .reg .b64 %circle_narrow; and.b64 %circle_narrow, %rd35, 255; st.global.b8 [%rd2], "
                 "%circle_narrow; }\n") != std::string::npos);
  CHECK(ptx.find("\t{ .reg .b32 %circle_narrow; and.b32 %circle_narrow, %r3, 65535; @%p2 st.shared.b16 [%rd3], "
                 "%circle_narrow; }\n") != std::string::npos);
  // An integer's byte, a full-width store, a store as wide as the register, a vector
  // store and another function's register of the same name stay as written.
  CHECK(ptx.find("\tst.global.b8 \t[%rd2+7], %rd40;") != std::string::npos);
  CHECK(ptx.find("\tst.global.b64 \t[%rd4], %rd35;") != std::string::npos);
  CHECK(ptx.find("\tst.global.b32 \t[%rd5], %r3;") != std::string::npos);
  CHECK(ptx.find("\tst.global.b8 \t[%rd6], %r4;") != std::string::npos);
  CHECK(ptx.find("\tst.global.b8 \t[%rd1], %rd35;") != std::string::npos);
  CHECK(ptx.back() == '\n');
}

TEST_CASE("PTX without such stores is left byte for byte", "[narrow_float_stores]") {
  std::string ptx = "\t.reg .b64 \t%rd<4>;\n\tadd.s64 \t%rd1, %rd2, 1;\n\tst.global.b8 \t[%rd3], %rd1;\n";
  std::string before = ptx;
  CHECK(isolateNarrowStoresOfFloatValues(ptx) == 0);
  CHECK(ptx == before);
}
