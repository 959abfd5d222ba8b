//===- ErrorOf.h - the message of an expected exception ---------*- C++ -*-===//

#ifndef TNP_TEST_UNIT_API_ERROROF_H
#define TNP_TEST_UNIT_API_ERROROF_H

#include <string>

/// The what() of the E that `fn` throws, or "<no exception>" (another
/// exception type propagates and fails the test).
template <typename E, typename F> std::string errorOf(F &&fn) {
  try {
    fn();
  } catch (const E &e) {
    return e.what();
  }
  return "<no exception>";
}

#endif // TNP_TEST_UNIT_API_ERROROF_H
