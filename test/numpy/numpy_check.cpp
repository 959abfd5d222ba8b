//===- numpy_check.cpp - tnp against NumPy, case by case ------------------===//
//
// tnp-numpy-check MANIFEST runs the cases a gen_*.py script wrote: one per
// line, fields separated by tabs:
//
//   name  function  operands  arguments  skip  expectation
//
//   operands     comma-separated: `x.npy` (relative to the manifest),
//                `x.npy@bfloat16` (float32 values converted to bfloat16),
//                or a C++ scalar literal: `int:3`, `float:-1.5`, `float:nan`,
//                `bool:1`, `complex:1:-2` (weak, as a literal in C++ code),
//                or a pattern tnp generates (`pattern:fill:0.1:float32:8x4`,
//                see pattern())
//   arguments    `k=v;k=v`, see registry.cpp; `tol=transcendental` picks that
//                column of the tolerance table; `values=0` compares only
//                shape and dtype (np.empty); `exact=e.npy` (the exact
//                values) makes it a summation case (compareSums)
//   skip         empty; why the case is not run (a known difference from
//                NumPy); or `expected failure: <tnp bug>`: run, and skipped
//                while it fails, failed (XPASS) once it passes
//   expectation  `out:y.npy[,z.npy...]` (with `@bfloat16` as for operands),
//                or `raises:ValueError:substring of the message`
//
// It prints each failure and the line "N passed, M failed[, K skipped]", and
// exits non-zero iff a case failed.
//
// tnp-numpy-check --trace MANIFEST runs each case's call inside tnp::trace
// (its operands as the traced function's arguments, C++ literals static) and
// compares as above. Cases NumPy raises on are skipped: a trace checks
// shapes and dtypes, not values. A case with the argument `traced=0` needs
// values (a bool mask index) and must raise ConcretizationTypeError.
//
// tnp-numpy-check --tape MANIFEST runs each case eagerly while a persistent
// GradientTape watches its float operands: recording must not change a
// result or an error.
//
// tnp-numpy-check --gpu [--trace|--tape] MANIFEST runs the same calls on
// GPU:0 (under a device_scope: operands made on the CPU are copied there,
// results live there and are read back to compare), against the same NumPy
// answers. Without a GPU it prints "skipped: no GPU" and passes.
//
// tnp-numpy-check --gpu-compile [--trace|--tape] MANIFEST does the same on
// the fake driver of test/gpu/fake, which runs no kernel: a case whose call
// fails only at a kernel launch (CUDA_ERROR_NOT_SUPPORTED) compiled every
// kernel it needed for the GPU, and counts as compiled. Any other failure
// (a pipeline error, a crash) fails, on any machine.
//
// tnp-numpy-check --accuracy MANIFEST measures transcendental accuracy: each
// line is `function dtype inputs reference.npy range known-bug`,
// tab-separated (inputs: x.npy, or x.npy,y.npy for a binary function); it
// prints a Markdown table of the maximum ulp error per line, and fails if an
// error exceeds the tolerance table (unless the line names a known bug).
//
// tnp-numpy-check --read FILE... prints each .npy header (or the reader's
// error; --read-bad expects only errors), and --roundtrip FILE... rewrites each
// as FILE.copy.npy: the reader's and writer's own tests (npy.test).
//
//===----------------------------------------------------------------------===//

#include "compare.h"
#include "npy.h"
#include "registry.h"

#include <algorithm>
#include <complex>
#include <fstream>
#include <iostream>
#include <limits>
#include <map>
#include <optional>
#include <sstream>

using namespace check;

std::vector<std::string> check::splitString(const std::string &s, char sep,
                                            size_t maxParts) {
  std::vector<std::string> parts;
  size_t begin = 0;
  while (true) {
    size_t end = s.find(sep, begin);
    if (end == std::string::npos ||
        (maxParts && parts.size() + 1 == maxParts)) {
      parts.push_back(s.substr(begin));
      return parts;
    }
    parts.push_back(s.substr(begin, end - begin));
    begin = end + 1;
  }
}

std::string check::shapeString(const std::vector<int64_t> &shape) {
  std::string s = "(";
  for (size_t i = 0; i < shape.size(); ++i)
    s += (i ? "," : "") + std::to_string(shape[i]);
  return s + (shape.size() == 1 ? ",)" : ")");
}

std::string check::directoryOf(const std::string &path) {
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? "." : path.substr(0, slash);
}

namespace {

/// An .npy operand or result: its path, and the dtype it stands for when the
/// file cannot hold it (`@bfloat16`).
struct FileRef {
  std::string path;
  std::string as;
};

/// The FileRef of a manifest token (`a3.npy@bfloat16`), relative to dir.
FileRef fileRef(const std::string &dir, const std::string &token) {
  size_t at = token.find('@');
  FileRef ref{dir + "/" + token.substr(0, at), ""};
  if (at != std::string::npos)
    ref.as = token.substr(at + 1);
  return ref;
}

/// A C++ scalar literal operand (`int:3`), as the checker's source would
/// write it: an int literal is a C++ int where it fits.
std::optional<tnp::ndarray> literal(const std::string &token) {
  auto parts = splitString(token, ':');
  if (parts.size() < 2)
    return std::nullopt;
  const std::string &kind = parts[0], &value = parts[1];
  if (kind == "int") {
    long long v = std::stoll(value);
    if (v >= std::numeric_limits<int>::min() &&
        v <= std::numeric_limits<int>::max())
      return tnp::ndarray(static_cast<int>(v));
    return tnp::ndarray(static_cast<int64_t>(v));
  }
  if (kind == "float")
    return tnp::ndarray(std::stod(value));
  if (kind == "bool")
    return tnp::ndarray(value == "1");
  if (kind == "complex" && parts.size() == 3)
    return tnp::ndarray(
        std::complex<double>(std::stod(value), std::stod(parts[2])));
  return std::nullopt;
}

/// A generated operand (npcase.Pattern), `pattern:KIND:PARAM:DTYPE:DIMS`:
/// `fill` (every element PARAM in DTYPE) or `hash` (element i is
/// ((i * 40503) mod 1024) * 2^-PARAM), DIMS as `4x2500000`. Made once per
/// token: the summation cases share their large operands.
std::optional<tnp::ndarray> pattern(const std::string &token) {
  static std::map<std::string, tnp::ndarray> made;
  auto parts = splitString(token, ':');
  if (parts.size() != 5 || parts[0] != "pattern")
    return std::nullopt;
  if (auto it = made.find(token); it != made.end())
    return it->second;
  tnp::shape_t shape;
  int64_t n = 1;
  for (const std::string &d : splitString(parts[4], 'x')) {
    shape.push_back(std::stoll(d));
    n *= shape.back();
  }
  tnp::dtype dtype = parseDType(parts[3]);
  double param = std::stod(parts[2]);
  tnp::ndarray x;
  if (parts[1] == "fill")
    x = tnp::full(shape, param, dtype);
  else if (parts[1] == "hash")
    x = ((tnp::arange(n) * 40503 % 1024).astype(tnp::float64) *
         std::ldexp(1.0, -static_cast<int>(param)))
            .astype(dtype)
            .reshape(shape);
  else
    throw ManifestError("unknown pattern '" + parts[1] + "'");
  return made[token] = x;
}

/// The Python class an exception is an instance of, most derived first.
bool isInstance(const std::exception &e, const std::string &cls) {
  if (cls == "AxisError")
    return dynamic_cast<const tnp::AxisError *>(&e);
  if (cls == "ValueError")
    return dynamic_cast<const tnp::ValueError *>(&e);
  if (cls == "ConcretizationTypeError")
    return dynamic_cast<const tnp::ConcretizationTypeError *>(&e);
  if (cls == "TypeError")
    return dynamic_cast<const tnp::TypeError *>(&e);
  if (cls == "IndexError")
    return dynamic_cast<const tnp::IndexError *>(&e);
  if (cls == "ZeroDivisionError")
    return dynamic_cast<const tnp::ZeroDivisionError *>(&e);
  if (cls == "NotImplementedError")
    return dynamic_cast<const tnp::NotImplementedError *>(&e);
  if (cls == "CompileError")
    return dynamic_cast<const tnp::CompileError *>(&e);
  if (cls == "Error")
    return dynamic_cast<const tnp::Error *>(&e);
  throw ManifestError("unknown exception class '" + cls + "'");
}

std::string className(const std::exception &e) {
  for (const char *cls : {"AxisError", "ValueError", "ConcretizationTypeError",
                          "TypeError", "IndexError", "ZeroDivisionError",
                          "NotImplementedError", "CompileError", "Error"})
    if (isInstance(e, cls))
      return std::string("tnp::") + cls;
  return "std::exception";
}

/// Ulps of the exact value a sum may be off by, for summation cases: tnp
/// sums in float64 and rounds once (half an ulp); a mean divides that once
/// more, a variance adds the roundings of its deviations and their squares.
constexpr double kSummationUlps = 4;

/// A summation case (argument `exact=`): at least as accurate as NumPy's
/// result, or within kSummationUlps of the exact value. "" if so, else why
/// not.
std::string compareSums(const tnp::ndarray &got, const npy::Array &numpy,
                        const FileRef &exactRef) {
  npy::Array exact = npy::read(exactRef.path);
  tnp::dtype t = got.dtype();
  if (exact.shape != got.shape())
    throw ManifestError("the exact values' shape differs from the result's");
  std::string report;
  int64_t worse = 0;
  for (int64_t i = 0; i < exact.size(); ++i) {
    double g = element(got.data(), t, i).re, e = element(exact, t, i).re,
           n = element(numpy, t, i).re;
    double err = std::fabs(g - e);
    if (g == e ||
        err <= std::max(std::fabs(n - e), kSummationUlps * ulpOf(e, t)))
      continue;
    if (++worse <= 3)
      report += "\n    [" + std::to_string(i) + "] tnp=" + formatValue({g}, t) +
                " numpy=" + formatValue({n}, t) +
                " exact=" + formatValue({e}, t);
  }
  if (!worse)
    return "";
  return std::to_string(worse) + " of " + std::to_string(exact.size()) +
         " elements further from the exact value than numpy's and than " +
         std::to_string(int(kSummationUlps)) + " ulp" + report;
}

/// Compares one result with NumPy's; "" if it matches, else why not.
std::string
compare(const tnp::ndarray &got, const FileRef &ref, const std::string &tolKind,
        bool values, const std::optional<FileRef> &exact,
        const std::vector<std::pair<std::string, tnp::ndarray>> &inputs) {
  npy::Array want = npy::read(ref.path);
  tnp::dtype wantType = dtypeOf(want, ref.as);
  if (got.dtype() != wantType)
    return "dtype: tnp " + std::string(got.dtype().name()) + ", numpy " +
           std::string(wantType.name());
  if (got.shape() != want.shape)
    return "shape: tnp " + shapeString(got.shape()) + ", numpy " +
           shapeString(want.shape);
  if (!values)
    return "";
  if (exact)
    return compareSums(got, want, *exact);
  Tolerance tol = toleranceFor(wantType, tolKind);
  std::string report;
  int64_t mismatches = 0;
  for (int64_t i = 0; i < want.size(); ++i) {
    Element g = element(got.data(), wantType, i),
            w = element(want, wantType, i);
    if (elementsMatch(g, w, wantType, tol))
      continue;
    if (++mismatches > 3)
      continue;
    report += "\n    [" + std::to_string(i) +
              "] tnp=" + formatValue(g, wantType) +
              " numpy=" + formatValue(w, wantType);
    // The operands' elements there, when they have the result's shape.
    for (const auto &[name, in] : inputs)
      if (in.shape() == want.shape)
        report += " " + name + "=" +
                  formatValue(element(in.data(), in.dtype(), i), in.dtype());
  }
  if (!mismatches)
    return "";
  std::ostringstream bound;
  bound << tol.ulps << " ulp, atol " << tol.atol;
  return std::to_string(mismatches) + " of " + std::to_string(want.size()) +
         " elements differ (tolerance " + tolKind + ": " + bound.str() + ")" +
         report;
}

enum class Outcome { Pass, Fail, Skip };

/// The skip field's prefix for a case the generator lists as a known bug.
constexpr const char kExpectedFailure[] = "expected failure: ";

/// How a case's call runs: eagerly, inside tnp::trace, or eagerly under a
/// GradientTape that watches its float operands (recording must not change
/// what eager ops compute).
enum class Mode { Eager, Traced, Taped };

/// Runs `f` eagerly while a tape watches the float operands.
Results runTaped(const Function &f, const Inputs &inputs, const Args &args) {
  tnp::GradientTape tape(/*persistent=*/true);
  for (const tnp::ndarray &in : inputs)
    if (in.dtype().is_floating() && !in.is_weak())
      tape.watch(in);
  return f(inputs, args);
}

/// Runs `f` inside tnp::trace, its operands the traced function's
/// arguments.
Results runTraced(const Function &f, const Inputs &inputs, const Args &args) {
  auto traced = tnp::trace(
      [&](const std::vector<tnp::ndarray> &in) { return f(in, args); });
  return traced(inputs);
}

Outcome runCase(const std::string &dir, const std::string &line, Mode mode,
                bool gpu, std::string &why) {
  auto fields = splitString(line, '\t', 6);
  if (fields.size() != 6)
    throw ManifestError("expected 6 tab-separated fields");
  const std::string &fn = fields[1], &skip = fields[4], &expect = fields[5];
  bool traced = mode == Mode::Traced;
  // A known difference from NumPy is not run; a known tnp bug ("expected
  // failure: ...") is, so that a fix shows (the caller reports XPASS).
  if (!skip.empty() && skip.rfind(kExpectedFailure, 0) != 0) {
    why = skip;
    return Outcome::Skip;
  }
  const Function *f = findFunction(fn);
  if (!f)
    throw ManifestError("unknown function '" + fn + "'");
  Args args(fields[3]);

  Inputs inputs;
  std::vector<std::pair<std::string, tnp::ndarray>> named;
  std::string expectedClass, expectedMessage;
  bool raises = expect.rfind("raises:", 0) == 0;
  if (raises) {
    auto parts = splitString(expect, ':', 3);
    if (parts.size() != 3)
      throw ManifestError("expected raises:Class:message");
    expectedClass = parts[1];
    expectedMessage = parts[2];
  } else if (expect.rfind("out:", 0) != 0) {
    throw ManifestError("expectation must start with out: or raises:");
  }
  if (traced && raises) {
    why = "raises (checked eagerly)";
    return Outcome::Skip;
  }
  if (traced && !args.boolean("traced", true)) {
    raises = true;
    expectedClass = "ConcretizationTypeError";
    expectedMessage = "traced array";
  }

  try {
    for (const std::string &token : splitString(fields[2], ',')) {
      if (token.empty())
        continue;
      if (auto l = literal(token)) {
        inputs.push_back(*l);
        continue;
      }
      if (auto p = pattern(token)) {
        inputs.push_back(*p);
        continue;
      }
      FileRef ref = fileRef(dir, token);
      inputs.push_back(toTnp(npy::read(ref.path), ref.as));
      named.emplace_back(token.substr(0, token.find('.')), inputs.back());
    }
  } catch (const npy::FormatError &e) {
    throw ManifestError(e.what());
  } catch (const std::exception &e) {
    why = std::string("loading the operands threw ") + className(e) + ": " +
          e.what();
    return Outcome::Fail;
  }

  Results results;
  try {
    // Operands made on the CPU: the call copies them to the GPU.
    std::optional<tnp::device_scope> onGpu;
    if (gpu)
      onGpu.emplace("GPU:0");
    results = traced                ? runTraced(*f, inputs, args)
              : mode == Mode::Taped ? runTaped(*f, inputs, args)
                                    : (*f)(inputs, args);
  } catch (const ManifestError &) {
    throw;
  } catch (const std::exception &e) {
    if (!raises) {
      why = "threw " + className(e) + ": " + e.what();
      return Outcome::Fail;
    }
    if (!isInstance(e, expectedClass)) {
      why = "threw " + className(e) + " (\"" + e.what() + "\"), numpy raises " +
            expectedClass;
      return Outcome::Fail;
    }
    if (std::string(e.what()).find(expectedMessage) == std::string::npos) {
      why = "message \"" + std::string(e.what()) + "\" lacks numpy's \"" +
            expectedMessage + "\"";
      return Outcome::Fail;
    }
    return Outcome::Pass;
  }
  if (raises) {
    why = "returned, numpy raises " + expectedClass + ": " + expectedMessage;
    return Outcome::Fail;
  }

  auto outputs = splitString(expect.substr(4), ',');
  if (outputs.size() != results.size()) {
    why = "tnp returned " + std::to_string(results.size()) + " arrays, numpy " +
          std::to_string(outputs.size());
    return Outcome::Fail;
  }
  std::string tolKind = args.has("tol") ? args.str("tol") : "exact";
  for (size_t i = 0; i < outputs.size(); ++i) {
    std::string problem;
    try {
      std::optional<FileRef> exact;
      if (args.has("exact"))
        exact = fileRef(dir, args.str("exact"));
      problem = compare(results[i], fileRef(dir, outputs[i]), tolKind,
                        args.boolean("values", true), exact, named);
    } catch (const npy::FormatError &e) {
      throw ManifestError(e.what());
    }
    if (!problem.empty()) {
      why = (outputs.size() > 1 ? "result " + std::to_string(i) + ": " : "") +
            problem;
      return Outcome::Fail;
    }
  }
  return Outcome::Pass;
}

/// How a manifest's calls are placed: on the CPU, on GPU:0, or on GPU:0 of
/// a driver that runs no kernel (--gpu-compile).
enum class Placement { Cpu, Gpu, GpuCompileOnly };

int runManifest(const std::string &manifest, Mode mode, Placement placement) {
  std::ifstream in(manifest);
  if (!in) {
    std::cerr << "tnp-numpy-check: cannot open " << manifest << "\n";
    return 2;
  }
  std::string dir = directoryOf(manifest), line;
  int passed = 0, failed = 0, skipped = 0, compiled = 0, lineNo = 0;
  bool gpu = placement != Placement::Cpu;
  while (std::getline(in, line)) {
    ++lineNo;
    if (line.empty() || line[0] == '#')
      continue;
    std::string name = line.substr(0, line.find('\t')), why;
    Outcome outcome;
    try {
      outcome = runCase(dir, line, mode, gpu, why);
    } catch (const std::exception &e) {
      // A broken manifest or data file is a failure of the test itself.
      outcome = Outcome::Fail;
      why = manifest + ":" + std::to_string(lineNo) + ": bad case: " + e.what();
    }
    // An expected failure that fails is skipped; one that passes fails, so
    // that its entry in the generator's expected_failures is removed.
    std::string skip = splitString(line, '\t', 6).size() == 6
                           ? splitString(line, '\t', 6)[4]
                           : "";
    if (skip.rfind(kExpectedFailure, 0) == 0) {
      if (outcome == Outcome::Pass) {
        outcome = Outcome::Fail;
        why = "XPASS: passes, but is listed as an " + skip;
      } else if (outcome == Outcome::Fail) {
        outcome = Outcome::Skip;
        why = skip;
      }
    }
    if (placement == Placement::GpuCompileOnly && outcome == Outcome::Fail &&
        why.find("cuLaunchKernel: CUDA_ERROR_NOT_SUPPORTED") !=
            std::string::npos) {
      ++compiled;
      continue;
    }
    switch (outcome) {
    case Outcome::Pass:
      ++passed;
      break;
    case Outcome::Fail:
      ++failed;
      std::cout << "FAIL " << name << ": " << why << "\n";
      break;
    case Outcome::Skip:
      ++skipped;
      std::cout << "SKIP " << name << ": " << why << "\n";
      break;
    }
  }
  std::cout << passed << " passed, " << failed << " failed";
  if (placement == Placement::GpuCompileOnly)
    std::cout << ", " << compiled << " compiled for the GPU";
  if (skipped)
    std::cout << ", " << skipped << " skipped";
  std::cout << "\n";
  return failed ? 1 : 0;
}

/// --read FILE...: each file's header as parsed, or the reader's error;
/// fails if any file is bad (with `expectBad`, --read-bad: if any is good).
int readFiles(const std::vector<std::string> &paths, bool expectBad) {
  int bad = 0;
  for (const std::string &path : paths) {
    try {
      npy::Array a = npy::read(path);
      std::cout << path << ": " << a.descr << " " << shapeString(a.shape) << " "
                << a.size() << " elements\n";
    } catch (const npy::FormatError &e) {
      std::cout << "error: " << e.what() << "\n";
      ++bad;
    }
  }
  if (expectBad)
    return bad == static_cast<int>(paths.size()) ? 0 : 1;
  return bad ? 1 : 0;
}

/// --roundtrip FILE...: reads each file and writes it back as FILE.copy.npy,
/// for gen_npy.py to compare with the original.
int roundTrip(const std::vector<std::string> &paths) {
  for (const std::string &path : paths)
    npy::write(path + ".copy.npy", npy::read(path));
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  try {
    if (argc == 3 && std::string(argv[1]) == "--accuracy")
      return runAccuracy(argv[2]);
    std::string mode = argc > 1 ? argv[1] : "";
    std::vector<std::string> files(argv + std::min(argc, 2), argv + argc);
    if ((mode == "--read" || mode == "--read-bad") && argc > 2)
      return readFiles(files, mode == "--read-bad");
    if (mode == "--roundtrip" && argc > 2)
      return roundTrip(files);
    // --gpu or --gpu-compile before the rest: the same runs on GPU:0.
    Placement placement = Placement::Cpu;
    if ((mode == "--gpu" || mode == "--gpu-compile") && argc > 2) {
      placement = mode == "--gpu" ? Placement::Gpu : Placement::GpuCompileOnly;
      ++argv;
      --argc;
      mode = argv[1];
      if (tnp::config::list_physical_devices("GPU").empty()) {
        std::cout << "skipped: no GPU\n";
        return placement == Placement::Gpu ? 0 : 1;
      }
    }
    if (argc == 2)
      return runManifest(argv[1], Mode::Eager, placement);
    if (argc == 3 && mode == "--trace")
      return runManifest(argv[2], Mode::Traced, placement);
    if (argc == 3 && mode == "--tape")
      return runManifest(argv[2], Mode::Taped, placement);
  } catch (const std::exception &e) {
    std::cerr << "tnp-numpy-check: " << e.what() << "\n";
    return 2;
  }
  std::cerr << "usage: tnp-numpy-check [--gpu|--gpu-compile] [--trace|--tape] "
               "MANIFEST\n"
               "       tnp-numpy-check --accuracy MANIFEST\n"
               "       tnp-numpy-check --read|--read-bad FILE.npy...\n"
               "       tnp-numpy-check --roundtrip FILE.npy...\n";
  return 2;
}
