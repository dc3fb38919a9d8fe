template <class F> __global__ void run(F f) { f(); }
int main() {
  int x = 0, y = 1;
  run<<<1, 1>>>([&] { x += y; });
  auto g = [&x, y] { x = y; };
  run<<<1, 1>>>(g);
  run<<<1, 1>>>([=] { (void)(x + y); });
}
