// Launches writer.cxx's kernel, and its own kernel that calls writer.cxx's function.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstring>

void writeRecord(FILE* f, int i);
__global__ void greet(int n);

__global__ void writeFile(const char* path) {
  FILE* f = fopen(path, "w");
  for (int i = 1; i <= 3; ++i) writeRecord(f, i);
  fclose(f);
}

int main() {
  greet<<<1, 1>>>(1);
  printf("greet: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  const char* path = "/tmp/circle_stdio_rdc.txt";
  char* d;
  cudaMalloc(&d, strlen(path) + 1);
  cudaMemcpy(d, path, strlen(path) + 1, cudaMemcpyHostToDevice);
  writeFile<<<1, 1>>>(d);
  printf("writeFile: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  if (FILE* f = fopen(path, "r")) {
    char line[64];
    while (fgets(line, sizeof line, f)) printf("host read: %s", line);
    fclose(f);
    remove(path);
  }
}
