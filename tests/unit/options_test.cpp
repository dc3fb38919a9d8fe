#include "frontend/options.h"

#include <catch2/catch.hpp>

using namespace circle;

static ParseResult parse(std::vector<std::string> args) { return parseOptions(args); }

TEST_CASE("sm targets are sorted, deduplicated and need --cuda-path") {
  auto r = parse({"--cuda-path=/cuda", "-sm_90", "-sm_75", "-sm_90", "a.cxx"});
  REQUIRE_FALSE(r.error);
  CHECK(r.options.smTargets == std::vector<int>{75, 90});
  CHECK(*r.options.cudaPath == "/cuda");

  auto noCuda = parse({"-sm_90", "a.cxx"});
  REQUIRE(noCuda.error);
  CHECK(noCuda.error->message.find("--cuda-path") != std::string::npos);

  auto noSm = parse({"--cuda-path=/cuda", "a.cxx"});
  REQUIRE(noSm.error);
  CHECK(noSm.error->message.find("no default architecture") != std::string::npos);
}

TEST_CASE("malformed -sm values are rejected with the reason") {
  for (const char* bad : {"-sm_", "-sm_9x", "-sm_90a", "-sm_1000"}) {
    auto r = parse({"--cuda-path=/c", bad, "a.cxx"});
    REQUIRE(r.error);
    CHECK(r.error->message.find(bad) != std::string::npos);
  }
}

TEST_CASE("output kinds follow -c, -S and -emit-llvm") {
  CHECK(parse({"a.cxx"}).options.kind == OutputKind::Executable);
  CHECK(parse({"-c", "a.cxx"}).options.kind == OutputKind::Object);
  CHECK(parse({"-S", "a.cxx"}).options.kind == OutputKind::Assembly);
  CHECK(parse({"-S", "-emit-llvm", "a.cxx"}).options.kind == OutputKind::LLVMText);
  CHECK(parse({"-c", "-emit-llvm", "a.cxx"}).options.kind == OutputKind::LLVMBitcode);
  CHECK(parse({"-emit-llvm", "a.cxx"}).error);
  CHECK(parse({"-c", "-S", "a.cxx"}).error);
}

TEST_CASE("-gpu only describes -S / -emit-llvm outputs") {
  CHECK_FALSE(parse({"--cuda-path=/c", "-sm_75", "-gpu", "-S", "a.cxx"}).error);
  CHECK(parse({"--cuda-path=/c", "-sm_75", "-gpu", "a.cxx"}).error);
  CHECK(parse({"--cuda-path=/c", "-sm_75", "-gpu", "-c", "a.cxx"}).error);
}

TEST_CASE("joined and separate option values") {
  auto r = parse({"-Iinc", "-I", "inc2", "-isystem", "sys", "-DX=1", "-D", "Y", "-UZ", "-lm", "-L", "lib",
                  "-o", "out", "-O3", "-OG1", "-g", "-G", "-std=c++17", "a.cxx"});
  REQUIRE_FALSE(r.error);
  const Options& o = r.options;
  CHECK(o.includeDirs == std::vector<std::string>{"inc", "inc2"});
  CHECK(o.systemIncludeDirs == std::vector<std::string>{"sys"});
  CHECK(o.macroOps == std::vector<std::string>{"-DX=1", "-DY", "-UZ"});
  CHECK(o.libs == std::vector<std::string>{"m"});
  CHECK(o.libDirs == std::vector<std::string>{"lib"});
  CHECK(o.output == "out");
  CHECK(o.hostOpt == 3);
  CHECK(o.deviceOpt == 1);
  CHECK(o.hostDebug);
  CHECK(o.deviceDebug);
  CHECK(o.std == "c++17");
}

TEST_CASE("defaults: -OG2 on the device, -O0 on the host, C++20") {
  auto r = parse({"a.cxx"});
  CHECK(r.options.deviceOpt == 2);
  CHECK(r.options.hostOpt == 0);
  CHECK(r.options.std == "c++20");
}

TEST_CASE("unknown options, missing values and input counts are errors") {
  CHECK(parse({"-frobnicate", "a.cxx"}).error->message.find("-frobnicate") != std::string::npos);
  CHECK(parse({"a.cxx", "-o"}).error);
  CHECK(parse({}).error->message == "no input files");
  CHECK(parse({"-c", "a.cxx", "b.cxx"}).error->message == "-c, -S and -emit-llvm compile one source file (got 2 inputs)");
  CHECK(parse({"-c", "a.o"}).error);
  CHECK_FALSE(parse({"--version"}).error);
}

TEST_CASE("an executable is linked from any number of sources, objects and libraries") {
  ParseResult r = parse({"a.cxx", "b.o", "libc.a", "-o", "prog"});
  REQUIRE_FALSE(r.error);
  CHECK(r.options.inputs == std::vector<std::string>{"a.cxx", "b.o", "libc.a"});
  CHECK(isLinkerInput("b.o"));
  CHECK(isLinkerInput("libz.so.1"));
  CHECK_FALSE(isLinkerInput("a.cxx"));
  // A link of objects alone takes the objects' sms.
  CHECK_FALSE(parse({"--cuda-path=/c", "a.o", "b.o"}).error);
  CHECK(parse({"--cuda-path=/c", "a.cxx", "b.o"}).error);
}

TEST_CASE("-rdc and its nvcc and Clang spellings") {
  CHECK(parse({"-rdc", "a.cxx"}).options.rdc);
  CHECK(parse({"-rdc=true", "a.cxx"}).options.rdc);
  CHECK(parse({"--relocatable-device-code=true", "a.cxx"}).options.rdc);
  CHECK(parse({"-fgpu-rdc", "a.cxx"}).options.rdc);
  CHECK_FALSE(parse({"-rdc", "-rdc=false", "a.cxx"}).options.rdc);
  CHECK_FALSE(parse({"a.cxx"}).options.rdc);
}

TEST_CASE("per-sm output names put the sm before the extension") {
  CHECK(perSmOutputName("out", 75, "ptx") == "out.sm_75.ptx");
  CHECK(perSmOutputName("out.ptx", 90, "ptx") == "out.sm_90.ptx");
  CHECK(perSmOutputName("dir/k", 90, "ll") == "dir/k.sm_90.ll");
}

TEST_CASE("-gpu names each SPIR-V shader's file by its entry point") {
  CHECK(perShaderOutputName("out", "saxpy", "spvasm") == "out.saxpy.spvasm");
  CHECK(perShaderOutputName("out.spvasm", "saxpy", "spvasm") == "out.saxpy.spvasm");
  CHECK(perShaderOutputName("dir/k.ll", "_Z1fv", "ll") == "dir/k._Z1fv.ll");
}

TEST_CASE("--device-library only writes device bitcode") {
  auto ok = parse({"--cuda-path=/c", "-sm_75", "-gpu", "-c", "-emit-llvm", "--device-library", "rt.cpp"});
  REQUIRE_FALSE(ok.error);
  CHECK(ok.options.deviceLibrary);
  for (std::vector<std::string> args : {std::vector<std::string>{"--cuda-path=/c", "-sm_75", "--device-library", "rt.cpp"},
                                        {"--cuda-path=/c", "-sm_75", "-gpu", "-S", "--device-library", "rt.cpp"}}) {
    auto bad = parse(args);
    REQUIRE(bad.error);
    CHECK(bad.error->message == "--device-library needs -gpu -c -emit-llvm");
  }
}
