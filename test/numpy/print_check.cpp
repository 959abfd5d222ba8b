//===- print_check.cpp - tnp's repr and str against NumPy's ---------------===//
//
// Reads the cases print_cases.py writes (one JSON object a line), builds each
// array with tnp::asarray (float16 and bfloat16 through astype from exact
// float32 values), and compares tnp::repr, tnp::str and operator<< with what
// NumPy printed. Prints every mismatch and "N passed, M failed"; exits 1 on
// any failure. An array that astype gets wrong is noted and printed from its
// exact bytes instead, so conversion bugs do not pass for printing ones.
//
//===----------------------------------------------------------------------===//

#include <tnp/tnp.h>

#include "lib/ArrayImpl.h"

#include "llvm/Support/JSON.h"

#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace {

std::vector<uint8_t> fromHex(llvm::StringRef hex) {
  std::vector<uint8_t> bytes(hex.size() / 2);
  for (size_t i = 0; i < bytes.size(); ++i)
    bytes[i] = std::stoi(hex.substr(2 * i, 2).str(), nullptr, 16);
  return bytes;
}

template <typename T>
tnp::ndarray build(const std::vector<uint8_t> &bytes,
                   const tnp::shape_t &shape) {
  std::vector<T> values(bytes.size() / sizeof(T));
  if (!values.empty())
    std::memcpy(values.data(), bytes.data(), bytes.size());
  return tnp::asarray(values.data(), shape);
}

tnp::ndarray buildBool(const std::vector<uint8_t> &bytes,
                       const tnp::shape_t &shape) {
  std::unique_ptr<bool[]> values(new bool[bytes.size() + 1]);
  for (size_t i = 0; i < bytes.size(); ++i)
    values[i] = bytes[i] != 0;
  return tnp::asarray(values.get(), shape);
}

tnp::ndarray build(const std::string &dtype, const std::vector<uint8_t> &data,
                   const std::vector<uint8_t> &src, const tnp::shape_t &shape) {
  if (dtype == "bool")
    return buildBool(data, shape);
  if (dtype == "int8")
    return build<int8_t>(data, shape);
  if (dtype == "uint8")
    return build<uint8_t>(data, shape);
  if (dtype == "int16")
    return build<int16_t>(data, shape);
  if (dtype == "uint16")
    return build<uint16_t>(data, shape);
  if (dtype == "int32")
    return build<int32_t>(data, shape);
  if (dtype == "uint32")
    return build<uint32_t>(data, shape);
  if (dtype == "int64")
    return build<int64_t>(data, shape);
  if (dtype == "uint64")
    return build<uint64_t>(data, shape);
  if (dtype == "float16")
    return build<float>(src, shape).astype(tnp::float16);
  if (dtype == "bfloat16")
    return build<float>(src, shape).astype(tnp::bfloat16);
  if (dtype == "float32")
    return build<float>(data, shape);
  if (dtype == "float64")
    return build<double>(data, shape);
  if (dtype == "complex64")
    return build<std::complex<float>>(data, shape);
  if (dtype == "complex128")
    return build<std::complex<double>>(data, shape);
  throw std::runtime_error("unknown dtype " + dtype);
}

/// Whether the 16-bit float bits are a NaN (payloads may differ through
/// astype; they all print "nan").
bool isHalfNan(uint16_t bits, const std::string &dtype) {
  if (dtype == "float16")
    return (bits & 0x7c00) == 0x7c00 && (bits & 0x3ff);
  return (bits & 0x7f80) == 0x7f80 && (bits & 0x7f);
}

/// Empty when the array holds exactly the expected bytes.
std::string checkBytes(const tnp::ndarray &a, const std::string &dtype,
                       const std::vector<uint8_t> &want) {
  size_t n = a.size() * a.dtype().itemsize();
  if (n != want.size())
    return "size " + std::to_string(n) + " bytes, want " +
           std::to_string(want.size());
  const auto *got = static_cast<const uint8_t *>(a.data());
  bool half = dtype == "float16" || dtype == "bfloat16";
  for (size_t i = 0; i < n; i += half ? 2 : 1) {
    if (!half) {
      if (got[i] != want[i])
        return "byte " + std::to_string(i) + " differs";
      continue;
    }
    uint16_t g = got[i] | got[i + 1] << 8, w = want[i] | want[i + 1] << 8;
    if (g != w && !(isHalfNan(g, dtype) && isHalfNan(w, dtype)))
      return "element " + std::to_string(i / 2) + " has bits " +
             std::to_string(g) + ", want " + std::to_string(w);
  }
  return "";
}

/// The array holding exactly `data`, past the conversion under test.
tnp::ndarray fromBytes(tnp::dtype dtype, const std::vector<uint8_t> &data,
                       const tnp::shape_t &shape) {
  auto impl = tnp::detail::allocateArray(shape, dtype);
  if (!data.empty())
    std::memcpy(impl->mutableData(), data.data(), data.size());
  return tnp::ndarray(std::move(impl));
}

void report(int line, const std::string &what, const std::string &dtype,
            const std::string &shape, const std::string &want,
            const std::string &got) {
  std::cout << "FAIL case " << line << " (" << dtype << ", shape " << shape
            << "): " << what << "\n--- numpy\n"
            << want << "\n--- tnp\n"
            << got << "\n";
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 2) {
    std::cerr << "usage: tnp-print-check CASES\n";
    return 2;
  }
  std::ifstream in(argv[1]);
  if (!in) {
    std::cerr << "tnp-print-check: cannot open " << argv[1] << "\n";
    return 2;
  }
  int passed = 0, failed = 0, rebuilt = 0, lineNo = 0;
  std::string line;
  while (std::getline(in, line)) {
    ++lineNo;
    llvm::Expected<llvm::json::Value> parsed = llvm::json::parse(line);
    const llvm::json::Object *c = parsed ? parsed->getAsObject() : nullptr;
    if (!c) {
      if (!parsed)
        llvm::consumeError(parsed.takeError());
      std::cout << "FAIL case " << lineNo << ": unreadable line\n";
      ++failed;
      continue;
    }
    std::string dtype = c->getString("dtype").value_or("").str();
    tnp::shape_t shape;
    std::string shapeText = "(";
    for (const llvm::json::Value &d : *c->getArray("shape")) {
      shape.push_back(*d.getAsInteger());
      shapeText += std::to_string(shape.back()) + ",";
    }
    shapeText += ")";
    auto data = fromHex(c->getString("data").value_or(""));
    auto src = fromHex(c->getString("src").value_or(""));
    std::string wantRepr = c->getString("repr").value_or("").str();
    std::string wantStr = c->getString("str").value_or("").str();

    bool ok = true;
    try {
      tnp::ndarray a = build(dtype, data, src, shape);
      std::string bad = checkBytes(a, dtype, data);
      if (!bad.empty()) {
        // A conversion bug, not a printing one: note it and print the
        // intended values.
        std::cout << "NOTE case " << lineNo << " (" << dtype << ", shape "
                  << shapeText << "): astype built a different array (" << bad
                  << "); checking the exact bytes instead\n";
        ++rebuilt;
        a = fromBytes(a.dtype(), data, shape);
      }
      std::string gotRepr = tnp::repr(a), gotStr = tnp::str(a);
      std::ostringstream os;
      os << a;
      if (gotRepr != wantRepr) {
        report(lineNo, "repr", dtype, shapeText, wantRepr, gotRepr);
        ok = false;
      }
      if (gotStr != wantStr) {
        report(lineNo, "str", dtype, shapeText, wantStr, gotStr);
        ok = false;
      }
      if (os.str() != gotStr) {
        report(lineNo, "operator<< is not str", dtype, shapeText, gotStr,
               os.str());
        ok = false;
      }
    } catch (const std::exception &e) {
      report(lineNo, std::string("exception: ") + e.what(), dtype, shapeText,
             wantRepr, "");
      ok = false;
    }
    ++(ok ? passed : failed);
  }
  if (rebuilt)
    std::cout << rebuilt << " arrays built from raw bytes (see NOTE lines)\n";
  std::cout << passed << " passed, " << failed << " failed\n";
  return failed ? 1 : 0;
}
