//===- SortTest.cpp - Tests of runtime/Sort -------------------------------===//
//
// The row sorts against std::stable_sort with NumPy's order (NaNs last,
// -0.0 equal to 0.0), bit for bit, at lengths that reach every algorithm
// a row may take (insertion sort, the vector sort's blocks and merges, the
// radix sort) and their edges, with ties, signed zeros and NaNs.
//
//===----------------------------------------------------------------------===//

#include "runtime/Sort.h"

#include "runtime/VectorSort.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <numeric>
#include <random>
#include <string>
#include <vector>

using namespace tnp::runtime;

namespace {

template <typename T>
using SortFn = void (*)(T *, T *, int64_t, int64_t, int64_t);
template <typename T>
using ArgsortFn = void (*)(T *, T *, int64_t, int64_t, int64_t, int64_t *,
                           int64_t *, int64_t, int64_t, int64_t);

void *symbol(const std::string &name) {
  for (auto &[symbolName, address] : sortSymbols())
    if (symbolName == name)
      return address;
  ADD_FAILURE() << "no symbol " << name;
  return nullptr;
}

template <typename T> bool numpyLess(T a, T b) {
  if constexpr (std::is_floating_point_v<T>)
    return !std::isnan(a) && (std::isnan(b) || a < b);
  else
    return a < b;
}

/// Whether `n` elements hold the same bits (signs of zero, NaN payloads);
/// an empty vector's data may be null, which memcmp must not see.
template <typename T> bool sameBits(const T *a, const T *b, int64_t n) {
  return n == 0 || std::memcmp(a, b, n * sizeof(T)) == 0;
}

/// Values drawn from few distinct ones (ties), or from many, with the
/// specials of floats sprinkled in.
template <typename T>
std::vector<T> rowOf(int64_t n, bool ties, std::mt19937 &rng) {
  std::vector<T> row(n);
  std::uniform_int_distribution<int> small(-3, 3), pick(0, 15);
  std::normal_distribution<double> normal(0.0, 1e3);
  for (T &value : row) {
    if constexpr (std::is_floating_point_v<T>) {
      value = ties ? T(small(rng)) : T(normal(rng));
      switch (pick(rng)) {
      case 0:
        value = -T(0);
        break;
      case 1:
        value = T(0);
        break;
      case 2:
        value = std::numeric_limits<T>::quiet_NaN();
        break;
      case 3:
        value = -std::numeric_limits<T>::infinity();
        break;
      case 4:
        value = -std::numeric_limits<T>::quiet_NaN();
        break;
      default:
        break;
      }
    } else {
      value = ties ? T(small(rng))
                   : T(std::uniform_int_distribution<int64_t>(
                         std::numeric_limits<T>::min(),
                         std::numeric_limits<T>::max())(rng));
    }
  }
  return row;
}

template <typename T> class RowSortTest : public testing::Test {};
using SortedTypes = testing::Types<float, double, int8_t, uint8_t, int16_t,
                                   int32_t, uint32_t, int64_t, uint64_t>;
TYPED_TEST_SUITE(RowSortTest, SortedTypes);

template <typename T> std::string dtypeName() {
  if constexpr (std::is_same_v<T, float>)
    return "float32";
  else if constexpr (std::is_same_v<T, double>)
    return "float64";
  else
    return (std::is_signed_v<T> ? "int" : "uint") +
           std::to_string(8 * sizeof(T));
}

constexpr int64_t kLengths[] = {
    0,   1,   2,   15,  16,   17,   47,   48,    49,    100,   255,  256,
    257, 511, 512, 513, 1000, 1024, 4097, 16384, 16385, 20000, 70001};

TYPED_TEST(RowSortTest, MatchesAStableSortInNumPysOrder) {
  using T = TypeParam;
  auto sort = reinterpret_cast<SortFn<T>>(symbol(kSortPrefix + dtypeName<T>()));
  auto argsort =
      reinterpret_cast<ArgsortFn<T>>(symbol(kArgsortPrefix + dtypeName<T>()));
  ASSERT_TRUE(sort && argsort);
  std::mt19937 rng(7);
  // With the vector sort off too: the radix sort serves every length on
  // CPUs without AVX-512.
  for (bool vector : {true, false})
    for (int64_t n : kLengths)
      for (bool ties : {false, true}) {
        setVectorSortEnabled(vector);
        SCOPED_TRACE("n=" + std::to_string(n) + (ties ? " with ties" : "") +
                     (vector ? "" : ", no vector sort"));
        std::vector<T> row = rowOf<T>(n, ties, rng), expected = row;
        std::stable_sort(expected.begin(), expected.end(), numpyLess<T>);
        std::vector<int64_t> expectedPerm(n);
        std::iota(expectedPerm.begin(), expectedPerm.end(), int64_t(0));
        std::stable_sort(
            expectedPerm.begin(), expectedPerm.end(),
            [&](int64_t a, int64_t b) { return numpyLess(row[a], row[b]); });

        std::vector<int64_t> perm(n, -1);
        argsort(row.data(), row.data(), 0, n, 1, perm.data(), perm.data(), 0, n,
                1);
        EXPECT_EQ(perm, expectedPerm);

        // Every other element of a row twice as long: the strided form.
        std::vector<T> strided(2 * n);
        for (int64_t i = 0; i < n; ++i)
          strided[2 * i] = row[i];
        sort(strided.data(), strided.data(), 0, n, 2);
        sort(row.data(), row.data(), 0, n, 1);
        EXPECT_TRUE(sameBits(row.data(), expected.data(), n));
        for (int64_t i = 0; i < n; ++i)
          strided[i] = strided[2 * i];
        EXPECT_TRUE(sameBits(strided.data(), expected.data(), n));
      }
  setVectorSortEnabled(true);
}

} // namespace
