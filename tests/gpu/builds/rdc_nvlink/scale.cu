// Twice x, through libdevice's sqrtf (exact for the loader's whole numbers): a
// relocatable cubin carries its own copy of what it uses from libdevice.
#include <cmath>

__device__ float scale(float x) { return 2.0f * sqrtf(x * x); }
