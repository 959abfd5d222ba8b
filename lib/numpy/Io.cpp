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
#include <functional>
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
/// The longest header read, as np.load's default max_header_size.
constexpr uint64_t kMaxHeaderSize = 10000;

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
  // One read of the whole file.
  in.seekg(0, std::ios::end);
  std::streamoff size = in.tellg();
  in.seekg(0, std::ios::beg);
  std::string bytes(size > 0 ? size_t(size) : 0, '\0');
  if (size < 0 || !in.read(bytes.data(), size))
    throw OSError("cannot read '" + path + "': " + std::strerror(errno));
  return bytes;
}

/// Writes `parts` one after the other to `path`.
void writeWhole(const std::string &path,
                std::initializer_list<std::string_view> parts) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out)
    throw OSError("cannot create '" + path + "': " + std::strerror(errno));
  for (std::string_view part : parts)
    out.write(part.data(), static_cast<std::streamsize>(part.size()));
  out.close();
  if (!out)
    throw OSError("cannot write '" + path + "': " + std::strerror(errno));
}

/// The .npy header of `a` (magic, version, length, dict): its elements
/// follow, as `elementsOf` gives them.
std::string npyHeader(const ndarray &a) {
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
  return out;
}

std::string_view elementsOf(const ndarray &a) {
  return {static_cast<const char *>(a.data()),
          size_t(a.size()) * a.dtype().itemsize()};
}

/// The array in the .npy bytes `bytes` (from `what`, named in errors).
/// Reads `n` bytes at `offset` of a .npy file's `size` bytes into `out`;
/// the caller has checked that they lie within.
using ReadAt = std::function<void(uint64_t offset, char *out, uint64_t n)>;

/// The array in a .npy file of `size` bytes read through `readAt` (from
/// `what`, named in errors): the header, then the elements straight into
/// the array's memory.
ndarray parseNpy(uint64_t size, const ReadAt &readAt, const std::string &what) {
  auto fail = [&](const std::string &why) -> ValueError {
    return ValueError("'" + what + "' is not a readable .npy file: " + why);
  };
  char prefix[kMagicSize + 6] = {};
  readAt(0, prefix, std::min<uint64_t>(size, sizeof(prefix)));
  if (size < kMagicSize + 2 || std::string_view(prefix, kMagicSize) !=
                                   std::string_view(kMagic, kMagicSize))
    throw fail("no .npy magic string");
  int major = static_cast<unsigned char>(prefix[6]);
  size_t lengthBytes = major == 1 ? 2 : 4;
  if (major < 1 || major > 3)
    throw fail("format version " + std::to_string(major) + "." +
               std::to_string(static_cast<unsigned char>(prefix[7])) +
               " (1.0 to 3.0 are read)");
  if (size < kMagicSize + 2 + lengthBytes)
    throw fail("truncated header");
  uint64_t length = lengthBytes == 2 ? endian::read16le(prefix + 8)
                                     : endian::read32le(prefix + 8);
  size_t start = kMagicSize + 2 + lengthBytes;
  if (length > size - start)
    throw fail("truncated header");
  // NumPy's own limit (np.load's max_header_size); it also keeps the
  // recursive std::regex below on short input.
  if (length > kMaxHeaderSize)
    throw fail("header of " + std::to_string(length) + " bytes, over " +
               std::to_string(kMaxHeaderSize));
  std::string header(length, '\0');
  readAt(start, header.data(), length);
  uint64_t dataOffset = start + length;
  uint64_t available = size - dataOffset;

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
    // More than 19 digits is past int64 (and past what stoull takes).
    std::string digits = (*it)[1].str();
    uint64_t d = digits.size() <= 19 ? std::stoull(digits) : UINT64_MAX;
    if (d > uint64_t(INT64_MAX) || __builtin_mul_overflow(nbytes, d, &nbytes))
      throw fail("shape (" + dims + ") overflows");
    shape.push_back(static_cast<int64_t>(d));
  }
  if (dims.find_first_not_of(" ,0123456789") != std::string::npos)
    throw fail("shape (" + dims + ") is not a tuple of sizes");
  if (available < nbytes)
    throw fail("truncated data: " + std::to_string(available) +
               " bytes for shape " + formatShape(shape) + " of " +
               std::string(dtype->name()));

  // Fortran order is the C order of the reversed shape, transposed.
  shape_t stored = shape;
  if (fortran)
    std::reverse(stored.begin(), stored.end());
  auto impl = allocateArray(stored, *dtype);
  char *out = static_cast<char *>(impl->mutableData());
  readAt(dataOffset, out, nbytes);
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
    std::string npy = npyHeader(a);
    npy += elementsOf(a);
    entries.push_back({name + ".npy", std::move(npy)});
  }
  writeWhole(path, {writeZip(entries, compress)});
}

} // namespace

void tnp::save(const std::string &path, const ndarray &a) {
  // The elements straight from the array: no copy of them.
  writeWhole(path, {npyHeader(a), elementsOf(a)});
}

ndarray tnp::load(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw OSError("cannot open '" + path + "': " + std::strerror(errno));
  in.seekg(0, std::ios::end);
  std::streamoff size = in.tellg();
  if (size < 0)
    throw OSError("cannot read '" + path + "': " + std::strerror(errno));
  // The elements go from the file straight into the array (NumPy's load
  // reads into the array too; a whole-file copy first was 10x slower).
  return parseNpy(
      uint64_t(size),
      [&](uint64_t offset, char *out, uint64_t n) {
        in.seekg(std::streamoff(offset));
        if (!in.read(out, std::streamsize(n)))
          throw OSError("cannot read '" + path + "': " + std::strerror(errno));
      },
      path);
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
    const std::string &data = entry.data;
    arrays[name] = parseNpy(
        data.size(),
        [&](uint64_t offset, char *out, uint64_t n) {
          std::memcpy(out, data.data() + offset, n);
        },
        path + ":" + entry.name);
  }
  return arrays;
}
