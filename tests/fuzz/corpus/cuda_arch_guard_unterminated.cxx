void f() {
#if __CUDA_ARCH__ >= 800
  int x = 1;
