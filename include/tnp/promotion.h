//===- promotion.h - type promotion modes, result_type, can_cast -*- C++
//-*-===//
//
// TF-NumPy's four promotion behaviours (docs/promotion.md has their tables):
//   strict  TF's default: ops on mixed dtypes throw TypeError
//   numpy   NumPy's rules (np.result_type), the default
//   all     JAX's lattice: int32 + float32 is float32
//   safe    all, but widening or lossy promotions throw TypeError
// C++ scalars are weak literals in every mode, as Python scalars are.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_PROMOTION_H
#define TNP_PROMOTION_H

#include <tnp/ndarray.h>

#include <initializer_list>

namespace tnp {

enum class promotion_mode { strict, numpy, all, safe };

struct promotion_options {
  /// TF's prefer_float32: float literals and asarray(1.) are float32 (and
  /// complex ones complex64) instead of float64.
  bool prefer_float32 = false;
};

/// Sets the process's promotion rules (tnp.experimental_enable_numpy_behavior
/// with dtype_conversion_mode and prefer_float32).
void set_promotion(promotion_mode mode, promotion_options options = {});
/// The rules in force on this thread.
promotion_mode get_promotion();
bool prefer_float32();

/// Overrides the rules on this thread while it lives:
///   { tnp::promotion_scope strict(tnp::promotion_mode::strict); ... }
class promotion_scope {
public:
  explicit promotion_scope(promotion_mode mode, promotion_options options = {});
  ~promotion_scope();
  promotion_scope(const promotion_scope &) = delete;
  promotion_scope &operator=(const promotion_scope &) = delete;

private:
  int saved_;
};

/// An argument of result_type and can_cast: a dtype, an array, or a C++
/// scalar (a weak literal, whose value NumPy's rules may read).
class promotion_operand {
public:
  promotion_operand(tnp::dtype t) : dtype_(t) {}
  promotion_operand(const ndarray &a)
      : dtype_(a.dtype()), array_(a), weak_(a.is_weak()) {}
  template <typename S, typename = std::enable_if_t<detail::is_scalar_v<S>>>
  promotion_operand(S value) : promotion_operand(ndarray(value)) {}

  tnp::dtype dtype() const { return dtype_; }
  /// Whether this is a weak literal, whose value array() holds.
  bool is_weak() const { return weak_; }
  const ndarray &array() const { return array_; }

private:
  tnp::dtype dtype_;
  ndarray array_;
  bool weak_ = false;
};

/// np.result_type under the current rules: result_type({tnp::int8, 200}) is
/// int16 in numpy mode. Throws TypeError where the mode forbids it.
tnp::dtype result_type(std::initializer_list<promotion_operand> operands);
/// np.promote_types(type1, type2): the dtype both cast to safely under the
/// current rules (no values: result_type of the two dtypes).
tnp::dtype promote_types(tnp::dtype type1, tnp::dtype type2);

/// NumPy's casting kinds.
enum class casting { no, equiv, safe, same_kind, unsafe };
/// np.can_cast(from, to, casting); a C++ scalar is value-based as a Python
/// scalar in NumPy 1.24 (can_cast(1, uint8) is true, can_cast(-1, uint8)
/// false).
bool can_cast(const promotion_operand &from, tnp::dtype to,
              casting kind = casting::safe);

} // namespace tnp

#endif // TNP_PROMOTION_H
