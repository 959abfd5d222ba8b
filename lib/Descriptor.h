//===- Descriptor.h - memref descriptors for compiled code ------*- C++ -*-===//

#ifndef TNP_LIB_DESCRIPTOR_H
#define TNP_LIB_DESCRIPTOR_H

#include "lib/Dispatch.h"

#include <array>

namespace tnp::detail {

/// A memref descriptor of rank <= kMaxRank over a contiguous row-major
/// array: allocated, aligned, offset, sizes, strides, as MLIR's C interface
/// lays it out.
struct Descriptor {
  std::array<int64_t, 3 + 2 * kMaxRank> words{};

  void set(const void *data, const shape_t &shape) {
    words[0] = reinterpret_cast<int64_t>(data);
    words[1] = reinterpret_cast<int64_t>(data);
    words[2] = 0;
    int rank = shape.size();
    int64_t stride = 1;
    for (int d = rank - 1; d >= 0; --d) {
      words[3 + d] = shape[d];
      words[3 + rank + d] = stride;
      stride *= shape[d];
    }
  }
};

} // namespace tnp::detail

#endif // TNP_LIB_DESCRIPTOR_H
