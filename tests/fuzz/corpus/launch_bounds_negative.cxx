template <int N> __global__ void k() { __nvvm_maxntidx(N); __nvvm_minctasm(-1); }
int main() { k<0><<<1, 1>>>(); }
