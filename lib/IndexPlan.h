//===- IndexPlan.h - NumPy index expressions, resolved ----------*- C++ -*-===//
//
// An index expression (x[1, None, 1:3, ..., mask]) resolved against x's
// shape, in NumPy's terms: one entry per axis of x with its new axes
// inserted, bool masks replaced by their nonzero() indices, out-of-range
// integers rejected. Reads, updates (x.at[...]) and take/take_along_axis all
// start from it, so they agree on what an index means.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_LIB_INDEXPLAN_H
#define TNP_LIB_INDEXPLAN_H

#include <tnp/indexing.h>

#include <vector>

namespace tnp::detail {

/// What one axis of the expanded operand takes.
struct IndexEntry {
  enum class Kind {
    /// Positions start, start + step, ... (count of them): a slice, or a
    /// new axis (0, 1, 1).
    Slice,
    /// One position (`start`): an integer among basic indices.
    Integer,
    /// An int64 array of positions, in range and non-negative: an integer
    /// array, part of a bool mask, an integer among advanced indices.
    Array,
  };
  Kind kind;
  int64_t start = 0, step = 1, count = 0;
  ndarray positions;
  /// An Array that was an integer (NumPy leaves it out of its messages).
  bool fromInteger = false;

  /// Whether a slice takes the whole axis of `size` in order.
  bool isWhole(int64_t size) const {
    return kind == Kind::Slice && start == 0 && step == 1 && count == size;
  }
};

struct IndexPlan {
  /// x's shape with size-1 axes where newaxis (and 0-d bools) put them.
  shape_t expandedShape;
  /// One entry per axis of expandedShape.
  std::vector<IndexEntry> entries;
  /// Whether any entry is an Array (NumPy's advanced indexing).
  bool advanced = false;
  /// The broadcast shape of the Array entries.
  shape_t arrayShape;
  /// Where the arrays' dimensions go among the result's: after this many
  /// slice dimensions (NumPy: at the first array when they are all next to
  /// each other, else first).
  int64_t arrayPosition = 0;
  /// The shape of x[index].
  shape_t resultShape;
};

/// Resolves `items` against `x`, raising NumPy's IndexError (or ValueError
/// for a zero slice step) for what NumPy rejects.
IndexPlan planIndex(const ndarray &x, const std::vector<index_item> &items);

/// The positions of the N non-zero elements of `a` (of rank k, at least 1)
/// in row-major order, as int64: one (N, k) array (np.argwhere), or with
/// `perAxis` one array of N per axis (np.nonzero).
std::vector<ndarray> nonzeroPositions(const ndarray &a, bool perAxis);

} // namespace tnp::detail

#endif // TNP_LIB_INDEXPLAN_H
