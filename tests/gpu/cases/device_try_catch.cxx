// try/catch on the device: functions that say `try` (untagged, __device__, a
// constructor, a kernel's own statement) run with their handlers on the GPU as on the
// host (circle generates them with landing pads and lowers those to per-thread checks:
// codegen/exception_islands.h). Each test runs on the host, then in a kernel; the
// lines must agree.
#include <cstdio>
#include <exception>
#include <stdexcept>
#include <string>
#include <vector>

// libstdc++'s message up to its first ':' (the device's drops the format's numbers).
std::string head(const char* what) {
  std::string s = what;
  return s.substr(0, s.find(':'));
}

// Says whether it is destroyed while an exception propagates.
struct Noisy {
  const char* name;
  ~Noisy() { printf("  ~%s%s\n", name, std::uncaught_exceptions() ? " (unwinding)" : ""); }
};

struct base_error {
  int code;
  virtual ~base_error() {}
  virtual const char* what() const { return "base_error"; }
};
struct derived_error : base_error {
  const char* what() const override { return "derived_error"; }
};

int checked_at(const std::vector<int>& v, int i) {
  try {
    Noisy n{"inside the try"};
    return v.at(i);
  } catch (const std::out_of_range& e) {
    printf("  caught std::out_of_range: %s\n", head(e.what()).c_str());
    return -1;
  }
}

void throw_derived(int code) {
  Noisy n{"thrower's local"};
  derived_error e;
  e.code = code;
  throw e;
}

int by_base(int code) {
  try {
    throw_derived(code);
  } catch (const base_error& e) {
    printf("  caught base_error& holding %s, code %d\n", e.what(), e.code);
    return e.code;
  }
  return 0;
}

int rethrown(int i) {
  try {
    try {
      std::vector<int> v(2);
      return v.at(i);
    } catch (const std::exception& e) {
      printf("  inner handler: %s, rethrowing\n", head(e.what()).c_str());
      throw;
    }
  } catch (const std::logic_error& e) {
    printf("  outer handler: logic_error %s\n", head(e.what()).c_str());
  }
  return -3;
}

const char* by_pointer(int i) {
  try {
    if (i > 0) throw "a C string";
    throw 42;
  } catch (const char* s) {
    printf("  caught const char*: %s\n", s);
    return s;
  } catch (int n) {
    printf("  caught int %d\n", n);
  } catch (...) {
    printf("  caught something else\n");
  }
  return "none";
}

int catch_all(int i) {
  try {
    std::string s = "abc";
    return s.at(i);
  } catch (...) {
    printf("  caught (...)\n");
    return 0;
  }
}

int checked_quiet(const std::vector<int>& v, int i) {
  try {
    return v.at(i);
  } catch (const std::out_of_range&) {
    return -1;
  }
}

// A constructor's try.
struct Holder {
  int value;
  Holder(const std::vector<int>& v, int i) {
    try {
      value = v.at(i);
    } catch (const std::out_of_range&) {
      value = -1;
    }
  }
};

void run_all(const char* where) {
  printf("%s:\n", where);
  std::vector<int> v{10, 20, 30};
  printf(" checked_at(1) = %d\n", checked_at(v, 1));
  printf(" checked_at(7) = %d\n", checked_at(v, 7));
  printf(" by_base(5) = %d\n", by_base(5));
  printf(" rethrown(9) = %d\n", rethrown(9));
  printf(" by_pointer(1) = %s\n", by_pointer(1));
  printf(" by_pointer(0) = %s\n", by_pointer(0));
  printf(" catch_all(1) = %d\n", catch_all(1));
  printf(" catch_all(5) = %d\n", catch_all(5));
  printf(" Holder(v, 2).value = %d\n", Holder(v, 2).value);
  printf(" Holder(v, 8).value = %d\n", Holder(v, 8).value);
}

__global__ void kernel() { run_all("device"); }

// A __device__ function's try, and a kernel's own.
__device__ int device_at(const std::vector<int>& v, int i) {
  try {
    return v.at(i);
  } catch (const std::logic_error&) {
    return -100 - i;
  }
}

__global__ void kernel_try(int i) {
  std::vector<int> v{4, 5};
  try {
    Noisy n{"kernel's local"};
    printf(" device_at(%d) = %d\n", i, device_at(v, i));
    if (i > 5) throw_derived(i);
    printf(" kernel's try block finished\n");
  } catch (const derived_error& e) {
    printf(" kernel caught derived_error %d\n", e.code);
  }
}

// Every thread of two blocks indexes out of range for some i: each catches its own.
__global__ void many(int* caught, int* sum) {
  std::vector<int> v{1, 2, 3};
  int r = checked_quiet(v, int(threadIdx.x % 5));
  if (r < 0) atomicAdd(caught, 1);
  else atomicAdd(sum, r);
}

// No handler: the kernel reports what was thrown and traps.
__global__ void uncaught() { throw_derived(7); }

int main() {
  run_all("host");
  kernel<<<1, 1>>>();
  printf("kernel: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  kernel_try<<<1, 1>>>(1);
  printf("kernel_try(1): %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  kernel_try<<<1, 1>>>(9);
  printf("kernel_try(9): %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  int* counts;
  if (cudaMallocManaged(&counts, 2 * sizeof(int)) != cudaSuccess) return 1;
  counts[0] = counts[1] = 0;
  many<<<2, 64>>>(counts, counts + 1);
  cudaError_t e = cudaDeviceSynchronize();
  printf("many: %s, %d caught, sum %d\n", cudaGetErrorString(e), counts[0], counts[1]);
  uncaught<<<1, 1>>>();
  printf("uncaught: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
}
