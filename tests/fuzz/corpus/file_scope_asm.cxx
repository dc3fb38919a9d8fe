#include <cstdio>
asm("trap");
int main() { puts("x"); }
