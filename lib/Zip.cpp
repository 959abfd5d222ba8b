//===- Zip.cpp - the zip container of .npz files --------------------------===//
//
// APPNOTE.TXT (PKWARE's zip specification) sections 4.3 and 4.5: local file
// headers, the central directory, its end record, and the zip64 extra field,
// end record and locator. Every archive written here uses zip64 fields, as
// NumPy's savez does (force_zip64), so that one code path reads both.
//
//===----------------------------------------------------------------------===//

#include "lib/Zip.h"

#include <tnp/errors.h>

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/CRC.h"
#include "llvm/Support/Endian.h"

#include <zlib.h>

#include <cstdint>

using namespace tnp;
using namespace tnp::detail;
namespace endian = llvm::support::endian;

namespace {

constexpr uint32_t kLocalHeader = 0x04034b50;
constexpr uint32_t kCentralHeader = 0x02014b50;
constexpr uint32_t kEndOfCentral = 0x06054b50;
constexpr uint32_t kZip64EndOfCentral = 0x06064b50;
constexpr uint32_t kZip64Locator = 0x07064b50;
constexpr uint16_t kZip64Extra = 0x0001;
constexpr uint16_t kStored = 0;
constexpr uint16_t kDeflated = 8;
/// 1980-01-01, the earliest date zip can say (MS-DOS format).
constexpr uint16_t kDosDate = (0 << 9) | (1 << 5) | 1;

uint32_t crcOf(std::string_view data) {
  return llvm::crc32(llvm::ArrayRef<uint8_t>(
      reinterpret_cast<const uint8_t *>(data.data()), data.size()));
}

/// Bounds-checked little-endian reads of an archive.
class Reader {
public:
  Reader(std::string_view bytes, const std::string &path)
      : bytes(bytes), path(path) {}

  [[noreturn]] void fail(const std::string &why) const {
    throw ValueError("'" + path +
                     "' is not a readable .npz (zip) archive: " + why);
  }
  void need(uint64_t offset, uint64_t size, const char *what) const {
    if (offset > bytes.size() || size > bytes.size() - offset)
      fail(std::string(what) + " lies past the end of the file");
  }
  uint16_t u16(uint64_t offset) const {
    need(offset, 2, "a field");
    return endian::read16le(bytes.data() + offset);
  }
  uint32_t u32(uint64_t offset) const {
    need(offset, 4, "a field");
    return endian::read32le(bytes.data() + offset);
  }
  uint64_t u64(uint64_t offset) const {
    need(offset, 8, "a field");
    return endian::read64le(bytes.data() + offset);
  }
  std::string_view slice(uint64_t offset, uint64_t size,
                         const char *what) const {
    need(offset, size, what);
    return bytes.substr(offset, size);
  }
  size_t size() const { return bytes.size(); }

private:
  std::string_view bytes;
  const std::string &path;
};

/// The end of central directory record: where it starts.
uint64_t findEndOfCentral(const Reader &in) {
  if (in.size() < 22)
    in.fail("too short");
  // The record is 22 bytes plus a comment of at most 65535.
  uint64_t lowest = in.size() > 22 + 65535 ? in.size() - 22 - 65535 : 0;
  for (uint64_t at = in.size() - 22;; --at) {
    if (in.u32(at) == kEndOfCentral)
      return at;
    if (at == lowest)
      in.fail("no end of central directory record");
  }
}

std::string inflateRaw(std::string_view compressed, uint64_t size,
                       const Reader &in, const std::string &name) {
  // Deflate expands at most 1032:1: a larger claimed size is damage, and
  // would otherwise be allocated.
  if (size / 1032 > compressed.size() + 1)
    in.fail("entry '" + name + "' claims " + std::to_string(size) +
            " bytes from " + std::to_string(compressed.size()));
  std::string out(size, '\0');
  z_stream z{};
  if (inflateInit2(&z, -MAX_WBITS) != Z_OK)
    in.fail("cannot start zlib");
  z.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(compressed.data()));
  z.avail_in = static_cast<uInt>(compressed.size());
  z.next_out = reinterpret_cast<Bytef *>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  int rc = compressed.size() > UINT32_MAX || size > UINT32_MAX
               ? Z_BUF_ERROR
               : inflate(&z, Z_FINISH);
  uint64_t produced = z.total_out;
  inflateEnd(&z);
  if (rc != Z_STREAM_END || produced != size)
    in.fail("entry '" + name + "' does not inflate to its " +
            std::to_string(size) + " bytes");
  return out;
}

std::string deflateRaw(std::string_view data) {
  z_stream z{};
  if (deflateInit2(&z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -MAX_WBITS, 8,
                   Z_DEFAULT_STRATEGY) != Z_OK)
    throw RuntimeError("savez_compressed: cannot start zlib");
  std::string out(deflateBound(&z, data.size()), '\0');
  z.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(data.data()));
  z.avail_in = static_cast<uInt>(data.size());
  z.next_out = reinterpret_cast<Bytef *>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  int rc = data.size() > UINT32_MAX ? Z_BUF_ERROR : deflate(&z, Z_FINISH);
  out.resize(z.total_out);
  deflateEnd(&z);
  if (rc != Z_STREAM_END)
    throw RuntimeError("savez_compressed: an entry of " +
                       std::to_string(data.size()) +
                       " bytes does not deflate (over 4 GiB?)");
  return out;
}

void put16(std::string &out, uint16_t v) {
  char b[2];
  endian::write16le(b, v);
  out.append(b, 2);
}
void put32(std::string &out, uint32_t v) {
  char b[4];
  endian::write32le(b, v);
  out.append(b, 4);
}
void put64(std::string &out, uint64_t v) {
  char b[8];
  endian::write64le(b, v);
  out.append(b, 8);
}

} // namespace

std::vector<ZipEntry> tnp::detail::readZip(std::string_view bytes,
                                           const std::string &path) {
  Reader in(bytes, path);
  uint64_t end = findEndOfCentral(in);
  uint64_t count = in.u16(end + 10);
  uint64_t directory = in.u32(end + 16);
  if (count == 0xffff || directory == 0xffffffff) {
    if (end < 20 || in.u32(end - 20) != kZip64Locator)
      in.fail("zip64 sizes without a zip64 locator");
    uint64_t record = in.u64(end - 20 + 8);
    if (in.u32(record) != kZip64EndOfCentral)
      in.fail("no zip64 end of central directory record");
    count = in.u64(record + 32);
    directory = in.u64(record + 48);
  }
  std::vector<ZipEntry> entries;
  uint64_t at = directory;
  for (uint64_t i = 0; i < count; ++i) {
    if (in.u32(at) != kCentralHeader)
      in.fail("a damaged central directory");
    uint16_t method = in.u16(at + 10);
    uint32_t crc = in.u32(at + 16);
    uint64_t packed = in.u32(at + 20);
    uint64_t size = in.u32(at + 24);
    uint16_t nameLength = in.u16(at + 28);
    uint16_t extraLength = in.u16(at + 30);
    uint16_t commentLength = in.u16(at + 32);
    uint64_t local = in.u32(at + 42);
    std::string name(in.slice(at + 46, nameLength, "a name"));
    // The zip64 extra field holds, in this order, the fields that are
    // 0xffffffff in the header.
    uint64_t extra = at + 46 + nameLength;
    for (uint64_t e = extra; e + 4 <= extra + extraLength;) {
      uint16_t id = in.u16(e), length = in.u16(e + 2);
      if (id == kZip64Extra) {
        uint64_t field = e + 4;
        for (uint64_t *value : {&size, &packed, &local})
          if (*value == 0xffffffff) {
            *value = in.u64(field);
            field += 8;
          }
      }
      e += 4 + length;
    }
    at += 46 + uint64_t(nameLength) + extraLength + commentLength;

    if (in.u32(local) != kLocalHeader)
      in.fail("entry '" + name + "' has no local header");
    uint64_t data =
        local + 30 + uint64_t(in.u16(local + 26)) + in.u16(local + 28);
    std::string_view stored = in.slice(data, packed, "an entry's data");
    ZipEntry entry{name, {}};
    if (method == kStored) {
      if (packed != size)
        in.fail("stored entry '" + name + "' has two sizes");
      entry.data = std::string(stored);
    } else if (method == kDeflated) {
      entry.data = inflateRaw(stored, size, in, name);
    } else {
      in.fail("entry '" + name + "' uses compression method " +
              std::to_string(method) + " (only stored and deflated are read)");
    }
    if (crcOf(entry.data) != crc)
      in.fail("entry '" + name + "' fails its CRC-32 check");
    entries.push_back(std::move(entry));
  }
  return entries;
}

std::string tnp::detail::writeZip(const std::vector<ZipEntry> &entries,
                                  bool compress) {
  std::string out, directory;
  for (const ZipEntry &entry : entries) {
    std::string packed = compress ? deflateRaw(entry.data) : std::string();
    std::string_view data =
        compress ? std::string_view(packed) : std::string_view(entry.data);
    uint32_t crc = crcOf(entry.data);
    uint16_t method = compress ? kDeflated : kStored;
    uint64_t offset = out.size();
    // Local header: sizes in its zip64 extra field.
    put32(out, kLocalHeader);
    put16(out, 45); // Version needed: zip64.
    put16(out, 0);  // Flags.
    put16(out, method);
    put16(out, 0); // Time.
    put16(out, kDosDate);
    put32(out, crc);
    put32(out, 0xffffffff);
    put32(out, 0xffffffff);
    put16(out, static_cast<uint16_t>(entry.name.size()));
    put16(out, 20);
    out += entry.name;
    put16(out, kZip64Extra);
    put16(out, 16);
    put64(out, entry.data.size());
    put64(out, data.size());
    out += data;
    // Its central directory header: sizes and offset in the extra field.
    put32(directory, kCentralHeader);
    put16(directory, 45); // Version made by.
    put16(directory, 45); // Version needed.
    put16(directory, 0);
    put16(directory, method);
    put16(directory, 0);
    put16(directory, kDosDate);
    put32(directory, crc);
    put32(directory, 0xffffffff);
    put32(directory, 0xffffffff);
    put16(directory, static_cast<uint16_t>(entry.name.size()));
    put16(directory, 28);
    put16(directory, 0); // Comment.
    put16(directory, 0); // Disk.
    put16(directory, 0); // Internal attributes.
    put32(directory, 0); // External attributes.
    put32(directory, 0xffffffff);
    directory += entry.name;
    put16(directory, kZip64Extra);
    put16(directory, 24);
    put64(directory, entry.data.size());
    put64(directory, data.size());
    put64(directory, offset);
  }
  uint64_t directoryOffset = out.size();
  out += directory;
  uint64_t record = out.size();
  put32(out, kZip64EndOfCentral);
  put64(out, 44); // Size of the rest of the record.
  put16(out, 45);
  put16(out, 45);
  put32(out, 0); // This disk.
  put32(out, 0); // The directory's disk.
  put64(out, entries.size());
  put64(out, entries.size());
  put64(out, directory.size());
  put64(out, directoryOffset);
  put32(out, kZip64Locator);
  put32(out, 0);
  put64(out, record);
  put32(out, 1); // Disks.
  put32(out, kEndOfCentral);
  put16(out, 0);
  put16(out, 0);
  put16(out, 0xffff);
  put16(out, 0xffff);
  put32(out, 0xffffffff);
  put32(out, 0xffffffff);
  put16(out, 0); // Comment.
  return out;
}
