//===- InteropTest.cpp - arrays over memory tnp does not own --------------===//
//
// from_buffer and from_vector use aligned memory in place and copy the rest
// once (counted with runtime::Buffer::allocationCount), release external
// memory exactly once, never write it; .npy/.npz files round-trip and refuse
// damage. NumPy's side of the file exchange is npy-exchange.test.
//
//===----------------------------------------------------------------------===//

#include "ErrorOf.h"

#include <tnp/tnp.h>

#include "runtime/Buffer.h"

#include "llvm/Support/FileSystem.h"

#include "gtest/gtest.h"

#include <cstdlib>
#include <cstring>
#include <fstream>

using tnp::ndarray;
using tnp::runtime::Buffer;

namespace {

/// 64-byte aligned memory holding 0, 1, 2, ... as doubles, with room for
/// `offset` extra bytes in front.
struct External {
  explicit External(size_t count, size_t offset = 0) : count(count) {
    // aligned_alloc takes whole multiples of the alignment.
    size_t bytes = (offset + count * 8 + 63) / 64 * 64 + 64;
    base = static_cast<char *>(std::aligned_alloc(64, bytes));
    data = base + offset;
    for (size_t i = 0; i < count; ++i) {
      double v = double(i);
      std::memcpy(data + i * 8, &v, 8);
    }
  }
  ~External() { std::free(base); }
  std::string bytes() const { return std::string(data, count * 8); }

  size_t count;
  char *base;
  char *data;
};

TEST(FromBuffer, AlignedMemoryIsUsedInPlaceAndReleasedOnce) {
  External memory(12);
  std::string before = memory.bytes();
  int releases = 0;
  size_t allocations = Buffer::allocationCount();
  {
    ndarray a = tnp::from_buffer(memory.data, {3, 4}, tnp::float64,
                                 [&] { ++releases; });
    EXPECT_EQ(Buffer::allocationCount(), allocations) << "copied";
    EXPECT_EQ(a.data(), memory.data);
    EXPECT_EQ(a.shape(), (tnp::shape_t{3, 4}));
    EXPECT_EQ(a.strides(), (tnp::shape_t{32, 8}));
    // Views keep the memory; results are tnp's own.
    ndarray row = a(1);
    ndarray flat = a.reshape({12});
    ndarray twice = a * 2;
    a = tnp::zeros({1});
    EXPECT_EQ(row.to_vector<double>(), (std::vector<double>{4, 5, 6, 7}));
    EXPECT_EQ(flat.to_vector<double>()[11], 11);
    EXPECT_EQ(twice.to_vector<double>()[11], 22);
    EXPECT_EQ(releases, 0);
  }
  EXPECT_EQ(releases, 1);
  EXPECT_EQ(memory.bytes(), before) << "tnp wrote external memory";
}

TEST(FromBuffer, MisalignedMemoryIsCopiedOnceAndReleasedAtOnce) {
  External memory(6, /*offset=*/8);
  int releases = 0;
  size_t allocations = Buffer::allocationCount();
  ndarray a =
      tnp::from_buffer(memory.data, {2, 3}, tnp::float64, [&] { ++releases; });
  EXPECT_EQ(Buffer::allocationCount(), allocations + 1);
  EXPECT_NE(a.data(), memory.data);
  EXPECT_EQ(releases, 1);
  std::memset(memory.data, 0, 6 * 8);
  EXPECT_EQ(a.to_vector<double>(), (std::vector<double>{0, 1, 2, 3, 4, 5}));
}

TEST(FromBuffer, OwnerStaysAliveWhileTheArrayUsesItsMemory) {
  auto owner = std::make_shared<External>(4);
  std::weak_ptr<External> watch = owner;
  ndarray a = tnp::from_buffer(owner->data, {4}, tnp::float64, owner);
  owner.reset();
  EXPECT_FALSE(watch.expired());
  EXPECT_EQ(tnp::sum(a).item<double>(), 6);
  a = ndarray();
  EXPECT_TRUE(watch.expired());
}

// An operator may write its result over an operand given up with std::move
// (Call::reusableInputs), never over memory tnp does not own.
TEST(FromBuffer, MovedOperandsNeverWriteExternalMemory) {
  External memory(8);
  std::string before = memory.bytes();
  ndarray a = tnp::from_buffer(memory.data, {8}, tnp::float64);
  ndarray b = tnp::ones({8}, tnp::float64);
  ndarray sum = std::move(a) + b;
  EXPECT_NE(sum.data(), memory.data);
  EXPECT_EQ(memory.bytes(), before);
  EXPECT_EQ(sum.to_vector<double>()[7], 8);
}

TEST(FromBuffer, VectorsMoveInWithoutACopyWhenAligned) {
  tnp::aligned_vector<float> values = {1, 2, 3, 4, 5, 6};
  const float *data = values.data();
  size_t allocations = Buffer::allocationCount();
  ndarray a = tnp::from_vector(std::move(values), tnp::shape_t{2, 3});
  EXPECT_EQ(Buffer::allocationCount(), allocations);
  EXPECT_EQ(a.data(), data);
  EXPECT_EQ(a.dtype(), tnp::float32);
  EXPECT_EQ(tnp::sum(a).item<float>(), 21);

  // A plain vector is copied exactly when its memory is not aligned.
  std::vector<int32_t> plain = {1, 2, 3};
  bool aligned = reinterpret_cast<uintptr_t>(plain.data()) % 64 == 0;
  allocations = Buffer::allocationCount();
  ndarray b = tnp::from_vector(std::move(plain));
  EXPECT_EQ(Buffer::allocationCount(), allocations + (aligned ? 0 : 1));
  EXPECT_EQ(b.to_vector<int32_t>(), (std::vector<int32_t>{1, 2, 3}));
}

TEST(FromBuffer, BadArgumentsAreValueErrors) {
  External memory(4);
  EXPECT_EQ(errorOf<tnp::ValueError>([&] {
              tnp::from_buffer(memory.data, {2, -1}, tnp::float64);
            }),
            "from_buffer: negative dimensions are not allowed: (2,-1)");
  EXPECT_EQ(errorOf<tnp::ValueError>([&] {
              tnp::from_buffer(memory.data, {int64_t(1) << 40, 1 << 30},
                               tnp::float64);
            }),
            "from_buffer: array is too big; `arr.size * arr.dtype.itemsize` "
            "is larger than the maximum possible size: shape "
            "(1099511627776,1073741824) of float64");
  EXPECT_EQ(errorOf<tnp::ValueError>(
                [&] { tnp::from_buffer(nullptr, {2}, tnp::float64); }),
            "from_buffer: null data for shape (2,)");
  // No elements need no memory.
  EXPECT_EQ(tnp::from_buffer(nullptr, {0, 3}, tnp::int8).size(), 0);
}

/// A path in a fresh directory, removed at the end.
class TempFiles : public ::testing::Test {
protected:
  void SetUp() override {
    llvm::SmallString<128> path;
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("tnp-io-test", path));
    dir = std::string(path);
  }
  void TearDown() override { (void)llvm::sys::fs::remove_directories(dir); }
  std::string file(const std::string &name) const { return dir + "/" + name; }

  std::string dir;
};

using Io = TempFiles;

TEST_F(Io, SaveAndLoadRoundTripEveryDType) {
  for (int i = 0; i < tnp::dtype::count; ++i) {
    tnp::dtype dtype(static_cast<tnp::dtype::code>(i));
    if (dtype == tnp::bfloat16)
      continue; // NumPy has no bfloat16: refused below.
    SCOPED_TRACE(std::string(dtype.name()));
    ndarray a = (tnp::arange(24).reshape({2, 3, 4}) * 3 - 20).astype(dtype);
    tnp::save(file("a.npy"), a);
    ndarray b = tnp::load(file("a.npy"));
    EXPECT_EQ(b.dtype(), dtype);
    EXPECT_EQ(b.shape(), a.shape());
    EXPECT_EQ(std::memcmp(a.data(), b.data(), a.size() * dtype.itemsize()), 0);
  }
  EXPECT_NE(errorOf<tnp::TypeError>([&] {
              tnp::save(file("b.npy"), tnp::ones({2}, tnp::bfloat16));
            }).find("cannot save an array of dtype bfloat16"),
            std::string::npos);
}

TEST_F(Io, NpzHoldsNamedArrays) {
  ndarray x = tnp::arange(6).reshape({2, 3});
  ndarray y = tnp::ones({4}, tnp::float32);
  for (bool compressed : {false, true}) {
    std::string path = file(compressed ? "c.npz" : "p.npz");
    if (compressed)
      tnp::savez_compressed(path, {{"x", x}, {"y", y}});
    else
      tnp::savez(path, {{"x", x}, {"y", y}});
    std::map<std::string, ndarray> arrays = tnp::load_npz(path);
    ASSERT_EQ(arrays.size(), 2u);
    EXPECT_EQ(arrays["x"].to_vector<int64_t>(), x.to_vector<int64_t>());
    EXPECT_EQ(arrays["y"].to_vector<float>(), y.to_vector<float>());
  }
  EXPECT_EQ(errorOf<tnp::ValueError>([&] {
              tnp::savez(file("d.npz"), {{"x", x}, {"x", y}});
            }),
            "savez: two arrays are named 'x'");
}

/// Writes `bytes` to `path`.
void put(const std::string &path, const std::string &bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

std::string slurp(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

TEST_F(Io, DamagedFilesAreErrorsNotCrashes) {
  EXPECT_NE(errorOf<tnp::OSError>([&] {
              tnp::load(file("missing.npy"));
            }).find("cannot open"),
            std::string::npos);
  EXPECT_NE(errorOf<tnp::OSError>([&] {
              tnp::save(dir + "/no/such/dir.npy", tnp::ones({1}));
            }).find("cannot create"),
            std::string::npos);

  tnp::save(file("a.npy"), tnp::arange(100.0));
  std::string good = slurp(file("a.npy"));
  auto loadDamaged = [&](std::string bytes) {
    put(file("bad.npy"), bytes);
    return errorOf<tnp::ValueError>([&] { tnp::load(file("bad.npy")); });
  };
  EXPECT_NE(loadDamaged(good.substr(0, good.size() - 1)).find("truncated"),
            std::string::npos);
  EXPECT_NE(loadDamaged(good.substr(0, 9)).find("truncated header"),
            std::string::npos);
  std::string huge = good;
  huge.replace(huge.find("(100,)"), 6, "(1<<62)");
  EXPECT_NE(loadDamaged(huge).find("shape"), std::string::npos);
  std::string overflow = good;
  overflow.replace(overflow.find("(100,)"), 6, "(4611686018427387904, 4,)");
  put(file("bad.npy"), overflow);
  EXPECT_NE(errorOf<tnp::ValueError>([&] {
              tnp::load(file("bad.npy"));
            }).find("overflows"),
            std::string::npos);
  std::string digits = good;
  digits.replace(digits.find("(100,)"), 6, "(99999999999999999999999,)");
  put(file("bad.npy"), digits);
  EXPECT_NE(errorOf<tnp::ValueError>([&] {
              tnp::load(file("bad.npy"));
            }).find("overflows"),
            std::string::npos);
  std::string longHeader("\x93NUMPY\x02\x00\x20\x4e\x00\x00", 12);
  longHeader += std::string(20000, ' '); // A 20000-byte header.
  EXPECT_NE(loadDamaged(longHeader).find("header of 20000 bytes, over 10000"),
            std::string::npos);
  std::string version = good;
  version[6] = 9;
  EXPECT_NE(loadDamaged(version).find("format version 9.0"), std::string::npos);

  tnp::savez(file("a.npz"), {{"a", tnp::arange(50.0)}});
  std::string zip = slurp(file("a.npz"));
  auto loadDamagedZip = [&](std::string bytes) {
    put(file("bad.npz"), bytes);
    return errorOf<tnp::ValueError>([&] { tnp::load_npz(file("bad.npz")); });
  };
  std::string flipped = zip;
  flipped[200] ^= 1; // In the entry's data.
  EXPECT_NE(loadDamagedZip(flipped).find("CRC-32"), std::string::npos);
  tnp::savez_compressed(file("c.npz"), {{"a", tnp::zeros({4096})}});
  std::string deflated = slurp(file("c.npz"));
  // The central directory's uncompressed size (offset 24 of its header,
  // 0xffffffff: the zip64 extra field after the name holds it) claims 2^40.
  size_t central = deflated.rfind(std::string("PK\x01\x02", 4));
  size_t extra = central + 46 + 5 + 4; // Name "a.npy", extra id and length.
  for (int i = 0; i < 8; ++i)
    deflated[extra + i] = char(i == 5 ? 1 : 0);
  EXPECT_NE(loadDamagedZip(deflated).find("claims 1099511627776 bytes"),
            std::string::npos);
  for (size_t keep : {size_t(0), size_t(10), zip.size() / 2, zip.size() - 1})
    EXPECT_NE(loadDamagedZip(zip.substr(0, keep)).find("not a readable .npz"),
              std::string::npos)
        << keep;
}

} // namespace
