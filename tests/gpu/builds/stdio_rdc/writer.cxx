// Device functions that write through stdio, and a kernel that main.cxx launches.
#include <cstdio>

void writeRecord(FILE* f, int i) { fprintf(f, "record %d squared %d\n", i, i * i); }

__global__ void greet(int n) { fprintf(stdout, "greet thread %d of %d\n", int(threadIdx.x), n); }
