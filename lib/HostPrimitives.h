//===- HostPrimitives.h - eager primitives made without a kernel -*- C++
//-*-===//
//
// Eagerly, some primitive calls are made on the host (Call::onHost): views
// of an input's buffer (reshape, a contiguous slice), and the primitives
// whose kernels would be specialized to each result shape or attribute
// value: broadcasts (so zeros(n), ones(n) and full(n, v) for every new n)
// and iotas (arange), whose sizes no input gives, and slices, whose bounds
// are attributes. A kernel for each would cost a compilation each (tens of
// milliseconds); a host copy costs what the bytes do.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_LIB_HOSTPRIMITIVES_H
#define TNP_LIB_HOSTPRIMITIVES_H

#include "lib/Dispatch.h"

#include <vector>

namespace tnp::detail {

/// The result of `call` as a view of input 0's buffer from element
/// `offset` on.
std::shared_ptr<ArrayImpl> viewOf(const Call &call, int64_t offset);

/// A broadcast of input 0 to the call's result shape (NumPy's rules; the
/// caller checked the shapes), copied on the host.
std::shared_ptr<ArrayImpl> broadcastOnHost(const Call &call);

/// The call's result with each element's index along dimension `attrs[0]`.
std::shared_ptr<ArrayImpl> iotaOnHost(const Call &call);

/// The slice of input 0 from `start` by `strides` (positive) to the call's
/// result shape, copied on the host: a kernel's key would hold the bounds,
/// so x[:, j] for each j would compile one.
std::shared_ptr<ArrayImpl> sliceOnHost(const Call &call, const int64_t *start,
                                       const int64_t *strides);

} // namespace tnp::detail

#endif // TNP_LIB_HOSTPRIMITIVES_H
