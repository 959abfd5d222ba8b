//===- EagerCall.h - running one primitive call eagerly ---------*- C++ -*-===//
//
// Below every interpreter (lib/Dispatch.h) a call runs eagerly: as a view of
// its input's buffer where it is one, else its kernel (lib/KernelCache.h) on
// the inputs' buffers and a new result, large calls split by rows among
// threads.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_LIB_EAGERCALL_H
#define TNP_LIB_EAGERCALL_H

#include "lib/Dispatch.h"

#include <memory>

namespace tnp::detail {

/// The result of `call` on its (eager) inputs; written over the buffer of
/// one of its Call::reusableInputs where `reuseInputs` allows.
std::shared_ptr<ArrayImpl> runEagerly(const Call &call, bool reuseInputs);

/// A Call::onThreads for float32 and float64 sums over axes that include 0
/// (which a call cannot split by result rows): each thread sums a range of
/// the input's rows into a float64 partial sum (float32 rows in float32
/// blocks, as tnp-block-widened-sums makes every float32 sum), and the
/// partial sums add in float64 and round once, as one kernel's float64
/// accumulator would. Null with fewer than 2 rows or threads.
std::shared_ptr<ArrayImpl> sumRowRanges(const Call &call);

} // namespace tnp::detail

#endif // TNP_LIB_EAGERCALL_H
