struct P { char d[40000]; };
__global__ void k(P p, char* o) { *o = p.d[3]; }
int main() {}
