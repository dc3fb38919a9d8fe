// A parameter passed directly (not through memory) wider than 8 bytes.
[[spirv::comp(64)]] void wide(__int128 v, long long* out) { out[0] = (long long)(v >> 3); }
int main() { return 0; }
