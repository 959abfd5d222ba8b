//===- SortOps.td - stable sorting -------------------------*- tablegen -*-===//

#ifndef TNP_SORT_OPS_TD
#define TNP_SORT_OPS_TD

include "dialect/TnpBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"

def Tnp_SortOp : Tnp_Op<"sort", [
    DeclareOpInterfaceMethods<InferTypeOpInterface>, InferTypeOpAdaptor]> {
  let summary = "stable sort along an axis, other operands permuted alike";
  let description = [{
    Sorts `operands[0]` along `axis`, stably and in NumPy's order (NaNs
    last, -0.0 equal to 0.0, complex numbers by real then imaginary part),
    and applies the same permutation to every other operand (all of one
    shape): result i is operand i permuted. With `indices`, one more result
    holds the permutation itself (int64: where each sorted element came
    from). One op serves np.sort, np.argsort (`indices`) and key/value
    sorts. A
    sort is a primitive, not a composition, because no composition of the
    other ops sorts in O(n log n); it lowers to a runtime radix sort per row
    (runtime/Sort.h).
    ```mlir
    %s = tnp.sort(%x) axis = 0 : tensor<5xf32>
    %k, %v = tnp.sort(%x, %y) axis = 1 : tensor<3x4xf32>, tensor<3x4xi8>
    %s2, %p = tnp.sort(%x) axis = 0 indices : tensor<5xf32>
    ```
  }];
  let arguments = (ins Variadic<Tnp_Tensor>:$operands, I64Attr:$axis,
                       UnitAttr:$indices);
  let results = (outs Variadic<Tnp_Tensor>:$results);
  let assemblyFormat = [{
    `(` $operands `)` `axis` `=` $axis (`indices` $indices^)? attr-dict `:`
      type($operands)
  }];
  let hasVerifier = 1;
}

#endif // TNP_SORT_OPS_TD
