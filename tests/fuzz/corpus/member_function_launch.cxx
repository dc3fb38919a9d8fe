#define LAUNCH(k) k<<<1, 1>>>()
struct S { void m() {} static void sm() {} };
__global__ void kern() {}
template <class T> __global__ void tk(T) {}
template <class T> void tl(T t) { tk<<<1, 1>>>(t); }
int main() { S s; s.m<<<1,1>>>(); LAUNCH(kern); kern<<<1, 1>>>(); tl(3); LAUNCH(kern); }
