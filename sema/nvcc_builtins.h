// Device functions nvcc's headers or nvcc itself give CUDA code that Clang's CUDA
// headers do not, added to the launch prelude (sema/implicit_prelude.h):
// - the cache-hinted loads and stores (__ldg/__ldca/__ldcg/__ldcs/__ldlu/__ldcv,
//   __stwb/__stcg/__stcs/__stwt) for every type nvcc's sm_32_intrinsics.h lists:
//   Clang defines some of them for some types; a template for any 1-, 2-, 4-, 8- or
//   16-byte type covers the rest with the same PTX instruction (an exact overload of
//   Clang's still wins). tests/e2e/toolkit_functions.py derives the list to check from
//   the toolkit's own headers.
// - nvcc's atomic built-ins (__nv_atomic_load_n, __nv_atomic_fetch_add...: CUDA 12.8),
//   which libraries take when __CUDACC_VER_MAJOR__ says CUDA 13, and the macro that
//   announces them (__CUDACC_DEVICE_ATOMIC_BUILTINS__). They map to Clang's __atomic
//   built-ins with the same memory order; the thread scope argument is accepted and
//   every operation has system scope, which Clang 22's NVPTX code generation gives all
//   atomics (stronger than a narrower scope asks: the same results, at most slower).
// - __prof_trigger with an event number known only at run time.
#pragma once

namespace circle {

const char* nvccBuiltinsPreludeText();

} // namespace circle
