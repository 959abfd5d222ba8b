//===- CallingConvention.cpp - how compiled tnp code is called ------------===//

#include "runtime/CallingConvention.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FormatVariadic.h"

#include <array>

using namespace tnp::runtime;

llvm::Error tnp::runtime::checkRank(size_t rank) {
  if (rank <= static_cast<size_t>(kMaxRank))
    return llvm::Error::success();
  return llvm::createStringError(
      llvm::formatv("arrays of rank {0} are not supported (at most {1})", rank,
                    kMaxRank)
          .str());
}

void tnp::runtime::toDestinationPassing(mlir::func::FuncOp fn) {
  mlir::OpBuilder b(fn.getContext());
  auto ret = mlir::cast<mlir::func::ReturnOp>(fn.front().getTerminator());
  unsigned inputs = fn.getNumArguments();
  b.setInsertionPoint(ret);
  for (mlir::Value result : ret.getOperands()) {
    auto type = mlir::cast<mlir::RankedTensorType>(result.getType());
    mlir::Value out = fn.front().addArgument(
        mlir::MemRefType::get(type.getShape(), type.getElementType()),
        ret.getLoc());
    mlir::bufferization::MaterializeInDestinationOp::create(
        b, ret.getLoc(), mlir::TypeRange{}, result, out, /*restrict=*/true,
        /*writable=*/true);
  }
  mlir::func::ReturnOp::create(b, ret.getLoc());
  ret.erase();
  fn.setFunctionType(
      b.getFunctionType(fn.front().getArgumentTypes(), mlir::TypeRange{}));
  fn->setAttr("llvm.emit_c_interface", b.getUnitAttr());
  for (unsigned i = 0; i < inputs; ++i)
    fn.setArgAttr(i, "bufferization.writable", b.getBoolAttr(false));
}

llvm::Expected<CompiledFunction>
CompiledFunction::lookup(const Executable &executable, llvm::StringRef name,
                         std::vector<Argument> signature, Device device) {
  for (const Argument &a : signature)
    if (llvm::Error error = checkRank(a.rank))
      return std::move(error);
  llvm::Expected<Executable::PackedFunction> fn =
      executable.lookupPacked(("_mlir_ciface_" + name).str());
  if (!fn)
    return fn.takeError();
  return CompiledFunction(*fn, std::move(signature), device);
}

namespace {

/// A memref descriptor as MLIR's C interface lays it out: allocated and
/// aligned pointers, offset, sizes, strides. Left uninitialized: a call
/// writes the words of its rank (on the eager hot path).
struct Descriptor {
  std::array<int64_t, 3 + 2 * kMaxRank> words;
};

/// The runtime sits below dtype's names (lib/): dtypes print by index.
std::string describe(tnp::dtype dtype, size_t rank) {
  return llvm::formatv("dtype #{0} of rank {1}", dtype.index(), rank).str();
}

} // namespace

llvm::Error
CompiledFunction::operator()(llvm::ArrayRef<ArrayView> arrays) const {
  if (arrays.size() != signature.size())
    return llvm::createStringError(
        llvm::formatv("the function takes {0} arrays, not {1}",
                      signature.size(), arrays.size())
            .str());
  size_t n = arrays.size();
  llvm::SmallVector<Descriptor, 6> descriptors;
  llvm::SmallVector<void *, 6> pointers, args;
  descriptors.resize_for_overwrite(n);
  pointers.resize_for_overwrite(n);
  args.resize_for_overwrite(n);
  for (size_t i = 0; i < n; ++i) {
    const ArrayView &a = arrays[i];
    int rank = a.shape.size();
    if (a.dtype != signature[i].dtype || rank != signature[i].rank)
      return llvm::createStringError(
          llvm::formatv("array {0} is {1}; the function takes {2}", i,
                        describe(a.dtype, rank),
                        describe(signature[i].dtype, signature[i].rank))
              .str());
    if (a.device != device)
      return llvm::createStringError(
          llvm::formatv("array {0} is not in {1} memory", i,
                        device == Device::Host ? "host" : "GPU")
              .str());
    int64_t *words = descriptors[i].words.data();
    words[0] = words[1] = reinterpret_cast<int64_t>(a.data);
    words[2] = 0;
    int64_t stride = 1;
    for (int d = rank - 1; d >= 0; --d) {
      if (!a.strides.empty() && a.strides[d] != stride && a.shape[d] != 1)
        return llvm::createStringError(
            llvm::formatv("array {0} is not row-major: stride {1} of "
                          "dimension {2} should be {3}",
                          i, a.strides[d], d, stride)
                .str());
      words[3 + d] = a.shape[d];
      words[3 + rank + d] = stride;
      stride *= a.shape[d];
    }
    pointers[i] = &descriptors[i];
    args[i] = &pointers[i];
  }
  fn(args.data());
  return llvm::Error::success();
}
