void f() {
  int y = 0;
#if __CUDA_ARCH__ >= 800
  int x = 1;
#else
  int x = 2;
#endif
  y = x;
label:
  y++;
}
int main(){}
