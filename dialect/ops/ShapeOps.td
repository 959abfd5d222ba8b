//===- ShapeOps.td - creation, casts and data movement -----*- tablegen -*-===//
//
// Ops that create arrays, change their dtype, or move elements without
// arithmetic. Ops whose result type follows from operands and attributes
// implement InferTypeOpInterface through the shape rules in ShapeFunctions.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_SHAPE_OPS_TD
#define TNP_SHAPE_OPS_TD

include "dialect/TnpBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"

class Tnp_InferredOp<string mnemonic, list<Trait> traits = []>
    : Tnp_Op<mnemonic, !listconcat(traits,
        [SameOperandsAndResultElementType,
         DeclareOpInterfaceMethods<InferTypeOpInterface>, InferTypeOpAdaptor])>;

def Tnp_ConstantOp : Tnp_Op<"constant", [ConstantLike, Tnp_ZeroDerivative,
    AllTypesMatch<["value", "result"]>]> {
  let summary = "a constant array";
  let description = [{
    A literal from the program. `weak` marks a C++ scalar literal, which takes
    part in promotion as a Python scalar does (`x * 2` keeps `x`'s dtype);
    weak constants are int64, float64 or complex128.
    ```mlir
    %c = tnp.constant dense<[1.0, 2.0]> : tensor<2xf32>
    %two = tnp.constant weak dense<2> : tensor<i64>
    ```
  }];
  let arguments = (ins ElementsAttr:$value, UnitAttr:$weak);
  let results = (outs Tnp_Tensor:$result);
  let assemblyFormat = "(`weak` $weak^)? attr-dict $value";
  let hasFolder = 1;
  let hasVerifier = 1;
}

def Tnp_IotaOp : Tnp_Op<"iota", [Tnp_ZeroDerivative]> {
  let summary = "0, 1, 2, ... along one dimension";
  let description = [{
    Element `[i0, ..., in]` holds `i_dim`.
    ```mlir
    %i = tnp.iota dim = 1 : tensor<2x3xi64>
    ```
  }];
  let arguments = (ins I64Attr:$dimension);
  let results = (outs Tnp_RealTensor:$result);
  let assemblyFormat = "`dim` `=` $dimension attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def Tnp_ConvertOp : Tnp_Op<"convert", [Elementwise,
    SameOperandsAndResultShape]> {
  let summary = "elementwise dtype conversion, as ndarray.astype";
  let description = [{
    Float to integer truncates toward zero; to bool tests `!= 0`; complex to
    real keeps the real part.
    ```mlir
    %y = tnp.convert %x : (tensor<4xf32>) -> tensor<4xi32>
    ```
  }];
  let arguments = (ins Tnp_Tensor:$operand);
  let results = (outs Tnp_Tensor:$result);
  let assemblyFormat = "$operand attr-dict `:` functional-type($operand, $result)";
  let hasFolder = 1;
}

def Tnp_BroadcastInDimOp : Tnp_Op<"broadcast_in_dim",
    [SameOperandsAndResultElementType]> {
  let summary = "broadcast an array to a larger shape";
  let description = [{
    Operand dimension `i` becomes result dimension `dims[i]`; it must be 1 or
    equal to that result dimension. `dims` is strictly increasing, as NumPy's
    broadcasting never permutes axes.
    ```mlir
    %b = tnp.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins Tnp_Tensor:$operand, DenseI64ArrayAttr:$dims);
  let results = (outs Tnp_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `dims` `=` $dims attr-dict `:` functional-type($operand, $result)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Tnp_ReshapeOp : Tnp_Op<"reshape", [SameOperandsAndResultElementType]> {
  let summary = "reinterpret the elements, in row-major order, as a new shape";
  let description = [{
    ```mlir
    %r = tnp.reshape %x : (tensor<6xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins Tnp_Tensor:$operand);
  let results = (outs Tnp_Tensor:$result);
  let assemblyFormat = "$operand attr-dict `:` functional-type($operand, $result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Tnp_TransposeOp : Tnp_InferredOp<"transpose"> {
  let summary = "permute dimensions";
  let description = [{
    Result dimension `i` is operand dimension `permutation[i]`.
    ```mlir
    %t = tnp.transpose %x, permutation = [1, 0] : tensor<2x3xf32> -> tensor<3x2xf32>
    ```
  }];
  let arguments = (ins Tnp_Tensor:$operand, DenseI64ArrayAttr:$permutation);
  let results = (outs Tnp_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `permutation` `=` $permutation attr-dict `:`
      type($operand) `->` type($result)
  }];
  let hasFolder = 1;
}

def Tnp_SliceOp : Tnp_InferredOp<"slice"> {
  let summary = "a strided box of an array";
  let description = [{
    Keeps indices `start[d], start[d] + strides[d], ...` below `limit[d]` of
    each dimension `d`, with `0 <= start <= limit <= size` and `strides >= 1`.
    Negative steps are tnp.reverse followed by a slice.
    ```mlir
    %s = tnp.slice %x, start = [0, 1], limit = [4, 5], strides = [2, 1]
        : tensor<4x6xf32> -> tensor<2x4xf32>
    ```
  }];
  let arguments = (ins Tnp_Tensor:$operand, DenseI64ArrayAttr:$start,
                       DenseI64ArrayAttr:$limit, DenseI64ArrayAttr:$strides);
  let results = (outs Tnp_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `start` `=` $start `,` `limit` `=` $limit `,`
      `strides` `=` $strides attr-dict `:` type($operand) `->` type($result)
  }];
  let hasFolder = 1;
}

def Tnp_ReverseOp : Tnp_InferredOp<"reverse"> {
  let summary = "reverse the order of elements along some dimensions";
  let description = [{
    ```mlir
    %r = tnp.reverse %x, dims = [0] : tensor<4x3xf32> -> tensor<4x3xf32>
    ```
  }];
  let arguments = (ins Tnp_Tensor:$operand, DenseI64ArrayAttr:$dims);
  let results = (outs Tnp_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `dims` `=` $dims attr-dict `:` type($operand) `->` type($result)
  }];
  let hasFolder = 1;
}

def Tnp_ConcatenateOp : Tnp_InferredOp<"concatenate"> {
  let summary = "join arrays along one dimension";
  let description = [{
    Operands have one dtype and rank and agree on every other dimension.
    ```mlir
    %c = tnp.concatenate (%a, %b), dim = 0
        : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<3x3xf32>
    ```
  }];
  let arguments = (ins Variadic<Tnp_Tensor>:$inputs, I64Attr:$dimension);
  let results = (outs Tnp_Tensor:$result);
  let assemblyFormat = [{
    `(` $inputs `)` `,` `dim` `=` $dimension attr-dict `:`
      functional-type($inputs, $result)
  }];
  let hasFolder = 1;
}

def Tnp_PadOp : Tnp_InferredOp<"pad"> {
  let summary = "pad an array with a scalar, at the edges and between elements";
  let description = [{
    Dimension `d` of size `n` becomes `low[d] + n + (n - 1) * interior[d] +
    high[d]`. Negative `low`/`high` remove elements; `interior >= 0`.
    ```mlir
    %p = tnp.pad %x, %zero, low = [1], high = [2], interior = [0]
        : (tensor<3xf32>, tensor<f32>) -> tensor<6xf32>
    ```
  }];
  let arguments = (ins Tnp_Tensor:$operand, Tnp_ScalarTensor:$padding_value,
                       DenseI64ArrayAttr:$low, DenseI64ArrayAttr:$high,
                       DenseI64ArrayAttr:$interior);
  let results = (outs Tnp_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` $padding_value `,` `low` `=` $low `,` `high` `=` $high `,`
      `interior` `=` $interior attr-dict `:`
      functional-type(operands, $result)
  }];
}

#endif // TNP_SHAPE_OPS_TD
