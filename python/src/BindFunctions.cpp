//===- BindFunctions.cpp - NumPy's functions, tnp.random, promotion
//--------===//
//
// The tf.experimental.numpy functions tnp's C++ API has, with NumPy's
// parameter names and defaults. Arrays come in through the tnp::ndarray
// caster (Convert.h); kernels run with the GIL released.
//
//===----------------------------------------------------------------------===//

#include "Bindings.h"
#include "Convert.h"

#include <nanobind/stl/optional.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/string_view.h>
#include <nanobind/stl/vector.h>

namespace tnp::python {

namespace {

using Release = nb::call_guard<nb::gil_scoped_release>;
using A = const tnp::ndarray &;
using Arrays = std::vector<tnp::ndarray>;
using OptDType = std::optional<tnp::dtype>;
using OptInt = std::optional<int64_t>;

/// A creation function's dtype: float64, or float32 under prefer_float32.
tnp::dtype floatDType(const OptDType &dtype) {
  return dtype.value_or(tnp::prefer_float32() ? tnp::float32 : tnp::float64);
}

nb::object none() { return nb::none(); }

void bindElementwise(nb::module_ &m) {
#define TNP_UNARY(name)                                                        \
  m.def(                                                                       \
      #name,                                                                   \
      [](A x) {                                                                \
        return releasingGIL(x.size(), [&] { return tnp::name(x); });           \
      },                                                                       \
      nb::arg("x"));
  TNP_UNARY(negative)
  TNP_UNARY(absolute)
  TNP_UNARY(abs)
  TNP_UNARY(sign)
  TNP_UNARY(exp)
  TNP_UNARY(expm1) TNP_UNARY(log) TNP_UNARY(log1p) TNP_UNARY(sqrt) TNP_UNARY(
      square) TNP_UNARY(tanh) TNP_UNARY(sin) TNP_UNARY(cos) TNP_UNARY(tan)
      TNP_UNARY(arcsin) TNP_UNARY(arccos) TNP_UNARY(arctan) TNP_UNARY(sinh)
          TNP_UNARY(cosh) TNP_UNARY(arcsinh) TNP_UNARY(arccosh) TNP_UNARY(
              arctanh) TNP_UNARY(log2) TNP_UNARY(log10) TNP_UNARY(exp2)
              TNP_UNARY(cbrt) TNP_UNARY(floor) TNP_UNARY(ceil) TNP_UNARY(
                  logical_not) TNP_UNARY(invert) TNP_UNARY(bitwise_not)
                  TNP_UNARY(conjugate) TNP_UNARY(conj) TNP_UNARY(signbit)
                      TNP_UNARY(positive) TNP_UNARY(fabs) TNP_UNARY(reciprocal)
                          TNP_UNARY(deg2rad) TNP_UNARY(rad2deg) TNP_UNARY(fix)
                              TNP_UNARY(sinc) TNP_UNARY(isnan) TNP_UNARY(
                                  isinf) TNP_UNARY(isfinite) TNP_UNARY(isposinf)
                                  TNP_UNARY(isneginf) TNP_UNARY(iscomplex)
                                      TNP_UNARY(isreal) TNP_UNARY(real)
                                          TNP_UNARY(imag)
#undef TNP_UNARY
                                              m.def("iscomplexobj", [](A x) {
                                                return tnp::iscomplexobj(x);
                                              });
  m.def("isrealobj", [](A x) { return tnp::isrealobj(x); });
  m.def(
      "round", [](A a, int64_t d) { return tnp::around(a, d); }, nb::arg("a"),
      nb::arg("decimals") = 0, Release());
  m.def(
      "around", [](A a, int64_t d) { return tnp::around(a, d); }, nb::arg("a"),
      nb::arg("decimals") = 0, Release());
  m.def(
      "angle", [](A z, bool deg) { return tnp::angle(z, deg); }, nb::arg("z"),
      nb::arg("deg") = false, Release());

#define TNP_BINARY(name)                                                       \
  m.def(                                                                       \
      #name,                                                                   \
      [](A a, A b) {                                                           \
        return releasingGIL(a.size() + b.size(),                               \
                            [&] { return tnp::name(a, b); });                  \
      },                                                                       \
      nb::arg("x1"), nb::arg("x2"));
  TNP_BINARY(add)
  TNP_BINARY(subtract)
  TNP_BINARY(multiply)
  TNP_BINARY(divide)
  TNP_BINARY(true_divide)
  TNP_BINARY(floor_divide) TNP_BINARY(remainder) TNP_BINARY(mod) TNP_BINARY(
      power) TNP_BINARY(maximum) TNP_BINARY(minimum) TNP_BINARY(arctan2)
      TNP_BINARY(nextafter) TNP_BINARY(gcd) TNP_BINARY(lcm) TNP_BINARY(hypot)
          TNP_BINARY(logaddexp) TNP_BINARY(logaddexp2) TNP_BINARY(heaviside)
              TNP_BINARY(float_power) TNP_BINARY(logical_and) TNP_BINARY(
                  logical_or) TNP_BINARY(logical_xor) TNP_BINARY(bitwise_and)
                  TNP_BINARY(bitwise_or) TNP_BINARY(bitwise_xor)
                      TNP_BINARY(equal) TNP_BINARY(not_equal) TNP_BINARY(less)
                          TNP_BINARY(less_equal) TNP_BINARY(greater)
                              TNP_BINARY(greater_equal) TNP_BINARY(matmul)
                                  TNP_BINARY(dot) TNP_BINARY(outer)
                                      TNP_BINARY(inner) TNP_BINARY(vdot)
                                          TNP_BINARY(kron) TNP_BINARY(polyval)
#undef TNP_BINARY
                                              m.def(
                                                  "divmod",
                                                  [](A a, A b) {
                                                    return tnp::divmod(a, b);
                                                  },
                                                  Release());
  m.def("isclose", &tnp::isclose, nb::arg("a"), nb::arg("b"),
        nb::arg("rtol") = 1e-05, nb::arg("atol") = 1e-08,
        nb::arg("equal_nan") = false, Release());
  m.def("allclose", &tnp::allclose, nb::arg("a"), nb::arg("b"),
        nb::arg("rtol") = 1e-05, nb::arg("atol") = 1e-08,
        nb::arg("equal_nan") = false, Release());
  m.def("array_equal", &tnp::array_equal, nb::arg("a1"), nb::arg("a2"),
        nb::arg("equal_nan") = false, Release());
  m.def("clip", &tnp::clip, nb::arg("a"), nb::arg("a_min"), nb::arg("a_max"),
        Release());
  m.def(
      "where",
      [](A c, std::optional<tnp::ndarray> x,
         std::optional<tnp::ndarray> y) -> nb::object {
        if (!x && !y)
          return nb::cast(tnp::where(c));
        if (!x || !y)
          throw tnp::ValueError(
              "tnp.where: either both or neither of x and y should be given");
        nb::gil_scoped_release release;
        tnp::ndarray r = tnp::where(c, *x, *y);
        nb::gil_scoped_acquire gil;
        return nb::cast(r);
      },
      nb::arg("condition"), nb::arg("x").none() = none(),
      nb::arg("y").none() = none());
  m.def("select", &tnp::select, nb::arg("condlist"), nb::arg("choicelist"),
        nb::arg("default") = 0, Release());
  m.def(
      "tensordot",
      [](A a, A b, nb::handle axes) {
        if (PyLong_Check(axes.ptr()))
          return tnp::tensordot(a, b, nb::cast<int64_t>(axes));
        auto pair =
            nb::cast<std::pair<std::vector<int64_t>, std::vector<int64_t>>>(
                axes);
        return tnp::tensordot(a, b, pair);
      },
      nb::arg("a"), nb::arg("b"), nb::arg("axes") = 2);
  m.def("cross", &tnp::cross, nb::arg("a"), nb::arg("b"), nb::arg("axisa") = -1,
        nb::arg("axisb") = -1, nb::arg("axisc") = -1,
        nb::arg("axis").none() = none(), Release());
  m.def("convolve", &tnp::convolve, nb::arg("a"), nb::arg("v"),
        nb::arg("mode") = "full", Release());
  m.def("correlate", &tnp::correlate, nb::arg("a"), nb::arg("v"),
        nb::arg("mode") = "valid", Release());
  m.def(
      "einsum",
      [](const std::string &subscripts, nb::args operands) {
        Arrays arrays;
        for (nb::handle o : operands)
          arrays.push_back(toArray(o));
        nb::gil_scoped_release release;
        return tnp::einsum(subscripts, arrays);
      },
      nb::arg("subscripts"), nb::arg("operands"));
}

void bindReductions(nb::module_ &m) {
#define TNP_REDUCTION(name)                                                    \
  m.def(                                                                       \
      #name,                                                                   \
      [](A a, tnp::Axis axis, bool keepdims) {                                 \
        return releasingGIL(a.size(),                                          \
                            [&] { return tnp::name(a, axis, keepdims); });     \
      },                                                                       \
      nb::arg("a"), nb::arg("axis").none() = none(),                           \
      nb::arg("keepdims") = false);
  TNP_REDUCTION(sum)
  TNP_REDUCTION(prod)
  TNP_REDUCTION(mean)
  TNP_REDUCTION(max)
  TNP_REDUCTION(amax)
  TNP_REDUCTION(min) TNP_REDUCTION(amin) TNP_REDUCTION(any) TNP_REDUCTION(all)
      TNP_REDUCTION(nansum) TNP_REDUCTION(nanprod) TNP_REDUCTION(nanmean)
          TNP_REDUCTION(count_nonzero) TNP_REDUCTION(ptp) TNP_REDUCTION(median)
              TNP_REDUCTION(nanmedian)
#undef TNP_REDUCTION
                  m.def("argmax", &tnp::argmax, nb::arg("a"),
                        nb::arg("axis").none() = none(),
                        nb::arg("keepdims") = false, Release());
  m.def("argmin", &tnp::argmin, nb::arg("a"), nb::arg("axis").none() = none(),
        nb::arg("keepdims") = false, Release());
  m.def("cumsum", &tnp::cumsum, nb::arg("a"), nb::arg("axis").none() = none(),
        nb::arg("dtype").none() = none(), Release());
  m.def("cumprod", &tnp::cumprod, nb::arg("a"), nb::arg("axis").none() = none(),
        nb::arg("dtype").none() = none(), Release());
  m.def(
      "var",
      [](A a, tnp::Axis axis, int64_t ddof, bool keepdims) {
        return tnp::var(a, axis, {ddof, keepdims});
      },
      nb::arg("a"), nb::arg("axis").none() = none(), nb::arg("ddof") = 0,
      nb::arg("keepdims") = false, Release());
  m.def(
      "std",
      [](A a, tnp::Axis axis, int64_t ddof, bool keepdims) {
        return tnp::std(a, axis, {ddof, keepdims});
      },
      nb::arg("a"), nb::arg("axis").none() = none(), nb::arg("ddof") = 0,
      nb::arg("keepdims") = false, Release());
  m.def("average", &tnp::average, nb::arg("a"), nb::arg("axis").none() = none(),
        nb::arg("weights").none() = none(), nb::arg("keepdims") = false,
        Release());
  m.def("diff", &tnp::diff, nb::arg("a"), nb::arg("n") = 1,
        nb::arg("axis") = -1, nb::arg("prepend").none() = none(),
        nb::arg("append").none() = none(), Release());
  m.def(
      "histogram",
      [](A a, nb::handle bins, std::optional<std::pair<double, double>> range,
         std::optional<tnp::ndarray> weights, bool density) {
        if (PyLong_Check(bins.ptr()))
          return tnp::histogram(a, nb::cast<int64_t>(bins), range, weights,
                                density);
        if (range)
          throw tnp::ValueError("tnp.histogram: range goes with a number "
                                "of bins, not bin edges");
        return tnp::histogram(a, toArray(bins), weights, density);
      },
      nb::arg("a"), nb::arg("bins") = 10, nb::arg("range").none() = none(),
      nb::arg("weights").none() = none(), nb::arg("density") = false);
  m.def(
      "histogram_bin_edges",
      [](A a, nb::handle bins, std::optional<std::pair<double, double>> range) {
        if (PyLong_Check(bins.ptr()))
          return tnp::histogram_bin_edges(a, nb::cast<int64_t>(bins), range);
        return tnp::histogram_bin_edges(a, toArray(bins));
      },
      nb::arg("a"), nb::arg("bins") = 10, nb::arg("range").none() = none());
  // np.trace: the sum of a diagonal, as NumPy defines it.
  m.def(
      "trace",
      [](A a, int64_t offset, int64_t axis1, int64_t axis2) {
        return tnp::sum(tnp::diagonal(a, offset, axis1, axis2), -1);
      },
      nb::arg("a"), nb::arg("offset") = 0, nb::arg("axis1") = 0,
      nb::arg("axis2") = 1, Release());
#define TNP_QUANTILE(name)                                                     \
  m.def(#name, &tnp::name, nb::arg("a"), nb::arg("q"),                         \
        nb::arg("axis").none() = none(), nb::arg("method") = "linear",         \
        nb::arg("keepdims") = false, Release());
  TNP_QUANTILE(quantile)
  TNP_QUANTILE(percentile)
  TNP_QUANTILE(nanquantile)
  TNP_QUANTILE(nanpercentile)
#undef TNP_QUANTILE
  m.def("sort", &tnp::sort, nb::arg("a"), nb::arg("axis") = -1,
        nb::arg("kind") = "quicksort", Release());
  m.def("argsort", &tnp::argsort, nb::arg("a"), nb::arg("axis") = -1,
        nb::arg("kind") = "quicksort", Release());
  m.def("searchsorted", &tnp::searchsorted, nb::arg("a"), nb::arg("v"),
        nb::arg("side") = "left", nb::arg("sorter").none() = none(), Release());
  m.def("digitize", &tnp::digitize, nb::arg("x"), nb::arg("bins"),
        nb::arg("right") = false, Release());
  m.def("interp", &tnp::interp, nb::arg("x"), nb::arg("xp"), nb::arg("fp"),
        nb::arg("left").none() = none(), nb::arg("right").none() = none(),
        nb::arg("period").none() = none(), Release());
}

void bindCreation(nb::module_ &m) {
  m.def(
      "asarray",
      [](nb::handle a, OptDType dtype) {
        tnp::ndarray array = toArray(a);
        // A Python scalar becomes a 0-d array, no longer weak.
        if (isPythonScalar(a) || dtype)
          return tnp::asarray(array, dtype);
        return array;
      },
      nb::arg("a"), nb::arg("dtype").none() = none());
  // asanyarray and ascontiguousarray are asarray: tnp arrays are one class,
  // always row-major.
  for (const char *alias : {"asanyarray", "ascontiguousarray"})
    m.attr(alias) = m.attr("asarray");
  m.def(
      "array",
      [](nb::handle a, OptDType dtype, bool copy) {
        tnp::ndarray array = tnp::asarray(toArray(a), dtype);
        return copy && nb::isinstance<PyArray>(a) ? tnp::copy(array) : array;
      },
      nb::arg("object"), nb::arg("dtype").none() = none(),
      nb::arg("copy") = true);
#define TNP_FILLED(name)                                                       \
  m.def(                                                                       \
      #name,                                                                   \
      [](nb::handle shape, OptDType dtype) {                                   \
        tnp::shape_t s = toShape(shape);                                       \
        nb::gil_scoped_release release;                                        \
        return tnp::name(s, floatDType(dtype));                                \
      },                                                                       \
      nb::arg("shape"), nb::arg("dtype").none() = none());
  TNP_FILLED(empty)
  TNP_FILLED(zeros)
  TNP_FILLED(ones)
#undef TNP_FILLED
  m.def(
      "full",
      [](nb::handle shape, A fill, OptDType dtype) {
        return tnp::full(toShape(shape), fill, dtype);
      },
      nb::arg("shape"), nb::arg("fill_value"),
      nb::arg("dtype").none() = none());
#define TNP_LIKE(name)                                                         \
  m.def(                                                                       \
      #name,                                                                   \
      [](A a, OptDType dtype) {                                                \
        tnp::ndarray r = tnp::name(a);                                         \
        return dtype ? r.astype(*dtype) : r;                                   \
      },                                                                       \
      nb::arg("a"), nb::arg("dtype").none() = none(), Release());
  TNP_LIKE(zeros_like)
  TNP_LIKE(ones_like)
#undef TNP_LIKE
  m.def("empty_like", &tnp::empty_like, nb::arg("prototype"),
        nb::arg("dtype").none() = none(), Release());
  m.def("full_like", &tnp::full_like, nb::arg("a"), nb::arg("fill_value"),
        nb::arg("dtype").none() = none(), Release());
  m.def("copy", &tnp::copy, nb::arg("a"), Release());
  m.def(
      "arange",
      [](A start, std::optional<tnp::ndarray> stop, A step, OptDType dtype) {
        if (!stop)
          return tnp::arange(0, start, step, dtype);
        return tnp::arange(start, *stop, step, dtype);
      },
      nb::arg("start"), nb::arg("stop").none() = none(), nb::arg("step") = 1,
      nb::arg("dtype").none() = none(), Release());
  m.def(
      "linspace",
      [](double start, double stop, int64_t num, bool endpoint,
         OptDType dtype) {
        return tnp::linspace(start, stop, num, endpoint, floatDType(dtype));
      },
      nb::arg("start"), nb::arg("stop"), nb::arg("num") = 50,
      nb::arg("endpoint") = true, nb::arg("dtype").none() = none(), Release());
  m.def("logspace", &tnp::logspace, nb::arg("start"), nb::arg("stop"),
        nb::arg("num") = 50, nb::arg("endpoint") = true, nb::arg("base") = 10.0,
        nb::arg("dtype").none() = none(), Release());
  m.def("geomspace", &tnp::geomspace, nb::arg("start"), nb::arg("stop"),
        nb::arg("num") = 50, nb::arg("endpoint") = true,
        nb::arg("dtype").none() = none(), Release());
  m.def(
      "eye",
      [](int64_t n, OptInt m, int64_t k, OptDType dtype) {
        return tnp::eye(n, m, k, floatDType(dtype));
      },
      nb::arg("N"), nb::arg("M").none() = none(), nb::arg("k") = 0,
      nb::arg("dtype").none() = none(), Release());
  m.def(
      "identity",
      [](int64_t n, OptDType dtype) {
        return tnp::identity(n, floatDType(dtype));
      },
      nb::arg("n"), nb::arg("dtype").none() = none(), Release());
  m.def(
      "tri",
      [](int64_t n, OptInt m, int64_t k, OptDType dtype) {
        return tnp::tri(n, m, k, floatDType(dtype));
      },
      nb::arg("N"), nb::arg("M").none() = none(), nb::arg("k") = 0,
      nb::arg("dtype").none() = none(), Release());
  m.def("tril", &tnp::tril, nb::arg("m"), nb::arg("k") = 0, Release());
  m.def("triu", &tnp::triu, nb::arg("m"), nb::arg("k") = 0, Release());
  m.def("diag", &tnp::diag, nb::arg("v"), nb::arg("k") = 0, Release());
  m.def("diagflat", &tnp::diagflat, nb::arg("v"), nb::arg("k") = 0, Release());
  m.def("vander", &tnp::vander, nb::arg("x"), nb::arg("N").none() = none(),
        nb::arg("increasing") = false, Release());
  m.def(
      "meshgrid",
      [](nb::args xi, std::string indexing, bool sparse) {
        Arrays arrays;
        for (nb::handle x : xi)
          arrays.push_back(toArray(x));
        return tnp::meshgrid(arrays, indexing, sparse);
      },
      nb::arg("xi"), nb::arg("indexing") = "xy", nb::arg("sparse") = false);
}

void bindManipulation(nb::module_ &m) {
  m.def("concatenate", &tnp::concatenate, nb::arg("arrays"),
        nb::arg("axis") = 0, Release());
  m.def("stack", &tnp::stack, nb::arg("arrays"), nb::arg("axis") = 0,
        Release());
  m.def("hstack", &tnp::hstack, nb::arg("tup"), Release());
  m.def("vstack", &tnp::vstack, nb::arg("tup"), Release());
  m.def("dstack", &tnp::dstack, nb::arg("tup"), Release());
  m.def(
      "split",
      [](A a, nb::handle sections, int64_t axis) {
        if (PyLong_Check(sections.ptr()))
          return tnp::split(a, nb::cast<int64_t>(sections), axis);
        return tnp::split(a, toShape(sections), axis);
      },
      nb::arg("ary"), nb::arg("indices_or_sections"), nb::arg("axis") = 0);
#define TNP_SPLIT(name)                                                        \
  m.def(                                                                       \
      #name,                                                                   \
      [](A a, nb::handle sections) {                                           \
        if (PyLong_Check(sections.ptr()))                                      \
          return tnp::name(a, nb::cast<int64_t>(sections));                    \
        return tnp::name(a, toShape(sections));                                \
      },                                                                       \
      nb::arg("ary"), nb::arg("indices_or_sections"));
  TNP_SPLIT(hsplit)
  TNP_SPLIT(vsplit)
  TNP_SPLIT(dsplit)
#undef TNP_SPLIT
  m.def("diag_indices", &tnp::diag_indices, nb::arg("n"), nb::arg("ndim") = 2);
  m.def("ix_", [](nb::args args) {
    Arrays arrays;
    for (nb::handle a : args)
      arrays.push_back(toArray(a));
    return tnp::ix_(arrays);
  });
  m.def(
      "piecewise",
      [](A x, const Arrays &condlist, nb::list funclist) {
        std::vector<tnp::piece> pieces;
        for (nb::handle f : funclist) {
          if (!PyCallable_Check(f.ptr())) {
            pieces.emplace_back(toArray(f));
            continue;
          }
          auto fn = std::make_shared<nb::object>(nb::borrow(f));
          pieces.emplace_back([fn](const tnp::ndarray &v) {
            return nb::cast<tnp::ndarray>((*fn)(v));
          });
        }
        return tnp::piecewise(x, condlist, pieces);
      },
      nb::arg("x"), nb::arg("condlist"), nb::arg("funclist"));
  m.def("expand_dims", &tnp::expand_dims, nb::arg("a"), nb::arg("axis"),
        Release());
  m.def("squeeze", &tnp::squeeze, nb::arg("a"), nb::arg("axis").none() = none(),
        Release());
  m.def(
      "reshape",
      [](A a, nb::handle shape) { return tnp::reshape(a, toShape(shape)); },
      nb::arg("a"), nb::arg("newshape"));
  m.def("ravel", &tnp::ravel, nb::arg("a"));
  m.def("flatten", &tnp::flatten, nb::arg("a"));
  m.def(
      "transpose",
      [](A a, nb::handle axes) {
        return tnp::transpose(a,
                              axes.is_none() ? tnp::shape_t{} : toShape(axes));
      },
      nb::arg("a"), nb::arg("axes").none() = none());
  m.def(
      "broadcast_to",
      [](A a, nb::handle shape) {
        return tnp::broadcast_to(a, toShape(shape));
      },
      nb::arg("array"), nb::arg("shape"));
  m.def("broadcast_arrays", [](nb::args args) {
    Arrays arrays;
    for (nb::handle a : args)
      arrays.push_back(toArray(a));
    return tnp::broadcast_arrays(arrays);
  });
  m.def("ndim", [](A a) { return a.ndim(); });
  m.def("size", [](A a) { return a.size(); });
  m.def("shape", [](A a) { return nb::tuple(nb::cast(a.shape())); });
  m.def("isscalar", [](nb::handle a) {
    return isPythonScalar(a) || nb::isinstance<nb::str>(a);
  });
  m.def(
      "flip",
      [](A a, nb::handle axis) {
        if (axis.is_none())
          return tnp::flip(a);
        if (PyLong_Check(axis.ptr()))
          return tnp::flip(a, nb::cast<int64_t>(axis));
        return tnp::flip(a, toShape(axis));
      },
      nb::arg("m"), nb::arg("axis").none() = none());
  m.def("fliplr", &tnp::fliplr, nb::arg("m"));
  m.def("flipud", &tnp::flipud, nb::arg("m"));
  m.def(
      "roll",
      [](A a, nb::handle shift, nb::handle axis) {
        if (PyLong_Check(shift.ptr()))
          return tnp::roll(a, nb::cast<int64_t>(shift), nb::cast<OptInt>(axis));
        return tnp::roll(a, toShape(shift), toShape(axis));
      },
      nb::arg("a"), nb::arg("shift"), nb::arg("axis").none() = none());
  m.def(
      "moveaxis",
      [](A a, nb::handle source, nb::handle destination) {
        if (PyLong_Check(source.ptr()))
          return tnp::moveaxis(a, nb::cast<int64_t>(source),
                               nb::cast<int64_t>(destination));
        return tnp::moveaxis(a, toShape(source), toShape(destination));
      },
      nb::arg("a"), nb::arg("source"), nb::arg("destination"));
  m.def("swapaxes", &tnp::swapaxes, nb::arg("a"), nb::arg("axis1"),
        nb::arg("axis2"));
  m.def("rot90", &tnp::rot90, nb::arg("m"), nb::arg("k") = 1,
        nb::arg("axes") = std::vector<int64_t>{0, 1});
  m.def("atleast_1d", [](A a) { return tnp::atleast_1d(a); });
  m.def("atleast_2d", [](A a) { return tnp::atleast_2d(a); });
  m.def("atleast_3d", [](A a) { return tnp::atleast_3d(a); });
  m.def("append", &tnp::append, nb::arg("arr"), nb::arg("values"),
        nb::arg("axis").none() = none(), Release());
  m.def(
      "tile", [](A a, nb::handle reps) { return tnp::tile(a, toShape(reps)); },
      nb::arg("A"), nb::arg("reps"));
  m.def(
      "repeat",
      [](A a, nb::handle repeats, OptInt axis) {
        if (PyLong_Check(repeats.ptr()))
          return tnp::repeat(a, nb::cast<int64_t>(repeats), axis);
        return tnp::repeat(a, toShape(repeats), axis);
      },
      nb::arg("a"), nb::arg("repeats"), nb::arg("axis").none() = none());
  m.def(
      "pad",
      [](A a, nb::handle width, std::string_view mode, A value) {
        if (PyLong_Check(width.ptr()))
          return tnp::pad(a, nb::cast<int64_t>(width), mode, value);
        auto pairs = nb::cast<std::vector<std::pair<int64_t, int64_t>>>(width);
        return tnp::pad(a, pairs, mode, value);
      },
      nb::arg("array"), nb::arg("pad_width"), nb::arg("mode") = "constant",
      nb::arg("constant_values") = 0);
  m.def("take", &tnp::take, nb::arg("a"), nb::arg("indices"),
        nb::arg("axis").none() = none(), Release());
  m.def("take_along_axis", &tnp::take_along_axis, nb::arg("arr"),
        nb::arg("indices"), nb::arg("axis"), Release());
  m.def("nonzero", &tnp::nonzero, nb::arg("a"), Release());
  m.def("argwhere", &tnp::argwhere, nb::arg("a"), Release());
  m.def("flatnonzero", &tnp::flatnonzero, nb::arg("a"), Release());
  m.def("diagonal", &tnp::diagonal, nb::arg("a"), nb::arg("offset") = 0,
        nb::arg("axis1") = 0, nb::arg("axis2") = 1, Release());
  m.def("compress", &tnp::compress, nb::arg("condition"), nb::arg("a"),
        nb::arg("axis").none() = none(), Release());
}

void bindRandom(nb::module_ &m) {
  nb::module_ r = m.def_submodule("random", "tnp.random: NumPy's legacy "
                                            "random functions");
  auto sizeOf = [](nb::args dims) {
    return dims.size() == 1 ? toShape(dims[0]) : toShape(dims);
  };
  r.def("seed", &tnp::random::seed, nb::arg("seed"));
  r.def("rand", [sizeOf](nb::args d) { return tnp::random::rand(sizeOf(d)); });
  r.def("randn",
        [sizeOf](nb::args d) { return tnp::random::randn(sizeOf(d)); });
  auto size = [](nb::handle s) {
    return s.is_none() ? tnp::shape_t{} : toShape(s);
  };
  r.def(
      "random", [size](nb::handle s) { return tnp::random::random(size(s)); },
      nb::arg("size").none() = none());
  r.def(
      "standard_normal",
      [size](nb::handle s) { return tnp::random::standard_normal(size(s)); },
      nb::arg("size").none() = none());
  r.def(
      "uniform",
      [size](double lo, double hi, nb::handle s) {
        return tnp::random::uniform(lo, hi, size(s));
      },
      nb::arg("low") = 0.0, nb::arg("high") = 1.0,
      nb::arg("size").none() = none());
  r.def(
      "normal",
      [size](double loc, double scale, nb::handle s) {
        return tnp::random::normal(loc, scale, size(s));
      },
      nb::arg("loc") = 0.0, nb::arg("scale") = 1.0,
      nb::arg("size").none() = none());
  r.def(
      "poisson",
      [size](double lam, nb::handle s) {
        return tnp::random::poisson(lam, size(s));
      },
      nb::arg("lam") = 1.0, nb::arg("size").none() = none());
  r.def(
      "randint",
      [size](int64_t low, OptInt high, nb::handle s) {
        if (!high)
          return tnp::random::randint(0, low, size(s));
        return tnp::random::randint(low, *high, size(s));
      },
      nb::arg("low"), nb::arg("high").none() = none(),
      nb::arg("size").none() = none());
}

void bindPromotion(nb::module_ &m) {
  nb::enum_<tnp::promotion_mode>(m, "promotion_mode")
      .value("strict", tnp::promotion_mode::strict)
      .value("numpy", tnp::promotion_mode::numpy)
      .value("all", tnp::promotion_mode::all)
      .value("safe", tnp::promotion_mode::safe);
  m.def(
      "set_promotion",
      [](tnp::promotion_mode mode, bool preferFloat32) {
        tnp::set_promotion(mode, {preferFloat32});
      },
      nb::arg("mode"), nb::arg("prefer_float32") = false);
  m.def("get_promotion", &tnp::get_promotion);
  m.def("prefer_float32", [] { return tnp::prefer_float32(); });
  m.def("result_type", [](nb::args operands) {
    if (operands.size() == 0)
      throw tnp::ValueError("tnp.result_type: at least one operand");
    tnp::dtype t = tnp::result_type({toArray(operands[0])});
    for (size_t i = 1; i < operands.size(); ++i) {
      nb::handle o = operands[i];
      tnp::promotion_operand next =
          nb::isinstance<PyArray>(o) || isPythonScalar(o)
              ? tnp::promotion_operand(toArray(o))
              : tnp::promotion_operand(toDType(o));
      t = tnp::result_type({tnp::promotion_operand(t), next});
    }
    return t;
  });
  m.def("promote_types", &tnp::promote_types, nb::arg("type1"),
        nb::arg("type2"));
  m.def(
      "can_cast",
      [](tnp::dtype from, tnp::dtype to) { return tnp::can_cast(from, to); },
      nb::arg("from_"), nb::arg("to"));
}

} // namespace

void bindFunctions(nb::module_ &m) {
  bindElementwise(m);
  bindReductions(m);
  bindCreation(m);
  bindManipulation(m);
  bindRandom(m);
  bindPromotion(m);
}

} // namespace tnp::python
