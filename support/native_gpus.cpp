#include "support/native_gpus.h"

#include <dlfcn.h>

namespace circle {

std::vector<int> nativeGpuSms(std::string& why) {
  // The driver API's own numbers (cuda.h): CUDA_SUCCESS is 0, and the compute
  // capability's major and minor are device attributes 75 and 76.
  using Init = int (*)(unsigned);
  using Count = int (*)(int*);
  using Get = int (*)(int*, int);
  using Attribute = int (*)(int*, int, int);
  void* driver = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!driver) {
    why = "no CUDA driver (libcuda.so.1) on this machine";
    return {};
  }
  auto init = reinterpret_cast<Init>(dlsym(driver, "cuInit"));
  auto count = reinterpret_cast<Count>(dlsym(driver, "cuDeviceGetCount"));
  auto get = reinterpret_cast<Get>(dlsym(driver, "cuDeviceGet"));
  auto attribute = reinterpret_cast<Attribute>(dlsym(driver, "cuDeviceGetAttribute"));
  std::vector<int> sms;
  int n = 0;
  if (!init || !count || !get || !attribute) why = "the CUDA driver lacks the device queries";
  else if (init(0) != 0 || count(&n) != 0 || n == 0) why = "the CUDA driver finds no GPU";
  else
    for (int i = 0; i < n; ++i) {
      int device = 0, major = 0, minor = 0;
      if (get(&device, i) == 0 && attribute(&major, 75, device) == 0 && attribute(&minor, 76, device) == 0)
        sms.push_back(major * 10 + minor);
    }
  dlclose(driver);
  return sms;
}

} // namespace circle
