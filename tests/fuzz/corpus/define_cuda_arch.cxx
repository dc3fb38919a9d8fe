#define __CUDA_ARCH__ 800
int main(){}
