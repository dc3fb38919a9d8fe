// Device code another target's kernel calls (CUDA_SEPARABLE_COMPILATION).
__device__ int twice(int x) { return 2 * x; }
