// Plain C++ (CMake compiles it with the C++ compiler) calling into a CUDA file: CMake
// links such a target with c++, adding what it read from circle's link line.
#include <cstdio>
float mix_sum(int n);
int main() { std::printf("mixdemo: %g\n", mix_sum(100)); }
