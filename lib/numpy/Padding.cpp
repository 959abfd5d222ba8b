//===- Padding.cpp - np.pad
//------------------------------------------------===//
//
// "constant" is the tnp.pad primitive; the other modes gather each padded
// axis by an index vector the host computes from NumPy's rule for the mode
// (clamped, periodic, or mirrored with or without the edge), so they trace,
// batch and differentiate as take does.
//
//===----------------------------------------------------------------------===//

#include <tnp/manipulation.h>

#include <tnp/creation.h>
#include <tnp/errors.h>
#include <tnp/indexing.h>

#include "lib/ArrayImpl.h"
#include "lib/Format.h"
#include "lib/Primitives.h"

#include <string>

using namespace tnp;
using namespace tnp::detail;

namespace {

int64_t floorMod(int64_t p, int64_t n) { return ((p % n) + n) % n; }

/// The source index of padded position p (in [-before, n + after)) of an
/// axis of size n > 0.
int64_t sourceOf(std::string_view mode, int64_t p, int64_t n) {
  if (mode == "edge")
    return std::min(std::max<int64_t>(p, 0), n - 1);
  if (mode == "wrap")
    return floorMod(p, n);
  if (mode == "symmetric") {
    int64_t q = floorMod(p, 2 * n);
    return q < n ? q : 2 * n - 1 - q;
  }
  // reflect: mirrored about the edge elements, which are not repeated.
  if (n == 1)
    return 0;
  int64_t q = floorMod(p, 2 * (n - 1));
  return q < n ? q : 2 * (n - 1) - q;
}

} // namespace

ndarray tnp::pad(const ndarray &array,
                 const std::vector<std::pair<int64_t, int64_t>> &pad_width,
                 std::string_view mode, const ndarray &constant_values) {
  if (mode != "constant" && mode != "edge" && mode != "reflect" &&
      mode != "symmetric" && mode != "wrap")
    throw ValueError("mode '" + std::string(mode) + "' is not supported");
  size_t rank = array.ndim();
  if (pad_width.size() != 1 && pad_width.size() != rank)
    throw ValueError("operands could not be broadcast together with "
                     "remapped shapes [original->remapped]: " +
                     formatShape({int64_t(pad_width.size()), 2}) +
                     "  and requested shape " +
                     formatShape({int64_t(rank), 2}));
  std::vector<int64_t> low, high;
  for (size_t d = 0; d < rank; ++d) {
    auto [before, after] = pad_width[pad_width.size() == 1 ? 0 : d];
    if (before < 0 || after < 0)
      throw ValueError("index can't contain negative values");
    int64_t padded;
    if (__builtin_add_overflow(array.shape()[d], before, &padded) ||
        __builtin_add_overflow(padded, after, &padded))
      throw ValueError("array is too big; `arr.size * arr.dtype.itemsize` "
                       "is larger than the maximum possible size.");
    low.push_back(before);
    high.push_back(after);
  }
  if (mode == "constant") {
    if (constant_values.ndim() != 0)
      throw NotImplementedError(
          "tnp.pad: constant_values must be a scalar (NumPy also takes "
          "a pair per axis)");
    return prim::pad(array, prim::convert(constant_values, array.dtype()), low,
                     high, std::vector<int64_t>(rank, 0));
  }
  ndarray x = array;
  for (size_t d = 0; d < rank; ++d) {
    int64_t n = x.shape()[d];
    if (low[d] == 0 && high[d] == 0)
      continue;
    if (n == 0)
      throw ValueError("can't extend empty axis " + std::to_string(d) +
                       " using modes other than 'constant' or 'empty'");
    // The index vector is an array: a width too large for memory is
    // allocateArray's MemoryError, not a host loop without end.
    auto index = allocateArray({low[d] + n + high[d]}, int64);
    auto *source = static_cast<int64_t *>(index->mutableData());
    for (int64_t p = -low[d]; p < n + high[d]; ++p)
      *source++ = sourceOf(mode, p, n);
    x = take(x, ndarray(std::move(index)), int64_t(d));
  }
  return x;
}

ndarray tnp::pad(const ndarray &array, int64_t pad_width, std::string_view mode,
                 const ndarray &constant_values) {
  return pad(array, {{pad_width, pad_width}}, mode, constant_values);
}
