// Virtual calls that split a warp: its lanes call different overriders, and a recursion
// through virtual calls whose depth differs from lane to lane; each followed by loops
// over the thread's array, which ptxas must not compile as if the warp came back
// together when it may not (divergent_recursion.cu says why). The objects are made on
// the device, so their vtables are the device's. Checked against the host.
#include <cstdio>
#include <new>
#include <vector>

// Lanes pick one of three by their data.
struct Op {
  __host__ __device__ virtual int work(int* a, int n) const = 0;
};
struct Sum : Op {
  __host__ __device__ int work(int* a, int n) const override {
    int s = 0;
    for (int i = 0; i < n; ++i) s += a[i];
    return s;
  }
};
struct Mix : Op {
  __host__ __device__ int work(int* a, int n) const override {
    int s = 1;
    for (int i = n - 1; i >= 0; i -= 2) { s ^= a[i] * 3; a[i] ^= s & 7; }
    return s;
  }
};
struct Scan : Op {
  __host__ __device__ int work(int* a, int n) const override {
    int i = 0;
    while (i < n && (a[i] & 15) != 3) ++i;
    return i;
  }
};

// An expression tree walked through virtual calls: each thread's tree has its own depth.
struct Node {
  __host__ __device__ virtual int eval(const int* a, int depth) const = 0;
};
struct Leaf : Node {
  __host__ __device__ int eval(const int* a, int depth) const override { return a[depth & 31]; }
};
struct Pair : Node {
  const Node* leaf;
  __host__ __device__ int eval(const int* a, int depth) const override {
    if (depth <= 0) return leaf->eval(a, 0);
    int l = eval(a, depth - 1 - (a[depth & 31] & 1));
    int r = leaf->eval(a, depth);
    return l * 3 + r;
  }
};

template <class T> __global__ void place(void* at) { new (at) T(); }

__global__ void run_ops(Op** table, const int* in, int* out, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int a[32];
  for (int i = 0; i < n; ++i) a[i] = in[t * 32 + i];
  int r = table[in[t * 32] % 3]->work(a, n);
  for (int i = 0; i < n; ++i) out[t * 32 + i] = a[i] + r;
}

__global__ void run_tree(Node* root, const int* in, int* out, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int a[32];
  for (int i = 0; i < n; ++i) a[i] = in[t * 32 + i];
  int r = root->eval(a, in[t * 32] & 15);
  for (int i = 0; i < n; ++i) out[t * 32 + i] = a[i] ^ r;
}

int main() {
  const int threads = 1 << 14, n = 24;
  std::vector<int> h(threads * 32);
  unsigned s = 11;
  for (int& v : h) v = (s = s * 1664525u + 1013904223u) >> 17;
  int *in, *out;
  cudaMalloc(&in, h.size() * 4);
  cudaMalloc(&out, h.size() * 4);
  cudaMemcpy(in, h.data(), h.size() * 4, cudaMemcpyHostToDevice);
  void* mem;
  cudaMalloc(&mem, 1024);
  char* base = (char*)mem;
  place<Sum><<<1, 1>>>(base);
  place<Mix><<<1, 1>>>(base + 64);
  place<Scan><<<1, 1>>>(base + 128);
  place<Leaf><<<1, 1>>>(base + 192);
  place<Pair><<<1, 1>>>(base + 256);
  Op* table[3] = {(Op*)base, (Op*)(base + 64), (Op*)(base + 128)};
  Op** dtable;
  cudaMalloc(&dtable, sizeof table);
  cudaMemcpy(dtable, table, sizeof table, cudaMemcpyHostToDevice);
  // Pair::leaf points at the Leaf: write the pointer into the object after its vtable.
  const Node* leafp = (const Node*)(base + 192);
  cudaMemcpy(base + 256 + sizeof(void*), &leafp, sizeof leafp, cudaMemcpyHostToDevice);
  cudaDeviceSynchronize();

  Sum hs; Mix hm; Scan hc; Leaf hl; Pair hp; hp.leaf = &hl;
  const Op* htable[3] = {&hs, &hm, &hc};
  std::vector<int> o(h.size());
  for (int which = 0; which < 2; ++which) {
    cudaMemset(out, 0, h.size() * 4);
    if (which == 0) run_ops<<<threads / 128, 128>>>(dtable, in, out, n);
    else run_tree<<<threads / 128, 128>>>((Node*)(base + 256), in, out, n);
    cudaError_t e = cudaDeviceSynchronize();
    cudaMemcpy(o.data(), out, o.size() * 4, cudaMemcpyDeviceToHost);
    int wrong = 0;
    for (int t = 0; t < threads; ++t) {
      int a[32];
      for (int i = 0; i < n; ++i) a[i] = h[t * 32 + i];
      int r = which == 0 ? htable[h[t * 32] % 3]->work(a, n) : hp.eval(a, h[t * 32] & 15);
      for (int i = 0; i < n; ++i)
        if (o[t * 32 + i] != (which == 0 ? a[i] + r : a[i] ^ r)) { ++wrong; break; }
    }
    std::printf("%s: %s, %d of %d threads wrong\n", which ? "virtual recursion" : "divergent virtual calls",
                cudaGetErrorString(e), wrong, threads);
  }
}
