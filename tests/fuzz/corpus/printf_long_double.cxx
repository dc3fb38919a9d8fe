#include <cstdio>
__global__ void k() { printf("%Lf\n", 1.0L); }
int main() { k<<<1, 1>>>(); }
