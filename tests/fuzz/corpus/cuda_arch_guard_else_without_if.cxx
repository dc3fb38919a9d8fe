void f() {
#else
#endif
#if __CUDA_ARCH__
}
#endif
