// nvcc's -arch=native (clang's --offload-arch=native, CMake's
// CMAKE_CUDA_ARCHITECTURES=native, ggml's default): the compute capabilities of the GPUs
// this machine has, asked of the CUDA driver (libcuda.so.1, loaded only for this, so
// circle runs where there is no driver), one per GPU in the driver's order. Empty when
// there is no driver or no GPU; `why` then says which.
#pragma once
#include <string>
#include <vector>

namespace circle {

std::vector<int> nativeGpuSms(std::string& why);

} // namespace circle
