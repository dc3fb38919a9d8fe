// Catches what vector::at throws, for kernels of other sources (-rdc).
#include <stdexcept>
#include <vector>
int safe_at(const std::vector<int>& v, int i) {
  try {
    return v.at(i);
  } catch (const std::out_of_range&) {
    return -1;
  }
}
