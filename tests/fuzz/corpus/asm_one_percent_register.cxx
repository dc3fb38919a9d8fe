__global__ void k(unsigned long long* o) { unsigned long long t; asm volatile("mov.u64 %0, %globaltimer;" : "=l"(t)); *o = t; }
int main() {}
