//===- Driver.h - the CUDA driver API, loaded at run time -------*- C++ -*-===//
//
// tnp never links CUDA: libcuda.so.1 is opened with dlopen at first use, so
// tnp builds and runs where there is no driver or no GPU. The few entry
// points tnp calls are declared here with the driver's ABI (cuda.h's types
// are integers and opaque pointers), and every call's status is checked and
// named: "cuMemAlloc_v2: CUDA_ERROR_OUT_OF_MEMORY (out of memory)". This
// layer uses the C++ standard library only (the GPU tests link it without
// LLVM).
//
//===----------------------------------------------------------------------===//

#ifndef TNP_RUNTIME_CUDA_DRIVER_H
#define TNP_RUNTIME_CUDA_DRIVER_H

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

namespace tnp::runtime::cuda {

using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using CUcontext = struct CUctx_st *;
using CUmodule = struct CUmod_st *;
using CUfunction = struct CUfunc_st *;
using CUstream = struct CUstream_st *;

/// The outcome of a driver call: empty when it succeeded, else the call and
/// CUDA's error name and text. `outOfMemory` marks allocation failures
/// (MemoryError at the API; every other failure is a DeviceError).
struct Status {
  std::string error;
  bool outOfMemory = false;
  bool ok() const { return error.empty(); }
};

/// What tnp shows of a GPU (list_physical_devices, the chip it compiles for).
struct DeviceInfo {
  std::string name;
  int major = 0, minor = 0;
  int multiprocessors = 0;
  size_t totalBytes = 0;
  /// "sm_90" for compute capability 9.0.
  std::string chip() const;
};

/// The driver's entry points, loaded once per process.
class Driver {
public:
  /// The process's driver: libcuda.so.1 opened and cuInit(0) called at the
  /// first use. Never throws or aborts: unavailable() says why there is
  /// none.
  static Driver &get();

  /// Why no GPU can be used ("libcuda.so.1: cannot open shared object
  /// file", "cuInit: CUDA_ERROR_NO_DEVICE ..."), or empty.
  const std::string &unavailable() const { return whyUnavailable; }
  int deviceCount() const { return devices; }
  /// `device` in [0, deviceCount()).
  const DeviceInfo &info(int device) const { return infos[device]; }

  /// Makes `device`'s primary context current on this thread (retained at
  /// its first use).
  Status makeCurrent(int device);
  /// Names a failed call: "<call>: <CUDA_ERROR_NAME> (<text>)".
  Status check(CUresult result, const char *call) const;

  // The entry points, with cuda.h's signatures.
  CUresult (*cuInit)(unsigned) = nullptr;
  CUresult (*cuDeviceGetCount)(int *) = nullptr;
  CUresult (*cuDeviceGet)(CUdevice *, int) = nullptr;
  CUresult (*cuDeviceGetName)(char *, int, CUdevice) = nullptr;
  CUresult (*cuDeviceGetAttribute)(int *, int, CUdevice) = nullptr;
  CUresult (*cuDeviceTotalMem)(size_t *, CUdevice) = nullptr;
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *, CUdevice) = nullptr;
  CUresult (*cuCtxSetCurrent)(CUcontext) = nullptr;
  CUresult (*cuGetErrorName)(CUresult, const char **) = nullptr;
  CUresult (*cuGetErrorString)(CUresult, const char **) = nullptr;
  CUresult (*cuMemAlloc)(CUdeviceptr *, size_t) = nullptr;
  CUresult (*cuMemFree)(CUdeviceptr) = nullptr;
  CUresult (*cuMemcpy)(CUdeviceptr, CUdeviceptr, size_t) = nullptr;
  CUresult (*cuMemcpyAsync)(CUdeviceptr, CUdeviceptr, size_t,
                            CUstream) = nullptr;
  CUresult (*cuModuleLoadData)(CUmodule *, const void *) = nullptr;
  CUresult (*cuModuleGetFunction)(CUfunction *, CUmodule,
                                  const char *) = nullptr;
  CUresult (*cuModuleUnload)(CUmodule) = nullptr;
  CUresult (*cuLaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned,
                             unsigned, unsigned, unsigned, CUstream, void **,
                             void **) = nullptr;
  CUresult (*cuStreamCreate)(CUstream *, unsigned) = nullptr;
  CUresult (*cuStreamSynchronize)(CUstream) = nullptr;
  CUresult (*cuCtxSynchronize)() = nullptr;

private:
  Driver();
  std::string whyUnavailable;
  int devices = 0;
  std::vector<DeviceInfo> infos;
  std::mutex mutex;
  std::vector<CUcontext> contexts;
};

} // namespace tnp::runtime::cuda

#endif // TNP_RUNTIME_CUDA_DRIVER_H
