//===- TnpEnums.td - enum attributes of the tnp dialect ----*- tablegen -*-===//

#ifndef TNP_ENUMS_TD
#define TNP_ENUMS_TD

include "dialect/TnpBase.td"

def Tnp_ReduceKind : I32EnumAttr<"ReduceKind", "how tnp.reduce combines", [
    I32EnumAttrCase<"Sum", 0, "sum">, I32EnumAttrCase<"Prod", 1, "prod">,
    I32EnumAttrCase<"Max", 2, "max">, I32EnumAttrCase<"Min", 3, "min">,
    I32EnumAttrCase<"Any", 4, "any">, I32EnumAttrCase<"All", 5, "all">]> {
  let cppNamespace = "::mlir::tnp";
  let genSpecializedAttr = 0;
}
def Tnp_ReduceKindAttr : EnumAttr<Tnp_Dialect, Tnp_ReduceKind, "reduce_kind">;

def Tnp_ScatterKind : I32EnumAttr<"ScatterKind", "how tnp.scatter updates", [
    I32EnumAttrCase<"Set", 0, "set">, I32EnumAttrCase<"Add", 1, "add">,
    I32EnumAttrCase<"Mul", 2, "mul">, I32EnumAttrCase<"Min", 3, "min">,
    I32EnumAttrCase<"Max", 4, "max">]> {
  let cppNamespace = "::mlir::tnp";
  let genSpecializedAttr = 0;
}
def Tnp_ScatterKindAttr : EnumAttr<Tnp_Dialect, Tnp_ScatterKind, "scatter_kind">;

def Tnp_PromotionMode : I32EnumAttr<"PromotionMode",
    "the type promotion rules of a trace", [
    I32EnumAttrCase<"Strict", 0, "strict">, I32EnumAttrCase<"Numpy", 1, "numpy">,
    I32EnumAttrCase<"All", 2, "all">, I32EnumAttrCase<"Safe", 3, "safe">]> {
  let cppNamespace = "::mlir::tnp";
  let genSpecializedAttr = 0;
}
// Set on a func or module (`tnp.promotion = #tnp.promotion<all>`) by the
// tracer; tnp-promote-types reads it. Absent means numpy.
def Tnp_PromotionModeAttr : EnumAttr<Tnp_Dialect, Tnp_PromotionMode, "promotion"> {
  let assemblyFormat = "`<` $value `>`";
}

// What a weak tnp.constant folds to: its value, marked, so that the folder
// neither merges it with an equal non-weak constant nor folds arithmetic on
// it before tnp-promote-types has given it a dtype.
def Tnp_WeakAttr : AttrDef<Tnp_Dialect, "Weak"> {
  let mnemonic = "weak";
  let summary = "the value of a weak (C++ scalar) literal";
  let parameters = (ins "::mlir::ElementsAttr":$value);
  let assemblyFormat = "`<` $value `>`";
}

#endif // TNP_ENUMS_TD
