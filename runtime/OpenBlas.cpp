//===- OpenBlas.cpp - OpenBLAS, opened for the products -------------------===//

#include "runtime/OpenBlas.h"

#include <dlfcn.h>

#include <cstdlib>

using namespace tnp::runtime;

namespace {

/// The OpenBLAS kernels for this CPU by its features (see OpenBlas.h), or
/// null to leave the choice to OpenBLAS.
const char *coreTypeOfThisCpu() {
#if defined(__x86_64__)
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
      __builtin_cpu_supports("avx512vl") &&
      __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512cd"))
    return "SkylakeX";
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
    return __builtin_cpu_is("amd") ? "Zen" : "Haswell";
#endif
  return nullptr;
}

template <typename Fn> Fn symbol(void *library, const char *name) {
  return reinterpret_cast<Fn>(dlsym(library, name));
}

OpenBlas load() {
  OpenBlas blas;
  // OpenBLAS reads OPENBLAS_CORETYPE while it loads; the process's
  // environment is left as it was found.
  const char *coreType =
      std::getenv("OPENBLAS_CORETYPE") ? nullptr : coreTypeOfThisCpu();
  if (coreType)
    setenv("OPENBLAS_CORETYPE", coreType, /*overwrite=*/0);
  void *library = dlopen("libopenblas.so.0", RTLD_NOW | RTLD_LOCAL);
  if (coreType)
    unsetenv("OPENBLAS_CORETYPE");
  if (!library) {
    const char *reason = dlerror();
    blas.unavailable = std::string("OpenBLAS could not be loaded (") +
                       (reason ? reason : "libopenblas.so.0") + ")";
    return blas;
  }
  blas.sgemm = symbol<decltype(blas.sgemm)>(library, "cblas_sgemm");
  blas.dgemm = symbol<decltype(blas.dgemm)>(library, "cblas_dgemm");
  blas.cgemm = symbol<decltype(blas.cgemm)>(library, "cblas_cgemm");
  blas.zgemm = symbol<decltype(blas.zgemm)>(library, "cblas_zgemm");
  if (!blas.sgemm || !blas.dgemm || !blas.cgemm || !blas.zgemm) {
    blas.unavailable = "libopenblas.so.0 lacks the cblas gemms";
    return blas;
  }
  // One thread: tnp splits products into panels on its own workers.
  // OpenBLAS 0.3.21's threads made 128^2 to 512^2 float32 products 1.4-2x
  // slower than newer OpenBLAS's on 2 cores. Its server threads, started
  // as it loads (OPENBLAS_NUM_THREADS of them, less one), then stop: they
  // outlive a change to one thread and, idle, still took a core from tnp's
  // workers in most processes (a 256^2 float32 product on 2 threads took
  // 0.37-0.46 ms in 7 of 10, 0.18 in the rest). OpenBLAS starts them again
  // if ever asked for more threads. blas_thread_shutdown_ is what its
  // pthread builds' fork handler calls.
  if (auto setThreads =
          symbol<void (*)(int)>(library, "openblas_set_num_threads"))
    setThreads(1);
  if (auto shutdown = symbol<int (*)()>(library, "blas_thread_shutdown_"))
    shutdown();
  auto config = symbol<char *(*)()>(library, "openblas_get_config");
  auto core = symbol<char *(*)()>(library, "openblas_get_corename");
  blas.description = std::string(config ? config() : "OpenBLAS") + ", " +
                     (core ? core() : "unknown") + " kernels";
  return blas;
}

} // namespace

const OpenBlas &tnp::runtime::openBlas() {
  static const OpenBlas blas = load();
  return blas;
}
