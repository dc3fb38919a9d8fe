// std::sort in device code heap-sorts when three or more lanes of a warp call it
// together; one or two lanes get libstdc++'s introsort as written.
//
// Why: a thread's introsort partitions its own data, so each lane's partition loops
// run their own trip counts and a warp issues the union of its lanes' paths; a heap
// sort's sift-downs take nearly the same path in every lane. Measured on the H100
// (bench/RESULTS.md, "which sort a warp's lanes should run"): random, few-key or nearly
// sorted rows of 64 to 1024 items sort 1.03-1.7x faster as a heap sort with three lanes
// sorting together and 1.2-8x with 32, while one lane alone runs the introsort up to
// 1.5x faster. Already sorted rows of 32 items or more cost the heap sort 1.1-1.6x the
// introsort's time at any lane count; nvcc's build of std::sort
// heap-sorts in every case (its device code for std::__lg is empty, so the depth
// limit it computes is undefined), so from three lanes on both run the same algorithm.
//
// How: the depth limit std::__sort hands std::__introsort_loop becomes 0 when
// popc(activemask) >= kLanesForHeapSort, which is libstdc++'s own heap-sort path (its
// __partial_sort over the whole range); the final insertion sort then finds the range
// sorted. Both are O(n log n), as the standard asks of std::sort; which order equal
// elements end in was never specified. Calls to std::__introsort_loop from anywhere
// else than std::__sort are left as written.
#pragma once

namespace llvm {
class Module;
}

namespace circle {

inline constexpr unsigned kLanesForHeapSort = 3;

// Returns how many of std::__sort's calls now choose by the lanes calling together.
int heapSortWhereLanesSortTogether(llvm::Module& m);

} // namespace circle
