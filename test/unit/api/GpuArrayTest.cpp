//===- GpuArrayTest.cpp - eager arrays and traced calls on a GPU ----------===//
//
// Arrays placed on GPU:0 live in its memory, host reads copy them back, and
// operations run there; each result is compared with the same operation on
// the CPU. Without a GPU every case skips ("skipped: no GPU"). ctest
// GpuArrayTest.OnFakeGpu runs them on the fake driver of test/gpu/fake
// (TNP_TEST_FAKE_GPU set), which holds device memory on the host and runs
// cuBLAS's products, but no kernel: there, what needs a kernel must fail with
// the launch's DeviceError, which is what these cases then check.
//
//===----------------------------------------------------------------------===//

#include "ErrorOf.h"
#include "NewtonSqrt.h"

#include <tnp/dlpack.h>
#include <tnp/tnp.h>

#include <gtest/gtest.h>

#include <cstdlib>
#include <dlfcn.h>
#include <functional>
#include <optional>
#include <sstream>

namespace {

const std::string kGpu0 = "/job:localhost/replica:0/task:0/device:GPU:0";
const std::string kCpu0 = "/job:localhost/replica:0/task:0/device:CPU:0";

bool onFakeGpu() { return std::getenv("TNP_TEST_FAKE_GPU") != nullptr; }

class GpuArrayTest : public ::testing::Test {
protected:
  void SetUp() override {
    if (tnp::config::list_physical_devices("GPU").empty())
      GTEST_SKIP() << "skipped: no GPU";
  }
};

/// The values of `a` as float64.
std::vector<double> valuesOf(const tnp::ndarray &a) {
  return a.astype(tnp::float64).to_vector<double>();
}

/// `op` on GPU:0 gives what it gives on the CPU (within `tolerance`,
/// relative to the largest value), on GPU:0; on the fake driver, which runs
/// no kernel, it fails at the launch.
void expectAsOnTheCpu(const std::function<tnp::ndarray()> &op, double tolerance,
                      bool needsKernel = true) {
  tnp::ndarray expected = op();
  if (onFakeGpu() && needsKernel) {
    std::string message = errorOf<tnp::DeviceError>([&] {
      tnp::device_scope scope("GPU:0");
      op();
    });
    EXPECT_NE(message.find("cuLaunchKernel: CUDA_ERROR_NOT_SUPPORTED"),
              std::string::npos)
        << message;
    return;
  }
  tnp::ndarray actual;
  {
    tnp::device_scope scope("GPU:0");
    actual = op();
  }
  EXPECT_EQ(actual.device(), kGpu0);
  EXPECT_EQ(actual.shape(), expected.shape());
  EXPECT_EQ(actual.dtype(), expected.dtype());
  std::vector<double> want = valuesOf(expected), got = valuesOf(actual);
  ASSERT_EQ(got.size(), want.size());
  double scale = 1;
  for (double v : want)
    scale = std::max(scale, std::abs(v));
  for (size_t i = 0; i < want.size(); ++i)
    EXPECT_NEAR(got[i], want[i], tolerance * scale) << "element " << i;
}

TEST_F(GpuArrayTest, ArraysLiveOnTheGpuAndReadBackOnTheHost) {
  tnp::ndarray x;
  {
    tnp::device_scope scope("GPU:0");
    // Made on the host, moved to the GPU as it is handed out.
    x = tnp::asarray(std::vector<float>{1, 2, 3, 4, 5, 6}).reshape({2, 3});
    EXPECT_EQ(x.device(), kGpu0);
  }
  // Host reads copy the values back.
  EXPECT_EQ(x.to_vector<float>(), (std::vector<float>{1, 2, 3, 4, 5, 6}));
  EXPECT_EQ((x[{1, 2}].item<float>()), 6.0f);
  std::ostringstream printed;
  printed << x;
  EXPECT_EQ(printed.str(), "[[1. 2. 3.]\n [4. 5. 6.]]");
  // A copy outside the scope comes to the CPU; under it, back to the GPU.
  tnp::ndarray back = tnp::copy(x);
  EXPECT_EQ(back.device(), kCpu0);
  EXPECT_EQ(back.to_vector<float>(), x.to_vector<float>());
  tnp::device_scope scope("/device:GPU:0");
  tnp::ndarray again = tnp::copy(back);
  EXPECT_EQ(again.device(), kGpu0);
  EXPECT_EQ(again.to_vector<float>(), x.to_vector<float>());
  // Already there: the array itself.
  EXPECT_EQ(tnp::copy(again).impl(), again.impl());
}

TEST_F(GpuArrayTest, ViewsOfGpuArraysStayOnTheGpu) {
  tnp::device_scope scope("GPU:0");
  tnp::ndarray x = tnp::asarray(std::vector<int32_t>{1, 2, 3, 4, 5, 6});
  tnp::ndarray rows = x.reshape({3, 2});
  EXPECT_EQ(rows.device(), kGpu0);
  EXPECT_EQ(rows.to_vector<int32_t>(), x.to_vector<int32_t>());
  tnp::device_scope cpu("CPU:0");
  tnp::ndarray onCpu = x.reshape({2, 3});
  EXPECT_EQ(onCpu.device(), kCpu0);
  EXPECT_EQ(onCpu.to_vector<int32_t>(), x.to_vector<int32_t>());
}

TEST_F(GpuArrayTest, LargeProductsCallCublas) {
  tnp::random::seed(3);
  tnp::ndarray a = tnp::random::randn({96, 160}).astype(tnp::float32);
  tnp::ndarray b = tnp::random::randn({160, 48}).astype(tnp::float32);
  tnp::ndarray c = tnp::random::randn({48, 96});
  // float32 (operands copied from the CPU), float64 with a transposed
  // operand, a batch: every one a cuBLAS gemm, which the fake runs too.
  expectAsOnTheCpu([&] { return tnp::matmul(a, b); }, 1e-5, false);
  expectAsOnTheCpu(
      [&] {
        return tnp::tensordot(c, c, {{0}, {0}});
      },
      1e-12, false);
  tnp::ndarray batch = tnp::random::randn({4, 64, 80}).astype(tnp::float32);
  expectAsOnTheCpu([&] { return tnp::einsum("bij,bkj->bik", batch, batch); },
                   1e-5, false);
}

TEST_F(GpuArrayTest, TracedCallsRunOnTheGpu) {
  auto product = tnp::trace([](const tnp::ndarray &a, const tnp::ndarray &b) {
    return tnp::dot(a, b);
  });
  tnp::ndarray a = tnp::random::randn({64, 128});
  tnp::ndarray b = tnp::random::randn({128, 32});
  expectAsOnTheCpu([&] { return product(a, b); }, 1e-12, false);
  auto layer = tnp::trace([](const tnp::ndarray &w, const tnp::ndarray &x) {
    return tnp::tanh(tnp::matmul(x, w)) + 1;
  });
  tnp::ndarray w = tnp::random::randn({16, 8}).astype(tnp::float32);
  tnp::ndarray x = tnp::random::randn({32, 16}).astype(tnp::float32);
  expectAsOnTheCpu([&] { return layer(w, x); }, 1e-5);
}

TEST_F(GpuArrayTest, OperationsMatchTheCpu) {
  tnp::random::seed(5);
  tnp::ndarray x = tnp::random::randn({33, 70}).astype(tnp::float32);
  tnp::ndarray y = tnp::random::randn({70});
  tnp::ndarray i = tnp::asarray(std::vector<int64_t>{3, 0, 32, 3});
  // float32 math within a few ulps of the CPU's (both round differently).
  expectAsOnTheCpu([&] { return 1 / (1 + tnp::exp(-x)); }, 1e-6);
  expectAsOnTheCpu([&] { return tnp::tanh(tnp::exp(y)); }, 1e-14);
  expectAsOnTheCpu([&] { return tnp::sum(x, 1); }, 1e-5);
  expectAsOnTheCpu([&] { return tnp::sum(x); }, 1e-5);
  expectAsOnTheCpu([&] { return tnp::argmax(x, 1); }, 0);
  expectAsOnTheCpu([&] { return tnp::take(x, i, 0); }, 0);
  expectAsOnTheCpu([&] { return tnp::cumsum(y); }, 1e-13);
  expectAsOnTheCpu([&] { return x + y.astype(tnp::float32); }, 1e-6);
}

TEST_F(GpuArrayTest, GradientsRunOnTheGpu) {
  tnp::ndarray x = tnp::linspace(-2, 2, 9);
  expectAsOnTheCpu(
      [&] {
        return tnp::grad([](const tnp::ndarray &v) {
          return tnp::sum(tnp::tanh(v) * v);
        })(x);
      },
      1e-13);
}

TEST_F(GpuArrayTest, VectorizedMapsRunOnTheGpu) {
  // tnp-batch's function and map_fn's loop of calls, and a per-example
  // gradient (batching composed with reverse mode).
  tnp::ndarray xs = tnp::random::randn({7, 5});
  auto f = [](const tnp::ndarray &x) { return tnp::sum(tnp::tanh(x) * x); };
  expectAsOnTheCpu([&] { return tnp::vectorized_map(f, xs); }, 1e-13);
  expectAsOnTheCpu([&] { return tnp::map_fn(f, xs); }, 1e-13);
  expectAsOnTheCpu([&] { return tnp::vectorized_map(tnp::grad(f), xs); },
                   1e-13);
}

TEST_F(GpuArrayTest, SortsRunOnTheGpu) {
  // Sorting networks (passes/lowering/SortNetwork.cpp), eager and traced,
  // along either axis: NumPy's stable order, NaNs last and ties by
  // position, which the positions show (the values of a NaN would not
  // compare).
  std::vector<float> values(2 * 37);
  for (size_t i = 0; i < values.size(); ++i)
    values[i] = i % 7 == 3 ? NAN : float((i * 5) % 11) - 5;
  tnp::ndarray x = tnp::asarray(values).reshape({2, 37});
  tnp::ndarray finite = tnp::where(tnp::isnan(x), 0.0f, x);
  auto sortedRows =
      tnp::trace([](const tnp::ndarray &v) { return tnp::sort(v, 1); });
  expectAsOnTheCpu([&] { return tnp::argsort(x, 1); }, 0);
  expectAsOnTheCpu([&] { return tnp::argsort(x, 0); }, 0);
  expectAsOnTheCpu([&] { return tnp::sort(finite, 1); }, 0);
  expectAsOnTheCpu([&] { return sortedRows(finite); }, 0);
  expectAsOnTheCpu([&] { return tnp::sort(x.astype(tnp::int16), 0); }, 0);
  expectAsOnTheCpu([&] { return tnp::median(finite, 1); }, 1e-6);
}

TEST_F(GpuArrayTest, TracedFunctionsOfAnyNameCompile) {
  // Kernels are named after their function, and PTX takes identifiers
  // only: a Python lambda's "<lambda>" once aborted the process in the
  // NVPTX printer.
  tnp::ndarray x = tnp::linspace(-1, 1, 7);
  for (const char *name : {"<lambda>", "2nd pass", ""}) {
    tnp::trace_options options;
    options.name = name;
    auto f = tnp::trace([](const tnp::ndarray &v) { return tnp::exp(v) - v; },
                        options);
    expectAsOnTheCpu([&] { return f(x); }, 1e-15);
  }
}

TEST_F(GpuArrayTest, TracedControlFlowRunsOnTheGpu) {
  // Host loops and choices around launches; a while loop's condition is
  // read back from the device each trip.
  auto choose = tnp::trace([](const tnp::ndarray &x) {
    return tnp::cond(
        tnp::sum(x) > 0, [](const tnp::ndarray &v) { return v * 2; },
        [](const tnp::ndarray &v) { return -v; }, x);
  });
  tnp::ndarray up = tnp::arange(5).astype(tnp::float32);
  expectAsOnTheCpu([&] { return choose(up); }, 0);
  expectAsOnTheCpu([&] { return choose(-up); }, 0);
  auto newton = tnp::trace([](const tnp::ndarray &a) {
    auto [x, steps] = newtonSqrt(a);
    return tnp::concatenate({x, steps.astype(x.dtype()).reshape({1})});
  });
  expectAsOnTheCpu(
      [&] {
        return newton(tnp::asarray({2.0, 9.0, 0.25}));
      },
      1e-12);
  auto count = tnp::trace([](const tnp::ndarray &x, int64_t n) {
    return tnp::fori_loop(
        0, n,
        [](const tnp::ndarray &i, const tnp::ndarray &acc) {
          return acc + i.astype(acc.dtype());
        },
        x);
  });
  expectAsOnTheCpu([&] { return count(tnp::zeros({3}), 50); }, 0);
}

/// On the fake driver, makes launches succeed without running a kernel,
/// for the host's side of many launches.
struct SkipKernels {
  SkipKernels() {
    if (onFakeGpu())
      setenv("TNP_FAKE_GPU_SKIP_KERNELS", "1", 1);
  }
  ~SkipKernels() { unsetenv("TNP_FAKE_GPU_SKIP_KERNELS"); }
};

/// `n` trips adding one to `x`: a launch per trip.
tnp::ndarray addOnes(const tnp::ndarray &x, int64_t n) {
  static auto traced = tnp::trace([](const tnp::ndarray &x, int64_t n) {
    return tnp::fori_loop(
        0, n,
        [](const tnp::ndarray &, const tnp::ndarray &acc) { return acc + 1; },
        x);
  });
  return traced(x, n);
}

TEST_F(GpuArrayTest, LongTracedLoopsKeepTheStack) {
  // Each trip launches a kernel, whose arguments MLIR's translation puts
  // on the stack where the launch is: 10^5 trips once overflowed it.
  SkipKernels skip;
  constexpr int64_t kTrips = 100000;
  tnp::device_scope scope("GPU:0");
  tnp::ndarray y = addOnes(tnp::zeros({4}), kTrips);
  EXPECT_EQ(y.device(), kGpu0);
  if (!onFakeGpu())
    EXPECT_EQ(valuesOf(y), std::vector<double>(4, double(kTrips)));
}

/// The fake driver's count of the host's waits for a stream, or null on a
/// real driver.
long (*fakeStreamWaits())() {
  if (!onFakeGpu())
    return nullptr;
  void *driver = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
  return driver ? reinterpret_cast<long (*)()>(
                      dlsym(driver, "tnpFakeGpuStreamWaits"))
                : nullptr;
}

/// Tests that count the host's waits for the GPU, on GPU:0 of the fake
/// driver, its kernels skipped.
class GpuWaitsTest : public GpuArrayTest {
protected:
  void SetUp() override {
    GpuArrayTest::SetUp();
    waits = fakeStreamWaits();
    if (!waits)
      GTEST_SKIP() << "counts the fake driver's waits";
    skip.emplace();
    scope.emplace("GPU:0");
  }
  long (*waits)() = nullptr;
  std::optional<SkipKernels> skip;
  std::optional<tnp::device_scope> scope;
};

TEST_F(GpuWaitsTest, TracedLoopsQueueTripsWithoutWaiting) {
  // One stream runs the trips in order: the host queues them all and
  // returns (tnp-gpu-elide-waits); a host read waits.
  tnp::ndarray x = tnp::zeros({4});
  addOnes(x, 1000);
  long before = waits();
  tnp::ndarray y = addOnes(x, 1000);
  EXPECT_EQ(waits(), before);
  EXPECT_EQ(y.device(), kGpu0);
  EXPECT_EQ(&y.block_until_ready(), &y);
  EXPECT_EQ(waits(), before + 1);
}

TEST_F(GpuWaitsTest, EagerCallsReturnBeforeTheirKernelsRun) {
  // Calls queue their kernels and return, as JAX's and PyTorch's do; what
  // reads device memory waits: a host read, block_until_ready, a DLPack
  // export (its consumer may use another stream).
  tnp::ndarray x = tnp::ones({8}, tnp::float32);
  tnp::ndarray y = tnp::tanh(x * 2.0f + x);
  long before = waits();
  // Literals too: copied to the device from host buffers they keep.
  for (int i = 0; i < 20; ++i)
    y = tnp::tanh(y * 2.0f + x);
  EXPECT_EQ(waits(), before);
  y.block_until_ready();
  EXPECT_EQ(waits(), before + 1);
  DLManagedTensor *exported = tnp::to_dlpack(y);
  EXPECT_EQ(waits(), before + 2);
  // Its consumer's kernels, on the consumer's streams, may still read it.
  exported->deleter(exported);
  EXPECT_EQ(waits(), before + 3);
  (void)y.to_vector<float>();
  EXPECT_GT(waits(), before + 3);
}

TEST_F(GpuArrayTest, DLPackSharesGpuMemory) {
  tnp::ndarray x;
  {
    tnp::device_scope scope("GPU:0");
    x = tnp::asarray(std::vector<int32_t>{4, 5, 6});
  }
  DLManagedTensor *tensor = tnp::to_dlpack(x);
  EXPECT_EQ(tensor->dl_tensor.device.device_type, kDLCUDA);
  EXPECT_EQ(tensor->dl_tensor.device.device_id, 0);
  void *memory = tensor->dl_tensor.data;
  // Imported back: an array on GPU:0 over the same memory.
  tnp::ndarray y = tnp::from_dlpack(tensor);
  EXPECT_EQ(y.device(), kGpu0);
  DLManagedTensor *again = tnp::to_dlpack(y);
  EXPECT_EQ(again->dl_tensor.data, memory);
  again->deleter(again);
  EXPECT_EQ(y.to_vector<int32_t>(), (std::vector<int32_t>{4, 5, 6}));
  // A GPU tnp does not have, and a strided GPU tensor, are refused (and
  // still deleted).
  DLManagedTensor *other = tnp::to_dlpack(x);
  other->dl_tensor.device.device_id = 7;
  EXPECT_NE(errorOf<tnp::DeviceError>([&] {
              tnp::from_dlpack(other);
            }).find("kDLCUDA, 1 here"),
            std::string::npos);
  DLManagedTensor *strided = tnp::to_dlpack(x);
  int64_t stride = 2;
  strided->dl_tensor.strides = &stride;
  EXPECT_NE(errorOf<tnp::NotImplementedError>([&] {
              tnp::from_dlpack(strided);
            }).find("row-major and contiguous only"),
            std::string::npos);
}

TEST_F(GpuArrayTest, FailuresAreNamed) {
  if (!onFakeGpu())
    GTEST_SKIP() << "needs the fake driver's small memory";
  tnp::device_scope scope("GPU:0");
  // The fake device has 64 MiB (ctest's TNP_FAKE_GPU_BYTES).
  std::string message =
      errorOf<tnp::MemoryError>([] { tnp::empty({1 << 24}, tnp::float64); });
  EXPECT_NE(message.find("shape (16777216,) and data type float64 on GPU:0"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("CUDA_ERROR_OUT_OF_MEMORY"), std::string::npos)
      << message;
}

} // namespace
