//===- Gradients.h - differentiating and calling recorded functions -*- C++
//-*-//

#ifndef TNP_LIB_GRADIENTS_H
#define TNP_LIB_GRADIENTS_H

#include <tnp/ndarray.h>

#include <vector>

namespace mlir {
class ModuleOp;
} // namespace mlir

namespace tnp::detail {

/// Replaces the one function of `module` by its derivative: tnp-autodiff
/// with respect to argument positions `wrt`, as value_and_grad or `vjp`.
/// CompileError with the diagnostics when an op cannot be differentiated.
void differentiate(mlir::ModuleOp module, const std::vector<unsigned> &wrt,
                   bool vjp);

/// Calls the one function of `module` on `inputs`: inlined into the active
/// tracer (whose context the module shares), or else compiled (once per
/// function text) and run.
std::vector<ndarray> callFunction(mlir::ModuleOp module,
                                  const std::vector<ndarray> &inputs);

} // namespace tnp::detail

#endif // TNP_LIB_GRADIENTS_H
