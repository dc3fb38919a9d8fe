// ptxas (CUDA 13.0, sm_90) stores the wrong byte when a narrow store truncates a register
// a floating-point instruction wrote: `selp.f64 %rd35, ...; st.global.b8 [%rd2], %rd35;`
// stored 0x80 where the register's low byte was 0x2a; the same PTX with `selp.b64`
// stored 0x2a (H200, tests/gpu/RESULTS.md, 2026-11-28). LLVM's NVPTX backend writes such
// stores when a double's bytes go to memory one by one (a memcpy of a double to a
// pointer of unknown alignment: nan()'s result in tests/gpu/nvcc/math_declared.cu).
//
// Each such store takes its value through an integer operation first, `and` with the
// stored width's mask in a scoped register, which ptxas reads as the integer it is.
#pragma once
#include <string>

namespace circle {

// Returns how many stores were changed in `ptx`.
int isolateNarrowStoresOfFloatValues(std::string& ptx);

} // namespace circle
