#include <iostream>

int main() {
  // Print all PTX targets.
  std::cout<< nvvm_arch_t.enum_names<< " = "
    << (int)nvvm_arch_t.enum_values<< "\n" ...;
}
