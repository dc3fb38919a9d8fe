// std::_Hash_bytes, which libstdc++ keeps out of line: std::hash of strings and
// string views, and type_info::hash_code. MurmurHash64A, the function libstdc++ uses
// for 64-bit size_t, so a string hashes to the same value on the host and the device.
#include <bits/hash_bytes.h>

#include <cstring>

namespace std {

size_t _Hash_bytes(const void* ptr, size_t len, size_t seed) {
  constexpr size_t mul = (size_t(0xc6a4a793UL) << 32) + size_t(0x5bd1e995UL);
  constexpr int shift = 47;
  const char* bytes = static_cast<const char*>(ptr);
  size_t hash = seed ^ (len * mul);
  size_t whole = len & ~size_t(7);
  for (size_t i = 0; i < whole; i += 8) {
    size_t word;
    memcpy(&word, bytes + i, 8);
    word *= mul;
    word ^= word >> shift;
    word *= mul;
    hash ^= word;
    hash *= mul;
  }
  size_t rest = len & 7;
  if (rest) {
    size_t tail = 0;
    for (size_t i = rest; i-- > 0;) tail = (tail << 8) | static_cast<unsigned char>(bytes[whole + i]);
    hash ^= tail;
    hash *= mul;
  }
  hash ^= hash >> shift;
  hash *= mul;
  hash ^= hash >> shift;
  return hash;
}

} // namespace std
