//===- Sort.cpp - the row sorts tnp.sort lowers to ------------------------===//
//
// Real dtypes sort by a least-significant-digit radix sort (stable, O(n),
// one byte per pass, passes whose byte is the same for every element
// skipped, four quarters of the row scattered at once) over an unsigned key whose integer order is NumPy's order of the
// values; the values themselves move, so NaN payloads and the sign of zero
// survive. Complex dtypes, which have no such key, use std::stable_sort.
// Short rows use insertion sort.
//
//===----------------------------------------------------------------------===//

#include "runtime/Sort.h"

#include <algorithm>
#include <array>
#include <complex>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <numeric>
#include <type_traits>
#include <utility>
#include <vector>

using namespace tnp::runtime;

namespace {

/// Rows at most this long are insertion-sorted: shorter than a radix
/// sort's histograms.
constexpr int64_t kInsertionMax = 48;

/// Integers: their unsigned bits, the sign bit flipped for signed types;
/// a one-to-one map.
template <typename T> struct IntOrder {
  using Storage = T;
  using Key = std::make_unsigned_t<T>;
  static constexpr Key kFlip =
      std::is_signed_v<T> ? Key(Key(1) << (8 * sizeof(Key) - 1)) : Key(0);
  static constexpr bool kLossy = false;
  static Key key(T value) { return static_cast<Key>(Key(value) ^ kFlip); }
  static T value(Key key) { return static_cast<T>(key ^ kFlip); }
};

/// IEEE floats, moved as their bits (`Bits`; `Inf` is +inf's): negative
/// values complemented, positive ones with the sign bit set, both zeros the
/// key of +0, every NaN the largest key. Zeros and NaNs are the values the
/// key loses (a sign, a payload): sorts put them back from a side list.
template <typename Bits, Bits Inf> struct FloatOrder {
  using Storage = Bits;
  using Key = Bits;
  static constexpr Bits kSign = Bits(1) << (8 * sizeof(Bits) - 1);
  static constexpr bool kLossy = true;
  static constexpr Key kZeroKey = kSign;
  static constexpr Key kNanKey = static_cast<Key>(~Key(0));
  static Key key(Bits bits) {
    // Masks, not branches: signs and NaNs come in no predictable order.
    constexpr int kTop = 8 * sizeof(Bits) - 1;
    auto magnitude = static_cast<Bits>(bits & ~kSign);
    auto negative = static_cast<Bits>(Bits(0) - Bits(bits >> kTop));
    auto zero = static_cast<Bits>(Bits(0) - Bits(magnitude == 0));
    auto nan = static_cast<Bits>(Bits(0) - Bits(magnitude > Inf));
    auto ordered = static_cast<Bits>(bits ^ (negative | kSign));
    return static_cast<Bits>(((ordered & ~zero) | (kZeroKey & zero)) | nan);
  }
  /// The value of a key other than kZeroKey and kNanKey.
  static Bits value(Key key) {
    return static_cast<Bits>((key & kSign) ? key & ~kSign : ~key);
  }
};

/// Complex numbers, compared as NumPy does: values without NaN first (by
/// real, then imaginary part), then a NaN imaginary part (by real part),
/// then a NaN real part (by imaginary part), then both NaN.
template <typename R> struct ComplexOrder {
  using Storage = std::complex<R>;
  static bool less(const Storage &a, const Storage &b) {
    auto rank = [](const Storage &z) {
      return 2 * (z.real() != z.real()) + (z.imag() != z.imag());
    };
    int ra = rank(a), rb = rank(b);
    if (ra != rb)
      return ra < rb;
    if (a.real() == a.real() && a.real() != b.real())
      return a.real() < b.real();
    return a.imag() == a.imag() && a.imag() < b.imag();
  }
};

template <typename O, typename = void> struct HasKey : std::false_type {};
template <typename O>
struct HasKey<O, std::void_t<typename O::Key>> : std::true_type {};

/// Thread-local scratch of at least `n` T's; `slot` tells apart two that
/// are live at once.
template <typename T> T *scratch(int slot, int64_t n) {
  thread_local std::array<std::vector<std::byte>, 2> buffers;
  std::vector<std::byte> &buffer = buffers[slot];
  if (buffer.size() < n * sizeof(T))
    buffer.resize(n * sizeof(T));
  return reinterpret_cast<T *>(buffer.data());
}

/// Sorts `items` stably by `keyOf(item)` (a `Key`), `tmp` holding n more.
/// Each pass scatters four quarters of the items at once, each quarter
/// with its own write positions: the next position in a bucket then waits
/// on that quarter's last write only, not on every item's (keys with few
/// distinct bytes, such as the exponent byte of floats of one magnitude,
/// would otherwise chain every item through one counter in memory).
template <typename Key, typename Item, typename KeyOf>
void radixSort(Item *items, Item *tmp, int64_t n, KeyOf keyOf) {
  constexpr int kDigits = sizeof(Key), kQuarters = 4;
  // Which bytes differ anywhere: a pass over a byte that is the same for
  // every item would move nothing.
  Key first = keyOf(items[0]), differing = 0;
  for (int64_t i = 1; i < n; ++i)
    differing |= keyOf(items[i]) ^ first;
  int64_t quarter = n / kQuarters;
  Item *src = items, *dst = tmp;
  for (int d = 0; d < kDigits; ++d) {
    if (((differing >> (8 * d)) & 0xFF) == 0)
      continue;
    auto digit = [&](const Item &item) {
      return (keyOf(item) >> (8 * d)) & 0xFF;
    };
    std::array<std::array<int64_t, 256>, kQuarters> next{};
    for (int q = 0; q < kQuarters; ++q) {
      int64_t end = q == kQuarters - 1 ? n : (q + 1) * quarter;
      for (int64_t i = q * quarter; i < end; ++i)
        ++next[q][digit(src[i])];
    }
    // Quarter q's items of bucket b go after every earlier bucket's and
    // after the earlier quarters' items of b.
    int64_t sum = 0;
    for (int b = 0; b < 256; ++b)
      for (int q = 0; q < kQuarters; ++q)
        sum += std::exchange(next[q][b], sum);
    for (int64_t i = 0; i < quarter; ++i) {
      Item a = src[i], b = src[quarter + i], c = src[2 * quarter + i],
           e = src[3 * quarter + i];
      dst[next[0][digit(a)]++] = a;
      dst[next[1][digit(b)]++] = b;
      dst[next[2][digit(c)]++] = c;
      dst[next[3][digit(e)]++] = e;
    }
    for (int64_t i = kQuarters * quarter; i < n; ++i)
      dst[next[3][digit(src[i])]++] = src[i];
    std::swap(src, dst);
  }
  if (src != items)
    std::copy(src, src + n, items);
}

/// Sorts `items` stably by `less`, for short rows.
template <typename Item, typename Less>
void insertionSort(Item *items, int64_t n, Less less) {
  for (int64_t i = 1; i < n; ++i) {
    Item item = items[i];
    int64_t j = i;
    for (; j > 0 && less(item, items[j - 1]); --j)
      items[j] = items[j - 1];
    items[j] = item;
  }
}

/// Sorts a contiguous row of values in place: keys in place of the
/// values, a radix sort of the keys, values back from the keys (and, for
/// the keys a float loses, from the side lists, whose order is the row's:
/// the sort is stable).
template <typename O> void sortContiguous(typename O::Storage *row, int64_t n) {
  using S = typename O::Storage;
  if constexpr (HasKey<O>::value) {
    using Key = typename O::Key;
    static_assert(sizeof(Key) == sizeof(S));
    auto *keys = reinterpret_cast<Key *>(row);
    std::vector<S> zeros, nans;
    for (int64_t i = 0; i < n; ++i) {
      S value = row[i];
      Key key = O::key(value);
      if constexpr (O::kLossy) {
        if (key == O::kZeroKey)
          zeros.push_back(value);
        else if (key == O::kNanKey)
          nans.push_back(value);
      }
      keys[i] = key;
    }
    if (n <= kInsertionMax)
      insertionSort(keys, n, std::less<Key>());
    else
      radixSort<Key>(keys, scratch<Key>(1, n), n, [](Key k) { return k; });
    size_t zero = 0;
    for (int64_t i = 0; i < n; ++i) {
      Key key = keys[i];
      if constexpr (O::kLossy) {
        if (key == O::kZeroKey) {
          row[i] = zeros[zero++];
          continue;
        }
        if (key == O::kNanKey) {
          std::copy(nans.begin(), nans.end(), row + i);
          break;
        }
      }
      row[i] = O::value(key);
    }
  } else {
    std::stable_sort(row, row + n, O::less);
  }
}

/// Writes to `perm` the stable permutation sorting `keys`, both contiguous.
template <typename O>
void argsortContiguous(const typename O::Storage *keys, int64_t *perm,
                       int64_t n) {
  if constexpr (HasKey<O>::value) {
    using Key = typename O::Key;
    // A key of up to 32 bits and its index share one 64-bit item.
    if constexpr (sizeof(Key) <= 4) {
      if (n <= (int64_t(1) << 32)) {
        uint64_t *items = scratch<uint64_t>(0, 2 * n);
        for (int64_t i = 0; i < n; ++i)
          items[i] = uint64_t(O::key(keys[i])) << 32 | uint64_t(i);
        auto keyOf = [](uint64_t item) { return Key(item >> 32); };
        if (n <= kInsertionMax)
          insertionSort(items, n, [&](uint64_t a, uint64_t b) {
            return keyOf(a) < keyOf(b);
          });
        else
          radixSort<Key>(items, items + n, n, keyOf);
        for (int64_t i = 0; i < n; ++i)
          perm[i] = int64_t(items[i] & 0xFFFFFFFFu);
        return;
      }
    }
    struct Item {
      Key key;
      int64_t index;
    };
    Item *items = scratch<Item>(0, 2 * n);
    for (int64_t i = 0; i < n; ++i)
      items[i] = {O::key(keys[i]), i};
    auto keyOf = [](const Item &item) { return item.key; };
    if (n <= kInsertionMax)
      insertionSort(items, n,
                    [](const Item &a, const Item &b) { return a.key < b.key; });
    else
      radixSort<Key>(items, items + n, n, keyOf);
    for (int64_t i = 0; i < n; ++i)
      perm[i] = items[i].index;
  } else {
    std::iota(perm, perm + n, int64_t(0));
    std::stable_sort(perm, perm + n, [&](int64_t a, int64_t b) {
      return O::less(keys[a], keys[b]);
    });
  }
}

/// tnp_sort_<dtype>: one row, sorted in place (through a contiguous copy
/// when strided).
template <typename O>
void sortRow(typename O::Storage *, typename O::Storage *aligned,
             int64_t offset, int64_t size, int64_t stride) {
  using S = typename O::Storage;
  S *row = aligned + offset;
  if (size < 2)
    return;
  if (stride == 1)
    return sortContiguous<O>(row, size);
  S *copy = scratch<S>(0, size);
  for (int64_t i = 0; i < size; ++i)
    copy[i] = row[i * stride];
  sortContiguous<O>(copy, size);
  for (int64_t i = 0; i < size; ++i)
    row[i * stride] = copy[i];
}

/// tnp_argsort_<dtype>: the permutation sorting one row of keys.
template <typename O>
void argsortRow(typename O::Storage *, typename O::Storage *keysAligned,
                int64_t keysOffset, int64_t size, int64_t keysStride, int64_t *,
                int64_t *permAligned, int64_t permOffset, int64_t,
                int64_t permStride) {
  using S = typename O::Storage;
  const S *keys = keysAligned + keysOffset;
  int64_t *perm = permAligned + permOffset;
  if (keysStride != 1) {
    S *copy = scratch<S>(1, size);
    for (int64_t i = 0; i < size; ++i)
      copy[i] = keys[i * keysStride];
    keys = copy;
  }
  if (permStride == 1)
    return argsortContiguous<O>(keys, perm, size);
  std::vector<int64_t> contiguous(size);
  argsortContiguous<O>(keys, contiguous.data(), size);
  for (int64_t i = 0; i < size; ++i)
    perm[i * permStride] = contiguous[i];
}

template <typename O>
void addDType(std::vector<std::pair<std::string, void *>> &symbols,
              const char *dtype) {
  symbols.push_back({std::string(kSortPrefix) + dtype,
                     reinterpret_cast<void *>(&sortRow<O>)});
  symbols.push_back({std::string(kArgsortPrefix) + dtype,
                     reinterpret_cast<void *>(&argsortRow<O>)});
}

} // namespace

std::vector<std::pair<std::string, void *>> tnp::runtime::sortSymbols() {
  std::vector<std::pair<std::string, void *>> symbols;
  // bool is stored as one byte, 0 or 1.
  addDType<IntOrder<uint8_t>>(symbols, "bool");
  addDType<IntOrder<int8_t>>(symbols, "int8");
  addDType<IntOrder<int16_t>>(symbols, "int16");
  addDType<IntOrder<int32_t>>(symbols, "int32");
  addDType<IntOrder<int64_t>>(symbols, "int64");
  addDType<IntOrder<uint8_t>>(symbols, "uint8");
  addDType<IntOrder<uint16_t>>(symbols, "uint16");
  addDType<IntOrder<uint32_t>>(symbols, "uint32");
  addDType<IntOrder<uint64_t>>(symbols, "uint64");
  addDType<FloatOrder<uint16_t, 0x7C00>>(symbols, "float16");
  addDType<FloatOrder<uint16_t, 0x7F80>>(symbols, "bfloat16");
  addDType<FloatOrder<uint32_t, 0x7F800000u>>(symbols, "float32");
  addDType<FloatOrder<uint64_t, 0x7FF0000000000000ull>>(symbols, "float64");
  addDType<ComplexOrder<float>>(symbols, "complex64");
  addDType<ComplexOrder<double>>(symbols, "complex128");
  return symbols;
}
