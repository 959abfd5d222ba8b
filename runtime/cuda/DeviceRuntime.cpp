//===- DeviceRuntime.cpp - GPU buffers, copies and calls ------------------===//

#include "runtime/cuda/DeviceRuntime.h"

#include <map>
#include <mutex>
#include <unordered_map>

using namespace tnp::runtime::cuda;

namespace {

/// Size classes: powers of two up to 1 MiB, then multiples of 1 MiB, so
/// that a cached block is at most twice (small) or 1 MiB over (large) what
/// it is reused for.
size_t sizeClass(size_t bytes) {
  constexpr size_t kMiB = size_t(1) << 20;
  if (bytes > kMiB)
    return (bytes + kMiB - 1) / kMiB * kMiB;
  size_t size = 256;
  while (size < bytes)
    size *= 2;
  return size;
}

struct Block {
  int device;
  size_t bytes;
};

/// Cached blocks by (device, size class).
using Cache = std::map<std::pair<int, size_t>, std::vector<void *>>;

/// The caches and streams of every device, behind one lock.
struct State {
  std::mutex mutex;
  std::unordered_map<void *, Block> live;
  Cache cached;
  std::map<int, size_t> cachedBytes;
  std::map<int, CUstream> streams;
  /// What copies queued on each device's stream read, held until a wait
  /// for the stream has seen them run.
  std::map<int, std::vector<std::shared_ptr<const void>>> held;
  /// The device each loaded module is on.
  std::unordered_map<CUmodule, int> modules;
};

/// Copies whose sources a device holds before enqueueCopy waits: a chain
/// that never reads back frees them now and then.
constexpr size_t kMaxHeld = 1024;

State &state() {
  // Never destroyed, as the driver: blocks may be freed at exit.
  static State *s = new State();
  return *s;
}

/// The cached blocks of `device`, taken out of the cache (the lock held).
Cache takeCachedLocked(State &s, int device) {
  Cache taken;
  auto last = s.cached.lower_bound({device + 1, 0});
  for (auto it = s.cached.lower_bound({device, 0}); it != last;)
    taken.insert(s.cached.extract(it++));
  s.cachedBytes[device] = 0;
  return taken;
}

struct CallState {
  int device = 0;
  Status status;
};

thread_local CallState call;

} // namespace

void *tnp::runtime::cuda::allocate(int device, size_t bytes, Status &status) {
  Driver &driver = Driver::get();
  if (status = driver.makeCurrent(device); !status.ok())
    return nullptr;
  size_t size = sizeClass(bytes);
  State &s = state();
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    auto &free = s.cached[{device, size}];
    if (!free.empty()) {
      void *block = free.back();
      free.pop_back();
      s.cachedBytes[device] -= size;
      s.live[block] = {device, size};
      return block;
    }
  }
  CUdeviceptr pointer = 0;
  status = driver.check(driver.cuMemAlloc(&pointer, size), "cuMemAlloc");
  if (status.outOfMemory) {
    // The cache may hold what the driver lacks.
    if (Status trimmed = trim(device); !trimmed.ok()) {
      status = trimmed;
      return nullptr;
    }
    status = driver.check(driver.cuMemAlloc(&pointer, size), "cuMemAlloc");
  }
  if (!status.ok()) {
    if (status.outOfMemory)
      status.error = "Unable to allocate " + std::to_string(bytes) +
                     " bytes on GPU:" + std::to_string(device) + " (" +
                     status.error + ")";
    return nullptr;
  }
  void *block = reinterpret_cast<void *>(pointer);
  std::lock_guard<std::mutex> lock(s.mutex);
  s.live[block] = {device, size};
  return block;
}

void tnp::runtime::cuda::release(void *block) {
  if (!block)
    return;
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  auto it = s.live.find(block);
  if (it == s.live.end())
    return;
  Block b = it->second;
  s.live.erase(it);
  s.cached[{b.device, b.bytes}].push_back(block);
  s.cachedBytes[b.device] += b.bytes;
}

Status tnp::runtime::cuda::trim(int device) {
  Driver &driver = Driver::get();
  if (Status status = driver.makeCurrent(device); !status.ok())
    return status;
  State &s = state();
  Cache taken;
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    taken = takeCachedLocked(s, device);
  }
  if (taken.empty())
    return Status();
  // Work queued before may still use them, and cuMemFree does not wait for
  // the stream. Other threads allocate and free meanwhile.
  if (Status done = synchronize(device); !done.ok()) {
    // Still the cache's, not leaked (the context is likely lost).
    std::lock_guard<std::mutex> lock(s.mutex);
    for (auto &[key, blocks] : taken) {
      auto &cached = s.cached[key];
      cached.insert(cached.end(), blocks.begin(), blocks.end());
      s.cachedBytes[device] += key.second * blocks.size();
    }
    return done;
  }
  Status status;
  for (auto &[key, blocks] : taken)
    for (void *block : blocks) {
      Status freed = driver.check(
          driver.cuMemFree(reinterpret_cast<CUdeviceptr>(block)), "cuMemFree");
      if (status.ok())
        status = freed;
    }
  return status;
}

size_t tnp::runtime::cuda::cachedBytes(int device) {
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  return s.cachedBytes[device];
}

CUstream tnp::runtime::cuda::stream(int device, Status &status) {
  Driver &driver = Driver::get();
  if (status = driver.makeCurrent(device); !status.ok())
    return nullptr;
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  CUstream &stream = s.streams[device];
  if (!stream)
    status = driver.check(driver.cuStreamCreate(&stream, 0), "cuStreamCreate");
  return stream;
}

Status tnp::runtime::cuda::synchronize(int device) {
  Status status;
  CUstream queue = stream(device, status);
  if (!status.ok())
    return status;
  // What the copies queued so far read; those queued while this waits stay.
  std::vector<std::shared_ptr<const void>> done;
  {
    State &s = state();
    std::lock_guard<std::mutex> lock(s.mutex);
    done.swap(s.held[device]);
  }
  Driver &driver = Driver::get();
  status =
      driver.check(driver.cuStreamSynchronize(queue), "cuStreamSynchronize");
  done.clear();
  return status;
}

Status tnp::runtime::cuda::synchronizeDevice(int device) {
  Driver &driver = Driver::get();
  if (Status status = driver.makeCurrent(device); !status.ok())
    return status;
  return driver.check(driver.cuCtxSynchronize(), "cuCtxSynchronize");
}

Status tnp::runtime::cuda::enqueueCopy(int device, void *dst, const void *src,
                                       size_t bytes,
                                       std::shared_ptr<const void> keep) {
  Status status;
  CUstream queue = stream(device, status);
  if (!status.ok() || bytes == 0)
    return status;
  Driver &driver = Driver::get();
  status = driver.check(driver.cuMemcpyAsync(reinterpret_cast<CUdeviceptr>(dst),
                                             reinterpret_cast<CUdeviceptr>(src),
                                             bytes, queue),
                        "cuMemcpyAsync");
  if (!status.ok() || !keep)
    return status;
  size_t held;
  {
    State &s = state();
    std::lock_guard<std::mutex> lock(s.mutex);
    s.held[device].push_back(std::move(keep));
    held = s.held[device].size();
  }
  return held < kMaxHeld ? status : synchronize(device);
}

Status tnp::runtime::cuda::copy(int device, void *dst, const void *src,
                                size_t bytes) {
  Status status = enqueueCopy(device, dst, src, bytes);
  if (!status.ok() || bytes == 0)
    return status;
  return synchronize(device);
}

void tnp::runtime::cuda::beginCall(int device) {
  call.device = device;
  call.status = Status();
}

Status tnp::runtime::cuda::endCall() { return call.status; }

//===----------------------------------------------------------------------===//
// The mgpu* ABI of MLIR's gpu-to-llvm and its LLVM-IR translation.
//===----------------------------------------------------------------------===//

int tnp::runtime::cuda::callDevice() { return call.device; }

bool tnp::runtime::cuda::callOk() { return call.status.ok(); }

void tnp::runtime::cuda::failCall(Status status) {
  if (callOk())
    call.status = std::move(status);
}

extern "C" {

CUmodule mgpuModuleLoad(void *data, size_t /*bytes*/) {
  Driver &driver = Driver::get();
  CUmodule module = nullptr;
  if (Status s = driver.makeCurrent(call.device); !s.ok())
    failCall(s);
  else
    failCall(driver.check(driver.cuModuleLoadData(&module, data),
                          "cuModuleLoadData"));
  if (module) {
    State &s = state();
    std::lock_guard<std::mutex> lock(s.mutex);
    s.modules[module] = call.device;
  }
  return module;
}

// PTX (format=isa): the driver compiles it for the device's chip.
CUmodule mgpuModuleLoadJIT(void *data, int /*optLevel*/) {
  return mgpuModuleLoad(data, 0);
}

void mgpuModuleUnload(CUmodule module) {
  Driver &driver = Driver::get();
  if (!module || !driver.unavailable().empty())
    return;
  int device;
  {
    State &s = state();
    std::lock_guard<std::mutex> lock(s.mutex);
    auto it = s.modules.find(module);
    if (it == s.modules.end())
      return;
    device = it->second;
    s.modules.erase(it);
  }
  // In its device's context, once the calls that queued its kernels (which
  // return before those run) are done.
  if (driver.makeCurrent(device).ok() && synchronize(device).ok())
    driver.cuModuleUnload(module);
}

CUfunction mgpuModuleGetFunction(CUmodule module, const char *name) {
  CUfunction function = nullptr;
  if (!module) {
    failCall(Status{std::string("the kernel module of ") + name +
                    " was not loaded"});
    return nullptr;
  }
  Driver &driver = Driver::get();
  failCall(driver.check(driver.cuModuleGetFunction(&function, module, name),
                        "cuModuleGetFunction"));
  return function;
}

void mgpuLaunchKernel(CUfunction function, intptr_t gridX, intptr_t gridY,
                      intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                      intptr_t blockZ, int32_t sharedBytes, CUstream stream,
                      void **params, void **extra, size_t /*paramCount*/) {
  if (!callOk())
    return;
  // An empty grid (a size-0 array) launches nothing.
  if (gridX == 0 || gridY == 0 || gridZ == 0)
    return;
  // Blocks y and z take at most 65535 each; they hold the blocks of an
  // innermost dimension under outer ones, y up to 65535 of them and z the
  // rest (tnp-gpu-map-parallel-loops), so only a row of over 2^32 blocks
  // comes here. Named rather than left to CUDA_ERROR_INVALID_VALUE.
  if (gridY > 65535 || gridZ > 65535) {
    failCall(Status{"cuLaunchKernel: a grid of (" + std::to_string(gridX) +
                    ", " + std::to_string(gridY) + ", " +
                    std::to_string(gridZ) +
                    ") blocks: the GPU takes at most 65535 blocks along y "
                    "and z"});
    return;
  }
  if (!function)
    return;
  Driver &driver = Driver::get();
  failCall(driver.check(
      driver.cuLaunchKernel(function, gridX, gridY, gridZ, blockX, blockY,
                            blockZ, sharedBytes, stream, params, extra),
      "cuLaunchKernel"));
}

// tnp keeps one stream per device; compiled code's create and destroy are
// borrowing and returning it.
CUstream mgpuStreamCreate() {
  Status status;
  CUstream queue = stream(call.device, status);
  failCall(status);
  return queue;
}

void mgpuStreamDestroy(CUstream) {}

void mgpuStreamSynchronize(CUstream queue) {
  if (!callOk() || !queue)
    return;
  Driver &driver = Driver::get();
  failCall(
      driver.check(driver.cuStreamSynchronize(queue), "cuStreamSynchronize"));
}

void *mgpuMemAlloc(uint64_t bytes, CUstream, bool /*hostShared*/) {
  if (!callOk())
    return nullptr;
  Status status;
  void *block = allocate(call.device, bytes, status);
  failCall(status);
  return block;
}

void mgpuMemFree(void *block, CUstream) {
  // Kernels queued before may still read it: the cache hands it out again
  // only to work queued after them on the same stream (or frees it once
  // that work is done, trim).
  release(block);
}

void mgpuMemcpy(void *dst, void *src, size_t bytes, CUstream) {
  if (callOk())
    failCall(enqueueCopy(call.device, dst, src, bytes));
}

void mgpuSetDefaultDevice(int32_t device) { call.device = device; }

} // extern "C"

std::vector<std::pair<std::string, void *>>
tnp::runtime::cuda::compiledCodeSymbols() {
  return {
      {"mgpuModuleLoad", reinterpret_cast<void *>(&mgpuModuleLoad)},
      {"mgpuModuleLoadJIT", reinterpret_cast<void *>(&mgpuModuleLoadJIT)},
      {"mgpuModuleUnload", reinterpret_cast<void *>(&mgpuModuleUnload)},
      {"mgpuModuleGetFunction",
       reinterpret_cast<void *>(&mgpuModuleGetFunction)},
      {"mgpuLaunchKernel", reinterpret_cast<void *>(&mgpuLaunchKernel)},
      {"mgpuStreamCreate", reinterpret_cast<void *>(&mgpuStreamCreate)},
      {"mgpuStreamDestroy", reinterpret_cast<void *>(&mgpuStreamDestroy)},
      {"mgpuStreamSynchronize",
       reinterpret_cast<void *>(&mgpuStreamSynchronize)},
      {"mgpuMemAlloc", reinterpret_cast<void *>(&mgpuMemAlloc)},
      {"mgpuMemFree", reinterpret_cast<void *>(&mgpuMemFree)},
      {"mgpuMemcpy", reinterpret_cast<void *>(&mgpuMemcpy)},
      {"mgpuSetDefaultDevice", reinterpret_cast<void *>(&mgpuSetDefaultDevice)},
  };
}
