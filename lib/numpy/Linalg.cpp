//===- Linalg.cpp - NumPy's products over tnp.dot_general -----------------===//

#include <tnp/linalg.h>

#include <tnp/creation.h>
#include <tnp/errors.h>
#include <tnp/math.h>

#include "lib/ArrayImpl.h"
#include "lib/Format.h"
#include "lib/Literals.h"
#include "lib/Primitives.h"

#include <algorithm>
#include <cctype>
#include <numeric>
#include <string>

using namespace tnp;
using namespace tnp::detail;

namespace {

ndarray strong(const ndarray &x) {
  return x.is_weak() ? literalAs(x, x.dtype()) : x;
}

/// A shape as NumPy's iterator prints remapped shapes in broadcast errors
/// (convert_shape_to_string): -1 is "newaxis", and leading ones are dropped.
std::string formatRemapped(const shape_t &dims) {
  size_t i = 0;
  while (i < dims.size() && dims[i] < 0)
    ++i;
  if (i == dims.size())
    return "()";
  std::string s = "(" + std::to_string(dims[i++]);
  for (; i < dims.size(); ++i)
    s += dims[i] < 0 ? ",newaxis" : "," + std::to_string(dims[i]);
  return s + (dims.size() == 1 ? ",)" : ")");
}

/// NumPy's iterator error for operands whose remapped shapes do not
/// broadcast; `requested` is appended when the iterator had one.
[[noreturn]] void
throwRemapped(const std::vector<std::pair<shape_t, shape_t>> &operands,
              const std::string &requested = "") {
  std::string msg = "operands could not be broadcast together with remapped "
                    "shapes [original->remapped]: ";
  for (const auto &[original, remapped] : operands)
    msg += formatShape(original) + "->" + formatRemapped(remapped) + " ";
  if (!requested.empty())
    msg += " and requested shape " + requested;
  throw ValueError(msg);
}

/// prim::dotGeneral with the size-1 contracting pairs reshaped away: a sum
/// of one product is that product, and the CPU pipeline cannot yet
/// vectorize a contraction over a static size-1 innermost dimension.
ndarray contract(const ndarray &lhs, const ndarray &rhs,
                 std::vector<int64_t> lhsBatch, std::vector<int64_t> rhsBatch,
                 std::vector<int64_t> lhsContracting,
                 std::vector<int64_t> rhsContracting) {
  std::vector<bool> dropL(lhs.ndim()), dropR(rhs.ndim());
  std::vector<int64_t> lc, rc;
  for (size_t i = 0; i < lhsContracting.size(); ++i) {
    if (lhs.shape()[lhsContracting[i]] == 1) {
      dropL[lhsContracting[i]] = dropR[rhsContracting[i]] = true;
      continue;
    }
    lc.push_back(lhsContracting[i]);
    rc.push_back(rhsContracting[i]);
  }
  // Drops the marked dimensions of x and renumbers `dims` lists to match.
  auto squeeze = [](const ndarray &x, const std::vector<bool> &drop,
                    std::initializer_list<std::vector<int64_t> *> dims) {
    std::vector<int64_t> index(drop.size());
    shape_t shape;
    for (size_t d = 0; d < drop.size(); ++d) {
      index[d] = shape.size();
      if (!drop[d])
        shape.push_back(x.shape()[d]);
    }
    for (std::vector<int64_t> *list : dims)
      for (int64_t &d : *list)
        d = index[d];
    return shape.size() == drop.size() ? x : prim::reshape(x, shape);
  };
  ndarray l = squeeze(lhs, dropL, {&lhsBatch, &lc});
  ndarray r = squeeze(rhs, dropR, {&rhsBatch, &rc});
  return prim::dotGeneral(l, r, lhsBatch, rhsBatch, lc, rc);
}

const char *kMatmulSignature = "(n?,k),(k,m?)->(n?,m?)";

} // namespace

//===----------------------------------------------------------------------===//
// matmul, dot, tensordot, outer
//===----------------------------------------------------------------------===//

ndarray tnp::matmul(const ndarray &a, const ndarray &b) {
  const ndarray *operands[] = {&a, &b};
  for (int i = 0; i < 2; ++i)
    if (operands[i]->ndim() == 0)
      throw ValueError("matmul: Input operand " + std::to_string(i) +
                       " does not have enough dimensions (has 0, gufunc core "
                       "with signature " +
                       kMatmulSignature + " requires 1)");
  bool aVector = a.ndim() == 1, bVector = b.ndim() == 1;
  ndarray x = aVector ? prim::reshape(a, {1, a.shape()[0]}) : a;
  ndarray y = bVector ? prim::reshape(b, {b.shape()[0], 1}) : b;
  const shape_t &xs = x.shape(), &ys = y.shape();
  int64_t n = xs[xs.size() - 2], k = xs.back();
  int64_t k2 = ys[ys.size() - 2], m = ys.back();
  if (k != k2)
    throw ValueError("matmul: Input operand 1 has a mismatch in its core "
                     "dimension 0, with gufunc signature " +
                     std::string(kMatmulSignature) + " (size " +
                     std::to_string(k2) + " is different from " +
                     std::to_string(k) + ")");

  // The loop (batch) dimensions broadcast, trailing-aligned.
  shape_t xb(xs.begin(), xs.end() - 2), yb(ys.begin(), ys.end() - 2);
  size_t nb = std::max(xb.size(), yb.size());
  shape_t batch(nb, 1);
  bool ok = true;
  for (const shape_t *s : {&xb, &yb})
    for (size_t i = 0; i < s->size(); ++i) {
      int64_t &r = batch[nb - s->size() + i];
      int64_t d = (*s)[i];
      if (d == r || d == 1)
        continue;
      if (r != 1)
        ok = false;
      r = d;
    }
  if (!ok) {
    auto remapped = [&](const shape_t &loop) {
      shape_t r(nb - loop.size(), -1);
      r.insert(r.end(), loop.begin(), loop.end());
      r.push_back(-1);
      r.push_back(-1);
      return r;
    };
    shape_t core;
    if (!aVector)
      core.push_back(n);
    if (!bVector)
      core.push_back(m);
    throwRemapped({{a.shape(), remapped(xb)}, {b.shape(), remapped(yb)}},
                  formatRemapped(core));
  }

  ndarray r;
  if (yb.empty()) {
    // b has no batch dimensions: contract it against every matrix of a.
    r = contract(x, y, {}, {}, {int64_t(xs.size()) - 1}, {0});
  } else {
    shape_t xt(batch), yt(batch);
    xt.insert(xt.end(), {n, k});
    yt.insert(yt.end(), {k, m});
    ndarray xf = prim::broadcastTo(x, xt), yf = prim::broadcastTo(y, yt);
    std::vector<int64_t> dims(nb);
    std::iota(dims.begin(), dims.end(), 0);
    r = contract(xf, yf, dims, dims, {int64_t(nb) + 1}, {int64_t(nb)});
  }
  if (aVector || bVector) {
    shape_t shape(batch);
    if (!aVector)
      shape.push_back(n);
    if (!bVector)
      shape.push_back(m);
    r = prim::reshape(r, shape);
  }
  return r;
}

ndarray tnp::dot(const ndarray &a, const ndarray &b) {
  if (a.ndim() == 0 || b.ndim() == 0)
    return multiply(a, b);
  int64_t ka = a.ndim() - 1;
  int64_t kb = b.ndim() == 1 ? 0 : b.ndim() - 2;
  if (a.shape()[ka] != b.shape()[kb])
    throw ValueError(
        "shapes " + formatShape(a.shape()) + " and " + formatShape(b.shape()) +
        " not aligned: " + std::to_string(a.shape()[ka]) + " (dim " +
        std::to_string(ka) + ") != " + std::to_string(b.shape()[kb]) +
        " (dim " + std::to_string(kb) + ")");
  return contract(a, b, {}, {}, {ka}, {kb});
}

ndarray tnp::tensordot(const ndarray &a, const ndarray &b, int64_t axes) {
  std::vector<int64_t> aAxes, bAxes;
  for (int64_t i = 0; i < axes; ++i) {
    aAxes.push_back(i - axes);
    bAxes.push_back(i);
  }
  return tensordot(a, b, {aAxes, bAxes});
}

ndarray tnp::tensordot(
    const ndarray &a, const ndarray &b,
    const std::pair<std::vector<int64_t>, std::vector<int64_t>> &axes) {
  // NumPy's checks, in its order.
  std::vector<int64_t> aAxes = axes.first, bAxes = axes.second;
  int64_t na = a.ndim(), nb = b.ndim();
  bool equal = aAxes.size() == bAxes.size();
  for (size_t i = 0; equal && i < aAxes.size(); ++i) {
    int64_t &p = aAxes[i], &q = bAxes[i];
    if (p < -na || p >= na || q < -nb || q >= nb)
      throw IndexError("tuple index out of range");
    if (p < 0)
      p += na;
    if (q < 0)
      q += nb;
    equal = a.shape()[p] == b.shape()[q];
  }
  if (!equal)
    throw ValueError("shape-mismatch for sum");
  for (const auto *list : {&aAxes, &bAxes}) {
    std::vector<int64_t> sorted(*list);
    std::sort(sorted.begin(), sorted.end());
    if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
      throw ValueError("axes don't match array");
  }
  return contract(strong(a), strong(b), {}, {}, aAxes, bAxes);
}

ndarray tnp::outer(const ndarray &a, const ndarray &b) {
  return multiply(strong(a).reshape({-1, 1}), strong(b).reshape({1, -1}));
}

//===----------------------------------------------------------------------===//
// einsum
//===----------------------------------------------------------------------===//

namespace {

/// One operand of an einsum: its array and a letter per dimension.
struct Term {
  ndarray array;
  std::string labels;
};

/// Parses NumPy's subscripts (its C parser's checks and words) into one label
/// string per operand and the output's.
std::string parseSubscripts(const std::string &subscripts,
                            std::vector<Term> &terms) {
  if (subscripts.find('.') != std::string::npos)
    throw NotImplementedError(
        "tnp.einsum: '...' (ellipsis) subscripts are not supported");
  int count[128] = {};
  size_t pos = 0;
  size_t nop = terms.size();
  for (size_t iop = 0; iop < nop; ++iop) {
    size_t end = subscripts.find_first_of(",-", pos);
    if (end == std::string::npos)
      end = subscripts.size();
    bool comma = end < subscripts.size() && subscripts[end] == ',';
    if (iop == nop - 1 && comma)
      throw ValueError("more operands provided to einstein sum function than "
                       "specified in the subscripts string");
    if (iop < nop - 1 && !comma)
      throw ValueError("fewer operands provided to einstein sum function than "
                       "specified in the subscripts string");
    int64_t ndim = terms[iop].array.ndim();
    std::string &labels = terms[iop].labels;
    for (size_t i = pos; i < end; ++i) {
      unsigned char c = subscripts[i];
      if (c < 128 && std::isalpha(c)) {
        if (static_cast<int64_t>(labels.size()) >= ndim)
          throw ValueError("einstein sum subscripts string contains too many "
                           "subscripts for operand " +
                           std::to_string(iop));
        labels += static_cast<char>(c);
        ++count[c];
      } else if (c != ' ') {
        throw ValueError(std::string("invalid subscript '") +
                         static_cast<char>(c) +
                         "' in einstein sum subscripts string, subscripts "
                         "must be letters");
      }
    }
    if (static_cast<int64_t>(labels.size()) != ndim)
      throw ValueError("operand has more dimensions than subscripts given in "
                       "einstein sum, but no '...' ellipsis provided to "
                       "broadcast the extra dimensions.");
    pos = iop < nop - 1 ? end + 1 : end;
  }

  std::string output;
  if (pos == subscripts.size()) {
    // Implicit output: the letters seen once, in ASCII order.
    for (int c = 0; c < 128; ++c)
      if (count[c] == 1)
        output += static_cast<char>(c);
    return output;
  }
  if (subscripts.compare(pos, 2, "->") != 0)
    throw ValueError("einstein sum subscript string does not contain proper "
                     "'->' output specified");
  for (size_t i = pos + 2; i < subscripts.size(); ++i) {
    unsigned char c = subscripts[i];
    if (c < 128 && std::isalpha(c)) {
      if (subscripts.find(static_cast<char>(c), i + 1) != std::string::npos)
        throw ValueError(std::string("einstein sum subscripts string includes "
                                     "output subscript '") +
                         static_cast<char>(c) + "' multiple times");
      if (count[c] == 0)
        throw ValueError(std::string("einstein sum subscripts string included "
                                     "output subscript '") +
                         static_cast<char>(c) +
                         "' which never appeared in an input");
      output += static_cast<char>(c);
    } else if (c != ' ') {
      throw ValueError(std::string("invalid subscript '") +
                       static_cast<char>(c) +
                       "' in einstein sum subscripts string, subscripts must "
                       "be letters");
    }
  }
  return output;
}

/// Sums `axes` (sorted) out of x, in its dtype (any for bool); size-1 axes
/// are reshaped away, as in contract().
ndarray sumOut(const ndarray &x, const std::vector<int64_t> &axes) {
  shape_t shape;
  std::vector<int64_t> remaining;
  for (size_t d = 0; d < x.shape().size(); ++d) {
    bool summed = std::binary_search(axes.begin(), axes.end(), int64_t(d));
    if (summed && x.shape()[d] == 1)
      continue;
    if (summed)
      remaining.push_back(shape.size());
    shape.push_back(x.shape()[d]);
  }
  ndarray y = shape.size() == x.shape().size() ? x : prim::reshape(x, shape);
  if (remaining.empty())
    return y;
  return prim::reduce(y.dtype().is_bool() ? prim::Reduce::Any
                                          : prim::Reduce::Sum,
                      y, remaining);
}

/// Takes the diagonals of a term's repeated letters ("ii" -> "i"): masks
/// off the elements off the diagonal and sums the second dimension out.
void collapseRepeats(Term &t, bool single, size_t iop) {
  for (size_t p = 0; p < t.labels.size(); ++p) {
    size_t q;
    while ((q = t.labels.find(t.labels[p], p + 1)) != std::string::npos) {
      const shape_t &shape = t.array.shape();
      if (shape[p] != shape[q])
        throw ValueError(
            std::string("dimensions in ") +
            (single ? "single operand" : "operand " + std::to_string(iop)) +
            " for collapsing index '" + t.labels[p] + "' don't match (" +
            std::to_string(shape[p]) + " != " + std::to_string(shape[q]) + ")");
      ndarray onDiagonal =
          equal(prim::iota(shape, p, int64), prim::iota(shape, q, int64));
      ndarray masked =
          t.array.dtype().is_bool()
              ? logical_and(t.array, onDiagonal)
              : where(onDiagonal, t.array, zeros({}, t.array.dtype()));
      t.array = sumOut(masked, {static_cast<int64_t>(q)});
      t.labels.erase(q, 1);
    }
  }
}

/// Transposes x, labelled `labels`, to the order of `output`.
ndarray toOutputOrder(const ndarray &x, const std::string &labels,
                      const std::string &output) {
  std::vector<int64_t> perm;
  for (char c : output)
    perm.push_back(labels.find(c));
  return x.transpose(perm);
}

} // namespace

ndarray tnp::einsum(const std::string &subscripts,
                    const std::vector<ndarray> &operands) {
  if (operands.empty())
    throw ValueError("must specify the einstein sum subscripts string and at "
                     "least one operand");
  std::vector<Term> terms;
  for (const ndarray &o : operands)
    terms.push_back({o, ""});
  std::string output = parseSubscripts(subscripts, terms);
  if (terms.size() > 2)
    throw NotImplementedError("tnp.einsum: only one or two operands are "
                              "supported, got " +
                              std::to_string(terms.size()));

  // Operands take their promoted dtype first, as NumPy's iterator casts.
  if (terms.size() == 2) {
    tnp::dtype t = prim::resultDType(
        prim::Elementwise::Add, {terms[0].array, terms[1].array}, "einsum");
    for (Term &term : terms)
      term.array = prim::convert(term.array, t);
  } else {
    terms[0].array = strong(terms[0].array);
  }
  for (size_t i = 0; i < terms.size(); ++i)
    collapseRepeats(terms[i], terms.size() == 1, i);

  // Each letter's size; size-1 dimensions broadcast, as NumPy's iterator's.
  int64_t size[128];
  std::fill(std::begin(size), std::end(size), -1);
  bool ok = true;
  for (const Term &t : terms)
    for (size_t d = 0; d < t.labels.size(); ++d) {
      int64_t &s = size[static_cast<unsigned char>(t.labels[d])];
      int64_t n = t.array.shape()[d];
      if (s == -1 || s == 1)
        s = n;
      else if (n != 1 && n != s)
        ok = false;
    }
  if (!ok) {
    // The iterator's axes: the output's letters, then the others sorted.
    std::string iter = output;
    for (int c = 0; c < 128; ++c)
      if (size[c] != -1 &&
          output.find(static_cast<char>(c)) == std::string::npos)
        iter += static_cast<char>(c);
    std::vector<std::pair<shape_t, shape_t>> shapes;
    for (const Term &t : terms) {
      shape_t remapped;
      for (char c : iter) {
        size_t d = t.labels.find(c);
        remapped.push_back(d == std::string::npos ? -1 : t.array.shape()[d]);
      }
      shapes.push_back({t.array.shape(), remapped});
    }
    throwRemapped(shapes);
  }
  for (Term &t : terms) {
    shape_t target;
    for (char c : t.labels)
      target.push_back(size[static_cast<unsigned char>(c)]);
    t.array = prim::broadcastTo(t.array, target);
  }

  auto contains = [](const std::string &s, char c) {
    return s.find(c) != std::string::npos;
  };
  // Sum out the letters only one operand has that the output lacks.
  for (size_t i = 0; i < terms.size(); ++i) {
    Term &t = terms[i];
    const std::string other = terms.size() == 2 ? terms[1 - i].labels : "";
    std::vector<int64_t> axes;
    std::string kept;
    for (size_t d = 0; d < t.labels.size(); ++d) {
      char c = t.labels[d];
      if (!contains(output, c) && !contains(other, c))
        axes.push_back(d);
      else
        kept += c;
    }
    t.array = sumOut(t.array, axes);
    t.labels = kept;
  }
  if (terms.size() == 1)
    return toOutputOrder(terms[0].array, terms[0].labels, output);

  // Shared letters: batch dimensions if in the output, else contracted.
  const Term &l = terms[0], &r = terms[1];
  std::vector<int64_t> lBatch, rBatch, lContract, rContract;
  std::string labels;
  for (size_t d = 0; d < l.labels.size(); ++d) {
    size_t e = r.labels.find(l.labels[d]);
    if (e == std::string::npos)
      continue;
    bool batch = contains(output, l.labels[d]);
    (batch ? lBatch : lContract).push_back(d);
    (batch ? rBatch : rContract).push_back(e);
    if (batch)
      labels += l.labels[d];
  }
  for (char c : l.labels)
    if (!contains(r.labels, c))
      labels += c;
  for (char c : r.labels)
    if (!contains(l.labels, c))
      labels += c;
  ndarray result =
      contract(l.array, r.array, lBatch, rBatch, lContract, rContract);
  return toOutputOrder(result, labels, output);
}
