//===- Indexing.cpp - x[index] and x.at[index] over slice/gather/scatter --===//
//
// Basic indices (integers, slices, newaxis) read through tnp.slice and
// tnp.reverse. With arrays present, every axis that an index narrows gets a
// column of positions (an array's, or a slice's as an iota), and one
// tnp.gather reads them all; the axes taken whole are carried. Updates use
// the same columns with tnp.scatter, so a read and an update of one index
// address the same elements.
//
//===----------------------------------------------------------------------===//

#include <tnp/indexing.h>

#include <tnp/creation.h>
#include <tnp/errors.h>
#include <tnp/math.h>

#include "lib/ArrayImpl.h"
#include "lib/Format.h"
#include "lib/IndexPlan.h"
#include "lib/Literals.h"
#include "lib/Primitives.h"

#include <numeric>
#include <optional>

using namespace tnp;
using namespace tnp::detail;
using Kind = IndexEntry::Kind;

namespace {

/// The gather (or scatter) that x[index] is, and how its result's
/// dimensions (batch: the arrays' broadcast shape, then one per narrowed
/// slice; then the whole axes) map to NumPy's order.
struct GatherForm {
  ndarray indices;
  std::vector<int64_t> axes;
  /// NumPy's dimension j is the gather result's dimension toNumpy[j].
  std::vector<int64_t> toNumpy;
};

GatherForm gatherForm(const IndexPlan &plan) {
  const auto &entries = plan.entries;
  int64_t arrayRank = plan.arrayShape.size();
  shape_t batch = plan.arrayShape;
  std::vector<int64_t> gatherDim(entries.size(), -1);
  for (size_t i = 0; i < entries.size(); ++i)
    if (entries[i].kind == Kind::Slice &&
        !entries[i].isWhole(plan.expandedShape[i])) {
      gatherDim[i] = batch.size();
      batch.push_back(entries[i].count);
    }
  int64_t carried = batch.size();
  for (size_t i = 0; i < entries.size(); ++i)
    if (entries[i].kind == Kind::Slice && gatherDim[i] < 0)
      gatherDim[i] = carried++;

  GatherForm form;
  std::vector<ndarray> columns;
  shape_t column = batch;
  column.push_back(1);
  for (size_t i = 0; i < entries.size(); ++i) {
    const IndexEntry &e = entries[i];
    ndarray c;
    if (e.kind == Kind::Array) {
      // Aligned to the arrays' broadcast shape, size 1 over the slices.
      shape_t s(arrayRank - e.positions.ndim(), 1);
      s.insert(s.end(), e.positions.shape().begin(), e.positions.shape().end());
      s.resize(column.size(), 1);
      c = prim::reshape(e.positions, s);
    } else if (e.kind == Kind::Integer) {
      c = asarray(e.start, int64);
    } else if (gatherDim[i] < static_cast<int64_t>(batch.size())) {
      shape_t s(column.size(), 1);
      s[gatherDim[i]] = e.count;
      c = prim::iota(s, gatherDim[i], int64) * e.step + e.start;
    } else {
      continue;
    }
    columns.push_back(prim::broadcastTo(c, column));
    form.axes.push_back(i);
  }
  if (columns.empty()) {
    shape_t none = batch;
    none.push_back(0);
    form.indices = zeros(none, int64);
  } else {
    form.indices = columns.size() == 1
                       ? columns[0]
                       : prim::concatenate(columns, column.size() - 1);
  }
  // NumPy's order: the slices' dimensions in index order, with the arrays'
  // block inserted at arrayPosition.
  for (size_t i = 0; i < entries.size(); ++i)
    if (entries[i].kind == Kind::Slice)
      form.toNumpy.push_back(gatherDim[i]);
  std::vector<int64_t> block(arrayRank);
  std::iota(block.begin(), block.end(), 0);
  form.toNumpy.insert(form.toNumpy.begin() + plan.arrayPosition, block.begin(),
                      block.end());
  return form;
}

bool isIdentity(const std::vector<int64_t> &permutation) {
  for (size_t i = 0; i < permutation.size(); ++i)
    if (permutation[i] != static_cast<int64_t>(i))
      return false;
  return true;
}

/// x[index] with basic indices only, as one slice of x reshaped to the
/// plan's expanded shape (after reversing the axes with negative steps that
/// take two or more elements).
struct BasicSlice {
  std::vector<int64_t> start, limit, strides, reversed;
  shape_t sliced;
  bool narrows = false;

  explicit BasicSlice(const IndexPlan &plan) {
    for (size_t i = 0; i < plan.entries.size(); ++i) {
      const IndexEntry &e = plan.entries[i];
      int64_t size = plan.expandedShape[i];
      int64_t first = e.start, step = e.step, count = e.count;
      if (e.kind == Kind::Integer) {
        count = 1;
        step = 1;
      }
      if (count <= 1)
        step = 1;
      if (step < 0) {
        // Along the reversed axis the positions run forwards.
        reversed.push_back(i);
        first = size - 1 - first;
        step = -step;
      }
      start.push_back(count ? first : 0);
      limit.push_back(count ? first + (count - 1) * step + 1 : 0);
      strides.push_back(step);
      sliced.push_back(count);
      narrows |= count != size;
    }
  }

  /// Whether eagerly the slice is a view: one contiguous run of x.
  bool isView(const IndexPlan &plan) const {
    return reversed.empty() &&
           prim::contiguousSlice(plan.expandedShape, start.data(), limit.data(),
                                 strides.data());
  }
};

/// The slice `s` of x, in the plan's expanded shape (a view where
/// contiguous).
ndarray sliceBasic(const ndarray &x, const IndexPlan &plan,
                   const BasicSlice &s) {
  ndarray y = prim::reshape(x, plan.expandedShape);
  if (!s.reversed.empty())
    y = prim::reverse(y, s.reversed);
  if (s.narrows || !s.reversed.empty())
    y = numElements(s.sliced) == 0
            ? zeros(s.sliced, x.dtype())
            : prim::slice(y, s.start, s.limit, s.strides);
  return y;
}

/// x[index] with basic indices only: one slice, then a reshape that drops
/// the integers' axes and adds the new ones.
ndarray readBasic(const ndarray &x, const IndexPlan &plan,
                  const BasicSlice &s) {
  return prim::reshape(sliceBasic(x, plan, s), plan.resultShape);
}

/// x[index] with basic indices, integers among them, for an x in memory:
/// where its slices alone (the integers' axes whole) are a view of x, that
/// view, then one gather of the integers' positions (runtime values, so
/// x[a:b, i] in a loop over i reuses one kernel), e.g. m[100:900, 3]: no
/// position arrays to build. None where the slices would copy.
std::optional<ndarray> readIntegersOfView(const ndarray &x, IndexPlan plan) {
  std::vector<int64_t> positions, axes;
  for (size_t i = 0; i < plan.entries.size(); ++i) {
    IndexEntry &e = plan.entries[i];
    if (e.kind != Kind::Integer)
      continue;
    positions.push_back(e.start);
    axes.push_back(i);
    e = IndexEntry{Kind::Slice, 0, 1, plan.expandedShape[i]};
  }
  BasicSlice s(plan);
  if (!s.isView(plan))
    return std::nullopt;
  ndarray g = prim::gather(sliceBasic(x, plan, s), asarray(positions), axes);
  return prim::reshape(g, plan.resultShape);
}

/// x[index] by one gather (arrays present, or integers past a slice).
ndarray readAdvanced(const ndarray &x, const IndexPlan &plan) {
  GatherForm form = gatherForm(plan);
  return prim::gather(
      prim::reshape(x, plan.expandedShape), form.indices, form.axes,
      isIdentity(form.toNumpy) ? std::vector<int64_t>() : form.toNumpy);
}

/// `values` in x's dtype, broadcast to x[index]'s shape, as NumPy's
/// assignment reads it (leading size-1 axes beyond the result's rank drop).
ndarray valuesFor(const ndarray &x, const ndarray &values,
                  const shape_t &resultShape) {
  ndarray v = values.is_weak() ? literalAs(values, x.dtype())
                               : prim::convert(values, x.dtype());
  shape_t s = v.shape();
  while (s.size() > resultShape.size() && s.front() == 1)
    s.erase(s.begin());
  bool fits = s.size() <= resultShape.size();
  for (size_t i = 0; fits && i < s.size(); ++i) {
    int64_t r = resultShape[resultShape.size() - s.size() + i];
    fits = s[i] == r || s[i] == 1;
  }
  if (!fits)
    throw ValueError("shape mismatch: value array of shape " +
                     formatShape(values.shape()) +
                     " could not be broadcast to indexing result of shape " +
                     formatShape(resultShape));
  return prim::broadcastTo(prim::reshape(v, s), resultShape);
}

const char *scatterName(prim::Scatter kind) {
  switch (kind) {
  case prim::Scatter::Set:
    return "set";
  case prim::Scatter::Add:
    return "add";
  case prim::Scatter::Mul:
    return "multiply";
  case prim::Scatter::Min:
    return "min";
  case prim::Scatter::Max:
    return "max";
  }
  return "";
}

ndarray update(prim::Scatter kind, const ndarray &x,
               const std::vector<index_item> &index, const ndarray &values) {
  tnp::dtype t = x.dtype();
  bool ordered = kind == prim::Scatter::Min || kind == prim::Scatter::Max;
  if ((t.is_bool() && kind != prim::Scatter::Set) ||
      (t.is_complex() && ordered))
    throw TypeError(std::string("at().") + scatterName(kind) +
                    ": not defined for " + std::string(t.name()) + " arrays");
  IndexPlan plan = planIndex(x, index);
  ndarray v = valuesFor(x, values, plan.resultShape);
  GatherForm form = gatherForm(plan);
  std::vector<int64_t> fromNumpy(form.toNumpy.size());
  for (size_t j = 0; j < form.toNumpy.size(); ++j)
    fromNumpy[form.toNumpy[j]] = j;
  if (!isIdentity(fromNumpy))
    v = prim::transpose(v, fromNumpy);
  ndarray updated = prim::scatter(kind, prim::reshape(x, plan.expandedShape),
                                  form.indices, v, form.axes);
  return prim::reshape(updated, x.shape());
}

} // namespace

ndarray tnp::detail::boolIndex(bool b) { return asarray(b); }

ndarray tnp::detail::indexArray(const std::vector<int64_t> &values) {
  return asarray(values);
}

ndarray tnp::detail::indexArray(const std::vector<bool> &values) {
  std::vector<uint8_t> bytes(values.begin(), values.end());
  return asarray(bytes).astype(bool_);
}

ndarray tnp::detail::getitem(const ndarray &x,
                             const std::vector<index_item> &items) {
  IndexPlan plan = planIndex(x, items);
  if (plan.advanced)
    return readAdvanced(x, plan);
  BasicSlice s(plan);
  bool inMemory = !implOf(x).tracer;
  if (inMemory && s.isView(plan))
    return readBasic(x, plan, s);
  // An integer elsewhere is a runtime position of a gather, so x[:, i] in a
  // loop over i reuses one kernel; slices alone are static, as in JAX.
  bool integers = false;
  for (const IndexEntry &e : plan.entries)
    integers |= e.kind == Kind::Integer;
  if (!integers)
    return readBasic(x, plan, s);
  if (inMemory)
    if (std::optional<ndarray> r = readIntegersOfView(x, plan))
      return *r;
  return readAdvanced(x, plan);
}

ndarray ndarray::operator[](std::initializer_list<index_item> items) const {
  return getitem(*this, std::vector<index_item>(items));
}

ndarray ndarray::operator[](const index_item &item) const {
  return getitem(*this, {item});
}

indexed_update ndarray::at(std::initializer_list<index_item> items) const {
  return indexed_update(*this, std::vector<index_item>(items));
}

ndarray indexed_update::get() const { return getitem(array_, index_); }

ndarray indexed_update::set(const ndarray &values) const {
  return update(prim::Scatter::Set, array_, index_, values);
}

ndarray indexed_update::add(const ndarray &values) const {
  return update(prim::Scatter::Add, array_, index_, values);
}

ndarray indexed_update::multiply(const ndarray &values) const {
  return update(prim::Scatter::Mul, array_, index_, values);
}

ndarray indexed_update::min(const ndarray &values) const {
  return update(prim::Scatter::Min, array_, index_, values);
}

ndarray indexed_update::max(const ndarray &values) const {
  return update(prim::Scatter::Max, array_, index_, values);
}
