// distcc sends a compile to another machine only for a source it knows by its suffix
// (.c, .cpp, .ii...; for a .cu, distcc 3.4 finds "no visible input file"): every .cu
// compile, CMake's (`-x cu -c k.cu`) too, stays on the local machine, for nvcc as for
// circle. A single-pass compiler has one preprocessed translation unit per source,
// which is all a server needs. With CIRCLE_DISTCC naming the client (`distcc`;
// icecream's `icecc` takes the same command line, untested), circle preprocesses each
// CUDA source of a -c compile here (its dependency file written here too) into a .ii,
// and runs `$CIRCLE_DISTCC <this circle> <the options> -c SOURCE.ii -o OBJECT`: the
// client ships the .ii, and the server's circle (the same path, with a CUDA toolkit)
// compiles it for the host and every GPU target. The client's own rules decide where
// it runs, locally too.
#pragma once
#include <optional>
#include <string>

namespace circle {

struct CudaToolkit;
struct Input;
struct Options;
class PendingOutputs;
class PhaseReport;
class TempDir;

// The client CIRCLE_DISTCC names, or nothing when circle compiles everything itself.
std::optional<std::string> distccClient();

// Compiles CUDA source `in` into `object` through `client`; false after reporting.
bool compileThroughDistcc(const std::string& client, const Options& o, const CudaToolkit* tk, const Input& in,
                          const std::string& object, TempDir& temps, PendingOutputs& outputs, PhaseReport& report);

} // namespace circle
