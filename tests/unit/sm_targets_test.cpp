#include "targets/nvptx/sm_targets.h"

#include <catch2/catch.hpp>

#include "llvm/Support/TargetSelect.h"

#include <cstdlib>

using namespace circle;

static const char* cudaPath() {
  const char* p = std::getenv("CUDA_PATH");
  return p && *p ? p : "/usr/local/cuda";
}

TEST_CASE("the toolkit is located and its ptxas architectures read") {
  LLVMInitializeNVPTXTargetInfo();
  LLVMInitializeNVPTXTargetMC();
  std::string why;
  auto tk = CudaToolkit::locate(cudaPath(), why);
  REQUIRE(tk);
  CHECK(tk->versionMajor >= 12);
  CHECK(tk->ptxIsa >= 80);
  CHECK(checkSmSupported(*tk, 90).empty());
  std::string err = checkSmSupported(*tk, 52);
  CHECK(err.find("-sm_52") != std::string::npos);
  CHECK(err.find("sm_90") != std::string::npos); // the message lists what is supported
}

TEST_CASE("a directory that is not a toolkit says what is missing") {
  std::string why;
  CHECK_FALSE(CudaToolkit::locate("/nonexistent-cuda", why));
  CHECK(why.find("not a directory") != std::string::npos);
  CHECK_FALSE(CudaToolkit::locate("/tmp", why));
  CHECK(why.find("ptxas not found") != std::string::npos);
}
