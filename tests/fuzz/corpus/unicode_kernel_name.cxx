extern "C" __global__ void k$dollar(int* p) { *p = 1; }
__global__ void \u00e9t\u00e9(int* p) { *p = 2; }
int main() {}
