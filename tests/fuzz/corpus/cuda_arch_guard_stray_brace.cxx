// A stray closing brace, then a function whose __CUDA_ARCH__ guard never closes: the
// guarded region once ended before its own directives (circle crashed).
}
scale(const int *values)
{
#if __CUDA_ARCH__ >= 700
    int first = values[0];
