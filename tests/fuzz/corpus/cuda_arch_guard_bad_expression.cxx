void f() { int a;
#if __CUDA_ARCH__ >= 800 &&
 a = 1;
#elif (__CUDA_ARCH__ / 0)
 a = 2;
#endif
}
