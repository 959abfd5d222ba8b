//===- TnpBase.td - tnp dialect, dtypes and op base classes -*- tablegen -*-===//
//
// The dialect definition, the NumPy dtypes as builtin element types, and the
// base class every tnp op derives from.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_BASE_TD
#define TNP_BASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "dialect/TnpInterfaces.td"

def Tnp_Dialect : Dialect {
  let name = "tnp";
  let cppNamespace = "::mlir::tnp";
  let summary = "NumPy's primitives on builtin tensors";
  let description = [{
    The `tnp` dialect holds a small set of array primitives (in the spirit of
    `jax.lax`) over builtin ranked tensors of NumPy's dtypes. NumPy's functions
    are composed from these primitives in the C++ library. Ops may be recorded
    with operands of different dtypes; `tnp-promote-types` makes every cast
    explicit before lowering.
  }];
  let hasConstantMaterializer = 1;
  let useDefaultAttributePrinterParser = 1;
}

//===----------------------------------------------------------------------===//
// DTypes. NumPy's dtypes map to builtin types as StableHLO maps them: signless
// integers are signed (int8 is i8), unsigned ones are ui8..ui64, bool is i1.
//===----------------------------------------------------------------------===//

def Tnp_Bool : TypeAlias<I1, "bool">;
def Tnp_SInt : AnyTypeOf<[I8, I16, I32, I64], "int">;
def Tnp_UInt : AnyTypeOf<[UI8, UI16, UI32, UI64], "uint">;
def Tnp_Int : AnyTypeOf<[Tnp_SInt, Tnp_UInt], "integer">;
def Tnp_Float : AnyTypeOf<[F16, BF16, F32, F64], "float">;
def Tnp_Complex : AnyTypeOf<[Complex<F32>, Complex<F64>], "complex">;
def Tnp_DType : AnyTypeOf<[Tnp_Bool, Tnp_Int, Tnp_Float, Tnp_Complex],
                          "NumPy dtype">;
def Tnp_BoolOrInt : AnyTypeOf<[Tnp_Bool, Tnp_Int], "bool or integer">;
def Tnp_Real : AnyTypeOf<[Tnp_Bool, Tnp_Int, Tnp_Float], "real">;

def Tnp_Tensor : RankedTensorOf<[Tnp_DType]>;
def Tnp_BoolTensor : RankedTensorOf<[Tnp_Bool]>;
def Tnp_BoolOrIntTensor : RankedTensorOf<[Tnp_BoolOrInt]>;
def Tnp_RealTensor : RankedTensorOf<[Tnp_Real]>;
def Tnp_IndexTensor : RankedTensorOf<[I32, I64]>;
def Tnp_ScalarTensor : 0DTensorOf<[Tnp_DType]>;
def Tnp_KeyTensor : RankedTensorOf<[UI32]>;
def Tnp_BitsTensor : RankedTensorOf<[UI32, UI64]>;

//===----------------------------------------------------------------------===//
// Base op class.
//===----------------------------------------------------------------------===//

// An op whose derivative is zero wherever it exists (integer, bool or
// piecewise-constant results) lists this trait: it gives the op its one
// reverse-mode rule, no cotangent for any operand (dialect/TnpTraits.h).
class Tnp_ZeroDerivativeTrait : NativeOpTrait<"ZeroDerivative"> {
  let cppNamespace = "::mlir::tnp";
}
def Tnp_ZeroDerivative : Tnp_ZeroDerivativeTrait;

// Every op states its reverse-mode rule (Tnp_ZeroDerivative where it is not
// differentiable) and its batching rule: a missing one is a link error,
// never a silent zero or a silent loop.
class Tnp_Op<string mnemonic, list<Trait> traits = []>
    : Op<Tnp_Dialect, mnemonic, !listconcat(traits,
        [Pure,
         !if(!empty(!filter(t, traits, !isa<Tnp_ZeroDerivativeTrait>(t))),
             DeclareOpInterfaceMethods<Tnp_DifferentiableOpInterface>,
             Tnp_DifferentiableOpInterface),
         DeclareOpInterfaceMethods<Tnp_BatchableOpInterface>])>;

#endif // TNP_BASE_TD
