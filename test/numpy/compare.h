//===- compare.h - values between .npy and tnp, and tolerances --*- C++ -*-===//
//
// What tnp-numpy-check's modes share: the tolerance table, .npy arrays as
// tnp arrays, elements of either as doubles, and their comparison.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_TEST_NUMPY_COMPARE_H
#define TNP_TEST_NUMPY_COMPARE_H

#include "npy.h"
#include "registry.h"

#include <cstdint>
#include <string>
#include <vector>

namespace check {

/// A bound on |tnp - numpy|: `ulps` units in the last place of NumPy's value
/// (in the result dtype), or `atol` absolutely, whichever is larger.
struct Tolerance {
  double ulps;
  double atol;
};

/// The tolerance table's entry for result dtype t and column `kind`
/// ("exact", "rounding", "transcendental"); ManifestError otherwise.
Tolerance toleranceFor(tnp::dtype t, const std::string &kind);

/// The dtype an .npy array stands for (`as` = "bfloat16": a float32 file
/// standing for bfloat16 values).
tnp::dtype dtypeOf(const npy::Array &a, const std::string &as);
/// The .npy array as a tnp array of that dtype (through tnp::asarray).
tnp::ndarray toTnp(const npy::Array &a, const std::string &as);

/// An element as (re, im) doubles; integers also as their exact bits.
struct Element {
  double re = 0, im = 0;
  uint64_t bits = 0;
};

/// Element i of raw row-major bytes of dtype t.
Element element(const void *data, tnp::dtype t, int64_t i);
/// Element i of an .npy array standing for dtype t (bfloat16 files hold
/// float32 values).
Element element(const npy::Array &a, tnp::dtype t, int64_t i);

/// The spacing of dtype t's values at magnitude |x| (one ulp).
double ulpOf(double x, tnp::dtype t);
/// An element as NumPy would print it, for failure messages.
std::string formatValue(const Element &e, tnp::dtype t);

/// Whether a real part matches: NaN with NaN, infinities and (when exact)
/// zeros' signs exactly, else within `tol` of NumPy's `want` (`scale` is the
/// magnitude ulps are relative to).
bool closeEnough(double got, double want, double scale, tnp::dtype t,
                 const Tolerance &tol);
/// Whether tnp's element matches NumPy's: integers and bool bit for bit,
/// floats and complex parts by closeEnough.
bool elementsMatch(const Element &got, const Element &want, tnp::dtype t,
                   const Tolerance &tol);

/// `s` split at `sep`; with maxParts, the last part keeps the rest.
std::vector<std::string> splitString(const std::string &s, char sep,
                                     size_t maxParts = 0);
/// A shape as NumPy prints it: "(2,3)", "(4,)", "()".
std::string shapeString(const std::vector<int64_t> &shape);
/// The directory of a path ("." if none).
std::string directoryOf(const std::string &path);

/// tnp-numpy-check --accuracy MANIFEST (accuracy.cpp).
int runAccuracy(const std::string &manifest);

} // namespace check

#endif // TNP_TEST_NUMPY_COMPARE_H
