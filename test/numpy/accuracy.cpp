//===- accuracy.cpp - tnp-numpy-check --accuracy --------------------------===//
//
// Measures transcendental accuracy against NumPy: each manifest line
// (gen_accuracy.py) names a function, a dtype, its operands and NumPy's
// results; one Markdown row per line reports the largest error in ulps and
// absolutely (docs/accuracy.md holds the table).
//
//===----------------------------------------------------------------------===//

#include "compare.h"

#include <cmath>
#include <fstream>
#include <iostream>
#include <limits>
#include <sstream>

using namespace check;

int check::runAccuracy(const std::string &manifest) {
  std::ifstream in(manifest);
  if (!in) {
    std::cerr << "tnp-numpy-check: cannot open " << manifest << "\n";
    return 2;
  }
  std::string dir = directoryOf(manifest), line;
  int failed = 0;
  std::cout << "| function | dtype | inputs | points | max ulp | at x | "
               "max abs error | tolerance |\n"
               "|---|---|---|---|---|---|---|---|\n";
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#')
      continue;
    auto fields = splitString(line, '\t', 6);
    if (fields.size() != 6) {
      std::cerr << "bad accuracy line: " << line << "\n";
      return 2;
    }
    const Function *f = findFunction(fields[0]);
    if (!f) {
      std::cerr << "unknown function " << fields[0] << "\n";
      return 2;
    }
    tnp::dtype t = parseDType(fields[1]);
    // One operand, or two (comma-separated: arctan2, power); the row
    // reports the first operand's value at the worst error.
    Inputs operands;
    std::vector<npy::Array> xs;
    for (const std::string &file : splitString(fields[2], ',')) {
      xs.push_back(npy::read(dir + "/" + file));
      operands.push_back(toTnp(xs.back(), ""));
    }
    const npy::Array &x = xs.front();
    npy::Array want = npy::read(dir + "/" + fields[3]);
    tnp::ndarray got = (*f)(operands, Args())[0];
    Tolerance tol = toleranceFor(t, "transcendental");
    double maxUlp = 0, maxAbs = 0, worstX = 0;
    int64_t bad = 0;
    for (int64_t i = 0; i < want.size(); ++i) {
      double g = element(got.data(), t, i).re, w = element(want, t, i).re;
      if (!closeEnough(g, w, w, t, tol))
        ++bad;
      if (std::isnan(g) != std::isnan(w) || std::isinf(g) || std::isinf(w)) {
        if (!(g == w || (std::isnan(g) && std::isnan(w)))) {
          maxUlp = std::numeric_limits<double>::infinity();
          worstX = element(x, t, i).re;
        }
        continue;
      }
      if (std::isnan(w))
        continue;
      double ulps = std::fabs(g - w) / ulpOf(w, t);
      maxAbs = std::max(maxAbs, std::fabs(g - w));
      if (ulps > maxUlp) {
        maxUlp = ulps;
        worstX = element(x, t, i).re;
      }
    }
    std::ostringstream row;
    row.precision(t == tnp::float64 ? 17 : 9);
    row << "| " << fields[0] << " | " << fields[1] << " | " << fields[4]
        << " | " << want.size() << " | ";
    row.precision(3);
    row << maxUlp << " | ";
    row.precision(t == tnp::float64 ? 17 : 9);
    row << worstX << " | ";
    row.precision(3);
    row << maxAbs << " | " << tol.ulps << " ulp";
    if (tol.atol)
      row << " or " << tol.atol;
    // A known bug (the sixth field) is reported, not failed; a known bug
    // that no longer shows fails, so that its entry is removed.
    bool known = !fields[5].empty();
    if (bad)
      row << " **(" << bad << " over"
          << (known ? "; known bug: " + fields[5] : "") << ")**";
    else if (known)
      row << " **(XPASS: within the tolerance, but listed as a known bug)**";
    row << " |\n";
    std::cout << row.str();
    failed += (bad != 0) != known;
  }
  if (failed)
    std::cerr << failed << " row(s) exceed the tolerance table (or pass as "
              << "a known bug)\n";
  return failed ? 1 : 0;
}
