//===- npy.cpp - NumPy's .npy files, for the differential tests -----------===//
//
// The format: the magic "\x93NUMPY", a major and minor version byte, the
// header length (2 bytes little-endian in 1.0, 4 bytes in 2.0 and 3.0), then
// a Python dict literal {'descr': ..., 'fortran_order': ..., 'shape': (...)}
// padded with spaces to a multiple of 64 and ended by '\n', then the data.
//
//===----------------------------------------------------------------------===//

#include "npy.h"

#include <cctype>
#include <cmath>
#include <cstring>
#include <fstream>
#include <limits>
#include <sstream>

using namespace npy;

namespace {

[[noreturn]] void fail(const std::string &name, const std::string &problem) {
  throw FormatError(name + ": " + problem);
}

/// A cursor over the header's dict literal.
class HeaderParser {
public:
  HeaderParser(const std::string &text, const std::string &name)
      : text(text), name(name) {}

  void skipSpace() {
    while (pos < text.size() &&
           std::isspace(static_cast<unsigned char>(text[pos])))
      ++pos;
  }
  bool consume(char c) {
    skipSpace();
    if (pos < text.size() && text[pos] == c) {
      ++pos;
      return true;
    }
    return false;
  }
  void expect(char c) {
    if (!consume(c))
      fail(name, std::string("bad header: expected '") + c + "' at offset " +
                     std::to_string(pos) + " in " + text);
  }
  std::string string() {
    skipSpace();
    if (pos >= text.size() || (text[pos] != '\'' && text[pos] != '"'))
      fail(name, "bad header: expected a string at offset " +
                     std::to_string(pos) + " in " + text);
    char quote = text[pos++];
    size_t end = text.find(quote, pos);
    if (end == std::string::npos)
      fail(name, "bad header: unterminated string in " + text);
    std::string s = text.substr(pos, end - pos);
    pos = end + 1;
    return s;
  }
  bool boolean() {
    skipSpace();
    for (const char *word : {"True", "False"})
      if (text.compare(pos, std::strlen(word), word) == 0) {
        pos += std::strlen(word);
        return word[0] == 'T';
      }
    fail(name, "bad header: expected True or False in " + text);
  }
  std::vector<int64_t> tuple() {
    expect('(');
    std::vector<int64_t> dims;
    while (!consume(')')) {
      skipSpace();
      size_t start = pos;
      while (pos < text.size() &&
             std::isdigit(static_cast<unsigned char>(text[pos])))
        ++pos;
      if (start == pos || pos - start > 18)
        fail(name, "bad header: expected a dimension at offset " +
                       std::to_string(start) + " in " + text);
      dims.push_back(std::stoll(text.substr(start, pos - start)));
      if (!consume(',')) {
        expect(')');
        break;
      }
    }
    return dims;
  }

  std::string text;
  std::string name;
  size_t pos = 0;
};

uint32_t readLE(const std::string &s, size_t at, int bytes) {
  uint32_t v = 0;
  for (int i = bytes - 1; i >= 0; --i)
    v = v << 8 | static_cast<uint8_t>(s[at + i]);
  return v;
}

} // namespace

int64_t Array::size() const {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

void npy::parseDescr(const std::string &descr, Kind &kind, size_t &itemsize) {
  auto bad = [&]() -> FormatError {
    return FormatError("unsupported dtype descr '" + descr +
                       "' (little-endian b1, i1-i8, u1-u8, f2, f4, f8, c8, "
                       "c16 only)");
  };
  if (descr.size() < 3)
    throw bad();
  char order = descr[0];
  std::string code = descr.substr(1);
  static const struct {
    const char *code;
    Kind kind;
    size_t size;
  } kCodes[] = {
      {"b1", Kind::Bool, 1},    {"i1", Kind::Int, 1},
      {"u1", Kind::UInt, 1},    {"i2", Kind::Int, 2},
      {"u2", Kind::UInt, 2},    {"i4", Kind::Int, 4},
      {"u4", Kind::UInt, 4},    {"i8", Kind::Int, 8},
      {"u8", Kind::UInt, 8},    {"f2", Kind::Float, 2},
      {"f4", Kind::Float, 4},   {"f8", Kind::Float, 8},
      {"c8", Kind::Complex, 8}, {"c16", Kind::Complex, 16},
  };
  for (const auto &c : kCodes) {
    if (code != c.code)
      continue;
    // One-byte types carry '|' (no byte order); wider ones must be little
    // endian ('<', or '=' on this little-endian host).
    bool ok = c.size == 1 ? (order == '|' || order == '<' || order == '=')
                          : (order == '<' || order == '=');
    if (!ok)
      throw bad();
    kind = c.kind;
    itemsize = c.size;
    return;
  }
  throw bad();
}

Array npy::parse(const std::string &contents, const std::string &name) {
  static const char kMagic[] = "\x93NUMPY";
  if (contents.size() < 10 || contents.compare(0, 6, kMagic, 6) != 0)
    fail(name, "not a .npy file (bad magic)");
  int major = static_cast<uint8_t>(contents[6]);
  if (major < 1 || major > 3)
    fail(name, "unsupported .npy version " + std::to_string(major));
  int lengthBytes = major == 1 ? 2 : 4;
  size_t headerStart = 8 + lengthBytes;
  if (contents.size() < headerStart)
    fail(name, "truncated header");
  size_t headerLength = readLE(contents, 8, lengthBytes);
  if (contents.size() < headerStart + headerLength)
    fail(name, "truncated header: " + std::to_string(headerLength) +
                   " bytes announced, " +
                   std::to_string(contents.size() - headerStart) + " present");
  // The padding (spaces and a newline) would only clutter messages.
  std::string text = contents.substr(headerStart, headerLength);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
    text.pop_back();
  HeaderParser p(text, name);

  Array a;
  bool haveDescr = false, haveOrder = false, haveShape = false;
  p.expect('{');
  while (!p.consume('}')) {
    std::string key = p.string();
    p.expect(':');
    if (key == "descr") {
      a.descr = p.string();
      try {
        parseDescr(a.descr, a.kind, a.itemsize);
      } catch (const FormatError &e) {
        fail(name, e.what());
      }
      haveDescr = true;
    } else if (key == "fortran_order") {
      if (p.boolean())
        fail(name, "Fortran-order arrays are not supported");
      haveOrder = true;
    } else if (key == "shape") {
      a.shape = p.tuple();
      haveShape = true;
    } else {
      fail(name, "bad header: unknown key '" + key + "'");
    }
    if (!p.consume(',')) {
      p.expect('}');
      break;
    }
  }
  if (!haveDescr || !haveOrder || !haveShape)
    fail(name, "bad header: descr, fortran_order and shape are required");

  // The size in bytes, refusing counts that overflow.
  uint64_t bytes = a.itemsize;
  for (int64_t d : a.shape) {
    if (d != 0 && bytes > std::numeric_limits<uint64_t>::max() / uint64_t(d))
      fail(name, "shape too large");
    bytes *= uint64_t(d);
  }
  size_t dataStart = headerStart + headerLength;
  if (contents.size() - dataStart != bytes)
    fail(name, "data size mismatch: shape and dtype need " +
                   std::to_string(bytes) + " bytes, the file has " +
                   std::to_string(contents.size() - dataStart));
  a.bytes.assign(contents.begin() + dataStart, contents.end());
  return a;
}

Array npy::read(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    fail(path, "cannot open file");
  std::ostringstream buffer;
  buffer << in.rdbuf();
  return parse(buffer.str(), path);
}

void npy::write(const std::string &path, const Array &a) {
  Kind kind;
  size_t itemsize;
  parseDescr(a.descr, kind, itemsize);
  if (a.bytes.size() != static_cast<size_t>(a.size()) * itemsize)
    fail(path, "byte count does not match shape and dtype");
  std::string shape = "(";
  for (size_t i = 0; i < a.shape.size(); ++i)
    shape += std::to_string(a.shape[i]) + (a.shape.size() == 1 ? "," : "") +
             (i + 1 < a.shape.size() ? ", " : "");
  shape += ")";
  std::string header = "{'descr': '" + a.descr +
                       "', 'fortran_order': False, 'shape': " + shape + ", }";
  // Magic (6) + version (2) + length (2) + header + '\n': a multiple of 64.
  size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';
  std::ofstream out(path, std::ios::binary);
  if (!out)
    fail(path, "cannot create file");
  out.write("\x93NUMPY\x01\x00", 8);
  char length[2] = {static_cast<char>(header.size() & 0xff),
                    static_cast<char>(header.size() >> 8)};
  out.write(length, 2);
  out << header;
  out.write(reinterpret_cast<const char *>(a.bytes.data()), a.bytes.size());
  if (!out)
    fail(path, "write failed");
}

float npy::halfToFloat(uint16_t bits) {
  int sign = bits >> 15, exponent = (bits >> 10) & 0x1f,
      mantissa = bits & 0x3ff;
  float value;
  if (exponent == 0)
    value = std::ldexp(static_cast<float>(mantissa), -24);
  else if (exponent == 31)
    value = mantissa ? std::numeric_limits<float>::quiet_NaN()
                     : std::numeric_limits<float>::infinity();
  else
    value = std::ldexp(static_cast<float>(mantissa | 0x400), exponent - 25);
  return sign ? -value : value;
}

float npy::bfloat16ToFloat(uint16_t bits) {
  uint32_t word = static_cast<uint32_t>(bits) << 16;
  float value;
  std::memcpy(&value, &word, sizeof value);
  return value;
}

uint16_t npy::floatToBfloat16(float value) {
  uint32_t word;
  std::memcpy(&word, &value, sizeof word);
  if (std::isnan(value))
    return static_cast<uint16_t>((word >> 16) | 0x40);
  // Round to nearest even on the 16 dropped bits.
  word += 0x7fff + ((word >> 16) & 1);
  return static_cast<uint16_t>(word >> 16);
}

uint16_t npy::floatToHalf(float value) {
  uint32_t word;
  std::memcpy(&word, &value, sizeof word);
  uint16_t sign = static_cast<uint16_t>((word >> 16) & 0x8000);
  float magnitude = std::fabs(value);
  if (std::isnan(value))
    return sign | 0x7e00;
  if (magnitude >= 65520.0f) // Rounds to infinity.
    return sign | 0x7c00;
  if (magnitude < std::ldexp(1.0f, -14)) {
    // Subnormal: a multiple of 2^-24, rounded to nearest even by rint.
    return sign |
           static_cast<uint16_t>(std::nearbyint(std::ldexp(magnitude, 24)));
  }
  int exponent;
  std::frexp(magnitude, &exponent); // magnitude = m * 2^exponent, m in [0.5,1)
  // 11 significant bits: scale so the significand is an integer in
  // [1024, 2048), round to nearest even, and renormalize a carry.
  float scaled = std::nearbyint(std::ldexp(magnitude, 11 - exponent));
  if (scaled >= 2048.0f) {
    scaled /= 2;
    ++exponent;
  }
  int biased = exponent - 1 + 15;
  if (biased >= 31)
    return sign | 0x7c00;
  return sign | static_cast<uint16_t>(biased << 10) |
         static_cast<uint16_t>(static_cast<int>(scaled) - 1024);
}
