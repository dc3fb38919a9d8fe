__global__ void k() { __nvvm_maxntidx(0); __nvvm_minctasm(0); }
template <int N> __global__ void t() { __nvvm_maxntidx(N); }
int main() { k<<<1,1>>>(); t<0><<<1,1>>>(); }
