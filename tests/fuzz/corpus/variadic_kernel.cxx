__global__ void k(int n, ...) {}
int main() {}
