// The link: the objects circle compiled from the command line's sources, and the
// objects and libraries it names, become one executable. Objects compiled with
// -rdc bring their device code as bitcode; it is linked here into one fat binary
// with the start-up code that registers it (targets/nvptx/rdc_device_link.h,
// targets/host/linked_registration.h).
#pragma once
#include <string>
#include <vector>

namespace circle {
struct CudaToolkit;
struct Options;
class TempDir;

// Writes the executable (or -shared library) `name` at `output` (where it waits until
// the compile succeeds). `objects[i]` stands for the command line's input i (a source's
// object, or the input itself). Reports its errors; returns false after one.
bool linkProgram(const Options& o, const CudaToolkit* tk, const std::vector<std::string>& objects,
                 const std::string& name, const std::string& output, TempDir& temps);

} // namespace circle
