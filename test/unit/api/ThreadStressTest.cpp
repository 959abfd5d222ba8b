//===- ThreadStressTest.cpp - tnp from eight threads at once --------------===//
//
// Eight threads run mixed work at the same time: eager ops over kernels that
// are new (a shape pattern or dtype per thread) and cached (shared by all),
// traces made and called concurrently (one per thread and one shared), and a
// GradientTape per thread. Every result must equal, bit for bit, what the
// same work gives on one thread. Sizes stay below the row-splitting
// threshold, so each result is computed the same way both times.
//
//===----------------------------------------------------------------------===//

#include <tnp/tnp.h>

#include "gtest/gtest.h"

#include <string>
#include <thread>
#include <vector>

using tnp::ndarray;

namespace {

constexpr int kThreads = 8;
constexpr int kRounds = 6;

/// The dtype thread `t` uses for its own kernels.
tnp::dtype dtypeOf(int t) {
  const tnp::dtype dtypes[] = {tnp::float32, tnp::float64,  tnp::int32,
                               tnp::int64,   tnp::float16,  tnp::uint8,
                               tnp::int16,   tnp::complex64};
  return dtypes[t % 8];
}

/// One round of thread `t`'s work, as bytes to compare.
std::vector<std::string>
work(int t, int round, const std::function<ndarray(const ndarray &)> &shared) {
  std::vector<std::string> out;
  auto keep = [&](const ndarray &a) {
    ndarray c = tnp::asarray(a);
    out.emplace_back(static_cast<const char *>(c.data()),
                     c.size() * c.dtype().itemsize());
    out.back() += std::string(c.dtype().name());
  };
  // Cached kernels: the same shapes and dtypes on every thread.
  ndarray x = tnp::arange(64.0).reshape({8, 8}) * (round + 1);
  keep(tnp::sum(tnp::sin(x) * x, 1));
  keep(tnp::matmul(x, x.T()));
  // New kernels: this thread's dtype and a shape of its own.
  ndarray y = (tnp::arange(12 + t) % 7).astype(dtypeOf(t));
  keep(y * y + y);
  keep(tnp::cumsum(y));
  keep(y(tnp::slice(tnp::none, tnp::none, -2)));
  // A trace of this thread's own, made now, and the shared one.
  auto mine = tnp::trace(
      [t](const ndarray &v) { return tnp::tanh(v) * double(t + 1); });
  keep(mine(x + round));
  keep(shared(x - round));
  // A tape per thread.
  tnp::GradientTape tape;
  ndarray w = x / 10;
  tape.watch(w);
  ndarray loss = tnp::sum(tnp::exp(-w * w));
  keep(tape.gradient(loss, w));
  keep(tnp::grad([](const ndarray &v) { return tnp::sum(tnp::cos(v)); })(w));
  return out;
}

TEST(ThreadStress, EightThreadsGiveOneThreadsResults) {
  auto body = [](const ndarray &v) {
    return tnp::max(tnp::abs(v), 0) + tnp::mean(v);
  };
  auto shared = tnp::trace(body);
  std::function<ndarray(const ndarray &)> call = [&](const ndarray &v) {
    return shared(v);
  };
  // First the threads, so that they compile new kernels and trace `shared`
  // concurrently; later rounds hit the kernels and traces made.
  std::vector<std::vector<std::vector<std::string>>> got(kThreads);
  std::vector<std::string> errors(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      try {
        for (int r = 0; r < kRounds; ++r)
          got[t].push_back(work(t, r, call));
      } catch (const std::exception &e) {
        errors[t] = e.what();
      }
    });
  for (std::thread &thread : threads)
    thread.join();
  // The expected bytes, one thread at a time, afterwards, through another
  // trace of the same function.
  auto reference = tnp::trace(body);
  std::function<ndarray(const ndarray &)> callReference =
      [&](const ndarray &v) { return reference(v); };
  std::vector<std::vector<std::vector<std::string>>> expected(kThreads);
  for (int t = 0; t < kThreads; ++t)
    for (int r = 0; r < kRounds; ++r)
      expected[t].push_back(work(t, r, callReference));

  for (int t = 0; t < kThreads; ++t) {
    EXPECT_EQ(errors[t], "") << "thread " << t;
    EXPECT_TRUE(got[t] == expected[t]) << "thread " << t << " differs";
  }
  EXPECT_EQ(shared.trace_count(), 1);
}

} // namespace
