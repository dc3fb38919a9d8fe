// What main.cu and other.cu share: a kernel template both instantiate (one kernel
// in the linked program), and other.cu's host entry.
#pragma once
#include <cstdio>
template <class T> __global__ void fill(T* p, T v) { p[threadIdx.x] = v + threadIdx.x; }
int run_b();
