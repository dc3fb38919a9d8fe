// Prints every PTX target of the compile: nvvm_arch_t has one enumerator per -sm_XX.
#include <iostream>

int main() {
  for (nvvm_arch_t arch : nvvm_arch_values)
    std::cout << nvvm_arch_name(arch) << " = " << (int)arch << "\n";
}
