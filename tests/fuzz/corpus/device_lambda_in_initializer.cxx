auto f = [] { return __shfl_sync(0xffffffffu, 1, 0); };
int g2 = f();
int main() { return g2; }
