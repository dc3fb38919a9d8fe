// gpu-suite: sm_90
// toolkit_features.cu for sm_90 alone: there circle's choice of the toolkit's macros is
// sm_90's, elect.sync and cp.async as nvcc's.
#include "toolkit_features.cu"
