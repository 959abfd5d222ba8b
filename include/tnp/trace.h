//===- trace.h - tf.function-style tracing compilation ----------*- C++ -*-===//
//
// tnp::trace(f) is tf.function for C++: the first call with a new signature
// runs f once on traced arrays, recording a function in the tnp dialect,
// compiles it, and caches it; later calls with that signature run the
// compiled code.
//
//   auto sigmoid = tnp::trace([](const tnp::ndarray &x) {
//     return 1 / (1 + tnp::exp(-x));
//   });
//   tnp::ndarray y = sigmoid(x);      // traces and compiles
//   y = sigmoid(x + 1);               // same shape and dtype: compiled code
//
// The signature of a call: each array argument's shape and dtype, the value
// of each C++ scalar argument (static, as a Python value is to tf.function:
// a new value retraces) and of each C++ scalar passed as an ndarray, the
// lengths of std::vector arguments, and the promotion mode in force.
// Arguments may be ndarrays, C++ scalars and std::tuple, std::pair,
// std::vector and std::array of them; f returns an ndarray or such a
// structure of ndarrays.
//
// Arrays f reads from outside (captured by the lambda) are passed to the
// compiled function as implicit arguments, never copied into its IR; the
// trace holds the arrays it captured (as tf.function holds captured
// tensors): rebinding a captured variable after tracing does not change the
// trace. While tracing, item(), to_vector(), a C++ `if` on an array and a
// bool mask index throw ConcretizationTypeError.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_TRACE_H
#define TNP_TRACE_H

#include <tnp/ndarray.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace tnp {

/// The stages of the compiler whose IR a trace can show.
enum class ir_stage {
  /// The tnp dialect, as recorded (what tnp-opt reads).
  traced,
  /// Tensors in linalg, arith and math, after promotion and lowering.
  linalg,
  /// The LLVM dialect, before translation to LLVM IR.
  llvm,
};

/// Seconds spent making one trace, by stage.
struct compile_times {
  double trace = 0;
  double to_linalg = 0;
  double to_llvm = 0;
  /// Translation to LLVM IR, LLVM's optimization and code generation (or
  /// loading the object from the disk cache).
  double codegen = 0;
};

/// One array argument of an input signature (tf.TensorSpec): its shape,
/// with -1 where any size is accepted (TF's None), and its dtype.
struct tensor_spec {
  shape_t shape;
  tnp::dtype dtype;
};

/// Options of tnp::trace.
struct trace_options {
  /// The traced function's name in its IR.
  std::string name = "traced";
  /// 0 compiles without fusion and vectorization (quicker to compile);
  /// 1 and above run the whole pipeline.
  int opt_level = 2;
  /// tf.function's input_signature: one spec per array argument, in order
  /// (structures flattened; C++ scalars are no arrays). A call must match it
  /// (TypeError otherwise); a -1 dimension takes any size without tracing
  /// again, as long as the function's shapes follow it (elementwise ops,
  /// broadcasts, reductions, matmul, transposes: ValueError at the first
  /// call for what cannot, such as a reshape or slice of that dimension).
  /// Empty: each call's shapes are its signature.
  std::vector<tensor_spec> input_signature;
};

namespace detail {

/// A compiled trace (opaque to the API).
struct CompiledTrace;

/// What a call's arrays contribute to its signature: shapes (or, for the
/// input signature's -1 dimensions, which of them are equal), dtypes, the
/// values of weak (C++ scalar) arrays, the promotion mode. TypeError for
/// arrays the input signature does not accept.
std::string arraySignature(const std::vector<ndarray> &leaves,
                           const trace_options &options);
/// Whether any of `leaves` is a traced array (a call inside another trace).
bool anyTraced(const std::vector<ndarray> &leaves);

/// Marks a call of the traced function `fn` with `leaves` (its argument
/// structure `structure`) active on this thread while it is traced or
/// recorded inline. RuntimeError when the same function is already active
/// with the same shapes, dtypes and C++ scalars: it calls itself with the
/// same signature while being traced, which never ends (recursion over
/// shrinking shapes or scalar arguments is fine).
class ActiveTrace {
public:
  ActiveTrace(const void *fn, const std::string &structure,
              const std::vector<ndarray> &leaves);
  ~ActiveTrace();
  ActiveTrace(const ActiveTrace &) = delete;
  ActiveTrace &operator=(const ActiveTrace &) = delete;
};

/// Turns one call of a traced function into compiled code. It records a
/// trace of the call with `leaves`: arguments() gives the traced
/// arrays to call f with (weak leaves stay as they are: static), again()
/// takes what f returned and says whether to call f once more (dynamic
/// dimensions are traced at two sets of symbolic sizes), finish() compiles.
class TraceCompiler {
public:
  TraceCompiler(const trace_options &options,
                const std::vector<ndarray> &leaves);
  ~TraceCompiler();
  std::vector<ndarray> arguments();
  bool again(const std::vector<ndarray> &outputs);
  /// f threw `e`: returns whether to call f again (once, at the call's
  /// own sizes, when `e` came at a dynamic dimension's symbolic size: then
  /// again() throws ValueError if f succeeds); otherwise the caller
  /// rethrows `e`, f's own error.
  bool failed(const std::exception &e);
  std::shared_ptr<const CompiledTrace> finish();

private:
  struct State;
  std::unique_ptr<State> state;
};

/// A traced function's compiled traces by signature. It keeps the most
/// recently used ones, as many as every in-memory cache of compiled code
/// keeps (docs/runtime.md, "Cache limits"); a signature evicted is traced
/// again when it comes back. Not thread-safe: the traced function locks.
class TraceEntries {
public:
  struct Entry {
    std::shared_ptr<const CompiledTrace> compiled;
    /// f's result with empty arrays: its structure.
    std::shared_ptr<void> skeleton;
  };
  TraceEntries();
  ~TraceEntries();
  /// The entry for `key` (now the most recently used), or null.
  const Entry *find(const std::string &key);
  void insert(const std::string &key, Entry entry);

private:
  struct Impl;
  std::unique_ptr<Impl> impl;
};

/// Runs a compiled trace on a call's leaves (the weak ones are skipped:
/// the trace holds them).
std::vector<ndarray> runTrace(const CompiledTrace &trace,
                              const std::vector<ndarray> &leaves);
/// The trace's IR after `stage`.
std::string traceIR(const CompiledTrace &trace, ir_stage stage);
compile_times traceTimes(const CompiledTrace &trace);

/// Flattens a structure of ndarrays and C++ scalars: the arrays in order,
/// and a key of what else the signature holds (scalar values, lengths).
template <typename T, typename = void> struct tree {
  static_assert(is_scalar_v<T>,
                "tnp::trace takes ndarrays, C++ scalars, and std::tuple, "
                "std::pair, std::vector and std::array of them");
  static constexpr bool arrays_only = false;
  static void flatten(const T &v, std::vector<ndarray> &, std::string &key) {
    char bytes[sizeof(T)];
    std::memcpy(bytes, &v, sizeof(T));
    key += 's';
    key.append(bytes, sizeof(T));
  }
  static T replace(const T &v, const std::vector<ndarray> &, size_t &) {
    return v;
  }
};

template <> struct tree<ndarray> {
  static constexpr bool arrays_only = true;
  static void flatten(const ndarray &a, std::vector<ndarray> &leaves,
                      std::string &key) {
    leaves.push_back(a);
    key += 'a';
  }
  static ndarray replace(const ndarray &, const std::vector<ndarray> &leaves,
                         size_t &next) {
    return leaves[next++];
  }
};

template <typename... T> struct tree<std::tuple<T...>> {
  static constexpr bool arrays_only = (tree<T>::arrays_only && ...);
  static void flatten(const std::tuple<T...> &t, std::vector<ndarray> &leaves,
                      std::string &key) {
    key += '(';
    std::apply([&](const T &...e) { (tree<T>::flatten(e, leaves, key), ...); },
               t);
    key += ')';
  }
  static std::tuple<T...> replace(const std::tuple<T...> &t,
                                  const std::vector<ndarray> &leaves,
                                  size_t &next) {
    // Braced initialization runs left to right, as flatten did.
    return std::apply(
        [&](const T &...e) {
          return std::tuple<T...>{tree<T>::replace(e, leaves, next)...};
        },
        t);
  }
};

template <typename A, typename B> struct tree<std::pair<A, B>> {
  static constexpr bool arrays_only =
      tree<A>::arrays_only && tree<B>::arrays_only;
  static void flatten(const std::pair<A, B> &p, std::vector<ndarray> &leaves,
                      std::string &key) {
    tree<A>::flatten(p.first, leaves, key);
    tree<B>::flatten(p.second, leaves, key);
  }
  static std::pair<A, B> replace(const std::pair<A, B> &p,
                                 const std::vector<ndarray> &leaves,
                                 size_t &next) {
    A first = tree<A>::replace(p.first, leaves, next);
    return {std::move(first), tree<B>::replace(p.second, leaves, next)};
  }
};

template <typename T> struct tree<std::vector<T>> {
  static constexpr bool arrays_only = tree<T>::arrays_only;
  static void flatten(const std::vector<T> &v, std::vector<ndarray> &leaves,
                      std::string &key) {
    key += "[" + std::to_string(v.size());
    for (const T &e : v)
      tree<T>::flatten(e, leaves, key);
    key += ']';
  }
  static std::vector<T> replace(const std::vector<T> &v,
                                const std::vector<ndarray> &leaves,
                                size_t &next) {
    std::vector<T> out;
    for (const T &e : v)
      out.push_back(tree<T>::replace(e, leaves, next));
    return out;
  }
};

template <typename T, size_t N> struct tree<std::array<T, N>> {
  static constexpr bool arrays_only = tree<T>::arrays_only;
  static void flatten(const std::array<T, N> &a, std::vector<ndarray> &leaves,
                      std::string &key) {
    for (const T &e : a)
      tree<T>::flatten(e, leaves, key);
  }
  static std::array<T, N> replace(const std::array<T, N> &a,
                                  const std::vector<ndarray> &leaves,
                                  size_t &next) {
    std::array<T, N> out;
    for (size_t i = 0; i < N; ++i)
      out[i] = tree<T>::replace(a[i], leaves, next);
    return out;
  }
};

template <typename T> using tree_of = tree<std::decay_t<T>>;

} // namespace detail

/// A traced function: see the top of this file.
template <typename F> class traced_function {
public:
  traced_function(F f, trace_options options)
      : shared(std::make_shared<Shared>(std::move(f), std::move(options))) {}

  /// Calls f: compiled code for a known signature, else traces first. A
  /// call on traced arrays (from inside another trace) is recorded inline.
  template <typename... Args> auto operator()(const Args &...args) const {
    using R = std::decay_t<std::invoke_result_t<const F &, const Args &...>>;
    static_assert(detail::tree<R>::arrays_only,
                  "a traced function returns an ndarray or a std::tuple, "
                  "std::pair, std::vector or std::array of ndarrays");
    std::vector<ndarray> leaves;
    std::string key;
    (detail::tree_of<Args>::flatten(args, leaves, key), ...);
    if (detail::anyTraced(leaves)) {
      detail::ActiveTrace active(shared.get(), key, leaves);
      return R(shared->f(args...));
    }
    Entry entry = find<R>(key, leaves, args...);
    size_t next = 0;
    std::vector<ndarray> outputs = detail::runTrace(*entry.compiled, leaves);
    return detail::tree<R>::replace(
        *std::static_pointer_cast<R>(entry.skeleton), outputs, next);
  }

  /// The IR of the trace for these arguments (tracing it if need be) after
  /// `stage`: what tnp-opt reads at ir_stage::traced.
  template <typename... Args>
  std::string ir(ir_stage stage, const Args &...args) const {
    return detail::traceIR(*entryFor(args...).compiled, stage);
  }
  /// The time that making the trace for these arguments took, by stage.
  template <typename... Args>
  compile_times compile_time(const Args &...args) const {
    return detail::traceTimes(*entryFor(args...).compiled);
  }

  /// How many times f has been traced (tf.function's
  /// experimental_get_tracing_count).
  int64_t trace_count() const { return shared->traces; }
  /// Calls that ran an existing trace.
  int64_t cache_hits() const { return shared->hits; }

private:
  using Entry = detail::TraceEntries::Entry;
  struct Shared {
    Shared(F f, trace_options options)
        : f(std::move(f)), options(std::move(options)) {}
    F f;
    trace_options options;
    /// Recursive: f may call its own traced_function on eager arrays.
    std::recursive_mutex mutex;
    detail::TraceEntries entries;
    int64_t traces = 0, hits = 0;
  };

  template <typename... Args> Entry entryFor(const Args &...args) const {
    using R = std::decay_t<std::invoke_result_t<const F &, const Args &...>>;
    std::vector<ndarray> leaves;
    std::string key;
    (detail::tree_of<Args>::flatten(args, leaves, key), ...);
    return find<R>(key, leaves, args...);
  }

  /// A copy: another thread may evict the entry once the lock is released.
  template <typename R, typename... Args>
  Entry find(std::string key, const std::vector<ndarray> &leaves,
             const Args &...args) const {
    key += detail::arraySignature(leaves, shared->options);
    std::lock_guard<std::recursive_mutex> lock(shared->mutex);
    if (const Entry *entry = shared->entries.find(key)) {
      ++shared->hits;
      return *entry;
    }
    detail::ActiveTrace active(shared.get(), key, leaves);
    detail::TraceCompiler compiler(shared->options, leaves);
    std::vector<ndarray> outputs;
    std::shared_ptr<R> skeleton;
    for (;;) {
      std::vector<ndarray> arrays = compiler.arguments();
      size_t next = 0;
      std::tuple<Args...> tracedArgs{
          detail::tree_of<Args>::replace(args, arrays, next)...};
      std::optional<R> traced;
      try {
        traced.emplace(std::apply(shared->f, tracedArgs));
      } catch (const std::exception &e) {
        if (!compiler.failed(e))
          throw;
        continue;
      }
      const R &result = *traced;
      outputs.clear();
      std::string outputKey;
      detail::tree<R>::flatten(result, outputs, outputKey);
      size_t first = 0;
      skeleton = std::make_shared<R>(detail::tree<R>::replace(
          result, std::vector<ndarray>(outputs.size()), first));
      if (!compiler.again(outputs))
        break;
    }
    Entry entry;
    entry.compiled = compiler.finish();
    entry.skeleton = std::move(skeleton);
    ++shared->traces;
    shared->entries.insert(key, entry);
    return entry;
  }

  std::shared_ptr<Shared> shared;
};

/// tf.function: `f` traced and compiled once per signature (see above).
template <typename F>
traced_function<std::decay_t<F>> trace(F &&f, trace_options options = {}) {
  return traced_function<std::decay_t<F>>(std::forward<F>(f),
                                          std::move(options));
}

} // namespace tnp

#endif // TNP_TRACE_H
