//===- Interop.cpp - arrays over memory tnp does not own ------------------===//

#include <tnp/interop.h>

#include "lib/ArrayImpl.h"
#include "lib/Format.h"

#include <cstring>

using namespace tnp;
using namespace tnp::detail;

// The public header states the runtime's alignment without including it.
static_assert(buffer_alignment == runtime::Buffer::kAlignment,
              "tnp::buffer_alignment must be the runtime's buffer alignment");

namespace {
/// Calls `release` when it goes out of scope, unless handed on.
struct ReleaseOnExit {
  std::function<void()> release;
  ~ReleaseOnExit() {
    if (release)
      release();
  }
};
} // namespace

ndarray tnp::from_buffer(const void *data, const shape_t &shape,
                         tnp::dtype dtype, std::function<void()> release) {
  // Whatever happens but a wrap, the memory is released before returning.
  ReleaseOnExit guard{std::move(release)};
  uint64_t bytes = checkedBytes(shape, dtype, "from_buffer");
  if (!data && bytes > 0)
    throw ValueError("from_buffer: null data for shape " + formatShape(shape));
  if (reinterpret_cast<uintptr_t>(data) % buffer_alignment != 0 || !data) {
    // Copied, once, as TF-NumPy copies a NumPy array that is not aligned.
    auto impl = allocateArray(shape, dtype);
    if (bytes > 0)
      std::memcpy(impl->mutableData(), data, bytes);
    return ndarray(std::move(impl));
  }
  auto buffer = runtime::Buffer::wrap(const_cast<void *>(data), bytes,
                                      std::exchange(guard.release, nullptr));
  if (!buffer)
    throw ValueError("from_buffer: " + llvm::toString(buffer.takeError()));
  return ndarray(arrayOver(shape, dtype, std::move(*buffer)));
}
