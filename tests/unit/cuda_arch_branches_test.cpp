#include "frontend/cuda_arch_branches.h"

#include <catch2/catch.hpp>

using namespace circle;

static std::string rewrite(const std::string& text, std::vector<int> sms = {75, 90}) {
  auto r = rewriteCudaArchGuards(text, "f.cu", sms);
  return r.text ? *r.text : "<unchanged>";
}

TEST_CASE("a statement-level guard becomes if target, one copy per way the targets preprocess it") {
  std::string out = rewrite("void f() {\n  int r = 0;\n#if __CUDA_ARCH__ >= 800\n  r = 2;\n#else\n  r = 1;\n#endif\n  g(r);\n}\n");
  INFO(out);
  CHECK(out.find("if target(__nvvm_current_device_sm == 90) {\n#line 3 \"f.cu\"\n#if 900 >= 800\n") != std::string::npos);
  CHECK(out.find("} else {\n#line 3 \"f.cu\"\n#if 0 >= 800\n") != std::string::npos); // the host and sm_75
  CHECK(out.find("sm == 75") == std::string::npos);
  CHECK(out.find("#line 8 \"f.cu\"\n  g(r);") != std::string::npos);
}

TEST_CASE("#ifdef, #ifndef, defined() and code uses take each target's value") {
  std::string out = rewrite("void f(int* o) {\n#ifdef __CUDA_ARCH__\n  o[0] = __CUDA_ARCH__;\n#endif\n}\n");
  INFO(out);
  CHECK(out.find("#if 1\n  o[0] = 750;") != std::string::npos);
  CHECK(out.find("#if 1\n  o[0] = 900;") != std::string::npos);
  CHECK(out.find("#if 0\n  o[0] = 0;") != std::string::npos);
  std::string neg = rewrite("int h() {\n#if !defined(__CUDA_ARCH__) && FOO\n  return 1;\n#endif\n  return 0;\n}\n");
  INFO(neg);
  // FOO is for the preprocessor: every target gets its own copy.
  CHECK(neg.find("#if !1 && FOO") != std::string::npos);
  CHECK(neg.find("#if !0 && FOO") != std::string::npos);
}

TEST_CASE("a declaration in a branch stays visible: the rest of the block joins each copy") {
  std::string out = rewrite("void f(int* o) {\n#if __CUDA_ARCH__ >= 900\n  const int x = 9;\n#else\n  const int x = 7;\n#endif\n  o[0] = x;\n}\n");
  INFO(out);
  CHECK(out.find("#else\n  const int x = 7;\n#endif\n  o[0] = x;\n}") != std::string::npos);
  CHECK(out.find("#if 900 >= 900\n  const int x = 9;\n#else\n  const int x = 7;\n#endif\n  o[0] = x;\n}") !=
        std::string::npos);
}

TEST_CASE("code uses outside guards in function bodies read the pass's sm") {
  CHECK(rewrite("int f() { return __CUDA_ARCH__; }\n") == "int f() { return (__nvvm_current_device_sm * 10); }\n");
}

TEST_CASE("what one pass cannot express is left as written") {
  // At namespace scope: it changes declarations per target.
  CHECK(rewrite("#ifdef __CUDA_ARCH__\nint x;\n#endif\n") == "<unchanged>");
  CHECK(rewrite("int v =\n#if __CUDA_ARCH__\n 1;\n#else\n 2;\n#endif\n") == "<unchanged>");
  // Splitting a statement, or braces, or case labels.
  CHECK(rewrite("void f(int a) {\n  g(a,\n#ifdef __CUDA_ARCH__\n 1);\n#else\n 2);\n#endif\n}\n") == "<unchanged>");
  CHECK(rewrite("void f(int a) {\n#ifdef __CUDA_ARCH__\n if (a) {\n#endif\n g();\n#ifdef __CUDA_ARCH__\n }\n#endif\n}\n") ==
        "<unchanged>");
  CHECK(rewrite("void f(int a) {\n switch (a) {\n#ifdef __CUDA_ARCH__\n case 1: g(); break;\n#endif\n }\n}\n") ==
        "<unchanged>");
  CHECK(rewrite("void f() { }\n", {75}) == "<unchanged>");
}

TEST_CASE("sm_90a's own macros take its values; __nvvm_arch tells it from sm_90") {
  const std::vector<int> sms = {90, 90 + 1000};
  std::string out = rewrite("void f(int* o) {\n#ifdef __CUDA_ARCH_FEAT_SM90_ALL\n  o[0] = __CUDA_ARCH_SPECIFIC__;\n"
                            "#elif defined(__CUDA_ARCH__)\n  o[0] = __CUDA_ARCH__;\n#endif\n}\n",
                            sms);
  INFO(out);
  CHECK(out.find("if target(__nvvm_arch == 90) {") != std::string::npos);
  CHECK(out.find("else if target(__nvvm_arch == 1090) {") != std::string::npos);
  CHECK(out.find("#if 1\n  o[0] = 900;\n#elif 1\n  o[0] = 900;") != std::string::npos); // sm_90a
  CHECK(out.find("#if 0\n  o[0] = 0;\n#elif 1\n  o[0] = 900;") != std::string::npos);   // sm_90
  CHECK(out.find("#if 0\n  o[0] = 0;\n#elif 0\n  o[0] = 0;") != std::string::npos);     // the host
  // Without an arch-specific target nothing defines them: one copy, as the preprocessor reads it.
  std::string plain = rewrite("void f(int* o) {\n#if defined(__CUDA_ARCH_FEAT_SM90_ALL)\n  o[0] = 1;\n#endif\n}\n");
  INFO(plain);
  CHECK(plain.find("if target") == std::string::npos);
  CHECK(plain.find("#if 0\n  o[0] = 1;") != std::string::npos);
}

static bool perTarget(const std::string& text, std::vector<int> sms = {75, 90}) {
  return rewriteCudaArchGuards(text, "f.cu", sms).perTarget;
}

TEST_CASE("what the rewrite leaves is per-target: each target's own view reads it") {
  CHECK(perTarget("#ifdef __CUDA_ARCH__\nint x;\n#endif\n"));
  CHECK(perTarget("#define ARCH __CUDA_ARCH__\n"));
  CHECK(perTarget("int v = __CUDA_ARCH__;\n"));
  CHECK_FALSE(perTarget("void f(int* o) {\n#ifdef __CUDA_ARCH__\n  o[0] = __CUDA_ARCH__;\n#endif\n}\n"));
  CHECK_FALSE(perTarget("int f() { return __CUDA_ARCH__; }\n"));
  CHECK_FALSE(perTarget("// __CUDA_ARCH__ in a comment\n"));
  // sm_90a's macros differ between targets only where one is arch-specific.
  CHECK_FALSE(perTarget("#ifdef __CUDA_ARCH_FEAT_SM90_ALL\nint x;\n#endif\n"));
  CHECK(perTarget("#ifdef __CUDA_ARCH_FEAT_SM90_ALL\nint x;\n#endif\n", {90, 1090}));

  std::string text = "#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800\n#define W 2\n#endif\n"
                     "#ifdef __CUDA_ARCH__\nint d;\n#endif\n#ifndef __CUDA_ARCH__\nint h;\n#endif\n"
                     "#define A __CUDA_ARCH__\nint v = __CUDA_ARCH__;\n";
  std::optional<std::string> v = viewForTarget(text, "f.cu", 90);
  REQUIRE(v);
  CHECK(*v == "#if 1 && 900 >= 800\n#define W 2\n#endif\n#if 1\nint d;\n#endif\n#if 0\nint h;\n#endif\n"
              "#define A 900\nint v = 900;\n");
  CHECK_FALSE(viewForTarget("int x;\n", "f.cu", 90));
}

TEST_CASE("guards the one-pass rewrite would break are left to the views") {
  // A branch ending inside a statement whose block comes after #endif, followed by an
  // else: the statement's end is not known there.
  CHECK(rewrite("void f() {\n  int r;\n#if __CUDA_ARCH__ >= 800\n  if (F)\n#endif\n"
                "  {\n    r = 0;\n  } else {\n    r = 1;\n  }\n}\n") == "<unchanged>");
  // A declaring guard nested in another guard's #else: its copies would take the outer
  // #endif along.
  CHECK(rewrite("int f(int x) {\n#if OUTER == 0\n  return 0;\n#else\n#ifdef __CUDA_ARCH__\n  int y = x * 3;\n#else\n"
                "  int y = x;\n#endif\n  return y;\n#endif\n}\n") == "<unchanged>");
  // In a constexpr function the value is needed before code generation.
  CHECK(rewrite("constexpr int w() {\n#ifdef __CUDA_ARCH__\n  return 8;\n#else\n  return 2;\n#endif\n}\n") ==
        "<unchanged>");
  CHECK(rewrite("__host__ __device__ constexpr int w() { return __CUDA_ARCH__; }\n") == "<unchanged>");
  // ... but `if constexpr` in an ordinary function is a statement.
  CHECK(rewrite("void f(int* o) {\n  if constexpr (true) {\n#ifdef __CUDA_ARCH__\n    o[0] = 1;\n#endif\n  }\n}\n") !=
        "<unchanged>");
  // A use in a constant expression of an ordinary function: a template argument, an
  // array bound, static_assert, a constexpr local.
  for (const char* use : {"  X<__CUDA_ARCH__> x;\n", "  int a[__CUDA_ARCH__ / 100];\n",
                          "  static_assert(__CUDA_ARCH__ > 0, \"\");\n", "  constexpr int c = __CUDA_ARCH__;\n"}) {
    INFO(use);
    CHECK(rewrite(std::string("void f() {\n") + use + "}\n") == "<unchanged>");
    CHECK(perTarget(std::string("void f() {\n") + use + "}\n"));
  }
  // A subscript and an ordinary expression are read at code generation.
  CHECK(rewrite("void f(int* o) { o[0] = __CUDA_ARCH__; }\n") ==
        "void f(int* o) { o[0] = (__nvvm_current_device_sm * 10); }\n");
}

TEST_CASE("a branch that ends inside a statement is completed by the text after #endif") {
  // cuda_awbarrier.h's arrive(): each branch ends mid-statement, the call after #endif
  // completes both; the second declares the token the return reads.
  std::string text = "unsigned long f(unsigned long* b) {\n  check(b);\n#if (__CUDA_ARCH__ < 900)\n"
                     "  const unsigned n = 1 << 15;\n  const unsigned long token = slow(b, n);\n  (void)\n#else\n"
                     "  const unsigned long token =\n#endif\n  fast(b);\n  return token;\n}\n";
  std::string out = rewrite(text);
  INFO(out);
  CHECK(out.find("#if (900 < 900)") != std::string::npos);
  CHECK(out.find("#if (0 < 900)") != std::string::npos); // sm_75 and the host alike
  CHECK(out.find("#endif\n  fast(b);\n  return token;\n}") != std::string::npos);
  CHECK_FALSE(perTarget(text));
  // Completed by a ';' that does not end its line: left to the views.
  CHECK(rewrite("void f() {\n#ifdef __CUDA_ARCH__\n  (void)\n#endif\n  g(); h();\n}\n") == "<unchanged>");
}

TEST_CASE("an else the branch ends with takes the block after #endif into each copy") {
  // `if constexpr (...) {...} else` split by #endif from the else's block (CUTLASS's SIMT
  // inner product, cuda_fp8.hpp's conversions): each target's copy holds the block.
  std::string out = rewrite("void f() {\n  int r;\n#if __CUDA_ARCH__ >= 800\n  if constexpr (F) {\n    r = 1;\n  } else\n"
                            "#endif\n  {\n    r = 0;\n  }\n  g(r);\n}\n");
  INFO(out);
  CHECK(out.find("#if 900 >= 800\n  if constexpr (F) {\n    r = 1;\n  } else\n#endif\n  {\n    r = 0;\n  }\n") !=
        std::string::npos);
  CHECK(out.find("#if 0 >= 800\n  if constexpr (F) {\n    r = 1;\n  } else\n#endif\n  {\n    r = 0;\n  }\n") !=
        std::string::npos);
  CHECK(out.find("g(r);") != std::string::npos);
}

TEST_CASE("a branch that ends with a pragma gives it to the statement after #endif") {
  // curand_kernel.h's matrix-vector product: the pragma is the loop's. An if/else around
  // the pragma alone does not parse; the views read it.
  std::string loop = "void f(unsigned* v) {\n  for (int i = 0; i < 4; i++) {\n#ifdef __CUDA_ARCH__\n#pragma unroll 16\n"
                     "#endif\n    for (int j = 0; j < 32; j++) {\n      v[i] ^= j;\n    }\n  }\n}\n";
  CHECK(rewrite(loop) == "<unchanged>");
  CHECK(perTarget(loop));
  // Completed by a ';' ending its line: each copy holds the pragma and its statement.
  std::string out = rewrite("void f(int* v) {\n#ifdef __CUDA_ARCH__\n#pragma clang loop unroll(full)\n#endif\n"
                            "  for (int j = 0; j < 4; j++) v[j] = j;\n  g();\n}\n");
  INFO(out);
  CHECK(out.find("#if 1\n#pragma clang loop unroll(full)\n#endif\n  for (int j = 0; j < 4; j++) v[j] = j;\n") !=
        std::string::npos);
  CHECK(out.find("#if 0\n#pragma clang loop unroll(full)\n#endif\n  for (int j = 0; j < 4; j++) v[j] = j;\n") !=
        std::string::npos);
}
