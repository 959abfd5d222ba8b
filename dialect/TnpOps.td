//===- TnpOps.td - all tnp ops ------------------------------*- tablegen -*-===//

#ifndef TNP_OPS_TD
#define TNP_OPS_TD

include "dialect/ops/ElementwiseOps.td"
include "dialect/ops/ShapeOps.td"
include "dialect/ops/ReductionOps.td"
include "dialect/ops/IndexingOps.td"
include "dialect/ops/RandomOps.td"
include "dialect/ops/SortOps.td"

#endif // TNP_OPS_TD
