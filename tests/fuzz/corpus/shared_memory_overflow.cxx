__global__ void k(char* o) {
  __shared__ char big[100000];
  big[threadIdx.x] = 1;
  __syncthreads();
  *o = big[5];
}
int main() {}
