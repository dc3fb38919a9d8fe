// The host's own branch of `if target` may not use what exists on the GPU only.
int lane() {
  if target(__is_host_target) return threadIdx.x;
  else return 0;
}
__global__ void k(int* out) { out[0] = lane(); }
int main() { return lane(); }
