// throw expressions in device code: in an untagged function, a __device__ function
// and a __global__ kernel (Clang refuses the last two while parsing; circle respells
// them, dialect/device_throw.h), and libstdc++'s own throw in std::any_cast. Each
// throw prints its type and, for a std::exception, its what(), with the thread, then
// traps; each runs in a child process, since a trap leaves the CUDA context unusable.
#include <cuda_runtime.h>
#include <any>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

namespace geometry { struct bad_shape { int sides; }; }
struct derived_error : std::runtime_error {
  derived_error() : std::runtime_error(std::string("derived_error from ") + "std::string") {}
};

int untagged(int which) {
  if (which == 0) throw std::out_of_range("index out of range");
  if (which == 1) throw derived_error();
  return which;
}

__device__ int tagged(int which) {
  if (which == 2) throw geometry::bad_shape{3};
  if (which == 3) { throw std::invalid_argument(std::string("bad argument ") + std::to_string(which)); }
  return which == 4 ? throw 42 : which;
}

__global__ void kernel(int which) {
  if (which == 5) throw "a C string";
  if (which == 6) {
    std::any a = 5;
    printf("%f\n", std::any_cast<double>(a)); // libstdc++'s own throw of std::bad_any_cast
  }
  printf("kernel(%d) returned %d\n", which, untagged(which) + tagged(which));
}

int main() {
  for (int which = 0; which <= 7; ++which) {
    fflush(stdout);
    pid_t child = fork();
    if (child == 0) {
      kernel<<<1, 1>>>(which);
      cudaError_t e = cudaDeviceSynchronize();
      printf("launch %d: %s\n", which, e == cudaSuccess ? "ok" : "failed");
      fflush(stdout);
      exit(0); // not _exit: the CUDA runtime prints the trap's message as it shuts down
    }
    int status = 0;
    waitpid(child, &status, 0);
  }
}
