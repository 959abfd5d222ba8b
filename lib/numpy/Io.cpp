//===- Io.cpp - NumPy's .npy and .npz files -------------------------------===//
//
// The .npy format as NumPy documents it (numpy/lib/format.py, NEP 1): a magic
// string, a version, a little-endian header length (2 bytes in 1.0, 4 in 2.0
// and 3.0), and a Python dict literal with 'descr', 'fortran_order' and
// 'shape', padded with spaces to a multiple of 64 bytes and ended by '\n';
// then the elements. A .npz file is a zip archive of .npy files (lib/Zip.h).
//
//===----------------------------------------------------------------------===//

#include <tnp/errors.h>
#include <tnp/io.h>
#include <tnp/manipulation.h>

#include "lib/ArrayImpl.h"
#include "lib/Format.h"
#include "lib/Zip.h"

#include "llvm/Support/Endian.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <optional>
#include <regex>

using namespace tnp;
using namespace tnp::detail;
namespace endian = llvm::support::endian;

namespace {

constexpr char kMagic[] = "\x93NUMPY";
constexpr size_t kMagicSize = 6;
/// NumPy pads the header so that the data starts 64-byte aligned.
constexpr size_t kHeaderAlignment = 64;

/// The kind letter of a descr ('b', 'i', 'u', 'f', 'c') for `dtype`, or 0
/// when NumPy has no such dtype.
char kindOf(tnp::dtype dtype) {
  if (dtype.is_bool())
    return 'b';
  if (dtype.is_integer())
    return dtype.is_unsigned() ? 'u' : 'i';
  if (dtype == bfloat16)
    return 0;
  return dtype.is_floating() ? 'f' : 'c';
}

std::string readWhole(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw OSError("cannot open '" + path + "': " + std::strerror(errno));
  std::string bytes((std::istreambuf_iterator<char>(in)),
                    std::istreambuf_iterator<char>());
  if (in.bad())
    throw OSError("cannot read '" + path + "': " + std::strerror(errno));
  return bytes;
}

void writeWhole(const std::string &path, const std::string &bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out)
    throw OSError("cannot create '" + path + "': " + std::strerror(errno));
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out.close();
  if (!out)
    throw OSError("cannot write '" + path + "': " + std::strerror(errno));
}

/// The .npy bytes of `a`.
std::string formatNpy(const ndarray &a) {
  const ArrayImpl &impl = implOf(a);
  char kind = kindOf(impl.dtype);
  if (!kind)
    throw TypeError("cannot save an array of dtype " +
                    std::string(impl.dtype.name()) +
                    ": NumPy has no such dtype (convert it with astype)");
  std::string shape = "(";
  for (size_t i = 0; i < impl.shape.size(); ++i)
    shape += (i ? ", " : "") + std::to_string(impl.shape[i]);
  shape += impl.shape.size() == 1 ? ",)" : ")";
  size_t itemsize = impl.dtype.itemsize();
  std::string header = std::string("{'descr': '") +
                       (itemsize == 1 ? '|' : '<') + kind +
                       std::to_string(itemsize) +
                       "', 'fortran_order': False, 'shape': " + shape + ", }";
  // Version 1.0 unless the header needs more than 2 length bytes.
  size_t lengthBytes = header.size() + kHeaderAlignment < 65536 ? 2 : 4;
  size_t prefix = kMagicSize + 2 + lengthBytes;
  size_t total = (prefix + header.size() + 1 + kHeaderAlignment - 1) /
                 kHeaderAlignment * kHeaderAlignment;
  header.append(total - prefix - header.size() - 1, ' ');
  header += '\n';
  std::string out(kMagic, kMagicSize);
  out += char(lengthBytes == 2 ? 1 : 2);
  out += char(0);
  char length[4];
  if (lengthBytes == 2)
    endian::write16le(length, header.size());
  else
    endian::write32le(length, header.size());
  out.append(length, lengthBytes);
  out += header;
  size_t bytes = impl.size * itemsize;
  out.append(static_cast<const char *>(impl.data()), bytes);
  return out;
}

/// The array in the .npy bytes `bytes` (from `what`, named in errors).
ndarray parseNpy(std::string_view bytes, const std::string &what) {
  auto fail = [&](const std::string &why) -> ValueError {
    return ValueError("'" + what + "' is not a readable .npy file: " + why);
  };
  if (bytes.size() < kMagicSize + 2 ||
      bytes.substr(0, kMagicSize) != std::string_view(kMagic, kMagicSize))
    throw fail("no .npy magic string");
  int major = static_cast<unsigned char>(bytes[6]);
  size_t lengthBytes = major == 1 ? 2 : 4;
  if (major < 1 || major > 3)
    throw fail("format version " + std::to_string(major) + "." +
               std::to_string(static_cast<unsigned char>(bytes[7])) +
               " (1.0 to 3.0 are read)");
  if (bytes.size() < kMagicSize + 2 + lengthBytes)
    throw fail("truncated header");
  uint64_t length = lengthBytes == 2 ? endian::read16le(bytes.data() + 8)
                                     : endian::read32le(bytes.data() + 8);
  size_t start = kMagicSize + 2 + lengthBytes;
  if (length > bytes.size() - start)
    throw fail("truncated header");
  std::string header(bytes.substr(start, length));
  std::string_view data = bytes.substr(start + length);

  std::smatch m;
  static const std::regex descrRe(R"(['"]descr['"]\s*:\s*['"]([^'"]*)['"])");
  static const std::regex orderRe(
      R"(['"]fortran_order['"]\s*:\s*(True|False))");
  static const std::regex shapeRe(R"(['"]shape['"]\s*:\s*\(([^)]*)\))");
  if (!std::regex_search(header, m, descrRe))
    throw fail("no 'descr' in its header");
  std::string descr = m[1];
  if (!std::regex_search(header, m, orderRe))
    throw fail("no 'fortran_order' in its header");
  bool fortran = m[1] == "True";
  if (!std::regex_search(header, m, shapeRe))
    throw fail("no 'shape' in its header");
  std::string dims = m[1];

  // The dtype: byte order, kind letter, item size.
  std::optional<tnp::dtype> dtype;
  char order = descr.empty() ? 0 : descr[0];
  bool ordered = descr.size() >= 3 && std::strchr("<>|=", order);
  for (int i = 0; ordered && i < tnp::dtype::count; ++i) {
    tnp::dtype candidate(static_cast<tnp::dtype::code>(i));
    std::string code = kindOf(candidate) + std::to_string(candidate.itemsize());
    if (kindOf(candidate) && descr.substr(1) == code)
      dtype = candidate;
  }
  if (!dtype)
    throw TypeError("'" + what + "' holds dtype '" + descr +
                    "', which tnp does not have");
  size_t itemsize = dtype->itemsize();

  shape_t shape;
  uint64_t nbytes = itemsize;
  static const std::regex dimRe(R"(\s*(\d+)\s*(,|$))");
  for (auto it = std::sregex_iterator(dims.begin(), dims.end(), dimRe);
       it != std::sregex_iterator(); ++it) {
    uint64_t d = std::stoull((*it)[1].str());
    if (d > uint64_t(INT64_MAX) || __builtin_mul_overflow(nbytes, d, &nbytes))
      throw fail("shape (" + dims + ") overflows");
    shape.push_back(static_cast<int64_t>(d));
  }
  if (dims.find_first_not_of(" ,0123456789") != std::string::npos)
    throw fail("shape (" + dims + ") is not a tuple of sizes");
  if (data.size() < nbytes)
    throw fail("truncated data: " + std::to_string(data.size()) +
               " bytes for shape " + formatShape(shape) + " of " +
               std::string(dtype->name()));

  // Fortran order is the C order of the reversed shape, transposed.
  shape_t stored = shape;
  if (fortran)
    std::reverse(stored.begin(), stored.end());
  auto impl = allocateArray(stored, *dtype);
  char *out = static_cast<char *>(impl->mutableData());
  std::memcpy(out, data.data(), nbytes);
  // Big-endian elements: swap each (each half of a complex).
  size_t part = kindOf(*dtype) == 'c' ? itemsize / 2 : itemsize;
  if (order == '>' && part > 1)
    for (uint64_t i = 0; i < nbytes; i += part)
      std::reverse(out + i, out + i + part);
  if (*dtype == bool_)
    for (uint64_t i = 0; i < nbytes; ++i)
      out[i] = out[i] != 0;
  ndarray a(std::move(impl));
  return fortran ? transpose(a) : a;
}

void saveNpz(const std::string &path,
             const std::vector<std::pair<std::string, ndarray>> &arrays,
             bool compress) {
  std::vector<ZipEntry> entries;
  for (const auto &[name, a] : arrays) {
    if (name.empty())
      throw ValueError("savez: an array has an empty name");
    for (const ZipEntry &e : entries)
      if (e.name == name + ".npy")
        throw ValueError("savez: two arrays are named '" + name + "'");
    entries.push_back({name + ".npy", formatNpy(a)});
  }
  writeWhole(path, writeZip(entries, compress));
}

} // namespace

void tnp::save(const std::string &path, const ndarray &a) {
  writeWhole(path, formatNpy(a));
}

ndarray tnp::load(const std::string &path) {
  return parseNpy(readWhole(path), path);
}

void tnp::savez(const std::string &path,
                const std::vector<std::pair<std::string, ndarray>> &arrays) {
  saveNpz(path, arrays, /*compress=*/false);
}

void tnp::savez_compressed(
    const std::string &path,
    const std::vector<std::pair<std::string, ndarray>> &arrays) {
  saveNpz(path, arrays, /*compress=*/true);
}

std::map<std::string, ndarray> tnp::load_npz(const std::string &path) {
  std::string bytes = readWhole(path);
  std::map<std::string, ndarray> arrays;
  for (ZipEntry &entry : readZip(bytes, path)) {
    std::string name = entry.name;
    if (name.size() > 4 && name.compare(name.size() - 4, 4, ".npy") == 0)
      name.resize(name.size() - 4);
    arrays[name] = parseNpy(entry.data, path + ":" + entry.name);
  }
  return arrays;
}
