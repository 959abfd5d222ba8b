//===- Sort.cpp - the row sorts tnp.sort lowers to ------------------------===//
//
// Real dtypes sort by a least-significant-digit radix sort (stable, O(n),
// one byte per pass, every byte's buckets counted in one sweep, passes
// whose byte is the same for every element skipped) over an unsigned key
// whose integer order is NumPy's order of the values. Argsort moves keys
// with their indices; sort moves the keys alone and turns them back into
// values in its last pass, the zeros and NaNs (whose keys lose a sign or a
// payload) put back from side lists. Complex dtypes, which have no such
// key, use std::stable_sort. Short rows use insertion sort.
//
//===----------------------------------------------------------------------===//

#include "runtime/Sort.h"

#include "runtime/VectorSort.h"

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

/// The identity map, for items and keys that are their own key or value.
struct Same {
  template <typename T> T operator()(T item) const { return item; }
};

/// How many keys have each value of each byte: what every radix pass
/// needs, counted in the sweep that makes the keys.
template <typename Key> struct DigitCounts {
  std::array<std::array<int64_t, 256>, sizeof(Key)> count{};
  void add(Key key) {
    for (size_t d = 0; d < sizeof(Key); ++d)
      ++count[d][(key >> (8 * d)) & 0xFF];
  }
};

/// Sorts `items` stably by `keyOf(item)` (a `Key`), `tmp` holding n more,
/// `counts` having counted every item's key: one scatter pass per byte
/// that is not the same for every item. Each item is stored into `items`
/// the last time as `out(item)`, sparing the caller a sweep.
template <typename Key, typename Item, typename KeyOf, typename Out>
void radixSort(Item *items, Item *tmp, int64_t n, KeyOf keyOf,
               DigitCounts<Key> &counts, Out out) {
  constexpr int kDigits = sizeof(Key);
  Key first = keyOf(items[0]);
  std::array<int, kDigits> digits;
  int passes = 0;
  for (int d = 0; d < kDigits; ++d)
    if (counts.count[d][(first >> (8 * d)) & 0xFF] != n)
      digits[passes++] = d;
  Item *src = items, *dst = tmp;
  for (int p = 0; p < passes; ++p) {
    int shift = 8 * digits[p];
    std::array<int64_t, 256> &next = counts.count[digits[p]];
    int64_t sum = 0;
    for (int b = 0; b < 256; ++b)
      sum += std::exchange(next[b], sum);
    auto scatter = [&](auto map) {
      for (int64_t i = 0; i < n; ++i) {
        Item item = src[i];
        dst[next[(keyOf(item) >> shift) & 0xFF]++] = map(item);
      }
    };
    if (p == passes - 1 && dst == items)
      scatter(out);
    else
      scatter(Same());
    std::swap(src, dst);
  }
  // An odd number of passes ends in tmp, none leaves the items in place.
  if (src != items || passes == 0)
    std::transform(src, src + n, items, out);
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

/// Sorts a row whose keys have 32 bits by the vector sort, if it takes
/// the row: keys into its buffer, values back from the sorted keys.
/// Equal keys are equal bits, so a sort of bare keys need not be stable.
template <typename O>
bool vectorSortValues(typename O::Storage *row, int64_t n) {
  using Key = typename O::Key;
  if constexpr (sizeof(Key) != sizeof(uint32_t)) {
    return false;
  } else {
    if (n <= kInsertionMax || !vectorSortsKeys(n))
      return false;
    int64_t room = vectorSortRoom(n);
    uint32_t *buffer = scratch<uint32_t>(1, 2 * room);
    for (int64_t i = 0; i < n; ++i)
      buffer[i] = O::key(row[i]);
    const uint32_t *sorted = vectorSortKeys(buffer, buffer + room, n);
    for (int64_t i = 0; i < n; ++i)
      row[i] = O::value(Key(sorted[i]));
    return true;
  }
}

/// Sorts a contiguous row of values in place: by the vector sort, or keys
/// in place of the values sorted by insertion or radix sort and turned
/// back into values; zeros and NaNs come back from side lists.
template <typename O> void sortContiguous(typename O::Storage *row, int64_t n) {
  using S = typename O::Storage;
  if constexpr (HasKey<O>::value) {
    using Key = typename O::Key;
    static_assert(sizeof(Key) == sizeof(S));
    auto value = [](Key key) { return Key(O::value(key)); };
    // Zeros and NaNs lose their sign and payload to their keys: counted in
    // a sweep the compiler vectorizes, kept aside only when there are any.
    std::vector<S> zeros, nans;
    int64_t belowZero = 0;
    if constexpr (O::kLossy) {
      int64_t lost = 0;
      for (int64_t i = 0; i < n; ++i) {
        Key key = O::key(row[i]);
        belowZero += key < O::kZeroKey;
        lost += (key == O::kZeroKey) | (key == O::kNanKey);
      }
      for (int64_t i = 0; lost && i < n; ++i) {
        Key key = O::key(row[i]);
        if (key == O::kZeroKey)
          zeros.push_back(row[i]);
        else if (key == O::kNanKey)
          nans.push_back(row[i]);
      }
    }
    if (!vectorSortValues<O>(row, n)) {
      auto *keys = reinterpret_cast<Key *>(row);
      if (n <= kInsertionMax) {
        for (int64_t i = 0; i < n; ++i)
          keys[i] = O::key(row[i]);
        insertionSort(keys, n, std::less<Key>());
        std::transform(keys, keys + n, keys, value);
      } else {
        DigitCounts<Key> counts;
        for (int64_t i = 0; i < n; ++i) {
          keys[i] = O::key(row[i]);
          counts.add(keys[i]);
        }
        radixSort<Key>(keys, scratch<Key>(1, n), n, Same(), counts, value);
      }
    }
    // The side lists in the row's order: the sort is stable.
    std::copy(zeros.begin(), zeros.end(), row + belowZero);
    std::copy(nans.begin(), nans.end(), row + n - nans.size());
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
        DigitCounts<Key> counts;
        for (int64_t i = 0; i < n; ++i) {
          Key key = O::key(keys[i]);
          items[i] = uint64_t(key) << 32 | uint64_t(i);
          counts.add(key);
        }
        auto keyOf = [](uint64_t item) { return Key(item >> 32); };
        if (n <= kInsertionMax)
          insertionSort(items, n, [&](uint64_t a, uint64_t b) {
            return keyOf(a) < keyOf(b);
          });
        else
          radixSort<Key>(items, items + n, n, keyOf, counts, Same());
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
    DigitCounts<Key> counts;
    for (int64_t i = 0; i < n; ++i) {
      items[i] = {O::key(keys[i]), i};
      counts.add(items[i].key);
    }
    auto keyOf = [](const Item &item) { return item.key; };
    if (n <= kInsertionMax)
      insertionSort(items, n,
                    [](const Item &a, const Item &b) { return a.key < b.key; });
    else
      radixSort<Key>(items, items + n, n, keyOf, counts, Same());
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
