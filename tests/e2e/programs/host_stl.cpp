#include <algorithm>
#include <cstdio>
#include <map>
#include <numeric>
#include <string>
#include <vector>

int main() {
  std::map<std::string, int> stock{{"banana", 1}, {"cherry", 2}, {"apple", 3}};
  for (auto it = stock.begin(); it != stock.end(); ++it)
    std::printf("%s=%d%s", it->first.c_str(), it->second, std::next(it) == stock.end() ? "\n" : " ");
  std::vector<int> v{8, 3, 13, 1, 5, 2};
  std::sort(v.begin(), v.end());
  std::printf("sorted:");
  for (int x : v) std::printf(" %d", x);
  std::printf("\ntotal %d\n", std::accumulate(v.begin(), v.end(), 0));
}
