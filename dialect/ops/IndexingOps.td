//===- IndexingOps.td - gather and scatter -----------------*- tablegen -*-===//
//
// The two primitives under NumPy's advanced indexing and its updates
// (x.at[i].add(v)) and under the gradients of both. An index tensor of shape
// B x K addresses the K operand dimensions listed in `axes`; the remaining
// operand dimensions are carried whole, after B.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_INDEXING_OPS_TD
#define TNP_INDEXING_OPS_TD

include "dialect/TnpBase.td"
include "dialect/TnpEnums.td"

def Tnp_GatherOp : Tnp_Op<"gather"> {
  let summary = "read the elements an index tensor points at";
  let description = [{
    With `indices : B x K` and `axes` of length K, the result has shape
    `B ++ [operand dims not in axes]` and
    `result[b..., r...] = operand[axes[k] := indices[b..., k], others := r...]`.
    Out-of-range indices are clamped into range, as XLA's gather does; the C++
    API raises IndexError before they get here.
    ```mlir
    %g = tnp.gather %x[%idx], axes = [0]
        : (tensor<5x3xf32>, tensor<4x1xi64>) -> tensor<4x3xf32>
    ```
  }];
  let arguments = (ins Tnp_Tensor:$operand, Tnp_IndexTensor:$indices,
                       DenseI64ArrayAttr:$axes);
  let results = (outs Tnp_Tensor:$result);
  let assemblyFormat = [{
    $operand `[` $indices `]` `,` `axes` `=` $axes attr-dict `:`
      functional-type(operands, $result)
  }];
  let hasVerifier = 1;
}

def Tnp_ScatterOp : Tnp_Op<"scatter"> {
  let summary = "combine updates into the elements an index tensor points at";
  let description = [{
    The inverse of tnp.gather with the same `indices` and `axes`: `updates`
    has the shape tnp.gather would return, and each update is combined into
    its element of a copy of `operand` by `kind` (`set`, `add`, `mul`, `min`,
    `max`). Repeated indices accumulate for add/mul/min/max; for `set` one of
    them wins, unspecified which (JAX's `.at[].set` semantics). Out-of-range
    updates are dropped.
    ```mlir
    %s = tnp.scatter add %x[%idx], %upd, axes = [0]
        : (tensor<5x3xf32>, tensor<4x1xi64>, tensor<4x3xf32>) -> tensor<5x3xf32>
    ```
  }];
  let arguments = (ins Tnp_ScatterKindAttr:$kind, Tnp_Tensor:$operand,
                       Tnp_IndexTensor:$indices, Tnp_Tensor:$updates,
                       DenseI64ArrayAttr:$axes);
  let results = (outs Tnp_Tensor:$result);
  let assemblyFormat = [{
    `` $kind $operand `[` $indices `]` `,` $updates `,` `axes` `=` $axes attr-dict
      `:` functional-type(operands, $result)
  }];
  let hasVerifier = 1;
}

#endif // TNP_INDEXING_OPS_TD
