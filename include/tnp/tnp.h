//===- tnp.h - the NumPy API for C++ ----------------------------*- C++ -*-===//
//
// The umbrella header: `#include <tnp/tnp.h>` and link `tnp`.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_TNP_H
#define TNP_TNP_H

#include <tnp/autodiff.h>
#include <tnp/control_flow.h>
#include <tnp/creation.h>
#include <tnp/device.h>
#include <tnp/dtype.h>
#include <tnp/errors.h>
#include <tnp/indexing.h>
#include <tnp/interop.h>
#include <tnp/io.h>
#include <tnp/linalg.h>
#include <tnp/manipulation.h>
#include <tnp/math.h>
#include <tnp/ndarray.h>
#include <tnp/promotion.h>
#include <tnp/random.h>
#include <tnp/reductions.h>
#include <tnp/sorting.h>
#include <tnp/trace.h>
#include <tnp/vectorize.h>
#include <tnp/version.h>

#endif // TNP_TNP_H
