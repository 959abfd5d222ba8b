//===- DeviceTest.cpp - placement on logical CPU devices ------------------===//
//
// The process splits its CPU into two logical devices before anything else
// (a global environment), as TF programs call
// set_logical_device_configuration first, so that scopes, copies and
// mixed-device operands are tested on any machine.
//
//===----------------------------------------------------------------------===//

#include "ErrorOf.h"

#include <tnp/tnp.h>

#include <gtest/gtest.h>

#include <regex>
#include <thread>

namespace {

const std::string kCpu0 = "/job:localhost/replica:0/task:0/device:CPU:0";
const std::string kCpu1 = "/job:localhost/replica:0/task:0/device:CPU:1";

class TwoLogicalCpus : public ::testing::Environment {
public:
  void SetUp() override {
    tnp::config::set_logical_device_configuration(
        tnp::config::list_physical_devices("CPU")[0],
        {tnp::LogicalDeviceConfiguration{}, tnp::LogicalDeviceConfiguration{}});
  }
};

[[maybe_unused]] ::testing::Environment *const kEnvironment =
    ::testing::AddGlobalTestEnvironment(new TwoLogicalCpus);

/// Soft placement as TF's eager default, whatever a test set.
class DeviceTest : public ::testing::Test {
protected:
  void TearDown() override { tnp::config::set_soft_device_placement(true); }
};

TEST_F(DeviceTest, ListsDevicesByTfNames) {
  auto physical = tnp::config::list_physical_devices();
  ASSERT_FALSE(physical.empty());
  EXPECT_EQ(physical[0],
            (tnp::PhysicalDevice{"/physical_device:CPU:0", "CPU"}));
  auto cpus = tnp::config::list_logical_devices("cpu");
  ASSERT_EQ(cpus.size(), 2u);
  EXPECT_EQ(cpus[0], (tnp::LogicalDevice{"/device:CPU:0", "CPU"}));
  EXPECT_EQ(cpus[1], (tnp::LogicalDevice{"/device:CPU:1", "CPU"}));
  // GPUs are whatever the driver finds (none without one), named in order.
  auto gpus = tnp::config::list_logical_devices("GPU");
  EXPECT_EQ(gpus.size(), tnp::config::list_physical_devices("GPU").size());
  for (size_t i = 0; i < gpus.size(); ++i)
    EXPECT_EQ(gpus[i].name, "/device:GPU:" + std::to_string(i));
  EXPECT_TRUE(tnp::config::list_logical_devices("TPU").empty());
  EXPECT_EQ(tnp::config::list_logical_devices().size(), 2 + gpus.size());
}

TEST_F(DeviceTest, ScopePlacesCreationsAndOperations) {
  tnp::ndarray x, y;
  {
    tnp::device_scope scope("CPU:1");
    x = tnp::ones({3});
    y = tnp::exp(x) * 2;
    EXPECT_EQ(x.device(), kCpu1);
    EXPECT_EQ(y.device(), kCpu1);
  }
  EXPECT_EQ(tnp::zeros({2}).device(), kCpu0);
  // Outside every scope operations run on the default device, CPU:0, and
  // read their operands from CPU:1 (TF copies them).
  tnp::ndarray z = y + 1;
  EXPECT_EQ(z.device(), kCpu0);
  EXPECT_EQ(tnp::sum(y).device(), kCpu0);
  EXPECT_EQ(y.reshape({3, 1}).device(), kCpu0);
  EXPECT_EQ(y.device(), kCpu1);
  EXPECT_NEAR(z.to_vector<double>()[0], 2 * std::exp(1.0) + 1, 1e-6);
}

TEST_F(DeviceTest, ScopesNestAndTakeTfsNames) {
  tnp::ndarray on1;
  {
    tnp::device_scope outer("/job:localhost/replica:0/task:0/device:CPU:1");
    on1 = tnp::arange(4);
    {
      tnp::device_scope inner("/cpu:0");
      EXPECT_EQ(tnp::arange(4).device(), kCpu0);
      tnp::device_scope innermost(tnp::LogicalDevice{"/device:CPU:1", "CPU"});
      EXPECT_EQ(tnp::arange(4).device(), kCpu1);
    }
    EXPECT_EQ(tnp::arange(4).device(), kCpu1);
    {
      // "" lifts the scopes around it: the default device again.
      tnp::device_scope none("");
      EXPECT_EQ(tnp::arange(4).device(), kCpu0);
      EXPECT_EQ((on1 * 2).device(), kCpu0);
    }
  }
  EXPECT_EQ(tnp::arange(4).device(), kCpu0);
}

TEST_F(DeviceTest, ScopesBelongToTheirThread) {
  tnp::device_scope scope("CPU:1");
  std::string other, otherScoped;
  std::thread worker([&] {
    other = tnp::ones({2}).device();
    tnp::device_scope own("device:CPU:1");
    otherScoped = tnp::ones({2}).device();
  });
  worker.join();
  EXPECT_EQ(other, kCpu0);
  EXPECT_EQ(otherScoped, kCpu1);
  EXPECT_EQ(tnp::ones({2}).device(), kCpu1);
}

TEST_F(DeviceTest, CopyMovesToTheScopesDevice) {
  tnp::ndarray x = tnp::arange(5).astype(tnp::float32);
  tnp::ndarray y;
  {
    tnp::device_scope scope("CPU:1");
    y = tnp::copy(x);
    EXPECT_EQ(y.device(), kCpu1);
    // Already there: the array itself.
    EXPECT_EQ(tnp::copy(y).data(), y.data());
  }
  EXPECT_EQ(x.device(), kCpu0);
  EXPECT_EQ(y.to_vector<float>(), x.to_vector<float>());
  EXPECT_EQ(y.dtype(), tnp::float32);
  // Outside a scope a copy goes to the default device.
  tnp::ndarray back = tnp::copy(y);
  EXPECT_EQ(back.device(), kCpu0);
  EXPECT_EQ(back.to_vector<float>(), x.to_vector<float>());
}

TEST_F(DeviceTest, MixedDeviceOperandsGoToTheScopeOrTheDefault) {
  tnp::ndarray a = tnp::arange(3);
  tnp::ndarray b;
  {
    tnp::device_scope scope("CPU:1");
    b = tnp::arange(3) * 10;
  }
  EXPECT_EQ((a + b).device(), kCpu0);
  EXPECT_EQ((b + a).device(), kCpu0);
  EXPECT_EQ((2 * b).device(), kCpu0);
  tnp::ndarray sum;
  {
    tnp::device_scope scope("CPU:1");
    sum = a + b;
  }
  EXPECT_EQ(sum.device(), kCpu1);
  EXPECT_EQ(sum.to_vector<int64_t>(), (std::vector<int64_t>{0, 11, 22}));
}

TEST_F(DeviceTest, TracedFunctionsPlaceTheirResults) {
  auto f = tnp::trace([](const tnp::ndarray &x) { return tnp::tanh(x) + x; });
  tnp::ndarray x = tnp::ones({4});
  EXPECT_EQ(f(x).device(), kCpu0);
  tnp::ndarray on1;
  {
    tnp::device_scope scope("CPU:1");
    on1 = f(x);
    EXPECT_EQ(on1.device(), kCpu1);
  }
  EXPECT_EQ(f(on1).device(), kCpu0);
}

TEST_F(DeviceTest, MalformedNamesAreValueErrors) {
  for (std::string name : {"CPU", "GPU:x", "/device:CPU:0:1", "CPU: 0",
                           "//device:CPU:0", "/job:localhost/device"}) {
    std::string message =
        errorOf<tnp::ValueError>([&] { tnp::device_scope scope(name); });
    EXPECT_NE(message.find("invalid device name '" + name + "'"),
              std::string::npos)
        << name << ": " << message;
  }
}

TEST_F(DeviceTest, MissingDevicesFallBackOnlyUnderSoftPlacement) {
  EXPECT_TRUE(tnp::config::get_soft_device_placement());
  {
    // No CPU:5, no TPU, no remote task: soft placement runs on CPU:0.
    tnp::device_scope scope("CPU:5");
    EXPECT_EQ(tnp::ones({1}).device(), kCpu0);
    tnp::device_scope tpu("/device:TPU:0");
    EXPECT_EQ(tnp::ones({1}).device(), kCpu0);
    tnp::device_scope remote("/job:worker/replica:0/task:1/device:CPU:1");
    EXPECT_EQ(tnp::ones({1}).device(), kCpu0);
  }
  tnp::config::set_soft_device_placement(false);
  std::string message =
      errorOf<tnp::DeviceError>([] { tnp::device_scope scope("CPU:5"); });
  EXPECT_NE(message.find("Could not satisfy device specification 'CPU:5'"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("devices: CPU:0, CPU:1"), std::string::npos)
      << message;
  EXPECT_NE(errorOf<tnp::DeviceError>(
                [] { tnp::device_scope scope("/job:worker/device:CPU:0"); }),
            "<no exception>");
}

// Run with a GPU, or the fake driver of test/gpu/fake (ctest
// DeviceTest.OnFakeGpu): the GPU is listed, and places what its scope makes
// (GpuArrayTest.cpp runs operations there).
TEST_F(DeviceTest, GpusAreListedAndPlaceArrays) {
  auto gpus = tnp::config::list_physical_devices("GPU");
  if (gpus.empty())
    GTEST_SKIP() << "no GPU";
  EXPECT_EQ(gpus[0], (tnp::PhysicalDevice{"/physical_device:GPU:0", "GPU"}));
  tnp::config::set_soft_device_placement(false);
  tnp::device_scope scope("/device:GPU:0");
  EXPECT_EQ(tnp::asarray(std::vector<float>{1, 2}).device(),
            "/job:localhost/replica:0/task:0/device:GPU:0");
  EXPECT_NE(errorOf<tnp::NotImplementedError>([] {
              tnp::config::set_logical_device_configuration(
                  tnp::PhysicalDevice{"/physical_device:GPU:0", "GPU"},
                  {tnp::LogicalDeviceConfiguration{1024}});
            }),
            "<no exception>");
}

TEST_F(DeviceTest, ConfigurationIsFixedOnceInitialized) {
  tnp::PhysicalDevice cpu = tnp::config::list_physical_devices("CPU")[0];
  tnp::config::list_logical_devices();
  // The configuration in force may be set again; another may not.
  tnp::config::set_logical_device_configuration(
      cpu,
      {tnp::LogicalDeviceConfiguration{}, tnp::LogicalDeviceConfiguration{}});
  EXPECT_NE(errorOf<tnp::RuntimeError>([&] {
              tnp::config::set_logical_device_configuration(
                  cpu, {tnp::LogicalDeviceConfiguration{}});
            }).find("cannot be modified after being initialized"),
            std::string::npos);
  EXPECT_NE(errorOf<tnp::ValueError>([&] {
              tnp::config::set_logical_device_configuration(cpu, {});
            }).find("at least one logical device"),
            std::string::npos);
  EXPECT_NE(errorOf<tnp::ValueError>([&] {
              tnp::config::set_logical_device_configuration(
                  tnp::PhysicalDevice{"/physical_device:GPU:9", "GPU"},
                  {tnp::LogicalDeviceConfiguration{}});
            }).find("Unrecognized device: /physical_device:GPU:9"),
            std::string::npos);
  auto config = tnp::config::get_logical_device_configuration(cpu);
  ASSERT_TRUE(config.has_value());
  EXPECT_EQ(config->size(), 2u);
}

} // namespace
