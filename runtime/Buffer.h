//===- Buffer.h - Reference-counted, aligned host memory --------*- C++ -*-===//
//
// The storage behind an eager ndarray: one aligned block of host memory shared
// by every handle that refers to it.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_RUNTIME_BUFFER_H
#define TNP_RUNTIME_BUFFER_H

#include "llvm/Support/Error.h"

#include <cstddef>
#include <functional>
#include <memory>

namespace tnp {
namespace runtime {

/// A block of host memory aligned to `Buffer::kAlignment` bytes. Buffers are
/// shared through `std::shared_ptr`: the memory is freed when the last handle
/// goes away. The allocation is rounded up to a whole number of alignment
/// units, so vectorized kernels may read (not write) up to the end of the last
/// unit without faulting.
class Buffer {
public:
  /// Alignment of `data()` in bytes (HostAllocator's).
  static constexpr size_t kAlignment = 64;

  /// Allocates `bytes` uninitialized bytes. Zero bytes is allowed and still
  /// yields a unique, aligned, non-null `data()`. Fails (without aborting) when
  /// the system is out of memory or `bytes` overflows when rounded up.
  static llvm::Expected<std::shared_ptr<Buffer>> allocate(size_t bytes);

  /// Memory tnp does not own: `bytes` bytes at `data` (aligned to
  /// `kAlignment`), which must stay valid and unchanged until `release` (if
  /// any) is called, once, when the last handle goes away; it must not throw.
  /// tnp never writes it. Kernels may read to the end of the last
  /// `kAlignment`-byte unit, which lies in the same page, so `data` needs no
  /// padding.
  static llvm::Expected<std::shared_ptr<Buffer>>
  wrap(void *data, size_t bytes, std::function<void()> release);

  ~Buffer();
  Buffer(const Buffer &) = delete;
  Buffer &operator=(const Buffer &) = delete;

  /// The first byte; aligned to `kAlignment`, never null.
  void *data() { return ptr; }
  const void *data() const { return ptr; }

  /// The size requested from `allocate`, in bytes.
  size_t size() const { return bytes; }

  /// Whether the memory is someone else's (`wrap`).
  bool isExternal() const { return !owned; }

  /// Buffers alive in this process, and the bytes they requested: for leak
  /// tests and memory statistics.
  static size_t liveCount();
  static size_t liveBytes();
  /// Buffers `allocate` has made since the process started: tests count the
  /// copies an operation makes with it.
  static size_t allocationCount();

private:
  Buffer(void *ptr, size_t bytes, bool owned,
         std::function<void()> release = nullptr)
      : ptr(ptr), bytes(bytes), owned(owned), release(std::move(release)) {}

  void *ptr;
  size_t bytes;
  /// Freed by the destructor; false for wrapped memory.
  bool owned;
  std::function<void()> release;
};

} // namespace runtime
} // namespace tnp

#endif // TNP_RUNTIME_BUFFER_H
