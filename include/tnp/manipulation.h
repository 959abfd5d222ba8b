//===- manipulation.h - joining, splitting and reshaping --------*- C++ -*-===//

#ifndef TNP_MANIPULATION_H
#define TNP_MANIPULATION_H

#include <tnp/ndarray.h>

#include <optional>
#include <string_view>
#include <utility>
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
/// np.broadcast_arrays(args): each broadcast to their common shape.
std::vector<ndarray> broadcast_arrays(const std::vector<ndarray> &args);
/// np.ndim, np.shape, np.size(a, axis) and TF's flatten as functions; TF's
/// isscalar: whether a is 0-d.
int64_t ndim(const ndarray &a);
shape_t shape(const ndarray &a);
int64_t size(const ndarray &a, std::optional<int64_t> axis = std::nullopt);
ndarray flatten(const ndarray &a);
bool isscalar(const ndarray &a);

// Reordering (lib/numpy/Rearranging.cpp).
/// np.flip(m, axis): reversed along `axis`, or along every axis.
ndarray flip(const ndarray &m, std::optional<int64_t> axis = std::nullopt);
ndarray flip(const ndarray &m, const std::vector<int64_t> &axis);
/// np.fliplr (axis 1, ValueError below 2-d) and np.flipud (axis 0).
ndarray fliplr(const ndarray &m);
ndarray flipud(const ndarray &m);
/// np.roll(a, shift, axis): elements shifted cyclically along `axis`, or
/// over the flattened array; shifts and axes broadcast.
ndarray roll(const ndarray &a, int64_t shift,
             std::optional<int64_t> axis = std::nullopt);
ndarray roll(const ndarray &a, const std::vector<int64_t> &shift,
             const std::vector<int64_t> &axis);
/// np.moveaxis(a, source, destination).
ndarray moveaxis(const ndarray &a, int64_t source, int64_t destination);
ndarray moveaxis(const ndarray &a, const std::vector<int64_t> &source,
                 const std::vector<int64_t> &destination);
ndarray swapaxes(const ndarray &a, int64_t axis1, int64_t axis2);
/// np.rot90(m, k, axes): k quarter turns from axes[0] toward axes[1].
ndarray rot90(const ndarray &m, int64_t k = 1,
              const std::vector<int64_t> &axes = {0, 1});

// Joining and repeating (lib/numpy/Stacking.cpp).
ndarray atleast_1d(const ndarray &a);
ndarray atleast_2d(const ndarray &a);
ndarray atleast_3d(const ndarray &a);
std::vector<ndarray> atleast_1d(const std::vector<ndarray> &arrays);
std::vector<ndarray> atleast_2d(const std::vector<ndarray> &arrays);
std::vector<ndarray> atleast_3d(const std::vector<ndarray> &arrays);
/// np.hstack / np.vstack / np.dstack: concatenate along the second (first
/// for 1-d arrays), first and third axis after atleast_1d/2d/3d.
ndarray hstack(const std::vector<ndarray> &tup);
ndarray vstack(const std::vector<ndarray> &tup);
ndarray dstack(const std::vector<ndarray> &tup);
/// np.hsplit / np.vsplit / np.dsplit: split along the same axes.
std::vector<ndarray> hsplit(const ndarray &a, int64_t sections);
std::vector<ndarray> hsplit(const ndarray &a,
                            const std::vector<int64_t> &indices);
std::vector<ndarray> vsplit(const ndarray &a, int64_t sections);
std::vector<ndarray> vsplit(const ndarray &a,
                            const std::vector<int64_t> &indices);
std::vector<ndarray> dsplit(const ndarray &a, int64_t sections);
std::vector<ndarray> dsplit(const ndarray &a,
                            const std::vector<int64_t> &indices);
/// np.append(arr, values, axis): flattened when no axis is given.
ndarray append(const ndarray &arr, const ndarray &values,
               std::optional<int64_t> axis = std::nullopt);
/// np.tile(A, reps).
ndarray tile(const ndarray &A, const std::vector<int64_t> &reps);
ndarray tile(const ndarray &A, int64_t reps);
/// np.repeat(a, repeats, axis): each element `repeats` times in a row
/// (over the flattened array when no axis is given); per-element counts
/// are known on the host.
ndarray repeat(const ndarray &a, int64_t repeats,
               std::optional<int64_t> axis = std::nullopt);
ndarray repeat(const ndarray &a, const std::vector<int64_t> &repeats,
               std::optional<int64_t> axis = std::nullopt);

// Padding (lib/numpy/Padding.cpp).
/// np.pad(array, pad_width, mode, constant_values): (before, after)
/// elements on each axis (one pair: the same on every axis). mode
/// "constant" (constant_values), "edge", "reflect", "symmetric" or "wrap".
ndarray pad(const ndarray &array,
            const std::vector<std::pair<int64_t, int64_t>> &pad_width,
            std::string_view mode = "constant",
            const ndarray &constant_values = 0);
/// np.pad with one width before and after every axis.
ndarray pad(const ndarray &array, int64_t pad_width,
            std::string_view mode = "constant",
            const ndarray &constant_values = 0);

} // namespace tnp

#endif // TNP_MANIPULATION_H
