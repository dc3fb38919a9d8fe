// nvcc's long option names and the switches only nvcc has, for command lines and
// Makefiles written for nvcc. Included by CircleOptions.td (whose groups, flags and
// options the aliases here name); frontend/nvcc_spellings.cpp gives the Clang words of
// the ClangSpelling ones.

// ---- nvcc's long names and the switches only nvcc has -----------------------------
// Its option syntax: --name VALUE, --name=VALUE, and the short name the same two ways.
multiclass NvccValue<string name, string meta, string help, list<OptionFlag> flags = []> {
  def NAME : Separate<["-", "--"], name>, Group<grp_nvcc>, MetaVarName<meta>, HelpText<help>, Flags<flags>;
  def NAME#_EQ : Joined<["-", "--"], name#"=">, Alias<!cast<Option>(NAME)>;
}
def output_file : Separate<["--"], "output-file">, Alias<o>;
def output_file_EQ : Joined<["--"], "output-file=">, Alias<o>;
def compile : Flag<["--"], "compile">, Alias<c>;
def x_long : Separate<["--"], "x">, Alias<x>;
def x_long_EQ : Joined<["--"], "x=">, Alias<x>;
def generate_dependencies : Flag<["--"], "generate-dependencies">, Alias<M>;
def generate_nonsystem_dependencies : Flag<["--"], "generate-nonsystem-dependencies">, Alias<MM>;
def generate_dependencies_with_compile : Flag<["--"], "generate-dependencies-with-compile">, Alias<MD>;
def generate_nonsystem_dependencies_with_compile : Flag<["--"], "generate-nonsystem-dependencies-with-compile">,
  Alias<MMD>;
def dependency_output : Separate<["--"], "dependency-output">, Alias<MF>;
def dependency_output_EQ : Joined<["--"], "dependency-output=">, Alias<MF>;
def dependency_target_name : Separate<["--"], "dependency-target-name">, Alias<MT>;
def dependency_target_name_EQ : Joined<["--"], "dependency-target-name=">, Alias<MT>;
def generate_dependency_targets : Flag<["--"], "generate-dependency-targets">, Alias<MP>;
def define_macro : Separate<["--"], "define-macro">, Alias<D>;
def define_macro_EQ : Joined<["--"], "define-macro=">, Alias<D>;
def undefine_macro : Separate<["--"], "undefine-macro">, Alias<U>;
def undefine_macro_EQ : Joined<["--"], "undefine-macro=">, Alias<U>;
def dryrun : Flag<["-", "--"], "dryrun">, Alias<HASH_HASH_HASH>;
def res_usage : Flag<["-"], "res-usage">, Alias<resource_usage>;
def Wno_deprecated_gpu_targets_long : Flag<["--"], "Wno-deprecated-gpu-targets">, Alias<Wno_deprecated_gpu_targets>;
def Xcompiler_EQ : Joined<["-"], "Xcompiler=">, Alias<Xcompiler>;
def Xptxas_EQ : Joined<["-"], "Xptxas=">, Alias<Xptxas>;
def Xnvlink_EQ : Joined<["-"], "Xnvlink=">, Alias<Xnvlink>;
def nvlink_options : Separate<["--"], "nvlink-options">, Alias<Xnvlink>;
def rdc_separate : Separate<["-", "--"], "rdc">, Alias<rdc_EQ>;
def relocatable_device_code : Separate<["--"], "relocatable-device-code">, Alias<rdc_EQ>;
def ftz : Separate<["-", "--"], "ftz">, Alias<ftz_EQ>;
def prec_div : Separate<["-", "--"], "prec-div">, Alias<prec_div_EQ>;
def prec_sqrt : Separate<["-", "--"], "prec-sqrt">, Alias<prec_sqrt_EQ>;
def fmad : Separate<["-", "--"], "fmad">, Alias<fmad_EQ>;

defm include_path : NvccValue<"include-path", "<dir>", "nvcc: -I", [ClangSpelling]>;
defm system_include : NvccValue<"system-include", "<dir>", "nvcc: -isystem", [ClangSpelling]>;
defm pre_include : NvccValue<"pre-include", "<file>", "nvcc: -include", [ClangSpelling]>;
defm library : NvccValue<"library", "<lib>", "nvcc: -l", [ClangSpelling]>;
defm library_path : NvccValue<"library-path", "<dir>", "nvcc: -L", [ClangSpelling]>;
defm linker_options : NvccValue<"linker-options", "<a,b>", "nvcc: -Xlinker for each of a, b", [ClangSpelling]>;
defm optimize : NvccValue<"optimize", "<level>", "nvcc: -O<level> (host code)", [ClangSpelling]>;
defm machine : NvccValue<"machine", "<64>", "nvcc: -m64 (circle's targets are 64-bit)", [ClangSpelling]>;
def std_separate : Separate<["-"], "std">, Group<grp_nvcc>, MetaVarName<"<standard>">, Flags<[ClangSpelling]>,
  HelpText<"nvcc: -std=<standard>">;
defm ftemplate_depth : NvccValue<"ftemplate-depth", "<N>", "nvcc: -ftemplate-depth=N", [ClangSpelling]>;
defm ftemplate_backtrace_limit : NvccValue<"ftemplate-backtrace-limit", "<N>", "nvcc: -ftemplate-backtrace-limit=N",
  [ClangSpelling]>;
def disable_warnings : Flag<["--"], "disable-warnings">, Group<grp_nvcc>, Flags<[ClangSpelling]>, HelpText<"nvcc: -w">;
def no_exceptions : Flag<["--"], "no-exceptions">, Group<grp_nvcc>, Flags<[ClangSpelling]>,
  HelpText<"nvcc: -fno-exceptions (host code)">;
def noeh : Flag<["-"], "noeh">, Alias<no_exceptions>;
def shared_long : Flag<["--"], "shared">, Group<grp_nvcc>, Flags<[ClangSpelling]>, HelpText<"nvcc: -shared">;
def Werror_kinds : Separate<["--"], "Werror">, Group<grp_nvcc>, MetaVarName<"<kinds>">,
  HelpText<"nvcc: all-warnings (-Werror), reorder, deprecated-declarations; also -Werror <kinds>">;
def Werror_kinds_EQ : Joined<["--"], "Werror=">, Alias<Werror_kinds>;
def Wreorder_long : Flag<["--"], "Wreorder">, Group<grp_nvcc>, Flags<[ClangSpelling]>, HelpText<"nvcc: -Wreorder">;
def restrict : Flag<["-", "--"], "restrict">, Group<grp_nvcc>,
  HelpText<"nvcc: every kernel's pointer parameters are __restrict__ (they do not alias)">;
def lib : Flag<["-", "--"], "lib">, Group<grp_nvcc>,
  HelpText<"nvcc: compile the sources and archive their objects (and object inputs) into a static library "
           "(default a.a)">;
defm output_directory : NvccValue<"output-directory", "<dir>",
  "nvcc: where -c, -ptx, -cubin, -fatbin and -M write outputs -o does not name">;
def odir : Separate<["-"], "odir">, Alias<output_directory>;
defm options_file : NvccValue<"options-file", "<file>",
  "nvcc: read more options from a file (as @file)">;
def optf : Separate<["-"], "optf">, Alias<options_file>;
def list_gpu_arch : Flag<["-", "--"], "list-gpu-arch">, Group<grp_nvcc>,
  HelpText<"nvcc: the virtual architectures (compute_XX) the toolkit's ptxas accepts">;
def list_gpu_code : Flag<["-", "--"], "list-gpu-code">, Group<grp_nvcc>,
  HelpText<"nvcc: the real architectures (sm_XX) the toolkit's ptxas accepts">;

// Accepted and ignored: what they tune is not in circle, or circle does it already.
def use_local_env : Flag<["-", "--"], "use-local-env">, Group<grp_nvcc>, Flags<[Ignored]>,
  HelpText<"nvcc: no effect (a Windows host-compiler switch)">;
def allow_unsupported_compiler : Flag<["-", "--"], "allow-unsupported-compiler">, Group<grp_nvcc>, Flags<[Ignored]>,
  HelpText<"nvcc: no effect (circle compiles host code itself)">;
def forward_unknown_to_host_compiler : Flag<["-", "--"], "forward-unknown-to-host-compiler">, Group<grp_nvcc>,
  Flags<[Ignored]>, HelpText<"nvcc: no effect (Clang's options are circle's)">;
def forward_unknown_to_host_linker : Flag<["-", "--"], "forward-unknown-to-host-linker">, Group<grp_nvcc>,
  Flags<[Ignored]>, HelpText<"nvcc: no effect (Clang's link options are circle's)">;
def display_error_number : Flag<["-", "--"], "display-error-number">, Group<grp_nvcc>, Flags<[Ignored]>,
  HelpText<"nvcc: no effect (Clang's diagnostics name their -W flag)">;
def no_display_error_number : Flag<["-", "--"], "no-display-error-number">, Alias<display_error_number>;
def extensible_whole_program : Flag<["--"], "extensible-whole-program">, Group<grp_nvcc>, Flags<[Ignored]>,
  HelpText<"nvcc: no effect (circle links libcudadevrt for the kernels that need it)">;
def ewp : Flag<["-"], "ewp">, Alias<extensible_whole_program>;
defm diag_suppress : NvccValue<"diag-suppress", "<numbers>",
  "nvcc: ignored with a note (EDG's diagnostic numbers mean nothing to Clang: -Wno-<warning> silences one)",
  [IgnoredWithNote]>;
defm diag_warn : NvccValue<"diag-warn", "<numbers>",
  "nvcc: ignored with a note (EDG's diagnostic numbers mean nothing to Clang: -W<warning> enables one)",
  [IgnoredWithNote]>;
defm diag_error : NvccValue<"diag-error", "<numbers>",
  "nvcc: ignored with a note (EDG's diagnostic numbers mean nothing to Clang: -Werror=<warning> makes one an "
  "error)", [IgnoredWithNote]>;
def Xcudafe : Separate<["-"], "Xcudafe">, Group<grp_nvcc>, MetaVarName<"<a,b>">, Flags<[IgnoredWithNote]>,
  HelpText<"nvcc: ignored with a note (options for nvcc's front end, cudafe; circle's front end is Clang)">;
def Xcudafe_EQ : Joined<["-"], "Xcudafe=">, Alias<Xcudafe>;
def cudafe_options : Separate<["--"], "cudafe-options">, Alias<Xcudafe>;
defm split_compile : NvccValue<"split-compile", "<N>",
  "nvcc: ignored with a note (circle runs every sm's ptxas at once; -t N bounds them)", [IgnoredWithNote]>;
def extra_device_vectorization : Flag<["-", "--"], "extra-device-vectorization">, Group<grp_nvcc>,
  Flags<[IgnoredWithNote]>, HelpText<"nvcc: ignored with a note (LLVM's vectorisers run at -OG2 and -OG3)">;
def source_in_ptx : Flag<["--"], "source-in-ptx">, Group<grp_nvcc>, Flags<[IgnoredWithNote]>,
  HelpText<"nvcc: ignored with a note (-lineinfo gives the PTX line tables that profilers show source with)">;
def src_in_ptx : Flag<["-"], "src-in-ptx">, Alias<source_in_ptx>;
def dlink_time_opt : Flag<["--"], "dlink-time-opt">, Group<grp_nvcc>, Flags<[IgnoredWithNote]>,
  HelpText<"nvcc: ignored with a note (circle's -rdc objects carry bitcode, optimised across objects when the "
           "program links)">;
def dlto : Flag<["-"], "dlto">, Alias<dlink_time_opt>;
defm optimization_info : NvccValue<"optimization-info", "<kinds>",
  "nvcc: ignored with a note (Clang's -Rpass=<pass> reports optimisations)", [IgnoredWithNote]>;
defm keep_dir : NvccValue<"keep-dir", "<dir>", "nvcc: where --keep keeps the intermediate files">;
def Xcuda_ptxas : Separate<["-"], "Xcuda-ptxas">, Alias<Xptxas>;
def cuda_include_ptx_EQ : Joined<["--"], "cuda-include-ptx=">, Group<grp_nvcc>, Flags<[IgnoredWithNote]>,
  HelpText<"clang: ignored with a note (circle's fat binaries carry every sm's PTX beside its code)">;
def no_cuda_include_ptx_EQ : Joined<["--"], "no-cuda-include-ptx=">, Group<grp_nvcc>, Flags<[IgnoredWithNote]>,
  HelpText<"clang: ignored with a note (circle's fat binaries carry every sm's PTX beside its code)">;
defm cudadevrt : NvccValue<"cudadevrt", "<static|none>",
  "nvcc: ignored with a note (circle links libcudadevrt.a for the kernels that call it)", [IgnoredWithNote]>;
defm dopt : NvccValue<"dopt", "<on|off>",
  "nvcc: ignored with a note (with -G device code is not optimised; -OG<n> sets the level)", [IgnoredWithNote]>;
defm static_global_template_stub : NvccValue<"static-global-template-stub", "<true|false>",
  "nvcc: ignored with a note (circle's kernel stubs follow the kernel's own linkage)", [IgnoredWithNote]>;
def Wext_lambda_captures_this : Flag<["-", "--"], "Wext-lambda-captures-this">, Group<grp_nvcc>, Flags<[Ignored]>,
  HelpText<"nvcc: no effect (circle's lambdas need no __device__ annotation)">;
def Wdefault_stream_launch : Flag<["-", "--"], "Wdefault-stream-launch">, Group<grp_nvcc>, Flags<[Ignored]>,
  HelpText<"nvcc: no effect">;
def Wmissing_launch_bounds : Flag<["-", "--"], "Wmissing-launch-bounds">, Group<grp_nvcc>, Flags<[Ignored]>,
  HelpText<"nvcc: no effect">;
def optix_ir : Flag<["-", "--"], "optix-ir">, Group<grp_nvcc>, Flags<[Refused]>,
  HelpText<"nvcc: refused (OptiX IR is NVVM's own bitcode, which circle does not write; -ptx gives OptiX PTX)">;
