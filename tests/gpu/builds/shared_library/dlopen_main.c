/* A plain C host program that loads the library at run time, twice. */
#include <dlfcn.h>
#include <stdio.h>

int main(int argc, char** argv) {
  for (int round = 1; round <= 2; ++round) {
    void* lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
      printf("dlopen failed: %s\n", dlerror());
      return 1;
    }
    int (*scale_sum)(int) = (int (*)(int))dlsym(lib, "lib_scale_sum");
    int (*calls)(void) = (int (*)(void))dlsym(lib, "lib_calls");
    int s = scale_sum(3);
    printf("dlopen round %d: sum %d, kernel calls %d\n", round, s, calls());
    dlclose(lib);
  }
  return 0;
}
