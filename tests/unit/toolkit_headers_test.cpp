#include "frontend/toolkit_headers.h"

#include <catch2/catch.hpp>

using namespace circle;

namespace {
const std::string kMmaShape = "/* header */\n#define __CUDA_MMA_DEVICE_DECL__ static __device__ __inline__\n"
                              "#if !defined(__CUDA_ARCH__) && !defined(_NVHPC_CUDA)\n#define __DEF_IF_HOST { }\n"
                              "#else\n#define __DEF_IF_HOST ;\n#endif\nvoid f() __DEF_IF_HOST\n"
                              "#if defined(__CUDA_ARCH__)\n#include \"mma.hpp\"\n#endif\n";
}

TEST_CASE("mma.h takes its device definitions, at the same size and line breaks") {
  auto out = respellToolkitHeader("/usr/local/cuda/include/crt/mma.h", kMmaShape);
  REQUIRE(out);
  CHECK(out->size() == kMmaShape.size());
  CHECK(std::count(out->begin(), out->end(), '\n') == std::count(kMmaShape.begin(), kMmaShape.end(), '\n'));
  CHECK(out->find("#if 0 /* circle: device definitions */") != std::string::npos);
  CHECK(out->find("#if 1                     \n#include \"mma.hpp\"") != std::string::npos);
  CHECK(out->find("__CUDA_ARCH__") == std::string::npos);
}

TEST_CASE("an mma.h of another layout becomes an error, never the host stubs") {
  std::string other = "/* header */\n#define __CUDA_MMA_DEVICE_DECL__ static __device__ __inline__\nvoid f();\n";
  auto out = respellToolkitHeader("/opt/cuda/include/crt/mma.h", other);
  REQUIRE(out);
  CHECK(out->size() == other.size());
  CHECK(out->find("#error circle cannot read this mma.h") != std::string::npos);
}

TEST_CASE("other files are read as they are") {
  CHECK_FALSE(respellToolkitHeader("/usr/local/cuda/include/mma.h", kMmaShape));
  CHECK_FALSE(respellToolkitHeader("/home/me/crt/mma.hpp", kMmaShape));
}
