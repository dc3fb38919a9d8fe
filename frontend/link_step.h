// The link: the objects circle compiled from the command line's sources, and the
// objects and libraries it names, become one executable. Objects compiled with
// -rdc bring their device code as bitcode; it is linked here into one fat binary
// with the start-up code that registers it (targets/nvptx/rdc_device_link.h,
// targets/host/linked_registration.h).
#pragma once
#include <functional>
#include <string>
#include <vector>

namespace circle {
struct CudaToolkit;
struct Options;
class TempDir;

// Writes the executable (or -shared library) `name` at `output` (where it waits until
// the compile succeeds). `objects[i]` stands for the command line's input i (a source's
// object, or the input itself). `toolkit` is asked for the CUDA toolkit when the link
// needs it: CUDA is on, or an object has kernels (Meson's and CMake's C++ links name
// no GPU); null after it said why there is none. Reports its errors; returns false
// after one.
bool linkProgram(const Options& o, const std::function<const CudaToolkit*()>& toolkit,
                 const std::vector<std::string>& objects, const std::string& name, const std::string& output,
                 TempDir& temps);

// nvcc's -dlink: the device code of the -rdc objects among `objects`, linked, and
// the start-up code that registers it, as one object at `output`, for a host linker
// that links it with those objects and the CUDA runtime (no relocatable device code:
// an object that registers nothing).
bool deviceLinkObjects(const Options& o, const std::function<const CudaToolkit*()>& toolkit,
                       const std::vector<std::string>& objects, const std::string& output, TempDir& temps);

} // namespace circle
