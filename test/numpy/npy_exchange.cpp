//===- npy_exchange.cpp - tnp's .npy/.npz files against NumPy's -----------===//
//
// tnp-npy-exchange IN OUT: loads IN with tnp::load (or tnp::load_npz for a
// .npz), prints each array's name, dtype and shape, and writes what it loaded
// to OUT with tnp::save (or tnp::savez, or tnp::savez_compressed when OUT's
// name contains "compressed"). npy_exchange.py writes IN with NumPy and
// checks OUT with NumPy. A tnp::Error prints "error: <type>: <message>" and
// exits 1.
//
//===----------------------------------------------------------------------===//

#include <tnp/tnp.h>

#include <iostream>
#include <string>

namespace {

bool endsWith(const std::string &s, const std::string &suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

void describe(const std::string &name, const tnp::ndarray &a) {
  std::cout << name << ": " << a.dtype().name() << " (";
  for (size_t i = 0; i < a.shape().size(); ++i)
    std::cout << (i ? ", " : "") << a.shape()[i];
  std::cout << (a.shape().size() == 1 ? ",)" : ")") << "\n";
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 3) {
    std::cerr << "usage: tnp-npy-exchange IN OUT\n";
    return 2;
  }
  std::string in = argv[1], out = argv[2];
  try {
    if (endsWith(in, ".npz")) {
      std::map<std::string, tnp::ndarray> arrays = tnp::load_npz(in);
      std::vector<std::pair<std::string, tnp::ndarray>> named;
      for (const auto &[name, a] : arrays) {
        describe(name, a);
        named.emplace_back(name, a);
      }
      if (out.find("compressed") != std::string::npos)
        tnp::savez_compressed(out, named);
      else
        tnp::savez(out, named);
    } else {
      tnp::ndarray a = tnp::load(in);
      describe("array", a);
      tnp::save(out, a);
    }
  } catch (const tnp::TypeError &e) {
    std::cout << "error: TypeError: " << e.what() << "\n";
    return 1;
  } catch (const tnp::ValueError &e) {
    std::cout << "error: ValueError: " << e.what() << "\n";
    return 1;
  } catch (const tnp::OSError &e) {
    std::cout << "error: OSError: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
