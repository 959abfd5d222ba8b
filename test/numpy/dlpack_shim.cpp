//===- dlpack_shim.cpp - tnp's DLPack functions, callable from ctypes -----===//
//
// The test shim of dlpack_numpy.py: a shared library whose C functions hand
// DLPack tensors between NumPy (through PyCapsules made with ctypes) and tnp.
//
//===----------------------------------------------------------------------===//

#include <tnp/dlpack.h>
#include <tnp/tnp.h>

#include <iostream>

extern "C" {

/// Loads the .npy file at `path` with tnp and exports the array; null (and a
/// message on stderr) on an error.
DLManagedTensor *tnp_shim_export_npy(const char *path) {
  try {
    return tnp::to_dlpack(tnp::load(path));
  } catch (const tnp::Error &e) {
    std::cerr << "tnp_shim_export_npy: " << e.what() << "\n";
    return nullptr;
  }
}

/// Imports `tensor` with tnp and saves it to the .npy file at `path`: 1 when
/// the array used the tensor's memory in place, 0 when it copied, -1 (and a
/// message on stderr) on an error.
int tnp_shim_import_to_npy(DLManagedTensor *tensor, const char *path) {
  try {
    const char *data = static_cast<const char *>(tensor->dl_tensor.data) +
                       tensor->dl_tensor.byte_offset;
    tnp::ndarray a = tnp::from_dlpack(tensor);
    tnp::save(path, a);
    return a.data() == data ? 1 : 0;
  } catch (const tnp::Error &e) {
    std::cerr << "tnp_shim_import_to_npy: " << e.what() << "\n";
    return -1;
  }
}
}
