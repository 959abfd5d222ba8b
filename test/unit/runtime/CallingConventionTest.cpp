//===- CallingConventionTest.cpp - Tests of runtime/CallingConvention -----===//

#include "RuntimeTestSupport.h"

#include "runtime/CallingConvention.h"

using namespace tnp::runtime;
using namespace tnp::runtime::testing;

namespace {

/// `copy(in, out)` in the convention's C interface: out[0] = in[0] + the
/// size of in's dimension 0, read from the memref descriptors' aligned
/// pointer (word 1) and first size (word 3).
constexpr const char *kCopyModule = R"mlir(
llvm.func @_mlir_ciface_copy(%in: !llvm.ptr, %out: !llvm.ptr) {
  %ip = llvm.getelementptr %in[1] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
  %id = llvm.load %ip : !llvm.ptr -> !llvm.ptr
  %sp = llvm.getelementptr %in[3] : (!llvm.ptr) -> !llvm.ptr, i64
  %n = llvm.load %sp : !llvm.ptr -> i64
  %op = llvm.getelementptr %out[1] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
  %od = llvm.load %op : !llvm.ptr -> !llvm.ptr
  %v = llvm.load %id : !llvm.ptr -> f32
  %nf = llvm.sitofp %n : i64 to f32
  %w = llvm.fadd %v, %nf : f32
  llvm.store %w, %od : f32, !llvm.ptr
  llvm.return
}
)mlir";

class CallingConventionTest : public RuntimeTest {
protected:
  void SetUp() override {
    engine = take(JitEngine::create());
    ASSERT_TRUE(engine);
    executable = take(engine->compile(*parse(kCopyModule)));
    ASSERT_TRUE(executable);
  }

  CompiledFunction copy() {
    return llvm::cantFail(CompiledFunction::lookup(
        *executable, "copy", {{tnp::float32, 1}, {tnp::float32, 1}}));
  }

  static ArrayView view(float *data, llvm::ArrayRef<int64_t> shape) {
    ArrayView v;
    v.data = data;
    v.shape = shape;
    v.dtype = tnp::float32;
    return v;
  }

  std::unique_ptr<JitEngine> engine;
  std::unique_ptr<Executable> executable;
};

TEST_F(CallingConventionTest, PassesDescriptorsOfInputsThenResults) {
  float in[3] = {1.5f, 0, 0}, out[1] = {0};
  int64_t inShape[] = {3}, outShape[] = {1};
  ASSERT_FALSE(bool(copy()({view(in, inShape), view(out, outShape)})));
  EXPECT_EQ(out[0], 4.5f);
  // Row-major strides, given explicitly, are the same call.
  int64_t strides[] = {1};
  ArrayView strided = view(in, inShape);
  strided.strides = strides;
  ASSERT_FALSE(bool(copy()({strided, view(out, outShape)})));
  EXPECT_EQ(out[0], 4.5f);
}

TEST_F(CallingConventionTest, ACallThatDoesNotMatchCallsNothing) {
  float in[2] = {1, 2}, out[1] = {-1};
  int64_t shape[] = {2}, matrix[] = {1, 2}, one[] = {1};
  CompiledFunction f = copy();
  EXPECT_EQ(errorMessage(f({view(in, shape)})),
            "the function takes 2 arrays, not 1");
  ArrayView ints = view(in, shape);
  ints.dtype = tnp::int32;
  EXPECT_EQ(errorMessage(f({ints, view(out, one)})),
            "array 0 is dtype #5 of rank 1; the function takes dtype #11 of "
            "rank 1");
  EXPECT_EQ(errorMessage(f({view(in, shape), view(out, matrix)})),
            "array 1 is dtype #11 of rank 2; the function takes dtype #11 of "
            "rank 1");
  int64_t everyOther[] = {2};
  ArrayView strided = view(in, one);
  strided.strides = everyOther;
  strided.shape = shape;
  EXPECT_EQ(errorMessage(f({strided, view(out, one)})),
            "array 0 is not row-major: stride 2 of dimension 0 should be 1");
  EXPECT_EQ(out[0], -1.0f);
}

TEST_F(CallingConventionTest, RanksPastTheLimitAreErrors) {
  EXPECT_FALSE(bool(checkRank(kMaxRank)));
  EXPECT_EQ(errorMessage(checkRank(kMaxRank + 1)),
            "arrays of rank 9 are not supported (at most 8)");
  EXPECT_EQ(errorMessage(CompiledFunction::lookup(
                *executable, "copy", {{tnp::float32, 9}, {tnp::float32, 1}})),
            "arrays of rank 9 are not supported (at most 8)");
  EXPECT_NE(errorMessage(CompiledFunction::lookup(*executable, "missing",
                                                  {{tnp::float32, 1}})),
            "");
}

} // namespace
