// Shared by saxpy.cxx and main.cxx (not norm.cxx): touching it must rebuild exactly those.
#pragma once

// Untagged: callable from kernels and from the host alike.
inline float axpy(float a, float x, float y) { return a * x + y; }

void saxpy(int n, float a, const float* x, float* y); // static library
float norm2(int n, const float* x);                   // shared library
