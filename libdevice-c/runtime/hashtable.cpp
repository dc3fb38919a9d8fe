// The bucket policy of std::unordered_map/set, which libstdc++ keeps out of line.
// Bucket counts are primes, as libstdc++'s; which primes is not observable beyond
// bucket_count(), so they are found by trial division instead of a table.
#include <unordered_map>

#include <cmath>

namespace std::__detail {
namespace {

bool isPrime(std::size_t n) {
  if (n < 2) return false;
  for (std::size_t d = 2; d * d <= n; ++d)
    if (n % d == 0) return false;
  return true;
}

} // namespace

std::size_t _Prime_rehash_policy::_M_next_bkt(std::size_t n) const {
  std::size_t buckets = n == 0 ? 1 : n;
  while (buckets > 1 && !isPrime(buckets)) ++buckets;
  _M_next_resize = static_cast<std::size_t>(std::floor(buckets * (double)_M_max_load_factor));
  return buckets;
}

std::pair<bool, std::size_t> _Prime_rehash_policy::_M_need_rehash(std::size_t buckets, std::size_t elements,
                                                                  std::size_t inserting) const {
  if (elements + inserting <= _M_next_resize) return {false, 0};
  // An empty table grows straight to a small prime, as libstdc++'s does.
  std::size_t wanted = elements + inserting;
  if (_M_next_resize == 0 && wanted < 11) wanted = 11;
  double minBuckets = wanted / (double)_M_max_load_factor;
  if (minBuckets >= buckets) {
    std::size_t grown = buckets * _S_growth_factor;
    std::size_t need = static_cast<std::size_t>(std::floor(minBuckets)) + 1;
    return {true, _M_next_bkt(need > grown ? need : grown)};
  }
  _M_next_resize = static_cast<std::size_t>(std::floor(buckets * (double)_M_max_load_factor));
  return {false, 0};
}

} // namespace std::__detail
