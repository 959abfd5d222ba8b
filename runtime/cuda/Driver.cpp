//===- Driver.cpp - the CUDA driver API, loaded at run time ---------------===//

#include "runtime/cuda/Driver.h"

#include <dlfcn.h>

using namespace tnp::runtime::cuda;

namespace {

// cuda.h's CUdevice_attribute values tnp reads.
constexpr int kMultiprocessorCount = 16;
constexpr int kComputeCapabilityMajor = 75;
constexpr int kComputeCapabilityMinor = 76;

/// Loads `name` from `library` into `fn`, or says which one is missing.
template <typename Fn>
bool load(void *library, const char *name, Fn &fn, std::string &error) {
  fn = reinterpret_cast<Fn>(dlsym(library, name));
  if (!fn && error.empty())
    error = std::string("libcuda.so.1 has no ") + name;
  return fn != nullptr;
}

} // namespace

std::string DeviceInfo::chip() const {
  return "sm_" + std::to_string(major) + std::to_string(minor);
}

Driver &Driver::get() {
  // Never destroyed: buffers freed by static destructors still find it.
  static Driver *driver = new Driver();
  return *driver;
}

Driver::Driver() {
  void *library = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    const char *reason = dlerror();
    whyUnavailable = reason ? reason : "libcuda.so.1 could not be opened";
    return;
  }
  std::string &error = whyUnavailable;
  // The _v2 names are the 64-bit ABI cuda.h maps the plain names to.
  load(library, "cuInit", cuInit, error);
  load(library, "cuDeviceGetCount", cuDeviceGetCount, error);
  load(library, "cuDeviceGet", cuDeviceGet, error);
  load(library, "cuDeviceGetName", cuDeviceGetName, error);
  load(library, "cuDeviceGetAttribute", cuDeviceGetAttribute, error);
  load(library, "cuDeviceTotalMem_v2", cuDeviceTotalMem, error);
  load(library, "cuDevicePrimaryCtxRetain", cuDevicePrimaryCtxRetain, error);
  load(library, "cuCtxSetCurrent", cuCtxSetCurrent, error);
  load(library, "cuGetErrorName", cuGetErrorName, error);
  load(library, "cuGetErrorString", cuGetErrorString, error);
  load(library, "cuMemAlloc_v2", cuMemAlloc, error);
  load(library, "cuMemFree_v2", cuMemFree, error);
  load(library, "cuMemcpy", cuMemcpy, error);
  load(library, "cuMemcpyAsync", cuMemcpyAsync, error);
  load(library, "cuModuleLoadData", cuModuleLoadData, error);
  load(library, "cuModuleGetFunction", cuModuleGetFunction, error);
  load(library, "cuModuleUnload", cuModuleUnload, error);
  load(library, "cuLaunchKernel", cuLaunchKernel, error);
  load(library, "cuStreamCreate", cuStreamCreate, error);
  load(library, "cuStreamSynchronize", cuStreamSynchronize, error);
  load(library, "cuCtxSynchronize", cuCtxSynchronize, error);
  if (!error.empty())
    return;
  if (Status s = check(cuInit(0), "cuInit"); !s.ok()) {
    whyUnavailable = s.error;
    return;
  }
  if (Status s = check(cuDeviceGetCount(&devices), "cuDeviceGetCount");
      !s.ok()) {
    whyUnavailable = s.error;
    devices = 0;
    return;
  }
  if (devices == 0)
    whyUnavailable = "the CUDA driver found no GPU";
  for (int i = 0; i < devices; ++i) {
    DeviceInfo info;
    CUdevice device = 0;
    char name[256] = {};
    cuDeviceGet(&device, i);
    cuDeviceGetName(name, sizeof(name), device);
    info.name = name;
    cuDeviceGetAttribute(&info.major, kComputeCapabilityMajor, device);
    cuDeviceGetAttribute(&info.minor, kComputeCapabilityMinor, device);
    cuDeviceGetAttribute(&info.multiprocessors, kMultiprocessorCount, device);
    cuDeviceTotalMem(&info.totalBytes, device);
    infos.push_back(info);
  }
  contexts.assign(devices, nullptr);
}

Status Driver::check(CUresult result, const char *call) const {
  Status status;
  if (result == 0)
    return status;
  const char *name = nullptr, *text = nullptr;
  if (cuGetErrorName)
    cuGetErrorName(result, &name);
  if (cuGetErrorString)
    cuGetErrorString(result, &text);
  status.error = std::string(call) + ": " +
                 (name ? name : "CUDA error " + std::to_string(result)) +
                 (text ? std::string(" (") + text + ")" : "");
  // CUDA_ERROR_OUT_OF_MEMORY
  status.outOfMemory = result == 2;
  return status;
}

Status Driver::makeCurrent(int device) {
  if (!whyUnavailable.empty())
    return Status{whyUnavailable};
  if (device < 0 || device >= devices)
    return Status{"GPU:" + std::to_string(device) + " does not exist (" +
                  std::to_string(devices) + " GPUs)"};
  thread_local CUcontext current = nullptr;
  CUcontext context;
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (!contexts[device]) {
      CUdevice handle = 0;
      if (Status s = check(cuDeviceGet(&handle, device), "cuDeviceGet");
          !s.ok())
        return s;
      if (Status s = check(cuDevicePrimaryCtxRetain(&contexts[device], handle),
                           "cuDevicePrimaryCtxRetain");
          !s.ok())
        return s;
    }
    context = contexts[device];
  }
  if (context == current)
    return Status();
  Status s = check(cuCtxSetCurrent(context), "cuCtxSetCurrent");
  if (s.ok())
    current = context;
  return s;
}
