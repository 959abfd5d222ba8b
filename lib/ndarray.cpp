//===- ndarray.cpp - tnp::ndarray -----------------------------------------===//

#include <tnp/ndarray.h>

#include <tnp/errors.h>

#include "lib/ArrayImpl.h"
#include "lib/Format.h"
#include "lib/GpuArrays.h"
#include "lib/Literals.h"
#include "lib/Primitives.h"

#include <algorithm>
#include <numeric>

using namespace tnp;
using namespace tnp::detail;

/// ConcretizationTypeError naming `what` for a traced array.
static const ArrayImpl &concrete(const ndarray &x, const char *what) {
  const ArrayImpl &a = implOf(x);
  if (a.tracer)
    ArrayImpl::throwTraced(what);
  return a;
}

ndarray::ndarray() = default;
ndarray::ndarray(std::shared_ptr<const ArrayImpl> impl)
    : impl_(settled(std::move(impl))) {}

ndarray ndarray::fromScalar(bool v) {
  return scalarArray({Scalar::Kind::Bool, v, {}}, bool_, false);
}
ndarray ndarray::fromScalar(int64_t v) {
  return scalarArray({Scalar::Kind::Int, v, {}}, int64, true);
}
ndarray ndarray::fromUnsigned(uint64_t v) {
  if (v <= uint64_t(INT64_MAX))
    return fromScalar(static_cast<int64_t>(v));
  return scalarArray({Scalar::Kind::Int, static_cast<int64_t>(v), {}, true},
                     uint64, true);
}
ndarray ndarray::fromScalar(double v) {
  return scalarArray({Scalar::Kind::Float, 0, v}, float64, true);
}
ndarray ndarray::fromScalar(std::complex<double> v) {
  return scalarArray({Scalar::Kind::Complex, 0, v}, complex128, true);
}

const shape_t &ndarray::shape() const { return implOf(*this).shape; }
int64_t ndarray::ndim() const { return implOf(*this).shape.size(); }
int64_t ndarray::size() const { return implOf(*this).size; }
shape_t ndarray::strides() const {
  const ArrayImpl &impl = implOf(*this);
  shape_t strides(impl.shape.size());
  int64_t step = impl.dtype.itemsize();
  for (size_t i = strides.size(); i-- > 0;) {
    strides[i] = step;
    step *= impl.shape[i];
  }
  return strides;
}
tnp::dtype ndarray::dtype() const { return implOf(*this).dtype; }
std::string ndarray::device() const { return fullName(implOf(*this).device); }
bool ndarray::is_weak() const { return implOf(*this).weak; }
const void *ndarray::data() const { return concrete(*this, "data()").data(); }

const ndarray &ndarray::block_until_ready() const {
  waitForGpu(implOf(*this));
  return *this;
}

ndarray ndarray::T() const { return transpose(); }

ndarray ndarray::transpose(const std::vector<int64_t> &axes) const {
  int64_t rank = ndim();
  std::vector<int64_t> perm(axes);
  if (perm.empty()) {
    perm.resize(rank);
    std::iota(perm.rbegin(), perm.rend(), 0);
  }
  if (static_cast<int64_t>(perm.size()) != rank)
    throw ValueError("axes don't match array");
  std::vector<bool> seen(rank);
  for (int64_t &p : perm) {
    if (p < -rank || p >= rank)
      throw AxisError("axis " + std::to_string(p) +
                      " is out of bounds for array of dimension " +
                      std::to_string(rank));
    if (p < 0)
      p += rank;
    if (seen[p])
      throw ValueError("repeated axis in transpose");
    seen[p] = true;
  }
  bool identity = true;
  for (int64_t i = 0; i < rank; ++i)
    identity &= perm[i] == i;
  if (identity)
    return *this;
  return prim::transpose(*this, perm);
}

ndarray ndarray::reshape(const shape_t &newShape) const {
  const ArrayImpl &a = implOf(*this);
  shape_t shape(newShape);
  int64_t known = 1, unknown = -1;
  bool overflowed = false;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] == -1) {
      if (unknown >= 0)
        throw ValueError("can only specify one unknown dimension");
      unknown = i;
      continue;
    }
    if (shape[i] < 0)
      throw ValueError("negative dimensions not allowed");
    // A product past int64 is no array's size (unless a 0 follows).
    overflowed |= __builtin_mul_overflow(known, shape[i], &known);
  }

  auto fail = [&] {
    // NumPy writes the unknown dimension as "newaxis".
    std::string s = "(";
    for (size_t i = 0; i < newShape.size(); ++i)
      s += (i ? "," : "") +
           (newShape[i] == -1 ? "newaxis" : std::to_string(newShape[i]));
    s += newShape.size() == 1 ? ",)" : ")";
    return ValueError("cannot reshape array of size " + std::to_string(a.size) +
                      " into shape " + s);
  };
  if (overflowed && known != 0)
    throw fail();
  if (unknown >= 0) {
    if (known == 0 || a.size % known != 0)
      throw fail();
    shape[unknown] = a.size / known;
  } else if (known != a.size) {
    throw fail();
  }
  return prim::reshape(*this, shape);
}

ndarray ndarray::ravel() const { return reshape({-1}); }

ndarray ndarray::astype(tnp::dtype t) const { return prim::convert(*this, t); }

ndarray ndarray::squeeze(std::optional<int64_t> axis) const {
  const ArrayImpl &a = implOf(*this);
  int64_t rank = a.shape.size();
  shape_t shape;
  if (axis) {
    int64_t ax = *axis;
    if (ax < -rank || ax >= rank)
      throw AxisError("axis " + std::to_string(ax) +
                      " is out of bounds for array of dimension " +
                      std::to_string(rank));
    if (ax < 0)
      ax += rank;
    if (a.shape[ax] != 1)
      throw ValueError(
          "cannot select an axis to squeeze out which has size not equal "
          "to one");
    shape = a.shape;
    shape.erase(shape.begin() + ax);
  } else {
    std::copy_if(a.shape.begin(), a.shape.end(), std::back_inserter(shape),
                 [](int64_t d) { return d != 1; });
  }
  return prim::reshape(*this, shape);
}

namespace {

template <typename T> T fromScalarValue(const Scalar &s) {
  if constexpr (std::is_same_v<T, std::complex<float>> ||
                std::is_same_v<T, std::complex<double>>) {
    if (s.kind == Scalar::Kind::Complex || s.kind == Scalar::Kind::Float)
      return T(s.c);
    return T(s.isUnsigned ? double(uint64_t(s.i)) : double(s.i));
  } else if constexpr (std::is_same_v<T, bool>) {
    return s.kind == Scalar::Kind::Bool || s.kind == Scalar::Kind::Int
               ? s.i != 0
               : s.c != 0.0;
  } else {
    if (s.kind == Scalar::Kind::Bool || s.kind == Scalar::Kind::Int) {
      if (s.isUnsigned)
        return static_cast<T>(static_cast<uint64_t>(s.i));
      return static_cast<T>(s.i);
    }
    return static_cast<T>(s.c.real());
  }
}

} // namespace

template <typename T> T ndarray::item() const {
  const ArrayImpl &a = concrete(*this, "item()");
  if (a.size != 1)
    throw ValueError("can only convert an array of size 1 to a C++ scalar");
  return fromScalarValue<T>(readScalar(a.data(), a.dtype, 0));
}

template <typename T> std::vector<T> ndarray::to_vector() const {
  const ArrayImpl &a = concrete(*this, "to_vector()");
  std::vector<T> out;
  out.reserve(a.size);
  for (int64_t i = 0; i < a.size; ++i)
    out.push_back(fromScalarValue<T>(readScalar(a.data(), a.dtype, i)));
  return out;
}

ndarray::operator bool() const {
  const ArrayImpl &a = concrete(
      *this, "operator bool (C++ control flow on an array: use tnp::cond, "
             "tnp::while_loop or tnp::where)");
  if (a.size != 1)
    throw ValueError("The truth value of an array with more than one element "
                     "is ambiguous. Use a.any() or a.all()");
  return item<bool>();
}

#define TNP_INSTANTIATE(T)                                                     \
  template T ndarray::item<T>() const;                                         \
  template std::vector<T> ndarray::to_vector<T>() const;
TNP_INSTANTIATE(bool)
TNP_INSTANTIATE(int8_t)
TNP_INSTANTIATE(uint8_t)
TNP_INSTANTIATE(int16_t)
TNP_INSTANTIATE(uint16_t)
TNP_INSTANTIATE(int32_t)
TNP_INSTANTIATE(uint32_t)
TNP_INSTANTIATE(int64_t)
TNP_INSTANTIATE(uint64_t)
TNP_INSTANTIATE(long long)
TNP_INSTANTIATE(unsigned long long)
TNP_INSTANTIATE(float)
TNP_INSTANTIATE(double)
TNP_INSTANTIATE(std::complex<float>)
TNP_INSTANTIATE(std::complex<double>)
#undef TNP_INSTANTIATE
