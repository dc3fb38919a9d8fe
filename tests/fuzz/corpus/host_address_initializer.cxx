int host_int;
__device__ int* const p = &host_int;
__global__ void k() { *p = 1; }
int main() {}
