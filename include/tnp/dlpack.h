//===- dlpack.h - DLPack import and export ----------------------*- C++ -*-===//
//
// Arrays to and from any DLPack producer or consumer (PyTorch, CuPy, JAX,
// NumPy's from_dlpack and __dlpack__) without copying, through DLPack's
// DLManagedTensor (dlpack/dlpack.h, Debian's libdlpack-dev). Not included by
// <tnp/tnp.h>: only programs that exchange DLPack tensors need the header.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_DLPACK_H
#define TNP_DLPACK_H

#include <tnp/ndarray.h>

#include <dlpack/dlpack.h>

namespace tnp {

/// A DLPack tensor over `a`'s memory (no copy): the CPU device, or
/// kDLCUDA and the GPU's index for an array on a GPU; row-major
/// strides, a dtype code per DLPack (bool as code 6, DLPack's kDLBool since
/// 0.8). The caller owns the result and calls its `deleter` once when done;
/// `a`'s memory stays valid until then. The consumer must not write it: tnp
/// arrays are immutable. ConcretizationTypeError for a traced array.
DLManagedTensor *to_dlpack(const ndarray &a);

/// The array of a DLPack tensor, taking ownership of it: `tensor->deleter`
/// is called exactly once, when the last array using its memory is gone, or
/// before from_dlpack returns when it copies or fails. No copy when the
/// tensor is on the CPU, row-major and contiguous (any strides of size-1
/// dimensions) and its data is aligned to `buffer_alignment`; otherwise its
/// elements are copied once (strided layouts included). A tensor on one of
/// tnp's GPUs (kDLCUDA) becomes an array on that GPU over its memory, which
/// must be row-major and contiguous (NotImplementedError otherwise).
/// DeviceError for a tensor on another device, TypeError for a dtype tnp
/// lacks or vector lanes, ValueError for a negative dimension.
ndarray from_dlpack(DLManagedTensor *tensor);

} // namespace tnp

#endif // TNP_DLPACK_H
