// <stdio.h> streams in kernels, served by the host process (libdevice-c/host_io/):
// stdout and stderr, a file written and read back (text, binary, a record longer than
// one request), seeking, end of file, errors. The same function runs on the host
// first (glibc there) and then in a kernel; both print the same lines. Then 256
// threads write to one file at once, and a kernel shows where device printf lands.
#include <cuda_runtime.h>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

void exercise(const char* where, const char* path) {
  fprintf(stdout, "%s: fprintf %d %.3f %s\n", where, 42, 2.5, "ok");
  fputs(where, stdout);
  fputs(": fputs\n", stdout);
  char text[64];
  snprintf(text, sizeof text, "%s: puts", where);
  puts(text);
  putchar('p');
  putc('c', stdout);
  fputc('\n', stdout);
  fwrite("fwrite\n", 1, 7, stdout);
  putc_unlocked('u', stdout); // glibc's inline: its empty buffer sends it to __overflow
  putc_unlocked('\n', stdout);
  fflush(stdout);
  fprintf(stderr, "%s: stderr line\n", where);

  FILE* f = fopen(path, "w");
  if (!f) {
    printf("%s: fopen for writing failed\n", where);
    return;
  }
  fprintf(f, "line one %d\n", 1);
  fputs("line two\n", f);
  double values[3] = {1.5, -2.25, 1e10};
  size_t wrote = fwrite(values, sizeof(double), 3, f);
  char* big = static_cast<char*>(malloc(6001));
  for (int i = 0; i < 6000; ++i) big[i] = char('a' + i % 26);
  big[6000] = 0;
  int n = fprintf(f, "%s|%d\n", big, 7); // longer than one request
  fprintf(stdout, "%s: wrote %zu doubles, a record of %d bytes, fclose %d\n", where, wrote, n, fclose(f));

  f = fopen(path, "r");
  char line[64];
  fgets(line, sizeof line, f);
  fputs(line, stdout);
  fgets(line, sizeof line, f);
  fputs(line, stdout);
  double back[3] = {};
  size_t got = fread(back, sizeof(double), 3, f);
  fprintf(stdout, "%s: fread %zu: %.2f %.2f %.1f at %ld\n", where, got, back[0], back[1], back[2], ftell(f));
  char* record = static_cast<char*>(malloc(8000));
  bool read = fgets(record, 8000, f) != nullptr;
  size_t length = read ? strlen(record) : 0;
  fprintf(stdout, "%s: record %d, %zu bytes, same %d, ends %s", where, read, length,
          length > 6000 && memcmp(record, big, 6000) == 0, length > 4 ? record + length - 4 : "?\n");
  int c = fgetc(f);
  fprintf(stdout, "%s: then fgetc %d feof %d ferror %d\n", where, c, feof(f) != 0, ferror(f) != 0);
  rewind(f);
  int first = getc(f);
  ungetc(first, f);
  int again = getc(f);
  fprintf(stdout, "%s: after rewind feof %d, getc %c, ungetc and getc %c\n", where, feof(f) != 0, first, again);
  fseek(f, 5, SEEK_SET);
  fgets(line, sizeof line, f);
  fprintf(stdout, "%s: from offset 5: %s", where, line);
  fclose(f);
  free(record);
  free(big);

  errno = 0;
  FILE* missing = fopen("/nonexistent-directory/file", "r");
  fprintf(stdout, "%s: missing file %d, ENOENT %d\n", where, missing == nullptr, errno == ENOENT);
  int removed = remove(path);
  fprintf(stdout, "%s: remove %d, reopen %d\n", where, removed, fopen(path, "r") == nullptr);
}

__global__ void stdioKernel(const char* path) { exercise("device", path); }

// One file, opened by one thread, written by 256 at once, closed by one.
__device__ FILE* shared;
__global__ void openShared(const char* path) { shared = fopen(path, "w"); }
__global__ void writeShared() {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int i = 0; i < 3; ++i) fprintf(shared, "t%d l%d\n", t, i);
}
__global__ void closeShared() { fclose(shared); }

__global__ void order() {
  fputs("order: stdio before printf\n", stdout);
  printf("order: device printf\n");
  fputs("order: stdio after printf\n", stdout);
}

char* deviceString(const char* s) {
  char* d;
  cudaMalloc(&d, strlen(s) + 1);
  cudaMemcpy(d, s, strlen(s) + 1, cudaMemcpyHostToDevice);
  return d;
}

int main() {
  exercise("host", "/tmp/circle_stdio_host.txt");
  stdioKernel<<<1, 1>>>(deviceString("/tmp/circle_stdio_device.txt"));
  printf("kernel: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));

  const char* path = "/tmp/circle_stdio_shared.txt";
  openShared<<<1, 1>>>(deviceString(path));
  writeShared<<<4, 64>>>();
  closeShared<<<1, 1>>>();
  printf("shared file kernels: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  int next[256] = {}, lines = 0, disorder = 0;
  if (FILE* f = fopen(path, "r")) {
    int t, i;
    while (fscanf(f, "t%d l%d\n", &t, &i) == 2) {
      ++lines;
      if (t < 0 || t >= 256 || next[t] != i) ++disorder;
      else ++next[t];
    }
    fclose(f);
    remove(path);
  }
  printf("shared file: %d lines, %d out of order\n", lines, disorder);

  order<<<1, 1>>>();
  cudaDeviceSynchronize();
  printf("done\n");
}
