#include <gtest/gtest.h>
#include <iostream>
#include <tnp/tnp.h>
TEST(AutodiffSmoke, All) {
  tnp::ndarray x = tnp::asarray({1.0, 2.0, 3.0});
  auto f = [](const tnp::ndarray &x) { return tnp::sum(x * x * x); };
  std::cout << "grad " << tnp::grad(f)(x) << "\n";
  auto vg = tnp::value_and_grad(f)(x);
  std::cout << "value " << vg.first << " grad " << vg.second << "\n";
  std::cout << "traced grad " << tnp::trace(tnp::grad(f))(x) << "\n";
  auto g = [](const tnp::ndarray &x) { return tnp::sin(x) * 2.0; };
  std::cout << "jacrev " << tnp::jacrev(g)(x) << "\n";
  std::cout << "hessian " << tnp::jacrev(tnp::grad(f))(x) << "\n";
  auto [y, pb] = tnp::vjp(g, x);
  std::cout << "vjp " << y << " " << std::get<0>(pb(tnp::ones({3}))) << "\n";
  tnp::GradientTape tape(true);
  tape.watch(x);
  tnp::ndarray l = tnp::sum(tnp::exp(x) * 3.0);
  std::cout << "tape " << tape.gradient(l, x) << "\n";
  tnp::ndarray m = tnp::sin(x);
  std::cout << "tape jac " << tape.jacobian(m, x) << "\n";
}
