// The host's stdin read in a kernel: std::cin (numbers, a word, getline, end of input)
// and the C functions (fgets, getchar) on the same stream, interleaved as libstdc++'s
// synchronised std::cin allows on the host. The GPU suite feeds expected/device_stdin.in;
// test_device_iostreams.sh checks expected/device_stdin.out against the same reads
// made by host code (libstdc++), e.g. a failed read at the end leaves the value as it
// was (the sentry fails before any conversion).
#include <cuda_runtime.h>
#include <cstdio>
#include <iostream>
#include <string>

__global__ void readInput() {
  int a = 0;
  double b = 0;
  std::string word;
  std::cin >> a >> b >> word;
  std::cout << "cin: " << a << ' ' << b << ' ' << word << '\n';
  char line[64];
  fgets(line, sizeof line, stdin); // the rest of the first line
  std::cout << "fgets rest: [" << std::string(line, line + (line[0] == '\n' ? 0 : 1)) << "]\n";
  fgets(line, sizeof line, stdin);
  std::cout << "fgets: " << line;
  std::cout << "getchar: " << char(getchar()) << '\n';
  std::string rest;
  std::getline(std::cin, rest);
  std::cout << "getline: [" << rest << "]\n";
  int more = 7;
  std::cin >> more;
  std::cout << "at the end: fail " << std::cin.fail() << " eof " << std::cin.eof() << " value " << more << '\n';
}

int main() {
  readInput<<<1, 1>>>();
  printf("kernel: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
}
