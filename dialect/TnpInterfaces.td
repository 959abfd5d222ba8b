//===- TnpInterfaces.td - per-op rule interfaces -----------*- tablegen -*-===//
//
// Each op carries its own rules through these interfaces; passes hold only
// generic drivers. Every op declares its VJP rule (tnp-autodiff) and its
// batching rule (tnp-batch) in TnpBase.td's Tnp_Op; the rules live in
// dialect/ops/*Vjp.cpp and dialect/ops/*Batch.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_INTERFACES_TD
#define TNP_INTERFACES_TD

include "mlir/IR/OpBase.td"

def Tnp_PromotableOpInterface : OpInterface<"PromotableOpInterface"> {
  let cppNamespace = "::mlir::tnp";
  let description = [{
    An op whose operands may arrive with different dtypes (or as weak
    literals) and are promoted to one dtype, as NumPy's ufuncs do. The op names
    its category; the dtype x dtype table lives in DTypeLattice.cpp.
  }];
  let methods = [
    InterfaceMethod<"How the result dtype follows from the promoted dtype.",
      "::mlir::tnp::PromotionCategory", "getPromotionCategory">,
    InterfaceMethod<"The operands that take part in promotion.",
      "::mlir::OperandRange", "getPromotedOperands", (ins), [{}],
      [{ return $_op->getOperands(); }]>,
  ];
  let verify = [{ return ::mlir::tnp::verifyPromotableOp($_op); }];
}

/// Declares getPromotionCategory() for a family member, and the static
/// getCategory() the C++ API reads without an op at hand.
class Tnp_Category<string category> {
  code decl = [{
    static ::mlir::tnp::PromotionCategory getCategory() {
      return ::mlir::tnp::PromotionCategory::}] # category # [{;
    }
    ::mlir::tnp::PromotionCategory getPromotionCategory() {
      return getCategory();
    }
  }];
}

def Tnp_DifferentiableOpInterface : OpInterface<"DifferentiableOpInterface"> {
  let cppNamespace = "::mlir::tnp";
  let description = [{
    The op's reverse-mode rule, used by `tnp-autodiff`. Rules emit tnp ops
    only, so that a gradient can itself be differentiated and batched. The
    driver calls a rule for an op at least one of whose results has a
    cotangent (the others get zeros), with the builder after the forward
    computation; the rule pushes one cotangent per operand, null where the
    operand takes none (integers, indices, predicates, zero derivatives).
    A rule that cannot differentiate its op emits an error and fails.
  }];
  let methods = [
    InterfaceMethod<"Build operand cotangents (null where not differentiable).",
      "::llvm::LogicalResult", "buildVjp",
      (ins "::mlir::OpBuilder &":$b, "::mlir::ValueRange":$resultCotangents,
           "::llvm::SmallVectorImpl<::mlir::Value> &":$operandCotangents)>,
  ];
}

def Tnp_BatchableOpInterface : OpInterface<"BatchableOpInterface"> {
  let cppNamespace = "::mlir::tnp";
  let description = [{
    The op's batching rule, used by `tnp-batch` (vectorized_map, vmap):
    given the op's operands with a batch dimension added to some of them
    (`operandBatchDims`: 0 where batched, none where not; tnp-batch keeps
    batch dimensions in front), build the op over the whole batch and say
    where its results carry the batch (0) or that they do not (none).
    Operands that need no batch stay unbatched where the op allows. A rule
    that cannot batch its op (a pad with a batched padding value) emits an
    error and fails; tnp-batch then reports it, or loops over the batch
    when asked to fall back.
  }];
  let methods = [
    InterfaceMethod<"Build the batched op from batched operands.",
      "::llvm::LogicalResult", "buildBatched",
      (ins "::mlir::OpBuilder &":$b, "::mlir::ValueRange":$operands,
           "::llvm::ArrayRef<std::optional<int64_t>>":$operandBatchDims,
           "::llvm::SmallVectorImpl<::mlir::Value> &":$results,
           "::llvm::SmallVectorImpl<std::optional<int64_t>> &":$resultBatchDims)>,
  ];
}

#endif // TNP_INTERFACES_TD
