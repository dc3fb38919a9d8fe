// The other object (a.cxx): two device modules, two channels, one server thread.
#include <cstdio>
__global__ void kb() { fprintf(stdout, "b\n"); }
void launchA();
int main() { launchA(); kb<<<1,1>>>(); printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize())); }
