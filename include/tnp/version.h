//===- version.h - the library's version ------------------------*- C++ -*-===//

#ifndef TNP_VERSION_H
#define TNP_VERSION_H

namespace tnp {

/// The version of the tnp library the program runs with, e.g. "0.1.0".
const char *version();

} // namespace tnp

#endif // TNP_VERSION_H
