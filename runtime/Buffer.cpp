//===- Buffer.cpp - Reference-counted, aligned host memory ----------------===//

#include "runtime/Buffer.h"

#include "runtime/HostAllocator.h"

#include "llvm/Support/FormatVariadic.h"

#include <atomic>
#include <new>

using namespace tnp::runtime;

static_assert(Buffer::kAlignment == HostAllocator::kAlignment,
              "buffers come from the HostAllocator");

namespace {
std::atomic<size_t> liveBuffers{0};
std::atomic<size_t> liveBufferBytes{0};
std::atomic<size_t> allocations{0};

/// Whole alignment units (kernels reading full vectors need them); zero
/// bytes still get one unit so that data() is unique and non-null, as NumPy's
/// empty arrays are.
size_t roundedSize(size_t bytes) {
  return bytes == 0 ? Buffer::kAlignment
                    : (bytes + Buffer::kAlignment - 1) / Buffer::kAlignment *
                          Buffer::kAlignment;
}

/// Counts a new buffer of `bytes` bytes alive.
void countLive(size_t bytes) {
  liveBuffers.fetch_add(1, std::memory_order_relaxed);
  liveBufferBytes.fetch_add(bytes, std::memory_order_relaxed);
}
} // namespace

llvm::Expected<std::shared_ptr<Buffer>> Buffer::allocate(size_t bytes) {
  if (bytes > SIZE_MAX - kAlignment)
    return llvm::createStringError(
        llvm::formatv("cannot allocate a buffer of {0} bytes: size overflows "
                      "when rounded up to {1}-byte alignment",
                      bytes, kAlignment)
            .str());
  size_t rounded = roundedSize(bytes);
  void *ptr = HostAllocator::process().allocate(rounded);
  if (!ptr)
    return llvm::createStringError(
        std::make_error_code(std::errc::not_enough_memory),
        llvm::formatv("cannot allocate a buffer of {0} bytes", bytes).str());
  // The control block is the only allocation here that can still throw; under
  // -fno-exceptions that terminates, as any small allocation in LLVM does.
  std::shared_ptr<Buffer> buffer(new (std::nothrow)
                                     Buffer(ptr, bytes, /*owned=*/true));
  if (!buffer) {
    HostAllocator::process().release(ptr, rounded);
    return llvm::createStringError(
        std::make_error_code(std::errc::not_enough_memory),
        "cannot allocate a buffer handle");
  }
  countLive(bytes);
  allocations.fetch_add(1, std::memory_order_relaxed);
  return buffer;
}

llvm::Expected<std::shared_ptr<Buffer>>
Buffer::wrap(void *data, size_t bytes, std::function<void()> release) {
  std::shared_ptr<Buffer> buffer(new (std::nothrow) Buffer(
      data, bytes, /*owned=*/false, std::move(release)));
  // The allocation comes before the arguments: a failed one left `release`.
  if (!buffer && release)
    release();
  if (!buffer)
    return llvm::createStringError(
        std::make_error_code(std::errc::not_enough_memory),
        "cannot allocate a buffer handle");
  countLive(bytes);
  return buffer;
}

Buffer::~Buffer() {
  if (owned)
    HostAllocator::process().release(ptr, roundedSize(bytes));
  else if (release)
    release();
  liveBuffers.fetch_sub(1, std::memory_order_relaxed);
  liveBufferBytes.fetch_sub(bytes, std::memory_order_relaxed);
}

size_t Buffer::liveCount() {
  return liveBuffers.load(std::memory_order_relaxed);
}

size_t Buffer::liveBytes() {
  return liveBufferBytes.load(std::memory_order_relaxed);
}

size_t Buffer::allocationCount() {
  return allocations.load(std::memory_order_relaxed);
}
