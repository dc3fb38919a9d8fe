// How the command line asks ptxas to run, for the compile and for an -rdc link.
#pragma once
#include "frontend/options.h"
#include "targets/nvptx/cuda_tools.h"

namespace circle {

inline PtxasOptions ptxasOptions(const Options& o) {
  PtxasOptions p;
  p.debug = o.deviceDebug;
  p.lineInfo = o.lineInfo;
  p.verbose = o.verbose;
  p.report = o.ptxasReport;
  p.extra = o.ptxasArgs;
  p.relocatable = o.ptxasRelocatable;
  p.unlinked = deviceCodeForNvlink(o);
  return p;
}

} // namespace circle
