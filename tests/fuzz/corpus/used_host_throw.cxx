[[gnu::used]] void f(){ throw 1; }
int main() {}
