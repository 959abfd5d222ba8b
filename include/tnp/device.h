//===- device.h - devices, placement scopes, TF's tf.config -----*- C++ -*-===//
//
// TF's device model: the CPU (split into logical CPUs with
// set_logical_device_configuration, so placement can be tested on any
// machine) and the GPUs the CUDA driver finds at run time (opened with
// dlopen; none where there is no driver). A device_scope places what runs
// on this thread inside it, as `with tf.device(...)`; outside every scope
// operations run on the default device, CPU:0 (docs/devices.md).
// Under a GPU's scope arrays live in its memory and eager operations and
// traced functions run there.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_DEVICE_H
#define TNP_DEVICE_H

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tnp {

/// tf.config.PhysicalDevice: name "/physical_device:GPU:0", device_type
/// "GPU".
struct PhysicalDevice {
  std::string name;
  std::string device_type;
  bool operator==(const PhysicalDevice &other) const {
    return name == other.name && device_type == other.device_type;
  }
};

/// tf.config.LogicalDevice: name "/device:CPU:1", device_type "CPU".
struct LogicalDevice {
  std::string name;
  std::string device_type;
  bool operator==(const LogicalDevice &other) const {
    return name == other.name && device_type == other.device_type;
  }
};

/// tf.config.LogicalDeviceConfiguration: one logical device of a physical
/// one (memory_limit, in MiB, applies to GPUs, which tnp does not split).
struct LogicalDeviceConfiguration {
  std::optional<int64_t> memory_limit;
  bool operator==(const LogicalDeviceConfiguration &other) const {
    return memory_limit == other.memory_limit;
  }
};

namespace config {

/// tf.config.list_physical_devices: the CPU, then each GPU the driver
/// finds; only those of `device_type` ("CPU", "GPU", any case) when given.
std::vector<PhysicalDevice>
list_physical_devices(const std::string &device_type = "");
/// tf.config.list_logical_devices: CPU:0 (or the logical CPUs configured),
/// then GPU:0, GPU:1, ... Initializes the devices.
std::vector<LogicalDevice>
list_logical_devices(const std::string &device_type = "");
/// tf.config.set_logical_device_configuration: splits the physical CPU into
/// `logical_devices.size()` logical CPUs. RuntimeError once the devices are
/// initialized (by a listing of logical devices, a scope or an operation),
/// unless the configuration is the one in force; ValueError for an empty
/// list or an unknown device; NotImplementedError for a GPU.
void set_logical_device_configuration(
    const PhysicalDevice &device,
    const std::vector<LogicalDeviceConfiguration> &logical_devices);
/// tf.config.get_logical_device_configuration: the list set for `device`,
/// or none.
std::optional<std::vector<LogicalDeviceConfiguration>>
get_logical_device_configuration(const PhysicalDevice &device);
/// tf.config.set_soft_device_placement: on (the default, as in TF's eager
/// mode), a scope naming a device that does not exist places operations on
/// CPU:0; off, that is a DeviceError. (Every tnp operation has a GPU
/// kernel, so none falls back from a GPU to the CPU.)
void set_soft_device_placement(bool enabled);
bool get_soft_device_placement();

} // namespace config

/// `with tf.device(name):` for the C++ scope it lives in, on this thread.
/// Takes TF's long and short names ("GPU:0", "/device:CPU:1", "/cpu:0",
/// "/job:localhost/replica:0/task:0/device:CPU:0"; "" lifts the enclosing
/// scope). Scopes nest; the innermost one places. A malformed name is a
/// ValueError; a device that does not exist a DeviceError, or CPU:0 under
/// soft placement.
class device_scope {
public:
  explicit device_scope(const std::string &name);
  explicit device_scope(const LogicalDevice &device);
  ~device_scope();
  device_scope(const device_scope &) = delete;
  device_scope &operator=(const device_scope &) = delete;
};

} // namespace tnp

#endif // TNP_DEVICE_H
