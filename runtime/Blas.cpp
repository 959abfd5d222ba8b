//===- Blas.cpp - the BLAS the products call, opened at run time ----------===//

#include "runtime/Blas.h"

#include <dlfcn.h>
#include <unistd.h>

#include <climits>
#include <cstdlib>
#include <initializer_list>
#include <string>
#include <utility>

using namespace tnp::runtime;

namespace {

/// The OpenBLAS kernels for this CPU by its features (see Blas.h), or
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

/// `name` opened; where it may be OpenBLAS (`mayBeOpenBlas`), with
/// OPENBLAS_CORETYPE set for the load where unset (OpenBLAS reads it while
/// it loads; the environment is left as found).
void *open(const char *name, bool mayBeOpenBlas) {
  const char *coreType = !mayBeOpenBlas || std::getenv("OPENBLAS_CORETYPE")
                             ? nullptr
                             : coreTypeOfThisCpu();
  if (coreType)
    setenv("OPENBLAS_CORETYPE", coreType, /*overwrite=*/0);
  void *library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
  if (coreType)
    unsetenv("OPENBLAS_CORETYPE");
  return library;
}

/// OpenBLAS at `library` (`name`) on one thread, described in `blas`. A
/// CBLAS without MKL's or OpenBLAS's symbols is called as it is.
void startOpenBlas(void *library, const char *name, Blas &blas) {
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
  blas.description = config && core
                         ? std::string(config()) + ", " + core() + " kernels"
                         : std::string(name) + ", a CBLAS";
}

/// MKL at `library` (libmkl_rt) set to run sequentially with 32-bit
/// integers (tnp passes int sizes), described in `blas`; false where it
/// cannot: its threading or interface layer was chosen otherwise before,
/// or its core and sequential libraries are not beside it (MKL loads them
/// at its first call that computes, and exits the process when it
/// cannot).
bool startMkl(void *library, Blas &blas) {
  constexpr int kSequential = 1; // MKL_THREADING_SEQUENTIAL
  constexpr int kLp64 = 0;       // MKL_INTERFACE_LP64
  auto setLayer = symbol<int (*)(int)>(library, "MKL_Set_Threading_Layer");
  auto setInterface = symbol<int (*)(int)>(library, "MKL_Set_Interface_Layer");
  Dl_info info;
  char real[PATH_MAX];
  if (!dladdr(reinterpret_cast<void *>(setLayer), &info) || !info.dli_fname ||
      !realpath(info.dli_fname, real))
    return false;
  std::string path = real;
  size_t slash = path.rfind('/'), so = path.rfind(".so");
  if (slash == std::string::npos || so == std::string::npos || so < slash)
    return false;
  // (They cannot be opened on their own to check: each needs the other's
  // symbols.)
  for (const char *part : {"libmkl_core", "libmkl_sequential"}) {
    std::string sibling = path.substr(0, slash + 1) + part + path.substr(so);
    if (access(sibling.c_str(), R_OK) != 0)
      return false;
  }
  if (!setInterface || setInterface(kLp64) != kLp64 ||
      setLayer(kSequential) != kSequential)
    return false;
  char version[256] = {};
  if (auto getVersion =
          symbol<void (*)(char *, int)>(library, "MKL_Get_Version_String"))
    getVersion(version, sizeof(version) - 1);
  blas.description = std::string(version[0] ? version : "MKL") + ", sequential";
  return true;
}

/// The BLAS `name` (a file name dlopen searches for, or a path): MKL or
/// OpenBLAS, by its symbols (`mayBeOpenBlas`: it may be OpenBLAS).
Blas load(const char *name, bool mayBeOpenBlas) {
  Blas blas;
  void *library = open(name, mayBeOpenBlas);
  if (!library) {
    const char *reason = dlerror();
    blas.unavailable = std::string("no BLAS could be loaded (") +
                       (reason ? reason : name) + ")";
    return blas;
  }
  // Closed again where it cannot serve: its gemms are never called.
  auto unusable = [&](std::string why) {
    dlclose(library);
    Blas none;
    none.unavailable = std::move(why);
    return none;
  };
  blas.sgemm = symbol<decltype(blas.sgemm)>(library, "cblas_sgemm");
  blas.dgemm = symbol<decltype(blas.dgemm)>(library, "cblas_dgemm");
  blas.cgemm = symbol<decltype(blas.cgemm)>(library, "cblas_cgemm");
  blas.zgemm = symbol<decltype(blas.zgemm)>(library, "cblas_zgemm");
  if (!blas.sgemm || !blas.dgemm || !blas.cgemm || !blas.zgemm)
    return unusable(std::string(name) + " lacks the cblas gemms");
  if (!symbol<void *>(library, "MKL_Set_Threading_Layer"))
    startOpenBlas(library, name, blas);
  else if (!startMkl(library, blas))
    return unusable(std::string(name) +
                    " (MKL) cannot run sequentially with 32-bit integers: "
                    "its threading or interface layer was chosen before, "
                    "or its libmkl_core and libmkl_sequential are missing");
  return blas;
}

/// The BLAS Blas.h's order picks.
Blas load() {
  if (const char *chosen = std::getenv("TNP_BLAS"); chosen && *chosen)
    return load(chosen, /*mayBeOpenBlas=*/true);
#if defined(__x86_64__)
  __builtin_cpu_init();
  if (__builtin_cpu_is("intel"))
    for (const char *mkl : {"libmkl_rt.so.3", "libmkl_rt.so.2", "libmkl_rt.so"})
      if (Blas blas = load(mkl, /*mayBeOpenBlas=*/false);
          blas.unavailable.empty())
        return blas;
#endif
  return load("libopenblas.so.0", /*mayBeOpenBlas=*/true);
}

} // namespace

const Blas &tnp::runtime::blas() {
  static const Blas loaded = load();
  return loaded;
}
