// A `switch` becomes compares and branches, never a jump table (PTX's brx.idx), as
// nvcc's code does. LLVM's NVPTX back end builds a table from four cases on; where
// the value differs between a warp's threads (shfl_scan's shfl_intimage_rows picks
// one of four uint4 by `threadIdx.x & 3`), the indirect branch splits the warp four
// ways and its table sits in a relocated constant bank, where nvcc's compares become
// predicated selects: that kernel's "Fast" figure was 0.80x nvcc's on an H200
// (cuda-samples figures, 9 rounds, 2026-11-30), its four brx.idx against none. nvcc
// 13.0 emits no brx.idx even for a 16-case switch whose value is the same across the
// warp (an interpreter's dispatch, the case a table could win): checked with
// tests/e2e/test_device_codegen.sh's pick.cu, where circle's build had six.
#pragma once

namespace llvm {
class Module;
}

namespace circle {

void lowerSwitchesWithoutTables(llvm::Module& deviceModule);

} // namespace circle
