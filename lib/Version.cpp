//===- Version.cpp - the library's version --------------------------------===//

#include <tnp/version.h>

const char *tnp::version() { return TNP_VERSION_STRING; }
