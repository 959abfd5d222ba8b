//===- GradientTape.h - the tapes recording on this thread ------*- C++ -*-===//
//
// A GradientTape records alongside execution: every primitive call that
// reads an array the tape holds (watched, or computed from one) is also
// built into the tape's function, by an inactive Tracer. The tapes observe
// every call through the interpreter GradientTape.cpp registers with
// Dispatch.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_LIB_GRADIENTTAPE_H
#define TNP_LIB_GRADIENTTAPE_H

#include "lib/Dispatch.h"

#include <vector>

namespace tnp::detail {

/// Whether a tape records on this thread.
bool tapesRecording();
/// NotImplementedError when a recording tape holds one of `arrays`, which
/// `what` reads without the tape seeing its ops.
void checkUntaped(const std::vector<ndarray> &arrays, const char *what);
/// NotImplementedError when a tape started inside the active trace records:
/// `what` (traced control flow) would not be recorded.
void checkNoTape(const char *what);

} // namespace tnp::detail

#endif // TNP_LIB_GRADIENTTAPE_H
