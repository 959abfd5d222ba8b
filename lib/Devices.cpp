//===- Devices.cpp - where arrays live and calls run ----------------------===//

#include "lib/Devices.h"

#include <tnp/device.h>
#include <tnp/errors.h>

#include "runtime/cuda/Driver.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <mutex>
#include <optional>
#include <regex>

using namespace tnp;
using namespace tnp::detail;

namespace {

const char *kindName(DeviceKind kind) {
  return kind == DeviceKind::CPU ? "CPU" : "GPU";
}

/// The process's devices: the logical CPUs configured and soft placement.
/// GPUs are the driver's (runtime/cuda/Driver.h).
struct Registry {
  std::mutex mutex;
  std::atomic<bool> initialized{false};
  std::atomic<bool> soft{true};
  std::optional<std::vector<LogicalDeviceConfiguration>> cpuConfig;

  static Registry &get() {
    static Registry registry;
    return registry;
  }
  void initialize() {
    if (!initialized.load(std::memory_order_relaxed))
      initialized.store(true);
  }
  int count(DeviceKind kind) {
    if (kind == DeviceKind::GPU)
      return runtime::cuda::Driver::get().deviceCount();
    std::lock_guard<std::mutex> lock(mutex);
    return cpuConfig ? static_cast<int>(cpuConfig->size()) : 1;
  }
  bool exists(DeviceId device) {
    return device.index >= 0 && device.index < count(device.kind);
  }
  /// "CPU:0, CPU:1, GPU:0".
  std::string available() {
    std::string list;
    for (DeviceKind kind : {DeviceKind::CPU, DeviceKind::GPU})
      for (int i = 0, n = count(kind); i < n; ++i)
        list += (list.empty() ? "" : ", ") + shortName({kind, i});
    return list;
  }
};

/// The scopes of this thread, innermost last; an empty entry is a scope
/// of "", which lifts the ones around it.
thread_local std::vector<std::optional<DeviceId>> scopes;

std::string upper(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return std::toupper(c); });
  return s;
}

/// The device a scope of `name` places on: none for "", CPU:0 for a device
/// that does not exist under soft placement.
std::optional<DeviceId> resolve(const std::string &name) {
  if (name.empty())
    return std::nullopt;
  static const std::regex pattern(
      R"(^(/job:(\w+))?(/replica:(\d+))?(/task:(\d+))?(/?device:|/)?)"
      R"(([A-Za-z]+):(\d{1,9})$)");
  std::smatch m;
  if (!std::regex_match(name, m, pattern))
    throw ValueError("invalid device name '" + name +
                     "': expected a name such as 'GPU:0', '/device:CPU:0' "
                     "or '/job:localhost/replica:0/task:0/device:CPU:0'");
  std::string type = upper(m[8]);
  int index = std::stoi(m[9]);
  bool local = (!m[2].matched || m[2] == "localhost") &&
               (!m[4].matched || m[4] == "0") && (!m[6].matched || m[6] == "0");
  Registry &registry = Registry::get();
  std::optional<DeviceId> device;
  if (type == "CPU" || type == "GPU")
    device = DeviceId{type == "CPU" ? DeviceKind::CPU : DeviceKind::GPU, index};
  if (local && device && registry.exists(*device))
    return device;
  if (registry.soft)
    return DeviceId{};
  throw DeviceError("Could not satisfy device specification '" + name +
                    "': no such device (devices: " + registry.available() +
                    ")");
}

} // namespace

std::string tnp::detail::shortName(DeviceId device) {
  return std::string(kindName(device.kind)) + ":" +
         std::to_string(device.index);
}

std::string tnp::detail::fullName(DeviceId device) {
  return "/job:localhost/replica:0/task:0/device:" + shortName(device);
}

DeviceId tnp::detail::currentPlacement() {
  Registry::get().initialize();
  if (!scopes.empty() && scopes.back())
    return *scopes.back();
  return DeviceId{};
}

int tnp::detail::placedGpu() {
  DeviceId device = currentPlacement();
  return device.kind == DeviceKind::GPU ? device.index : -1;
}

device_scope::device_scope(const std::string &name) {
  Registry::get().initialize();
  scopes.push_back(resolve(name));
}

device_scope::device_scope(const LogicalDevice &device)
    : device_scope(device.name) {}

device_scope::~device_scope() { scopes.pop_back(); }

std::vector<PhysicalDevice>
config::list_physical_devices(const std::string &device_type) {
  std::string type = upper(device_type);
  std::vector<PhysicalDevice> devices;
  if (type.empty() || type == "CPU")
    devices.push_back({"/physical_device:CPU:0", "CPU"});
  if (type.empty() || type == "GPU")
    for (int i = 0, n = Registry::get().count(DeviceKind::GPU); i < n; ++i)
      devices.push_back({"/physical_device:GPU:" + std::to_string(i), "GPU"});
  return devices;
}

std::vector<LogicalDevice>
config::list_logical_devices(const std::string &device_type) {
  Registry &registry = Registry::get();
  registry.initialize();
  std::string type = upper(device_type);
  std::vector<LogicalDevice> devices;
  for (DeviceKind kind : {DeviceKind::CPU, DeviceKind::GPU})
    if (type.empty() || type == kindName(kind))
      for (int i = 0, n = registry.count(kind); i < n; ++i)
        devices.push_back({"/device:" + shortName({kind, i}), kindName(kind)});
  return devices;
}

void config::set_logical_device_configuration(
    const PhysicalDevice &device,
    const std::vector<LogicalDeviceConfiguration> &logical_devices) {
  std::vector<PhysicalDevice> physical = list_physical_devices();
  if (std::find(physical.begin(), physical.end(), device) == physical.end())
    throw ValueError("Unrecognized device: " + device.name);
  if (device.device_type == "GPU")
    throw NotImplementedError("tnp does not split a GPU into logical ones (" +
                              device.name + ")");
  if (logical_devices.empty())
    throw ValueError("set_logical_device_configuration: " + device.name +
                     " needs at least one logical device");
  Registry &registry = Registry::get();
  std::lock_guard<std::mutex> lock(registry.mutex);
  if (registry.cpuConfig == logical_devices)
    return;
  if (registry.initialized)
    throw RuntimeError("Virtual devices cannot be modified after being "
                       "initialized");
  registry.cpuConfig = logical_devices;
}

std::optional<std::vector<LogicalDeviceConfiguration>>
config::get_logical_device_configuration(const PhysicalDevice &device) {
  if (device.device_type != "CPU")
    return std::nullopt;
  Registry &registry = Registry::get();
  std::lock_guard<std::mutex> lock(registry.mutex);
  return registry.cpuConfig;
}

void config::set_soft_device_placement(bool enabled) {
  Registry::get().soft = enabled;
}

bool config::get_soft_device_placement() { return Registry::get().soft; }
