//===- BindDevices.cpp - tnp.device and tnp.config's device functions -----===//

#include "Bindings.h"

#include <tnp/device.h>

#include <nanobind/stl/optional.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace nb = nanobind;

namespace {

/// A device_scope entered and left by Python's `with` (tnp.device).
struct DeviceScope {
  std::string name;
  std::optional<tnp::device_scope> scope;
};

template <typename Device>
std::vector<std::pair<std::string, std::string>>
pairs(const std::vector<Device> &devices) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const Device &d : devices)
    out.emplace_back(d.name, d.device_type);
  return out;
}

} // namespace

void tnp::python::bindDevices(nb::module_ &m) {
  nb::class_<DeviceScope>(m, "_DeviceScope")
      .def(nb::init<std::string>())
      .def("__enter__", [](DeviceScope &s) { s.scope.emplace(s.name); })
      .def("__exit__", [](DeviceScope &s, nb::args) { s.scope.reset(); });
  m.def("_list_physical_devices", [](const std::string &type) {
    return pairs(tnp::config::list_physical_devices(type));
  });
  m.def("_list_logical_devices", [](const std::string &type) {
    return pairs(tnp::config::list_logical_devices(type));
  });
  m.def("_set_logical_device_configuration",
        [](const std::string &name, const std::string &type,
           const std::vector<std::optional<int64_t>> &limits) {
          std::vector<tnp::LogicalDeviceConfiguration> logical;
          for (const std::optional<int64_t> &limit : limits)
            logical.push_back({limit});
          tnp::config::set_logical_device_configuration({name, type}, logical);
        });
  m.def("set_soft_device_placement", &tnp::config::set_soft_device_placement);
  m.def("get_soft_device_placement", &tnp::config::get_soft_device_placement);
}
