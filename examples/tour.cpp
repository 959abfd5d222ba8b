//===- tour.cpp - the TF-NumPy tour, in C++ -------------------------------===//
//
// The sections of TensorFlow's "NumPy API on TensorFlow" guide that tnp
// covers so far, printing what the Python tour prints. Run: scripts/demo.
//
//===----------------------------------------------------------------------===//

#include <tnp/tnp.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <iostream>
#include <optional>
#include <string>
#include <tuple>
#include <unistd.h>
#include <vector>

namespace {

/// TF prints dtypes as `<dtype: 'float32'>`.
std::string tfDType(tnp::dtype t) {
  return "<dtype: '" + std::string(t.name()) + "'>";
}

/// TF prints a tensor as `tf.Tensor(<str>, shape=(2, 2), dtype=float32)`,
/// with the values on their own lines when they take several.
std::string tfTensor(const tnp::ndarray &a) {
  std::string values = tnp::str(a);
  std::string sep = values.find('\n') == std::string::npos ? "" : "\n";
  return "tf.Tensor(" + sep + values + ", shape=" + tnp::to_string(a.shape()) +
         ", dtype=" + std::string(a.dtype().name()) + ")";
}

void ndArrays() {
  std::cout << "## TF NumPy ND array\n\n";
  // Create an ND array and check out different attributes.
  tnp::ndarray ones = tnp::ones({5, 3}, tnp::float32);
  std::cout << "Created ND array with shape = " << tnp::to_string(ones.shape())
            << ", rank = " << ones.ndim()
            << ", dtype = " << tfDType(ones.dtype())
            << " on device = " << ones.device() << "\n\n";
  // Try commonly used member functions.
  std::cout << "ndarray.T has shape " << tnp::to_string(ones.T().shape())
            << "\n";
  std::cout << "narray.reshape(-1) has shape "
            << tnp::to_string(ones.reshape({-1}).shape()) << "\n\n";
}

void typePromotion() {
  std::cout << "## Type promotion\n\n";
  std::cout << "Type promotion for operations\n";
  std::vector<tnp::ndarray> values;
  for (tnp::dtype d : {tnp::int32, tnp::int64, tnp::float32, tnp::float64})
    values.push_back(tnp::asarray(1, d));
  for (size_t i = 0; i < values.size(); ++i)
    for (size_t j = i + 1; j < values.size(); ++j)
      std::cout << values[i].dtype() << " + " << values[j].dtype() << " => "
                << (values[i] + values[j]).dtype() << "\n";

  std::cout << "Type inference during array creation\n";
  std::cout << "tnp.asarray(1).dtype == tnp." << tnp::asarray(1).dtype()
            << "\n";
  std::cout << "tnp.asarray(1.).dtype == tnp." << tnp::asarray(1.).dtype()
            << "\n\n";

  for (bool prefer : {true, false}) {
    tnp::set_promotion(tnp::promotion_mode::numpy, {.prefer_float32 = prefer});
    std::cout << "When prefer_float32 is " << (prefer ? "True" : "False")
              << ":\n";
    std::cout << "tnp.asarray(1.).dtype == tnp." << tnp::asarray(1.).dtype()
              << "\n";
    std::cout << "tnp.add(1., 2.).dtype == tnp." << tnp::add(1., 2.).dtype()
              << "\n";
  }
  std::cout << "\n";
}

void broadcasting() {
  std::cout << "## Broadcasting\n\n";
  tnp::ndarray x = tnp::ones({2, 3});
  tnp::ndarray y = tnp::ones({3});
  tnp::ndarray z = tnp::ones({1, 2, 1});
  std::cout << "Broadcasting shapes " << tnp::to_string(x.shape()) << ", "
            << tnp::to_string(y.shape()) << " and " << tnp::to_string(z.shape())
            << " gives shape " << tnp::to_string((x + y + z).shape()) << "\n\n";
}

void indexing() {
  std::cout << "## Indexing\n\n";
  // Basic indexing takes a tuple of indices or slices.
  tnp::ndarray x = tnp::arange(24).reshape({2, 3, 4});

  std::cout << "Basic indexing\n";
  std::cout << x(1, tnp::newaxis, tnp::slice(1, 3), tnp::ellipsis) << " \n\n";

  std::cout << "Boolean indexing\n";
  std::cout << x[{tnp::slice(), {true, false, true}}] << " \n\n";

  std::cout << "Advanced indexing\n";
  std::cout << x(1, tnp::asarray({0, 0, 1}), tnp::asarray({0, 1, 1})) << "\n";

  // Arrays are immutable: `tnp::arange(6)(1) = -1` does not compile. An
  // update returns a new array, as JAX's x.at[1].set(-1) does.
  std::cout << "Updates return new arrays: " << tnp::arange(6).at(1).set(-1)
            << "\n\n";
}

using Weights = std::tuple<tnp::ndarray, tnp::ndarray, tnp::ndarray>;

/// The tour's model: a dense ReLU layer and a linear projection.
class Model {
public:
  tnp::ndarray predict(const tnp::ndarray &inputs) {
    if (!params) {
      int64_t size = inputs.shape()[1];
      // Note that type `tnp::float32` is used for performance.
      tnp::ndarray stddev = tnp::sqrt(tnp::asarray(size)).astype(tnp::float32);
      tnp::ndarray w1 =
          tnp::random::randn({size, 64}).astype(tnp::float32) / stddev;
      tnp::ndarray bias = tnp::random::randn({64}).astype(tnp::float32);
      tnp::ndarray w2 = tnp::random::randn({64, 2}).astype(tnp::float32) / 8;
      params = {w1, bias, w2};
    }
    auto [w1, bias, w2] = *params;
    tnp::ndarray y = tnp::matmul(inputs, w1) + bias;
    y = tnp::maximum(y, 0);    // Relu
    return tnp::matmul(y, w2); // Linear projection
  }
  /// The weights, made by the first predict (the Python model's weights).
  const Weights &weights() const { return *params; }

private:
  std::optional<Weights> params;
};

void exampleModel() {
  std::cout << "## Example Model\n\n";
  Model model;
  // Create input data and compute predictions.
  std::cout << tfTensor(model.predict(tnp::ones({2, 32}, tnp::float32)))
            << "\n\n";
}

/// A plain C function: it knows pointers and counts, not tnp.
double cSum(const double *values, size_t count) {
  double total = 0;
  for (size_t i = 0; i < count; ++i)
    total += values[i];
  return total;
}

void interoperability() {
  std::cout << "## NumPy interoperability and buffer copies\n\n";
  // Memory tnp can use in place (64-byte aligned) becomes an array without a
  // copy, as an aligned NumPy array does in TF-NumPy.
  tnp::aligned_vector<float> values = {1, 2, 3, 4, 5, 6};
  const float *memory = values.data();
  tnp::ndarray x = tnp::from_vector(std::move(values), tnp::shape_t{2, 3});
  std::cout << "from_vector(aligned_vector<float>): shares memory: "
            << (x.data() == memory ? "True" : "False")
            << ", sum = " << tnp::sum(x).item<float>() << "\n";
  // Memory that is not aligned is copied, once.
  tnp::aligned_vector<double> padded(7, 1.0);
  tnp::ndarray y = tnp::from_buffer(padded.data() + 1, {6}, tnp::float64);
  std::cout << "from_buffer 8 bytes past a 64-byte boundary: shares memory: "
            << (y.data() == padded.data() + 1 ? "True" : "False")
            << " (copied)\n";
  // And tnp's memory goes to plain C code through data().
  tnp::ndarray z = tnp::arange(6.0).reshape({2, 3});
  std::cout << "a C function over data(): sum = "
            << cSum(static_cast<const double *>(z.data()), z.size()) << "\n";
  // A .npy file NumPy reads; written aside and renamed, so that tours running
  // side by side never read half a file.
  std::string path =
      (std::filesystem::temp_directory_path() / "tnp-tour.npy").string();
  std::string aside = path + "." + std::to_string(::getpid());
  tnp::save(aside, z);
  std::filesystem::rename(aside, path);
  std::cout << "saved " << path << "; NumPy reads it with\n"
            << "  python3 -c \"import numpy as np; print(np.load('" << path
            << "'))\"\n";
  tnp::ndarray back = tnp::load(path);
  std::cout << "tnp::load gives " << tnp::repr(back) << "\n\n";
}

/// Creates a batch of input and labels.
std::pair<tnp::ndarray, tnp::ndarray> createBatch(int64_t batchSize = 32) {
  return {tnp::random::randn({batchSize, 32}).astype(tnp::float32),
          tnp::random::randn({batchSize, 2}).astype(tnp::float32)};
}

/// Computes gradients of squared loss between model prediction and labels.
Weights computeGradients(Model &model, const tnp::ndarray &inputs,
                         const tnp::ndarray &labels) {
  tnp::GradientTape tape;
  // Note that the weights need to be explicitly watched: they are arrays,
  // not variables.
  tape.watch(model.weights());
  // Compute prediction and loss.
  tnp::ndarray prediction = model.predict(inputs);
  tnp::ndarray loss = tnp::sum(tnp::square(prediction - labels));
  // This call computes the gradient through the computation above.
  return tape.gradient(loss, model.weights());
}

/// TF prints a shape as `TensorShape([32, 64])`.
std::string tfShape(const tnp::ndarray &a) {
  std::string dims;
  for (int64_t d : a.shape())
    dims += (dims.empty() ? "" : ", ") + std::to_string(d);
  return "TensorShape([" + dims + "])";
}

/// And a list of them as `[TensorShape([32, 64]), ...]`.
std::string tfShapes(const Weights &arrays) {
  auto [a, b, c] = arrays;
  return "[" + tfShape(a) + ", " + tfShape(b) + ", " + tfShape(c) + "]";
}

void gradients() {
  std::cout << "## Gradients and Jacobians: tf.GradientTape\n\n";
  Model model;
  (void)model.predict(tnp::ones({2, 32}, tnp::float32));
  auto [inputs, labels] = createBatch();
  Weights grads = computeGradients(model, inputs, labels);
  // Inspect the shapes of returned gradients to verify they match the
  // parameter shapes.
  std::cout << "Parameter shapes: " << tfShapes(model.weights()) << "\n";
  std::cout << "Gradient shapes: " << tfShapes(grads) << "\n";

  // Computes a batch of jacobians. Each row is the jacobian of an element in
  // the batch of outputs w.r.t. the corresponding input batch element.
  auto predictionBatchJacobian = [&](const tnp::ndarray &inputs) {
    tnp::GradientTape tape;
    tape.watch(inputs);
    tnp::ndarray prediction = model.predict(inputs);
    return std::make_pair(prediction, tape.batch_jacobian(prediction, inputs));
  };
  tnp::ndarray inpBatch = tnp::ones({16, 32}, tnp::float32);
  auto [output, batchJacobian] = predictionBatchJacobian(inpBatch);
  // Note how the batch jacobian shape relates to the input and output
  // shapes.
  std::cout << "Output shape: " << tnp::to_string(output.shape())
            << ", input shape: " << tnp::to_string(inpBatch.shape()) << "\n";
  std::cout << "Batch jacobian shape: " << tnp::to_string(batchJacobian.shape())
            << "\n\n";
}

/// Median milliseconds per call of `fn` over `reps` calls, after one call
/// (which traces and compiles, where it does).
double milliseconds(const std::function<void()> &fn, int reps = 50) {
  using Clock = std::chrono::steady_clock;
  fn();
  std::vector<double> times;
  for (int i = 0; i < reps; ++i) {
    auto start = Clock::now();
    fn();
    times.push_back(
        std::chrono::duration<double, std::milli>(Clock::now() - start)
            .count());
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

tnp::ndarray sigmoid(const tnp::ndarray &y) { return 1. / (1. + tnp::exp(-y)); }

void tfFunction() {
  std::cout << "## tf.function\n\n";
  // tnp::trace records the function once per signature and runs it compiled
  // (fused, vectorized, parallel), as tf.function does.
  Model model;
  tnp::ndarray inputs = tnp::ones({512, 32}, tnp::float32);
  auto compiledPredict =
      tnp::trace([&](const tnp::ndarray &x) { return model.predict(x); });
  std::printf("Eager performance\n%.3f ms\n",
              milliseconds([&] { model.predict(inputs); }));
  std::printf("tf.function compiled performance\n%.3f ms\n",
              milliseconds([&] { compiledPredict(inputs); }));
  std::cout << "Traced " << compiledPredict.trace_count()
            << " time(s); calls that ran the trace: "
            << compiledPredict.cache_hits() + 1 << "\n\n";

  // The tour's timing of compute_gradients: the tape recording eagerly,
  // against the whole function (tape included) traced and compiled.
  auto [batch, labels] = createBatch(512);
  auto compiledComputeGradients =
      tnp::trace([&](const tnp::ndarray &x, const tnp::ndarray &y) {
        return computeGradients(model, x, y);
      });
  std::cout << "Gradients, eager vs tf.function (compute_gradients, batch "
               "512)\n";
  std::printf("Eager performance\n%.3f ms\n",
              milliseconds([&] { computeGradients(model, batch, labels); }));
  std::printf("tf.function compiled performance\n%.3f ms\n\n",
              milliseconds([&] { compiledComputeGradients(batch, labels); }));

  auto compiledSigmoid = tnp::trace(sigmoid);
  std::cout << "The traced sigmoid, as tnp-opt reads it:\n"
            << compiledSigmoid.ir(tnp::ir_stage::traced,
                                  tnp::ones({4}, tnp::float32))
            << "\n";
  // And, where there is a GPU, the compiled sigmoid on GPU:0, its input
  // there already (the seed's GPU benchmark).
  bool gpu = !tnp::config::list_logical_devices("GPU").empty();
  std::cout << "Sigmoid, eager vs tf.function (ms per call)"
            << (gpu ? ", and tf.function on GPU:0" : "") << "\n";
  for (int k : {0, 5, 10, 15, 20}) {
    tnp::ndarray y = tnp::random::randn({int64_t(1) << k}).astype(tnp::float32);
    std::printf("size 2**%-2d eager %8.3f  compiled %8.3f", k,
                milliseconds([&] { sigmoid(y); }, 20),
                milliseconds([&] { compiledSigmoid(y); }, 20));
    if (gpu) {
      tnp::device_scope scope("GPU:0");
      tnp::ndarray onGpu = tnp::copy(y);
      std::printf("  GPU:0 %8.3f",
                  milliseconds(
                      [&] { compiledSigmoid(onGpu).block_until_ready(); }, 20));
    }
    std::printf("\n");
  }
  std::cout << "\n";
}

void vectorization() {
  std::cout << "## Vectorization: tf.vectorized_map\n\n";
  Model model;
  (void)model.predict(tnp::ones({2, 32}, tnp::float32));
  auto singleExampleGradient =
      [&](const std::pair<tnp::ndarray, tnp::ndarray> &arg) {
        auto [inp, label] = arg;
        return computeGradients(model, tnp::expand_dims(inp, 0),
                                tnp::expand_dims(label, 0));
      };
  // Note that a call to `tnp::vectorized_map` semantically maps
  // `singleExampleGradient` over each row of `inputs` and `labels`. The
  // interface is similar to `tnp::map_fn`. The underlying machinery
  // vectorizes away this map loop which gives nice speedups.
  auto vectorizedPerExampleGradients =
      tnp::trace([&](const tnp::ndarray &inputs, const tnp::ndarray &labels) {
        return tnp::vectorized_map(singleExampleGradient,
                                   std::make_pair(inputs, labels));
      });
  int64_t batchSize = 128;
  auto [inputs, labels] = createBatch(batchSize);
  Weights perExampleGradients = vectorizedPerExampleGradients(inputs, labels);
  auto [w1, b, w2] = model.weights();
  auto [p1, pb, p2] = perExampleGradients;
  for (auto [w, p] : {std::pair(w1, p1), std::pair(b, pb), std::pair(w2, p2)})
    std::cout << "Weight shape: " << tnp::to_string(w.shape())
              << ", batch size: " << batchSize
              << ", per example gradient shape: " << tnp::to_string(p.shape())
              << " \n";

  // Benchmark the vectorized computation above and compare with
  // unvectorized sequential computation using `tnp::map_fn`.
  auto unvectorizedPerExampleGradients =
      tnp::trace([&](const tnp::ndarray &inputs, const tnp::ndarray &labels) {
        return tnp::map_fn(singleExampleGradient,
                           std::make_pair(inputs, labels));
      });
  std::printf("Running vectorized computation\n%.3f ms\n\n", milliseconds([&] {
                vectorizedPerExampleGradients(inputs, labels);
              }));
  std::printf(
      "Running unvectorized computation\n%.3f ms\n\n",
      milliseconds([&] { unvectorizedPerExampleGradients(inputs, labels); }));
}

/// TF prints device lists as Python reprs of namedtuples.
template <typename Device>
std::string pyList(const std::vector<Device> &devices, const char *kind) {
  std::string out = "[";
  for (const Device &d : devices)
    out += std::string(out.size() > 1 ? ", " : "") + kind + "(name='" + d.name +
           "', device_type='" + d.device_type + "')";
  return out + "]";
}

void devicePlacement() {
  std::cout << "## Device placement\n\n";
  std::cout << "All logical devices: "
            << pyList(tnp::config::list_logical_devices(), "LogicalDevice")
            << "\n";
  std::cout << "All physical devices: "
            << pyList(tnp::config::list_physical_devices(), "PhysicalDevice")
            << "\n";
  // Try to get the GPU device. If unavailable, fall back to the CPU.
  auto gpus = tnp::config::list_logical_devices("GPU");
  std::string device = gpus.empty() ? "/device:CPU:0" : gpus[0].name;
  std::cout << "Using device: " << device << "\n";
  Model model;
  tnp::ndarray prediction;
  {
    // Run operations in the device's scope: on a GPU, the model's
    // parameters are copied there for each operation, and the prediction
    // stays there.
    tnp::device_scope scope(device);
    prediction = model.predict(createBatch(5).first);
  }
  std::cout << "prediction is placed on " << prediction.device() << "\n";
  tnp::ndarray predictionCpu;
  {
    tnp::device_scope scope("/device:CPU:0");
    predictionCpu = tnp::copy(prediction);
  }
  std::cout << prediction.device() << "\n" << predictionCpu.device() << "\n\n";
}

} // namespace

int main() {
  try {
    tnp::random::seed(0);
    ndArrays();
    typePromotion();
    broadcasting();
    indexing();
    exampleModel();
    interoperability();
    gradients();
    tfFunction();
    vectorization();
    devicePlacement();
  } catch (const tnp::Error &e) {
    std::cerr << "tour: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
