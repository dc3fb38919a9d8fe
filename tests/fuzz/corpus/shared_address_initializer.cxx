__shared__ int b; __device__ int* p = &b;
__global__ void k() { *p = 1; }
int main() {}
