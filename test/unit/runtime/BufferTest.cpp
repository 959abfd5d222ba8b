//===- BufferTest.cpp - Tests of runtime/Buffer ---------------------------===//

#include "runtime/Buffer.h"

#include "llvm/Support/Error.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <cstring>

using namespace tnp::runtime;

namespace {

TEST(BufferTest, DataIsAlignedForEverySize) {
  for (size_t bytes : {0, 1, 7, 63, 64, 65, 1000, 1 << 20}) {
    llvm::Expected<std::shared_ptr<Buffer>> buffer = Buffer::allocate(bytes);
    ASSERT_TRUE(bool(buffer)) << llvm::toString(buffer.takeError());
    ASSERT_NE((*buffer)->data(), nullptr);
    EXPECT_EQ(
        reinterpret_cast<uintptr_t>((*buffer)->data()) % Buffer::kAlignment, 0u)
        << "size " << bytes;
    EXPECT_EQ((*buffer)->size(), bytes);
    // The whole requested range, and the rest of the last 64-byte unit, can be
    // touched.
    size_t rounded = (bytes + 63) / 64 * 64;
    std::memset((*buffer)->data(), 0xab, rounded);
  }
}

TEST(BufferTest, EmptyBuffersHaveDistinctPointers) {
  std::shared_ptr<Buffer> a = llvm::cantFail(Buffer::allocate(0));
  std::shared_ptr<Buffer> b = llvm::cantFail(Buffer::allocate(0));
  EXPECT_NE(a->data(), b->data());
  EXPECT_EQ(a->size(), 0u);
}

TEST(BufferTest, LastHandleFreesTheMemory) {
  size_t countBefore = Buffer::liveCount();
  size_t bytesBefore = Buffer::liveBytes();
  std::weak_ptr<Buffer> observer;
  {
    std::shared_ptr<Buffer> first = llvm::cantFail(Buffer::allocate(100));
    observer = first;
    EXPECT_EQ(Buffer::liveCount(), countBefore + 1);
    EXPECT_EQ(Buffer::liveBytes(), bytesBefore + 100);
    std::shared_ptr<Buffer> second = first;
    EXPECT_EQ(second->data(), first->data());
    EXPECT_EQ(first.use_count(), 2);
    first.reset();
    EXPECT_FALSE(observer.expired());
    EXPECT_EQ(Buffer::liveCount(), countBefore + 1);
  }
  EXPECT_TRUE(observer.expired());
  EXPECT_EQ(Buffer::liveCount(), countBefore);
  EXPECT_EQ(Buffer::liveBytes(), bytesBefore);
}

TEST(BufferTest, ImpossibleSizesAreErrorsNotAborts) {
  size_t countBefore = Buffer::liveCount();
  llvm::Expected<std::shared_ptr<Buffer>> overflow =
      Buffer::allocate(SIZE_MAX - 3);
  ASSERT_FALSE(bool(overflow));
  EXPECT_NE(llvm::toString(overflow.takeError()).find("overflows"),
            std::string::npos);
  llvm::Expected<std::shared_ptr<Buffer>> huge =
      Buffer::allocate(size_t(1) << 62);
  ASSERT_FALSE(bool(huge));
  EXPECT_NE(llvm::toString(huge.takeError()).find("cannot allocate"),
            std::string::npos);
  EXPECT_EQ(Buffer::liveCount(), countBefore);
}

} // namespace
