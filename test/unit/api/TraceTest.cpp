//===- TraceTest.cpp - tnp::trace: results, retracing, captures, errors ---===//
//
// Traced results against eager ones (the same primitives, so equal, up to
// reassociated reductions); when a call reuses a trace and when it retraces;
// captured arrays as implicit inputs; what a traced array refuses to do.
//
//===----------------------------------------------------------------------===//

#include <tnp/tnp.h>

#include "test/unit/api/ErrorOf.h"
#include "test/unit/api/NewtonSqrt.h"

#include <gtest/gtest.h>

#include <cmath>
#include <tuple>

namespace {

tnp::ndarray sigmoid(const tnp::ndarray &x) { return 1 / (1 + tnp::exp(-x)); }

void expectNear(const tnp::ndarray &got, const tnp::ndarray &want,
                double tol = 0) {
  ASSERT_EQ(got.shape(), want.shape());
  ASSERT_EQ(got.dtype(), want.dtype());
  std::vector<double> g = got.to_vector<double>(), w = want.to_vector<double>();
  for (size_t i = 0; i < g.size(); ++i)
    ASSERT_NEAR(g[i], w[i], tol * std::max(1.0, std::abs(w[i]))) << i;
}

TEST(TraceTest, SigmoidEqualsEager) {
  auto traced = tnp::trace(sigmoid);
  tnp::ndarray x = tnp::linspace(-4, 4, 1000).astype(tnp::float32);
  expectNear(traced(x), sigmoid(x), 1e-6);
  EXPECT_EQ(traced.trace_count(), 1);
}

TEST(TraceTest, RetracesOnNewShapeDtypeOrStaticValue) {
  auto f = tnp::trace([](const tnp::ndarray &x, int power) {
    tnp::ndarray y = x;
    for (int i = 1; i < power; ++i)
      y = y * x;
    return y;
  });
  tnp::ndarray a = tnp::arange(6).astype(tnp::float32);
  expectNear(f(a, 2), a * a);
  expectNear(f(a + 1, 2), (a + 1) * (a + 1));
  EXPECT_EQ(f.trace_count(), 1);
  EXPECT_EQ(f.cache_hits(), 1);
  expectNear(f(a, 3), a * a * a); // a new static value
  EXPECT_EQ(f.trace_count(), 2);
  expectNear(f(a.reshape({2, 3}), 2), (a * a).reshape({2, 3})); // shape
  EXPECT_EQ(f.trace_count(), 3);
  expectNear(f(a.astype(tnp::int32), 2), (a * a).astype(tnp::int32));
  EXPECT_EQ(f.trace_count(), 4);
  (void)f(a + 2, 3);
  EXPECT_EQ(f.trace_count(), 4);
  {
    tnp::promotion_scope all(tnp::promotion_mode::all);
    (void)f(a, 3); // the promotion mode is part of the signature
  }
  EXPECT_EQ(f.trace_count(), 5);
}

TEST(TraceTest, CapturedArraysAreInputsNotConstants) {
  tnp::ndarray w = tnp::arange(1000).astype(tnp::float64);
  auto f = tnp::trace([&](const tnp::ndarray &x) { return x * w + 1.5; });
  tnp::ndarray x = tnp::ones({1000});
  expectNear(f(x), x * w + 1.5);
  std::string ir = f.ir(tnp::ir_stage::traced, x);
  // Two arguments (x and w), and no constant holding w's values.
  EXPECT_NE(ir.find("(%arg0: tensor<1000xf64>, %arg1: tensor<1000xf64>)"),
            std::string::npos)
      << ir;
  EXPECT_EQ(ir.find("999"), std::string::npos) << ir;
  // The literal 1.5 is a constant of the trace.
  EXPECT_NE(ir.find("1.5"), std::string::npos) << ir;
}

TEST(TraceTest, StructuresInAndOut) {
  auto f = tnp::trace([](const std::pair<tnp::ndarray, tnp::ndarray> &p,
                         const std::vector<tnp::ndarray> &v, double scale) {
    tnp::ndarray sum = p.first + p.second;
    for (const tnp::ndarray &e : v)
      sum = sum + e;
    return std::make_tuple(sum * scale,
                           std::vector<tnp::ndarray>{sum, p.first});
  });
  tnp::ndarray a = tnp::ones({3}), b = tnp::arange(3).astype(tnp::float64);
  using list = std::vector<tnp::ndarray>;
  auto [scaled, parts] = f(std::make_pair(a, b), list{a, a}, 2.0);
  expectNear(scaled, (a + b + a + a) * 2.0);
  ASSERT_EQ(parts.size(), 2u);
  expectNear(parts[1], a);
  auto again = f(std::make_pair(b, a), list{b, b}, 2.0);
  expectNear(std::get<0>(again), (b + a + b + b) * 2.0);
  EXPECT_EQ(f.trace_count(), 1);
  (void)f(std::make_pair(a, b), list{a}, 2.0); // a new vector length
  EXPECT_EQ(f.trace_count(), 2);
}

TEST(TraceTest, PublicApiTracesLikeEager) {
  auto f = [](const tnp::ndarray &x, const tnp::ndarray &m) {
    tnp::ndarray y = tnp::tanh(tnp::matmul(x, m));
    tnp::ndarray s = tnp::sum(y, 1, true) / tnp::max(tnp::abs(y));
    tnp::ndarray t = tnp::concatenate({y.T(), tnp::transpose(m)}, 1);
    return std::make_tuple(
        s, tnp::mean(t, 0), x(tnp::slice(1), 1),
        x(tnp::asarray({2, 0}), tnp::slice(tnp::none, tnp::none, -1)),
        tnp::where(x > 0, x, 0.5), tnp::cumsum(x, 1), tnp::argmax(y, 0),
        x.at(0, 0).add(10.0));
  };
  tnp::ndarray x = tnp::random::randn({4, 3});
  tnp::ndarray m = tnp::random::randn({3, 4});
  auto traced = tnp::trace(f);
  auto got = traced(x, m);
  auto want = f(x, m);
  expectNear(std::get<0>(got), std::get<0>(want), 1e-12);
  expectNear(std::get<1>(got), std::get<1>(want), 1e-12);
  expectNear(std::get<2>(got), std::get<2>(want));
  expectNear(std::get<3>(got), std::get<3>(want));
  expectNear(std::get<4>(got), std::get<4>(want));
  expectNear(std::get<5>(got), std::get<5>(want), 1e-12);
  expectNear(std::get<6>(got), std::get<6>(want));
  expectNear(std::get<7>(got), std::get<7>(want));
}

TEST(TraceTest, TracedArgReductionsOverLongRowsMatchEager) {
  // Rows of 128 and more fold in lanes of 64: traced, the length is static
  // (int32 chunk counters chosen when compiling); eager, it is dynamic (the
  // counters' width chosen at run time). Values from {-2..2} tie across
  // lanes and chunks; a NaN in the middle, one in the tail and a row of
  // -inf take the other paths. (Eager matches NumPy in test/numpy.)
  auto argBoth = tnp::trace([](const tnp::ndarray &x) {
    return std::make_tuple(tnp::argmax(x, 1), tnp::argmin(x, 1));
  });
  const double nan = std::nan(""), inf = INFINITY;
  for (int64_t n : {127, 128, 200, 1000}) {
    tnp::ndarray ints = tnp::random::randint(-2, 3, {5, n});
    for (tnp::dtype type : {tnp::float32, tnp::float64, tnp::int32}) {
      tnp::ndarray x = ints.astype(type);
      if (type != tnp::int32)
        x = x.at(1, n / 2).set(nan).at(2, n - 1).set(nan).at(3).set(-inf);
      auto [maxAt, minAt] = argBoth(x);
      expectNear(maxAt, tnp::argmax(x, 1));
      expectNear(minAt, tnp::argmin(x, 1));
    }
  }
}

TEST(TraceTest, TracedTransposesInRegistersMatchEager) {
  // Static sizes of whole 16 x 16 (float32) or 8 x 8 (float64) tiles are
  // transposed in registers, and into 16 MiB or more (2048^2 float32) with
  // non-temporal stores.
  auto transposed =
      tnp::trace([](const tnp::ndarray &x) { return tnp::transpose(x); });
  auto swapped = tnp::trace([](const tnp::ndarray &x) {
    return tnp::transpose(x, {0, 2, 1});
  });
  for (tnp::dtype type : {tnp::float32, tnp::float64, tnp::int32}) {
    for (int64_t n : {16, 48, 2048}) {
      tnp::ndarray x =
          tnp::arange(n * (n + 16)).reshape({n, n + 16}).astype(type);
      tnp::ndarray got = transposed(x);
      EXPECT_TRUE(tnp::array_equal(got, tnp::transpose(x)).item<bool>())
          << type << " " << n;
    }
    tnp::ndarray batch =
        tnp::arange(3 * 32 * 64).reshape({3, 32, 64}).astype(type);
    EXPECT_TRUE(
        tnp::array_equal(swapped(batch), tnp::transpose(batch, {0, 2, 1}))
            .item<bool>())
        << type;
  }
}

TEST(TraceTest, TransposedCopiesAtAwkwardSizes) {
  // Eager kernels (sizes known when they run) and traces of sizes off the
  // tile split a transpose into whole tiles, transposed in registers, and
  // the strips past them, copied by scalars: every element must land once.
  // Eager results of 16 MiB or more whose rows are whole cache lines take
  // a copy of the whole tiles that streams: 2049 x 2048 of 32 and 64 bits
  // (not of 16: 8 MiB); 2047 x 2049 (rows off the lines) does not.
  auto traced =
      tnp::trace([](const tnp::ndarray &x) { return tnp::transpose(x) + 0; });
  for (auto [rows, cols] :
       std::vector<std::pair<int64_t, int64_t>>{{1, 1},
                                                {3, 17},
                                                {16, 16},
                                                {17, 33},
                                                {31, 16},
                                                {40, 50},
                                                {100, 129},
                                                {255, 257},
                                                {2048, 2049},
                                                {2049, 2047}}) {
    for (tnp::dtype type :
         {tnp::float32, tnp::float64, tnp::int32, tnp::int16}) {
      tnp::ndarray x =
          tnp::remainder(tnp::arange(rows * cols), 1000).reshape({rows, cols});
      x = x.astype(type);
      for (const tnp::ndarray &got :
           {tnp::ascontiguousarray(tnp::transpose(x)), traced(x)}) {
        std::vector<int64_t> values =
            got.astype(tnp::int64).to_vector<int64_t>();
        ASSERT_EQ(values.size(), static_cast<size_t>(rows * cols));
        int64_t wrong = 0;
        for (int64_t i = 0; i < cols; ++i)
          for (int64_t j = 0; j < rows; ++j)
            wrong += values[i * rows + j] != (j * cols + i) % 1000;
        EXPECT_EQ(wrong, 0) << type << " " << rows << "x" << cols;
      }
    }
  }
}

TEST(TraceTest, LargeTracedResultsStreamAndMatchEager) {
  // Results of 16 MiB or more are written with non-temporal stores, in one
  // loop (2^22 elements) or in rows split among threads (2048 x 2048), and
  // through a row-wise softmax; the values are small integers, so that
  // products and sums are exact in float32 whatever the kernel fuses.
  auto fma = tnp::trace([](const tnp::ndarray &a, const tnp::ndarray &b,
                           const tnp::ndarray &c) { return a * b + c; });
  auto softmax = tnp::trace([](const tnp::ndarray &x) {
    tnp::ndarray e = tnp::exp(x - tnp::max(x, 1, true));
    return e / tnp::sum(e, 1, true);
  });
  for (tnp::shape_t shape : {tnp::shape_t{1 << 22}, tnp::shape_t{2048, 2048}}) {
    tnp::ndarray i = tnp::arange(1 << 22).reshape(shape);
    tnp::ndarray a = tnp::remainder(i, 7).astype(tnp::float32);
    tnp::ndarray b = tnp::remainder(i, 5).astype(tnp::float32) - 2;
    tnp::ndarray c = tnp::remainder(i, 3).astype(tnp::float32);
    EXPECT_TRUE(tnp::array_equal(fma(a, b, c), tnp::add(tnp::multiply(a, b), c))
                    .item<bool>())
        << tnp::to_string(shape);
  }
  tnp::ndarray x =
      (tnp::remainder(tnp::arange(1 << 22), 11).astype(tnp::float32) - 5)
          .reshape({4096, 1024});
  tnp::ndarray e = tnp::exp(x - tnp::max(x, 1, true));
  EXPECT_TRUE(tnp::allclose(softmax(x), e / tnp::sum(e, 1, true), 1e-6, 0)
                  .item<bool>());
}

TEST(TraceTest, TracedArraysRefuseValues) {
  tnp::ndarray x = tnp::ones({3});
  auto item = tnp::trace([](const tnp::ndarray &x) {
    (void)x.item<double>();
    return x;
  });
  EXPECT_NE(
      errorOf<tnp::ConcretizationTypeError>([&] { item(x); }).find("item()"),
      std::string::npos);
  auto branch = tnp::trace([](const tnp::ndarray &x) {
    if (tnp::sum(x) > 0)
      return x;
    return -x;
  });
  EXPECT_NE(errorOf<tnp::ConcretizationTypeError>([&] {
              branch(x);
            }).find("tnp::cond"),
            std::string::npos);
  auto mask = tnp::trace([](const tnp::ndarray &x) { return x(x > 0); });
  EXPECT_NE(
      errorOf<tnp::ConcretizationTypeError>([&] { mask(x); }).find("bool mask"),
      std::string::npos);
  // A mask that is a constant of the trace is fine.
  tnp::ndarray keep = tnp::asarray({true, false, true});
  auto constantMask =
      tnp::trace([&](const tnp::ndarray &x) { return x(keep); });
  expectNear(constantMask(tnp::arange(3)), tnp::asarray({0, 2}));
  auto nonzero =
      tnp::trace([](const tnp::ndarray &x) { return tnp::nonzero(x)[0]; });
  EXPECT_NE(errorOf<tnp::ConcretizationTypeError>([&] {
              nonzero(x);
            }).find("nonzero"),
            std::string::npos);
  // Printing shows what is known.
  std::string printed;
  auto show = tnp::trace([&](const tnp::ndarray &x) {
    printed = tnp::repr(x);
    return x;
  });
  show(tnp::ones({2, 3}, tnp::float32));
  EXPECT_EQ(printed, "Traced<float32(2, 3)>");
}

TEST(TraceTest, EscapedTracerIsAnError) {
  tnp::ndarray leaked;
  auto f = tnp::trace([&](const tnp::ndarray &x) {
    leaked = x;
    return x + 1;
  });
  (void)f(tnp::ones({2}));
  EXPECT_NE(
      errorOf<tnp::ValueError>([&] { (void)(leaked + 1); }).find("outside"),
      std::string::npos);
}

TEST(TraceTest, NestedTraceInlines) {
  auto inner = tnp::trace([](const tnp::ndarray &x) { return x * 2; });
  auto outer = tnp::trace([&](const tnp::ndarray &x) { return inner(x) + 1; });
  expectNear(outer(tnp::arange(4)), tnp::arange(4) * 2 + 1);
  EXPECT_EQ(inner.trace_count(), 0);
  EXPECT_EQ(outer.trace_count(), 1);
}

TEST(TraceTest, IRAtEveryStageAndCompileTimes) {
  auto f = tnp::trace(sigmoid);
  tnp::ndarray x = tnp::ones({8}, tnp::float32);
  std::string traced = f.ir(tnp::ir_stage::traced, x);
  EXPECT_NE(traced.find("tnp.exp"), std::string::npos) << traced;
  std::string linalg = f.ir(tnp::ir_stage::linalg, x);
  EXPECT_NE(linalg.find("linalg.generic"), std::string::npos) << linalg;
  EXPECT_EQ(linalg.find("tnp.exp"), std::string::npos) << linalg;
  std::string llvm = f.ir(tnp::ir_stage::llvm, x);
  EXPECT_NE(llvm.find("llvm.func"), std::string::npos);
  tnp::compile_times t = f.compile_time(x);
  EXPECT_GT(t.trace, 0);
  EXPECT_GT(t.codegen, 0);
  // Either the pipeline ran, or the disk cache knew the traced source (a
  // process before this one compiled it) and no stage of it ran.
  EXPECT_EQ(t.to_linalg > 0, t.to_llvm > 0);
  EXPECT_EQ(f.trace_count(), 1);
}

TEST(TraceTest, CondEagerAndTraced) {
  auto f = [](const tnp::ndarray &x) {
    return tnp::cond(
        tnp::sum(x) > 0, [](const tnp::ndarray &v) { return v * 2; },
        [](const tnp::ndarray &v) { return -v; }, x);
  };
  auto traced = tnp::trace(f);
  tnp::ndarray up = tnp::arange(4).astype(tnp::float32);
  tnp::ndarray down = -up;
  expectNear(traced(up), f(up));
  expectNear(traced(down), f(down));
  expectNear(traced(down), up);
  EXPECT_EQ(traced.trace_count(), 1);
  EXPECT_NE(traced.ir(tnp::ir_stage::traced, up).find("scf.if"),
            std::string::npos);
}

TEST(TraceTest, LoopsEagerAndTraced) {
  // A data-dependent trip count, and a counter carried along.
  auto newton = [](const tnp::ndarray &a) { return newtonSqrt(a); };
  auto traced = tnp::trace(newton);
  tnp::ndarray a = tnp::asarray({2.0, 9.0, 0.25});
  auto [x, steps] = traced(a);
  auto [ex, esteps] = newton(a);
  expectNear(x, tnp::sqrt(a), 1e-12);
  expectNear(x, ex);
  EXPECT_EQ(steps.item<int64_t>(), esteps.item<int64_t>());
  EXPECT_GT(steps.item<int64_t>(), 2);

  auto sumTo = [](const tnp::ndarray &x, int64_t n) {
    return tnp::fori_loop(
        0, n,
        [](const tnp::ndarray &i, const tnp::ndarray &acc) {
          return acc + i.astype(acc.dtype());
        },
        x);
  };
  auto tracedSum = tnp::trace(sumTo);
  tnp::ndarray zero = tnp::zeros({2});
  expectNear(tracedSum(zero, 5), sumTo(zero, 5));
  expectNear(tracedSum(zero, 5), tnp::full({2}, 10.0));
  expectNear(tracedSum(zero, 0), zero);
  EXPECT_NE(tracedSum.ir(tnp::ir_stage::traced, zero, 5).find("scf.for"),
            std::string::npos);
}

TEST(TraceTest, ControlFlowErrors) {
  tnp::ndarray x = tnp::ones({3});
  auto mismatch = [](const tnp::ndarray &x) {
    return tnp::cond(
        tnp::sum(x) > 0, [](const tnp::ndarray &v) { return v; },
        [](const tnp::ndarray &v) { return v.astype(tnp::int32); }, x);
  };
  EXPECT_EQ(errorOf<tnp::TypeError>([&] { tnp::trace(mismatch)(x); }),
            "cond: false_fn must keep the shapes and dtypes (float64(3,)), got "
            "(int32(3,))");
  auto grows = [](const tnp::ndarray &x) {
    return tnp::while_loop([](const tnp::ndarray &v) { return v.size() < 3; },
                           [](const tnp::ndarray &v) {
                             return tnp::concatenate({v, v});
                           },
                           x);
  };
  EXPECT_EQ(errorOf<tnp::TypeError>([&] { tnp::trace(grows)(x); }),
            "while_loop: body_fn must keep the shapes and dtypes "
            "(float64(3,)), got (float64(6,))");
  auto wide = [](const tnp::ndarray &x) {
    return tnp::cond(
        x > 0, [](const tnp::ndarray &v) { return v; },
        [](const tnp::ndarray &v) { return v; }, x);
  };
  EXPECT_EQ(errorOf<tnp::ValueError>([&] { tnp::trace(wide)(x); }),
            "cond: the predicate must have one element, got shape (3,)");
  EXPECT_EQ(errorOf<tnp::ValueError>([&] { wide(x); }),
            "cond: the predicate must have one element, got shape (3,)");
}

TEST(TraceTest, InputSignatureDynamicBatch) {
  tnp::ndarray w = tnp::random::randn({32, 8}).astype(tnp::float32);
  tnp::ndarray b = tnp::random::randn({8}).astype(tnp::float32);
  auto predict = [&](const tnp::ndarray &x) {
    tnp::ndarray y = tnp::maximum(tnp::matmul(x, w) + b, 0);
    return std::make_pair(tnp::tanh(y), tnp::sum(y, 0));
  };
  tnp::trace_options options;
  options.input_signature = {{{-1, 32}, tnp::float32}};
  auto traced = tnp::trace(predict, options);
  for (int64_t batch : {1, 7, 128, 3}) {
    tnp::ndarray x = tnp::random::randn({batch, 32}).astype(tnp::float32);
    auto [got, total] = traced(x);
    auto [want, wantTotal] = predict(x);
    expectNear(got, want, 1e-5);
    expectNear(total, wantTotal, 1e-5);
  }
  EXPECT_EQ(traced.trace_count(), 1);
  std::string ir =
      traced.ir(tnp::ir_stage::traced, tnp::ones({5, 32}, tnp::float32));
  EXPECT_NE(ir.find("tensor<?x32xf32>"), std::string::npos) << ir;
  EXPECT_EQ(traced.trace_count(), 1);
}

TEST(TraceTest, DynamicBatchRunsAtEverySizeWithOneTrace) {
  // 1 broadcasts and 1000003 is the size a dynamic dimension is traced at
  // (its symbol): neither may be mistaken for the other sizes.
  auto f = [](const tnp::ndarray &x) { return tnp::sum(x * 2.0f + 1.0f, 1); };
  tnp::trace_options options;
  options.input_signature = {{{-1, 2}, tnp::float32}};
  auto traced = tnp::trace(f, options);
  for (int64_t batch : {1, 7, 1000003}) {
    tnp::ndarray x = tnp::random::randn({batch, 2}).astype(tnp::float32);
    tnp::ndarray got = traced(x);
    EXPECT_EQ(got.shape(), (tnp::shape_t{batch}));
    expectNear(got, f(x), 1e-5);
  }
  EXPECT_EQ(traced.trace_count(), 1);
  std::string ir =
      traced.ir(tnp::ir_stage::traced, tnp::ones({3, 2}, tnp::float32));
  EXPECT_NE(ir.find("tensor<?x2xf32>"), std::string::npos) << ir;
  EXPECT_NE(ir.find("-> tensor<?xf32>"), std::string::npos) << ir;
}

TEST(TraceTest, InputSignatureGroupsAndErrors) {
  auto add = [](const tnp::ndarray &x, const tnp::ndarray &y) {
    return x * y + 1.0;
  };
  tnp::trace_options options;
  options.input_signature = {{{-1}, tnp::float64}, {{-1}, tnp::float64}};
  auto traced = tnp::trace(add, options);
  tnp::ndarray a = tnp::arange(4).astype(tnp::float64);
  expectNear(traced(a, a), add(a, a));
  tnp::ndarray c = tnp::arange(9).astype(tnp::float64);
  expectNear(traced(c, c), add(c, c));
  EXPECT_EQ(traced.trace_count(), 1);
  // Sizes that differ are another pattern: traced again, where they do not
  // broadcast, as eagerly.
  EXPECT_EQ(errorOf<tnp::ValueError>([&] { traced(a, c); }),
            errorOf<tnp::ValueError>([&] { add(a, c); }));
  EXPECT_EQ(errorOf<tnp::TypeError>([&] { traced(a.astype(tnp::int32), a); }),
            "tnp::trace: array argument 0 of shape (4,) and dtype int32 does "
            "not match the input signature (None,) float64");
  EXPECT_EQ(errorOf<tnp::TypeError>([&] {
              traced(a.reshape({2, 2}), a);
            }),
            "tnp::trace: array argument 0 of shape (2, 2) and dtype float64 "
            "does not match the input signature (None,) float64");
  auto list = tnp::trace(
      [](const std::vector<tnp::ndarray> &v) { return v[0]; }, options);
  EXPECT_EQ(errorOf<tnp::TypeError>([&] {
              list(std::vector<tnp::ndarray>{a, a, a});
            }),
            "tnp::trace: the input signature has 2 array(s), the call passes "
            "3");
  auto reshape = tnp::trace(
      [](const tnp::ndarray &x) {
        return x.reshape({-1, 2});
      },
      [] {
        tnp::trace_options o;
        o.input_signature = {{{-1, 4}, tnp::float64}};
        return o;
      }());
  EXPECT_NE(errorOf<tnp::ValueError>([&] {
              reshape(tnp::ones({3, 4}));
            }).find("give it a size in the signature"),
            std::string::npos);
}

} // namespace
