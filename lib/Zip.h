//===- Zip.h - the zip container of .npz files ------------------*- C++ -*-===//
//
// Just what .npz needs: reading the entries of an archive (stored or
// deflated, zip64 sizes and offsets included) and writing one whose entries
// are stored or deflated. Every size and offset read is checked against the
// archive's bounds; damage is a tnp::ValueError naming the archive.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_LIB_ZIP_H
#define TNP_LIB_ZIP_H

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tnp::detail {

/// One file of an archive: its name and its uncompressed bytes.
struct ZipEntry {
  std::string name;
  std::string data;
};

/// The entries of the archive `bytes` (read from `path`, named in errors), in
/// central-directory order, each checked against its CRC-32.
std::vector<ZipEntry> readZip(std::string_view bytes, const std::string &path);

/// An archive of `entries`, deflated when `compress` (zlib), else stored;
/// zip64 records are written where a size or offset needs them.
std::string writeZip(const std::vector<ZipEntry> &entries, bool compress);

} // namespace tnp::detail

#endif // TNP_LIB_ZIP_H
