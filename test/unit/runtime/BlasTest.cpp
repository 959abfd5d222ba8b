//===- BlasTest.cpp - Tests of runtime/Blas -------------------------------===//
//
// Which BLAS the products call (TNP_BLAS's, else MKL or OpenBLAS), and which
// kernels OpenBLAS loads with: the CPU's (by its features) unless the user
// named some in OPENBLAS_CORETYPE, and the environment as it was. Each case
// loads its BLAS in a fresh process (a death test re-running this program),
// since a process loads it once.
//
//===----------------------------------------------------------------------===//

#include "runtime/Matmul.h"

#include "gtest/gtest.h"

#include <cstdio>
#include <cstdlib>
#include <string>

using namespace tnp::runtime;

namespace {

/// Exits 0 if OpenBLAS loaded with kernels named `core` (any case; not
/// the loops of a missing OpenBLAS) and
/// OPENBLAS_CORETYPE reads `environment` (null: unset) afterwards; else
/// prints why and exits 1.
[[noreturn]] void exitChecking(const std::string &core,
                               const char *environment) {
  // What the products call, as benchmarks print it (runtime/Matmul.h).
  std::string backend = matmulBackend();
  std::string described = backend;
  for (char &c : described)
    c = static_cast<char>(std::tolower(c));
  std::string wanted = core + " kernels";
  for (char &c : wanted)
    c = static_cast<char>(std::tolower(c));
  const char *after = std::getenv("OPENBLAS_CORETYPE");
  bool environmentKept = environment
                             ? after && std::string(after) == environment
                             : after == nullptr;
  if (described.find(wanted) == std::string::npos || !environmentKept) {
    std::fprintf(stderr, "products: '%s', OPENBLAS_CORETYPE after: %s\n",
                 backend.c_str(), after ? after : "(unset)");
    std::exit(1);
  }
  std::exit(0);
}

class BlasTest : public testing::Test {
protected:
  void SetUp() override { GTEST_FLAG_SET(death_test_style, "threadsafe"); }
};

#if defined(__x86_64__)
TEST_F(BlasTest, KernelsOfThisCpuWhereUnset) {
  __builtin_cpu_init();
  std::string core = "Prescott";
  if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
      __builtin_cpu_supports("avx512vl") &&
      __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512cd"))
    core = "SkylakeX";
  else if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
    core = __builtin_cpu_is("amd") ? "Zen" : "Haswell";
  else
    GTEST_SKIP() << "no AVX2: OpenBLAS picks its own kernels";
  EXPECT_EXIT(
      {
        setenv("TNP_BLAS", "libopenblas.so.0", 1);
        unsetenv("OPENBLAS_CORETYPE");
        exitChecking(core, nullptr);
      },
      testing::ExitedWithCode(0), "");
}
#endif

TEST_F(BlasTest, UsersCoreTypeWins) {
  // Prescott's kernels run on every x86-64 CPU; elsewhere OpenBLAS has no
  // such name and picks its own.
#if defined(__x86_64__)
  EXPECT_EXIT(
      {
        setenv("TNP_BLAS", "libopenblas.so.0", 1);
        setenv("OPENBLAS_CORETYPE", "Prescott", 1);
        exitChecking("Prescott", "Prescott");
      },
      testing::ExitedWithCode(0), "");
#else
  GTEST_SKIP() << "not x86-64";
#endif
}

/// Exits 0 if the products' description starts with `start` and holds
/// `holds`; else prints it and exits 1.
[[noreturn]] void exitIfDescribed(const std::string &start,
                                  const std::string &holds) {
  std::string backend = matmulBackend();
  bool ok =
      backend.rfind(start, 0) == 0 && backend.find(holds) != std::string::npos;
  if (!ok)
    std::fprintf(stderr, "products: '%s'\n", backend.c_str());
  std::exit(ok ? 0 : 1);
}

TEST_F(BlasTest, TnpBlasNamesTheLibrary) {
  EXPECT_EXIT(
      {
        setenv("TNP_BLAS", "libopenblas.so.0", 1);
        exitIfDescribed("OpenBLAS", " kernels, in panels on ");
      },
      testing::ExitedWithCode(0), "");
}

TEST_F(BlasTest, AMissingLibraryLeavesLoopsAndSaysWhy) {
  EXPECT_EXIT(
      {
        setenv("TNP_BLAS", "libtnp-no-such-blas.so.0", 1);
        exitIfDescribed("no BLAS could be loaded (libtnp-no-such-blas.so.0",
                        ": loops");
      },
      testing::ExitedWithCode(0), "");
}

TEST_F(BlasTest, ALibraryWithoutGemmsLeavesLoops) {
  // libm loads, and has no cblas_sgemm.
  EXPECT_EXIT(
      {
        setenv("TNP_BLAS", "libm.so.6", 1);
        exitIfDescribed("libm.so.6 lacks the cblas gemms", ": loops");
      },
      testing::ExitedWithCode(0), "");
}

} // namespace
