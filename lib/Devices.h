//===- Devices.h - where arrays live and calls run --------------*- C++ -*-===//
//
// The device registry behind include/tnp/device.h, and placement: every
// eager array records its device, the innermost device_scope's, else the
// default device (TF's rule, docs/devices.md).
//
//===----------------------------------------------------------------------===//

#ifndef TNP_LIB_DEVICES_H
#define TNP_LIB_DEVICES_H

#include <cstdint>
#include <string>

namespace tnp::detail {

enum class DeviceKind : uint8_t { CPU, GPU };

/// A logical device: its kind and index among those of its kind.
struct DeviceId {
  DeviceKind kind = DeviceKind::CPU;
  int index = 0;
  bool operator==(const DeviceId &other) const {
    return kind == other.kind && index == other.index;
  }
  bool operator!=(const DeviceId &other) const { return !(*this == other); }
};

/// "CPU:1".
std::string shortName(DeviceId device);
/// TF's full name: "/job:localhost/replica:0/task:0/device:CPU:1".
std::string fullName(DeviceId device);

/// Where arrays made now on this thread go, and so where operations run:
/// the innermost scope's device, else the default device, CPU:0.
/// Initializes the devices.
DeviceId currentPlacement();
/// The GPU calls placed now run on, or -1 for a CPU: what compiled code is
/// compiled for (Session's CompileOptions::gpu).
int placedGpu();

} // namespace tnp::detail

#endif // TNP_LIB_DEVICES_H
