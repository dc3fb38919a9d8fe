__global__ void k(double* o, double x) { __float128 a = x; a = a / 3; a = a * a + 1; *o = (double)a; o[1] = a > 2 ? 1 : 0; }
int main() {}
