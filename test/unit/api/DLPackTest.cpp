//===- DLPackTest.cpp - DLPack import and export --------------------------===//
//
// Round trips without copies, strided and misaligned tensors copied once,
// deleters called exactly once on every path, errors for other devices and
// dtypes. NumPy's side is dlpack-numpy.test.
//
//===----------------------------------------------------------------------===//

#include "ErrorOf.h"

#include <tnp/dlpack.h>
#include <tnp/tnp.h>

#include "runtime/Buffer.h"

#include "gtest/gtest.h"

#include <cstdlib>
#include <vector>

using tnp::ndarray;
using tnp::runtime::Buffer;

namespace {

TEST(DLPack, ExportThenImportSharesMemoryForEveryDType) {
  for (int i = 0; i < tnp::dtype::count; ++i) {
    tnp::dtype dtype(static_cast<tnp::dtype::code>(i));
    SCOPED_TRACE(std::string(dtype.name()));
    ndarray a = tnp::arange(12).reshape({3, 4}).astype(dtype);
    DLManagedTensor *t = tnp::to_dlpack(a);
    EXPECT_EQ(t->dl_tensor.data, a.data());
    EXPECT_EQ(t->dl_tensor.device.device_type, kDLCPU);
    EXPECT_EQ(t->dl_tensor.ndim, 2);
    EXPECT_EQ(t->dl_tensor.shape[0], 3);
    EXPECT_EQ(t->dl_tensor.strides[0], 4);
    EXPECT_EQ(t->dl_tensor.dtype.bits, dtype.itemsize() * 8);
    size_t allocations = Buffer::allocationCount();
    ndarray b = tnp::from_dlpack(t);
    EXPECT_EQ(Buffer::allocationCount(), allocations) << "copied";
    EXPECT_EQ(b.data(), a.data());
    EXPECT_EQ(b.dtype(), dtype);
    EXPECT_EQ(b.shape(), a.shape());
  }
}

/// A DLPack tensor over `values` whose deleter counts its calls.
struct Foreign {
  explicit Foreign(std::vector<int64_t> shape, size_t count, size_t offset = 0)
      : shape(std::move(shape)) {
    storage = static_cast<double *>(std::aligned_alloc(64, 64 * (count + 8)));
    for (size_t i = 0; i < count; ++i)
      storage[offset + i] = double(i);
    managed.dl_tensor.data = storage;
    managed.dl_tensor.byte_offset = offset * sizeof(double);
    managed.dl_tensor.device = {kDLCPU, 0};
    managed.dl_tensor.ndim = static_cast<int32_t>(this->shape.size());
    managed.dl_tensor.dtype = {kDLFloat, 64, 1};
    managed.dl_tensor.shape = this->shape.data();
    managed.dl_tensor.strides = nullptr;
    managed.manager_ctx = this;
    managed.deleter = [](DLManagedTensor *self) {
      ++static_cast<Foreign *>(self->manager_ctx)->deletes;
    };
  }
  ~Foreign() { std::free(storage); }

  std::vector<int64_t> shape;
  std::vector<int64_t> strides;
  double *storage;
  DLManagedTensor managed{};
  int deletes = 0;
};

TEST(DLPack, ForeignTensorIsDeletedOnceWhenTheLastArrayGoes) {
  Foreign foreign({2, 3}, 6);
  {
    ndarray a = tnp::from_dlpack(&foreign.managed);
    ndarray row = a(1);
    a = ndarray();
    EXPECT_EQ(foreign.deletes, 0);
    EXPECT_EQ(row.to_vector<double>(), (std::vector<double>{3, 4, 5}));
  }
  EXPECT_EQ(foreign.deletes, 1);
}

TEST(DLPack, StridedAndMisalignedTensorsAreCopiedOnce) {
  // The transpose of a 2x3 row-major tensor: shape (3, 2), strides (1, 3).
  Foreign transposed({3, 2}, 6);
  transposed.strides = {1, 3};
  transposed.managed.dl_tensor.strides = transposed.strides.data();
  size_t allocations = Buffer::allocationCount();
  ndarray t = tnp::from_dlpack(&transposed.managed);
  EXPECT_EQ(Buffer::allocationCount(), allocations + 1);
  EXPECT_EQ(transposed.deletes, 1);
  EXPECT_EQ(t.to_vector<double>(), (std::vector<double>{0, 3, 1, 4, 2, 5}));

  // Reversed: a negative stride from the last element.
  Foreign reversed({4}, 4);
  reversed.strides = {-1};
  reversed.managed.dl_tensor.strides = reversed.strides.data();
  reversed.managed.dl_tensor.byte_offset = 3 * sizeof(double);
  EXPECT_EQ(tnp::from_dlpack(&reversed.managed).to_vector<double>(),
            (std::vector<double>{3, 2, 1, 0}));

  // Broadcast: a zero stride repeats the row (torch's expand exports so).
  Foreign expanded({3, 2}, 2);
  expanded.strides = {0, 1};
  expanded.managed.dl_tensor.strides = expanded.strides.data();
  EXPECT_EQ(tnp::from_dlpack(&expanded.managed).to_vector<double>(),
            (std::vector<double>{0, 1, 0, 1, 0, 1}));

  Foreign misaligned({5}, 5, /*offset=*/1);
  allocations = Buffer::allocationCount();
  ndarray m = tnp::from_dlpack(&misaligned.managed);
  EXPECT_EQ(Buffer::allocationCount(), allocations + 1);
  EXPECT_EQ(misaligned.deletes, 1);
  EXPECT_EQ(m.to_vector<double>(), (std::vector<double>{0, 1, 2, 3, 4}));

  // Strides of size-1 dimensions do not matter: no copy.
  Foreign column({3, 1}, 3);
  column.strides = {1, 99};
  column.managed.dl_tensor.strides = column.strides.data();
  allocations = Buffer::allocationCount();
  ndarray c = tnp::from_dlpack(&column.managed);
  EXPECT_EQ(Buffer::allocationCount(), allocations);
}

TEST(DLPack, RefusedTensorsAreStillDeleted) {
  Foreign gpu({2}, 2);
  // A CUDA device tnp has not got (GpuArrayTest imports from one it has).
  gpu.managed.dl_tensor.device = {kDLCUDA, 9};
  EXPECT_NE(errorOf<tnp::DeviceError>([&] { tnp::from_dlpack(&gpu.managed); })
                .find("from_dlpack: the tensor is on DLPack device type 2 (id "
                      "9); tnp reads CPU tensors (kDLCPU) and tensors on its "
                      "GPUs (kDLCUDA, "),
            std::string::npos);
  EXPECT_EQ(gpu.deletes, 1);

  Foreign vector({2}, 2);
  vector.managed.dl_tensor.dtype = {kDLFloat, 32, 4};
  EXPECT_EQ(errorOf<tnp::TypeError>([&] { tnp::from_dlpack(&vector.managed); }),
            "from_dlpack: no tnp dtype for DLPack type code 2, 32 bits, 4 "
            "lanes");
  EXPECT_EQ(vector.deletes, 1);

  Foreign negative({2, -3}, 2);
  EXPECT_EQ(
      errorOf<tnp::ValueError>([&] { tnp::from_dlpack(&negative.managed); }),
      "from_dlpack: negative dimensions are not allowed: (2,-3)");
  EXPECT_EQ(negative.deletes, 1);
  EXPECT_EQ(errorOf<tnp::ValueError>([&] { tnp::from_dlpack(nullptr); }),
            "from_dlpack: null tensor");
}

TEST(DLPack, ExportKeepsTheArrayAliveUntilDeleted) {
  size_t live = Buffer::liveCount();
  DLManagedTensor *t = tnp::to_dlpack(tnp::arange(5.0));
  EXPECT_EQ(Buffer::liveCount(), live + 1);
  EXPECT_EQ(static_cast<const double *>(t->dl_tensor.data)[4], 4.0);
  t->deleter(t);
  EXPECT_EQ(Buffer::liveCount(), live);
}

} // namespace
