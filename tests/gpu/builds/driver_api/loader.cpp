// Loads each device-code file named on the command line with cuModuleLoad, runs its
// kernel on the same data and prints what it computed.
#include <cuda.h>
#include <cstdio>
#include <vector>

#define CHECK(call)                                                                   \
  do {                                                                                \
    CUresult r_ = (call);                                                             \
    if (r_ != CUDA_SUCCESS) {                                                         \
      const char* s_ = "";                                                            \
      cuGetErrorString(r_, &s_);                                                      \
      std::printf("%s failed: %s\n", #call, s_);                                      \
      return 1;                                                                       \
    }                                                                                 \
  } while (0)

static int run(const char* path) {
  CUmodule mod;
  CHECK(cuModuleLoad(&mod, path));
  CUfunction f;
  CHECK(cuModuleGetFunction(&f, mod, "scale_sorted"));
  const int rows = 256;
  std::vector<float> h(rows * 8);
  for (int i = 0; i < rows * 8; ++i) h[i] = float((i * 37) % 101);
  CUdeviceptr d;
  CHECK(cuMemAlloc(&d, h.size() * sizeof(float)));
  CHECK(cuMemcpyHtoD(d, h.data(), h.size() * sizeof(float)));
  int n = rows;
  void* args[] = {&d, &n};
  CHECK(cuLaunchKernel(f, 2, 1, 1, 128, 1, 1, 0, nullptr, args, nullptr));
  CHECK(cuCtxSynchronize());
  CHECK(cuMemcpyDtoH(h.data(), d, h.size() * sizeof(float)));
  double sum = 0;
  bool descending = true;
  for (int r = 0; r < rows; ++r)
    for (int i = 0; i < 8; ++i) {
      sum += h[r * 8 + i];
      if (i && h[r * 8 + i] > h[r * 8 + i - 1]) descending = false;
    }
  CUdeviceptr var;
  size_t bytes;
  CHECK(cuModuleGetGlobal(&var, &bytes, mod, "launches"));
  int launches = 0;
  CHECK(cuMemcpyDtoH(&launches, var, sizeof launches));
  const char* base = path;
  for (const char* p = path; *p; ++p)
    if (*p == '/') base = p + 1;
  std::printf("%s: sum %.1f, rows descending %s, launches %d (%zu bytes)\n", base, sum, descending ? "yes" : "no",
              launches, bytes);
  CHECK(cuMemFree(d));
  CHECK(cuModuleUnload(mod));
  return 0;
}

int main(int argc, char** argv) {
  CHECK(cuInit(0));
  CUdevice dev;
  CHECK(cuDeviceGet(&dev, 0));
  CUcontext ctx;
  CHECK(cuDevicePrimaryCtxRetain(&ctx, dev));
  CHECK(cuCtxSetCurrent(ctx));
  for (int i = 1; i < argc; ++i)
    if (run(argv[i])) return 1;
  return 0;
}
