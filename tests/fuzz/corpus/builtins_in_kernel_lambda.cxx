__global__ void k(int* p) {
  [] { __syncthreads(); }();
  int x = (__syncthreads(), 1);
  *p = x;
}
int main() {}
