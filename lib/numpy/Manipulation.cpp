//===- Manipulation.cpp - joining, splitting and reshaping ----------------===//

#include <tnp/manipulation.h>

#include <tnp/errors.h>

#include "lib/ArrayImpl.h"
#include "lib/Axes.h"
#include "lib/DTypes.h"
#include "lib/Format.h"
#include "lib/Primitives.h"

using namespace tnp;
using namespace tnp::detail;

ndarray tnp::concatenate(const std::vector<ndarray> &arrays, int64_t axis) {
  if (arrays.empty())
    throw ValueError("need at least one array to concatenate");
  int64_t rank = arrays.front().ndim();
  if (rank == 0)
    throw ValueError("zero-dimensional arrays cannot be concatenated");
  int64_t ax = normalizeAxis(axis, rank);
  shape_t shape = prim::concatenatedShape(arrays, ax);
  std::vector<DTypeArg> dtypes;
  for (const ndarray &a : arrays)
    dtypes.push_back({a.dtype(), false});
  tnp::dtype t = promote(dtypes.data(), dtypes.size(), "concatenate");
  std::vector<ndarray> inputs;
  for (const ndarray &a : arrays) {
    // Arrays empty along the axis contribute nothing.
    if (a.shape()[ax] > 0)
      inputs.push_back(prim::convert(a, t));
  }
  if (numElements(shape) == 0)
    return ndarray(allocateArray(shape, t));
  return prim::concatenate(inputs, ax);
}

ndarray tnp::stack(const std::vector<ndarray> &arrays, int64_t axis) {
  if (arrays.empty())
    throw ValueError("need at least one array to stack");
  for (const ndarray &a : arrays)
    if (a.shape() != arrays.front().shape())
      throw ValueError("all input arrays must have the same shape");
  int64_t ax = normalizeAxis(axis, arrays.front().ndim() + 1);
  std::vector<ndarray> expanded;
  for (const ndarray &a : arrays)
    expanded.push_back(expand_dims(a, ax));
  return concatenate(expanded, ax);
}

std::vector<ndarray> tnp::split(const ndarray &a,
                                const std::vector<int64_t> &indices,
                                int64_t axis) {
  int64_t rank = a.ndim();
  if (rank == 0)
    throw ValueError("split: array must have at least one dimension");
  int64_t ax = normalizeAxis(axis, rank);
  int64_t size = a.shape()[ax];
  // Part i is [cut i-1, cut i), empty where the cuts go backwards, as
  // NumPy's array_split slices.
  std::vector<int64_t> cuts = {0};
  for (int64_t i : indices)
    cuts.push_back(std::min(std::max<int64_t>(i < 0 ? i + size : i, 0), size));
  cuts.push_back(size);
  std::vector<ndarray> parts;
  for (size_t p = 1; p < cuts.size(); ++p) {
    int64_t begin = cuts[p - 1], end = std::max(cuts[p], begin);
    std::vector<int64_t> start(rank, 0), limit(a.shape()), strides(rank, 1);
    start[ax] = begin;
    limit[ax] = end;
    parts.push_back(prim::slice(a, start, limit, strides));
  }
  return parts;
}

std::vector<ndarray> tnp::split(const ndarray &a, int64_t sections,
                                int64_t axis) {
  if (sections <= 0)
    throw ValueError("number sections must be larger than 0.");
  int64_t ax = normalizeAxis(axis, std::max<int64_t>(a.ndim(), 1));
  if (a.ndim() == 0 || a.shape()[ax] % sections != 0)
    throw ValueError("array split does not result in an equal division");
  std::vector<int64_t> indices;
  int64_t step = a.shape()[ax] / sections;
  for (int64_t i = 1; i < sections; ++i)
    indices.push_back(i * step);
  return split(a, indices, ax);
}

ndarray tnp::expand_dims(const ndarray &a, int64_t axis) {
  int64_t ax = normalizeAxis(axis, a.ndim() + 1);
  shape_t shape = a.shape();
  shape.insert(shape.begin() + ax, 1);
  return prim::reshape(a, shape);
}

ndarray tnp::squeeze(const ndarray &a, std::optional<int64_t> axis) {
  return a.squeeze(axis);
}
ndarray tnp::reshape(const ndarray &a, const shape_t &shape) {
  return a.reshape(shape);
}
ndarray tnp::ravel(const ndarray &a) { return a.ravel(); }
ndarray tnp::transpose(const ndarray &a, const std::vector<int64_t> &axes) {
  return a.transpose(axes);
}

ndarray tnp::broadcast_to(const ndarray &a, const shape_t &shape) {
  const shape_t &from = a.shape();
  for (int64_t d : shape)
    if (d < 0)
      throw ValueError("all elements of broadcast shape must be non-negative");
  if (from.size() > shape.size())
    throw ValueError(
        "input operand has more dimensions than allowed by the axis remapping");
  bool ok = true;
  for (size_t i = 0; ok && i < from.size(); ++i) {
    int64_t target = shape[shape.size() - from.size() + i];
    ok = from[i] == target || from[i] == 1;
  }
  if (!ok)
    throw ValueError("operands could not be broadcast together with remapped "
                     "shapes [original->remapped]: " +
                     formatShape(from) + "  and requested shape " +
                     formatShape(shape));
  return prim::broadcastTo(a.is_weak() ? prim::convert(a, a.dtype()) : a,
                           shape);
}

int64_t tnp::ndim(const ndarray &a) { return a.ndim(); }
shape_t tnp::shape(const ndarray &a) { return a.shape(); }
int64_t tnp::size(const ndarray &a, std::optional<int64_t> axis) {
  if (!axis)
    return a.size();
  // NumPy reads a.shape[axis]: a tuple's IndexError.
  int64_t rank = a.ndim(), i = *axis < 0 ? *axis + rank : *axis;
  if (i < 0 || i >= rank)
    throw IndexError("tuple index out of range");
  return a.shape()[i];
}
ndarray tnp::flatten(const ndarray &a) { return a.ravel(); }
bool tnp::isscalar(const ndarray &a) { return a.ndim() == 0; }
