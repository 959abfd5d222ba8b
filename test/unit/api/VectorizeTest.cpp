//===- VectorizeTest.cpp - vectorized_map against map_fn ------------------===//
//
// For every batching rule (reached through the NumPy API or the primitive),
// vectorized_map of a function equals map_fn of it, at batch sizes 1, 7 and
// 128, with unbatched arguments mixed in. Both compute in float64 with the
// same ops per element; batched reductions and products may sum in another
// order, hence 1e-12 relative.
//
//===----------------------------------------------------------------------===//

#include <tnp/tnp.h>

#include "lib/Primitives.h"
#include "test/unit/api/ErrorOf.h"

#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <functional>
#include <vector>

namespace {

using tnp::ndarray;
namespace prim = tnp::detail::prim;

void expectClose(const ndarray &got, const ndarray &want,
                 const std::string &what) {
  ASSERT_EQ(got.shape(), want.shape()) << what;
  ASSERT_EQ(got.dtype(), want.dtype()) << what;
  std::vector<double> g = got.to_vector<double>(), w = want.to_vector<double>();
  for (size_t i = 0; i < g.size(); ++i)
    ASSERT_LE(std::abs(g[i] - w[i]),
              1e-12 * std::max({1.0, std::abs(g[i]), std::abs(w[i])}))
        << what << " element " << i << ": " << g[i] << " vs " << w[i];
}

const int64_t kSizes[] = {1, 7, 128};

/// vectorized_map(f, xs) == map_fn(f, xs) for xs of each batch size and
/// element shape `shape`.
void checkUnary(const std::function<ndarray(const ndarray &)> &f,
                const tnp::shape_t &shape, const std::string &what) {
  for (int64_t n : kSizes) {
    tnp::shape_t batched = shape;
    batched.insert(batched.begin(), n);
    ndarray xs = tnp::random::uniform(0.5, 2.0, batched);
    expectClose(tnp::vectorized_map(f, xs), tnp::map_fn(f, xs),
                what + " at batch " + std::to_string(n));
  }
}

class Vectorize : public ::testing::Test {
protected:
  void SetUp() override { tnp::random::seed(11); }
};

TEST_F(Vectorize, ElementwiseConvertAndSelect) {
  checkUnary([](const ndarray &x) { return tnp::exp(x) * x - 1.0; }, {3, 4},
             "exp");
  checkUnary([](const ndarray &x) { return tnp::where(x > 1.0, x, -x); }, {5},
             "where");
  checkUnary([](const ndarray &x) { return x.astype(tnp::float32); }, {2},
             "convert");
  checkUnary([](const ndarray &x) { return tnp::maximum(x, 1.2) / x; }, {},
             "0-d");
}

TEST_F(Vectorize, InverseHyperbolicAndBaseFunctions) {
  using U = ndarray (*)(const ndarray &);
  // Inputs in [0.5, 2]: moved into (-1, 1) or (1, inf) where the domain
  // asks.
  for (auto [name, f] :
       std::vector<std::pair<const char *, U>>{{"tan", tnp::tan},
                                               {"arctan", tnp::arctan},
                                               {"sinh", tnp::sinh},
                                               {"cosh", tnp::cosh},
                                               {"arcsinh", tnp::arcsinh},
                                               {"log2", tnp::log2},
                                               {"log10", tnp::log10},
                                               {"exp2", tnp::exp2},
                                               {"cbrt", tnp::cbrt}})
    checkUnary([f = f](const ndarray &x) { return f(x) * x; }, {3, 2}, name);
  for (auto [name, f] :
       std::vector<std::pair<const char *, U>>{{"arcsin", tnp::arcsin},
                                               {"arccos", tnp::arccos},
                                               {"arctanh", tnp::arctanh}})
    checkUnary([f = f](const ndarray &x) { return f(x * 0.4); }, {4}, name);
  checkUnary([](const ndarray &x) { return tnp::arccosh(x + 1); }, {4},
             "arccosh");
}

// Functions written over other primitives batch as their parts do.
TEST_F(Vectorize, ComposedFunctions) {
  using F = std::function<ndarray(const ndarray &)>;
  std::vector<std::pair<const char *, F>> fs = {
      {"hypot", [](const ndarray &x) { return tnp::hypot(x, x * x); }},
      {"logaddexp", [](const ndarray &x) { return tnp::logaddexp(x, -x); }},
      {"logaddexp2", [](const ndarray &x) { return tnp::logaddexp2(x, 1.0); }},
      {"heaviside",
       [](const ndarray &x) { return tnp::heaviside(x - 1.2, x); }},
      {"sinc", [](const ndarray &x) { return tnp::sinc(x); }},
      {"select piecewise around",
       [](const ndarray &x) {
         ndarray s = tnp::select({x > 1.5, x < 0.8}, {x * x, -x}, 1.0);
         ndarray p = tnp::piecewise(
             x, {x > 1.0}, {[](const ndarray &v) { return v * 3; }, 0.5});
         return s + p + tnp::around(x * 100, -1);
       }},
      {"pad", [](const ndarray &x) { return tnp::pad(x, 2, "symmetric"); }},
      {"pad constant",
       [](const ndarray &x) {
         return tnp::pad(x, {{1, 0}, {0, 2}});
       }},
      {"broadcast_arrays meshgrid",
       [](const ndarray &x) {
         std::vector<ndarray> b = tnp::broadcast_arrays({x, x(0)});
         std::vector<ndarray> g = tnp::meshgrid({x(0), x(1)}, "ij");
         return b[0] * b[1] + tnp::sum(g[0] * g[1]);
       }},
      {"tril triu diag",
       [](const ndarray &x) {
         return tnp::tril(x) + tnp::triu(x, 1) * 2 + tnp::diag(x)(0) +
                tnp::sum(tnp::diagflat(x(0), 1));
       }},
      {"vander", [](const ndarray &x) { return tnp::vander(x(0), 3); }},
      {"full_like copy",
       [](const ndarray &x) {
         return tnp::full_like(x, x(0, 0)) + tnp::copy(x);
       }},
      {"nan reductions",
       [](const ndarray &x) {
         // NaNs in the first row only: no column is all NaN.
         ndarray top = x(tnp::slice(0, 1));
         ndarray n = tnp::concatenate(
             {tnp::where(top > 1.2, NAN, top), x(tnp::slice(1, 3))});
         return tnp::nansum(n, 0) + tnp::nanprod(n, 0) + tnp::nanmean(n, 0) +
                tnp::ptp(x, 0) +
                tnp::count_nonzero(x > 1.0, 0).astype(tnp::float64);
       }},
      {"average diff",
       [](const ndarray &x) {
         return tnp::average(x, 0, tnp::asarray({1.0, 2.0, 0.5})) +
                tnp::diff(x, 1, 0)(0) + tnp::diff(x, 1, 1, 0.0)(0);
       }},
      {"histogram",
       [](const ndarray &x) {
         auto [counts, edges] =
             tnp::histogram(x, 4, std::make_pair(0.5, 2.0), x);
         return counts + edges(tnp::slice(0, 4)) +
                tnp::sum(
                    tnp::histogram(x, tnp::asarray({0.0, 1.0, 3.0})).first) +
                tnp::histogram_bin_edges(x, 3)(0);
       }},
      {"inner vdot kron cross",
       [](const ndarray &x) {
         return tnp::sum(tnp::inner(x, x)) + tnp::vdot(x, x) +
                tnp::sum(tnp::kron(x, x(0))) + tnp::cross(x(0), x(1));
       }},
      {"convolve correlate polyval",
       [](const ndarray &x) {
         return tnp::convolve(x(0), x(1), "same") +
                tnp::correlate(x(2), x(1), "same") + tnp::polyval(x(0), x(1));
       }},
      {"real imag conj",
       [](const ndarray &x) {
         ndarray z = x + tnp::ndarray(std::complex<double>(0, 2)) * x * x;
         return tnp::real(tnp::conj(z)) - tnp::imag(z) + tnp::real(x);
       }},
      {"angle",
       [](const ndarray &x) {
         return tnp::angle(x.astype(tnp::complex128) - x * x) +
                tnp::angle(x - 1.2, true);
       }},
      {"signbit iscomplex isreal",
       [](const ndarray &x) {
         return tnp::where(tnp::signbit(x - 1.2), x, -x) + tnp::iscomplex(x) +
                tnp::isreal(x).astype(tnp::float64);
       }},
      {"nextafter", [](const ndarray &x) { return tnp::nextafter(x, 1.0); }},
      {"gcd lcm divmod",
       [](const ndarray &x) {
         ndarray i = tnp::round(x * 9).astype(tnp::int64);
         auto [q, r] = tnp::divmod(x * 5, x + 0.5);
         return (tnp::gcd(i, 12) + tnp::lcm(i, 4)).astype(tnp::float64) + q + r;
       }},
      {"fix", [](const ndarray &x) { return tnp::fix(x * 3) * x; }},
      {"float_power", [](const ndarray &x) { return tnp::float_power(x, x); }},
      {"isclose",
       [](const ndarray &x) {
         return tnp::where(tnp::isclose(x, 1.0, 0.2), x, -x);
       }},
      {"flip", [](const ndarray &x) { return tnp::flip(x) * x; }},
      {"roll", [](const ndarray &x) { return tnp::roll(x, 1, 1); }},
      {"roll flat", [](const ndarray &x) { return tnp::roll(x, -2); }},
      {"rot90", [](const ndarray &x) { return tnp::rot90(x, 3); }},
      {"moveaxis", [](const ndarray &x) { return tnp::moveaxis(x, 0, 1); }},
      {"swapaxes", [](const ndarray &x) { return tnp::swapaxes(x, 1, 0); }},
      {"tile",
       [](const ndarray &x) {
         return tnp::tile(x, {2, 1, 2});
       }},
      {"repeat",
       [](const ndarray &x) {
         return tnp::repeat(x, std::vector<int64_t>{2, 0, 1}, 0);
       }},
      {"hstack",
       [](const ndarray &x) {
         return tnp::hstack({x, x * 2});
       }},
      {"dstack",
       [](const ndarray &x) {
         return tnp::dstack({x, x});
       }},
      {"sort", [](const ndarray &x) { return tnp::sort(x, 0); }},
      {"argsort",
       [](const ndarray &x) { return tnp::argsort(-x).astype(tnp::float64); }},
      {"median", [](const ndarray &x) { return tnp::median(x, 0); }},
      {"nanmedian", [](const ndarray &x) { return tnp::nanmedian(x); }},
      {"quantile",
       [](const ndarray &x) {
         return tnp::quantile(x, tnp::asarray({0.2, 0.9}), 1);
       }},
      {"nanquantile",
       [](const ndarray &x) { return tnp::nanquantile(x, 0.5, 0, "lower"); }},
      {"percentile", [](const ndarray &x) { return tnp::percentile(x, 75.0); }},
      {"nanpercentile",
       [](const ndarray &x) { return tnp::nanpercentile(x, 10.0, 1); }},
      {"searchsorted",
       [](const ndarray &x) {
         return tnp::searchsorted(tnp::asarray({-1.0, 0.0, 1.0}), x, "right")
             .astype(tnp::float64);
       }},
      {"digitize",
       [](const ndarray &x) {
         return tnp::digitize(x, tnp::asarray({0.5, 0.0})).astype(tnp::float64);
       }},
      {"interp",
       [](const ndarray &x) {
         return tnp::interp(x, tnp::asarray({-1.0, 0.0, 2.0}),
                            tnp::asarray({1.0, -1.0, 3.0}));
       }},
      {"append", [](const ndarray &x) { return tnp::append(x, x); }},
      {"atleast_3d", [](const ndarray &x) { return tnp::atleast_3d(x); }},
      {"vsplit",
       [](const ndarray &x) {
         std::vector<ndarray> p = tnp::vsplit(x, std::vector<int64_t>{1});
         return p[1] * 2;
       }},
  };
  for (const auto &[name, f] : fs)
    checkUnary(f, {3, 2}, name);
}

TEST_F(Vectorize, DataMovement) {
  checkUnary(
      [](const ndarray &x) {
        return x.reshape({4, 3});
      },
      {3, 4}, "reshape");
  checkUnary([](const ndarray &x) { return tnp::transpose(x); }, {3, 4},
             "transpose");
  checkUnary([](const ndarray &x) { return x(tnp::slice(1, 3), tnp::slice()); },
             {3, 4}, "slice");
  checkUnary(
      [](const ndarray &x) { return x(tnp::slice(tnp::none, tnp::none, -1)); },
      {5}, "reverse");
  checkUnary(
      [](const ndarray &x) {
        return tnp::concatenate({x, x * 2.0});
      },
      {3}, "concatenate");
  checkUnary(
      [](const ndarray &x) {
        return prim::pad(x, tnp::asarray(0.5), {1}, {2}, {1});
      },
      {3}, "pad");
  checkUnary(
      [](const ndarray &x) {
        return tnp::broadcast_to(x, {2, 3});
      },
      {3}, "broadcast");
}

TEST_F(Vectorize, Reductions) {
  checkUnary([](const ndarray &x) { return tnp::sum(x, 1); }, {3, 4}, "sum");
  checkUnary([](const ndarray &x) { return tnp::max(x); }, {3, 4}, "max");
  checkUnary([](const ndarray &x) { return tnp::cumsum(x, 0); }, {3, 4},
             "cumsum");
  checkUnary([](const ndarray &x) { return tnp::argmax(x, 1); }, {3, 4},
             "argmax");
  checkUnary([](const ndarray &x) { return tnp::argmin(x, 0); }, {3, 4},
             "argmin");
  checkUnary([](const ndarray &x) { return tnp::cumprod(x, 1); }, {3, 4},
             "cumprod");
}

TEST_F(Vectorize, DotGeneralWithEitherOrBothBatched) {
  ndarray w = tnp::random::randn({4, 5});
  for (int64_t n : kSizes) {
    ndarray xs = tnp::random::randn({n, 3, 4}),
            ws = tnp::random::randn({n, 4, 5});
    auto f = [](const ndarray &x, const ndarray &v) {
      return tnp::matmul(x, v);
    };
    auto pairs = std::make_pair(xs, ws);
    auto both = [&](const std::pair<ndarray, ndarray> &e) {
      return f(e.first, e.second);
    };
    expectClose(tnp::vectorized_map(both, pairs), tnp::map_fn(both, pairs),
                "both batched");
    expectClose(tnp::vmap(f, {0, std::nullopt})(xs, w),
                tnp::map_fn([&](const ndarray &x) { return f(x, w); }, xs),
                "lhs batched");
    ndarray x = tnp::random::randn({3, 4});
    expectClose(tnp::vmap(f, {std::nullopt, 0})(x, ws),
                tnp::map_fn([&](const ndarray &v) { return f(x, v); }, ws),
                "rhs batched");
  }
}

TEST_F(Vectorize, GatherAndScatter) {
  ndarray table = tnp::random::randn({6, 2});
  for (int64_t n : kSizes) {
    ndarray xs = tnp::random::randn({n, 6, 2});
    ndarray idx = tnp::asarray({5, 0, 5});
    ndarray idxs = tnp::random::randint(0, 6, {n, 3});
    checkUnary([&](const ndarray &x) { return x(idx); }, {6, 2}, "gather");
    expectClose(tnp::vmap([&](const ndarray &i) { return table(i); })(idxs),
                tnp::map_fn([&](const ndarray &i) { return table(i); }, idxs),
                "gather with batched indices");
    auto both = [](const std::pair<ndarray, ndarray> &e) {
      return e.first(e.second);
    };
    auto pairs = std::make_pair(xs, idxs);
    expectClose(tnp::vectorized_map(both, pairs), tnp::map_fn(both, pairs),
                "gather, both batched");
    auto scatter = [](const std::pair<ndarray, ndarray> &e) {
      return e.first.at(e.second).add(1.5);
    };
    expectClose(tnp::vectorized_map(scatter, pairs),
                tnp::map_fn(scatter, pairs), "scatter add");
    auto set = [](const std::pair<ndarray, ndarray> &e) {
      return e.first.at(e.second(tnp::slice(0, 1))).set(-2.0);
    };
    expectClose(tnp::vectorized_map(set, pairs), tnp::map_fn(set, pairs),
                "scatter set");
    ndarray values = tnp::random::randn({n, 3, 2});
    auto setRows = [&](const ndarray &v) { return table.at(idx).multiply(v); };
    expectClose(tnp::vectorized_map(setRows, values),
                tnp::map_fn(setRows, values), "scatter mul, batched updates");
  }
}

TEST_F(Vectorize, ControlFlow) {
  // A per-element predicate: both branches run, a select picks.
  checkUnary(
      [](const ndarray &x) {
        return tnp::cond(
            tnp::sum(x) > 5.0, [](const ndarray &v) { return v * 2.0; },
            [](const ndarray &v) { return -v; }, x);
      },
      {4}, "cond");
  checkUnary(
      [](const ndarray &x) {
        return tnp::fori_loop(
            0, 3, [](const ndarray &, const ndarray &v) { return v * v; }, x);
      },
      {2}, "fori_loop");
  // Elements need different trip counts: each stops on its own.
  checkUnary(
      [](const ndarray &x) {
        return tnp::while_loop(
            [](const ndarray &v) { return tnp::sum(v) < 20.0; },
            [](const ndarray &v) { return v * 1.5; }, x);
      },
      {3}, "while_loop");
}

/// The seed's MLP loss, float64.
ndarray loss(const std::vector<ndarray> &w, const ndarray &x,
             const ndarray &y) {
  ndarray h = tnp::maximum(tnp::matmul(x, w[0]) + w[1], 0);
  return tnp::sum(tnp::square(tnp::matmul(h, w[2]) - y));
}

TEST_F(Vectorize, PerExampleGradientsAndJacobians) {
  std::vector<ndarray> w = {tnp::random::randn({4, 6}), tnp::random::randn({6}),
                            tnp::random::randn({6, 2})};
  for (int64_t n : kSizes) {
    auto batch =
        std::make_pair(tnp::random::randn({n, 4}), tnp::random::randn({n, 2}));
    auto perExample = [&](const std::pair<ndarray, ndarray> &e) {
      return tnp::grad(loss)(w, tnp::expand_dims(e.first, 0),
                             tnp::expand_dims(e.second, 0));
    };
    std::vector<ndarray> fast = tnp::vectorized_map(perExample, batch);
    std::vector<ndarray> slow = tnp::map_fn(perExample, batch);
    for (size_t k = 0; k < 3; ++k)
      expectClose(fast[k], slow[k],
                  "per-example gradient " + std::to_string(k));
  }
  // A batch Jacobian as vmap of a VJP, against GradientTape's.
  ndarray xs = tnp::random::randn({5, 4});
  auto predict = [&](const ndarray &x) {
    return tnp::matmul(tnp::tanh(tnp::matmul(x, w[0])), w[0].T());
  };
  auto rowJacobian = [&](const ndarray &x) { return tnp::jacrev(predict)(x); };
  ndarray tapeJacobian;
  {
    // The tape goes before the compiled vmap runs: a recording tape refuses
    // compiled calls that read a watched array (argument order decided
    // which ran first, and clang's differs from GCC's).
    tnp::GradientTape tape;
    tape.watch(xs);
    ndarray ys = predict(xs);
    tapeJacobian = tape.batch_jacobian(ys, xs);
  }
  expectClose(tnp::vectorized_map(rowJacobian, xs), tapeJacobian,
              "batch jacobian");
  // grad of a vmap: the transforms compose in the other order too.
  auto total = [&](const ndarray &x) {
    return tnp::sum(tnp::vectorized_map(
        [](const ndarray &r) { return tnp::sin(r) * r; }, x));
  };
  expectClose(tnp::grad(total)(xs), tnp::sin(xs) + xs * tnp::cos(xs),
              "grad of vmap");
}

TEST_F(Vectorize, AxesAndUnbatchedOutputs) {
  ndarray xs = tnp::random::randn({3, 7});
  auto f = [](const ndarray &x) { return x * 2.0; };
  expectClose(tnp::vmap(f, {1}, {1})(xs), xs * 2.0, "in_axes 1, out_axes 1");
  ndarray c = tnp::vmap([](const ndarray &) { return tnp::ones({2}); })(xs);
  expectClose(c, tnp::ones({3, 2}), "an unbatched output is broadcast");
}

TEST_F(Vectorize, RandomBitsWithBatchedKeys) {
  ndarray keys =
      tnp::asarray({1u, 2u, 3u, 4u, 5u, 6u}, tnp::uint32).reshape({3, 2});
  auto bits = [](const ndarray &key) {
    return prim::randomBits(key, {2, 3}, tnp::uint32);
  };
  EXPECT_EQ(tnp::vectorized_map(bits, keys).to_vector<uint32_t>(),
            tnp::map_fn(bits, keys).to_vector<uint32_t>());
}

TEST_F(Vectorize, OpsWithoutARuleAndErrors) {
  // pad has no rule for a batched padding value: an error naming the op,
  // or a loop over the batch when asked.
  ndarray x = tnp::random::randn({3});
  auto padWith = [&](const ndarray &v) {
    return prim::pad(x, v, {1}, {1}, {0});
  };
  ndarray values = tnp::random::randn({4});
  EXPECT_NE(
      errorOf<tnp::CompileError>([&] { tnp::vectorized_map(padWith, values); })
          .find("'tnp.pad' op has no batching rule for a batched padding "
                "value"),
      std::string::npos);
  expectClose(tnp::vectorized_map(padWith, values, /*fallback=*/true),
              tnp::map_fn(padWith, values), "pad in a loop");
  auto add = [](const ndarray &x, const ndarray &y) { return x + y; };
  EXPECT_NE(errorOf<tnp::ValueError>([&] {
              tnp::vmap(add)(tnp::ones({3, 2}), tnp::ones({4, 2}));
            }).find("inconsistent sizes for the mapped axis: 3 and 4"),
            std::string::npos);
  EXPECT_NE(errorOf<tnp::ValueError>([&] {
              tnp::map_fn([](const ndarray &x) { return x; },
                          tnp::asarray(1.0));
            }).find("leading dimension"),
            std::string::npos);
}

} // namespace
