int g = (__syncthreads(), 0);
int main() {}
