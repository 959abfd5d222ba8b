//===- AutodiffTest.cpp - gradients against central finite differences ----===//
//
// Every differentiable primitive, reached through the NumPy API (or its
// primitive where NumPy has no function for it), is differentiated by
// tnp::grad and compared, element by element, with central differences in
// float64: |g - fd| <= 1e-6 max(1, |g|, |fd|). With h = 1e-6 the difference
// quotient's error is about h^2 |f'''| + eps |f| / h, below 1e-9 for these
// functions, so 1e-6 leaves room without hiding a wrong rule (a wrong rule
// is off by O(1)). Then composites (the seed's MLP, softmax cross-entropy,
// a reduction over broadcast products, grad of grad), Jacobians, the
// GradientTape, and the errors.
//
//===----------------------------------------------------------------------===//

#include <tnp/tnp.h>

#include "lib/Primitives.h"
#include "test/unit/api/ErrorOf.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <vector>

namespace {

using tnp::ndarray;
using Args = std::vector<ndarray>;
using Fn = std::function<ndarray(const Args &)>;
namespace prim = tnp::detail::prim;

/// A fixed, shape-dependent weighting, so that each element's gradient
/// differs: sum(y * w).
ndarray weighted(const ndarray &y) {
  ndarray w = tnp::sin(tnp::arange(y.size()).astype(tnp::float64) * 1.3 + 0.5);
  return tnp::sum(y * w.reshape(y.shape()));
}

void expectClose(double got, double want, const std::string &where) {
  double scale = std::max({1.0, std::abs(got), std::abs(want)});
  EXPECT_LE(std::abs(got - want), 1e-6 * scale)
      << where << ": " << got << " vs " << want;
}

/// The central difference of f with respect to element i of argument a.
double difference(const Fn &f, const Args &args, size_t a, size_t i) {
  const double h = 1e-6;
  std::vector<double> values = args[a].to_vector<double>();
  auto at = [&](double delta) {
    Args moved = args;
    std::vector<double> v = values;
    v[i] += delta;
    moved[a] = tnp::asarray(v, args[a].shape());
    return f(moved).item<double>();
  };
  return (at(h) - at(-h)) / (2 * h);
}

/// tnp::grad of f at `args` (all float64) against central differences.
void checkGradient(const Fn &f, const Args &args) {
  Args grads = tnp::grad(f)(args);
  ASSERT_EQ(grads.size(), args.size());
  for (size_t a = 0; a < args.size(); ++a) {
    ASSERT_EQ(grads[a].shape(), args[a].shape());
    ASSERT_EQ(grads[a].dtype(), args[a].dtype());
    std::vector<double> g = grads[a].to_vector<double>();
    for (size_t i = 0; i < g.size(); ++i)
      expectClose(g[i], difference(f, args, a, i),
                  "argument " + std::to_string(a) + " element " +
                      std::to_string(i));
  }
}

ndarray normal(const tnp::shape_t &shape) {
  return tnp::random::randn(shape);
}
ndarray positive(const tnp::shape_t &shape) {
  return tnp::random::uniform(0.5, 2.0, shape);
}

class Gradient : public ::testing::Test {
protected:
  void SetUp() override { tnp::random::seed(7); }
};

TEST_F(Gradient, UnaryOps) {
  using Unary = ndarray (*)(const ndarray &);
  for (Unary op : {+[](const ndarray &x) { return -x; },
                   +[](const ndarray &x) { return tnp::abs(x); },
                   +[](const ndarray &x) { return tnp::exp(x); },
                   +[](const ndarray &x) { return tnp::expm1(x); },
                   +[](const ndarray &x) { return tnp::square(x); },
                   +[](const ndarray &x) { return tnp::tanh(x); },
                   +[](const ndarray &x) { return tnp::sin(x); },
                   +[](const ndarray &x) { return tnp::cos(x); },
                   +[](const ndarray &x) { return tnp::sign(x) * x; },
                   +[](const ndarray &x) { return tnp::floor(x) + x; },
                   +[](const ndarray &x) { return tnp::ceil(x) * x; },
                   +[](const ndarray &x) { return tnp::round(x) - x; },
                   +[](const ndarray &x) {
                     return prim::elementwise(prim::Elementwise::Logistic,
                                              {x}, "logistic");
                   }})
    checkGradient([op](const Args &a) { return weighted(op(a[0])); },
                  {normal({2, 3})});
  for (Unary op : {+[](const ndarray &x) { return tnp::log(x); },
                   +[](const ndarray &x) { return tnp::log1p(x); },
                   +[](const ndarray &x) { return tnp::sqrt(x); },
                   +[](const ndarray &x) {
                     return prim::elementwise(prim::Elementwise::Rsqrt, {x},
                                              "rsqrt");
                   }})
    checkGradient([op](const Args &a) { return weighted(op(a[0])); },
                  {positive({5})});
}

TEST_F(Gradient, BinaryOps) {
  using Binary = ndarray (*)(const ndarray &, const ndarray &);
  for (Binary op :
       {+[](const ndarray &x, const ndarray &y) { return x + y; },
        +[](const ndarray &x, const ndarray &y) { return x - y; },
        +[](const ndarray &x, const ndarray &y) { return x * y; },
        +[](const ndarray &x, const ndarray &y) { return x / y; },
        +[](const ndarray &x, const ndarray &y) { return tnp::power(x, y); },
        +[](const ndarray &x, const ndarray &y) { return tnp::maximum(x, y); },
        +[](const ndarray &x, const ndarray &y) { return tnp::minimum(x, y); },
        +[](const ndarray &x, const ndarray &y) { return tnp::arctan2(x, y); },
        +[](const ndarray &x, const ndarray &y) { return tnp::mod(x, y); },
        +[](const ndarray &x, const ndarray &y) {
          return tnp::floor_divide(x, y) * x;
        },
        +[](const ndarray &x, const ndarray &y) {
          return tnp::where(x > y, x * x, y);
        }})
    checkGradient([op](const Args &a) { return weighted(op(a[0], a[1])); },
                  {positive({2, 3}), positive({2, 3})});
}

TEST_F(Gradient, BroadcastSumsBackToTheOperandShape) {
  checkGradient(
      [](const Args &a) { return weighted(a[0] * a[1] + a[2]); },
      {normal({2, 1, 3}), normal({4, 1}), normal({3})});
}

TEST_F(Gradient, DataMovement) {
  std::vector<Fn> fns = {
      [](const Args &a) { return weighted(a[0].reshape({3, 4})); },
      [](const Args &a) { return weighted(tnp::transpose(a[0], {2, 0, 1})); },
      [](const Args &a) {
        return weighted(a[0](tnp::slice(), tnp::slice(0, 3, 2)));
      },
      [](const Args &a) {
        return weighted(a[0](1, tnp::slice(tnp::none, tnp::none, -1)));
      },
      [](const Args &a) { return weighted(tnp::concatenate({a[0], a[0]}, 1)); },
      [](const Args &a) { return weighted(tnp::stack({a[0], -a[0]}, 2)); },
      [](const Args &a) {
        return weighted(tnp::broadcast_to(tnp::expand_dims(a[0], 0), {2, 2, 2, 3}));
      },
      [](const Args &a) {
        return weighted(prim::pad(a[0], tnp::asarray(1.5), {1, -1, 0},
                                  {0, 2, 1}, {0, 1, 2}));
      },
  };
  for (const Fn &f : fns)
    checkGradient(f, {normal({2, 2, 3})});
}

TEST_F(Gradient, Reductions) {
  std::vector<Fn> fns = {
      [](const Args &a) { return weighted(tnp::sum(a[0], 1)); },
      [](const Args &a) { return weighted(tnp::prod(a[0], 0)); },
      [](const Args &a) { return weighted(tnp::max(a[0], 1)); },
      [](const Args &a) { return weighted(tnp::min(a[0], 0)); },
      [](const Args &a) { return tnp::mean(a[0]); },
      [](const Args &a) { return weighted(tnp::var(a[0], 1)); },
      [](const Args &a) { return weighted(tnp::std(a[0], 0)); },
      [](const Args &a) { return weighted(tnp::cumsum(a[0], 1)); },
      [](const Args &a) { return weighted(tnp::cumprod(a[0], 0)); },
  };
  for (const Fn &f : fns)
    checkGradient(f, {positive({3, 4})});
}

TEST_F(Gradient, Contractions) {
  checkGradient([](const Args &a) { return weighted(tnp::matmul(a[0], a[1])); },
                {normal({2, 3}), normal({3, 4})});
  checkGradient([](const Args &a) { return weighted(tnp::matmul(a[0], a[1])); },
                {normal({5, 2, 3}), normal({5, 3, 4})});
  checkGradient([](const Args &a) { return tnp::dot(a[0], a[1]); },
                {normal({4}), normal({4})});
  checkGradient(
      [](const Args &a) {
        return weighted(tnp::einsum("bij,jk->bki", {a[0], a[1]}));
      },
      {normal({2, 3, 4}), normal({4, 5})});
}

TEST_F(Gradient, GatherAndScatter) {
  ndarray idx = tnp::asarray({2, 0, 2, 1});
  checkGradient([idx](const Args &a) { return weighted(a[0](idx)); },
                {normal({3, 2})});
  checkGradient([idx](const Args &a) { return weighted(tnp::take(a[0], idx, 1)); },
                {normal({2, 3})});
  ndarray mask = tnp::asarray({true, false, true});
  checkGradient([mask](const Args &a) { return weighted(a[0](mask)); },
                {normal({3, 2})});
  ndarray unique = tnp::asarray({2, 0});
  checkGradient(
      [idx](const Args &a) { return weighted(a[0].at(idx).add(a[1])); },
      {normal({3, 2}), normal({4, 2})});
  checkGradient(
      [unique](const Args &a) { return weighted(a[0].at(unique).set(a[1])); },
      {normal({3, 2}), normal({2, 2})});
  checkGradient(
      [unique](const Args &a) {
        return weighted(a[0].at(unique).multiply(a[1]));
      },
      {normal({3, 2}), positive({2, 2})});
}

TEST_F(Gradient, ConvertPassesFloatCotangentsBack) {
  ndarray x = normal({3});
  auto f = [](const ndarray &x) { return tnp::sum(x.astype(tnp::float32) * 2.0f); };
  ndarray g = tnp::grad(f)(x);
  EXPECT_EQ(g.dtype(), tnp::float64);
  EXPECT_EQ(g.to_vector<double>(), std::vector<double>(3, 2.0));
  // An integer detour has no gradient.
  auto h = [](const ndarray &x) { return tnp::sum(x.astype(tnp::int64) * x); };
  ndarray x2 = tnp::asarray({1.5, 2.5});
  EXPECT_EQ(tnp::grad(h)(x2).to_vector<double>(), (std::vector<double>{1, 2}));
}

TEST_F(Gradient, TracedControlFlow) {
  checkGradient(
      [](const Args &a) {
        ndarray y = tnp::cond(
            tnp::sum(a[0]) > 0, [](const ndarray &v) { return tnp::sin(v) * v; },
            [](const ndarray &v) { return v * 3.0; }, a[0]);
        return weighted(y);
      },
      {normal({3})});
  checkGradient(
      [](const Args &a) {
        ndarray y = tnp::fori_loop(
            0, 3,
            [&](const ndarray &, const ndarray &c) { return tnp::tanh(c * a[1]); },
            a[0]);
        return weighted(y);
      },
      {normal({3}), normal({3})});
}

/// The seed's MLP and squared loss, in float64.
ndarray mlpLoss(const Args &w, const ndarray &inputs, const ndarray &labels) {
  ndarray y = tnp::maximum(tnp::matmul(inputs, w[0]) + w[1], 0);
  ndarray prediction = tnp::matmul(y, w[2]);
  return tnp::sum(tnp::square(prediction - labels));
}

TEST_F(Gradient, Composites) {
  ndarray inputs = normal({5, 4}), labels = normal({5, 2});
  checkGradient(
      [&](const Args &w) { return mlpLoss(w, inputs, labels); },
      {normal({4, 6}), normal({6}), normal({6, 2})});
  // Softmax cross-entropy with integer labels.
  ndarray classes = tnp::asarray({1, 0, 2});
  checkGradient(
      [&](const Args &a) {
        ndarray logits = a[0] - tnp::max(a[0], 1, /*keepdims=*/true);
        ndarray logp =
            logits - tnp::log(tnp::sum(tnp::exp(logits), 1, /*keepdims=*/true));
        return -tnp::mean(tnp::take_along_axis(
            logp, tnp::expand_dims(classes, 1), 1));
      },
      {normal({3, 3})});
  // A reduction over broadcast products.
  checkGradient(
      [](const Args &a) {
        return weighted(tnp::sum(
            tnp::expand_dims(a[0], 2) * tnp::expand_dims(a[1], 0), {0, 2}));
      },
      {normal({2, 3}), normal({3, 4})});
}

TEST_F(Gradient, GradOfGradIsTheHessian) {
  auto f = [](const ndarray &x) { return tnp::sum(tnp::sin(x) * x * x); };
  ndarray x = normal({3});
  ndarray hessian = tnp::jacrev(tnp::grad(f))(x);
  ASSERT_EQ(hessian.shape(), (tnp::shape_t{3, 3}));
  Fn gradK;
  for (size_t k = 0; k < 3; ++k) {
    Fn component = [&, k](const Args &a) {
      return tnp::grad(f)(a[0])(static_cast<int64_t>(k));
    };
    for (size_t i = 0; i < 3; ++i)
      expectClose(hessian(k, i).item<double>(), difference(component, {x}, 0, i),
                  "hessian " + std::to_string(k) + "," + std::to_string(i));
  }
  // A second derivative of a scalar function, through grad twice.
  auto g = [](const ndarray &x) { return tnp::sum(tnp::exp(x * 2.0)); };
  auto dg = [&](const ndarray &x) { return tnp::sum(tnp::grad(g)(x)); };
  ndarray second = tnp::grad(dg)(x);
  std::vector<double> xs = x.to_vector<double>(), got = second.to_vector<double>();
  for (size_t i = 0; i < xs.size(); ++i)
    expectClose(got[i], 4 * std::exp(2 * xs[i]), "d2 exp");
}

TEST_F(Gradient, ValueAndGradAndTrace) {
  auto f = [](const ndarray &x, const ndarray &y) { return tnp::sum(x * y); };
  ndarray x = normal({4}), y = normal({4});
  auto [value, grads] = tnp::value_and_grad<0, 1>(f)(x, y);
  EXPECT_DOUBLE_EQ(value.item<double>(), f(x, y).item<double>());
  EXPECT_EQ(std::get<0>(grads).to_vector<double>(), y.to_vector<double>());
  EXPECT_EQ(std::get<1>(grads).to_vector<double>(), x.to_vector<double>());
  auto traced = tnp::trace(tnp::grad<1>(f));
  EXPECT_EQ(traced(x, y).to_vector<double>(), x.to_vector<double>());
  EXPECT_EQ(traced(y, x).to_vector<double>(), y.to_vector<double>());
  EXPECT_EQ(traced.trace_count(), 1);
  EXPECT_NE(traced.ir(tnp::ir_stage::traced, x, y).find("tnp.mul"),
            std::string::npos);
}

TEST_F(Gradient, VjpPullsBackACotangent) {
  auto f = [](const ndarray &x, const ndarray &w) {
    return tnp::matmul(x, w);
  };
  ndarray x = normal({2, 3}), w = normal({3, 4}), ct = normal({2, 4});
  auto [y, pullback] = tnp::vjp(f, x, w);
  EXPECT_EQ(y.shape(), (tnp::shape_t{2, 4}));
  auto [dx, dw] = pullback(ct);
  std::vector<double> want = tnp::matmul(ct, tnp::transpose(w)).to_vector<double>();
  std::vector<double> got = dx.to_vector<double>();
  for (size_t i = 0; i < got.size(); ++i)
    expectClose(got[i], want[i], "dx");
  want = tnp::matmul(tnp::transpose(x), ct).to_vector<double>();
  got = dw.to_vector<double>();
  for (size_t i = 0; i < got.size(); ++i)
    expectClose(got[i], want[i], "dw");
}

/// The Jacobian of f at x by central differences: shape f(x) ++ x.
std::vector<double> numericJacobian(const std::function<ndarray(const ndarray &)> &f,
                                    const ndarray &x) {
  size_t outs = f(x).size();
  std::vector<double> jac(outs * x.size());
  for (size_t o = 0; o < outs; ++o) {
    Fn component = [&, o](const Args &a) { return f(a[0]).ravel()(int64_t(o)); };
    for (size_t i = 0; i < size_t(x.size()); ++i)
      jac[o * x.size() + i] = difference(component, {x}, 0, i);
  }
  return jac;
}

TEST_F(Gradient, JacobiansMatchDifferencesAndEachOther) {
  ndarray w1 = normal({4, 5}), w2 = normal({5, 2});
  auto predict = [&](const ndarray &x) {
    return tnp::matmul(tnp::tanh(tnp::matmul(x, w1)), w2);
  };
  ndarray x = normal({3, 4});
  ndarray jac = tnp::jacrev(predict)(x);
  ASSERT_EQ(jac.shape(), (tnp::shape_t{3, 2, 3, 4}));
  std::vector<double> want = numericJacobian(predict, x), got = jac.to_vector<double>();
  for (size_t i = 0; i < want.size(); ++i)
    expectClose(got[i], want[i], "jacrev " + std::to_string(i));

  tnp::GradientTape tape(/*persistent=*/true);
  tape.watch(x);
  ndarray y = predict(x);
  EXPECT_EQ(tape.jacobian(y, x).to_vector<double>(), got);
  ndarray batch = tape.batch_jacobian(y, x);
  ASSERT_EQ(batch.shape(), (tnp::shape_t{3, 2, 4}));
  // Row b of the batch Jacobian is the diagonal block [b, :, b, :].
  for (int64_t b = 0; b < 3; ++b)
    EXPECT_EQ(batch(b).to_vector<double>(),
              jac(b, tnp::slice(), b).to_vector<double>());
}

TEST(GradientTape, SeedComputeGradientsEagerAndTraced) {
  tnp::random::seed(3);
  Args weights = {normal({4, 6}), normal({6}), normal({6, 2})};
  ndarray inputs = normal({5, 4}), labels = normal({5, 2});
  auto computeGradients = [&](const ndarray &in, const ndarray &lab) {
    tnp::GradientTape tape;
    tape.watch(weights);
    ndarray loss = mlpLoss(weights, in, lab);
    return tape.gradient(loss, weights);
  };
  Args eager = computeGradients(inputs, labels);
  Args want = tnp::grad([&](const Args &w) { return mlpLoss(w, inputs, labels); })(weights);
  auto traced = tnp::trace(computeGradients);
  Args compiled = traced(inputs, labels);
  for (size_t i = 0; i < 3; ++i) {
    ASSERT_EQ(eager[i].shape(), weights[i].shape());
    std::vector<double> e = eager[i].to_vector<double>(),
                        w = want[i].to_vector<double>(),
                        c = compiled[i].to_vector<double>();
    for (size_t j = 0; j < e.size(); ++j) {
      expectClose(e[j], w[j], "eager tape");
      expectClose(c[j], w[j], "traced tape");
    }
  }
  // A second eager call reuses the compiled derivative.
  Args again = computeGradients(inputs * 2.0, labels);
  EXPECT_EQ(again[0].shape(), weights[0].shape());
}

TEST(GradientTape, SumsNonScalarTargetsAndZerosUnconnectedSources) {
  ndarray x = tnp::asarray({1.0, 2.0}), z = tnp::asarray({3.0});
  tnp::GradientTape tape(/*persistent=*/true);
  tape.watch(x);
  tape.watch(z);
  ndarray y = x * x;
  EXPECT_EQ(tape.gradient(y, x).to_vector<double>(), (std::vector<double>{2, 4}));
  EXPECT_EQ(tape.gradient(y, z).to_vector<double>(), (std::vector<double>{0}));
  EXPECT_EQ(tape.gradient(x, x).to_vector<double>(), (std::vector<double>{1, 1}));
}

TEST(GradientTape, Errors) {
  ndarray x = tnp::asarray({1.0, 2.0}), other = tnp::asarray({1.0});
  tnp::GradientTape tape;
  tape.watch(x);
  ndarray y = tnp::sum(x * 3.0);
  EXPECT_NE(errorOf<tnp::ValueError>([&] { tape.gradient(y, other); })
                .find("source 0 (shape (1,), dtype float64) is not watched"),
            std::string::npos);
  tape.gradient(y, x);
  EXPECT_NE(errorOf<tnp::RuntimeError>([&] { tape.gradient(y, x); })
                .find("non-persistent"),
            std::string::npos);
  tnp::GradientTape ints;
  EXPECT_NE(errorOf<tnp::TypeError>([&] { ints.watch(tnp::asarray({1, 2})); })
                .find("got dtype int64"),
            std::string::npos);
  tnp::GradientTape batch;
  batch.watch(x);
  ndarray z = tnp::stack({x, x, x});
  EXPECT_NE(errorOf<tnp::ValueError>([&] { batch.batch_jacobian(z, x); })
                .find("(shape (3,2)) and the source (shape (2,))"),
            std::string::npos);
  tnp::GradientTape traced;
  traced.watch(x);
  auto compiled = tnp::trace([](const ndarray &v) { return v * 2.0; });
  EXPECT_NE(errorOf<tnp::NotImplementedError>([&] { compiled(x); })
                .find("compiled (tnp::trace) function"),
            std::string::npos);
  // A watched array the compiled function captures is caught too.
  auto capturing = tnp::trace([&](const ndarray &v) { return v * x; });
  EXPECT_NE(errorOf<tnp::NotImplementedError>([&] {
              capturing(other);
            }).find("compiled (tnp::trace) function"),
            std::string::npos);
  // Traced control flow is refused only to a tape started in the trace;
  // this eager tape does not see the trace's ops.
  auto branchy = tnp::trace([](const ndarray &v) {
    return tnp::cond(
        tnp::sum(v) > 0.0, [](const ndarray &u) { return u; },
        [](const ndarray &u) { return -u; }, v);
  });
  EXPECT_EQ(branchy(other).to_vector<double>(), std::vector<double>{1.0});
  auto inside = tnp::trace([](const ndarray &v) {
    tnp::GradientTape tape;
    tape.watch(v);
    return tnp::fori_loop(
        0, 2, [](const ndarray &, const ndarray &u) { return u * 2.0; }, v);
  });
  EXPECT_NE(errorOf<tnp::NotImplementedError>([&] {
              inside(other);
            }).find("does not record tnp::fori_loop under tnp::trace"),
            std::string::npos);
}

TEST(Grad, Errors) {
  auto square = [](const ndarray &x) { return tnp::sum(x * x); };
  EXPECT_NE(errorOf<tnp::TypeError>([&] { tnp::grad(square)(tnp::asarray({1, 2})); })
                .find("requires float inputs, but a differentiated argument "
                      "has dtype int64"),
            std::string::npos);
  auto vector = [](const ndarray &x) { return x * x; };
  EXPECT_NE(errorOf<tnp::TypeError>([&] { tnp::grad(vector)(tnp::ones({3})); })
                .find("scalar-output functions; output had shape (3,)"),
            std::string::npos);
  auto loop = [](const ndarray &x) {
    return tnp::sum(tnp::while_loop(
        [](const ndarray &v) { return tnp::sum(v) < 10.0; },
        [](const ndarray &v) { return v * 2.0; }, x));
  };
  EXPECT_NE(errorOf<tnp::CompileError>([&] { tnp::grad(loop)(tnp::ones({2})); })
                .find("'scf.while' op has no reverse-mode rule"),
            std::string::npos);
  auto [y, pullback] = tnp::vjp(vector, tnp::ones({3}));
  EXPECT_NE(errorOf<tnp::ValueError>([&] { pullback(tnp::ones({2})); })
                .find("the cotangent of output 0 has shape (2,)"),
            std::string::npos);
  auto complexLoss = [](const ndarray &x) { return tnp::sum(tnp::abs(x)); };
  EXPECT_NE(errorOf<tnp::NotImplementedError>([&] {
              tnp::grad(complexLoss)(tnp::ones({2}).astype(tnp::complex128));
            }).find("complex"),
            std::string::npos);
}

} // namespace
