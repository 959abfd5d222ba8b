//===- Creation.cpp - making arrays ---------------------------------------===//

#include <tnp/creation.h>

#include <tnp/errors.h>
#include <tnp/indexing.h>
#include <tnp/manipulation.h>
#include <tnp/math.h>

#include "lib/ArrayImpl.h"
#include "lib/DTypes.h"
#include "lib/Format.h"
#include "lib/GpuArrays.h"
#include "lib/Literals.h"
#include "lib/Primitives.h"

#include <cmath>
#include <complex>

using namespace tnp;
using namespace tnp::detail;

namespace {

template <typename T> Scalar toScalar(T v) {
  if constexpr (std::is_same_v<T, bool>)
    return {Scalar::Kind::Bool, v, {}};
  else if constexpr (std::is_integral_v<T> && std::is_unsigned_v<T> &&
                     sizeof(T) == 8)
    return {Scalar::Kind::Int, static_cast<int64_t>(v), {}, true};
  else if constexpr (std::is_integral_v<T>)
    return {Scalar::Kind::Int, static_cast<int64_t>(v), {}};
  else if constexpr (std::is_floating_point_v<T>)
    return {Scalar::Kind::Float, 0, static_cast<double>(v)};
  else
    return {Scalar::Kind::Complex, 0, std::complex<double>(v)};
}

} // namespace

ndarray tnp::empty(const shape_t &shape, tnp::dtype dtype) {
  return ndarray(allocateArray(shape, dtype));
}

ndarray tnp::full(const shape_t &shape, const ndarray &fill_value,
                  std::optional<tnp::dtype> dtype) {
  if (fill_value.ndim() != 0)
    throw NotImplementedError("tnp.full: fill_value must be a scalar");
  tnp::dtype t = dtype.value_or(fill_value.dtype());
  for (int64_t d : shape)
    if (d < 0)
      throw ValueError("negative dimensions are not allowed");
  return prim::broadcastTo(prim::convert(fill_value, t), shape);
}

ndarray tnp::zeros(const shape_t &shape, tnp::dtype dtype) {
  return full(shape, 0, dtype);
}
ndarray tnp::ones(const shape_t &shape, tnp::dtype dtype) {
  return full(shape, 1, dtype);
}
ndarray tnp::zeros_like(const ndarray &a) {
  return zeros(a.shape(), a.dtype());
}
ndarray tnp::ones_like(const ndarray &a) { return ones(a.shape(), a.dtype()); }
ndarray tnp::empty_like(const ndarray &prototype,
                        std::optional<tnp::dtype> dtype) {
  return empty(prototype.shape(), dtype.value_or(prototype.dtype()));
}
ndarray tnp::full_like(const ndarray &a, const ndarray &fill_value,
                       std::optional<tnp::dtype> dtype) {
  // NumPy copies fill_value in (broadcast, cast unsafely).
  tnp::dtype t = dtype.value_or(a.dtype());
  return broadcast_to(fill_value.astype(t), a.shape());
}
ndarray tnp::copy(const ndarray &a) {
  ndarray strong = asarray(a);
  const ArrayImpl &impl = implOf(strong);
  DeviceId target = currentPlacement();
  if (impl.tracer || target == impl.device)
    return strong;
  if (target.kind == DeviceKind::GPU)
    return ndarray(copyToGpu(impl, target.index));
  if (impl.gpu)
    return ndarray(toHost(impl));
  // Logical CPUs share the host's memory, and arrays are immutable: the
  // copy on another one shares the buffer.
  auto moved = std::make_shared<ArrayImpl>(impl);
  moved->device = target;
  return ndarray(std::move(moved));
}

ndarray tnp::arange(const ndarray &stop) { return arange(0, stop); }

ndarray tnp::arange(const ndarray &start, const ndarray &stop,
                    const ndarray &step, std::optional<tnp::dtype> dtype) {
  for (const ndarray *a : {&start, &stop, &step})
    if (a->ndim() != 0)
      throw ValueError("arange: arguments must be scalars");
  bool integral = !start.dtype().is_floating() && !start.dtype().is_complex() &&
                  !stop.dtype().is_floating() && !stop.dtype().is_complex() &&
                  !step.dtype().is_floating() && !step.dtype().is_complex();
  double a = start.item<double>(), b = stop.item<double>(),
         s = step.item<double>();
  if (s == 0)
    throw ValueError("Maximum allowed size exceeded");
  // NumPy's length: ceil((stop - start) / step); a quotient that underflows
  // to 0 (an infinite step) still takes start when it moves toward stop.
  double quotient = (b - a) / s;
  double length = quotient == 0 && b != a ? (std::signbit(quotient) ? 0 : 1)
                                          : std::ceil(quotient);
  if (std::isnan(length))
    throw ValueError("arange: cannot compute length");
  if (length >= 0x1p63)
    throw ValueError("Maximum allowed size exceeded");
  int64_t n = length > 0 ? static_cast<int64_t>(length) : 0;
  tnp::dtype t = dtype.value_or(integral ? int64 : literalArrayDType(float64));
  tnp::dtype compute = integral ? int64 : float64;
  // One element is start itself (0 * an infinite step would be NaN).
  if (n == 1)
    return prim::convert(start, compute).reshape({1}).astype(t);
  ndarray i = prim::iota({n}, 0, compute);
  return (i * prim::convert(step, compute) + prim::convert(start, compute))
      .astype(t);
}

ndarray tnp::linspace(double start, double stop, int64_t num, bool endpoint,
                      std::optional<tnp::dtype> dtype) {
  if (num < 0)
    throw ValueError("Number of samples, " + std::to_string(num) +
                     ", must be non-negative.");
  int64_t div = endpoint ? num - 1 : num;
  double step = div > 0 ? (stop - start) / div : 0.0;
  // In float64 whatever the rules, as NumPy computes.
  ndarray y = prim::iota({num}, 0, float64) * prim::convert(step, float64) +
              prim::convert(start, float64);
  if (endpoint && num > 1) {
    // NumPy sets the last sample to stop exactly.
    ndarray last = prim::convert(stop, float64).reshape({1});
    y = prim::concatenate({prim::slice(y, {0}, {num - 1}, {1}), last}, 0);
  }
  return y.astype(dtype.value_or(literalArrayDType(float64)));
}

ndarray tnp::logspace(double start, double stop, int64_t num, bool endpoint,
                      double base, std::optional<tnp::dtype> dtype) {
  ndarray y = linspace(start, stop, num, endpoint, float64);
  return power(full({}, base, float64), y)
      .astype(dtype.value_or(literalArrayDType(float64)));
}

ndarray tnp::geomspace(double start, double stop, int64_t num, bool endpoint,
                       std::optional<tnp::dtype> dtype) {
  if (start == 0 || stop == 0)
    throw ValueError("Geometric sequence cannot include zero");
  // NumPy's steps: the logspace between the magnitudes of two negative
  // ends, negated; ends of mixed signs have NaNs between them. The ends
  // are start and stop exactly.
  double sign = start < 0 && stop < 0 ? -1.0 : 1.0;
  ndarray r = logspace(std::log10(sign * start), std::log10(sign * stop), num,
                       endpoint, 10.0, float64);
  if (num > 0)
    r = r.at(0).set(sign * start);
  if (num > 1 && endpoint)
    r = r.at(num - 1).set(sign * stop);
  return (r * sign).astype(dtype.value_or(literalArrayDType(float64)));
}

namespace {

/// j - i at each (i, j) of an N x cols matrix: the diagonal it lies on.
ndarray diagonalOf(int64_t N, int64_t cols) {
  if (N < 0 || cols < 0)
    throw ValueError("negative dimensions are not allowed");
  return prim::iota({N, cols}, 1, int64) - prim::iota({N, cols}, 0, int64);
}

} // namespace

ndarray tnp::eye(int64_t N, std::optional<int64_t> M, int64_t k,
                 tnp::dtype dtype) {
  return equal(diagonalOf(N, M.value_or(N)), k).astype(dtype);
}

ndarray tnp::tri(int64_t N, std::optional<int64_t> M, int64_t k,
                 tnp::dtype dtype) {
  return less_equal(diagonalOf(N, M.value_or(N)), k).astype(dtype);
}

ndarray tnp::identity(int64_t n, tnp::dtype dtype) {
  return eye(n, std::nullopt, 0, dtype);
}

ndarray tnp::asarray(const ndarray &a, std::optional<tnp::dtype> dtype) {
  ndarray strong = a.is_weak() ? literalAs(a, literalArrayDType(a.dtype())) : a;
  return dtype ? strong.astype(*dtype) : strong;
}

template <typename T>
ndarray tnp::asarray(const T *values, const shape_t &shape,
                     std::optional<tnp::dtype> dtype) {
  tnp::dtype source = dtype_of<T>();
  auto impl = allocateArray(shape, source);
  char *out = static_cast<char *>(impl->mutableData());
  for (int64_t i = 0; i < impl->size; ++i)
    writeScalar(out + i * source.itemsize(), source, toScalar(values[i]));
  ndarray a(std::move(impl));
  return dtype ? a.astype(*dtype) : a;
}

template <typename T>
ndarray tnp::asarray(const std::vector<T> &values, const shape_t &shape,
                     std::optional<tnp::dtype> dtype) {
  uint64_t n = checkedBytes(shape, dtype_of<T>()) / sizeof(T);
  if (n != values.size())
    throw ValueError("cannot reshape array of size " +
                     std::to_string(values.size()) + " into shape " +
                     formatShape(shape));
  if constexpr (std::is_same_v<T, bool>) {
    std::vector<uint8_t> bytes(values.begin(), values.end());
    auto a = asarray(reinterpret_cast<const uint8_t *>(bytes.data()), shape);
    return a.astype(dtype.value_or(bool_));
  } else {
    return asarray(values.data(), shape, dtype);
  }
}

void tnp::detail::throwRagged(size_t rows) {
  throw ValueError("setting an array element with a sequence. The requested "
                   "array has an inhomogeneous shape after 1 dimensions. The "
                   "detected shape was (" +
                   std::to_string(rows) + ",) + inhomogeneous part.");
}

#define TNP_INSTANTIATE(T)                                                     \
  template ndarray tnp::asarray<T>(const T *, const shape_t &,                 \
                                   std::optional<tnp::dtype>);                 \
  template ndarray tnp::asarray<T>(const std::vector<T> &, const shape_t &,    \
                                   std::optional<tnp::dtype>);
TNP_INSTANTIATE(bool)
TNP_INSTANTIATE(int8_t)
TNP_INSTANTIATE(uint8_t)
TNP_INSTANTIATE(int16_t)
TNP_INSTANTIATE(uint16_t)
TNP_INSTANTIATE(int32_t)
TNP_INSTANTIATE(uint32_t)
TNP_INSTANTIATE(int64_t)
TNP_INSTANTIATE(uint64_t)
TNP_INSTANTIATE(float)
TNP_INSTANTIATE(double)
TNP_INSTANTIATE(std::complex<float>)
TNP_INSTANTIATE(std::complex<double>)
#undef TNP_INSTANTIATE
