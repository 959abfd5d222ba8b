//===- ApiFuzzer.cpp - libFuzzer target: short programs of API calls ------===//
//
// The input decodes into one or two arrays (shapes, dtypes, values) and a
// short program over a stack of arrays: elementwise math, reductions,
// reshapes, transposes, slices with extreme bounds, broadcasts, joins,
// matmul, casts and indexing. The program runs eagerly, then under
// tnp::trace and tnp::vectorized_map, and the three must agree:
//   - a tnp::Error eagerly is fine, and then the trace must raise one too;
//   - any other exception, a crash or a sanitizer report is a finding;
//   - values must match, exactly for integers and bools, and within a few
//     ulps for floats (traces fuse elementwise ops, which can reorder
//     rounding).
//
//===----------------------------------------------------------------------===//

#include <tnp/tnp.h>

#include <fuzzer/FuzzedDataProvider.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <optional>
#include <vector>

namespace {

constexpr int64_t kExtremes[] = {std::numeric_limits<int64_t>::min(),
                                 std::numeric_limits<int64_t>::max(),
                                 int64_t(1) << 31,
                                 int64_t(1) << 62,
                                 -1,
                                 -7};

[[noreturn]] void finding(const char *what) {
  std::fprintf(stderr, "api fuzzer: %s\n", what);
  std::abort();
}

/// A dimension: small mostly, now and then one of kExtremes.
int64_t dimension(FuzzedDataProvider &in) {
  uint8_t b = in.ConsumeIntegral<uint8_t>();
  if (b < 240)
    return b % 6;
  return kExtremes[b % std::size(kExtremes)];
}

tnp::shape_t shape(FuzzedDataProvider &in) {
  tnp::shape_t s(in.ConsumeIntegralInRange<int>(0, 3));
  for (int64_t &d : s)
    d = dimension(in);
  return s;
}

tnp::dtype dtypeOf(FuzzedDataProvider &in) {
  static constexpr tnp::dtype kinds[] = {tnp::float64, tnp::float32,
                                         tnp::int64,   tnp::int32,
                                         tnp::bool_,   tnp::uint8};
  return kinds[in.ConsumeIntegralInRange<size_t>(0, std::size(kinds) - 1)];
}

/// A slice bound or index: small, or one of kExtremes, or none.
std::optional<int64_t> bound(FuzzedDataProvider &in) {
  uint8_t b = in.ConsumeIntegral<uint8_t>();
  if (b < 32)
    return std::nullopt;
  if (b < 224)
    return int64_t(b % 9) - 4;
  return kExtremes[b % std::size(kExtremes)];
}

std::optional<int64_t> axis(FuzzedDataProvider &in) {
  uint8_t b = in.ConsumeIntegral<uint8_t>();
  if (b < 64)
    return std::nullopt;
  return int64_t(b % 9) - 4;
}

tnp::ndarray input(FuzzedDataProvider &in) {
  tnp::shape_t s = shape(in);
  tnp::dtype t = dtypeOf(in);
  double scale = in.ConsumeIntegralInRange<int>(-3, 3) * 0.5;
  // Values from an arange, so the creation path is fuzzed with the shape.
  int64_t n = 1;
  for (int64_t d : s)
    if (n >= 0)
      n = d < 0 || (d && n > (int64_t(1) << 20) / d) ? -1 : n * d;
  if (n < 0)
    return tnp::zeros(s, t); // must raise: too big or negative
  return (tnp::arange(tnp::asarray(n)).reshape(s) * scale - 1).astype(t);
}

using Program = std::vector<uint8_t>;

/// Runs `program` (its bytes are the instructions) on `args`; returns the
/// top of the stack.
tnp::ndarray run(const Program &program, std::vector<tnp::ndarray> stack) {
  FuzzedDataProvider in(program.data(), program.size());
  auto top = [&]() -> tnp::ndarray & { return stack.back(); };
  auto second = [&]() -> const tnp::ndarray & {
    return stack.size() > 1 ? stack[stack.size() - 2] : stack.back();
  };
  static const bool verbose = std::getenv("TNP_FUZZ_PRINT");
  for (int step = 0; step < 8 && in.remaining_bytes(); ++step) {
    if (verbose)
      std::fprintf(stderr, "top: %s\n", tnp::repr(top()).c_str());
    int op = in.ConsumeIntegralInRange<int>(0, 12);
    if (verbose)
      std::fprintf(stderr, "op %d\n", op);
    switch (op) {
    case 0: {
      static tnp::ndarray (*const unary[])(const tnp::ndarray &) = {
          tnp::negative, tnp::exp,  tnp::sin,    tnp::abs,
          tnp::sqrt,     tnp::tanh, tnp::square, tnp::floor};
      top() = unary[in.ConsumeIntegralInRange<size_t>(0, 7)](top());
      break;
    }
    case 1: {
      static tnp::ndarray (*const binary[])(const tnp::ndarray &,
                                            const tnp::ndarray &) = {
          tnp::add,     tnp::subtract, tnp::multiply, tnp::divide,
          tnp::maximum, tnp::less,     tnp::power};
      stack.push_back(
          binary[in.ConsumeIntegralInRange<size_t>(0, 6)](second(), top()));
      break;
    }
    case 2: {
      std::optional<int64_t> a = axis(in);
      switch (in.ConsumeIntegralInRange<int>(0, 3)) {
      case 0:
        top() = tnp::sum(top(), a);
        break;
      case 1:
        top() = tnp::max(top(), a);
        break;
      case 2:
        top() = tnp::mean(top(), a);
        break;
      default:
        top() = tnp::argmax(top(), a);
      }
      break;
    }
    case 3:
      top() = tnp::reshape(top(), shape(in));
      break;
    case 4: {
      std::vector<int64_t> axes(top().ndim());
      for (int64_t &a : axes)
        a = in.ConsumeIntegralInRange<int64_t>(-4, 4);
      top() = tnp::transpose(top(), axes);
      break;
    }
    case 5: {
      std::optional<int64_t> start = bound(in), stop = bound(in),
                             stride = bound(in);
      top() = top()(tnp::slice(start, stop, stride));
      break;
    }
    case 6:
      top() = tnp::broadcast_to(top(), shape(in));
      break;
    case 7:
      stack.push_back(
          tnp::concatenate({second(), top()}, axis(in).value_or(0)));
      break;
    case 8:
      stack.push_back(tnp::matmul(second(), top()));
      break;
    case 9:
      top() = top().astype(dtypeOf(in));
      break;
    case 10:
      top() = top()(bound(in).value_or(0));
      break;
    case 11:
      top() = tnp::expand_dims(top(), axis(in).value_or(0));
      break;
    default:
      top() = top()(tnp::asarray(
          std::vector<int64_t>{bound(in).value_or(0), bound(in).value_or(-1)}));
    }
  }
  return top();
}

bool sameValues(const tnp::ndarray &a, const tnp::ndarray &b) {
  if (a.shape() != b.shape() || a.dtype() != b.dtype())
    return false;
  // No values; and (2^62, 0) int8 has no float64 copy (too big, as NumPy).
  if (a.size() == 0)
    return true;
  std::vector<double> x = a.astype(tnp::float64).to_vector<double>();
  std::vector<double> y = b.astype(tnp::float64).to_vector<double>();
  bool inexact = a.dtype() == tnp::float32 || a.dtype() == tnp::float64;
  double ulps = a.dtype() == tnp::float32 ? 0x1p-20 : 0x1p-48;
  for (size_t i = 0; i < x.size(); ++i) {
    if (x[i] == y[i] || (std::isnan(x[i]) && std::isnan(y[i])))
      continue;
    if (!inexact || std::isinf(x[i]) || std::isinf(y[i]) ||
        std::abs(x[i] - y[i]) > ulps * (std::abs(x[i]) + std::abs(y[i]) + 1))
      return false;
  }
  return true;
}

/// Runs `compute`; nullopt when it raised a tnp::Error. Anything else
/// thrown is a finding.
template <typename F> std::optional<tnp::ndarray> attempt(F &&compute) {
  try {
    return compute();
  } catch (const tnp::Error &) {
    return std::nullopt;
  } catch (const std::exception &e) {
    std::fprintf(stderr, "%s\n", e.what());
    finding("an exception that is not a tnp::Error");
  }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  FuzzedDataProvider in(data, size);
  std::vector<tnp::ndarray> args;
  int numArgs = in.ConsumeIntegralInRange<int>(1, 2);
  for (int i = 0; i < numArgs; ++i) {
    std::optional<tnp::ndarray> a = attempt([&] { return input(in); });
    if (!a)
      return 0;
    args.push_back(*a);
  }
  Program program = in.ConsumeRemainingBytes<uint8_t>();

  std::optional<tnp::ndarray> eager =
      attempt([&] { return run(program, args); });
  auto traced = tnp::trace(
      [&](const std::vector<tnp::ndarray> &xs) { return run(program, xs); });
  std::optional<tnp::ndarray> compiled = attempt([&] { return traced(args); });
  if (eager && compiled && !sameValues(*eager, *compiled)) {
    std::fprintf(stderr, "eager:\n%s\ntraced:\n%s\n", tnp::repr(*eager).c_str(),
                 tnp::repr(*compiled).c_str());
    finding("the trace and eager execution disagree");
  }
  if (eager && !compiled)
    finding("the trace raised where eager execution did not");

  // vectorized_map over the first argument's rows against a loop of them.
  // A few rows only: an empty array may have 2^31 of them.
  if (!eager || args[0].ndim() == 0 || args[0].shape()[0] == 0 ||
      args[0].shape()[0] > 8)
    return 0;
  std::vector<tnp::ndarray> rows;
  for (int64_t r = 0; r < args[0].shape()[0]; ++r) {
    std::vector<tnp::ndarray> rowArgs = args;
    rowArgs[0] = args[0](r);
    std::optional<tnp::ndarray> row =
        attempt([&] { return run(program, rowArgs); });
    if (!row)
      return 0;
    rows.push_back(*row);
  }
  std::optional<tnp::ndarray> looped =
      attempt([&] { return tnp::stack(rows); });
  std::optional<tnp::ndarray> mapped = attempt([&] {
    return tnp::vectorized_map(
        [&](const tnp::ndarray &row) {
          std::vector<tnp::ndarray> rowArgs = args;
          rowArgs[0] = row;
          return run(program, rowArgs);
        },
        args[0]);
  });
  if (looped && mapped && !sameValues(*looped, *mapped))
    finding("vectorized_map and a loop over rows disagree");
  return 0;
}
