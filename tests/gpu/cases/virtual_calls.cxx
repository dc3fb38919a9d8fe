// Virtual functions in a kernel: objects made with new on the device, called
// through base pointers, destroyed through virtual (deleting) destructors.
// (typeid and dynamic_cast: the virtual and rtti cases.)
#include <cuda_runtime.h>
#include <cstdio>

struct shape_t {
  virtual ~shape_t() { printf("~shape_t\n"); }
  virtual float area() const = 0;
  virtual const char* name() const { return "shape"; }
};
struct square_t : shape_t {
  float side;
  explicit square_t(float s) : side(s) {}
  ~square_t() override { printf("~square_t\n"); }
  float area() const override { return side * side; }
  const char* name() const override { return "square"; }
};
struct circle_t : shape_t {
  float r;
  explicit circle_t(float r) : r(r) {}
  float area() const override { return 3.0f * r * r; }
};

__global__ void kernel() {
  shape_t* shapes[2] = {new square_t(2), new circle_t(1)};
  for (shape_t* s : shapes) printf("%s %.1f\n", s->name(), s->area());
  for (shape_t* s : shapes) delete s;
}

int main() {
  kernel<<<1, 1>>>();
  printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
}
