/* cooperative_groups.h: the emulator's cooperative groups (CUDA C++).
   Generated from chapters/01-emulator.nw; edit the chapter, not this file. */
#ifndef __cplusplus
#error "litdnn-emu: cooperative groups are C++: compile the file as CUDA C++ (without --c); a kernel in C waits at a grid-wide barrier with litdnn_emu_grid_sync"
#endif
#ifndef _COOPERATIVE_GROUPS_H_
#define _COOPERATIVE_GROUPS_H_
#include "litdnn_emu.h"
namespace cooperative_groups {
namespace details {
inline unsigned linear_thread() {
  return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}
inline unsigned lane() { return linear_thread() % 32; }
inline unsigned block_threads() { return blockDim.x * blockDim.y * blockDim.z; }
/* the lane of the member of rank r of the group of lanes `mask` */
inline int lane_of_rank(unsigned mask, unsigned r) {
  for (int l = 0; l < 32; l++)
    if ((mask >> l & 1) && r-- == 0)
      return l;
  return -1;
}
template <class... A> struct unsupported { static constexpr bool value = false; };
}

/* what every group offers: its size, the caller's rank in it, a barrier */
class thread_group {
 protected:
  unsigned mask_ = 0, size_ = 0, rank_ = 0;  /* a group of lanes of one warp */
  bool block_ = false;                       /* or the whole block */
 public:
  unsigned size() const { return block_ ? details::block_threads() : size_; }
  unsigned num_threads() const { return size(); }
  unsigned thread_rank() const { return block_ ? details::linear_thread() : rank_; }
  bool is_valid() const { return true; }
  void sync(LITDNN_EMU_HERE) const {
    if (block_)
      litdnn_emu_syncthreads(file, line);
    else
      __syncwarp(mask_);
  }
};

class thread_block : public thread_group {
  friend thread_block this_thread_block();
  thread_block() { block_ = true; }
 public:
  dim3 group_index() const { return blockIdx; }
  dim3 thread_index() const { return threadIdx; }
  dim3 group_dim() const { return blockDim; }
  dim3 dim_threads() const { return blockDim; }
};
inline thread_block this_thread_block() { return thread_block(); }

/* a group of lanes of one warp, ranked in lane order: the base of tiles
   and coalesced groups */
class warp_group : public thread_group {
 protected:
  int lane_at(unsigned rank) const { return details::lane_of_rank(mask_, rank); }
 public:
  /* a group's shuffles move values of up to 32 bytes */
  template <class T> T from_lane(T v, int l) const
  { return litdnn_emu::exchange<32>(LITDNN_EMU_SHFL_IDX, mask_, v, l, 32); }
  template <class T> T shfl(T v, unsigned rank) const {
    int l = lane_at(rank % size_);
    return from_lane(v, l < 0 ? (int)details::lane() : l);
  }
  template <class T> T shfl_down(T v, unsigned delta) const {
    int l = rank_ + delta < size_ ? lane_at(rank_ + delta) : (int)details::lane();
    return from_lane(v, l);
  }
  template <class T> T shfl_up(T v, unsigned delta) const {
    int l = rank_ >= delta ? lane_at(rank_ - delta) : (int)details::lane();
    return from_lane(v, l);
  }
  template <class T> T shfl_xor(T v, unsigned bits) const {
    unsigned r = rank_ ^ bits;
    return from_lane(v, r < size_ ? lane_at(r) : (int)details::lane());
  }
  /* bit r of a ballot is the predicate of the member of rank r */
  unsigned ballot(int pred) const {
    unsigned lanes = __ballot_sync(mask_, pred), ranked = 0;
    for (unsigned r = 0; r < size_; r++)
      ranked |= (lanes >> lane_at(r) & 1u) << r;
    return ranked;
  }
  int any(int pred) const { return __any_sync(mask_, pred); }
  int all(int pred) const { return __all_sync(mask_, pred); }
  template <class T> unsigned match_any(T v) const {
    unsigned lanes = __match_any_sync(mask_, v), ranked = 0;
    for (unsigned r = 0; r < size_; r++)
      ranked |= (lanes >> lane_at(r) & 1u) << r;
    return ranked;
  }
  void sync() const { __syncwarp(mask_); }
  unsigned meta_group_rank() const { return 0; }
  unsigned meta_group_size() const { return 1; }
  unsigned lane_mask() const { return mask_; }
};

/* a tile of N consecutive threads, N a power of two up to 32; CUDA's
   second parameter names the parent group, and converts to the first */
template <unsigned N, class Parent = void> class thread_block_tile;
template <unsigned N> class thread_block_tile<N, void> : public warp_group {
  static_assert(N >= 1 && N <= 32 && (N & (N - 1)) == 0,
                "litdnn-emu: tiles of more than 32 threads are not supported; "
                "a tile's size is a power of two up to 32");
 public:
  thread_block_tile() {
    unsigned l = details::lane(), first = l & ~(N - 1);
    unsigned bits = N == 32 ? 0xffffffffu : ((1u << N) - 1) << first;
    /* the last warp of a block may have fewer lanes */
    unsigned warp_start = details::linear_thread() - l, n = details::block_threads();
    unsigned live = n - warp_start >= 32 ? 0xffffffffu : (1u << (n - warp_start)) - 1;
    mask_ = bits & live;
    size_ = __builtin_popcount(mask_);
    rank_ = l - first;
  }
  static constexpr unsigned num_threads() { return N; }
  static constexpr unsigned size() { return N; }
  unsigned thread_rank() const { return rank_; }
  unsigned meta_group_rank() const { return details::linear_thread() / N; }
  unsigned meta_group_size() const { return (details::block_threads() + N - 1) / N; }
  template <class T> T shfl(T v, int src) const
  { return litdnn_emu::exchange<32>(LITDNN_EMU_SHFL_IDX, mask_, v, src, N); }
  template <class T> T shfl_down(T v, unsigned d) const
  { return litdnn_emu::exchange<32>(LITDNN_EMU_SHFL_DOWN, mask_, v, (int)d, N); }
  template <class T> T shfl_up(T v, unsigned d) const
  { return litdnn_emu::exchange<32>(LITDNN_EMU_SHFL_UP, mask_, v, (int)d, N); }
  template <class T> T shfl_xor(T v, int bits) const
  { return litdnn_emu::exchange<32>(LITDNN_EMU_SHFL_XOR, mask_, v, bits, N); }
  unsigned ballot(int pred) const {
    unsigned first = details::lane() & ~(N - 1);
    return (__ballot_sync(mask_, pred) >> first) & (N == 32 ? 0xffffffffu : (1u << N) - 1);
  }
};
template <unsigned N, class Parent>
class thread_block_tile : public thread_block_tile<N, void> {};
template <unsigned N, class Parent>
thread_block_tile<N, Parent> tiled_partition(const Parent &) {
  return thread_block_tile<N, Parent>();
}

/* tiled_partition(parent, n): the same with the size known at run time */
class tile_group : public warp_group {
  friend tile_group tiled_partition(const thread_group &, unsigned, const char *, int);
  tile_group(unsigned n, const char *file, int line) {
    if (n == 0 || n > 32 || (n & (n - 1)))
      litdnn_emu_unsupported(file, line, "tiled_partition(group, n) with n not a "
                             "power of two up to 32");
    unsigned l = details::lane(), first = l & ~(n - 1);
    mask_ = (n == 32 ? 0xffffffffu : ((1u << n) - 1) << first) & __activemask();
    size_ = __builtin_popcount(mask_);
    rank_ = l - first;
  }
};
inline tile_group tiled_partition(const thread_group &, unsigned n, LITDNN_EMU_HERE) {
  return tile_group(n, file, line);
}

/* the lanes of the warp that reach this point together */
class coalesced_group : public warp_group {
  friend coalesced_group coalesced_threads(const char *, int);
  template <class G, class L> friend coalesced_group labeled_partition(const G &, L);
 public:
  explicit coalesced_group(unsigned lanes) {
    mask_ = lanes;
    size_ = __builtin_popcount(lanes);
    rank_ = __builtin_popcount(lanes & ((1u << details::lane()) - 1));
  }
};
inline coalesced_group coalesced_threads(LITDNN_EMU_HERE) {
  return coalesced_group(litdnn_emu_coalesce(file, line));
}
/* the members of g with the same label, and with the same predicate */
template <class G, class L> coalesced_group labeled_partition(const G &g, L label) {
  return coalesced_group(__match_any_sync(g.lane_mask(), label));
}
template <class G> coalesced_group binary_partition(const G &g, bool pred) {
  return labeled_partition(g, (int)pred);
}

/* every thread of a cooperative launch */
class grid_group {
 public:
  bool is_valid() const { return litdnn_emu_in_cooperative_launch(); }
  void sync(LITDNN_EMU_HERE) const { litdnn_emu_grid_sync(file, line); }
  unsigned long long num_blocks() const {
    return (unsigned long long)gridDim.x * gridDim.y * gridDim.z;
  }
  unsigned long long block_rank() const {
    return blockIdx.x + (unsigned long long)gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  }
  unsigned long long num_threads() const { return num_blocks() * details::block_threads(); }
  unsigned long long size() const { return num_threads(); }
  unsigned long long thread_rank() const {
    return block_rank() * details::block_threads() + details::linear_thread();
  }
  dim3 group_dim() const { return gridDim; }
  dim3 dim_blocks() const { return gridDim; }
  dim3 block_index() const { return blockIdx; }
};
inline grid_group this_grid() { return grid_group(); }

template <class G> void sync(const G &g) { g.sync(); }

/* reductions and scans over a tile or a coalesced group */
template <class T> struct plus { T operator()(T a, T b) const { return a + b; } };
template <class T> struct less { T operator()(T a, T b) const { return b < a ? b : a; } };
template <class T> struct greater { T operator()(T a, T b) const { return a < b ? b : a; } };
template <class T> struct bit_and { T operator()(T a, T b) const { return a & b; } };
template <class T> struct bit_or { T operator()(T a, T b) const { return a | b; } };
template <class T> struct bit_xor { T operator()(T a, T b) const { return a ^ b; } };

/* a tile of a power of two: halves exchanged; any other group: every
   member's value, in rank order */
template <unsigned N, class T, class Op>
T reduce(const thread_block_tile<N, void> &g, T v, Op op) {
  for (unsigned d = N / 2; d > 0; d /= 2)
    v = op(v, g.shfl_xor(v, d));
  return v;
}
template <class G, class T, class Op> T reduce(const G &g, T v, Op op) {
  T total = g.shfl(v, 0);
  for (unsigned r = 1; r < g.size(); r++)
    total = op(total, g.shfl(v, r));
  return total;
}
template <class G, class T, class Op> T inclusive_scan(const G &g, T v, Op op) {
  for (unsigned d = 1; d < g.size(); d *= 2) {
    T other = g.shfl_up(v, d);
    if (g.thread_rank() >= d)
      v = op(other, v);
  }
  return v;
}
template <class G, class T> T inclusive_scan(const G &g, T v) { return inclusive_scan(g, v, plus<T>()); }
template <class G, class T, class Op> T exclusive_scan(const G &g, T v, Op op) {
  T incl = inclusive_scan(g, v, op), prev = g.shfl_up(incl, 1);
  return g.thread_rank() == 0 ? T() : prev;
}
template <class G, class T> T exclusive_scan(const G &g, T v) { return exclusive_scan(g, v, plus<T>()); }

/* what the emulator does not run is refused where it is used */
template <class... A> void memcpy_async(A &&...) {
  static_assert(details::unsupported<A...>::value,
                "litdnn-emu: cooperative_groups::memcpy_async is not supported by the emulator");
}
template <class... A> void wait(A &&...) {
  static_assert(details::unsupported<A...>::value,
                "litdnn-emu: cooperative_groups::wait is not supported by the emulator");
}
template <class... A> void this_multi_grid(A &&...) {
  static_assert(details::unsupported<A...>::value,
                "litdnn-emu: multi-device cooperative launches are not supported by the emulator");
}
}
#endif
