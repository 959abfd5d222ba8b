//===- Workers.cpp - the threads tnp's host code runs on ------------------===//

#include "runtime/Workers.h"

#include "llvm/Support/Threading.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

using namespace tnp::runtime;

namespace {

/// The CPUs this process may run on.
unsigned cpus() {
  static unsigned count =
      std::max(1u, llvm::hardware_concurrency().compute_thread_count());
  return count;
}

/// How long an idle worker polls for the next job before it sleeps. Waking
/// a sleeping thread took tens of microseconds here (a 128^2 float32 product
/// split in two ran slower than on one thread); eager calls in a loop come
/// a few microseconds apart. OpenMP's and OpenBLAS's workers poll too.
constexpr std::chrono::microseconds kPollTime(200);

/// Spins politely: the core's other hyperthread keeps running.
inline void pause() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#else
  std::this_thread::yield();
#endif
}

/// The chunks of one runChunks call, taken in turn by the caller and the
/// workers.
struct Job {
  llvm::function_ref<void(int64_t)> chunk;
  int64_t chunks;
  std::atomic<int64_t> next{0};
  std::atomic<int64_t> done{0};

  /// Runs chunks until none is left.
  void work() {
    for (int64_t c = next.fetch_add(1); c < chunks; c = next.fetch_add(1)) {
      chunk(c);
      done.fetch_add(1, std::memory_order_release);
    }
  }
};

/// Set on the pool's threads: a runChunks from inside a chunk runs inline.
thread_local bool isWorker = false;

/// Workers besides the calling thread, which takes chunks too. One job runs
/// at a time; a call that finds the pool busy runs its chunks inline.
class Pool {
public:
  explicit Pool(unsigned workers) {
    for (unsigned w = 0; w < workers; ++w)
      std::thread([this] { serve(); }).detach();
  }

  /// Runs `job` on the pool, or returns false if it is busy.
  bool run(Job &job) {
    std::unique_lock<std::mutex> busy(jobMutex, std::try_to_lock);
    if (!busy.owns_lock())
      return false;
    current.store(&job);
    generation.fetch_add(1);
    if (sleepers.load() > 0) {
      { std::lock_guard<std::mutex> lock(sleepMutex); }
      wake.notify_all();
    }
    job.work();
    while (job.done.load(std::memory_order_acquire) < job.chunks)
      pause();
    // No worker may still hold the job once it is gone: one that entered
    // before this store is waited for, one after it sees null.
    current.store(nullptr);
    while (active.load() > 0)
      pause();
    return true;
  }

private:
  void serve() {
    isWorker = true;
    uint64_t seen = generation.load();
    for (;;) {
      waitForJob(seen);
      seen = generation.load();
      active.fetch_add(1);
      if (Job *job = current.load())
        job->work();
      active.fetch_sub(1);
    }
  }

  /// Returns once the generation is past `seen`: polling for kPollTime,
  /// then asleep.
  void waitForJob(uint64_t seen) {
    auto start = std::chrono::steady_clock::now();
    for (unsigned spins = 0; generation.load() == seen; ++spins) {
      pause();
      if (spins % 64 == 0 &&
          std::chrono::steady_clock::now() - start > kPollTime) {
        std::unique_lock<std::mutex> lock(sleepMutex);
        sleepers.fetch_add(1);
        wake.wait(lock, [&] { return generation.load() != seen; });
        sleepers.fetch_sub(1);
        return;
      }
    }
  }

  std::mutex jobMutex;
  std::atomic<Job *> current{nullptr};
  std::atomic<uint64_t> generation{0};
  std::atomic<int> active{0};
  std::mutex sleepMutex;
  std::condition_variable wake;
  std::atomic<int> sleepers{0};
};

/// The process's pool, never destroyed: its threads may outlive static
/// destructors.
Pool &pool() {
  static Pool *workers = new Pool(cpus() - 1);
  return *workers;
}

} // namespace

unsigned tnp::runtime::workerThreads() { return cpus(); }

void tnp::runtime::runChunks(int64_t chunks,
                             llvm::function_ref<void(int64_t)> chunk) {
  if (chunks <= 0)
    return;
  Job job{chunk, chunks};
  if (chunks == 1 || isWorker || cpus() == 1 || !pool().run(job))
    job.work();
}
