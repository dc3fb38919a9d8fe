// The C library in a kernel: string.h, ctype.h, stdlib.h conversions, qsort and
// bsearch through a lambda, snprintf, strtok_r, errno, malloc/realloc/calloc/strdup/free,
// and rand after srand.
// The same function runs on the host first (glibc there, newlib on the device).
#include <cuda_runtime.h>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

void exercise(const char* where) {
  char buf[96];
  strcpy(buf, "circle");
  strcat(buf, " compiles once");
  printf("%s: %s len %d cmp %d chr %s\n", where, buf, (int)strlen(buf), strcmp(buf, "circle") > 0,
         strchr(buf, 'o'));
  int upper = 0, digits = 0;
  for (const char* p = "Hello 2026 World"; *p; ++p) {
    upper += isupper((unsigned char)*p) != 0;
    digits += isdigit((unsigned char)*p) != 0;
  }
  printf("%s: ctype upper %d digits %d tolower %c toupper %c\n", where, upper, digits, tolower('Q'), toupper('q'));
  char* end;
  long l = strtol("  -12345xyz", &end, 10);
  double d = strtod("3.14159e2", nullptr);
  unsigned long long h = strtoull("ff", nullptr, 16);
  printf("%s: strtol %ld rest %s strtod %.3f strtoull %llu atoi %d atof %.2f\n", where, l, end, d, h, atoi("42"),
         atof("2.5"));
  errno = 0;
  strtol("99999999999999999999", nullptr, 10);
  printf("%s: errno after overflow is ERANGE: %d\n", where, errno == ERANGE);
  int data[10] = {5, 3, 9, 1, 7, 3, 8, 2, 6, 4};
  auto cmp = [](const void* a, const void* b) {
    int x = *(const int*)a, y = *(const int*)b;
    return x < y ? -1 : x > y ? 1 : 0;
  };
  qsort(data, 10, sizeof(int), cmp);
  int key = 7;
  int* found = (int*)bsearch(&key, data, 10, sizeof(int), cmp);
  printf("%s: qsort", where);
  for (int x : data) printf(" %d", x);
  printf(" bsearch(7) index %d\n", found ? (int)(found - data) : -1);
  snprintf(buf, sizeof buf, "[%5d|%-4s|%08.3f|%x|%e]", 42, "ab", 3.14159, 255, 12345.678);
  printf("%s: snprintf %s\n", where, buf);
  char text[] = "a,bb,,ccc";
  char* state;
  printf("%s: strtok_r", where);
  for (char* t = strtok_r(text, ",", &state); t; t = strtok_r(nullptr, ",", &state)) printf(" <%s>", t);
  div_t q = div(17, 5);
  printf(" div %d %d abs %d\n", q.quot, q.rem, abs(-9));
  int* grow = (int*)malloc(4 * sizeof(int));
  for (int i = 0; i < 4; ++i) grow[i] = i * i;
  grow = (int*)realloc(grow, 64 * sizeof(int));
  int* zeros = (int*)calloc(8, sizeof(int));
  char* copy = strdup("duplicated");
  printf("%s: realloc kept %d %d %d %d, calloc %d, strdup %s\n", where, grow[0], grow[1], grow[2], grow[3], zeros[7],
         copy);
  free(grow);
  free(zeros);
  free(copy);
}

__global__ void kernel(int* r) {
  exercise("device");
  srand(2026);
  int a = rand(), b = rand();
  srand(2026);
  r[0] = a == rand() && b == rand() && a != b && a >= 0 && a <= RAND_MAX;
}

int main() {
  exercise("host");
  int* r;
  cudaMallocManaged(&r, sizeof(int));
  kernel<<<1, 1>>>(r);
  cudaError_t err = cudaDeviceSynchronize();
  printf("rand after srand repeats: %s (%s)\n", *r ? "yes" : "no", cudaGetErrorString(err));
}
