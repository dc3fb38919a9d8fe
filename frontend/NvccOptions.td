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
def opt_info : Separate<["-"], "opt-info">, Alias<optimization_info>;
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

// ---- The rest of nvcc 13.0's --help: every spelling is circle's, so none falls to a
// Clang option of the same prefix (-Ofc was Clang's -O: -Ofast, fast-math on the host;
// -e was the linker's entry point; -lto linked a library "to").
def Wno_deprecated_declarations_long : Flag<["--"], "Wno-deprecated-declarations">, Group<grp_nvcc>,
  Flags<[ClangSpelling]>, HelpText<"nvcc: -Wno-deprecated-declarations">;
def m64_long : Flag<["--"], "m64">, Group<grp_nvcc>, Flags<[ClangSpelling]>, HelpText<"nvcc: -m64">;
def m_separate : Separate<["-"], "m">, Alias<machine>;
def profile : Flag<["--"], "profile">, Group<grp_nvcc>, Flags<[ClangSpelling]>,
  HelpText<"nvcc: -pg (gprof's instrumentation of host code)">;
defm frandom_seed : NvccValue<"frandom-seed", "<seed>", "nvcc: -frandom-seed=<seed> (no effect, as with clang)",
  [ClangSpelling]>;
def x_EQ : Joined<["-"], "x=">, Alias<x>;
def Xlinker_EQ : Joined<["-"], "Xlinker=">, Alias<linker_options>;
def Xfatbin_EQ : Joined<["-"], "Xfatbin=">, Alias<Xfatbin>;
def compress_mode : Separate<["-", "--"], "compress-mode">, Alias<compress_mode_EQ>;
def dw : Flag<["-", "--"], "dw">, Group<grp_out>, HelpText<"nvcc: -c -rdc=false">;
def device_w : Flag<["--"], "device-w">, Alias<dw>;
def link_mode : Flag<["-", "--"], "link">, Group<grp_nvcc>, Flags<[Ignored]>,
  HelpText<"nvcc: no effect (compiling and linking is what circle does without -c, -E, -M, -lib or -dlink)">;
def err_no : Flag<["-"], "err-no">, Alias<display_error_number>;
def no_err_no : Flag<["-"], "no-err-no">, Alias<display_error_number>;
def list_gpu_arch_short : Flag<["-"], "arch-ls">, Alias<list_gpu_arch>;
def list_gpu_code_short : Flag<["-"], "code-ls">, Alias<list_gpu_code>;
defm time : NvccValue<"time", "<file>",
  "nvcc: append a comma-separated table of how long each phase took to <file> ('-': standard output)">;
def forward_unknown_opts : Flag<["-", "--"], "forward-unknown-opts">, Alias<forward_unknown_to_host_compiler>;
def no_host_device_initializer_list : Flag<["--"], "no-host-device-initializer-list">, Group<grp_nvcc>,
  Flags<[Ignored]>, HelpText<"nvcc: no effect (it takes nvcc's implicit __host__ __device__ away from "
  "std::initializer_list; circle's device code calls any function)">;
def nohdinitlist : Flag<["-"], "nohdinitlist">, Alias<no_host_device_initializer_list>;
def no_host_device_move_forward : Flag<["--"], "no-host-device-move-forward">, Group<grp_nvcc>, Flags<[Ignored]>,
  HelpText<"nvcc: no effect (it takes nvcc's implicit __host__ __device__ away from std::move and std::forward; "
  "circle's device code calls any function)">;
def nohdmoveforward : Flag<["-"], "nohdmoveforward">, Alias<no_host_device_move_forward>;
def no_align_double : Flag<["--"], "no-align-double">, Group<grp_nvcc>, Flags<[Ignored]>,
  HelpText<"nvcc: no effect (circle passes no -malign-double to host code)">;
def dont_use_profile : Flag<["-", "--"], "dont-use-profile">, Group<grp_nvcc>, Flags<[Ignored]>,
  HelpText<"nvcc: no effect (circle reads no nvcc.profile)">;
def noprof : Flag<["-"], "noprof">, Alias<dont_use_profile>;
def force_cl_env_setup : Flag<["-", "--"], "force-cl-env-setup">, Group<grp_nvcc>, Flags<[Ignored]>,
  HelpText<"nvcc: no effect (a Windows host-compiler switch)">;
defm input_drive_prefix : NvccValue<"input-drive-prefix", "<prefix>", "nvcc: no effect (Windows drive prefixes)",
  [Ignored]>;
def idp : Separate<["-"], "idp">, Alias<input_drive_prefix>;
defm dependency_drive_prefix : NvccValue<"dependency-drive-prefix", "<prefix>",
  "nvcc: no effect (Windows drive prefixes)", [Ignored]>;
def ddp : Separate<["-"], "ddp">, Alias<dependency_drive_prefix>;
defm drive_prefix : NvccValue<"drive-prefix", "<prefix>", "nvcc: no effect (Windows drive prefixes)", [Ignored]>;
def dp : Separate<["-"], "dp">, Alias<drive_prefix>;
defm target_directory : NvccValue<"target-directory", "<dir>",
  "nvcc: the toolkit's target directory; circle's host is x86_64-linux, the only value accepted">;
def target_dir : Separate<["-"], "target-dir">, Alias<target_directory>;
defm device_stack_protector : NvccValue<"device-stack-protector", "<true|false>",
  "nvcc: stack canaries in device code: false (the default) is accepted; circle does not write canaries">;
defm Ofast_compile : NvccValue<"Ofast-compile", "<max|mid|min|0>",
  "nvcc: ignored with a note (how much device optimisation nvcc gives up for compile speed; circle keeps its "
  "-OG level)", [IgnoredWithNote]>;
def Ofc : Separate<["-"], "Ofc">, Alias<Ofast_compile>;
def Ofc_EQ : Joined<["-"], "Ofc=">, Alias<Ofast_compile>;
def lto : Flag<["-", "--"], "lto">, Alias<dlink_time_opt>;
def gen_opt_lto : Flag<["-", "--"], "gen-opt-lto">, Alias<dlink_time_opt>;
defm split_compile_extended : NvccValue<"split-compile-extended", "<N>",
  "nvcc: ignored with a note (circle runs every sm's ptxas at once; -t N bounds them)", [IgnoredWithNote]>;
def jobserver : Flag<["-", "--"], "jobserver">, Group<grp_nvcc>, Flags<[IgnoredWithNote]>,
  HelpText<"nvcc: ignored with a note (circle takes no tokens from make's jobserver; -t N bounds its tools)">;
defm jump_table_density : NvccValue<"jump-table-density", "<percent>",
  "nvcc: ignored with a note (LLVM's switch lowering decides jump tables for device code)", [IgnoredWithNote]>;
def jtd : Separate<["-"], "jtd">, Alias<jump_table_density>;
defm brief_diagnostics : NvccValue<"brief-diagnostics", "<true|false>",
  "nvcc: ignored with a note (Clang's diagnostics show the source line and a caret)", [IgnoredWithNote]>;
def brief_diag : Separate<["-"], "brief-diag">, Alias<brief_diagnostics>;
def keep_device_functions : Flag<["-", "--"], "keep-device-functions">, Group<grp_nvcc>, Flags<[IgnoredWithNote]>,
  HelpText<"nvcc: ignored with a note (circle's PTX holds the device functions its kernels reach)">;
defm device_entity_has_hidden_visibility : NvccValue<"device-entity-has-hidden-visibility", "<true|false>",
  "nvcc: ignored with a note (circle's kernel stubs follow the kernel's own linkage and -fvisibility)",
  [IgnoredWithNote]>;
defm fdevice_time_trace : NvccValue<"fdevice-time-trace", "<file>",
  "nvcc: ignored with a note (-ftime-trace traces circle's one parse and every target's code generation)",
  [IgnoredWithNote]>;
def no_device_link : Flag<["-", "--"], "no-device-link">, Group<grp_nvcc>, Flags<[IgnoredWithNote]>,
  HelpText<"nvcc: ignored with a note (circle links -rdc objects' device code whenever it links a program)">;
def nodlink : Flag<["-"], "nodlink">, Alias<no_device_link>;
def objdir_as_tempdir : Flag<["-", "--"], "objdir-as-tempdir">, Group<grp_nvcc>, Flags<[IgnoredWithNote]>,
  HelpText<"nvcc: ignored with a note (circle's intermediate files go to its own scratch directory; --keep-dir "
  "names one)">;
def objtemp : Flag<["-"], "objtemp">, Alias<objdir_as_tempdir>;
defm archive_options : NvccValue<"archive-options", "<a,b>",
  "nvcc: ignored with a note (circle writes -lib's archive itself, with LLVM's archive writer)", [IgnoredWithNote]>;
def Xarchive : Separate<["-"], "Xarchive">, Alias<archive_options>;
def Xarchive_EQ : Joined<["-"], "Xarchive=">, Alias<archive_options>;
defm archiver_binary : NvccValue<"archiver-binary", "<path>",
  "nvcc: ignored with a note (circle writes -lib's archive itself, with LLVM's archive writer)", [IgnoredWithNote]>;
def arbin : Separate<["-"], "arbin">, Alias<archiver_binary>;
defm entries : NvccValue<"entries", "<kernels>",
  "nvcc: refused (circle compiles every kernel of the source; Clang's -e would name the linker's entry point)",
  [Refused]>;
def e_separate : Separate<["-"], "e">, Alias<entries>;
def ltoir : Flag<["-", "--"], "ltoir">, Group<grp_nvcc>, Flags<[Refused]>,
  HelpText<"nvcc: refused (LTO IR is NVVM's own bitcode, which circle does not write; -rdc objects carry LLVM "
  "bitcode)">;
def fdevice_syntax_only : Flag<["-", "--"], "fdevice-syntax-only">, Group<grp_nvcc>, Flags<[Refused]>,
  HelpText<"nvcc: refused (it writes no valid device code; -fsyntax-only checks host and device code in circle's "
  "one parse)">;
def cuda_cpp : Flag<["-", "--"], "cuda">, Group<grp_nvcc>, Flags<[Refused]>,
  HelpText<"nvcc: refused (circle has no host-only C++ translation of a .cu file: one parse compiles host and "
  "device code; -E gives the preprocessed source)">;
def clean_targets : Flag<["--"], "clean-targets">, Group<grp_nvcc>, Flags<[Refused]>,
  HelpText<"nvcc: refused (circle does not delete what a build made; leave that to the build system's clean)">;
def clean : Flag<["-"], "clean">, Alias<clean_targets>;
def compile_as_tools_patch : Flag<["--"], "compile-as-tools-patch">, Group<grp_nvcc>, Flags<[Refused]>,
  HelpText<"nvcc: refused (circle does not write NVBit tool patches)">;
def astoolspatch : Flag<["-"], "astoolspatch">, Alias<compile_as_tools_patch>;
defm host_linker_script : NvccValue<"host-linker-script", "<use-lcs|gen-lcs>",
  "nvcc: refused (circle's objects carry their device code in ordinary sections: it neither needs nor writes a "
  "linker script)", [Refused]>;
def hls : Separate<["-"], "hls">, Alias<host_linker_script>;
def hls_EQ : Joined<["-"], "hls=">, Alias<host_linker_script>;
def augment_host_linker_script : Flag<["--"], "augment-host-linker-script">, Group<grp_nvcc>, Flags<[Refused]>,
  HelpText<"nvcc: refused (circle's objects carry their device code in ordinary sections: it neither needs nor "
  "writes a linker script)">;
def aug_hls : Flag<["-"], "aug-hls">, Alias<augment_host_linker_script>;
defm libdevice_directory : NvccValue<"libdevice-directory", "<dir>",
  "nvcc: refused (circle links the libdevice of --cuda-path's toolkit, nvvm/libdevice)", [Refused]>;
def ldir : Separate<["-"], "ldir">, Alias<libdevice_directory>;
def relocatable_link : Flag<["--"], "relocatable-link">, Group<grp_nvcc>, Flags<[Refused]>,
  HelpText<"nvcc: refused (circle does not make partial links of device code; link -rdc objects into a program, "
  "a shared library or a -dlink object)">;
def relocatable_ptx : Flag<["--"], "relocatable-ptx">, Group<grp_nvcc>, Flags<[Refused]>,
  HelpText<"nvcc: refused (write relocatable PTX with -rdc=true -ptx)">;
def reloc_ptx : Flag<["-"], "reloc-ptx">, Alias<relocatable_ptx>;
defm sanitize : NvccValue<"sanitize", "<tool>",
  "nvcc: refused (circle does not instrument device code for compute-sanitizer; run compute-sanitizer on the "
  "program as it is)", [Refused]>;
defm qpp_config : NvccValue<"qpp-config", "<version>",
  "nvcc: refused (QNX's qcc configuration; circle's host is x86_64 Linux)", [Refused]>;

def optix_ir : Flag<["-", "--"], "optix-ir">, Group<grp_nvcc>, Flags<[Refused]>,
  HelpText<"nvcc: refused (OptiX IR is NVVM's own bitcode, which circle does not write; -ptx gives OptiX PTX)">;
