/* What newlib expects from its platform, for the GPU: the reentrancy structure,
   the allocator hooks over the device heap, assert, the few libm pieces newlib's
   libc calls, and rand/srand. Compiled like newlib itself (C, nvptx64). */
#include <errno.h>
#include <math.h>
#include <reent.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* The PTX system calls. */
void* malloc(size_t);
void free(void*);
int vprintf(const char*, void*);
/* libdevice, linked after this library. */
double __nv_frexp(double, int*);

/* One zeroed reentrancy structure for the whole device: errno and strtok's state
   are shared by all threads (use strtok_r); there are no stdio streams. */
static struct _reent circle_reent;
struct _reent* _impure_ptr = &circle_reent;

/* The device heap (the PTX malloc/free system calls) cannot tell a block's size,
   which realloc needs. Every allocation on the device therefore goes through these
   wrappers, which keep the size in a 16-byte header (16 keeps malloc's alignment):
   the device link renames the kernels' malloc/free/realloc to them, and the C++
   runtime and newlib call them directly. */
void* __circle_malloc(size_t n) {
  size_t* block = (size_t*)malloc(n + 16);
  if (!block) return 0;
  block[0] = n;
  return (char*)block + 16;
}
void __circle_free(void* p) {
  if (p) free((char*)p - 16);
}
void* __circle_realloc(void* p, size_t n) {
  if (!p) return __circle_malloc(n);
  if (!n) {
    __circle_free(p);
    return 0;
  }
  size_t old = *(size_t*)((char*)p - 16);
  void* q = __circle_malloc(n);
  if (q) {
    memcpy(q, p, old < n ? old : n);
    __circle_free(p);
  }
  return q;
}

/* Code circle compiles keeps the host's va_list type from the one parse (x86-64's, an
   array of one struct), so it passes a va_list as the address of the object whose
   first word holds NVPTX's argument pointer; newlib, built for NVPTX, takes that
   pointer itself. The device link points the kernels' calls here (std::to_string of
   a double is one such call). */
int vsnprintf(char*, size_t, const char*, va_list); /* <stdio.h> would clash with vprintf above */
int vsprintf(char*, const char*, va_list);
int __circle_vsnprintf(char* s, size_t n, const char* fmt, void* const* ap) {
  return vsnprintf(s, n, fmt, *(const va_list*)ap);
}
int __circle_vsprintf(char* s, const char* fmt, void* const* ap) { return vsprintf(s, fmt, *(const va_list*)ap); }

void* _malloc_r(struct _reent* r, size_t n) { (void)r; return __circle_malloc(n); }
void _free_r(struct _reent* r, void* p) { (void)r; __circle_free(p); }
void* _realloc_r(struct _reent* r, void* p, size_t n) { (void)r; return __circle_realloc(p, n); }
void* _calloc_r(struct _reent* r, size_t n, size_t size) {
  (void)r;
  if (size && n > (size_t)-1 / size) return 0;
  void* p = __circle_malloc(n * size);
  if (p) memset(p, 0, n * size);
  return p;
}
/* newlib leaves calloc to the platform when it provides malloc. */
void* calloc(size_t n, size_t size) { return _calloc_r(_REENT, n, size); }

void __assert_func(const char* file, int line, const char* func, const char* expr) {
  struct { const char* file; int line; const char* func; const char* expr; } args = {file, line, func ? func : "?", expr};
  vprintf("%s:%d: %s: device assertion `%s' failed.\n", &args);
  __builtin_trap();
}

int __fpclassifyd(double x) {
  union { double d; unsigned long long u; } v = {x};
  unsigned long long exp = (v.u >> 52) & 0x7ff, frac = v.u & 0xfffffffffffffull;
  if (exp == 0x7ff) return frac ? FP_NAN : FP_INFINITE;
  if (exp == 0) return frac ? FP_SUBNORMAL : FP_ZERO;
  return FP_NORMAL;
}
int __fpclassifyf(float x) {
  union { float f; unsigned u; } v = {x};
  unsigned exp = (v.u >> 23) & 0xff, frac = v.u & 0x7fffff;
  if (exp == 0xff) return frac ? FP_NAN : FP_INFINITE;
  if (exp == 0) return frac ? FP_SUBNORMAL : FP_ZERO;
  return FP_NORMAL;
}
double frexp(double x, int* e) { return __nv_frexp(x, e); }
double nan(const char* tag) { (void)tag; return __builtin_nan(""); }
float nanf(const char* tag) { (void)tag; return __builtin_nanf(""); }

/* glibc's names for errno, which code parsed against glibc's headers calls. */
int* __errno_location(void) { return &_REENT->_errno; }

/* rand(): Widynski's counter-based Squares generator. Every call takes a fresh
   counter from one device-wide atomic, so concurrent threads never share a value;
   the key comes from srand, or, until srand is called, from the GPU clock at the
   first call. */
static unsigned long long rand_key, rand_counter;

static unsigned squares32(unsigned long long ctr, unsigned long long key) {
  unsigned long long x = ctr * key, y = x, z = y + key;
  x = x * x + y; x = (x >> 32) | (x << 32);
  x = x * x + z; x = (x >> 32) | (x << 32);
  x = x * x + y; x = (x >> 32) | (x << 32);
  return (unsigned)((x * x + z) >> 32);
}

/* Keys need well-mixed bits and must be odd. */
static unsigned long long key_from(unsigned long long seed) {
  seed += 0x9e3779b97f4a7c15ull;
  seed = (seed ^ (seed >> 30)) * 0xbf58476d1ce4e5b9ull;
  seed = (seed ^ (seed >> 27)) * 0x94d049bb133111ebull;
  return (seed ^ (seed >> 31)) | 1;
}

void srand(unsigned seed) {
  __atomic_store_n(&rand_counter, 0, __ATOMIC_RELAXED);
  __atomic_store_n(&rand_key, key_from(seed), __ATOMIC_RELEASE);
}

int rand(void) {
  unsigned long long key = __atomic_load_n(&rand_key, __ATOMIC_ACQUIRE);
  if (!key) {
    unsigned long long now;
    __asm__ volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
    unsigned long long expected = 0, fresh = key_from(now);
    __atomic_compare_exchange_n(&rand_key, &expected, fresh, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
    key = __atomic_load_n(&rand_key, __ATOMIC_ACQUIRE);
  }
  unsigned long long ctr = __atomic_fetch_add(&rand_counter, 1, __ATOMIC_RELAXED);
  return (int)(squares32(ctr, key) & RAND_MAX);
}

/* std::nothrow, which libstdc++ defines out of line (libsupc++): an empty tag
   object, named as C++ names it. */
const char circle_std_nothrow __asm__("_ZSt7nothrow") = 0;
