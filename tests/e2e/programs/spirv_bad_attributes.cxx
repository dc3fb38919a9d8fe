struct big { double d[17]; };
[[spirv::comp(64)]] void toobig(big b, double* out) { out[0] = b.d[0]; }
#ifndef PUSH_LIMIT_ONLY // that check runs in the SPIR-V pass, after the parse's errors
[[comp(64)]] void unscoped(int* out) {}
[[spirv::comp(0)]] void zero(int* out) {}
[[spirv::comp(32, 64)]] void toomany(int* out) {}
[[spirv::comp(64)]] int returns(int* out) { return 0; }
struct S { [[spirv::comp(64)]] void member(int* out) {} };
#endif
int main() { return 0; }
