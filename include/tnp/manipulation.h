//===- manipulation.h - joining, splitting and reshaping --------*- C++ -*-===//

#ifndef TNP_MANIPULATION_H
#define TNP_MANIPULATION_H

#include <tnp/ndarray.h>

#include <vector>

namespace tnp {

/// np.concatenate(arrays, axis): dtypes promote as NumPy's.
ndarray concatenate(const std::vector<ndarray> &arrays, int64_t axis = 0);
/// np.stack(arrays, axis): a new axis; shapes must be equal.
ndarray stack(const std::vector<ndarray> &arrays, int64_t axis = 0);
/// np.split(a, sections, axis): `sections` equal parts (ValueError if the
/// axis does not divide).
std::vector<ndarray> split(const ndarray &a, int64_t sections,
                           int64_t axis = 0);
/// np.split(a, indices, axis): cut before each index.
std::vector<ndarray>
split(const ndarray &a, const std::vector<int64_t> &indices, int64_t axis = 0);
/// np.expand_dims(a, axis).
ndarray expand_dims(const ndarray &a, int64_t axis);
/// np.squeeze(a, axis).
ndarray squeeze(const ndarray &a, std::optional<int64_t> axis = std::nullopt);
/// np.reshape, np.ravel, np.transpose as functions.
ndarray reshape(const ndarray &a, const shape_t &shape);
ndarray ravel(const ndarray &a);
ndarray transpose(const ndarray &a, const std::vector<int64_t> &axes = {});
/// np.broadcast_to(a, shape).
ndarray broadcast_to(const ndarray &a, const shape_t &shape);

} // namespace tnp

#endif // TNP_MANIPULATION_H
