//===- tnp-precompile.cpp - the common eager kernels, compiled at build ---===//
//
// Usage: tnp-precompile <directory>
//
// Runs the eager calls a program makes first (elementwise math, arithmetic
// and comparisons with the usual broadcasts and scalars, reductions,
// products, transposes and conversions, over bool, int32, int64, float32
// and float64 at ranks 0 to 2), with <directory> as the disk cache, whose
// cache files (*.tnpo) it removes first. tnp's build makes it the directory
// next to libtnp.so, tnp/kernels, and the install copies it there: the
// installed level of the disk cache (runtime/CompileCache.h), so that a new
// user's first calls load code instead of compiling it. (Any other
// directory gets only what that level lacks.) Kernels do not depend on
// sizes (only on which dimensions are 1), so a few shapes stand for all.
//
//===----------------------------------------------------------------------===//

#include <tnp/tnp.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <vector>

namespace {

using tnp::ndarray;
using Unary = ndarray (*)(const ndarray &);
using Binary = ndarray (*)(const ndarray &, const ndarray &);
using Reduce = ndarray (*)(const ndarray &, std::optional<int64_t>);

const Reduce kReductions[] = {
    [](const ndarray &x, std::optional<int64_t> a) { return tnp::sum(x, a); },
    [](const ndarray &x, std::optional<int64_t> a) { return tnp::mean(x, a); },
    [](const ndarray &x, std::optional<int64_t> a) { return tnp::max(x, a); },
    [](const ndarray &x, std::optional<int64_t> a) { return tnp::min(x, a); },
    [](const ndarray &x, std::optional<int64_t> a) { return tnp::prod(x, a); },
    [](const ndarray &x, std::optional<int64_t> a) {
      return tnp::argmax(x, a);
    },
    [](const ndarray &x, std::optional<int64_t> a) {
      return tnp::argmin(x, a);
    }};

const tnp::dtype kNumbers[] = {tnp::int32, tnp::int64, tnp::float32,
                               tnp::float64};
const tnp::dtype kFloats[] = {tnp::float32, tnp::float64};
const tnp::dtype kAll[] = {tnp::bool_, tnp::int32, tnp::int64, tnp::float32,
                           tnp::float64};

/// Arrays of `dtype` at ranks 0, 1 and 2, no dimension of size 1.
std::vector<ndarray> ranks(tnp::dtype dtype) {
  return {tnp::ones({}, dtype), tnp::ones({3}, dtype),
          tnp::ones({2, 3}, dtype)};
}

/// The operand pairs of binary calls: equal shapes, an array and a Python
/// scalar either way round, a matrix and a row, a matrix and a column.
std::vector<std::pair<ndarray, ndarray>> pairs(tnp::dtype dtype) {
  std::vector<ndarray> r = ranks(dtype);
  ndarray column = tnp::ones({2, 1}, dtype);
  ndarray literal = dtype.is_floating() ? ndarray(1.5) : ndarray(1);
  return {{r[0], r[0]},    {r[1], r[1]},    {r[2], r[2]},
          {r[1], literal}, {literal, r[1]}, {r[2], literal},
          {literal, r[2]}, {r[2], r[1]},    {r[2], column}};
}

void precompile() {
  for (tnp::dtype dtype : kFloats)
    for (Unary op : {Unary(tnp::exp), Unary(tnp::log), Unary(tnp::sqrt),
                     Unary(tnp::tanh), Unary(tnp::sin), Unary(tnp::cos),
                     Unary(tnp::log1p), Unary(tnp::expm1), Unary(tnp::floor),
                     Unary(tnp::ceil), Unary(tnp::round), Unary(tnp::square),
                     Unary(tnp::reciprocal), Unary(tnp::sign)})
      for (const ndarray &x : ranks(dtype))
        (void)op(x);
  for (tnp::dtype dtype : kNumbers) {
    for (Unary op : {Unary(tnp::negative), Unary(tnp::abs)})
      for (const ndarray &x : ranks(dtype))
        (void)op(x);
    for (Binary op :
         {Binary(tnp::add), Binary(tnp::subtract), Binary(tnp::multiply),
          Binary(tnp::true_divide), Binary(tnp::maximum), Binary(tnp::minimum),
          Binary(tnp::power), Binary(tnp::less), Binary(tnp::less_equal),
          Binary(tnp::greater), Binary(tnp::greater_equal), Binary(tnp::equal),
          Binary(tnp::not_equal)})
      for (const auto &[a, b] : pairs(dtype))
        (void)op(a, b);
    std::vector<ndarray> r = ranks(dtype);
    for (Reduce reduce : kReductions) {
      (void)reduce(r[1], std::nullopt);
      (void)reduce(r[2], std::nullopt);
      (void)reduce(r[2], 0);
      (void)reduce(r[2], 1);
    }
    (void)tnp::transpose(r[2]);
    (void)tnp::where(tnp::ones({2, 3}, tnp::bool_), r[2], r[2]);
    (void)tnp::concatenate({r[1], r[1]});
    (void)tnp::concatenate({r[2], r[2]}, 1);
  }
  // Large float sums over axis 0 split among threads, each range of rows
  // summed in float64 by a kernel of its own (lib/EagerCall.h): compiled
  // here where this machine has 2 threads or more.
  for (tnp::dtype dtype : {tnp::float32, tnp::float64}) {
    ndarray big = tnp::ones({1024, 512}, dtype);
    (void)tnp::sum(big.reshape({-1}));
    (void)tnp::sum(big);
    (void)tnp::sum(big, 0);
  }
  for (tnp::dtype dtype : kFloats) {
    ndarray m = tnp::ones({4, 3}, dtype), v = tnp::ones({3}, dtype);
    (void)tnp::matmul(m, tnp::ones({3, 5}, dtype));
    (void)tnp::matmul(m, v);
    (void)tnp::matmul(v, tnp::ones({3, 5}, dtype));
    (void)tnp::dot(v, v);
  }
  for (tnp::dtype from : kAll)
    for (tnp::dtype to : kAll)
      for (const ndarray &x : ranks(from))
        (void)x.astype(to);
  for (Binary op : {Binary(tnp::logical_and), Binary(tnp::logical_or)})
    for (const auto &[a, b] : pairs(tnp::bool_))
      (void)op(a, b);
  for (const ndarray &x : ranks(tnp::bool_))
    (void)tnp::logical_not(x);
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: tnp-precompile <directory>\n");
    return 2;
  }
  std::filesystem::path directory = argv[1];
  std::error_code ec;
  // Only the cache's own files (an older build's kernels) go: the
  // directory is the caller's, and may hold anything else.
  for (const auto &entry : std::filesystem::directory_iterator(directory, ec))
    if (entry.path().extension() == ".tnpo" && entry.is_regular_file() &&
        !std::filesystem::remove(entry.path(), ec))
      break;
  if (ec && ec != std::errc::no_such_file_or_directory) {
    std::fprintf(stderr, "tnp-precompile: cannot empty %s: %s\n", argv[1],
                 ec.message().c_str());
    return 1;
  }
  // Before tnp starts: its disk cache is this directory.
  setenv("TNP_CACHE_DIR", argv[1], 1);
  auto start = std::chrono::steady_clock::now();
  try {
    precompile();
  } catch (const tnp::Error &error) {
    std::fprintf(stderr, "tnp-precompile: %s\n", error.what());
    return 1;
  }
  size_t files = 0;
  for (const auto &entry : std::filesystem::directory_iterator(directory, ec))
    files += entry.is_regular_file();
  std::printf(
      "tnp-precompile: %zu files in %s (%.1f s)\n", files, argv[1],
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count());
  return 0;
}
