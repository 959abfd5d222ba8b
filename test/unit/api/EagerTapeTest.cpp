//===- EagerTapeTest.cpp - every public function under an eager tape ------===//
//
// An eager GradientTape records each primitive call that reads an array it
// holds (lib/Dispatch.cpp: execute). Views (reshape, contiguous slices) are
// primitive calls too, so nothing between a watched array and a target can
// escape the tape. Each case below puts one public function or method
// between watched float64 arrays and a weighted sum of its result, and
// checks the tape's gradient, jacobian and batch_jacobian against central
// finite differences, and the gradient against tnp::grad where the function
// can be traced. Tolerances are AutodiffTest's (float64, h = 1e-6).
//
// The cases cover the public headers: a coverage test reads them and fails
// for a function or method that has neither a case nor a reason here why it
// cannot sit between a watched array and a target.
//
//===----------------------------------------------------------------------===//

#include <tnp/tnp.h>

#include "bench/Mlp.h"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <functional>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

using tnp::ndarray;
using tnp::slice;
using Args = std::vector<ndarray>;
using Fn = std::function<ndarray(const Args &)>;

struct Case {
  /// The public name the case covers (NumPy's, an operator, or a method as
  /// `ndarray::name`).
  std::string name;
  Fn f;
  std::vector<tnp::shape_t> shapes;
  /// Whether tnp::grad differentiates f too: it cannot trace a mask or
  /// nonzero (they need values), nor reverse a while_loop (as JAX cannot).
  bool traceable = true;
  /// The difference step and tolerance (wider where f rounds to float32).
  double h = 1e-6, tol = 1e-6;
  /// Where f has no derivative in tnp: the error both tnp::grad and the
  /// tape's gradient raise instead.
  std::string noDerivative;
};

/// Seeded values in [0.5, 2]: positive (log, sqrt, power) and, at random,
/// away from kinks and ties.
ndarray values(const tnp::shape_t &shape, int seed) {
  tnp::random::seed(seed);
  return tnp::random::uniform(0.5, 2.0, shape);
}

ndarray weights(const tnp::shape_t &shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return tnp::sin(tnp::arange(n).astype(tnp::float64) * 1.3 + 0.5)
      .reshape(shape);
}

/// sum(f(args) * w): a fixed weighting, so that each element's gradient
/// differs.
ndarray weighted(const ndarray &y) {
  return tnp::sum(y.astype(tnp::float64) * weights(y.shape()));
}

/// f(args) with `a`'s element i moved by delta.
ndarray moved(const Fn &f, const Args &args, size_t a, int64_t i,
              double delta) {
  Args m = args;
  std::vector<double> v = args[a].to_vector<double>();
  v[i] += delta;
  m[a] = tnp::asarray(v, args[a].shape());
  return f(m).astype(tnp::float64);
}

/// The central difference of f's elements with respect to element i of
/// argument a.
std::vector<double> difference(const Fn &f, const Args &args, size_t a,
                               int64_t i, double h) {
  std::vector<double> up = moved(f, args, a, i, h).to_vector<double>();
  std::vector<double> down = moved(f, args, a, i, -h).to_vector<double>();
  for (size_t k = 0; k < up.size(); ++k)
    up[k] = (up[k] - down[k]) / (2 * h);
  return up;
}

void expectClose(double got, double want, double tol, const std::string &what) {
  double scale = std::max({1.0, std::abs(got), std::abs(want)});
  EXPECT_LE(std::abs(got - want), tol * scale)
      << what << ": " << got << " vs " << want;
}

void expectArrayClose(const ndarray &got, const std::vector<double> &want,
                      double tol, const std::string &what) {
  std::vector<double> g = got.astype(tnp::float64).to_vector<double>();
  ASSERT_EQ(g.size(), want.size()) << what;
  for (size_t k = 0; k < g.size(); ++k)
    expectClose(g[k], want[k], tol, what + " [" + std::to_string(k) + "]");
}

void checkCase(const Case &c) {
  SCOPED_TRACE(c.name);
  Args args;
  for (size_t a = 0; a < c.shapes.size(); ++a)
    args.push_back(values(c.shapes[a], 11 + a));
  Fn loss = [&](const Args &in) { return weighted(c.f(in)); };
  if (!c.noDerivative.empty()) {
    auto expectRefused = [&](const std::function<void()> &gradient) {
      try {
        gradient();
        ADD_FAILURE() << "no error, expected " << c.noDerivative;
      } catch (const tnp::Error &e) {
        EXPECT_NE(std::string(e.what()).find(c.noDerivative), std::string::npos)
            << e.what();
      }
    };
    expectRefused([&] { tnp::grad(loss)(args); });
    tnp::GradientTape tape;
    tape.watch(args);
    ndarray target = loss(args);
    expectRefused([&] { tape.gradient(target, args); });
    return;
  }

  // Finite differences: the gradient of the loss and f's Jacobian with
  // respect to argument 0, laid out as the tape's (f's shape, then x's).
  std::vector<std::vector<double>> fdGrad(args.size());
  std::vector<std::vector<double>> columns;
  ndarray y0 = c.f(args);
  std::vector<double> w = weights(y0.shape()).to_vector<double>();
  for (size_t a = 0; a < args.size(); ++a)
    for (int64_t i = 0; i < args[a].size(); ++i) {
      std::vector<double> d = difference(c.f, args, a, i, c.h);
      double g = 0;
      for (size_t k = 0; k < d.size(); ++k)
        g += d[k] * w[k];
      fdGrad[a].push_back(g);
      if (a == 0)
        columns.push_back(d);
    }
  int64_t outSize = y0.size(), inSize = args[0].size();
  std::vector<double> fdJacobian(outSize * inSize);
  for (int64_t k = 0; k < outSize; ++k)
    for (int64_t i = 0; i < inSize; ++i)
      fdJacobian[k * inSize + i] = columns[i][k];

  Args traced;
  if (c.traceable)
    traced = tnp::grad(loss)(args);

  tnp::GradientTape tape(/*persistent=*/true);
  tape.watch(args);
  ndarray y = c.f(args);
  ndarray target = weighted(y);
  Args grads = tape.gradient(target, args);
  ASSERT_EQ(grads.size(), args.size());
  for (size_t a = 0; a < args.size(); ++a) {
    ASSERT_EQ(grads[a].shape(), args[a].shape());
    expectArrayClose(grads[a], fdGrad[a], c.tol,
                     "tape gradient of argument " + std::to_string(a));
    if (c.traceable)
      expectArrayClose(traced[a], grads[a].to_vector<double>(), 1e-12,
                       "tnp::grad against the tape, argument " +
                           std::to_string(a));
  }
  if (!y.dtype().is_floating())
    return;
  ndarray jacobian = tape.jacobian(y, args[0]);
  tnp::shape_t jacobianShape = y.shape();
  jacobianShape.insert(jacobianShape.end(), args[0].shape().begin(),
                       args[0].shape().end());
  EXPECT_EQ(jacobian.shape(), jacobianShape);
  expectArrayClose(jacobian, fdJacobian, c.tol, "jacobian");
  // batch_jacobian[b, j..., i...] sums the Jacobian over the target's
  // batch index b' at source batch b (the diagonal blocks where rows are
  // independent).
  // TF's batch_jacobian takes ranks 2 and up only (HardeningTest checks the
  // refusal).
  if (y.ndim() < 2 || args[0].ndim() < 2 || y.shape()[0] != args[0].shape()[0])
    return;
  int64_t batch = y.shape()[0], outRow = outSize / batch,
          inRow = inSize / batch;
  std::vector<double> fdBatch(batch * outRow * inRow, 0);
  for (int64_t b = 0; b < batch; ++b)
    for (int64_t j = 0; j < outRow; ++j)
      for (int64_t i = 0; i < inRow; ++i)
        for (int64_t bo = 0; bo < batch; ++bo)
          fdBatch[(b * outRow + j) * inRow + i] +=
              fdJacobian[(bo * outRow + j) * inSize + b * inRow + i];
  expectArrayClose(tape.batch_jacobian(y, args[0]), fdBatch, c.tol,
                   "batch_jacobian");
}

/// A float array from a bool one: where(mask, x, 2 y).
ndarray pick(const ndarray &mask, const ndarray &x, const ndarray &y) {
  return tnp::where(mask, x, y * 2);
}

using U = ndarray (*)(const ndarray &);
using B = ndarray (*)(const ndarray &, const ndarray &);

std::vector<Case> cases() {
  std::vector<Case> all;
  auto unary = [&](std::string name, std::function<ndarray(const ndarray &)> f,
                   tnp::shape_t shape = {2, 3}) {
    all.push_back({name, [f](const Args &a) { return f(a[0]); }, {shape}});
  };
  auto binary = [&](std::string name,
                    std::function<ndarray(const ndarray &, const ndarray &)> f,
                    tnp::shape_t s0 = {2, 3}, tnp::shape_t s1 = {2, 3}) {
    all.push_back(
        {name, [f](const Args &a) { return f(a[0], a[1]); }, {s0, s1}});
  };

  // math.h: ufuncs.
  for (auto [name, f] : std::vector<std::pair<std::string, U>>{
           {"negative", tnp::negative}, {"absolute", tnp::absolute},
           {"abs", tnp::abs},           {"exp", tnp::exp},
           {"expm1", tnp::expm1},       {"log", tnp::log},
           {"log1p", tnp::log1p},       {"sqrt", tnp::sqrt},
           {"square", tnp::square},     {"tanh", tnp::tanh},
           {"sin", tnp::sin},           {"cos", tnp::cos},
           {"tan", tnp::tan},           {"arctan", tnp::arctan},
           {"sinh", tnp::sinh},         {"cosh", tnp::cosh},
           {"arcsinh", tnp::arcsinh},   {"log2", tnp::log2},
           {"log10", tnp::log10},       {"exp2", tnp::exp2},
           {"cbrt", tnp::cbrt}})
    unary(name, f);
  // Inside their domains: (-1, 1), and (1, inf) for arccosh.
  for (auto [name, f] :
       std::vector<std::pair<std::string, U>>{{"arcsin", tnp::arcsin},
                                              {"arccos", tnp::arccos},
                                              {"arctanh", tnp::arctanh}})
    unary(name, [f = f](const ndarray &x) { return f(x * 0.4); });
  unary("arccosh", [](const ndarray &x) { return tnp::arccosh(x + 1); });
  for (auto [name, f] :
       std::vector<std::pair<std::string, U>>{{"sign", tnp::sign},
                                              {"floor", tnp::floor},
                                              {"ceil", tnp::ceil},
                                              {"round", tnp::round}})
    unary(name, [f = f](const ndarray &x) { return f(x * 3) * x; });
  unary("logical_not",
        [](const ndarray &x) { return pick(tnp::logical_not(x > 1.2), x, x); });
  unary("invert",
        [](const ndarray &x) { return pick(tnp::invert(x > 1.2), x, x); });
  for (auto [name, f] :
       std::vector<std::pair<std::string, B>>{{"add", tnp::add},
                                              {"subtract", tnp::subtract},
                                              {"multiply", tnp::multiply},
                                              {"divide", tnp::divide},
                                              {"true_divide", tnp::true_divide},
                                              {"remainder", tnp::remainder},
                                              {"mod", tnp::mod},
                                              {"power", tnp::power},
                                              {"maximum", tnp::maximum},
                                              {"minimum", tnp::minimum},
                                              {"arctan2", tnp::arctan2}})
    binary(name, f);
  binary("floor_divide", [](const ndarray &x, const ndarray &y) {
    return tnp::floor_divide(x * 3, y) * x;
  });
  for (auto [name, f] : std::vector<std::pair<std::string, B>>{
           {"logical_and", tnp::logical_and},
           {"logical_or", tnp::logical_or},
           {"logical_xor", tnp::logical_xor},
           {"bitwise_and", tnp::bitwise_and},
           {"bitwise_or", tnp::bitwise_or},
           {"bitwise_xor", tnp::bitwise_xor}})
    binary(name, [f = f](const ndarray &x, const ndarray &y) {
      return pick(f(x > 1.2, y > 1.2), x, y);
    });
  for (auto [name, f] : std::vector<std::pair<std::string, B>>{
           {"equal", tnp::equal},
           {"not_equal", tnp::not_equal},
           {"less", tnp::less},
           {"less_equal", tnp::less_equal},
           {"greater", tnp::greater},
           {"greater_equal", tnp::greater_equal}})
    binary(name, [f = f](const ndarray &x, const ndarray &y) {
      return pick(f(x, tnp::round(y)), x, y);
    });
  binary("where", [](const ndarray &x, const ndarray &y) {
    return tnp::where(x > y, x * x, y);
  });
  binary(
      "clip",
      [](const ndarray &x, const ndarray &hi) { return tnp::clip(x, 1.0, hi); },
      {2, 3}, {3});

  // math.h: operators.
  unary("operator-", [](const ndarray &x) { return -x; });
  unary("operator+", [](const ndarray &x) { return +x; });
  unary("operator~", [](const ndarray &x) { return pick(~(x > 1.2), x, x); });
  unary("operator!", [](const ndarray &x) { return pick(!(x > 1.2), x, x); });
  binary("operator+", [](const ndarray &x, const ndarray &y) { return x + y; });
  binary("operator-", [](const ndarray &x, const ndarray &y) { return x - y; });
  binary("operator*", [](const ndarray &x, const ndarray &y) { return x * y; });
  binary("operator/", [](const ndarray &x, const ndarray &y) { return x / y; });
  binary("operator%", [](const ndarray &x, const ndarray &y) { return x % y; });
  binary("operator&", [](const ndarray &x, const ndarray &y) {
    return pick((x > 1.2) & (y > 1.2), x, y);
  });
  binary("operator|", [](const ndarray &x, const ndarray &y) {
    return pick((x > 1.2) | (y > 1.2), x, y);
  });
  binary("operator^", [](const ndarray &x, const ndarray &y) {
    return pick((x > 1.2) ^ (y > 1.2), x, y);
  });
  binary("operator==", [](const ndarray &x, const ndarray &y) {
    return pick(x == tnp::round(y), x, y);
  });
  binary("operator!=", [](const ndarray &x, const ndarray &y) {
    return pick(x != tnp::round(y), x, y);
  });
  binary("operator<",
         [](const ndarray &x, const ndarray &y) { return pick(x < y, x, y); });
  binary("operator<=",
         [](const ndarray &x, const ndarray &y) { return pick(x <= y, x, y); });
  binary("operator>",
         [](const ndarray &x, const ndarray &y) { return pick(x > y, x, y); });
  binary("operator>=",
         [](const ndarray &x, const ndarray &y) { return pick(x >= y, x, y); });
  binary("operator+=", [](ndarray x, const ndarray &y) { return x += y; });
  binary("operator-=", [](ndarray x, const ndarray &y) { return x -= y; });
  binary("operator*=", [](ndarray x, const ndarray &y) { return x *= y; });
  binary("operator/=", [](ndarray x, const ndarray &y) { return x /= y; });

  // manipulation.h.
  binary("concatenate", [](const ndarray &x, const ndarray &y) {
    return tnp::concatenate({x, y * y}, 1);
  });
  binary("stack", [](const ndarray &x, const ndarray &y) {
    return tnp::stack({x, y * y}, 1);
  });
  unary("split",
        [](const ndarray &x) {
          std::vector<ndarray> parts = tnp::split(x, 2, 1);
          std::vector<ndarray> uneven =
              tnp::split(x, std::vector<int64_t>{1}, 0);
          return parts[1] * parts[0] + uneven[1].reshape({2, 2});
        },
        {2, 4});
  unary("expand_dims", [](const ndarray &x) {
    return tnp::expand_dims(x, 1) * tnp::expand_dims(x, 0).reshape({2, 3, 1});
  });
  unary("squeeze",
        [](const ndarray &x) { return tnp::squeeze(x) * tnp::squeeze(x, 0); },
        {1, 3});
  unary("reshape", [](const ndarray &x) {
    return tnp::reshape(x, {3, 2}) * tnp::reshape(x, {3, 2});
  });
  unary("ravel", [](const ndarray &x) { return tnp::ravel(x) * 2; });
  unary("transpose", [](const ndarray &x) {
    return tnp::transpose(x) * tnp::transpose(x, {1, 0});
  });
  unary("broadcast_to",
        [](const ndarray &x) {
          return tnp::broadcast_to(x, {2, 3});
        },
        {3});

  // reductions.h, over every axis and one.
  for (auto [name, f] :
       std::vector<std::pair<std::string,
                             ndarray (*)(const ndarray &, tnp::Axis, bool)>>{
           {"sum", tnp::sum},
           {"prod", tnp::prod},
           {"mean", tnp::mean},
           {"max", tnp::max},
           {"amax", tnp::amax},
           {"min", tnp::min},
           {"amin", tnp::amin}})
    unary(name, [f = f](const ndarray &x) {
      return f(x, std::nullopt, false) * f(x, 1, true) + f(x, 0, false);
    });
  unary("var", [](const ndarray &x) {
    return tnp::var(x) + tnp::var(x, 1, {1, true});
  });
  unary("std", [](const ndarray &x) {
    return tnp::std(x) + tnp::std(x, 0, {0, true});
  });
  unary("cumsum", [](const ndarray &x) {
    return tnp::cumsum(x) + tnp::cumsum(x, 1).ravel();
  });
  unary("cumprod", [](const ndarray &x) {
    return tnp::cumprod(x) + tnp::cumprod(x, 0).ravel();
  });
  unary("argmax", [](const ndarray &x) {
    return tnp::take(x, tnp::argmax(x)) * tnp::take(x, tnp::argmax(x, 1));
  });
  unary("argmin", [](const ndarray &x) {
    return tnp::take(x, tnp::argmin(x)) * tnp::take(x, tnp::argmin(x, 0));
  });
  unary("any", [](const ndarray &x) {
    return pick(tnp::any(x > 1.2, 1, true), x, x);
  });
  unary("all",
        [](const ndarray &x) { return pick(tnp::all(x > 0.7, 0), x, x); });

  // linalg.h, with 1-d operands (reshaped to matrices inside).
  binary("matmul",
         [](const ndarray &x, const ndarray &y) {
           return tnp::matmul(x, y) +
                  tnp::matmul(x, y(slice(), 0)).reshape({2, 1});
         },
         {2, 3}, {3, 2});
  binary("dot",
         [](const ndarray &x, const ndarray &y) {
           return tnp::dot(x, y) * tnp::dot(x(0), y(slice(), 1));
         },
         {2, 3}, {3, 2});
  binary(
      "tensordot",
      [](const ndarray &x, const ndarray &y) {
        return tnp::tensordot(x, y, 1) + tnp::tensordot(x, y, {{1}, {0}}) * 2;
      },
      {2, 3}, {3, 2});
  binary("outer",
         [](const ndarray &x, const ndarray &y) { return tnp::outer(x, y); },
         {3}, {2});
  binary("einsum",
         [](const ndarray &x, const ndarray &y) {
           return tnp::einsum("ij,jk->ik", x, y) +
                  tnp::einsum("ij,ji->i", {x, y}).reshape({2, 1});
         },
         {2, 3}, {3, 2});

  // indexing.h and the methods that index.
  unary("take", [](const ndarray &x) {
    return tnp::take(x, tnp::asarray({4, 0, 4})) *
           tnp::take(x, tnp::asarray({2, 1, 0}), 1);
  });
  unary("take_along_axis", [](const ndarray &x) {
    return tnp::take_along_axis(x, tnp::asarray({{2, 0}, {1, 1}}), 1);
  });
  unary("diagonal",
        [](const ndarray &x) {
          return tnp::diagonal(x)(slice(0, 2)) * tnp::diagonal(x, 1);
        },
        {3, 3});
  all.push_back({"nonzero",
                 [](const Args &a) {
                   return a[0][{tnp::nonzero(a[0] > 1.2)[0],
                                tnp::nonzero(a[0] > 1.2)[1]}];
                 },
                 {{2, 3}},
                 /*traceable=*/false});
  all.push_back({"argwhere",
                 [](const Args &a) {
                   return tnp::take(a[0], tnp::argwhere(a[0].ravel() > 1.2));
                 },
                 {{2, 3}},
                 false});
  all.push_back({"flatnonzero",
                 [](const Args &a) {
                   return tnp::take(a[0], tnp::flatnonzero(a[0] > 1.2));
                 },
                 {{2, 3}},
                 false});
  all.push_back({"where",
                 [](const Args &a) {
                   std::vector<ndarray> at = tnp::where(a[0] > 1.2);
                   return a[0][{at[0], at[1]}];
                 },
                 {{2, 3}},
                 false});
  all.push_back({"ndarray::operator()",
                 [](const Args &a) { return a[0](a[0] > 1.2); },
                 {{2, 3}},
                 false});
  unary("ndarray::operator()",
        [](const ndarray &x) {
          // Views (rows, contiguous runs), strided and reversed slices,
          // gathers.
          return tnp::square(tnp::concatenate(
              {x(1), x(0, slice(1, 3)), x(slice(1, 3)).ravel(),
               x(tnp::ellipsis, 0), x(slice(tnp::none, tnp::none, -1), 2),
               x(tnp::asarray({3, 0, 3}), 1),
               x(1, tnp::newaxis, slice(1, 3)).ravel(),
               x(slice(0, 4, 2)).ravel(), x(2, 1).reshape({1})}));
        },
        {4, 3});
  unary("ndarray::operator[]",
        [](const ndarray &x) {
          return x[1] + x[{slice(1, 3), 0}].reshape({2, 1}) * x[{2, slice()}];
        },
        {4, 3});
  unary("indexed_update::get",
        [](const ndarray &x) { return x.at(1, slice(0, 2)).get(); });
  binary("indexed_update::set",
         [](const ndarray &x, const ndarray &v) { return x.at(0).set(v) * x; },
         {2, 3}, {3});
  binary("indexed_update::add",
         [](const ndarray &x, const ndarray &v) {
           return x.at(tnp::asarray({1, 1}), slice(1, 3)).add(v) * x;
         },
         {2, 3}, {2});
  binary("indexed_update::multiply",
         [](const ndarray &x, const ndarray &v) {
           return x.at(slice(), 1).multiply(v);
         },
         {2, 3}, {2});
  // No VJP rule for min and max scatters yet: a clear error, not zeros.
  all.push_back({"indexed_update::min",
                 [](const Args &a) { return a[0].at(slice(), 0).min(a[1]); },
                 {{2, 3}, {2}},
                 true,
                 1e-6,
                 1e-6,
                 "has no VJP rule for a min scatter"});
  all.push_back({"indexed_update::max",
                 [](const Args &a) { return a[0].at(1).max(a[1]); },
                 {{2, 3}, {3}},
                 true,
                 1e-6,
                 1e-6,
                 "has no VJP rule for a max scatter"});
  unary("ndarray::at", [](const ndarray &x) {
    return x.at({1, slice(0, 2)}).set(x(0, slice(1, 3)) * 3);
  });

  // ndarray.h: methods.
  unary("ndarray::T", [](const ndarray &x) { return x.T() * x.T(); });
  unary("ndarray::reshape", [](const ndarray &x) { return x.reshape({6}); });
  unary("ndarray::ravel", [](const ndarray &x) { return x.ravel() * 2; });
  unary("ndarray::transpose", [](const ndarray &x) {
    return x.transpose() + x.transpose({1, 0});
  });
  unary("ndarray::squeeze", [](const ndarray &x) { return x.squeeze(2); },
        {2, 3, 1});
  all.push_back({"ndarray::astype",
                 [](const Args &a) { return a[0].astype(tnp::float32) * 2; },
                 {{2, 3}},
                 true,
                 1e-3,
                 1e-3});

  // creation.h: from arrays.
  unary("asarray", [](const ndarray &x) {
    return tnp::asarray(x) * tnp::asarray(x, tnp::float64);
  });
  unary("array", [](const ndarray &x) { return tnp::array(x) * x; });
  unary("full", [](const ndarray &x) {
    return tnp::full({2, 2}, x(0, 1)) * tnp::full({2}, x(1, 2), tnp::float64);
  });
  unary("zeros_like",
        [](const ndarray &x) { return tnp::zeros_like(x) + x * x; });
  unary("ones_like", [](const ndarray &x) { return tnp::ones_like(x) * x; });

  // math.h: ufuncs that are formulas of others, and tests of values.
  for (auto [name, f] :
       std::vector<std::pair<std::string, U>>{{"positive", tnp::positive},
                                              {"fabs", tnp::fabs},
                                              {"reciprocal", tnp::reciprocal},
                                              {"deg2rad", tnp::deg2rad},
                                              {"rad2deg", tnp::rad2deg},
                                              {"sinc", tnp::sinc}})
    unary(name, f);
  unary("fix", [](const ndarray &x) { return tnp::fix(x * 3) * x; });
  for (auto [name, f] : std::vector<std::pair<std::string, B>>{
           {"hypot", tnp::hypot},
           {"logaddexp", tnp::logaddexp},
           {"logaddexp2", tnp::logaddexp2},
           {"float_power", tnp::float_power}})
    binary(name, f);
  binary("heaviside", [](const ndarray &x, const ndarray &y) {
    return tnp::heaviside(x - 1.2, y) * x;
  });
  for (auto [name, f] :
       std::vector<std::pair<std::string, U>>{{"isnan", tnp::isnan},
                                              {"isinf", tnp::isinf},
                                              {"isfinite", tnp::isfinite},
                                              {"isposinf", tnp::isposinf},
                                              {"isneginf", tnp::isneginf}})
    unary(name, [f = f](const ndarray &x) {
      return pick(f(tnp::log(x - 1.2)), x, x);
    });
  // Complex parts of real arrays: the array, zeros, the array, 0.
  for (auto [name, f] :
       std::vector<std::pair<std::string, U>>{{"real", tnp::real},
                                              {"imag", tnp::imag},
                                              {"conjugate", tnp::conjugate},
                                              {"conj", tnp::conj}})
    unary(name, [f = f](const ndarray &x) { return f(x) * x; });
  unary("angle", [](const ndarray &x) { return tnp::angle(x - 1.2) * x; });
  for (auto [name, f] :
       std::vector<std::pair<std::string, U>>{{"signbit", tnp::signbit},
                                              {"iscomplex", tnp::iscomplex},
                                              {"isreal", tnp::isreal}})
    unary(name,
          [f = f](const ndarray &x) { return pick(f(x - 1.2), x, x * x); });
  unary("bitwise_not",
        [](const ndarray &x) { return pick(tnp::bitwise_not(x > 1.2), x, x); });
  binary("nextafter", [](const ndarray &x, const ndarray &y) {
    return tnp::nextafter(x, y) * y;
  });
  for (auto [name, f] : std::vector<std::pair<std::string, B>>{
           {"gcd", tnp::gcd}, {"lcm", tnp::lcm}})
    binary(name, [f = f](const ndarray &x, const ndarray &y) {
      ndarray i = tnp::round(x * 4).astype(tnp::int64);
      return f(i, tnp::round(y * 6).astype(tnp::int64)) * x;
    });
  binary("divmod", [](const ndarray &x, const ndarray &y) {
    auto [q, r] = tnp::divmod(x * 3, y);
    return q * x + r;
  });
  binary("select", [](const ndarray &x, const ndarray &y) {
    return tnp::select({x > 1.5, y > 1.0}, {x * y, y}, x);
  });
  unary("piecewise", [](const ndarray &x) {
    return tnp::piecewise(x, {x<1.0, x> 1.6},
                          {[](const ndarray &v) { return v * v; }, 2.0,
                           [](const ndarray &v) { return -v; }});
  });
  unary("around", [](const ndarray &x) { return tnp::around(x * 30, -1) * x; });
  binary("isclose", [](const ndarray &x, const ndarray &y) {
    return pick(tnp::isclose(x, y, 0.3), x, y);
  });
  binary("allclose", [](const ndarray &x, const ndarray &y) {
    return pick(tnp::allclose(x, y, 0.3), x, y);
  });
  binary("array_equal", [](const ndarray &x, const ndarray &y) {
    return pick(tnp::array_equal(x, x), x, y);
  });

  // manipulation.h: reordering, joining and repeating.
  unary("flip", [](const ndarray &x) { return tnp::flip(x, int64_t(1)) * x; });
  unary("fliplr", [](const ndarray &x) { return tnp::fliplr(x) * x; });
  unary("flipud", [](const ndarray &x) { return tnp::flipud(x) * x; });
  unary("roll", [](const ndarray &x) { return tnp::roll(x, 2) * x; });
  unary("moveaxis", [](const ndarray &x) { return tnp::moveaxis(x, 0, 2); },
        {2, 3, 4});
  unary("swapaxes", [](const ndarray &x) { return tnp::swapaxes(x, 0, 1); });
  unary("rot90", [](const ndarray &x) { return tnp::rot90(x) * 1.5; });
  unary("atleast_1d", [](const ndarray &x) { return tnp::atleast_1d(x) * x; },
        {});
  unary("atleast_2d", [](const ndarray &x) { return tnp::atleast_2d(x); }, {3});
  unary("atleast_3d", [](const ndarray &x) { return tnp::atleast_3d(x); }, {3});
  binary("hstack", [](const ndarray &x, const ndarray &y) {
    return tnp::hstack({x, y * y});
  });
  binary("vstack", [](const ndarray &x, const ndarray &y) {
    return tnp::vstack({x, y * y});
  });
  binary("dstack", [](const ndarray &x, const ndarray &y) {
    return tnp::dstack({x, y * y});
  });
  unary("hsplit", [](const ndarray &x) {
    std::vector<ndarray> p = tnp::hsplit(x, 3);
    return p[0] * p[2] + p[1];
  });
  unary("vsplit",
        [](const ndarray &x) {
          std::vector<ndarray> p = tnp::vsplit(x, std::vector<int64_t>{1});
          return p[0] * p[1];
        },
        {3, 2});
  unary("dsplit",
        [](const ndarray &x) {
          std::vector<ndarray> p = tnp::dsplit(x, 2);
          return p[0] * p[1];
        },
        {2, 3, 2});
  binary("append", [](const ndarray &x, const ndarray &y) {
    return tnp::append(x, y * y);
  });
  unary("tile", [](const ndarray &x) {
    return tnp::tile(x, std::vector<int64_t>{2, 1}) * 1.5;
  });
  unary("repeat", [](const ndarray &x) {
    return tnp::repeat(x, std::vector<int64_t>{1, 0, 2}, 1) +
           tnp::sum(tnp::repeat(x, 3));
  });

  // Padding, broadcasting, flattening; building matrices and grids.
  unary("pad", [](const ndarray &x) {
    return tnp::pad(x, {{1, 2}, {3, 0}}, "reflect") +
           tnp::sum(tnp::pad(x, 2, "constant", 1.5));
  });
  binary("broadcast_arrays",
         [](const ndarray &x, const ndarray &y) {
           std::vector<ndarray> b = tnp::broadcast_arrays({x, y});
           return b[0] * b[1];
         },
         {2, 1}, {3});
  unary("flatten", [](const ndarray &x) { return tnp::flatten(x) * 2.0; });
  unary("tril", [](const ndarray &x) { return tnp::tril(x, 1) * x; }, {3, 4});
  unary("triu", [](const ndarray &x) { return tnp::triu(x, -1) * x; }, {3, 4});
  unary("diag", [](const ndarray &x) { return tnp::diag(x, -1) * 2.0; }, {3});
  unary("diagflat", [](const ndarray &x) { return tnp::diagflat(x, 1); });
  unary("vander", [](const ndarray &x) { return tnp::vander(x, 4); }, {3});
  binary("meshgrid",
         [](const ndarray &x, const ndarray &y) {
           std::vector<ndarray> g = tnp::meshgrid({x, y});
           return g[0] * g[1];
         },
         {3}, {2});
  binary("full_like", [](const ndarray &x, const ndarray &y) {
    return tnp::full_like(x, y(0, 1)) * x;
  });
  for (auto [name, f] : std::vector<std::pair<std::string, U>>{
           {"copy", [](const ndarray &x) { return tnp::copy(x); }},
           {"asanyarray", [](const ndarray &x) { return tnp::asanyarray(x); }},
           {"ascontiguousarray",
            [](const ndarray &x) { return tnp::ascontiguousarray(x); }}})
    unary(name, [f = f](const ndarray &x) { return f(x) * x; });
  all.push_back(
      {"compress",
       [](const Args &a) {
         return tnp::compress(tnp::asarray({true, false, true}), a[0], 1) * 2.0;
       },
       {{2, 3}},
       /*traceable=*/false});

  // Statistics: NaN-skipping reductions, averages, differences, histograms.
  for (auto [name, f] :
       std::vector<std::pair<std::string,
                             ndarray (*)(const ndarray &, tnp::Axis, bool)>>{
           {"nansum", tnp::nansum},
           {"nanprod", tnp::nanprod},
           {"nanmean", tnp::nanmean}})
    unary(name, [f = f](const ndarray &x) {
      ndarray withNaN = tnp::where(x > 1.8, tnp::ndarray(NAN), x);
      return f(withNaN, 1, false) + tnp::sum(f(x, 0, false));
    });
  unary("ptp", [](const ndarray &x) { return tnp::ptp(x, 1); });
  unary("count_nonzero", [](const ndarray &x) {
    return x * tnp::count_nonzero(x > 1.2, 0).astype(tnp::float64);
  });
  binary("average", [](const ndarray &x, const ndarray &y) {
    return tnp::average(x, 1, y(0) + 1.0) + tnp::sum(tnp::average(x, 0, y));
  });
  unary("diff", [](const ndarray &x) {
    return tnp::diff(x, 2, -1, x(tnp::ellipsis, slice(0, 1)) * x(0, 0));
  });
  binary("histogram", [](const ndarray &x, const ndarray &y) {
    return tnp::histogram(tnp::asarray({0.1, 0.5, 0.7, 0.2, 0.9, 0.4}), 3,
                          std::make_pair(0.0, 1.0), y.reshape({6}))
               .first *
           tnp::sum(x);
  });
  unary("histogram_bin_edges",
        [](const ndarray &x) { return tnp::histogram_bin_edges(x, 4); });

  // sorting.h: the values move with the sort (a permutation's gradient),
  // the statistics interpolate between sorted values, the searches give
  // integers.
  unary("sort", [](const ndarray &x) { return tnp::sort(x) * 1.5; });
  unary("argsort", [](const ndarray &x) {
    return tnp::take_along_axis(x, tnp::argsort(x, 0), 0) * x;
  });
  unary("median", [](const ndarray &x) { return tnp::median(x, 1); }, {3, 4});
  unary("nanmedian", [](const ndarray &x) { return tnp::nanmedian(x, 0); },
        {3, 4});
  unary("quantile", [](const ndarray &x) {
    return tnp::quantile(x, tnp::asarray({0.3, 0.8}), 1);
  });
  unary("nanquantile", [](const ndarray &x) {
    return tnp::nanquantile(x, 0.4, std::nullopt, "midpoint");
  });
  unary("percentile", [](const ndarray &x) {
    return tnp::percentile(x, 35.0, 0, "linear", true);
  });
  unary("nanpercentile",
        [](const ndarray &x) { return tnp::nanpercentile(x, 90.0); });
  binary("interp", [](const ndarray &x, const ndarray &y) {
    return tnp::interp(x, tnp::asarray({0.0, 1.0, 1.5, 3.0}),
                       tnp::concatenate({y(0), y(1, slice(0, 1))}));
  });
  unary("searchsorted", [](const ndarray &x) {
    ndarray i = tnp::searchsorted(tnp::asarray({0.7, 1.0, 1.4}), x);
    return x * i.astype(tnp::float64);
  });
  unary("digitize", [](const ndarray &x) {
    ndarray i = tnp::digitize(x, tnp::asarray({1.6, 1.0, 0.7}), true);
    return x * i.astype(tnp::float64);
  });

  // linalg.h: the other products.
  for (auto [name, f] : std::vector<std::pair<std::string, B>>{
           {"inner", tnp::inner}, {"vdot", tnp::vdot}, {"kron", tnp::kron}})
    binary(name, f);
  binary("cross", [](const ndarray &x, const ndarray &y) {
    return tnp::cross(x, y) + tnp::cross(x, y(slice(), slice(0, 2)));
  });
  binary("convolve",
         [](const ndarray &x, const ndarray &y) {
           return tnp::convolve(x, y, "same");
         },
         {5}, {3});
  binary("correlate",
         [](const ndarray &x, const ndarray &y) {
           return tnp::correlate(x, y, "full");
         },
         {3}, {4});
  binary("polyval",
         [](const ndarray &p, const ndarray &x) { return tnp::polyval(p, x); },
         {3}, {2, 2});

  // control_flow.h: eagerly, the branch or body taken runs as plain ops.
  unary("cond", [](const ndarray &x) {
    return tnp::cond(
        tnp::sum(x) > 0, [](const ndarray &v) { return v * v; },
        [](const ndarray &v) { return -v; }, x);
  });
  unary("fori_loop", [](const ndarray &x) {
    return tnp::fori_loop(
        0, 3, [](const ndarray &, const ndarray &v) { return v * 1.5 + 0.1; },
        x);
  });
  all.push_back(
      {"while_loop",
       [](const Args &a) {
         auto result = tnp::while_loop(
             [](const std::pair<ndarray, ndarray> &s) { return s.first < 3; },
             [](const std::pair<ndarray, ndarray> &s) {
               return std::make_pair(s.first + 1, tnp::sin(s.second) * 1.1);
             },
             std::make_pair(tnp::asarray(0), a[0]));
         return result.second;
       },
       {{2, 3}},
       /*traceable=*/false});
  // vectorize.h: map_fn runs the loop itself eagerly.
  unary("map_fn",
        [](const ndarray &x) {
          return tnp::map_fn(
              [](const ndarray &row) { return row * tnp::sum(row); }, x);
        },
        {3, 2});
  return all;
}

/// Names in the public headers that cannot sit between a watched array and
/// a target, and why.
const std::map<std::string, std::string> &notBetween() {
  static const std::map<std::string, std::string> reasons = {
      {"empty", "no array argument"},
      {"zeros", "no array argument"},
      {"ones", "no array argument"},
      {"arange", "takes scalars (its values leave the tape, as in TF)"},
      {"linspace", "no array argument"},
      {"eye", "no array argument"},
      {"identity", "no array argument"},
      {"rand", "no array argument"},
      {"randn", "no array argument"},
      {"uniform", "no array argument"},
      {"normal", "no array argument"},
      {"randint", "no array argument"},
      {"ndarray::item", "a host value: leaves the tape, as .numpy() does"},
      {"ndarray::to_vector", "host values: leave the tape"},
      {"ndarray::operator=", "rebinds the handle; computes nothing"},
      {"vmap", "a compiled call: under a tape holding its argument it is "
               "refused (AutodiffTest: a watched array passed to a compiled "
               "function)"},
      {"vectorized_map", "a compiled call (vmap), refused as vmap"},
      {"from_buffer", "external memory: no array argument"},
      {"empty_like", "its values are undefined"},
      {"logspace", "no array argument"},
      {"geomspace", "no array argument"},
      {"tri", "no array argument"},
      {"random", "no array argument"},
      {"standard_normal", "no array argument"},
      {"poisson", "no array argument"},
      {"diag_indices", "no array argument"},
      {"ix_", "integer index arrays: no derivative"},
      {"from_vector", "a C++ vector: no array argument"},
      {"load", "reads a file: no array argument"},
      {"boolIndex", "detail: builds an index"},
      {"indexArray", "detail: builds an index"},
  };
  return reasons;
}

/// The functions and methods the public headers declare that return
/// arrays: `name(` after a return type of ndarray, std::vector<ndarray>, T
/// or auto at namespace level, and ndarray's and indexed_update's methods
/// as `ndarray::name`.
std::set<std::string> publicNames() {
  std::set<std::string> names;
  std::regex decl(
      R"(^(\s*)(?:template <[^>]*>\s*)?(?:ndarray|std::vector<ndarray>|std::pair<ndarray, ndarray>|std::vector<T>|T|auto|indexed_update)\s*&?\s*(operator\S+?|\w+)\()");
  std::regex klass(R"(^class (\w+) \{)");
  for (const char *header :
       {"math.h", "manipulation.h", "reductions.h", "linalg.h", "indexing.h",
        "creation.h", "random.h", "ndarray.h", "control_flow.h", "vectorize.h",
        "interop.h", "io.h", "sorting.h"}) {
    std::ifstream in(std::string(TNP_INCLUDE_DIR) + "/tnp/" + header);
    EXPECT_TRUE(in) << header;
    std::string line, cls, returnType;
    bool inDetail = false;
    while (std::getline(in, line)) {
      std::smatch m;
      // A return type clang-format put on a line of its own.
      if (line == "std::pair<ndarray, ndarray>") {
        returnType = line + " ";
        continue;
      }
      line = returnType + line;
      returnType.clear();
      if (line.rfind("namespace detail", 0) == 0)
        inDetail = true;
      if (line.rfind("} // namespace detail", 0) == 0)
        inDetail = false;
      if (std::regex_search(line, m, klass))
        cls = m[1];
      if (line == "};")
        cls.clear();
      if (inDetail || !std::regex_search(line, m, decl))
        continue;
      std::string name = m[2];
      if (m[1].length() == 0)
        names.insert(name);
      else if (m[1].length() == 2 && !cls.empty() && name != cls)
        names.insert(cls + "::" + name);
    }
  }
  return names;
}

TEST(EagerTape, EveryPublicFunctionHasACase) {
  std::set<std::string> covered;
  for (const Case &c : cases())
    covered.insert(c.name);
  std::set<std::string> names = publicNames();
  EXPECT_GT(names.size(), 100u);
  for (const std::string &name : names)
    EXPECT_TRUE(covered.count(name) || notBetween().count(name))
        << name << " has no eager-tape case (EagerTapeTest.cpp: cases) and "
        << "no reason why it cannot sit between a watched array and a target";
  for (const std::string &name : covered)
    EXPECT_TRUE(names.count(name)) << "case " << name << " names no function";
}

// The tour's per-example gradients: the seed's compute_gradients (a tape
// inside the mapped function, reading each example through expand_dims)
// eagerly by map_fn, against vectorized_map's batched trace of it.
TEST(EagerTape, MapFnPerExampleGradientsMatchVectorizedMap) {
  bench::Weights w = bench::mlpWeights();
  tnp::random::seed(3);
  ndarray inputs = tnp::random::randn({8, 32}).astype(tnp::float32);
  ndarray labels = tnp::random::randn({8, 2}).astype(tnp::float32);
  auto perExample = [&](const std::pair<ndarray, ndarray> &e) {
    return bench::mlpGradients(w, tnp::expand_dims(e.first, 0),
                               tnp::expand_dims(e.second, 0));
  };
  bench::Weights eager =
      tnp::map_fn(perExample, std::make_pair(inputs, labels));
  bench::Weights batched =
      tnp::vectorized_map(perExample, std::make_pair(inputs, labels));
  ASSERT_EQ(eager.size(), batched.size());
  for (size_t k = 0; k < eager.size(); ++k) {
    EXPECT_GT(tnp::sum(tnp::abs(eager[k])).item<double>(), 0) << k;
    expectArrayClose(eager[k], batched[k].to_vector<double>(), 1e-5,
                     "weight " + std::to_string(k));
  }
}

class EagerTapeCase : public ::testing::TestWithParam<size_t> {};

TEST_P(EagerTapeCase, MatchesGradAndFiniteDifferences) {
  static const std::vector<Case> all = cases();
  checkCase(all[GetParam()]);
}

INSTANTIATE_TEST_SUITE_P(Api, EagerTapeCase,
                         ::testing::Range(size_t(0), cases().size()),
                         [](const ::testing::TestParamInfo<size_t> &info) {
                           static const std::vector<Case> all = cases();
                           std::string name = std::to_string(info.param) + "_";
                           for (char ch : all[info.param].name)
                             name +=
                                 std::isalnum(static_cast<unsigned char>(ch))
                                     ? ch
                                     : '_';
                           return name;
                         });

} // namespace
