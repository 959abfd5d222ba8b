//===- Choosing.cpp - np.select and np.piecewise --------------------------===//
//
// Chains of where, in NumPy's order of precedence: select takes the first
// true condition, piecewise the last. They trace, batch and differentiate
// as where does.
//
//===----------------------------------------------------------------------===//

#include <tnp/math.h>

#include <tnp/creation.h>
#include <tnp/errors.h>
#include <tnp/manipulation.h>
#include <tnp/promotion.h>
#include <tnp/reductions.h>

#include <string>

using namespace tnp;

ndarray tnp::select(const std::vector<ndarray> &condlist,
                    const std::vector<ndarray> &choicelist,
                    const ndarray &default_) {
  if (condlist.size() != choicelist.size())
    throw ValueError("list of cases must be same length as list of conditions");
  if (condlist.empty())
    throw ValueError("select with an empty condition list is not possible");
  for (size_t i = 0; i < condlist.size(); ++i)
    if (!condlist[i].dtype().is_bool())
      throw TypeError("invalid entry " + std::to_string(i) +
                      " in condlist: should be boolean ndarray");
  tnp::dtype t = result_type({choicelist[0]});
  for (const ndarray &choice : choicelist)
    t = result_type({t, choice});
  t = result_type({t, default_});
  ndarray result = default_.astype(t);
  for (size_t i = condlist.size(); i-- > 0;)
    result = where(condlist[i], choicelist[i].astype(t), result);
  return result;
}

ndarray tnp::piecewise(const ndarray &x, const std::vector<ndarray> &condlist,
                       const std::vector<piece> &funclist) {
  size_t n = condlist.size();
  if (funclist.size() != n && funclist.size() != n + 1)
    throw ValueError("with " + std::to_string(n) + " condition(s), either " +
                     std::to_string(n) + " or " + std::to_string(n + 1) +
                     " functions are expected");
  ndarray at = asarray(x);
  std::vector<ndarray> conditions;
  for (const ndarray &c : condlist)
    conditions.push_back(broadcast_to(c.astype(bool_), at.shape()));
  // One more piece than conditions: it holds where none does.
  if (funclist.size() == n + 1) {
    ndarray none = ones(at.shape(), bool_);
    for (const ndarray &c : conditions)
      none = logical_and(none, logical_not(c));
    conditions.push_back(none);
  }
  ndarray y = zeros_like(at);
  for (size_t i = 0; i < conditions.size(); ++i) {
    const piece &p = funclist[i];
    ndarray value = std::holds_alternative<ndarray>(p) ? std::get<ndarray>(p)
                                                       : std::get<1>(p)(at);
    y = where(conditions[i], value.astype(y.dtype()), y);
  }
  return y;
}
