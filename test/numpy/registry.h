//===- registry.h - the tnp calls the differential tests name ---*- C++ -*-===//
//
// Each manifest case names a function of this registry ("add", "op%",
// "astype", "split", ...), which calls tnp on the case's array operands and
// keyword arguments and returns the results to compare with NumPy's.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_TEST_NUMPY_REGISTRY_H
#define TNP_TEST_NUMPY_REGISTRY_H

#include <tnp/tnp.h>

#include <functional>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace check {

/// A manifest that the checker cannot follow (not a tnp failure).
class ManifestError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// A case's keyword arguments: `axis=1;shape=2,3;dtype=float32`.
class Args {
public:
  Args() = default;
  /// Parses `k=v;k=v` (empty: none).
  explicit Args(const std::string &text);

  bool has(const std::string &key) const { return values.count(key) != 0; }
  const std::string &str(const std::string &key) const;
  int64_t integer(const std::string &key) const;
  int64_t integer(const std::string &key, int64_t otherwise) const;
  std::optional<int64_t> optionalInteger(const std::string &key) const;
  double real(const std::string &key) const;
  bool boolean(const std::string &key, bool otherwise) const;
  /// A comma-separated list of ints; the empty string is the empty list.
  std::vector<int64_t> integers(const std::string &key) const;
  std::optional<tnp::dtype> dtype(const std::string &key) const;

private:
  std::map<std::string, std::string> values;
};

/// tnp's dtype of a NumPy name ("float32", "bool"); ManifestError otherwise.
tnp::dtype parseDType(const std::string &name);

using Inputs = std::vector<tnp::ndarray>;
using Results = std::vector<tnp::ndarray>;
using Function = std::function<Results(const Inputs &, const Args &)>;

/// The function registered under `name`, or null.
const Function *findFunction(const std::string &name);

/// NumPy's `axis` of a reduction: `axis=1` (an int), `axes=0,2` (a tuple;
/// `axes=` is the empty tuple) or neither (None).
tnp::Axis axisOf(const Args &a);

/// Registers the reductions and linalg functions (registry_reductions.cpp).
void addReductionsAndLinalg(std::map<std::string, Function> &table);
/// Registers indexing, its updates and functions (registry_indexing.cpp).
void addIndexing(std::map<std::string, Function> &table);
/// Registers sorting, searching and order statistics (registry_sorting.cpp).
void addSorting(std::map<std::string, Function> &table);

} // namespace check

#endif // TNP_TEST_NUMPY_REGISTRY_H
