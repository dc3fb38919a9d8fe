// gpu-suite: fast-math
// fp8_conversions.cu under -use_fast_math: the emulations read floats that flush to zero,
// where the toolkit protects its device path from that (__internal_double_to_float_with_sticky).
#include "fp8_conversions.cu"
