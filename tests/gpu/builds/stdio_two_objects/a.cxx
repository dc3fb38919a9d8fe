// One of two whole-program objects using device stdio (with b.cxx): each carries the
// host server, linkonce_odr and hidden, and the program keeps one.
#include <cstdio>
__global__ void ka() { fprintf(stdout, "a\n"); }
void launchA() { ka<<<1,1>>>(); }
