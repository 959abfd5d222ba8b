//===- ThisBuild.h - which build of tnp is running, and where ---*- C++ -*-===//

#ifndef TNP_LIB_THISBUILD_H
#define TNP_LIB_THISBUILD_H

#include <string>

namespace tnp::detail {

/// Names this build of tnp in the source cache's keys (a pipeline change
/// must not load code an older pipeline compiled): the GNU build ID of the
/// file tnp's code was loaded from (libtnp.so, or a program linking it
/// statically), which the linker derives from its contents and which
/// copies and installs keep; without one, that file's name, size and
/// modification time.
std::string thisBuildId();

/// The directory of the file tnp's code was loaded from; empty if unknown.
std::string thisBuildDirectory();

} // namespace tnp::detail

#endif // TNP_LIB_THISBUILD_H
