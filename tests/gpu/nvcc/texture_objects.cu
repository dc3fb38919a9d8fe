// Texture and surface objects: a 2D float texture read with bilinear filtering and
// normalized coordinates, a 1D linear-memory texture read by index (tex1Dfetch), and a
// 2D surface written by a kernel and read back, against nvcc's build.
#include <cstdio>
#include <vector>

__global__ void sample(cudaTextureObject_t tex, float* out, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  float u = (x + 0.25f) / w, v = (y + 0.75f) / h;
  out[y * w + x] = tex2D<float>(tex, u, v);
}

__global__ void fetch(cudaTextureObject_t tex, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex1Dfetch<int>(tex, n - 1 - i) * 3;
}

__global__ void paint(cudaSurfaceObject_t surf, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  uchar4 c = make_uchar4(x * 16, y * 16, (x + y) * 8, 255);
  surf2Dwrite(c, surf, x * sizeof(uchar4), y);
}

int main() {
  const int w = 16, h = 8;
  std::vector<float> img(w * h);
  for (int i = 0; i < w * h; ++i) img[i] = float((i * 7) % 23);
  cudaChannelFormatDesc fdesc = cudaCreateChannelDesc<float>();
  cudaArray_t arr;
  cudaMallocArray(&arr, &fdesc, w, h);
  cudaMemcpy2DToArray(arr, 0, 0, img.data(), w * sizeof(float), w * sizeof(float), h, cudaMemcpyHostToDevice);
  cudaResourceDesc res{};
  res.resType = cudaResourceTypeArray;
  res.res.array.array = arr;
  cudaTextureDesc td{};
  td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
  td.filterMode = cudaFilterModeLinear;
  td.readMode = cudaReadModeElementType;
  td.normalizedCoords = 1;
  cudaTextureObject_t tex;
  cudaCreateTextureObject(&tex, &res, &td, nullptr);
  float* out;
  cudaMallocManaged(&out, w * h * sizeof(float));
  sample<<<dim3(1, 1), dim3(w, h)>>>(tex, out, w, h);
  cudaDeviceSynchronize();
  double sum = 0;
  for (int i = 0; i < w * h; ++i) sum += out[i];
  printf("tex2D bilinear: out[0] %.4f out[37] %.4f out[127] %.4f sum %.3f\n", out[0], out[37], out[127], sum);

  const int n = 100;
  int* lin;
  cudaMalloc(&lin, n * sizeof(int));
  std::vector<int> vals(n);
  for (int i = 0; i < n; ++i) vals[i] = i * i;
  cudaMemcpy(lin, vals.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  cudaResourceDesc lres{};
  lres.resType = cudaResourceTypeLinear;
  lres.res.linear.devPtr = lin;
  lres.res.linear.desc = cudaCreateChannelDesc<int>();
  lres.res.linear.sizeInBytes = n * sizeof(int);
  cudaTextureDesc ltd{};
  ltd.readMode = cudaReadModeElementType;
  cudaTextureObject_t ltex;
  cudaCreateTextureObject(&ltex, &lres, &ltd, nullptr);
  int* iout;
  cudaMallocManaged(&iout, n * sizeof(int));
  fetch<<<1, 128>>>(ltex, iout, n);
  cudaDeviceSynchronize();
  printf("tex1Dfetch: %d %d %d\n", iout[0], iout[50], iout[99]);

  cudaChannelFormatDesc sdesc = cudaCreateChannelDesc<uchar4>();
  cudaArray_t sarr;
  cudaMallocArray(&sarr, &sdesc, w, h, cudaArraySurfaceLoadStore);
  cudaResourceDesc sres{};
  sres.resType = cudaResourceTypeArray;
  sres.res.array.array = sarr;
  cudaSurfaceObject_t surf;
  cudaCreateSurfaceObject(&surf, &sres);
  paint<<<dim3(1, 1), dim3(w, h)>>>(surf, w, h);
  std::vector<uchar4> pix(w * h);
  cudaMemcpy2DFromArray(pix.data(), w * sizeof(uchar4), sarr, 0, 0, w * sizeof(uchar4), h, cudaMemcpyDeviceToHost);
  unsigned check = 0;
  for (const uchar4& p : pix) check = check * 31 + p.x + 3 * p.y + 7 * p.z + p.w;
  printf("surf2Dwrite: pixel(5,3) = %d %d %d %d, check %u\n", pix[3 * w + 5].x, pix[3 * w + 5].y, pix[3 * w + 5].z,
         pix[3 * w + 5].w, check);
  printf("%s\n", cudaGetErrorString(cudaGetLastError()));
}
