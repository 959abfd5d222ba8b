//===- FakeDriver.cpp - a CUDA driver without a GPU, for tests ------------===//
//
// Built as libcuda.so.1 in the build tree, and found through
// LD_LIBRARY_PATH by the tests that load it (ctest gpu-exec-fake): the
// entry points runtime/cuda/Driver.cpp opens, over host memory. One
// device, "tnp fake GPU", compute capability 9.0. Memory is limited to
// TNP_FAKE_GPU_BYTES (default 1 GiB) so that tests can run it out:
// cuMemAlloc then returns CUDA_ERROR_OUT_OF_MEMORY. Modules load, but no
// kernel runs: cuLaunchKernel returns CUDA_ERROR_NOT_SUPPORTED, or, with
// TNP_FAKE_GPU_SKIP_KERNELS set, succeeds without running one (for tests of
// what the host does around many launches: a traced loop's), and counts
// the host's waits for a stream (tnpFakeGpuStreamWaits); tnpFakeGpuFailWaits
// makes the next waits report a kernel's fault. What runs
// on the host (allocations, copies, the cuBLAS products of FakeCublas.cpp)
// is tested through tnp's GPU runtime this way on any machine.
//
//===----------------------------------------------------------------------===//

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <string>

namespace {

constexpr int kSuccess = 0, kOutOfMemory = 2, kInvalidValue = 1,
              kNotSupported = 801, kLaunchFailed = 719;

std::mutex mutex;
std::map<void *, size_t> blocks;
size_t used = 0;

size_t limit() {
  const char *bytes = std::getenv("TNP_FAKE_GPU_BYTES");
  return bytes ? std::strtoull(bytes, nullptr, 10) : size_t(1) << 30;
}

int dummy;
std::atomic<long> streamWaits{0};
std::atomic<int> failingWaits{0};

/// A wait: counted, and failed while tnpFakeGpuFailWaits says so.
int wait() {
  ++streamWaits;
  for (int left = failingWaits; left > 0;)
    if (failingWaits.compare_exchange_weak(left, left - 1))
      return kLaunchFailed;
  return kSuccess;
}

} // namespace

extern "C" {

int cuInit(unsigned) { return kSuccess; }
int cuDeviceGetCount(int *count) {
  *count = 1;
  return kSuccess;
}
int cuDeviceGet(int *device, int ordinal) {
  *device = ordinal;
  return ordinal == 0 ? kSuccess : kInvalidValue;
}
int cuDeviceGetName(char *name, int length, int) {
  std::strncpy(name, "tnp fake GPU", length);
  return kSuccess;
}
int cuDeviceGetAttribute(int *value, int attribute, int) {
  // Multiprocessors 16, compute capability 75/76.
  *value = attribute == 16 ? 4 : attribute == 75 ? 9 : 0;
  return kSuccess;
}
int cuDeviceTotalMem_v2(size_t *bytes, int) {
  *bytes = limit();
  return kSuccess;
}
int cuDevicePrimaryCtxRetain(void **context, int) {
  *context = &dummy;
  return kSuccess;
}
int cuCtxSetCurrent(void *) { return kSuccess; }
int cuGetErrorName(int result, const char **name) {
  *name = result == kOutOfMemory    ? "CUDA_ERROR_OUT_OF_MEMORY"
          : result == kNotSupported ? "CUDA_ERROR_NOT_SUPPORTED"
          : result == kLaunchFailed ? "CUDA_ERROR_LAUNCH_FAILED"
                                    : "CUDA_ERROR_INVALID_VALUE";
  return kSuccess;
}
int cuGetErrorString(int result, const char **text) {
  *text = result == kOutOfMemory    ? "out of memory"
          : result == kNotSupported ? "operation not supported"
          : result == kLaunchFailed ? "unspecified launch failure"
                                    : "invalid argument";
  return kSuccess;
}
int cuMemAlloc_v2(unsigned long long *pointer, size_t bytes) {
  std::lock_guard<std::mutex> lock(mutex);
  if (used + bytes > limit())
    return kOutOfMemory;
  void *block = std::malloc(bytes ? bytes : 1);
  blocks[block] = bytes;
  used += bytes;
  *pointer = reinterpret_cast<unsigned long long>(block);
  return kSuccess;
}
int cuMemFree_v2(unsigned long long pointer) {
  std::lock_guard<std::mutex> lock(mutex);
  auto it = blocks.find(reinterpret_cast<void *>(pointer));
  if (it == blocks.end())
    return kInvalidValue;
  used -= it->second;
  std::free(it->first);
  blocks.erase(it);
  return kSuccess;
}
int cuMemcpy(unsigned long long dst, unsigned long long src, size_t bytes) {
  std::memmove(reinterpret_cast<void *>(dst), reinterpret_cast<void *>(src),
               bytes);
  return kSuccess;
}
int cuMemcpyAsync(unsigned long long dst, unsigned long long src, size_t bytes,
                  void *) {
  return cuMemcpy(dst, src, bytes);
}
int cuModuleLoadData(void **module, const void *) {
  *module = &dummy;
  return kSuccess;
}
int cuModuleGetFunction(void **function, void *, const char *) {
  *function = &dummy;
  return kSuccess;
}
int cuModuleUnload(void *) { return kSuccess; }
int cuLaunchKernel(void *, unsigned, unsigned, unsigned, unsigned, unsigned,
                   unsigned, unsigned, void *, void **, void **) {
  return std::getenv("TNP_FAKE_GPU_SKIP_KERNELS") ? kSuccess : kNotSupported;
}
int cuStreamCreate(void **stream, unsigned) {
  *stream = &dummy;
  return kSuccess;
}
int cuStreamSynchronize(void *) { return wait(); }

int cuCtxSynchronize() { return wait(); }

/// For tests: how many times the host has waited for a stream (or for the
/// whole device).
long tnpFakeGpuStreamWaits() { return streamWaits; }

/// For tests: the next `count` waits fail as after a kernel's fault.
void tnpFakeGpuFailWaits(int count) { failingWaits = count; }

} // extern "C"
