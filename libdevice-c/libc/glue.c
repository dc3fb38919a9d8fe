/* What newlib expects from its platform, for the GPU: the reentrancy structure,
   the allocator hooks over the device heap, assert, the few libm pieces newlib's
   libc calls, and rand/srand. Compiled like newlib itself (C, nvptx64). */
#include <errno.h>
#include <math.h>
#include <reent.h>
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

static void fail(const char* what, const char* detail) {
  struct { const char* what; const char* detail; } args = {what, detail ? detail : ""};
  vprintf("circle device libc: %s %s\n", &args);
  __builtin_trap();
}

void* _malloc_r(struct _reent* r, size_t n) { (void)r; return malloc(n ? n : 1); }
void _free_r(struct _reent* r, void* p) { (void)r; free(p); }
void* _calloc_r(struct _reent* r, size_t n, size_t size) {
  (void)r;
  if (size && n > (size_t)-1 / size) return 0;
  void* p = malloc(n * size ? n * size : 1);
  if (p) memset(p, 0, n * size);
  return p;
}
/* The device heap cannot tell a block's size, so nothing can grow in place or be
   copied safely; only newlib's own dynamic strings (never used by snprintf into a
   caller's buffer) would come here. */
void* _realloc_r(struct _reent* r, void* p, size_t n) {
  (void)r; (void)p; (void)n;
  fail("realloc is not available on the device", "");
  return 0;
}

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
