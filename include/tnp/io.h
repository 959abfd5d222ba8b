//===- io.h - NumPy's .npy and .npz files -----------------------*- C++ -*-===//
//
// np.save, np.load, np.savez and np.savez_compressed: arrays exchanged with
// NumPy through files (docs/interop.md).
//
//===----------------------------------------------------------------------===//

#ifndef TNP_IO_H
#define TNP_IO_H

#include <tnp/ndarray.h>

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace tnp {

/// np.save: writes `a` to `path` as a .npy file (format 1.0, or 2.0 when the
/// header is too long for 1.0), little-endian, C order. TypeError for
/// bfloat16, which NumPy has no dtype for; OSError when the file cannot be
/// written.
void save(const std::string &path, const ndarray &a);

/// np.load of a .npy file: every dtype tnp has, either byte order, C or
/// Fortran order, format versions 1.0 to 3.0. OSError when the file cannot
/// be read; ValueError for a damaged file; TypeError for a dtype tnp does not
/// have (strings, objects, records).
ndarray load(const std::string &path);

/// np.savez and np.savez_compressed: a .npz file (a zip archive) holding
/// `name`.npy for each named array.
void savez(const std::string &path,
           const std::vector<std::pair<std::string, ndarray>> &arrays);
void savez_compressed(
    const std::string &path,
    const std::vector<std::pair<std::string, ndarray>> &arrays);

/// np.load of a .npz file: its arrays by name (without ".npy"). Reads what
/// savez and savez_compressed write, tnp's or NumPy's.
std::map<std::string, ndarray> load_npz(const std::string &path);

} // namespace tnp

#endif // TNP_IO_H
