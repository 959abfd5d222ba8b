//===- ElementwiseOpList.h - the elementwise ops, from ODS ------*- C++ -*-===//
//
// The ops of dialect/ops/ElementwiseOps.td as a type list, filtered from
// ODS's list of every op by their Tnp_ElementwiseFamily trait: code that
// handles each elementwise op (lowering patterns, the eager primitives'
// table) expands or checks this list instead of keeping its own, so a new
// op that one of them forgets fails to compile.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_DIALECT_ELEMENTWISEOPLIST_H
#define TNP_DIALECT_ELEMENTWISEOPLIST_H

#include "dialect/TnpOps.h"

#include <tuple>
#include <type_traits>

namespace mlir::tnp {

namespace detail {
template <typename... Ops>
using ElementwiseOf = decltype(std::tuple_cat(
    std::declval<std::conditional_t<Ops::template hasTrait<ElementwiseFamily>(),
                                    std::tuple<Ops>, std::tuple<>>>()...));
} // namespace detail

/// std::tuple<AbsOp, AddOp, ...>: every elementwise op, in ODS's (name)
/// order.
using ElementwiseOps = detail::ElementwiseOf<
#define GET_OP_LIST
#include "dialect/TnpOps.cpp.inc"
    >;

/// The number of elementwise ops.
constexpr size_t kNumElementwiseOps = std::tuple_size_v<ElementwiseOps>;

} // namespace mlir::tnp

#endif // TNP_DIALECT_ELEMENTWISEOPLIST_H
