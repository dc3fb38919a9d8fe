__constant__ char big[70000];
__global__ void k(char* o) { *o = big[3]; }
int main() {}
