// A stand-in for the CUDA toolkit's cuda_runtime.h: nvcc includes it first.
#pragma once
typedef struct CUstream_st *cudaStream_t;
// As crt/host_defines.h outside nvcc: keywords the host compiler lacks.
#define __forceinline__ __inline__ __attribute__((always_inline))
