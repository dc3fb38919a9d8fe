#include "frontend/if_target_syntax.h"
#include "sema/implicit_prelude.h"

#include <catch2/catch.hpp>

using namespace circle;

TEST_CASE("an if consteval chain with else if target is respelled in place") {
  std::string src = "if consteval { a(); } else if target(__is_host_target) b();";
  auto out = respellConstevalChains(src);
  REQUIRE(out);
  CHECK(*out == "if __ctceval { a(); } else if target(__is_host_target) b();");
  CHECK(out->size() == src.size());
}

TEST_CASE("if not consteval and if !consteval respell to the negated form, keeping line breaks") {
  auto out = respellConstevalChains("if not\nconsteval { } else if target(x) y;");
  REQUIRE(out);
  CHECK(*out == "if __ctnceval\n   { } else if target(x) y;");
  auto bang = respellConstevalChains("if !consteval {} else if target(x) y;");
  REQUIRE(bang);
  CHECK(*bang == "if __ctnceval {} else if target(x) y;");
}

TEST_CASE("standard if consteval and text without chains are left alone") {
  CHECK_FALSE(respellConstevalChains("if consteval { } else { if target(x) y; }"));
  CHECK_FALSE(respellConstevalChains("if consteval { } // target"));
  CHECK_FALSE(respellConstevalChains("int target; // consteval"));
  CHECK_FALSE(respellConstevalChains("const char* s = \"if consteval {} else if target(x)\";"));
  // An unterminated block (a file cut short) is left for the parser to diagnose.
  CHECK_FALSE(respellConstevalChains("void f() { if consteval { target(1);"));
}

TEST_CASE("__nvvm_arch_mask bits follow the toolkit's nv/target table") {
  CHECK(nvvmArchBit(35) == 1ull << 1);
  CHECK(nvvmArchBit(75) == 1ull << 11);
  CHECK(nvvmArchBit(90) == 1ull << 16);
  CHECK(nvvmArchBit(120) == 1ull << 21);
  CHECK(nvvmArchBit(88) == 1ull << 22);
  CHECK(nvvmArchBit(121) == 1ull << 23);
  CHECK(nvvmArchBit(99) == 0);
  CHECK(nvvmArchBit(90 + 1000) == ((1ull << 16) | (1ull << 48))); // sm_90a: sm_90's bit and its feature bit
}

TEST_CASE("the prelude declares nvvm_arch_t with one enumerator per sm, ascending") {
  PreludeConfig c;
  c.cuda = true;
  c.sms = {75, 90};
  std::string text = preludeText(c);
  CHECK(text.find("enum nvvm_arch_t : int { sm_75 = 75, sm_90 = 90, };") != std::string::npos);
  CHECK(text.find("using nvvm_archs = nvvm_arch_list<sm_75, sm_90>;") != std::string::npos);
  // Several sms: nvc++'s PTX version read outside CUB's policy chain is an error.
  CHECK(text.find("__circle_ptx_version_differs_per_sm") != std::string::npos);
  c.sms = {90};
  CHECK(preludeText(c).find("__circle_ptx_version_differs_per_sm") == std::string::npos);
}

TEST_CASE("the launch configuration is the prelude's second part, after CUDA's headers") {
  PreludeConfig c;
  c.cuda = true;
  c.sms = {75, 90};
  CHECK(preludeText(c).find("__cudaPushCallConfiguration") == std::string::npos);
  std::string launch = launchPreludeText(c);
  CHECK(launch.find("__cudaPushCallConfiguration") != std::string::npos);
  CHECK(launch.find("__circle_checked_launch_kernel") != std::string::npos); // defined only under the macro
  CHECK(launch.find("#define __CIRCLE_LAUNCH_CHECKS") == std::string::npos);
  c.launchChecks = true;
  CHECK(launchPreludeText(c).find("#define __CIRCLE_LAUNCH_CHECKS 1") != std::string::npos);
  PreludeConfig plain;
  CHECK(launchPreludeText(plain).empty());
}
