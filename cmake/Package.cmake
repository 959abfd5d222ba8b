# Install rules: `cmake --install <build> --prefix <dir>` installs the public
# headers, libtnp.so, a CMake package (find_package(tnp) -> tnp::tnp) and a
# pkg-config file. See docs/install.md.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(TNP_CMAKE_DIR "${CMAKE_INSTALL_LIBDIR}/cmake/tnp")

install(TARGETS tnp_shared EXPORT tnpTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/tnp
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT tnpTargets NAMESPACE tnp:: DESTINATION ${TNP_CMAKE_DIR})

configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/tnpConfig.cmake.in
  ${PROJECT_BINARY_DIR}/tnpConfig.cmake INSTALL_DESTINATION ${TNP_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/tnpConfigVersion.cmake
  VERSION ${TNP_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/tnpConfig.cmake
  ${PROJECT_BINARY_DIR}/tnpConfigVersion.cmake DESTINATION ${TNP_CMAKE_DIR})

configure_file(${PROJECT_SOURCE_DIR}/cmake/tnp.pc.in
  ${PROJECT_BINARY_DIR}/tnp.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/tnp.pc
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

# The build tree is a package too: python/CMakeLists.txt (pip install
# ./python) finds tnp in build/ without an install step.
export(EXPORT tnpTargets NAMESPACE tnp:: FILE ${PROJECT_BINARY_DIR}/tnpTargets.cmake)
