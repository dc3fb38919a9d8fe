// The options circle acts on itself, in its own spelling and in nvcc's and clang's.
// Everything else is looked up in Clang's own driver table (frontend/options.cpp):
// what Clang knows goes to the one parse or to the link, the rest is an error with
// a "did you mean" from both tables.
include "llvm/Option/OptParser.td"

// Accepted with no effect, silently: circle needs no such switch (the help text says why).
def Ignored : OptionFlag;
// Refused: the help text says why, and the error repeats it.
def Refused : OptionFlag;
// Accepted with no effect and a note, which gives the help text's reason (in parentheses).
def IgnoredWithNote : OptionFlag;
// nvcc's name for a Clang option: frontend/nvcc_spellings.cpp gives Clang's words.
def ClangSpelling : OptionFlag;

def grp_gpu : OptionGroup<"<gpu>">, HelpText<"GPU targets">;
def grp_out : OptionGroup<"<out>">, HelpText<"What circle writes">;
def grp_dev : OptionGroup<"<dev>">, HelpText<"Device code">;
def grp_deps : OptionGroup<"<deps>">, HelpText<"Dependency files (as clang writes them)">;
def grp_pass : OptionGroup<"<pass>">, HelpText<"Passed to the host compiler and the tools">;
def grp_compat : OptionGroup<"<compat>">, HelpText<"Accepted for nvcc and clang command lines">;
def grp_misc : OptionGroup<"<misc>">, HelpText<"Other">;
def grp_nvcc : OptionGroup<"<nvcc>">, HelpText<"nvcc's long names (each also takes =VALUE)">;

// ---- GPU targets --------------------------------------------------------------
def cuda_path_EQ : Joined<["--"], "cuda-path=">, Group<grp_gpu>, MetaVarName<"<dir>">,
  HelpText<"CUDA toolkit (default: $CUDA_PATH, $CUDA_HOME, then /usr/local/cuda)">;
def cuda_path : Separate<["--"], "cuda-path">, Alias<cuda_path_EQ>;
def sm : Joined<["-"], "sm_">, Group<grp_gpu>, MetaVarName<"<XX>">,
  HelpText<"Compile for GPU architecture sm_XX or sm_XXa (repeatable; default sm_75 when CUDA is on)">;
def arch_EQ : Joined<["-", "--"], "arch=">, Group<grp_gpu>, MetaVarName<"<arch>">,
  HelpText<"nvcc: sm_XX or compute_XX (comma-separated list allowed)">;
def arch : Separate<["-", "--"], "arch">, Alias<arch_EQ>;
def gpu_architecture_EQ : Joined<["--"], "gpu-architecture=">, Alias<arch_EQ>;
def gpu_architecture : Separate<["--"], "gpu-architecture">, Alias<arch_EQ>;
def code_EQ : Joined<["-", "--"], "code=">, Group<grp_gpu>, MetaVarName<"<codes>">,
  HelpText<"nvcc: the sm_XX / compute_XX codes to embed for -arch">;
def code_separate : Separate<["-", "--"], "code">, Alias<code_EQ>;
def gpu_code_EQ : Joined<["--"], "gpu-code=">, Alias<code_EQ>;
def gpu_code : Separate<["--"], "gpu-code">, Alias<code_EQ>;
def gencode_EQ : Joined<["-", "--"], "gencode=">, Group<grp_gpu>, MetaVarName<"<arch=..,code=..>">,
  HelpText<"nvcc: arch=compute_XX,code=[sm_XX,compute_XX]">;
def gencode : Separate<["-", "--"], "gencode">, Alias<gencode_EQ>;
def generate_code_EQ : Joined<["--"], "generate-code=">, Alias<gencode_EQ>;
def generate_code : Separate<["--"], "generate-code">, Alias<gencode_EQ>;
def offload_arch_EQ : Joined<["--"], "offload-arch=">, Group<grp_gpu>, MetaVarName<"<sm_XX>">,
  HelpText<"clang: GPU architecture (also --cuda-gpu-arch=)">;
def cuda_gpu_arch_EQ : Joined<["--"], "cuda-gpu-arch=">, Alias<offload_arch_EQ>;
def spirv : Flag<["-"], "spirv">, Group<grp_gpu>,
  HelpText<"Also compile each [[spirv::comp(N)]] kernel to a Vulkan compute shader">;
def x : JoinedOrSeparate<["-"], "x">, Group<grp_gpu>, MetaVarName<"<language>">,
  HelpText<"Language of the inputs that follow: cuda/cu, c++, c, cuda-cpp-output, c++-cpp-output, "
           "cpp-output, none (by extension: .cu CUDA, .c C, .cui/.ii/.i preprocessed)">;

// ---- Outputs ------------------------------------------------------------------
def o : JoinedOrSeparate<["-"], "o">, Group<grp_out>, MetaVarName<"<file>">,
  HelpText<"Output file (default a.out, SRC.o with -c, SRC.s with -S); - is stdout">;
def c : Flag<["-"], "c">, Group<grp_out>, HelpText<"Compile each source to an object file">;
def dc : Flag<["-", "--"], "dc">, Group<grp_out>, HelpText<"nvcc: -c -rdc">;
def device_c : Flag<["--"], "device-c">, Alias<dc>;
def S : Flag<["-"], "S">, Group<grp_out>, HelpText<"Write assembly; with -emit-llvm, LLVM IR">;
def E : Flag<["-"], "E">, Group<grp_out>,
  HelpText<"Write the one preprocessed translation unit (compiling it gives the same object)">;
def preprocess : Flag<["--"], "preprocess">, Alias<E>;
def emit_llvm : Flag<["-"], "emit-llvm">, Group<grp_out>,
  HelpText<"With -S: LLVM IR text; with -c: LLVM bitcode">;
def fsyntax_only : Flag<["-"], "fsyntax-only">, Group<grp_out>,
  HelpText<"Parse and check (circle's rules included); generate nothing">;
def gpu : Flag<["-"], "gpu">, Group<grp_out>,
  HelpText<"With -S or -emit-llvm: write each sm's module (out.sm_75.ptx ...) instead of the host's">;
def ptx : Flag<["-", "--"], "ptx">, Group<grp_out>,
  HelpText<"nvcc: write each source's PTX (one sm) to SRC.ptx, for the driver API (cuModuleLoad)">;
def cubin : Flag<["-", "--"], "cubin">, Group<grp_out>,
  HelpText<"nvcc: write each source's cubin (one sm) to SRC.cubin">;
def fatbin : Flag<["-", "--"], "fatbin">, Group<grp_out>,
  HelpText<"nvcc: write each source's fat binary (every sm's cubin and PTX) to SRC.fatbin">;
def cuda_device_only : Flag<["--"], "cuda-device-only">, Group<grp_out>,
  HelpText<"clang: device code only: with -S the PTX (as -ptx), with -emit-llvm each sm's IR (as -gpu), "
           "else the cubin (the fat binary for several sms)">;
def offload_device_only : Flag<["--"], "offload-device-only">, Alias<cuda_device_only>;
def keep_temps : Flag<["--"], "keep-temps">, Group<grp_out>,
  HelpText<"Keep the PTX, cubins, fat binary and shaders in a directory of their own (the note names it)">;
def keep : Flag<["-", "--"], "keep">, Group<grp_out>,
  HelpText<"nvcc: keep the PTX, cubins, fat binary and shaders in --keep-dir (default: the current directory)">;
def save_temps : Flag<["-", "--"], "save-temps">, Alias<keep>;
def save_temps_EQ : Joined<["-", "--"], "save-temps=">, Group<grp_out>, MetaVarName<"<obj|cwd>">,
  HelpText<"clang: keep the intermediate files beside the object (obj) or in the current directory (cwd)">;
def list_fatbin_EQ : Joined<["--"], "list-fatbin=">, Group<grp_out>, MetaVarName<"<file>">,
  HelpText<"List the fat binary entries of an executable or object">;
def list_fatbin : Separate<["--"], "list-fatbin">, Alias<list_fatbin_EQ>;
def device_library : Flag<["--"], "device-library">, Group<grp_out>,
  HelpText<"With -gpu -c -emit-llvm: keep every definition (how circle's device runtime is built)">;

// ---- Device code ----------------------------------------------------------------
def OG : Joined<["-"], "OG">, Group<grp_dev>, MetaVarName<"<0-3>">,
  HelpText<"Device optimisation level (default -OG3, as nvcc optimises device code at -O3)">;
def G : Flag<["-"], "G">, Group<grp_dev>, HelpText<"Device debug information">;
def device_debug : Flag<["--"], "device-debug">, Alias<G>;
def lineinfo : Flag<["-", "--"], "lineinfo">, Group<grp_dev>,
  HelpText<"Line tables in device code (for profilers and sanitizers) without -G">;
def generate_line_info : Flag<["--"], "generate-line-info">, Alias<lineinfo>;
def rdc : Flag<["-"], "rdc">, Group<grp_dev>,
  HelpText<"Relocatable device code: calls and launches across objects, linked by circle">;
def rdc_EQ : Joined<["-", "--"], "rdc=">, Group<grp_dev>, MetaVarName<"<true|false>">, HelpText<"nvcc spelling of -rdc">;
def relocatable_device_code_EQ : Joined<["--"], "relocatable-device-code=">, Alias<rdc_EQ>;
def fgpu_rdc : Flag<["-"], "fgpu-rdc">, Alias<rdc>;
def fno_gpu_rdc : Flag<["-"], "fno-gpu-rdc">, Group<grp_dev>, HelpText<"clang: no relocatable device code">;
def fgpu_auto_stack : Flag<["-"], "fgpu-auto-stack">, Group<grp_dev>,
  HelpText<"Raise CUDA's stack limit before a kernel whose stack ptxas cannot size (default)">;
def fno_gpu_auto_stack : Flag<["-"], "fno-gpu-auto-stack">, Group<grp_dev>,
  HelpText<"Do not raise the stack limit; warn instead">;
def fgpu_host_globals : Flag<["-"], "fgpu-host-globals">, Group<grp_dev>,
  HelpText<"Kernels may read and write the program's own host variables (CUDA's rule, and the default, refuse them): through the host's addresses where the GPU reads pageable memory (HMM), else through pinned, mapped pages">;
def fno_gpu_host_globals : Flag<["-"], "fno-gpu-host-globals">, Group<grp_dev>,
  HelpText<"A host variable read in device code is an error, as with nvcc (default)">;
def fgpu_relocatable_ptxas : Flag<["-"], "fgpu-relocatable-ptxas">, Group<grp_dev>,
  HelpText<"Assemble each sm's device code function by function (ptxas -c, then nvlink): far faster for very large device code, without ptxas's optimisation across calls">;
def fno_gpu_relocatable_ptxas : Flag<["-"], "fno-gpu-relocatable-ptxas">, Group<grp_dev>,
  HelpText<"Assemble each sm's device code as one program (default)">;
def use_fast_math : Flag<["-", "--"], "use_fast_math">, Group<grp_dev>,
  HelpText<"nvcc: --ftz=true --prec-div=false --prec-sqrt=false --fmad=true, fast math functions">;
def ftz_EQ : Joined<["-", "--"], "ftz=">, Group<grp_dev>, MetaVarName<"<true|false>">,
  HelpText<"nvcc: flush single-precision denormals to zero">;
def prec_div_EQ : Joined<["-", "--"], "prec-div=">, Group<grp_dev>, MetaVarName<"<true|false>">,
  HelpText<"nvcc: IEEE single-precision division (default true)">;
def prec_sqrt_EQ : Joined<["-", "--"], "prec-sqrt=">, Group<grp_dev>, MetaVarName<"<true|false>">,
  HelpText<"nvcc: IEEE single-precision square root (default true)">;
def fmad_EQ : Joined<["-", "--"], "fmad=">, Group<grp_dev>, MetaVarName<"<true|false>">,
  HelpText<"nvcc: contract multiply-adds into FMA across statements (default true)">;
def fgpu_flush_denormals_to_zero : Flag<["-"], "fgpu-flush-denormals-to-zero">, Alias<ftz_EQ>, AliasArgs<["true"]>;
def fcuda_flush_denormals_to_zero : Flag<["-"], "fcuda-flush-denormals-to-zero">, Alias<ftz_EQ>, AliasArgs<["true"]>;
def fgpu_approx_transcendentals : Flag<["-"], "fgpu-approx-transcendentals">, Group<grp_dev>,
  HelpText<"clang: fast approximations for sinf, cosf, expf... in device code">;
def fcuda_approx_transcendentals : Flag<["-"], "fcuda-approx-transcendentals">, Alias<fgpu_approx_transcendentals>;
def maxrregcount_EQ : Joined<["-", "--"], "maxrregcount=">, Group<grp_dev>, MetaVarName<"<N>">,
  HelpText<"nvcc: at most N registers per thread in every kernel">;
def maxrregcount : Separate<["-", "--"], "maxrregcount">, Alias<maxrregcount_EQ>;
def run : Flag<["-", "--"], "run">, Group<grp_out>,
  HelpText<"nvcc: run the executable after it is linked (with --run-args), exiting with its status">;
def run_args : Separate<["-", "--"], "run-args">, Group<grp_out>, MetaVarName<"<a,b>">,
  HelpText<"nvcc: the arguments --run gives the executable">;
def run_args_EQ : Joined<["-", "--"], "run-args=">, Alias<run_args>;
def resource_usage : Flag<["-", "--"], "resource-usage">, Group<grp_dev>,
  HelpText<"nvcc: ptxas's register, spill and memory report for each kernel (= -Xptxas -v)">;
def default_stream_EQ : Joined<["-", "--"], "default-stream=">, Group<grp_dev>, MetaVarName<"<legacy|per-thread>">,
  HelpText<"nvcc: the stream launches and API calls use by default">;
def default_stream : Separate<["-", "--"], "default-stream">, Alias<default_stream_EQ>;
def cudart_EQ : Joined<["-", "--"], "cudart=">, Group<grp_dev>, MetaVarName<"<static|shared|none>">,
  HelpText<"nvcc: which CUDA runtime library the link takes (default static)">;
def cudart : Separate<["-", "--"], "cudart">, Alias<cudart_EQ>;

// ---- Passed on ------------------------------------------------------------------
def Xcompiler : Separate<["-"], "Xcompiler">, Group<grp_pass>, MetaVarName<"<a,b>">,
  HelpText<"nvcc: host compiler options (comma-separated), read as circle's own">;
def compiler_options_EQ : Joined<["--"], "compiler-options=">, Alias<Xcompiler>;
def compiler_options : Separate<["--"], "compiler-options">, Alias<Xcompiler>;
def Xptxas : Separate<["-"], "Xptxas">, Group<grp_pass>, MetaVarName<"<a,b>">,
  HelpText<"Options for ptxas (comma-separated)">;
def ptxas_options_EQ : Joined<["--"], "ptxas-options=">, Alias<Xptxas>;
def ptxas_options : Separate<["--"], "ptxas-options">, Alias<Xptxas>;
def Xnvlink : Separate<["-"], "Xnvlink">, Group<grp_pass>, MetaVarName<"<a,b>">,
  HelpText<"nvcc: nvlink options (comma-separated), for the -rdc links that run nvlink (launches from kernels)">;
def nvlink_options_EQ : Joined<["--"], "nvlink-options=">, Alias<Xnvlink>;
def Xfatbin : Separate<["-"], "Xfatbin">, Group<grp_pass>, MetaVarName<"<a,b>">,
  HelpText<"nvcc: fatbinary options (comma-separated)">;
def fatbin_options_EQ : Joined<["--"], "fatbin-options=">, Alias<Xfatbin>;
def fatbin_options : Separate<["--"], "fatbin-options">, Alias<Xfatbin>;
def compress_mode_EQ : Joined<["-", "--"], "compress-mode=">, Group<grp_pass>, MetaVarName<"<mode>">,
  HelpText<"nvcc: how fatbinary compresses the images: default, size, speed, balance or none">;
def no_compress : Flag<["-", "--"], "no-compress">, Group<grp_pass>,
  HelpText<"nvcc: fatbinary leaves the images uncompressed">;
def D : JoinedOrSeparate<["-"], "D">, Group<grp_pass>, MetaVarName<"<macro>=<value>">,
  HelpText<"Define a macro (not __CUDA_ARCH__: each target has its own value)">;
def U : JoinedOrSeparate<["-"], "U">, Group<grp_pass>, MetaVarName<"<macro>">, HelpText<"Undefine a macro">;
def v : Flag<["-"], "v">, Group<grp_pass>,
  HelpText<"Say which CUDA toolkit is used and print every tool circle runs">;
def HASH_HASH_HASH : Flag<["-"], "###">, Group<grp_pass>,
  HelpText<"Print the Clang invocation and the tools circle would run; run nothing">;

// ---- Dependency files -------------------------------------------------------------
def M : Flag<["-"], "M">, Group<grp_deps>, HelpText<"Write dependencies (system headers too) instead of compiling">;
def MM : Flag<["-"], "MM">, Group<grp_deps>, HelpText<"Like -M without system headers">;
def MD : Flag<["-"], "MD">, Group<grp_deps>, HelpText<"Write a dependency file while compiling">;
def MMD : Flag<["-"], "MMD">, Group<grp_deps>, HelpText<"Like -MD without system headers">;
def MF : JoinedOrSeparate<["-"], "MF">, Group<grp_deps>, MetaVarName<"<file>">, HelpText<"The dependency file">;
def MT : JoinedOrSeparate<["-"], "MT">, Group<grp_deps>, MetaVarName<"<target>">, HelpText<"The dependency file's target">;
def MQ : JoinedOrSeparate<["-"], "MQ">, Group<grp_deps>, MetaVarName<"<target>">,
  HelpText<"The target, quoted for make">;
def MP : Flag<["-"], "MP">, Group<grp_deps>, HelpText<"A phony target for each header">;

// ---- Accepted for nvcc and clang command lines ------------------------------------
def expt_relaxed_constexpr : Flag<["-", "--"], "expt-relaxed-constexpr">, Group<grp_compat>, Flags<[Ignored]>,
  HelpText<"nvcc: no effect (constexpr functions are callable everywhere in circle)">;
def expt_extended_lambda : Flag<["-", "--"], "expt-extended-lambda">, Group<grp_compat>, Flags<[Ignored]>,
  HelpText<"nvcc: no effect (lambdas need no __device__ in circle)">;
def extended_lambda : Flag<["-", "--"], "extended-lambda">, Alias<expt_extended_lambda>;
def ccbin : Separate<["-"], "ccbin">, Group<grp_compat>, Flags<[IgnoredWithNote]>, MetaVarName<"<path>">,
  HelpText<"nvcc: ignored with a note (circle compiles host code itself, with Clang)">;
def ccbin_EQ : Joined<["-"], "ccbin=">, Alias<ccbin>;
def compiler_bindir : Separate<["--"], "compiler-bindir">, Alias<ccbin>;
def compiler_bindir_EQ : Joined<["--"], "compiler-bindir=">, Alias<ccbin>;
def threads : Separate<["-", "--"], "threads">, Group<grp_dev>, MetaVarName<"<N>">,
  HelpText<"nvcc: at most N sms' ptxas (and nvlink) runs at once (default 0: one per core)">;
def threads_EQ : Joined<["--"], "threads=">, Alias<threads>;
def t : Separate<["-"], "t">, Alias<threads>;
def t_EQ : Joined<["-"], "t=">, Alias<threads>;
def Wno_deprecated_gpu_targets : Flag<["-"], "Wno-deprecated-gpu-targets">, Group<grp_compat>, Flags<[Ignored]>,
  HelpText<"nvcc: no effect (circle warns about no architecture the toolkit supports)">;
def nocudalib : Flag<["-"], "nocudalib">, Group<grp_compat>, Flags<[IgnoredWithNote]>,
  HelpText<"clang: ignored with a note (circle links only the libdevice functions kernels call)">;
def nogpulib : Flag<["-"], "nogpulib">, Alias<nocudalib>;
def nocudainc : Flag<["-"], "nocudainc">, Group<grp_compat>, Flags<[Refused]>,
  HelpText<"clang: refused (circle's kernels need CUDA's headers)">;
def nogpuinc : Flag<["-"], "nogpuinc">, Alias<nocudainc>;
def cuda_host_only : Flag<["--"], "cuda-host-only">, Group<grp_compat>, Flags<[Refused]>,
  HelpText<"clang: refused (one parse serves the host and every GPU, and a host object carries its device code)">;
def offload_host_only : Flag<["--"], "offload-host-only">, Alias<cuda_host_only>;
def dlink : Flag<["-", "--"], "dlink">, Group<grp_out>,
  HelpText<"nvcc: link the -rdc objects' device code into one object (default a_dlink.o) for a host linker "
           "(circle links it itself when it links the program)">;
def device_link : Flag<["--"], "device-link">, Alias<dlink>;

include "NvccOptions.td"

// ---- Other ----------------------------------------------------------------------
def ftime_report : Flag<["-"], "ftime-report">, Group<grp_misc>,
  HelpText<"How often each compile phase ran and how long it took">;
def Rcircle_passes : Flag<["-"], "Rcircle-passes">, Group<grp_misc>,
  HelpText<"Remark where a source's text differs per target beyond what one front-end pass reads, "
           "so that targets are parsed separately (the first line that differs)">;
def print_clangd_flags : Flag<["--"], "print-clangd-flags">, Group<grp_misc>,
  HelpText<"The .clangd configuration that makes clangd read circle sources as circle does">;
def print_clangd_header : Flag<["--"], "print-clangd-header">, Group<grp_misc>, Flags<[HelpHidden]>,
  HelpText<"The header --print-clangd-flags force-includes (circle's declarations, for clangd)">;
def help : Flag<["-", "--"], "help">, Group<grp_misc>, HelpText<"This help">;
def h : Flag<["-"], "h">, Alias<help>;
def version : Flag<["--"], "version">, Group<grp_misc>, HelpText<"circle's version (and the Clang it is built on)">;
def V : Flag<["-"], "V">, Alias<version>; // nvcc's short --version
