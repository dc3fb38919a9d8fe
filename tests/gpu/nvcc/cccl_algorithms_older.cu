// gpu-suite: sms=75,80,86
// cccl_algorithms.cu without sm_90: an H100 runs sm_86's PTX, compiled by the driver,
// and CUB's dispatch picks sm_86's policies (cub::PtxVersion is 860): the kernels of
// the sm_86 image must be the ones those policies name, instantiated for sm_86.
#include "cccl_algorithms.cu"
