// getenv in a kernel reads the host's environment through circle's host I/O channel,
// as it is at the call (the host sets a variable between launches); an unset name
// is null; the pointers stay valid after the call.
#include <cstdio>
#include <cstdlib>
#include <cstring>

__global__ void read(int* lengths, int round) {
  const char* set = getenv("CIRCLE_GETENV_TEST");
  const char* unset = getenv("CIRCLE_GETENV_UNSET_NAME");
  lengths[2 * round] = set ? (int)strlen(set) : -1;
  lengths[2 * round + 1] = unset ? (int)strlen(unset) : -1;
  if (set && threadIdx.x == 0) printf("round %d: %s\n", round, set);
}

int main() {
  int* lengths;
  cudaMallocManaged(&lengths, 4 * sizeof(int));
  setenv("CIRCLE_GETENV_TEST", "forty-two", 1);
  read<<<1, 32>>>(lengths, 0);
  cudaDeviceSynchronize();
  setenv("CIRCLE_GETENV_TEST", "a longer value now", 1);
  read<<<2, 32>>>(lengths, 1);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s: %d %d %d %d\n", cudaGetErrorString(e), lengths[0], lengths[1], lengths[2], lengths[3]);
}
