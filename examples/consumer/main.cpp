//===- main.cpp - a program that uses an installed tnp --------------------===//
//
// Eager ops, a trace, a gradient and an error caught across libtnp.so: what
// a user's program touches first. Prints "consumer: ok" when every value is
// right.
//
//===----------------------------------------------------------------------===//

#include <tnp/tnp.h>

#include <cmath>
#include <cstdio>
#include <iostream>

int main() {
  int failures = 0;
  auto check = [&](bool ok, const char *what) {
    if (!ok) {
      std::fprintf(stderr, "consumer: wrong %s\n", what);
      ++failures;
    }
  };
  std::cout << "tnp " << tnp::version() << "\n";

  tnp::ndarray a = tnp::asarray({{1.0, 2.0}, {3.0, 4.0}});
  tnp::ndarray b = tnp::matmul(a, a);
  std::cout << tnp::repr(b) << "\n";
  check(b.to_vector<double>() == std::vector<double>{7, 10, 15, 22}, "matmul");

  auto f = tnp::trace([](const tnp::ndarray &x) { return tnp::sum(x * x); });
  check(f(a).item<double>() == 30, "traced sum");

  tnp::ndarray g =
      tnp::grad([](const tnp::ndarray &x) { return tnp::sum(tnp::sin(x)); })(a);
  std::vector<double> cosines = g.to_vector<double>();
  check(std::abs(cosines[0] - std::cos(1.0)) < 1e-15, "gradient");

  // Memory in and out without copies.
  tnp::aligned_vector<double> values = {1, 2, 3};
  const double *memory = values.data();
  tnp::ndarray v = tnp::from_vector(std::move(values));
  check(v.data() == memory, "from_vector (copied)");
#if __cplusplus >= 202002L
  // Built as C++20 by CMakeLists.txt: tnp::span reads the array in place.
  std::span<const double> elements = tnp::span<double>(v);
  check(elements.data() == memory && elements.size() == 3, "span");
  std::cout << "span: " << elements.size() << " elements in place\n";
#endif

  try {
    (void)(a + tnp::ones({3}));
    check(false, "broadcast error (none raised)");
  } catch (const tnp::ValueError &e) {
    std::cout << "caught tnp::ValueError: " << e.what() << "\n";
  }
  if (failures)
    return 1;
  std::cout << "consumer: ok\n";
  return 0;
}
