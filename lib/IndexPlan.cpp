//===- IndexPlan.cpp - NumPy index expressions, resolved ------------------===//
//
// The rules are NumPy's (numpy/core/src/multiarray/mapping.c,
// prepare_index): one ellipsis at most; bool arrays stand for their nonzero()
// indices; 0-d integer arrays are integers; once any array is present,
// integers count as 0-d arrays, so they take part in broadcasting and in
// deciding where the arrays' dimensions go.
//
//===----------------------------------------------------------------------===//

#include "lib/IndexPlan.h"

#include <tnp/creation.h>
#include <tnp/errors.h>
#include <tnp/math.h>

#include "lib/ArrayImpl.h"
#include "lib/Format.h"
#include "lib/Primitives.h"

#include <algorithm>

using namespace tnp;
using namespace tnp::detail;
using Kind = IndexEntry::Kind;

namespace {

/// An index item, classified.
struct Item {
  enum class Type { Integer, Slice, NewAxis, Ellipsis, IntArray, BoolArray };
  Type type;
  const index_item *source;
  int64_t integer = 0;

  /// How many axes of x it consumes.
  int64_t consumed() const {
    switch (type) {
    case Type::Integer:
    case Type::Slice:
    case Type::IntArray:
      return 1;
    case Type::BoolArray:
      return source->array().ndim();
    case Type::NewAxis:
    case Type::Ellipsis:
      return 0;
    }
    return 0;
  }
};

Item classify(const index_item &item) {
  switch (item.which()) {
  case index_item::kind::integer:
    return {Item::Type::Integer, &item, item.integer()};
  case index_item::kind::slice:
    return {Item::Type::Slice, &item};
  case index_item::kind::newaxis:
    return {Item::Type::NewAxis, &item};
  case index_item::kind::ellipsis:
    return {Item::Type::Ellipsis, &item};
  case index_item::kind::array:
    break;
  }
  const ndarray &a = item.array();
  tnp::dtype t = a.dtype();
  bool traced = implOf(a).tracer;
  if (t.is_bool() && traced)
    ArrayImpl::throwTraced(
        "a bool mask index (the result's shape depends on the mask's "
        "values; use tnp::where(mask, x, fill), or a mask that is a "
        "constant of the trace)");
  if (t.is_bool())
    return {Item::Type::BoolArray, &item};
  // A traced 0-d integer is a position known only at run time: an array.
  if (t.is_integer() && a.ndim() == 0 && !traced)
    return {Item::Type::Integer, &item, a.item<int64_t>()};
  if (t.is_integer())
    return {Item::Type::IntArray, &item};
  // A C++ float is a Python float in the index, not an array.
  if (a.is_weak())
    throw IndexError("only integers, slices (`:`), ellipsis (`...`), "
                     "numpy.newaxis (`None`) and integer or boolean arrays "
                     "are valid indices");
  throw IndexError("arrays used as indices must be of integer (or boolean) "
                   "type");
}

[[noreturn]] void throwOutOfBounds(int64_t index, int64_t axis, int64_t size) {
  throw IndexError("index " + std::to_string(index) +
                   " is out of bounds for axis " + std::to_string(axis) +
                   " with size " + std::to_string(size));
}

/// Python's slice.indices(size): the positions a slice takes.
IndexEntry resolveSlice(const tnp::slice &s, int64_t size) {
  // As Python's PySlice_Unpack: a step below -(2^63 - 1) is clamped, so that
  // -step never overflows.
  int64_t step = std::max<int64_t>(s.step.value_or(1), -INT64_MAX);
  if (step == 0)
    throw ValueError("slice step cannot be zero");
  int64_t lower = step > 0 ? 0 : -1, upper = step > 0 ? size : size - 1;
  auto bound = [&](std::optional<int64_t> v, int64_t otherwise) {
    if (!v)
      return otherwise;
    int64_t b = *v < 0 ? *v + size : *v;
    return std::clamp(b, lower, upper);
  };
  int64_t start = bound(s.start, step > 0 ? lower : upper);
  int64_t stop = bound(s.stop, step > 0 ? upper : lower);
  // Positions taken, without overflow for any step: the distance is at most
  // size + 1.
  int64_t distance = step > 0 ? stop - start : start - stop;
  int64_t count =
      distance > 0 ? (distance - 1) / (step > 0 ? step : -step) + 1 : 0;
  IndexEntry e{Kind::Slice};
  e.start = start;
  // One position is taken whatever the step: 1 keeps start + count * step,
  // which later steps compute, in range.
  e.step = count > 1 ? step : 1;
  e.count = count;
  return e;
}

/// An integer array's positions as int64, negative ones wrapped, or the
/// IndexError for the largest (else the smallest) out-of-range one. Traced
/// positions cannot be checked: out-of-range ones are clamped by a read and
/// dropped by an update, as under JAX's jit.
ndarray resolvePositions(const ndarray &indices, int64_t axis, int64_t size) {
  ndarray p = prim::convert(indices, int64);
  if (implOf(p).tracer)
    return where(p < 0, p + size, p);
  if (p.size() == 0)
    return p;
  std::vector<int64_t> all(p.ndim());
  for (int64_t d = 0; d < p.ndim(); ++d)
    all[d] = d;
  int64_t hi = prim::reduce(prim::Reduce::Max, p, all).item<int64_t>();
  int64_t lo = prim::reduce(prim::Reduce::Min, p, all).item<int64_t>();
  if (hi >= size)
    throwOutOfBounds(hi, axis, size);
  if (lo < -size)
    throwOutOfBounds(lo, axis, size);
  if (lo >= 0)
    return p;
  return where(p < 0, p + size, p);
}

IndexEntry arrayEntry(ndarray positions) {
  IndexEntry e{Kind::Array};
  e.positions = std::move(positions);
  return e;
}

/// NumPy's IndexError for index arrays that do not broadcast together.
shape_t broadcastArrays(const std::vector<IndexEntry> &entries) {
  shape_t shape;
  for (const IndexEntry &e : entries) {
    if (e.kind != Kind::Array)
      continue;
    if (prim::broadcastInto(shape, e.positions.shape()))
      continue;
    std::string shapes;
    for (const IndexEntry &f : entries)
      if (f.kind == Kind::Array && !f.fromInteger)
        shapes += formatShape(f.positions.shape()) + " ";
    throw IndexError("shape mismatch: indexing arrays could not be "
                     "broadcast together with shapes " +
                     shapes);
  }
  return shape;
}

} // namespace

IndexPlan tnp::detail::planIndex(const ndarray &x,
                                 const std::vector<index_item> &items) {
  const shape_t &shape = x.shape();
  int64_t rank = shape.size();
  std::vector<Item> classified;
  int64_t consumed = 0, ellipses = 0;
  for (const index_item &item : items) {
    classified.push_back(classify(item));
    consumed += classified.back().consumed();
    ellipses += classified.back().type == Item::Type::Ellipsis;
  }
  if (ellipses > 1)
    throw IndexError("an index can only have a single ellipsis ('...')");
  if (consumed > rank)
    throw IndexError("too many indices for array: array is " +
                     std::to_string(rank) + "-dimensional, but " +
                     std::to_string(consumed) + " were indexed");
  if (!ellipses)
    classified.push_back({Item::Type::Ellipsis, nullptr});

  IndexPlan plan;
  auto whole = [&](int64_t size) {
    plan.expandedShape.push_back(size);
    plan.entries.push_back(resolveSlice(tnp::slice(), size));
  };
  int64_t axis = 0; // the next axis of x
  for (const Item &item : classified) {
    switch (item.type) {
    case Item::Type::Integer: {
      int64_t size = shape[axis], i = item.integer;
      if (i < -size || i >= size)
        throwOutOfBounds(i, axis, size);
      IndexEntry e{Kind::Integer};
      e.start = i < 0 ? i + size : i;
      plan.expandedShape.push_back(size);
      plan.entries.push_back(e);
      ++axis;
      break;
    }
    case Item::Type::Slice:
      plan.expandedShape.push_back(shape[axis]);
      plan.entries.push_back(
          resolveSlice(item.source->as_slice(), shape[axis]));
      ++axis;
      break;
    case Item::Type::NewAxis:
      whole(1);
      break;
    case Item::Type::Ellipsis:
      for (int64_t n = rank - consumed; n > 0; --n)
        whole(shape[axis++]);
      break;
    case Item::Type::IntArray:
      plan.expandedShape.push_back(shape[axis]);
      plan.entries.push_back(arrayEntry(
          resolvePositions(item.source->array(), axis, shape[axis])));
      ++axis;
      break;
    case Item::Type::BoolArray: {
      const ndarray &mask = item.source->array();
      if (mask.ndim() == 0) {
        // A 0-d bool is a new axis that it takes (true) or empties (false).
        plan.expandedShape.push_back(1);
        plan.entries.push_back(arrayEntry(
            mask.item<bool>() ? zeros({1}, int64) : zeros({0}, int64)));
        break;
      }
      for (int64_t d = 0; d < mask.ndim(); ++d)
        if (mask.shape()[d] != shape[axis + d])
          throw IndexError(
              "boolean index did not match indexed array along dimension " +
              std::to_string(axis + d) + "; dimension is " +
              std::to_string(shape[axis + d]) +
              " but corresponding boolean dimension is " +
              std::to_string(mask.shape()[d]));
      std::vector<ndarray> positions = nonzero(mask);
      for (int64_t d = 0; d < mask.ndim(); ++d) {
        plan.expandedShape.push_back(shape[axis + d]);
        plan.entries.push_back(arrayEntry(positions[d]));
      }
      axis += mask.ndim();
      break;
    }
    }
  }

  // With arrays present, integers are 0-d arrays (NumPy's rule).
  int64_t first = -1, last = -1, arrays = 0;
  for (size_t i = 0; i < plan.entries.size(); ++i) {
    IndexEntry &e = plan.entries[i];
    if (e.kind == Kind::Slice)
      continue;
    plan.advanced |= e.kind == Kind::Array;
    first = first < 0 ? i : first;
    last = i;
    ++arrays;
  }
  if (plan.advanced) {
    for (IndexEntry &e : plan.entries)
      if (e.kind == Kind::Integer) {
        e = arrayEntry(asarray(e.start, int64));
        e.fromInteger = true;
      }
    plan.arrayShape = broadcastArrays(plan.entries);
  }
  bool together = last - first + 1 == arrays;
  for (size_t i = 0; i < plan.entries.size(); ++i) {
    const IndexEntry &e = plan.entries[i];
    if (plan.advanced && static_cast<int64_t>(i) == first) {
      plan.arrayPosition = together ? plan.resultShape.size() : 0;
      plan.resultShape.insert(plan.resultShape.begin() + plan.arrayPosition,
                              plan.arrayShape.begin(), plan.arrayShape.end());
    }
    if (e.kind == Kind::Slice)
      plan.resultShape.push_back(e.count);
  }
  return plan;
}

std::vector<ndarray> tnp::detail::nonzeroPositions(const ndarray &a,
                                                   bool perAxis) {
  if (implOf(a).tracer)
    ArrayImpl::throwTraced("nonzero/argwhere (the result's shape depends on "
                           "the values)");
  ndarray mask = a.dtype().is_bool() ? a : a.astype(bool_);
  shape_t shape = mask.ndim() ? mask.shape() : shape_t{1};
  int64_t n = mask.size(), k = shape.size();
  // On the host: the count is known only once every element is read, and
  // the kernels that did it (a scan, then a scatter of positions) wrote six
  // int64 temporaries per element: x[mask] of 2^20 float32 took 7.1 ms.
  const auto *flags = static_cast<const uint8_t *>(mask.data());
  int64_t total = 0, last = n - 1;
  for (int64_t i = 0; i < n; ++i)
    total += flags[i] != 0;
  while (last >= 0 && !flags[last])
    --last;
  std::vector<std::shared_ptr<ArrayImpl>> outs;
  std::vector<int64_t *> axes;
  int64_t step = perAxis ? 1 : k;
  if (perAxis) {
    for (int64_t d = 0; d < k; ++d) {
      outs.push_back(allocateArray({total}, int64));
      axes.push_back(static_cast<int64_t *>(outs.back()->mutableData()));
    }
  } else {
    outs.push_back(allocateArray({total, k}, int64));
    for (int64_t d = 0; d < k; ++d)
      axes.push_back(static_cast<int64_t *>(outs.back()->mutableData()) + d);
  }
  // Every element's coordinates go to the next free row, which only a true
  // element keeps: no branch to mispredict on masks of random truths. Up to
  // the last true element, that row is in bounds.
  int64_t row = 0;
  if (k == 1) {
    for (int64_t i = 0; i <= last; ++i) {
      axes[0][row * step] = i;
      row += flags[i] != 0;
    }
  } else {
    std::vector<int64_t> index(k, 0);
    for (int64_t i = 0; i <= last; ++i) {
      for (int64_t d = 0; d < k; ++d)
        axes[d][row * step] = index[d];
      row += flags[i] != 0;
      for (int64_t d = k - 1; d >= 0 && ++index[d] == shape[d]; --d)
        index[d] = 0;
    }
  }
  std::vector<ndarray> positions;
  for (std::shared_ptr<ArrayImpl> &out : outs)
    positions.push_back(ndarray(std::move(out)));
  return positions;
}
