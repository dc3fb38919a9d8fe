#define ARCH __CUDA_ARCH__
#define IS_DEVICE defined(__CUDA_ARCH__)
int f() {
#if __CUDA_ARCH__
  return 1;
#endif
#if 0
#elif __CUDA_ARCH__
  return 2;
#endif
#if ARCH >= 800
  return 3;
#endif
#if IS_DEVICE
  return 4;
#endif
  return 0;
}
int main() {}
