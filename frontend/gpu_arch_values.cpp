#include "frontend/gpu_arch_values.h"

#include "support/gpu_arch.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <algorithm>

namespace circle {
namespace {

// "sm_90" / "compute_90" / "90" -> 90, "sm_90a" -> 90 + kArchSpecific; an error names
// the option and the value.
std::string readOne(const std::string& option, llvm::StringRef v, std::vector<int>& out) {
  llvm::StringRef digits = v;
  // lto_XX: nvcc's link-time IR for sm_XX; circle makes sm_XX's code (frontend/options.cpp says so)
  if (!digits.consume_front("sm_") && !digits.consume_front("compute_")) digits.consume_front("lto_");
  bool archSpecific = digits.consume_back("a");
  bool family = !archSpecific && digits.consume_back("f");
  unsigned sm = 0;
  if (digits.empty() || digits.getAsInteger(10, sm) || sm < 10 || sm > 999)
    return "'" + option + v.str() + "' is not a GPU architecture: expected sm_XX or compute_XX with a number, e.g. "
           "sm_90, or an arch-specific one, e.g. sm_90a";
  if (family)
    return "'" + option + v.str() + "': family-specific architectures (sm_XXf) are not supported: Clang 22, which "
           "circle generates device code with, cannot target them; name the arch-specific sm_" +
           std::to_string(sm) + "a or the plain sm_" + std::to_string(sm);
  out.push_back(int(sm) + (archSpecific ? kArchSpecific : 0));
  return {};
}

} // namespace

void sortUnique(std::vector<int>& v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
}

std::string readArchList(const std::string& option, const std::string& value, std::vector<int>& out,
                         std::string* keyword) {
  // The GPUs circle runs beside: asked of the driver once the command is read.
  if (value == "native" && !keyword) return "'" + option + value + "': only -arch= and --offload-arch= name native";
  if (keyword && (value == "all" || value == "all-major" || value == "native")) {
    *keyword = value;
    return {};
  }
  llvm::SmallVector<llvm::StringRef, 4> parts;
  llvm::StringRef(value).split(parts, ',', -1, /*KeepEmpty=*/false);
  if (parts.empty()) return "'" + option + "' needs an architecture, e.g. sm_90";
  for (llvm::StringRef p : parts)
    if (std::string err = readOne(option, p.trim(), out); !err.empty()) return err;
  return {};
}

std::string readGencode(const std::string& value, std::vector<int>& out) {
  // arch=compute_XX,code=sm_XX or code=[sm_XX,compute_XX] or code="sm_XX,compute_XX"
  llvm::StringRef rest(value);
  std::vector<int> arch, codes;
  bool sawArch = false, sawCode = false;
  while (!rest.empty()) {
    llvm::StringRef key, val;
    std::tie(key, rest) = rest.split('=');
    if (rest.empty()) break;
    if (rest.front() == '[' || rest.front() == '"' || rest.front() == '\'') {
      char close = rest.front() == '[' ? ']' : rest.front();
      size_t end = rest.find(close, 1);
      if (end == llvm::StringRef::npos) return "-gencode '" + value + "': unbalanced " + std::string(1, rest.front());
      val = rest.slice(1, end);
      rest = rest.drop_front(end + 1);
      rest.consume_front(",");
    } else {
      std::tie(val, rest) = rest.split(',');
      // code=sm_75,compute_75 without brackets: the rest is still the code list
      if (key.trim() == "code") {
        while (!rest.empty() && !rest.starts_with("arch=")) {
          llvm::StringRef more;
          std::tie(more, rest) = rest.split(',');
          val = llvm::StringRef(val.data(), more.end() - val.data());
        }
      }
    }
    key = key.trim();
    std::vector<int>& dst = key == "arch" ? arch : codes;
    if (key != "arch" && key != "code") return "-gencode '" + value + "': expected arch=... and code=...";
    (key == "arch" ? sawArch : sawCode) = true;
    if (std::string err = readArchList("-gencode " + key.str() + "=", val.str(), dst); !err.empty()) return err;
  }
  if (!sawArch || !sawCode) return "-gencode '" + value + "': expected arch=compute_XX,code=sm_XX";
  out.insert(out.end(), codes.begin(), codes.end());
  return {};
}

std::vector<int> resolveArchRequests(const ArchRequests& r, std::string& error, bool onePtxOrCubin) {
  std::vector<int> sms = r.sms;
  if (!r.codes.empty()) {
    // nvcc compiles -code's real architectures from -arch's virtual one, which
    // must not be newer.
    auto byNumber = [](int a, int b) { return smNumber(a) < smNumber(b); };
    int lowest = *std::min_element(r.codes.begin(), r.codes.end(), byNumber);
    for (int a : r.arch)
      if (smNumber(a) > smNumber(lowest)) {
        error = "-code=" + smName(lowest) + " is older than -arch=compute_" + smDigits(a);
        return {};
      }
    sms.insert(sms.end(), r.codes.begin(), r.codes.end());
  } else {
    sms.insert(sms.end(), r.arch.begin(), r.arch.end());
    // nvcc's -arch=sm_90a also embeds compute_90's PTX, which other GPUs can JIT
    // (sm_90a's cannot): circle's sm_90 target carries it. -ptx and -cubin write
    // sm_90a's alone, as nvcc's.
    for (int a : r.arch)
      if (smArchSpecific(a) && !onePtxOrCubin) sms.push_back(smNumber(a));
  }
  sortUnique(sms);
  return sms;
}

std::vector<int> expandArchKeyword(const std::string& keyword, const std::vector<int>& supported) {
  std::vector<int> out;
  for (int sm : supported) // as nvcc's, without arch-specific sms
    if (!smArchSpecific(sm) && (keyword == "all" || out.empty() || out.back() / 10 != sm / 10)) out.push_back(sm);
  sortUnique(out);
  return out;
}

} // namespace circle
