#include "frontend/options.h"

#include "frontend/clang_passthrough.h"
#include "frontend/dependency_file.h"
#include "frontend/gpu_arch_values.h"
#include "frontend/nvcc_spellings.h"
#include "frontend/option_table.h"
#include "support/gpu_arch.h"

#include "clang/Options/Options.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Option/Arg.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/StringSaver.h"

#include <algorithm>
#include <filesystem>

namespace circle {
namespace {

using namespace circle::opt;

// -x's values, with what each means for the inputs after it.
std::optional<Input> languageNamed(llvm::StringRef x) {
  Input in;
  if (x == "cuda" || x == "cu") in.language = Language::CUDA;
  else if (x == "c++") in.language = Language::CXX;
  else if (x == "c") in.language = Language::C;
  else if (x == "cuda-cpp-output") in = {"", true, Language::CUDA, true};
  else if (x == "c++-cpp-output") in = {"", true, Language::CXX, true};
  else if (x == "cpp-output") in = {"", true, Language::C, true};
  else return std::nullopt;
  return in;
}

// A value nvcc spells true/false (also yes/no, 1/0).
std::optional<bool> readBool(llvm::StringRef v) {
  if (v == "true" || v == "yes" || v == "1") return true;
  if (v == "false" || v == "no" || v == "0") return false;
  return std::nullopt;
}

// Options that say which source, language, output and dependency file a compile has.
constexpr ID kSourceAndOutputOptions[] = {OPT_x, OPT_o, OPT_c, OPT_M, OPT_MM, OPT_MD, OPT_MMD, OPT_MF, OPT_MT, OPT_MQ, OPT_MP};

class Parser {
public:
  ParseResult run(std::vector<std::string> args) {
    llvm::SmallVector<const char*, 64> expanded;
    for (const std::string& a : args) expanded.push_back(saver_.save(a).data());
    // @file: clang's and GCC's response files.
    if (!llvm::cl::ExpandResponseFiles(saver_, llvm::cl::TokenizeGNUCommandLine, expanded)) {
      fail("cannot read a response file (@file) on the command line");
      return std::move(r_);
    }
    std::vector<const char*> argv(expanded.begin(), expanded.end());
    parseWords(argv, /*fromXcompiler=*/false);
    if (!r_.error) finish();
    return std::move(r_);
  }

private:
  void fail(std::string msg) {
    if (!r_.error) r_.error = OptionError{std::move(msg)};
  }

  // `clangOnly`: words circle wrote for Clang (nvcc's spellings, translated), which
  // circle's own table must not read again.
  void parseWords(const std::vector<const char*>& argv, bool fromXcompiler, bool clangOnly = false) {
    llvm::opt::InputArgList list(argv.data(), argv.data() + argv.size());
    unsigned index = 0;
    while (index < argv.size() && !r_.error) {
      llvm::StringRef word = argv[index];
      if (word.empty()) {
        ++index;
        continue;
      }
      if (word == "-" || !word.starts_with("-")) {
        if (fromXcompiler) fail("-Xcompiler takes options, not the input '" + word.str() + "'");
        addInput(word.str());
        ++index;
        continue;
      }
      bool top = !fromXcompiler && !clangOnly;
      // nvcc's -t8 (its -t is Separate in circle's table, so "-t8" is read here).
      if (word.size() > 2 && word.starts_with("-t") && llvm::all_of(word.drop_front(2), llvm::isDigit)) {
        word.drop_front(2).getAsInteger(10, o_.threads);
        if (top) keepForPreprocessed(argv, index, index + 1);
        ++index;
        continue;
      }
      // nvcc's -Werror takes kinds; Clang's is a flag.
      if (word == "-Werror" && index + 1 < argv.size() && isNvccWarningKinds(argv[index + 1])) {
        useClangWords(clangWordsForWarningKinds(argv[index + 1]));
        if (top) keepForPreprocessed(argv, index, index + 2);
        index += 2;
        continue;
      }
      // -Werror=all-warnings: nvcc's kinds joined (Clang would take it for a warning group
      // of that name, and make nothing an error).
      if (!clangOnly && word.starts_with("-Werror=") && isNvccWarningKinds(word.drop_front(8))) {
        useClangWords(clangWordsForWarningKinds(word.drop_front(8)));
        if (top) keepForPreprocessed(argv, index, index + 1);
        ++index;
        continue;
      }
      unsigned before = index;
      std::unique_ptr<llvm::opt::Arg> a = clangOnly ? nullptr : table().ParseOneArg(list, index);
      if (a && a->getOption().getKind() != llvm::opt::Option::UnknownClass) {
        circleOption(*a, spelled(argv, before, index));
        // What names the source, the output and the dependency file is the compile's
        // own (see Options::argsForPreprocessed).
        if (top && llvm::none_of(kSourceAndOutputOptions, [&](ID id) { return a->getOption().matches(id); }))
          keepForPreprocessed(argv, before, index);
        continue;
      }
      if (!a && !clangOnly) {
        fail("missing argument to '" + word.str() + "'");
        return;
      }
      index = before;
      a = clang::getDriverOptTable().ParseOneArg(list, index, llvm::opt::Visibility(clang::options::ClangOption));
      if (!a) {
        fail("missing argument to '" + word.str() + "'");
        return;
      }
      if (a->getOption().getKind() == llvm::opt::Option::UnknownClass) {
        unknownOption(word);
        return;
      }
      clangOption(*a, spelled(argv, before, index));
      if (top) keepForPreprocessed(argv, before, index);
    }
  }

  void keepForPreprocessed(const std::vector<const char*>& argv, unsigned from, unsigned to) {
    o_.argsForPreprocessed.insert(o_.argsForPreprocessed.end(), argv.begin() + from, argv.begin() + to);
  }

  static std::vector<std::string> spelled(const std::vector<const char*>& argv, unsigned from, unsigned to) {
    return std::vector<std::string>(argv.begin() + from, argv.begin() + to);
  }

  void unknownOption(llvm::StringRef word) {
    std::string nearest, msg = "unknown option '" + word.str() + "'";
    unsigned circleDistance = table().findNearest(word, nearest, llvm::opt::Visibility(), 3, 2);
    std::string clangNearest;
    unsigned clangDistance = clang::getDriverOptTable().findNearest(
        word, clangNearest, llvm::opt::Visibility(clang::options::ClangOption), 3, 2);
    if (clangDistance < circleDistance) nearest = clangNearest;
    if (std::min(circleDistance, clangDistance) <= 2 && !nearest.empty()) msg += "; did you mean '" + nearest + "'?";
    else msg += " (see circle --help)";
    fail(msg);
  }

  void addInput(const std::string& path) {
    Input in = classifyInput(path);
    if (language_) {
      Input forced = *language_;
      forced.path = path;
      in = forced;
    } else if (path == "-") {
      in.source = true;
      in.language = Language::C; // as clang: C, and only for -E (finish() checks)
      stdinWithoutLanguage_ = true;
    }
    if (in.source && llvm::sys::path::extension(path).lower() == ".s") {
      fail("'" + path + "': circle does not assemble host assembly files");
      return;
    }
    o_.linkArgs.push_back({path, int(o_.inputs.size())});
    o_.inputs.push_back(in);
  }

  // nvcc's -Xcompiler/-Xptxas/-Xnvlink values: options separated by commas; nvcc hands
  // them to its tools through a shell, so spaces separate them too (-Xcompiler
  // "-O2 -fopenmp"), and quotes keep one together.
  std::vector<const char*> toolWords(llvm::StringRef value) {
    std::vector<const char*> words;
    for (llvm::StringRef part : nvccList(value)) {
      llvm::SmallVector<const char*, 4> tokens;
      llvm::cl::TokenizeGNUCommandLine(part, saver_, tokens);
      words.insert(words.end(), tokens.begin(), tokens.end());
    }
    return words;
  }

  // nvcc's --options-file: its words, read as if they stood on the command line (as
  // @file, whose quoting rules it shares).
  void readOptionsFile(const std::string& path) {
    auto buf = llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
    if (!buf) return fail("cannot read the options file '" + path + "': " + buf.getError().message());
    llvm::SmallVector<const char*, 32> words;
    llvm::cl::TokenizeGNUCommandLine((*buf)->getBuffer(), saver_, words);
    if (++optionsFileDepth_ > 16) return fail("options files include each other more than 16 deep");
    parseWords(std::vector<const char*>(words.begin(), words.end()), /*fromXcompiler=*/false);
    --optionsFileDepth_;
  }

  // nvcc's spelling of Clang options: parsed as Clang's words.
  void useClangWords(const ClangWords& w) {
    if (!w.error.empty()) return fail(w.error);
    for (const std::string& n : w.notes) note(n);
    std::vector<const char*> words;
    for (const std::string& word : w.words) words.push_back(saver_.save(word).data());
    parseWords(words, /*fromXcompiler=*/false, /*clangOnly=*/true);
  }

  // The first of -c, -S, -E, -M, -fsyntax-only and -emit-llvm given, or null: each
  // names what circle writes, as -ptx, -lib and -dlink do.
  const char* phaseSpelling() const {
    return compileOnly_ ? "-c" : assembly_ ? "-S" : preprocess_ ? "-E" : depsOnly_ ? "-M"
           : syntaxOnly_ ? "-fsyntax-only" : emitLLVM_ ? "-emit-llvm" : nullptr;
  }

  // -ptx, -cubin, -fatbin: nvcc's phase options, one of them at a time.
  void deviceOnlyFlag(DeviceOnly d, const std::string& spelling) {
    if (deviceOnly_ != DeviceOnly::None && deviceOnly_ != d)
      return fail("'" + deviceOnlySpelling_ + "' and '" + spelling + "' cannot be used together");
    deviceOnly_ = d;
    deviceOnlySpelling_ = spelling;
  }

  // What -ptx/-cubin/-fatbin and --cuda-device-only ask for, as the output kind they
  // share the rest of the driver with; false after a conflict was reported.
  bool resolveDeviceOnly() {
    if (deviceOnly_ != DeviceOnly::None) {
      const char* other = phaseSpelling();
      if (!other) other = o_.gpuOutput ? "-gpu" : clangDeviceOnly_ ? "--cuda-device-only" : nullptr;
      if (other) {
        fail("'" + deviceOnlySpelling_ + "' names what circle writes, and so does '" + other +
             "': use one of them");
        return false;
      }
      o_.deviceOnly = deviceOnly_;
      if (deviceOnly_ == DeviceOnly::Ptx) assembly_ = o_.gpuOutput = true;
      else compileOnly_ = true;
    } else if (clangDeviceOnly_) {
      // clang's: -S the PTX, -emit-llvm each sm's IR (as -gpu), else (-c or nothing) the
      // cubin, or the fat binary where several sms are named (finish decides).
      if (preprocess_ || depsOnly_ || syntaxOnly_) return true;
      if (emitLLVM_) o_.gpuOutput = true;
      else if (assembly_) {
        o_.deviceOnly = DeviceOnly::Ptx;
        o_.gpuOutput = true;
      } else {
        o_.deviceOnly = DeviceOnly::Cubin;
        compileOnly_ = true;
      }
    }
    return true;
  }

  // The checks that need the sms: -ptx and -cubin write one sm's code.
  bool checkDeviceOnly() {
    Options& o = o_;
    if (o.deviceOnly == DeviceOnly::None) return true;
    bool several = o.smTargets.size() > 1 || !o.archKeyword.empty();
    if (clangDeviceOnly_ && o.deviceOnly == DeviceOnly::Cubin && several) o.deviceOnly = DeviceOnly::Fatbin;
    const std::string what = clangDeviceOnly_ ? "--cuda-device-only" : deviceOnlySpelling_;
    if (several && (o.deviceOnly == DeviceOnly::Ptx || o.deviceOnly == DeviceOnly::Cubin)) {
      fail("'" + what + "' writes one GPU architecture's code, but several are named" +
           (o.deviceOnly == DeviceOnly::Ptx ? " (-S -gpu writes each sm's PTX; -fatbin all of them in one file)"
                                            : " (-fatbin writes all of them in one file)"));
      return false;
    }
    if (o.spirv) {
      fail("'" + what + "' writes CUDA device code; -S -gpu -spirv writes the shaders");
      return false;
    }
    return true;
  }

  void note(const std::string& n) {
    if (std::find(o_.notes.begin(), o_.notes.end(), n) == o_.notes.end()) o_.notes.push_back(n);
  }

  void circleOption(const llvm::opt::Arg& a, const std::vector<std::string>& words) {
    const llvm::opt::Option opt = a.getOption();
    std::string spelling = llvm::join(words, " ");
    std::string value = a.getNumValues() ? a.getValue() : "";
    if (opt.hasFlag(Refused)) {
      fail("'" + spelling + "': " + opt.getHelpText().str());
      return;
    }
    if (opt.hasFlag(IgnoredWithNote)) {
      llvm::StringRef help = opt.getHelpText();
      size_t open = help.find('(');
      note("'" + spelling + "' ignored: " + help.slice(open + 1, help.rfind(')')).str());
      return;
    }
    if (opt.hasFlag(ClangSpelling)) {
      useClangWords(clangWordsFor(opt.getID(), value));
      return;
    }
    if (opt.hasFlag(Ignored)) return;
    auto boolValue = [&](bool& dst) {
      if (auto b = readBool(value)) dst = *b;
      else fail("'" + spelling + "': expected true or false");
    };
    switch (opt.getID()) {
    case OPT_cuda_path_EQ:
      if (value.empty()) fail("--cuda-path= needs a directory");
      o_.cudaPath = value;
      break;
    case OPT_sm: {
      std::vector<int> sm;
      if (std::string err = readArchList("-sm_", value, sm); !err.empty() && value.ends_with("f"))
        fail(err);
      else if (!err.empty() || value.find(',') != std::string::npos)
        fail("'" + spelling + "' is not a GPU architecture: expected -sm_XX with a number, e.g. -sm_75 or -sm_90, "
             "or an arch-specific one, e.g. -sm_90a");
      arch_.sms.insert(arch_.sms.end(), sm.begin(), sm.end());
      break;
    }
    case OPT_arch_EQ:
      if (std::string err = readArchList("-arch=", value, arch_.arch, &arch_.keyword); !err.empty()) fail(err);
      break;
    case OPT_code_EQ:
      if (std::string err = readArchList("-code=", value, arch_.codes); !err.empty()) fail(err);
      break;
    case OPT_gencode_EQ:
      if (std::string err = readGencode(value, arch_.sms); !err.empty()) fail(err);
      if (value.find("lto_") != std::string::npos)
        note("'" + spelling + "': circle writes the sm's code and PTX where nvcc writes LTO IR for nvlink (circle's "
             "-rdc objects carry bitcode that is optimised across objects when the program links)");
      break;
    case OPT_offload_arch_EQ:
      if (value == "native") arch_.keyword = value;
      else if (std::string err = readArchList(opt.getPrefixedName().str(), value, arch_.sms); !err.empty()) fail(err);
      break;
    case OPT_spirv: o_.spirv = true; break;
    case OPT_Rcircle_passes: o_.remarkPasses = true; break;
    case OPT_x:
      if (value == "none") language_.reset();
      else if (auto in = languageNamed(value)) language_ = in;
      else fail("-x " + value + ": circle compiles c, c++ and cuda (cu), and their -cpp-output forms");
      break;
    case OPT_o: o_.output = value; break;
    case OPT_c: compileOnly_ = true; break;
    case OPT_dc: compileOnly_ = o_.rdc = true; break;
    case OPT_dw:
      compileOnly_ = true;
      o_.rdc = false;
      break;
    case OPT_time: o_.timeTable = value; break;
    case OPT_target_directory:
      if (value != "x86_64-linux") fail("'" + spelling + "': circle's host is x86_64-linux; it has no other target directory");
      break;
    case OPT_device_stack_protector: {
      bool on = false;
      boolValue(on);
      if (on) fail("'" + spelling + "': circle does not write stack canaries into device code");
      break;
    }
    case OPT_S: assembly_ = true; break;
    case OPT_E: preprocess_ = true; break;
    case OPT_emit_llvm: emitLLVM_ = true; break;
    case OPT_fsyntax_only: syntaxOnly_ = true; break;
    case OPT_gpu: o_.gpuOutput = true; break;
    case OPT_Werror_kinds: useClangWords(clangWordsForWarningKinds(value)); break;
    case OPT_restrict: o_.restrictKernelPointers = true; break;
    case OPT_lib: o_.staticLibrary = true; break;
    case OPT_dlink: o_.deviceLinkOnly = o_.rdc = true; break;
    case OPT_output_directory: o_.outputDirectory = value; break;
    case OPT_options_file: readOptionsFile(value); break;
    case OPT_list_gpu_arch: o_.listGpu = GpuListing::Virtual; break;
    case OPT_list_gpu_code: o_.listGpu = GpuListing::Real; break;
    case OPT_ptx: deviceOnlyFlag(DeviceOnly::Ptx, spelling); break;
    case OPT_cubin: deviceOnlyFlag(DeviceOnly::Cubin, spelling); break;
    case OPT_fatbin: deviceOnlyFlag(DeviceOnly::Fatbin, spelling); break;
    case OPT_cuda_device_only: clangDeviceOnly_ = true; break;
    case OPT_keep_temps: o_.keepTemps = true; break;
    case OPT_keep:
      o_.keepTemps = true;
      if (o_.keepDir.empty()) o_.keepDir = ".";
      break;
    case OPT_keep_dir: o_.keepDir = value; break;
    case OPT_save_temps_EQ:
      if (value != "obj" && value != "cwd") fail("'" + spelling + "': expected obj or cwd");
      o_.keepTemps = true;
      saveTempsBesideObject_ = value == "obj";
      if (o_.keepDir.empty()) o_.keepDir = ".";
      break;
    case OPT_run: o_.run = true; break;
    case OPT_run_args:
      for (llvm::StringRef p : toolWords(value)) o_.runArgs.push_back(p.str());
      break;
    case OPT_list_fatbin_EQ: o_.listFatbin = value; break;
    case OPT_device_library: o_.deviceLibrary = true; break;
    case OPT_OG:
      if (value.size() != 1 || value[0] < '0' || value[0] > '3') fail("'" + spelling + "': expected -OG0 to -OG3");
      else o_.deviceOpt = value[0] - '0';
      break;
    case OPT_G: o_.deviceDebug = true; break;
    case OPT_lineinfo: o_.lineInfo = true; break;
    case OPT_rdc: o_.rdc = true; break;
    case OPT_rdc_EQ: boolValue(o_.rdc); break;
    case OPT_fno_gpu_rdc: o_.rdc = false; break;
    case OPT_fgpu_auto_stack: o_.gpuAutoStack = true; break;
    case OPT_fno_gpu_auto_stack: o_.gpuAutoStack = false; break;
    case OPT_fgpu_host_globals: o_.gpuHostGlobals = true; break;
    case OPT_fno_gpu_host_globals: o_.gpuHostGlobals = false; break;
    case OPT_fgpu_relocatable_ptxas: o_.ptxasRelocatable = true; break;
    case OPT_fno_gpu_relocatable_ptxas: o_.ptxasRelocatable = false; break;
    case OPT_use_fast_math:
      o_.math.ftz = o_.math.fmad = o_.math.approxFunctions = fastMath_ = true;
      o_.math.precDiv = o_.math.precSqrt = false;
      break;
    case OPT_ftz_EQ: boolValue(o_.math.ftz); break;
    case OPT_prec_div_EQ:
      boolValue(o_.math.precDiv);
      precDivGiven_ = o_.math.precDiv;
      break;
    case OPT_prec_sqrt_EQ: boolValue(o_.math.precSqrt); break;
    case OPT_fmad_EQ: boolValue(o_.math.fmad); break;
    case OPT_fgpu_approx_transcendentals: o_.math.approxFunctions = true; break;
    case OPT_maxrregcount_EQ: {
      unsigned n = 0;
      if (llvm::StringRef(value).getAsInteger(10, n)) fail("'" + spelling + "': expected a register count");
      else if (n != 0) o_.ptxasArgs.push_back("--maxrregcount=" + value); // nvcc's 0: no limit
      break;
    }
    case OPT_resource_usage: o_.ptxasReport = true; break;
    case OPT_threads:
      if (llvm::StringRef(value).getAsInteger(10, o_.threads) || o_.threads < 0)
        fail("'" + spelling + "': expected a number of threads (0: one per core)");
      break;
    case OPT_default_stream_EQ:
      if (value == "per-thread") o_.compileArgs.push_back("-DCUDA_API_PER_THREAD_DEFAULT_STREAM=1");
      else if (value != "legacy" && value != "null")
        fail("'" + spelling + "': expected legacy, null or per-thread");
      break;
    case OPT_cudart_EQ:
      if (value == "static") o_.cudart = CudaRuntime::Static;
      else if (value == "shared") o_.cudart = CudaRuntime::Shared;
      else if (value == "none") o_.cudart = CudaRuntime::None;
      else fail("'" + spelling + "': expected static, shared or none");
      break;
    case OPT_Xcompiler: parseWords(toolWords(value), /*fromXcompiler=*/true); break;
    case OPT_Xptxas:
      for (llvm::StringRef p : toolWords(value)) {
        if (p == "-v" || p == "--verbose") o_.ptxasReport = true;
        else o_.ptxasArgs.push_back(p.str());
      }
      break;
    case OPT_Xnvlink:
      for (llvm::StringRef p : toolWords(value)) o_.nvlinkArgs.push_back(p.str());
      break;
    case OPT_Xfatbin:
      for (llvm::StringRef p : toolWords(value)) o_.fatbinArgs.push_back(p.str());
      break;
    case OPT_compress_mode_EQ:
      if (value != "default" && value != "size" && value != "speed" && value != "balance" && value != "none")
        fail("'" + spelling + "': expected default, size, speed, balance or none");
      else o_.fatbinArgs.push_back("--compress-mode=" + value);
      break;
    case OPT_no_compress: o_.fatbinArgs.push_back("--compress=false"); break;
    case OPT_D:
    case OPT_U: {
      bool define = opt.matches(OPT_D);
      llvm::StringRef macro = llvm::StringRef(value).split('=').first;
      if (macro == "__CUDA_ARCH__")
        fail("'" + spelling + "': __CUDA_ARCH__ cannot be set: circle gives each target of the compile its own "
             "value (none on the host), as nvcc does");
      if (macro == "NDEBUG") o_.ndebug = define;
      o_.compileArgs.push_back((define ? "-D" : "-U") + value);
      break;
    }
    case OPT_v: o_.verbose = true; break;
    case OPT_HASH_HASH_HASH: o_.dryRun = o_.verbose = true; break;
    case OPT_M:
    case OPT_MM:
      depsOnly_ = true;
      [[fallthrough]];
    case OPT_MD:
    case OPT_MMD:
      o_.deps.enabled = true;
      o_.deps.systemHeaders = opt.matches(OPT_M) || opt.matches(OPT_MD);
      break;
    case OPT_MF: o_.deps.file = value; break;
    case OPT_MT: o_.deps.targets.push_back(value); break;
    case OPT_MQ: o_.deps.targets.push_back(quoteMakeTarget(value)); break;
    case OPT_MP: o_.deps.phonyTargets = true; break;
    case OPT_ftime_report: o_.timeReport = true; break;
    case OPT_print_clangd_flags: o_.printClangdFlags = true; break;
    case OPT_print_clangd_header: o_.printClangdHeader = true; break;
    case OPT_help: o_.showHelp = true; break;
    case OPT_version: o_.showVersion = true; break;
    default: fail("internal error: option '" + spelling + "' has no meaning in circle (please report it)");
    }
  }

  void clangOption(const llvm::opt::Arg& a, const std::vector<std::string>& words) {
    ClangArgRoute route = routeClangArg(a, llvm::join(words, " "));
    if (route.use == ClangArgUse::Refuse) {
      fail(route.why);
      return;
    }
    if (!route.why.empty()) note(route.why);
    if (route.hostDebug) o_.hostDebug = true;
    if (route.disablesDebug) o_.hostDebug = false;
    if (route.needsClangRuntime) o_.linkNeedsClangRuntime = true;
    if (a.getOption().matches(clang::options::OPT_std_EQ)) o_.std = a.getValue();
    if (a.getOption().matches(clang::options::OPT_ftime_trace)) o_.timeTrace = "";
    if (a.getOption().matches(clang::options::OPT_ftime_trace_EQ)) o_.timeTrace = a.getValue();
    if (route.use != ClangArgUse::Link) o_.compileArgs.insert(o_.compileArgs.end(), words.begin(), words.end());
    if (route.use == ClangArgUse::Compile) return;
    // nvcc's -Xlinker is its --linker-options: a comma separates the linker's words.
    if (a.getOption().matches(clang::options::OPT_Xlinker)) {
      for (llvm::StringRef p : nvccList(a.getValue())) {
        o_.linkArgs.push_back({"-Xlinker"});
        o_.linkArgs.push_back({p.str()});
      }
      return;
    }
    // GCC's driver (the default linker driver) has no -rpath; the linker does.
    if (a.getOption().matches(clang::options::OPT_rpath)) {
      o_.linkArgs.push_back({"-Wl,-rpath," + std::string(a.getValue())});
      return;
    }
    for (const std::string& w : words) o_.linkArgs.push_back({w});
  }

  void finish() {
    Options& o = o_;
    // nvcc 13.0 (its -ptx, measured): -prec-div=true wins over -use_fast_math wherever it
    // stands; otherwise fast math divides approximately (div.approx), where -prec-div=false
    // alone gives div.full.
    if (precDivGiven_) o.math.precDiv = *precDivGiven_;
    o.math.approxDiv = fastMath_ && !o.math.precDiv;
    if (saveTempsBesideObject_ && !o.output.empty()) {
      llvm::StringRef dir = llvm::sys::path::parent_path(o.output);
      o.keepDir = dir.empty() ? "." : dir.str();
    }
    static const char* const kTooOld[] = {"c++98", "c++03", "gnu++98", "gnu++03", "c++0x", "gnu++0x", "c++11",
                                          "gnu++11", "c++1y", "gnu++1y", "c++14", "gnu++14"};
    // nvcc compiles these dialects; circle's prelude needs C++17, so they compile as
    // C++17 (the last -std= wins), with what C++17 took away kept as warnings.
    if (std::find(std::begin(kTooOld), std::end(kTooOld), o.std) != std::end(kTooOld)) {
      llvm::StringRef given(o.std);
      std::string newer = given.starts_with("gnu") ? "gnu++17" : "c++17";
      bool beforeCxx11 = given.ends_with("98") || given.ends_with("03");
      note("'-std=" + o.std + "' compiled as -std=" + newer +
           " (circle's prelude needs C++17): what C++17 removed (register, dynamic exception specifications, ++ on "
           "bool" + (beforeCxx11 ? ", narrowing in braces" : "") + ") warns instead of failing");
      o.compileArgs.insert(o.compileArgs.end(), {"-std=" + newer, "-Wno-error=register",
                                                 "-Wno-error=dynamic-exception-spec", "-Wno-error=increment-bool"});
      if (beforeCxx11) o.compileArgs.push_back("-Wno-error=c++11-narrowing");
      o.std = newer;
    }

    if (!resolveDeviceOnly()) return;
    if (o.deviceLinkOnly && o.staticLibrary) return fail("-dlink and -lib cannot be used together");
    if (o.deviceLinkOnly && phaseSpelling())
      return fail(std::string("-dlink links objects; it cannot be used with ") + phaseSpelling());
    if (o.staticLibrary && phaseSpelling())
      return fail(std::string("-lib archives objects; it cannot be used with ") + phaseSpelling());
    if (compileOnly_ && assembly_) return fail("-c and -S cannot be used together");
    if (stdinWithoutLanguage_ && !preprocess_ && !depsOnly_)
      return fail("-x is needed to compile standard input (e.g. -x cuda -); -E reads it as C");
    if (depsOnly_) o.kind = OutputKind::Dependencies;
    else if (preprocess_) o.kind = OutputKind::Preprocessed;
    else if (syntaxOnly_) o.kind = OutputKind::SyntaxOnly;
    else if (assembly_) o.kind = emitLLVM_ ? OutputKind::LLVMText : OutputKind::Assembly;
    else if (compileOnly_) o.kind = emitLLVM_ ? OutputKind::LLVMBitcode : OutputKind::Object;
    else if (emitLLVM_) return fail("-emit-llvm needs -S (LLVM IR text) or -c (bitcode)");

    std::string archError;
    o.smTargets = resolveArchRequests(arch_, archError,
                                      o.deviceOnly == DeviceOnly::Ptx || o.deviceOnly == DeviceOnly::Cubin);
    if (!archError.empty()) return fail(archError);
    o.archKeyword = arch_.keyword;
    bool anySource = false, cudaSource = false;
    for (const Input& in : o.inputs) {
      anySource |= in.source;
      cudaSource |= in.source && in.language == Language::CUDA;
    }
    o.cuda = !o.smTargets.empty() || !o.archKeyword.empty() || o.cudaPath || o.spirv || cudaSource || o.gpuOutput ||
             o.deviceOnly != DeviceOnly::None;
    // nvcc's default architecture; -spirv alone builds shaders only.
    if (o.cuda && o.smTargets.empty() && o.archKeyword.empty() && !o.spirv && anySource) {
      o.smTargets = {75};
      o.defaultSm = true;
    }

    if (!checkDeviceOnly()) return;
    if (o.gpuOutput && o.kind == OutputKind::Executable)
      return fail("-gpu selects the device modules for -S or -emit-llvm output; an executable always holds them all");
    if (o.gpuOutput && o.kind == OutputKind::Object)
      return fail("-gpu cannot be used with -c: an object file carries the device code in its fat binary");
    if (o.gpuOutput && o.kind != OutputKind::Assembly && o.kind != OutputKind::LLVMText &&
        o.kind != OutputKind::LLVMBitcode)
      return fail("-gpu describes -S or -emit-llvm outputs");
    if (o.deviceLibrary && !(o.gpuOutput && o.kind == OutputKind::LLVMBitcode))
      return fail("--device-library needs -gpu -c -emit-llvm");
    if (o.spirv && o.rdc) return fail("-spirv cannot be used with -rdc yet");
    if (o.gpuHostGlobals && o.rdc)
      return fail("-fgpu-host-globals cannot be used with -rdc yet: each object's kernels are given the host "
                  "variables its own host code registers");
    if (o.showHelp || o.showVersion || o.listFatbin || o.printClangdFlags || o.printClangdHeader ||
        o.listGpu != GpuListing::None)
      return;
    if (o.inputs.empty() && o.verbose) return; // `circle -v`: the version, as clang -v

    // `circle -Wl,--version` (Meson asks this): the link driver answers.
    if (o.inputs.empty() && o.kind == OutputKind::Executable && !o.linkArgs.empty()) return;
    if (o.inputs.empty()) return fail("no input files");
    size_t sources = std::count_if(o.inputs.begin(), o.inputs.end(), [](const Input& in) { return in.source; });
    if (o.kind != OutputKind::Executable) {
      if (sources == 0) return fail("no source file to compile (the inputs are all objects or libraries)");
      if (sources > 1 && !o.output.empty() && o.kind != OutputKind::Preprocessed &&
          o.kind != OutputKind::Dependencies && o.kind != OutputKind::SyntaxOnly)
        return fail("cannot specify -o when generating multiple output files");
      if (o.gpuOutput && o.deviceOnly == DeviceOnly::None && sources > 1)
        return fail("-gpu writes the device modules of one source");
      for (const Input& in : o.inputs)
        if (!in.source) note("'" + in.path + "': linker input unused (nothing is linked with -c, -S, -E)");
    }
    if (o.deps.enabled && !o.deps.file.empty() && sources > 1)
      return fail("-MF names one dependency file, but there are " + std::to_string(sources) + " sources");
  }

  ParseResult r_;
  Options& o_ = r_.options;
  ArchRequests arch_;
  std::optional<Input> language_;
  bool stdinWithoutLanguage_ = false;
  DeviceOnly deviceOnly_ = DeviceOnly::None;
  std::string deviceOnlySpelling_;
  bool clangDeviceOnly_ = false;
  int optionsFileDepth_ = 0;
  bool saveTempsBesideObject_ = false; // -save-temps=obj
  bool fastMath_ = false;             // -use_fast_math was given
  std::optional<bool> precDivGiven_; // the last -prec-div=
  bool compileOnly_ = false, assembly_ = false, emitLLVM_ = false, preprocess_ = false, depsOnly_ = false,
       syntaxOnly_ = false;
  llvm::BumpPtrAllocator alloc_;
  llvm::StringSaver saver_{alloc_};
};

} // namespace

ParseResult parseOptions(const std::vector<std::string>& args) { return Parser().run(args); }

Input classifyInput(const std::string& path) {
  std::string ext = llvm::sys::path::extension(path).str();
  Input in;
  in.path = path;
  if (ext == ".cu") in.language = Language::CUDA;
  else if (ext == ".cui") in = {path, true, Language::CUDA, true};
  else if (ext == ".c") in.language = Language::C;
  else if (ext == ".i") in = {path, true, Language::C, true};
  else if (ext == ".ii") in = {path, true, Language::CXX, true};
  else if (ext == ".cxx" || ext == ".s" || ext == ".S") in.language = Language::CXX;
  else if (ext == ".cpp" || ext == ".cc" || ext == ".c++" || ext == ".cp" || ext == ".C" || ext == ".CPP")
    in.hostOnly = true;
  else in.source = false; // .o, .a, .so, .so.1, and anything else: the link's
  return in;
}

namespace {
std::string outputNameInWorkingDirectory(const Options& o, const std::string& stem) {
  switch (o.kind) {
  case OutputKind::Executable: return o.staticLibrary ? "a.a" : o.deviceLinkOnly ? "a_dlink.o" : "a.out";
  case OutputKind::Object:
    if (o.deviceOnly == DeviceOnly::Cubin) return stem + ".cubin";
    if (o.deviceOnly == DeviceOnly::Fatbin) return stem + ".fatbin";
    return stem + ".o";
  case OutputKind::Assembly:
    if (o.deviceOnly == DeviceOnly::Ptx) return stem + ".ptx";
    return o.gpuOutput ? stem : stem + ".s";
  case OutputKind::LLVMText: return o.gpuOutput ? stem : stem + ".ll";
  case OutputKind::LLVMBitcode: return o.gpuOutput ? stem : stem + ".bc";
  case OutputKind::Preprocessed:
  case OutputKind::Dependencies: return "-";
  case OutputKind::SyntaxOnly: return "";
  }
  return "a.out";
}
} // namespace

std::string defaultOutputName(const Options& o, const std::string& input) {
  if (!o.output.empty()) return o.output;
  std::string name = outputNameInWorkingDirectory(o, llvm::sys::path::stem(input).str());
  return o.kind == OutputKind::Executable ? name : inOutputDirectory(o, name);
}

std::string inOutputDirectory(const Options& o, const std::string& name) {
  if (o.outputDirectory.empty() || name.empty() || name == "-") return name;
  llvm::SmallString<256> path(o.outputDirectory);
  llvm::sys::path::append(path, name);
  return path.str().str();
}

const char* gpuOutputExtension(OutputKind kind) {
  return kind == OutputKind::Assembly ? "ptx" : kind == OutputKind::LLVMBitcode ? "bc" : "ll";
}

std::string perSmOutputName(const std::string& output, int sm, const std::string& ext) {
  std::filesystem::path p(output);
  // "out" and "out.ptx" both give out.sm_75.ptx.
  if (p.extension() == "." + ext) p.replace_extension();
  return p.string() + "." + smName(sm) + "." + ext;
}

std::string deviceModuleOutputName(const Options& o, const std::string& output, int sm) {
  if (o.deviceOnly == DeviceOnly::Ptx) return output;
  return perSmOutputName(output, sm, gpuOutputExtension(o.kind));
}

std::string perShaderOutputName(const std::string& output, const std::string& entry, const std::string& ext) {
  std::filesystem::path p(output);
  if (p.extension() == "." + ext) p.replace_extension();
  return p.string() + "." + entry + "." + ext;
}

} // namespace circle
