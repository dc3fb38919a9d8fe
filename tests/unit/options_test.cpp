#include "frontend/options.h"
#include "frontend/option_table.h"

#include "llvm/Option/Arg.h"
#include "llvm/Option/ArgList.h"
#include "frontend/gpu_arch_values.h"
#include "support/gpu_arch.h"

#include <catch2/catch.hpp>

#include <fstream>

using namespace circle;

static ParseResult parse(std::vector<std::string> args) { return parseOptions(args); }
static std::string error(std::vector<std::string> args) {
  auto r = parse(std::move(args));
  return r.error ? r.error->message : "";
}
static std::vector<std::string> paths(const Options& o) {
  std::vector<std::string> v;
  for (const Input& in : o.inputs) v.push_back(in.path);
  return v;
}

TEST_CASE("sm targets are sorted and deduplicated; CUDA needs no --cuda-path") {
  auto r = parse({"--cuda-path=/cuda", "-sm_90", "-sm_75", "-sm_90", "a.cxx"});
  REQUIRE_FALSE(r.error);
  CHECK(r.options.smTargets == std::vector<int>{75, 90});
  CHECK(*r.options.cudaPath == "/cuda");
  CHECK(r.options.cuda);

  auto noPath = parse({"-sm_90", "a.cxx"});
  REQUIRE_FALSE(noPath.error);
  CHECK(noPath.options.cuda);
  CHECK_FALSE(noPath.options.cudaPath);
}

TEST_CASE("CUDA is on for .cu, -x cuda and GPU options; sm_75 by default, as nvcc") {
  auto cu = parse({"k.cu"});
  CHECK(cu.options.cuda);
  CHECK(cu.options.smTargets == std::vector<int>{75});
  CHECK(cu.options.defaultSm);
  auto plain = parse({"a.cpp"});
  CHECK_FALSE(plain.options.cuda);
  CHECK(plain.options.smTargets.empty());
  auto x = parse({"-x", "cuda", "a.cpp"});
  CHECK(x.options.cuda);
  CHECK(x.options.inputs[0].language == Language::CUDA);
  CHECK(parse({"--cuda-path=/c", "a.cxx"}).options.smTargets == std::vector<int>{75});
  // -spirv alone builds shaders only.
  CHECK(parse({"-spirv", "a.cxx"}).options.smTargets.empty());
}

TEST_CASE("nvcc's and clang's architecture spellings") {
  CHECK(parse({"-arch=sm_90", "k.cu"}).options.smTargets == std::vector<int>{90});
  CHECK(parse({"-arch", "sm_80", "k.cu"}).options.smTargets == std::vector<int>{80});
  CHECK(parse({"--gpu-architecture=compute_75", "k.cu"}).options.smTargets == std::vector<int>{75});
  CHECK(parse({"-arch=sm_75,sm_90", "k.cu"}).options.smTargets == std::vector<int>{75, 90});
  CHECK(parse({"-arch=compute_75", "-code=sm_80,sm_90", "k.cu"}).options.smTargets == std::vector<int>{80, 90});
  CHECK(parse({"-gencode", "arch=compute_75,code=[sm_75,compute_75]", "-gencode=arch=compute_90,code=sm_90", "k.cu"})
            .options.smTargets == std::vector<int>{75, 90});
  CHECK(parse({"-gencode", "arch=compute_80,code=\"sm_86,compute_86\"", "k.cu"}).options.smTargets ==
        std::vector<int>{86});
  CHECK(parse({"--cuda-gpu-arch=sm_90", "--offload-arch=sm_75", "k.cu"}).options.smTargets ==
        std::vector<int>{75, 90});
  CHECK(parse({"-arch=all-major", "k.cu"}).options.archKeyword == "all-major");
  // native: resolved once the command is read (the driver is asked; runCommand).
  CHECK(parse({"-arch=native", "k.cu"}).options.archKeyword == "native");
  CHECK(parse({"--offload-arch=native", "k.cu"}).options.archKeyword == "native");
  CHECK(error({"-code=native", "k.cu"}).find("only -arch= and --offload-arch=") != std::string::npos);
  CHECK(error({"-arch=compute_90", "-code=sm_75", "k.cu"}).find("older") != std::string::npos);
  CHECK(error({"-gencode", "arch=compute_75", "k.cu"}).find("code=") != std::string::npos);
}

TEST_CASE("malformed architectures are rejected with the reason") {
  for (const char* bad : {"-sm_", "-sm_9x", "-sm_1000", "-arch=sm_9x"}) {
    auto r = parse({bad, "a.cxx"});
    REQUIRE(r.error);
    CHECK(r.error->message.find(bad) != std::string::npos);
  }
  // Family-specific sms: Clang 22 cannot target them; the message says what to name instead.
  CHECK(error({"-sm_100f", "a.cxx"}).find("family-specific") != std::string::npos);
  CHECK(error({"-arch=sm_100f", "a.cxx"}).find("sm_100a or the plain sm_100") != std::string::npos);
  CHECK(error({"-sm_90b", "a.cxx"}).find("not a GPU architecture") != std::string::npos);
}

TEST_CASE("arch-specific sms (sm_90a) are targets of their own") {
  const int sm90a = 90 + kArchSpecific;
  CHECK(parse({"-sm_90a", "k.cu"}).options.smTargets == std::vector<int>{sm90a});
  CHECK(parse({"--offload-arch=sm_90a", "k.cu"}).options.smTargets == std::vector<int>{sm90a});
  CHECK(parse({"-gencode", "arch=compute_90a,code=sm_90a", "k.cu"}).options.smTargets == std::vector<int>{sm90a});
  // nvcc's -arch=sm_90a adds compute_90's PTX, for GPUs that cannot run sm_90a code.
  CHECK(parse({"-arch=sm_90a", "k.cu"}).options.smTargets == std::vector<int>{90, sm90a});
  CHECK(parse({"-arch=compute_90a", "k.cu"}).options.smTargets == std::vector<int>{90, sm90a});
  CHECK(parse({"-cubin", "-arch=sm_90a", "k.cu"}).options.smTargets == std::vector<int>{sm90a}); // as nvcc's
  CHECK(parse({"-ptx", "-arch=sm_90a", "k.cu"}).options.smTargets == std::vector<int>{sm90a});
  CHECK(parse({"-arch=compute_90", "-code=sm_90a", "k.cu"}).options.smTargets == std::vector<int>{sm90a});
  CHECK(parse({"-sm_90", "-sm_90a", "-sm_100a", "k.cu"}).options.smTargets ==
        std::vector<int>{90, sm90a, 100 + kArchSpecific});
  CHECK(error({"-arch=compute_100a", "-code=sm_90a", "k.cu"}).find("-code=sm_90a is older than -arch=compute_100a") !=
        std::string::npos);
  CHECK(smName(sm90a) == "sm_90a");
  CHECK(smDigits(sm90a) == "90a");
  CHECK(smNumber(sm90a) == 90);
  CHECK(perSmOutputName("out", sm90a, "ptx") == "out.sm_90a.ptx");
  // -arch=all is nvcc's: the plain sms only.
  CHECK(expandArchKeyword("all", {75, 90, 100, sm90a, 100 + kArchSpecific}) == std::vector<int>{75, 90, 100});
}

TEST_CASE("output kinds follow -c, -S, -E, -M, -fsyntax-only and -emit-llvm") {
  CHECK(parse({"a.cxx"}).options.kind == OutputKind::Executable);
  CHECK(parse({"-c", "a.cxx"}).options.kind == OutputKind::Object);
  CHECK(parse({"-S", "a.cxx"}).options.kind == OutputKind::Assembly);
  CHECK(parse({"-S", "-emit-llvm", "a.cxx"}).options.kind == OutputKind::LLVMText);
  CHECK(parse({"-c", "-emit-llvm", "a.cxx"}).options.kind == OutputKind::LLVMBitcode);
  CHECK(parse({"-E", "a.cxx"}).options.kind == OutputKind::Preprocessed);
  CHECK(parse({"-M", "a.cxx"}).options.kind == OutputKind::Dependencies);
  CHECK(parse({"-E", "-MM", "a.cxx"}).options.kind == OutputKind::Dependencies);
  CHECK(parse({"-fsyntax-only", "a.cxx"}).options.kind == OutputKind::SyntaxOnly);
  auto dc = parse({"-dc", "k.cu"});
  CHECK(dc.options.kind == OutputKind::Object);
  CHECK(dc.options.rdc);
  CHECK(parse({"-emit-llvm", "a.cxx"}).error);
  CHECK(parse({"-c", "-S", "a.cxx"}).error);
}

TEST_CASE("nvcc's -ptx, -cubin, -fatbin and clang's --cuda-device-only write device code alone") {
  auto ptx = parse({"-ptx", "-arch=sm_90", "dir/k.cu"});
  REQUIRE_FALSE(ptx.error);
  CHECK(ptx.options.deviceOnly == DeviceOnly::Ptx);
  CHECK(ptx.options.kind == OutputKind::Assembly);
  CHECK(defaultOutputName(ptx.options, "dir/k.cu") == "k.ptx"); // in the working directory, as nvcc
  CHECK(deviceModuleOutputName(ptx.options, "out.ptx", 90) == "out.ptx");
  CHECK(parse({"--ptx", "a.cxx"}).options.cuda); // a C++ source compiles as CUDA, for sm_75
  CHECK_FALSE(parse({"-ptx", "a.cu", "b.cu"}).error); // one PTX file each
  auto cubin = parse({"-cubin", "-arch=compute_80", "k.cu"});
  REQUIRE_FALSE(cubin.error);
  CHECK(cubin.options.deviceOnly == DeviceOnly::Cubin);
  CHECK(defaultOutputName(cubin.options, "k.cu") == "k.cubin");
  auto fat = parse({"-fatbin", "-sm_75", "-sm_90", "k.cu"});
  REQUIRE_FALSE(fat.error);
  CHECK(defaultOutputName(fat.options, "k.cu") == "k.fatbin");
  CHECK(error({"-ptx", "-sm_75", "-sm_90", "k.cu"}).find("several are named") != std::string::npos);
  CHECK(error({"-cubin", "-arch=all", "k.cu"}).find("several are named") != std::string::npos);
  CHECK(error({"-ptx", "-c", "k.cu"}).find("use one of them") != std::string::npos);
  CHECK(error({"-S", "-fatbin", "k.cu"}).find("use one of them") != std::string::npos);
  CHECK(error({"-ptx", "-cubin", "k.cu"}).find("cannot be used together") != std::string::npos);
  CHECK_FALSE(parse({"-cubin", "-rdc=true", "k.cu"}).error); // a relocatable cubin, for nvlink
  CHECK_FALSE(parse({"-fatbin", "-rdc=true", "-sm_75", "-sm_90", "k.cu"}).error);
  CHECK(error({"-ptx", "-spirv", "k.cu"}).find("shaders") != std::string::npos);
  CHECK(error({"-ptx", "a.cu", "b.cu", "-o", "x.ptx"}) == "cannot specify -o when generating multiple output files");
  // clang's: -S the PTX, -c the cubin, or the fat binary for several sms; -emit-llvm as -gpu.
  auto s = parse({"--cuda-device-only", "-S", "--cuda-gpu-arch=sm_90", "k.cu", "-o", "k.ptx"});
  REQUIRE_FALSE(s.error);
  CHECK(s.options.deviceOnly == DeviceOnly::Ptx);
  CHECK(parse({"--cuda-device-only", "-c", "--offload-arch=sm_90", "k.cu"}).options.deviceOnly == DeviceOnly::Cubin);
  CHECK(parse({"--offload-device-only", "-c", "-sm_75", "-sm_90", "k.cu"}).options.deviceOnly == DeviceOnly::Fatbin);
  auto ll = parse({"--cuda-device-only", "-S", "-emit-llvm", "-sm_75", "-sm_90", "k.cu"});
  CHECK(ll.options.gpuOutput);
  CHECK(ll.options.deviceOnly == DeviceOnly::None);
  CHECK(error({"--cuda-device-only", "-S", "-sm_75", "-sm_90", "k.cu"}).find("several are named") != std::string::npos);
  CHECK(parse({"--cuda-device-only", "-E", "k.cu"}).options.kind == OutputKind::Preprocessed);
}

TEST_CASE("nvcc's long names mean what Clang's and circle's short ones do") {
  auto has = [](const Options& o, const std::string& w) {
    return std::find(o.compileArgs.begin(), o.compileArgs.end(), w) != o.compileArgs.end();
  };
  auto r = parse({"--include-path", "inc", "--system-include=sys", "--pre-include", "cstdio", "--define-macro", "A=1",
                  "--undefine-macro=B", "-std", "c++17", "--disable-warnings", "--machine", "64", "-noeh",
                  "--ftemplate-depth", "50", "--compile", "--output-file", "o.o", "--x", "cu", "k.cxx"});
  REQUIRE_FALSE(r.error);
  const Options& o = r.options;
  CHECK(has(o, "-Iinc"));
  CHECK(has(o, "-isystem"));
  CHECK(has(o, "sys"));
  CHECK(has(o, "-include"));
  CHECK(has(o, "-DA=1"));
  CHECK(has(o, "-UB"));
  CHECK(has(o, "-std=c++17"));
  CHECK(o.std == "c++17");
  CHECK(has(o, "-w"));
  CHECK(has(o, "-fno-exceptions"));
  CHECK(has(o, "-ftemplate-depth=50"));
  CHECK(o.kind == OutputKind::Object);
  CHECK(o.output == "o.o");
  CHECK(o.inputs.front().language == Language::CUDA);
  auto link = parse({"--library", "m", "--library-path=/opt/lib", "--linker-options", "-rpath,/opt/lib", "k.o"});
  REQUIRE_FALSE(link.error);
  std::vector<std::string> words;
  for (const LinkArg& a : link.options.linkArgs) words.push_back(a.text);
  CHECK(words == std::vector<std::string>{"-lm", "-L/opt/lib", "-Xlinker", "-rpath", "-Xlinker", "/opt/lib", "k.o"});
  CHECK(error({"--machine", "32", "k.cu"}).find("64-bit") != std::string::npos);
  // -Werror: nvcc's with kinds, Clang's alone.
  CHECK(has(parse({"-Werror", "all-warnings", "k.cu"}).options, "-Werror"));
  CHECK(parse({"-Werror", "all-warnings", "k.cu"}).options.inputs.size() == 1);
  CHECK(has(parse({"--Werror=reorder,all-warnings", "k.cu"}).options, "-Werror=reorder"));
  auto clangs = parse({"-Werror", "k.cu"});
  CHECK(has(clangs.options, "-Werror"));
  CHECK(clangs.options.inputs.size() == 1);
  CHECK_FALSE(parse({"--Werror", "cross-execution-space-call", "k.cu"}).options.notes.empty());
  CHECK(error({"--Werror", "bogus", "k.cu"}).find("-Werror kinds") != std::string::npos);
  // Switches only nvcc has.
  CHECK(parse({"--restrict", "k.cu"}).options.restrictKernelPointers);
  auto lib = parse({"-lib", "a.cu", "b.cu"});
  CHECK(lib.options.staticLibrary);
  CHECK(defaultOutputName(lib.options, "") == "a.a");
  CHECK(error({"-lib", "-c", "a.cu"}) == "-lib archives objects; it cannot be used with -c");
  auto odir = parse({"-c", "-odir", "out", "src/a.cu"});
  CHECK(defaultOutputName(odir.options, "src/a.cu") == "out/a.o");
  CHECK(defaultOutputName(parse({"-odir", "out", "a.cu"}).options, "") == "a.out"); // not the executable
  CHECK(parse({"--list-gpu-code"}).options.listGpu == GpuListing::Real);
  auto dlink = parse({"-dlink", "a.o", "b.o"});
  REQUIRE_FALSE(dlink.error);
  CHECK(dlink.options.deviceLinkOnly);
  CHECK(dlink.options.rdc); // sources given are compiled relocatable
  CHECK(defaultOutputName(dlink.options, "") == "a_dlink.o");
  CHECK(error({"-dlink", "-lib", "a.o"}).find("cannot be used together") != std::string::npos);
  CHECK(error({"-dlink", "-S", "a.o"}) == "-dlink links objects; it cannot be used with -S"); // the flag given
  // Accepted without effect, with a note where the user might expect one.
  CHECK_FALSE(parse({"-Xcudafe", "--diag_suppress=177", "--diag-suppress=550,20012", "-split-compile=0", "k.cu"}).error);
  CHECK(parse({"--diag-suppress", "177", "k.cu"}).options.notes.size() == 1);
  CHECK(parse({"--use-local-env", "-allow-unsupported-compiler", "k.cu"}).options.notes.empty());
  CHECK(error({"-optix-ir", "k.cu"}).find("OptiX") != std::string::npos);
}

TEST_CASE("dependency options as clang reads them") {
  auto r = parse({"-c", "a.cu", "-MD", "-MF", "x.d", "-MT", "obj", "-MQ", "a b$", "-MP"});
  REQUIRE_FALSE(r.error);
  const DependencyOptions& d = r.options.deps;
  CHECK(d.enabled);
  CHECK(d.systemHeaders);
  CHECK(d.file == "x.d");
  CHECK(d.targets == std::vector<std::string>{"obj", "a\\ b$$"});
  CHECK(d.phonyTargets);
  CHECK_FALSE(parse({"-c", "a.cu", "-MMD"}).options.deps.systemHeaders);
  CHECK(error({"-c", "a.cu", "b.cu", "-MD", "-MF", "x.d"}).find("one dependency file") != std::string::npos);
}

TEST_CASE("-gpu only describes -S / -emit-llvm outputs") {
  CHECK_FALSE(parse({"-sm_75", "-gpu", "-S", "a.cxx"}).error);
  CHECK(parse({"-sm_75", "-gpu", "a.cxx"}).error);
  CHECK(parse({"-sm_75", "-gpu", "-c", "a.cxx"}).error);
}

TEST_CASE("Clang's options go to the parse, the link or both, in order") {
  auto r = parse({"-Iinc", "-isystem", "sys", "-DX=1", "-D", "Y", "-UZ", "-Wall", "-Werror", "-O3", "-g", "-std=c++17",
                  "-include", "pre.h", "-fPIC", "a.cu", "-lm", "-L", "lib", "-Wl,--as-needed", "-pthread", "-shared",
                  "-o", "out"});
  REQUIRE_FALSE(r.error);
  const Options& o = r.options;
  CHECK(o.compileArgs == std::vector<std::string>{"-Iinc", "-isystem", "sys", "-DX=1", "-DY", "-UZ", "-Wall", "-Werror",
                                                  "-O3", "-g", "-std=c++17", "-include", "pre.h", "-fPIC", "-L", "lib",
                                                  "-pthread", "-shared"});
  std::vector<std::string> link;
  for (const LinkArg& a : o.linkArgs) link.push_back(a.text);
  CHECK(link == std::vector<std::string>{"a.cu", "-lm", "-L", "lib", "-Wl,--as-needed", "-pthread", "-shared"});
  CHECK(o.linkArgs[0].input == 0);
  CHECK(o.output == "out");
  CHECK(o.hostDebug);
  CHECK(o.std == "c++17");
  CHECK_FALSE(parse({"-g", "-g0", "a.cxx"}).options.hostDebug);
  CHECK(parse({"-fsanitize=address", "a.cxx"}).options.linkNeedsClangRuntime);
  // GCC's driver has no -rpath: the linker gets it.
  CHECK(parse({"a.o", "-rpath", "/x"}).options.linkArgs.back().text == "-Wl,-rpath,/x");
}

TEST_CASE("nvcc's pass-through and device switches") {
  auto r = parse({"-Xcompiler", "-fPIC,-Wextra", "-Xptxas", "-v,-O3", "-maxrregcount=32", "--use_fast_math",
                  "--expt-relaxed-constexpr", "--expt-extended-lambda", "-lineinfo", "-G", "-OG1", "k.cu"});
  REQUIRE_FALSE(r.error);
  const Options& o = r.options;
  CHECK(o.compileArgs == std::vector<std::string>{"-fPIC", "-Wextra"});
  CHECK(o.ptxasArgs == std::vector<std::string>{"-O3", "--maxrregcount=32"});
  CHECK(o.ptxasReport);
  CHECK(o.math.ftz);
  CHECK_FALSE(o.math.precDiv);
  CHECK(o.math.approxFunctions);
  CHECK(o.lineInfo);
  CHECK(o.deviceDebug);
  CHECK(o.deviceOpt == 1);
  auto ccbin = parse({"-ccbin", "g++-12", "k.cu"});
  REQUIRE_FALSE(ccbin.error);
  REQUIRE(ccbin.options.notes.size() == 1);
  CHECK(ccbin.options.notes[0] == "'-ccbin g++-12' ignored: circle compiles host code itself, with Clang");
  CHECK(parse({"--default-stream", "per-thread", "k.cu"}).options.compileArgs ==
        std::vector<std::string>{"-DCUDA_API_PER_THREAD_DEFAULT_STREAM=1"});
  CHECK(parse({"-cudart", "shared", "k.cu"}).options.cudart == CudaRuntime::Shared);
  CHECK(error({"-Xcompiler", "x.cu", "k.cu"}).find("-Xcompiler") != std::string::npos);
  // nvcc hands these to its tools through a shell: spaces separate options too.
  CHECK(parse({"-Xcompiler", "-fPIC -Wall,-O2", "k.cu"}).options.compileArgs ==
        std::vector<std::string>{"-fPIC", "-Wall", "-O2"});
  CHECK(parse({"-Xcompiler", "'-DMSG=a b'", "k.cu"}).options.compileArgs == std::vector<std::string>{"-DMSG=a b"});
  CHECK(parse({"-Xptxas", "-O3 -v", "k.cu"}).options.ptxasReport);
}

TEST_CASE("__CUDA_ARCH__ and too-old standards are refused; NDEBUG is tracked") {
  CHECK(error({"-D__CUDA_ARCH__=800", "a.cxx"}).find("__CUDA_ARCH__ cannot be set") != std::string::npos);
  auto old = parse({"-std=c++14", "a.cxx"}); // nvcc compiles it: circle, as C++17
  REQUIRE_FALSE(old.error);
  CHECK(old.options.std == "c++17");
  CHECK(old.options.compileArgs.back() == "-Wno-error=increment-bool");
  CHECK(std::find(old.options.compileArgs.begin(), old.options.compileArgs.end(), "-std=c++17") !=
        old.options.compileArgs.end());
  CHECK(old.options.notes.size() == 1);
  CHECK(parse({"-std=gnu++11", "a.cxx"}).options.std == "gnu++17");
  CHECK(parse({"-DNDEBUG", "a.cxx"}).options.ndebug);
  CHECK_FALSE(parse({"-DNDEBUG", "-UNDEBUG", "a.cxx"}).options.ndebug);
}

TEST_CASE("unknown and refused options are errors, with a suggestion when one is near") {
  CHECK(error({"-frobnicate", "a.cxx"}) == "unknown option '-frobnicate' (see circle --help)");
  CHECK(error({"--cuda-pth=/c", "a.cxx"}).find("did you mean '--cuda-path=/c'") != std::string::npos);
  CHECK(error({"-Wlall", "a.cxx"}).empty()); // a -W option: Clang warns about unknown warnings itself
  CHECK(error({"--cuda-host-only", "a.cu"}).find("one parse") != std::string::npos);
  CHECK(error({"--offload-new-driver", "a.cu"}).find("offloading") != std::string::npos);
  CHECK(error({"-m32", "a.cu"}).find("64-bit") != std::string::npos);
  CHECK(error({"-flto", "a.cu"}).find("LTO") != std::string::npos);
  CHECK(error({"--target=aarch64-linux-gnu", "a.cu"}).find("x86-64") != std::string::npos);
  CHECK(error({"a.cxx", "-o"}) == "missing argument to '-o'");
  CHECK(error({}) == "no input files");
  CHECK(error({"-c", "a.cxx", "b.cxx", "-o", "x.o"}) == "cannot specify -o when generating multiple output files");
  CHECK_FALSE(parse({"-c", "a.cxx", "b.cxx"}).error);
  CHECK(parse({"-c", "a.o"}).error);
  CHECK(error({"-"}).find("-x") != std::string::npos);
  CHECK_FALSE(parse({"--version"}).error);
  CHECK_FALSE(parse({"-v"}).error);
}

TEST_CASE("inputs: language by extension or -x, the rest goes to the link") {
  ParseResult r = parse({"a.cxx", "b.o", "libc.a", "k.cu", "c.c", "p.cui", "-x", "c", "h.inc", "-x", "none", "z.so.1",
                         "-o", "prog"});
  REQUIRE_FALSE(r.error);
  const Options& o = r.options;
  CHECK(paths(o) == std::vector<std::string>{"a.cxx", "b.o", "libc.a", "k.cu", "c.c", "p.cui", "h.inc", "z.so.1"});
  CHECK(o.inputs[0].source);
  CHECK(o.inputs[0].language == Language::CXX);
  CHECK_FALSE(o.inputs[1].source);
  CHECK(o.inputs[3].language == Language::CUDA);
  CHECK(o.inputs[4].language == Language::C);
  CHECK(o.inputs[5].preprocessed);
  CHECK(o.inputs[6].language == Language::C);
  CHECK_FALSE(o.inputs[7].source);
  auto in = parse({"-x", "cu", "-", "-c", "-o", "x.o"});
  REQUIRE_FALSE(in.error);
  CHECK(in.options.inputs[0].path == "-");
  CHECK(in.options.inputs[0].language == Language::CUDA);
}

TEST_CASE("@file response files are read as more arguments") {
  std::string path = "circle_options_test.rsp";
  std::ofstream(path) << "-arch=sm_90 -O2\n\"-DMSG=a b\"\n";
  auto r = parse({"@" + path, "k.cu"});
  std::remove(path.c_str());
  REQUIRE_FALSE(r.error);
  CHECK(r.options.smTargets == std::vector<int>{90});
  CHECK(r.options.compileArgs == std::vector<std::string>{"-O2", "-DMSG=a b"});
}

TEST_CASE("-rdc and its nvcc and Clang spellings") {
  CHECK(parse({"-rdc", "a.cxx"}).options.rdc);
  CHECK(parse({"-rdc=true", "a.cxx"}).options.rdc);
  CHECK(parse({"--relocatable-device-code=true", "a.cxx"}).options.rdc);
  CHECK(parse({"-fgpu-rdc", "a.cxx"}).options.rdc);
  CHECK_FALSE(parse({"-rdc", "-rdc=false", "a.cxx"}).options.rdc);
  CHECK_FALSE(parse({"a.cxx"}).options.rdc);
  CHECK(error({"-rdc=maybe", "a.cxx"}).find("true or false") != std::string::npos);
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
  auto ok = parse({"-sm_75", "-gpu", "-c", "-emit-llvm", "--device-library", "rt.cpp"});
  REQUIRE_FALSE(ok.error);
  CHECK(ok.options.deviceLibrary);
  for (std::vector<std::string> args : {std::vector<std::string>{"-sm_75", "--device-library", "rt.cpp"},
                                        {"-sm_75", "-gpu", "-S", "--device-library", "rt.cpp"}}) {
    auto bad = parse(args);
    REQUIRE(bad.error);
    CHECK(bad.error->message == "--device-library needs -gpu -c -emit-llvm");
  }
}

TEST_CASE("--help lists every group and the environment") {
  std::string help = helpText();
  for (const char* s : {"GPU targets", "Device code", "Dependency files", "Accepted for nvcc and clang",
                        "CIRCLE_LINKER", "CUDA_PATH", "CIRCLE_TOOL_TIMEOUT", "-gencode", "-Xptxas"})
    CHECK(help.find(s) != std::string::npos);
}

// Every option nvcc 13.0's --help names, long and short. Each must be circle's own
// (accepted with nvcc's meaning, ignored with a reason, or refused with one) or, for the
// few below, Clang's option of the same spelling and meaning: none may fall to a Clang
// option that merely shares its prefix (-Ofc read as -O, -e as the linker's entry point).
TEST_CASE("every nvcc option is circle's, or Clang's of the same meaning") {
  static const char* const kNvcc[] = {
      "--Ofast-compile", "-Ofc", "--Wdefault-stream-launch", "-Wdefault-stream-launch", "--Werror", "-Werror",
      "--Wext-lambda-captures-this", "-Wext-lambda-captures-this", "--Wmissing-launch-bounds",
      "-Wmissing-launch-bounds", "--Wno-deprecated-declarations", "-Wno-deprecated-declarations",
      "--Wno-deprecated-gpu-targets", "-Wno-deprecated-gpu-targets", "--Wreorder", "-Wreorder",
      "--allow-unsupported-compiler", "-allow-unsupported-compiler", "--archive-options", "-Xarchive",
      "--archiver-binary", "-arbin", "--augment-host-linker-script", "-aug-hls", "--brief-diagnostics", "-brief-diag",
      "--clean-targets", "-clean", "--compile", "-c", "--compile-as-tools-patch", "-astoolspatch", "--compiler-bindir",
      "-ccbin", "--compiler-options", "-Xcompiler", "--compress-mode", "-compress-mode", "--cubin", "-cubin", "--cuda",
      "-cuda", "--cudadevrt", "-cudadevrt", "--cudart", "-cudart", "--debug", "-g", "--default-stream",
      "-default-stream", "--define-macro", "-D", "--dependency-drive-prefix", "-ddp", "--dependency-output", "-MF",
      "--dependency-target-name", "-MT", "--device-c", "-dc", "--device-debug", "-G",
      "--device-entity-has-hidden-visibility", "-device-entity-has-hidden-visibility", "--device-link", "-dlink",
      "--device-stack-protector", "-device-stack-protector", "--device-w", "-dw", "--diag-error", "-diag-error",
      "--diag-suppress", "-diag-suppress", "--diag-warn", "-diag-warn", "--disable-warnings", "-w",
      "--display-error-number", "-err-no", "--dlink-time-opt", "-dlto", "--dont-use-profile", "-noprof", "--dopt",
      "-dopt", "--drive-prefix", "-dp", "--dryrun", "-dryrun", "--entries", "-e", "--expt-extended-lambda",
      "-expt-extended-lambda", "--expt-relaxed-constexpr", "-expt-relaxed-constexpr", "--extended-lambda",
      "-extended-lambda", "--extensible-whole-program", "-ewp", "--extra-device-vectorization",
      "-extra-device-vectorization", "--fatbin", "-fatbin", "--fdevice-syntax-only", "-fdevice-syntax-only",
      "--fdevice-time-trace", "-fdevice-time-trace", "--fmad", "-fmad", "--force-cl-env-setup", "-force-cl-env-setup",
      "--forward-unknown-opts", "-forward-unknown-opts", "--forward-unknown-to-host-compiler",
      "-forward-unknown-to-host-compiler", "--forward-unknown-to-host-linker", "-forward-unknown-to-host-linker",
      "--frandom-seed", "-frandom-seed", "--ftemplate-backtrace-limit", "-ftemplate-backtrace-limit",
      "--ftemplate-depth", "-ftemplate-depth", "--ftz", "-ftz", "--gen-opt-lto", "-gen-opt-lto", "--generate-code",
      "-gencode", "--generate-dependencies", "-M", "--generate-dependencies-with-compile", "-MD",
      "--generate-dependency-targets", "-MP", "--generate-line-info", "-lineinfo", "--generate-nonsystem-dependencies",
      "-MM", "--generate-nonsystem-dependencies-with-compile", "-MMD", "--gpu-architecture", "-arch", "--gpu-code",
      "-code", "--help", "-h", "--host-linker-script", "-hls", "--include-path", "-I", "--input-drive-prefix", "-idp",
      "--jobserver", "-jobserver", "--jump-table-density", "-jtd", "--keep", "-keep", "--keep-device-functions",
      "-keep-device-functions", "--keep-dir", "-keep-dir", "--lib", "-lib", "--libdevice-directory", "-ldir",
      "--library", "-l", "--library-path", "-L", "--link", "-link", "--linker-options", "-Xlinker", "--list-gpu-arch",
      "-arch-ls", "--list-gpu-code", "-code-ls", "--lto", "-lto", "--ltoir", "-ltoir", "--m64", "-m64", "--machine",
      "-m", "--maxrregcount", "-maxrregcount", "--no-align-double", "--no-compress", "-no-compress",
      "--no-device-link", "-nodlink", "--no-display-error-number", "-no-err-no", "--no-exceptions", "-noeh",
      "--no-host-device-initializer-list", "-nohdinitlist", "--no-host-device-move-forward", "-nohdmoveforward",
      "--nvlink-options", "-Xnvlink", "--objdir-as-tempdir", "-objtemp", "--optimization-info", "-opt-info",
      "--optimize", "-O", "--options-file", "-optf", "--optix-ir", "-optix-ir", "--output-directory", "-odir",
      "--output-file", "-o", "--pre-include", "-include", "--prec-div", "-prec-div", "--prec-sqrt", "-prec-sqrt",
      "--preprocess", "-E", "--profile", "-pg", "--ptx", "-ptx", "--ptxas-options", "-Xptxas", "--qpp-config",
      "-qpp-config", "--relocatable-device-code", "-rdc", "--relocatable-link", "-r", "--relocatable-ptx",
      "-reloc-ptx", "--resource-usage", "-res-usage", "--restrict", "-restrict", "--run", "-run", "--run-args",
      "-run-args", "--sanitize", "-sanitize", "--save-temps", "-save-temps", "--shared", "-shared", "--source-in-ptx",
      "-src-in-ptx", "--split-compile", "-split-compile", "--split-compile-extended", "-split-compile-extended",
      "--static-global-template-stub", "-static-global-template-stub", "--std", "-std", "--system-include",
      "-isystem", "--target-directory", "-target-dir", "--threads", "-t", "--time", "-time", "--undefine-macro", "-U",
      "--use-local-env", "-use-local-env", "--use_fast_math", "-use_fast_math", "--verbose", "-v", "--version", "-V",
      "--x", "-x"};
  // Clang's own spellings, which mean there what nvcc means.
  static const char* const kClangSame[] = {"-g", "--debug", "-w", "-I", "-L", "-l", "-o", "-O", "-D", "-U", "-E",
                                           "--preprocess", "-include", "-isystem", "-shared", "-pg", "-v", "--verbose",
                                           "-m64", "-r", "-save-temps", "--save-temps", "--help",
                                           "-Wno-deprecated-declarations", "-Wreorder", "-Xlinker", "--std",
                                           "-Werror"}; // with an nvcc kind after it: the case above
  const llvm::opt::OptTable& t = circle::opt::table();
  for (const char* s : kNvcc) {
    INFO(s);
    bool clangSame = std::find_if(std::begin(kClangSame), std::end(kClangSame),
                                  [&](const char* c) { return std::string(c) == s; }) != std::end(kClangSame);
    const char* argv[] = {s, "1"};
    unsigned missingIndex = 0, missingCount = 0;
    llvm::opt::InputArgList args = t.ParseArgs(argv, missingIndex, missingCount);
    const llvm::opt::Arg* a = *args.begin();
    bool circles = a->getOption().getKind() != llvm::opt::Option::UnknownClass &&
                   a->getOption().getKind() != llvm::opt::Option::InputClass;
    if (clangSame) continue; // circle's table may or may not spell these; Clang's does
    REQUIRE(circles);
    // All of the spelling was the option's name: no value joined to a shorter name.
    bool joined = a->getIndex() == 0 && a->getNumValues() && std::string(a->getValue()) != "1";
    CHECK_FALSE(joined);
  }
  // The ones that once fell to a Clang option by prefix.
  CHECK(parse({"-Ofc", "max", "k.cu"}).options.notes.size() == 1);
  CHECK(std::find(parse({"-Ofast-compile=max", "k.cu"}).options.compileArgs.begin(),
                  parse({"-Ofast-compile=max", "k.cu"}).options.compileArgs.end(),
                  "-Ofast-compile=max") == parse({"-Ofast-compile=max", "k.cu"}).options.compileArgs.end());
  CHECK(error({"-e", "k", "k.cu"}).find("entry point") != std::string::npos);
  for (const LinkArg& a : parse({"-lto", "k.cu"}).options.linkArgs) CHECK(a.text != "-lto");
  CHECK(parse({"-V"}).options.showVersion);
  auto dw = parse({"-rdc=true", "-dw", "k.cu"});
  CHECK(dw.options.kind == OutputKind::Object);
  CHECK_FALSE(dw.options.rdc);
  CHECK(parse({"-time", "t.csv", "k.cu"}).options.timeTable == "t.csv");
  CHECK(error({"--device-stack-protector=true", "k.cu"}).find("canaries") != std::string::npos);
  CHECK_FALSE(parse({"-device-stack-protector", "false", "k.cu"}).error);
  CHECK(error({"-target-dir", "aarch64-linux", "k.cu"}).find("x86_64-linux") != std::string::npos);
}
