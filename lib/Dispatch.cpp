//===- Dispatch.cpp - where a primitive call goes -------------------------===//

#include "lib/Dispatch.h"

#include "lib/EagerCall.h"

#include <vector>

using namespace tnp;
using namespace tnp::detail;

namespace {
/// Registered while the library loads, before any call.
std::vector<CallInterpreter *> &interpreters() {
  static std::vector<CallInterpreter *> registered;
  return registered;
}
} // namespace

void tnp::detail::registerInterpreter(CallInterpreter &interpreter) {
  interpreters().push_back(&interpreter);
}

std::shared_ptr<ArrayImpl> tnp::detail::execute(const Call &call) {
  // Every primitive's result, eager, view or traced, has a size that fits.
  checkedBytes(call.resultShape, call.resultDType);
  std::shared_ptr<ArrayImpl> out;
  for (CallInterpreter *interpreter : interpreters())
    if ((out = interpreter->process(call)))
      break;
  if (!out) {
    bool inputsKept = false;
    for (CallInterpreter *interpreter : interpreters())
      inputsKept |= interpreter->keepsInputs();
    out = runEagerly(call, /*reuseInputs=*/!inputsKept);
  }
  for (CallInterpreter *interpreter : interpreters())
    interpreter->observe(call, *out);
  return out;
}
