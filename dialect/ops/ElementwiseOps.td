//===- ElementwiseOps.td - unary, binary, compare, select ---*- tablegen -*-===//
//
// Elementwise ops take operands of one shape (broadcasting is explicit, through
// tnp.broadcast_in_dim) whose dtypes may differ until tnp-promote-types has
// run. Types print as `: T` when operands and result agree, and as a function
// type `: (T0, T1) -> R` otherwise.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_ELEMENTWISE_OPS_TD
#define TNP_ELEMENTWISE_OPS_TD

include "dialect/TnpBase.td"
include "dialect/TnpInterfaces.td"

def Tnp_NumberTensor : RankedTensorOf<[Tnp_Int, Tnp_Float, Tnp_Complex]>;

// Marks the family, whose op list C++ takes from ODS (ElementwiseOpList.h).
def Tnp_ElementwiseFamily : NativeOpTrait<"ElementwiseFamily"> {
  let cppNamespace = "::mlir::tnp";
}

// One batching rule serves the family: batch every operand alike.
class Tnp_ElementwiseOp<string mnemonic, list<Trait> traits = []>
    : Tnp_Op<mnemonic, !listconcat(traits, [Elementwise, Tnp_ElementwiseFamily,
        SameOperandsAndResultShape, Tnp_PromotableOpInterface])> {
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::buildBatched(::mlir::OpBuilder &b,
        ::mlir::ValueRange operands,
        ::llvm::ArrayRef<std::optional<int64_t>> operandBatchDims,
        ::llvm::SmallVectorImpl<::mlir::Value> &results,
        ::llvm::SmallVectorImpl<std::optional<int64_t>> &resultBatchDims) {
      return ::mlir::tnp::batching::batchAlike(getOperation(), b, operands,
          operandBatchDims, results, resultBatchDims);
    }
  }];
}

class Tnp_UnaryOp<string mnemonic, string category,
                  Type operandType = Tnp_Tensor, list<Trait> traits = []>
    : Tnp_ElementwiseOp<mnemonic, traits> {
  let arguments = (ins operandType:$operand);
  let results = (outs Tnp_Tensor:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` custom<ElementwiseTypes>(type($operand), type($result))
  }];
  let extraClassDeclaration = Tnp_Category<category>.decl;
}

class Tnp_BinaryOp<string mnemonic, string category,
                   Type operandType = Tnp_Tensor, list<Trait> traits = []>
    : Tnp_ElementwiseOp<mnemonic, traits> {
  let arguments = (ins operandType:$lhs, operandType:$rhs);
  let results = (outs Tnp_Tensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:`
      custom<ElementwiseTypes>(type($lhs), type($rhs), type($result))
  }];
  let extraClassDeclaration = Tnp_Category<category>.decl;
}

class Tnp_CompareOp<string mnemonic, Type operandType = Tnp_Tensor>
    : Tnp_ElementwiseOp<mnemonic, [Tnp_ZeroDerivative]> {
  let arguments = (ins operandType:$lhs, operandType:$rhs);
  let results = (outs Tnp_BoolTensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:`
      custom<CompareTypes>(type($lhs), type($rhs), type($result))
  }];
  let extraClassDeclaration = Tnp_Category<"BoolResult">.decl;
}

//===----------------------------------------------------------------------===//
// Unary ops.
//===----------------------------------------------------------------------===//

def Tnp_NegOp : Tnp_UnaryOp<"neg", "Same", Tnp_NumberTensor> {
  let summary = "elementwise negation, -x";
  let description = [{
    ```mlir
    %y = tnp.neg %x : tensor<4xf32>
    ```
  }];
  let hasFolder = 1;
}

def Tnp_AbsOp : Tnp_UnaryOp<"abs", "Magnitude"> {
  let summary = "elementwise absolute value (the magnitude for complex)";
  let description = [{
    ```mlir
    %y = tnp.abs %x : tensor<4xi32>
    %m = tnp.abs %z : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
    ```
  }];
}

def Tnp_SignOp : Tnp_UnaryOp<"sign", "Same", Tnp_NumberTensor,
                             [Tnp_ZeroDerivative]> {
  let summary = "elementwise sign: -1, 0 or 1 (NumPy 1.24's rule for complex)";
  let description = [{
    ```mlir
    %y = tnp.sign %x : tensor<4xf64>
    ```
  }];
}

def Tnp_ExpOp : Tnp_UnaryOp<"exp", "InexactResult"> {
  let summary = "elementwise e**x";
  let description = [{
    Integer operands give a float result, as NumPy's ufunc does:
    ```mlir
    %y = tnp.exp %x : tensor<4xf32>
    %z = tnp.exp %i : (tensor<4xi8>) -> tensor<4xf16>
    ```
  }];
}

def Tnp_Expm1Op : Tnp_UnaryOp<"expm1", "InexactResult"> {
  let summary = "elementwise e**x - 1, accurate near zero";
  let description = [{
    ```mlir
    %y = tnp.expm1 %x : tensor<4xf32>
    ```
  }];
}

def Tnp_LogOp : Tnp_UnaryOp<"log", "InexactResult"> {
  let summary = "elementwise natural logarithm";
  let description = [{
    ```mlir
    %y = tnp.log %x : tensor<4xf32>
    ```
  }];
}

def Tnp_Log1pOp : Tnp_UnaryOp<"log1p", "InexactResult"> {
  let summary = "elementwise log(1 + x), accurate near zero";
  let description = [{
    ```mlir
    %y = tnp.log1p %x : tensor<4xf32>
    ```
  }];
}

def Tnp_SqrtOp : Tnp_UnaryOp<"sqrt", "InexactResult"> {
  let summary = "elementwise square root";
  let description = [{
    ```mlir
    %y = tnp.sqrt %x : tensor<4xf32>
    ```
  }];
}

def Tnp_RsqrtOp : Tnp_UnaryOp<"rsqrt", "InexactResult"> {
  let summary = "elementwise reciprocal square root, 1/sqrt(x)";
  let description = [{
    ```mlir
    %y = tnp.rsqrt %x : tensor<4xf32>
    ```
  }];
}

def Tnp_SquareOp : Tnp_UnaryOp<"square", "Numeric"> {
  let summary = "elementwise x*x";
  let description = [{
    Bool operands give int8, as `np.square` does:
    ```mlir
    %y = tnp.square %x : tensor<4xf32>
    ```
  }];
}

def Tnp_TanhOp : Tnp_UnaryOp<"tanh", "InexactResult"> {
  let summary = "elementwise hyperbolic tangent";
  let description = [{
    ```mlir
    %y = tnp.tanh %x : tensor<4xf32>
    ```
  }];
}

def Tnp_LogisticOp : Tnp_UnaryOp<"logistic", "InexactResult"> {
  let summary = "elementwise logistic sigmoid, 1/(1+exp(-x))";
  let description = [{
    ```mlir
    %y = tnp.logistic %x : tensor<4xf32>
    ```
  }];
}

def Tnp_SinOp : Tnp_UnaryOp<"sin", "InexactResult"> {
  let summary = "elementwise sine";
  let description = [{
    ```mlir
    %y = tnp.sin %x : tensor<4xf32>
    ```
  }];
}

def Tnp_CosOp : Tnp_UnaryOp<"cos", "InexactResult"> {
  let summary = "elementwise cosine";
  let description = [{
    ```mlir
    %y = tnp.cos %x : tensor<4xf32>
    ```
  }];
}

def Tnp_TanOp : Tnp_UnaryOp<"tan", "InexactResult"> {
  let summary = "elementwise tangent";
  let description = [{
    ```mlir
    %y = tnp.tan %x : tensor<4xf32>
    ```
  }];
}

def Tnp_AsinOp : Tnp_UnaryOp<"asin", "InexactResult", Tnp_RealTensor> {
  let summary = "elementwise inverse sine (np.arcsin)";
  let description = [{
    ```mlir
    %y = tnp.asin %x : tensor<4xf32>
    ```
  }];
}

def Tnp_AcosOp : Tnp_UnaryOp<"acos", "InexactResult", Tnp_RealTensor> {
  let summary = "elementwise inverse cosine (np.arccos)";
  let description = [{
    ```mlir
    %y = tnp.acos %x : tensor<4xf32>
    ```
  }];
}

def Tnp_AtanOp : Tnp_UnaryOp<"atan", "InexactResult", Tnp_RealTensor> {
  let summary = "elementwise inverse tangent (np.arctan)";
  let description = [{
    ```mlir
    %y = tnp.atan %x : tensor<4xf32>
    ```
  }];
}

def Tnp_SinhOp : Tnp_UnaryOp<"sinh", "InexactResult", Tnp_RealTensor> {
  let summary = "elementwise hyperbolic sine";
  let description = [{
    ```mlir
    %y = tnp.sinh %x : tensor<4xf32>
    ```
  }];
}

def Tnp_CoshOp : Tnp_UnaryOp<"cosh", "InexactResult", Tnp_RealTensor> {
  let summary = "elementwise hyperbolic cosine";
  let description = [{
    ```mlir
    %y = tnp.cosh %x : tensor<4xf32>
    ```
  }];
}

def Tnp_AsinhOp : Tnp_UnaryOp<"asinh", "InexactResult", Tnp_RealTensor> {
  let summary = "elementwise inverse hyperbolic sine (np.arcsinh)";
  let description = [{
    ```mlir
    %y = tnp.asinh %x : tensor<4xf32>
    ```
  }];
}

def Tnp_AcoshOp : Tnp_UnaryOp<"acosh", "InexactResult", Tnp_RealTensor> {
  let summary = "elementwise inverse hyperbolic cosine (np.arccosh)";
  let description = [{
    ```mlir
    %y = tnp.acosh %x : tensor<4xf32>
    ```
  }];
}

def Tnp_AtanhOp : Tnp_UnaryOp<"atanh", "InexactResult", Tnp_RealTensor> {
  let summary = "elementwise inverse hyperbolic tangent (np.arctanh)";
  let description = [{
    ```mlir
    %y = tnp.atanh %x : tensor<4xf32>
    ```
  }];
}

def Tnp_Log2Op : Tnp_UnaryOp<"log2", "InexactResult"> {
  let summary = "elementwise base-2 logarithm";
  let description = [{
    ```mlir
    %y = tnp.log2 %x : tensor<4xf32>
    ```
  }];
}

def Tnp_Log10Op : Tnp_UnaryOp<"log10", "InexactResult"> {
  let summary = "elementwise base-10 logarithm";
  let description = [{
    ```mlir
    %y = tnp.log10 %x : tensor<4xf32>
    ```
  }];
}

def Tnp_Exp2Op : Tnp_UnaryOp<"exp2", "InexactResult"> {
  let summary = "elementwise 2**x";
  let description = [{
    ```mlir
    %y = tnp.exp2 %x : tensor<4xf32>
    ```
  }];
}

def Tnp_CbrtOp : Tnp_UnaryOp<"cbrt", "InexactResult", Tnp_RealTensor> {
  let summary = "elementwise real cube root";
  let description = [{
    ```mlir
    %y = tnp.cbrt %x : tensor<4xf32>
    ```
  }];
}

def Tnp_FloorOp : Tnp_UnaryOp<"floor", "InexactResult", Tnp_RealTensor,
                              [Tnp_ZeroDerivative]> {
  let summary = "elementwise floor";
  let description = [{
    ```mlir
    %y = tnp.floor %x : tensor<4xf32>
    ```
  }];
}

def Tnp_CeilOp : Tnp_UnaryOp<"ceil", "InexactResult", Tnp_RealTensor,
                             [Tnp_ZeroDerivative]> {
  let summary = "elementwise ceiling";
  let description = [{
    ```mlir
    %y = tnp.ceil %x : tensor<4xf32>
    ```
  }];
}

def Tnp_RoundOp : Tnp_UnaryOp<"round", "Same", Tnp_Tensor,
                              [Tnp_ZeroDerivative]> {
  let summary = "elementwise round half to even, as np.round";
  let description = [{
    Integers are returned unchanged; complex numbers round both parts.
    ```mlir
    %y = tnp.round %x : tensor<4xf32>
    ```
  }];
}

def Tnp_NotOp : Tnp_UnaryOp<"not", "Same", Tnp_BoolOrIntTensor,
                            [Tnp_ZeroDerivative]> {
  let summary = "elementwise logical not (bool) or bitwise not (integers)";
  let description = [{
    ```mlir
    %y = tnp.not %x : tensor<4xi1>
    ```
  }];
  let hasFolder = 1;
}

def Tnp_RealOp : Tnp_UnaryOp<"real", "Magnitude"> {
  let summary = "elementwise real part (the operand itself when not complex)";
  let description = [{
    The complex parts are ops because no composition gives them exactly: a
    product by 1j turns an infinite part into NaN.
    ```mlir
    %r = tnp.real %z : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
    ```
  }];
}

def Tnp_ImagOp : Tnp_UnaryOp<"imag", "Magnitude", Tnp_Tensor,
                             [Tnp_ZeroDerivative]> {
  let summary = "elementwise imaginary part (zeros when not complex)";
  let description = [{
    Differentiable inputs are real (complex ones have no cotangent), whose
    imaginary part is the constant 0.
    ```mlir
    %i = tnp.imag %z : (tensor<4xcomplex<f64>>) -> tensor<4xf64>
    ```
  }];
}

def Tnp_ConjOp : Tnp_UnaryOp<"conj", "Same"> {
  let summary = "elementwise complex conjugate (the operand when not complex)";
  let description = [{
    ```mlir
    %c = tnp.conj %z : tensor<4xcomplex<f32>>
    ```
  }];
}

def Tnp_SignbitOp : Tnp_UnaryOp<"signbit", "BoolResult", Tnp_RealTensor,
                                [Tnp_ZeroDerivative]> {
  let summary = "elementwise sign bit: true for negatives, -0.0 and -NaN";
  let description = [{
    An op because comparisons cannot see the sign of -0.0 and -NaN.
    ```mlir
    %s = tnp.signbit %x : (tensor<4xf32>) -> tensor<4xi1>
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Binary ops.
//===----------------------------------------------------------------------===//

def Tnp_AddOp : Tnp_BinaryOp<"add", "Same", Tnp_Tensor, [Commutative]> {
  let summary = "elementwise addition (logical or for bool)";
  let description = [{
    ```mlir
    %z = tnp.add %x, %y : tensor<4xf32>
    %w = tnp.add %a, %b : (tensor<4xi32>, tensor<4xi64>) -> tensor<4xi64>
    ```
  }];
  let hasFolder = 1;
}

def Tnp_SubOp : Tnp_BinaryOp<"sub", "Same", Tnp_Tensor> {
  let summary = "elementwise subtraction";
  let description = [{
    ```mlir
    %z = tnp.sub %x, %y : tensor<4xf32>
    ```
  }];
  let hasFolder = 1;
}

def Tnp_MulOp : Tnp_BinaryOp<"mul", "Same", Tnp_Tensor, [Commutative]> {
  let summary = "elementwise multiplication (logical and for bool)";
  let description = [{
    ```mlir
    %z = tnp.mul %x, %y : tensor<4xf32>
    ```
  }];
  let hasFolder = 1;
}

def Tnp_DivOp : Tnp_BinaryOp<"div", "TrueDivide"> {
  let summary = "elementwise true division, x / y";
  let description = [{
    Integer operands divide as float64, as NumPy's true_divide does:
    ```mlir
    %z = tnp.div %x, %y : tensor<4xf32>
    %q = tnp.div %i, %j : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xf64>
    ```
  }];
}

def Tnp_FloorDivOp : Tnp_BinaryOp<"floor_div", "Numeric", Tnp_RealTensor,
                                 [Tnp_ZeroDerivative]> {
  let summary = "elementwise floor division, x // y";
  let description = [{
    Rounds toward negative infinity; integer division by zero gives 0, as
    NumPy does (with a warning there).
    ```mlir
    %z = tnp.floor_div %x, %y : tensor<4xi32>
    ```
  }];
}

def Tnp_RemOp : Tnp_BinaryOp<"rem", "Numeric", Tnp_RealTensor> {
  let summary = "elementwise remainder with the sign of the divisor, x % y";
  let description = [{
    NumPy's `remainder` (Python's `%`), not C's `fmod`.
    ```mlir
    %z = tnp.rem %x, %y : tensor<4xi32>
    ```
  }];
}

def Tnp_PowOp : Tnp_BinaryOp<"pow", "Numeric"> {
  let summary = "elementwise power, x ** y";
  let description = [{
    ```mlir
    %z = tnp.pow %x, %y : tensor<4xf32>
    ```
  }];
}

def Tnp_MaximumOp : Tnp_BinaryOp<"maximum", "Same", Tnp_Tensor,
                                 [Commutative]> {
  let summary = "elementwise maximum, propagating NaN (complex: NumPy's lexicographic order)";
  let description = [{
    ```mlir
    %z = tnp.maximum %x, %y : tensor<4xf32>
    ```
  }];
}

def Tnp_MinimumOp : Tnp_BinaryOp<"minimum", "Same", Tnp_Tensor,
                                 [Commutative]> {
  let summary = "elementwise minimum, propagating NaN (complex: NumPy's lexicographic order)";
  let description = [{
    ```mlir
    %z = tnp.minimum %x, %y : tensor<4xf32>
    ```
  }];
}

def Tnp_AndOp : Tnp_BinaryOp<"and", "Same", Tnp_BoolOrIntTensor,
                             [Commutative, Tnp_ZeroDerivative]> {
  let summary = "elementwise logical (bool) or bitwise (integers) and";
  let description = [{
    ```mlir
    %z = tnp.and %x, %y : tensor<4xi1>
    ```
  }];
}

def Tnp_OrOp : Tnp_BinaryOp<"or", "Same", Tnp_BoolOrIntTensor,
                            [Commutative, Tnp_ZeroDerivative]> {
  let summary = "elementwise logical (bool) or bitwise (integers) or";
  let description = [{
    ```mlir
    %z = tnp.or %x, %y : tensor<4xi1>
    ```
  }];
}

def Tnp_XorOp : Tnp_BinaryOp<"xor", "Same", Tnp_BoolOrIntTensor,
                             [Commutative, Tnp_ZeroDerivative]> {
  let summary = "elementwise logical (bool) or bitwise (integers) xor";
  let description = [{
    ```mlir
    %z = tnp.xor %x, %y : tensor<4xi32>
    ```
  }];
}

def Tnp_Atan2Op : Tnp_BinaryOp<"atan2", "InexactResult", Tnp_RealTensor> {
  let summary = "elementwise arc tangent of y/x, choosing the quadrant";
  let description = [{
    ```mlir
    %a = tnp.atan2 %y, %x : tensor<4xf32>
    ```
  }];
}

def Tnp_NextafterOp : Tnp_BinaryOp<"nextafter", "InexactResult",
                                   Tnp_RealTensor> {
  let summary = "elementwise next float after x1 towards x2";
  let description = [{
    An op because the step is one unit in the last place of the dtype,
    taken on the float's bits. Its derivative is x1's (the step is
    negligible), none for x2.
    ```mlir
    %n = tnp.nextafter %x, %y : tensor<4xf16>
    ```
  }];
}

def Tnp_GcdOp : Tnp_BinaryOp<"gcd", "Numeric", Tnp_BoolOrIntTensor,
                             [Commutative, Tnp_ZeroDerivative]> {
  let summary = "elementwise greatest common divisor of integers";
  let description = [{
    An op because Euclid's algorithm loops a data-dependent number of times
    (up to 92 for int64): its lowering is a loop per element. The result is
    non-negative, except gcd(min, 0) of a signed dtype, which wraps as in
    NumPy.
    ```mlir
    %g = tnp.gcd %a, %b : tensor<4xi32>
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Compare ops. The result is bool.
//===----------------------------------------------------------------------===//

def Tnp_EqOp : Tnp_CompareOp<"eq"> {
  let summary = "elementwise x == y";
  let description = [{
    ```mlir
    %b = tnp.eq %x, %y : tensor<4xf32>
    ```
    prints the result type only where operand dtypes differ:
    ```mlir
    %c = tnp.eq %i, %f : (tensor<4xi32>, tensor<4xf32>) -> tensor<4xi1>
    ```
  }];
}

def Tnp_NeOp : Tnp_CompareOp<"ne"> {
  let summary = "elementwise x != y";
  let description = [{
    ```mlir
    %b = tnp.ne %x, %y : tensor<4xf32>
    ```
  }];
}

def Tnp_LtOp : Tnp_CompareOp<"lt"> {
  let summary = "elementwise x < y";
  let description = [{
    ```mlir
    %b = tnp.lt %x, %y : tensor<4xf32>
    ```
  }];
}

def Tnp_LeOp : Tnp_CompareOp<"le"> {
  let summary = "elementwise x <= y";
  let description = [{
    ```mlir
    %b = tnp.le %x, %y : tensor<4xf32>
    ```
  }];
}

def Tnp_GtOp : Tnp_CompareOp<"gt"> {
  let summary = "elementwise x > y";
  let description = [{
    ```mlir
    %b = tnp.gt %x, %y : tensor<4xf32>
    ```
  }];
}

def Tnp_GeOp : Tnp_CompareOp<"ge"> {
  let summary = "elementwise x >= y";
  let description = [{
    ```mlir
    %b = tnp.ge %x, %y : tensor<4xf32>
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Select.
//===----------------------------------------------------------------------===//

def Tnp_SelectOp : Tnp_ElementwiseOp<"select"> {
  let summary = "elementwise choice: on_true where pred, else on_false";
  let description = [{
    `np.where(pred, a, b)` with operands already broadcast. The two value
    operands promote like a binary op.
    ```mlir
    %r = tnp.select %p, %a, %b : tensor<4xi1>, tensor<4xf32>
    ```
  }];
  let arguments = (ins Tnp_BoolTensor:$pred, Tnp_Tensor:$on_true,
                       Tnp_Tensor:$on_false);
  let results = (outs Tnp_Tensor:$result);
  let assemblyFormat = [{
    $pred `,` $on_true `,` $on_false attr-dict `:` type($pred) `,`
      custom<ElementwiseTypes>(type($on_true), type($on_false), type($result))
  }];
  let extraClassDeclaration = Tnp_Category<"Same">.decl # [{
    ::mlir::OperandRange getPromotedOperands() {
      return getOperation()->getOperands().drop_front();
    }
  }];
  let hasFolder = 1;
}

#endif // TNP_ELEMENTWISE_OPS_TD
