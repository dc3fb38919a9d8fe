// For cases whose run(where) prints the same lines wherever it runs: main runs it on
// the host, then in one GPU thread, and prints the launch's outcome. The expected
// output is the host half twice (once as "device:") and "no error".
#pragma once
#include <cuda_runtime.h>
#include <cstdio>

void run(const char* where);

__global__ void device_half() { run("device"); }

int main() {
  run("host");
  // A run() of standard-library code holds frames of a few KB and calls through
  // pointers, so ptxas cannot bound its stack (circle warns): 1 KiB is not enough.
  cudaDeviceSetLimit(cudaLimitStackSize, 16 * 1024);
  device_half<<<1, 1>>>();
  printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
}
