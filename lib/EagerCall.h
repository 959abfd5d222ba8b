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

/// The result of `call` on its (eager) inputs.
std::shared_ptr<ArrayImpl> runEagerly(const Call &call);

} // namespace tnp::detail

#endif // TNP_LIB_EAGERCALL_H
