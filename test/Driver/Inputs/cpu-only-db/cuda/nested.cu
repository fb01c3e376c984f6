// No annotation: no warning about its inferred flags.
__global__ void unrelated(float *y) {}
