int main(){ asm("trap"); }
