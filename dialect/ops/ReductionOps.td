//===- ReductionOps.td - reduce, argmax/argmin, dot_general -*- tablegen -*-===//

#ifndef TNP_REDUCTION_OPS_TD
#define TNP_REDUCTION_OPS_TD

include "dialect/TnpBase.td"
include "dialect/TnpEnums.td"
include "dialect/TnpInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"

def Tnp_ReduceOp : Tnp_Op<"reduce", [SameOperandsAndResultElementType,
    DeclareOpInterfaceMethods<InferTypeOpInterface>, InferTypeOpAdaptor]> {
  let summary = "reduce over a set of axes";
  let description = [{
    The reduced axes are dropped from the result (keepdims is a reshape).
    `any` and `all` take bool; `sum` and `prod` do not (NumPy's bool sums are
    int64: convert first); `max` and `min` take real dtypes and propagate NaN.
    ```mlir
    %s = tnp.reduce sum %x, axes = [0] : tensor<2x3xf32> -> tensor<3xf32>
    ```
  }];
  let arguments = (ins Tnp_ReduceKindAttr:$kind, Tnp_Tensor:$operand,
                       DenseI64ArrayAttr:$axes);
  let results = (outs Tnp_Tensor:$result);
  let assemblyFormat = [{
    `` $kind $operand `,` `axes` `=` $axes attr-dict `:`
      type($operand) `->` type($result)
  }];
}

def Tnp_ScanOp : Tnp_Op<"scan", [SameOperandsAndResultType]> {
  let summary = "inclusive prefix reduction along one axis (cumsum, cumprod)";
  let description = [{
    `result[..., i, ...]` combines `operand[..., 0..i, ...]` along `axis` by
    `kind`, with the kind and dtype rules of tnp.reduce. Under NumPy's
    nonzero and boolean masks it turns a mask into output positions.
    ```mlir
    %c = tnp.scan sum %x, axis = 1 : tensor<2x3xi64>
    ```
  }];
  let arguments = (ins Tnp_ReduceKindAttr:$kind, Tnp_Tensor:$operand,
                       I64Attr:$axis);
  let results = (outs Tnp_Tensor:$result);
  let assemblyFormat = [{
    `` $kind $operand `,` `axis` `=` $axis attr-dict `:` type($result)
  }];
  let hasVerifier = 1;
}

class Tnp_ArgReduceOp<string mnemonic>
    : Tnp_Op<mnemonic, [Tnp_ZeroDerivative]> {
  let arguments = (ins Tnp_RealTensor:$operand, I64Attr:$axis);
  let results = (outs Tnp_IndexTensor:$result);
  let assemblyFormat = [{
    $operand `,` `axis` `=` $axis attr-dict `:` functional-type($operand, $result)
  }];
  let hasVerifier = 1;
}

def Tnp_ArgmaxOp : Tnp_ArgReduceOp<"argmax"> {
  let summary = "index of the first maximum along an axis (NaN wins)";
  let description = [{
    ```mlir
    %i = tnp.argmax %x, axis = 1 : (tensor<3x4xf32>) -> tensor<3xi64>
    ```
  }];
}

def Tnp_ArgminOp : Tnp_ArgReduceOp<"argmin"> {
  let summary = "index of the first minimum along an axis (NaN wins)";
  let description = [{
    ```mlir
    %i = tnp.argmin %x, axis = 0 : (tensor<3x4xf32>) -> tensor<4xi64>
    ```
  }];
}

def Tnp_DotGeneralOp : Tnp_Op<"dot_general", [Tnp_PromotableOpInterface]> {
  let summary = "batched tensor contraction (matmul, tensordot, einsum)";
  let description = [{
    Contracts `lhs` dimensions `contracting[0]` with `rhs` dimensions
    `contracting[1]`, pairing `batch` dimensions. The result holds the batch
    dimensions, then lhs's free dimensions, then rhs's, each in order.
    ```mlir
    %c = tnp.dot_general %a, %b, batch = [0] x [0], contracting = [2] x [1]
        : (tensor<8x2x3xf32>, tensor<8x3x4xf32>) -> tensor<8x2x4xf32>
    ```
  }];
  let arguments = (ins Tnp_Tensor:$lhs, Tnp_Tensor:$rhs,
                       DenseI64ArrayAttr:$lhs_batch,
                       DenseI64ArrayAttr:$rhs_batch,
                       DenseI64ArrayAttr:$lhs_contracting,
                       DenseI64ArrayAttr:$rhs_contracting);
  let results = (outs Tnp_Tensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` `batch` `=` $lhs_batch `x` $rhs_batch `,`
      `contracting` `=` $lhs_contracting `x` $rhs_contracting attr-dict `:`
      functional-type(operands, $result)
  }];
  let extraClassDeclaration = Tnp_Category<"Same">.decl;
  let hasVerifier = 1;
}

#endif // TNP_REDUCTION_OPS_TD
