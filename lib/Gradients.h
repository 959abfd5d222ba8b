//===- Gradients.h - differentiating and calling recorded functions -*- C++
//-*-//

#ifndef TNP_LIB_GRADIENTS_H
#define TNP_LIB_GRADIENTS_H

#include <tnp/ndarray.h>

#include <string>
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

/// Replaces the one function of `module` by its batched form: tnp-batch
/// with `inAxes` per argument (-1: unbatched) and `outAxes` per result.
/// The fallback's warnings go to stderr, prefixed by `api`; CompileError
/// with the diagnostics when an op cannot be batched.
void batch(mlir::ModuleOp module, const std::vector<int64_t> &inAxes,
           const std::vector<int64_t> &outAxes, int64_t size, bool fallback,
           const std::string &api);

/// Calls the one function of `module` on `inputs`: inlined into the active
/// tracer (whose context the module shares), or else compiled (once per
/// function text) and run.
std::vector<ndarray> callFunction(mlir::ModuleOp module,
                                  const std::vector<ndarray> &inputs);

} // namespace tnp::detail

#endif // TNP_LIB_GRADIENTS_H
