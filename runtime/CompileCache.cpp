//===- CompileCache.cpp - In-memory and on-disk cache of object code ------===//

#include "runtime/CompileCache.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/BLAKE3.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

using namespace tnp::runtime;
namespace fs = llvm::sys::fs;
namespace endian = llvm::support::endian;

namespace {
/// First bytes of every cache file.
constexpr char kMagic[8] = {'T', 'N', 'P', 'O', 'B', 'J', '\0', '\n'};
/// File name suffix of cached CPU objects.
constexpr llvm::StringLiteral kSuffix = ".tnpo";

// Header layout, little-endian, kHeaderSize bytes in all.
constexpr size_t kMagicOffset = 0;
constexpr size_t kVersionOffset = 8;
constexpr size_t kHeaderSizeOffset = 12;
constexpr size_t kKeyOffset = 16;
constexpr size_t kPayloadSizeOffset = 48;
constexpr size_t kChecksumOffset = 56;
static_assert(kChecksumOffset + 8 == CompileCache::kHeaderSize,
              "header fields must fill the header");

/// Why a cache directory or file described by `st` may not hold code this
/// process runs, or empty: it must be this user's (or, `rootToo`, root's:
/// an installed directory) and writable by no one else.
std::string untrusted(const struct stat &st, bool rootToo = false) {
  if (st.st_uid != ::geteuid() && !(rootToo && st.st_uid == 0))
    return llvm::formatv("owned by uid {0}, not by this user (uid {1})",
                         st.st_uid, ::geteuid())
        .str();
  if (st.st_mode & (S_IWGRP | S_IWOTH)) {
    std::string why;
    llvm::raw_string_ostream(why)
        << "writable by group or others (mode "
        << llvm::format("%04o", unsigned(st.st_mode & 07777)) << ")";
    return why;
  }
  return {};
}

/// Reads exactly `size` bytes from `fd` into `data`; false on an error or an
/// early end of file.
bool readExactly(int fd, char *data, size_t size) {
  while (size > 0) {
    ssize_t n = ::read(fd, data, size);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return false;
    data += n;
    size -= size_t(n);
  }
  return true;
}

/// Closes a file descriptor when it goes out of scope.
class ScopedFd {
public:
  explicit ScopedFd(int fd) : fd(fd) {}
  ~ScopedFd() {
    if (fd >= 0)
      ::close(fd);
  }
  ScopedFd(const ScopedFd &) = delete;
  ScopedFd &operator=(const ScopedFd &) = delete;
  int get() const { return fd; }

private:
  int fd;
};

std::string getEnv(const char *name) {
  std::optional<std::string> value = llvm::sys::Process::GetEnv(name);
  return value ? *value : std::string();
}

void hashPart(llvm::BLAKE3 &hasher, llvm::StringRef part) {
  uint8_t size[8];
  endian::write64le(size, part.size());
  hasher.update(llvm::ArrayRef<uint8_t>(size));
  hasher.update(part);
}
} // namespace

//===----------------------------------------------------------------------===//
// CacheKey
//===----------------------------------------------------------------------===//

CacheKey CacheKey::compute(llvm::StringRef irText, llvm::StringRef target,
                           llvm::StringRef version) {
  llvm::BLAKE3 hasher;
  hashPart(hasher, irText);
  hashPart(hasher, target);
  hashPart(hasher, version);
  CacheKey key;
  hasher.final(key.bytes);
  return key;
}

CacheKey CacheKey::ofContents(llvm::StringRef bytes) {
  CacheKey digest;
  digest.bytes = llvm::BLAKE3::hash<32>(llvm::arrayRefFromStringRef(bytes));
  return digest;
}

std::string CacheKey::hex() const {
  return llvm::toHex(llvm::ArrayRef<uint8_t>(bytes), /*LowerCase=*/true);
}

std::optional<CacheKey> CacheKey::fromHex(llvm::StringRef hex) {
  if (hex.size() != 2 * sizeof(bytes))
    return std::nullopt;
  std::string raw;
  if (!llvm::tryGetFromHex(hex, raw) || raw.size() != sizeof(bytes))
    return std::nullopt;
  CacheKey key;
  std::memcpy(key.bytes.data(), raw.data(), raw.size());
  return key;
}

//===----------------------------------------------------------------------===//
// CompileCache
//===----------------------------------------------------------------------===//

std::string CompileCache::defaultDirectory() {
  if (std::string dir = getEnv("TNP_CACHE_DIR"); !dir.empty())
    return dir;
  // The XDG spec says to ignore a relative XDG_CACHE_HOME.
  if (std::string xdg = getEnv("XDG_CACHE_HOME");
      !xdg.empty() && llvm::sys::path::is_absolute(xdg)) {
    llvm::SmallString<256> dir(xdg);
    llvm::sys::path::append(dir, "tnp");
    return std::string(dir);
  }
  if (std::string home = getEnv("HOME"); !home.empty()) {
    llvm::SmallString<256> dir(home);
    llvm::sys::path::append(dir, ".cache", "tnp");
    return std::string(dir);
  }
  return {};
}

CompileCache::CompileCache(std::optional<std::string> directory) {
  if (directory) {
    setDirectory(*directory);
    return;
  }
  std::string dir = defaultDirectory();
  setDirectory(dir);
  if (dir.empty())
    status = "no cache directory: TNP_CACHE_DIR, XDG_CACHE_HOME and HOME "
             "are unset; caching in memory only";
}

CompileCache::~CompileCache() = default;

void CompileCache::setDirectory(llvm::StringRef directory) {
  std::lock_guard<std::mutex> lock(mutex);
  dir.clear();
  status.clear();
  diskBytes.reset();
  if (directory.empty())
    return;
  llvm::SmallString<256> path(directory);
  // Relative to where the process started, not to wherever it is later.
  if (std::error_code ec = fs::make_absolute(path)) {
    status = llvm::formatv("cannot resolve cache directory '{0}': {1}",
                           directory, ec.message())
                 .str();
    return;
  }
  // Private from the start: what it holds is code this process will run.
  if (std::error_code ec = fs::create_directories(path, /*IgnoreExisting=*/true,
                                                  fs::owner_all)) {
    status = llvm::formatv("cannot create cache directory '{0}': {1}", path,
                           ec.message())
                 .str();
    return;
  }
  struct stat st;
  if (::stat(path.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) {
    status =
        llvm::formatv("cache directory '{0}' is not a directory", path).str();
    return;
  }
  if (std::string why = untrusted(st); !why.empty()) {
    status = llvm::formatv("not using cache directory '{0}': it is {1}; "
                           "caching in memory only",
                           path, why)
                 .str();
    return;
  }
  dir = std::string(path);
}

void CompileCache::setInstalledDirectory(llvm::StringRef directory) {
  std::lock_guard<std::mutex> lock(mutex);
  installedDir.clear();
  struct stat st;
  // Optional: a directory that is not there, or not trusted, is no level.
  if (directory.empty() || ::stat(directory.str().c_str(), &st) != 0 ||
      !S_ISDIR(st.st_mode) || !untrusted(st, true).empty())
    return;
  installedDir = directory.str();
}

std::string CompileCache::installedDirectory() const {
  std::lock_guard<std::mutex> lock(mutex);
  return installedDir;
}

std::string CompileCache::directory() const {
  std::lock_guard<std::mutex> lock(mutex);
  return dir;
}

bool CompileCache::isDiskEnabled() const {
  std::lock_guard<std::mutex> lock(mutex);
  return !dir.empty();
}

std::string CompileCache::diskStatus() const {
  std::lock_guard<std::mutex> lock(mutex);
  return status;
}

std::string CompileCache::lastRejection() const {
  std::lock_guard<std::mutex> lock(mutex);
  return rejection;
}

std::string CompileCache::pathFor(const CacheKey &key) const {
  std::lock_guard<std::mutex> lock(mutex);
  if (dir.empty())
    return {};
  llvm::SmallString<256> path(dir);
  llvm::sys::path::append(path, key.hex() + kSuffix);
  return std::string(path);
}

std::unique_ptr<llvm::MemoryBuffer> CompileCache::lookup(const CacheKey &key) {
  std::lock_guard<std::mutex> lock(mutex);
  std::string hex = key.hex();
  if (std::unique_ptr<llvm::MemoryBuffer> *kept = memory.find(hex)) {
    ++counters.memoryHits;
    return llvm::MemoryBuffer::getMemBufferCopy((*kept)->getBuffer(), hex);
  }
  std::unique_ptr<llvm::MemoryBuffer> object = readFile(dir, key, false);
  if (object)
    ++counters.diskHits;
  else if ((object = readFile(installedDir, key, true)))
    ++counters.installedHits;
  if (object) {
    memory.insert(
        hex, llvm::MemoryBuffer::getMemBufferCopy(object->getBuffer(), hex));
    return object;
  }
  ++counters.misses;
  return nullptr;
}

std::unique_ptr<llvm::MemoryBuffer>
CompileCache::readFile(llvm::StringRef directory, const CacheKey &key,
                       bool installed) {
  if (directory.empty())
    return nullptr;
  llvm::SmallString<256> path(directory);
  llvm::sys::path::append(path, key.hex() + kSuffix);
  auto reject =
      [&](llvm::StringRef why) -> std::unique_ptr<llvm::MemoryBuffer> {
    ++counters.rejectedEntries;
    rejection = llvm::formatv("ignored cache file '{0}': {1}", path, why).str();
    return nullptr;
  };
  // Never follow a link and never wait on a FIFO or a device: only a plain
  // file of ours is read, and only as much as its header declares.
  ScopedFd fd(
      ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
  if (fd.get() < 0) {
    if (errno == ENOENT)
      return nullptr; // Not there yet: a plain miss.
    return reject(errno == ELOOP ? "a symbolic link" : std::strerror(errno));
  }
  struct stat st;
  if (::fstat(fd.get(), &st) != 0)
    return reject(std::strerror(errno));
  if (!S_ISREG(st.st_mode))
    return reject("not a regular file");
  if (std::string why = untrusted(st, installed); !why.empty())
    return reject(why);
  char header[kHeaderSize];
  if (uint64_t(st.st_size) < kHeaderSize ||
      !readExactly(fd.get(), header, kHeaderSize))
    return reject("truncated header");
  if (std::memcmp(header + kMagicOffset, kMagic, sizeof(kMagic)) != 0)
    return reject("not a tnp cache file");
  if (uint32_t version = endian::read32le(header + kVersionOffset);
      version != kFormatVersion)
    return reject(llvm::formatv("format version {0}, expected {1}", version,
                                kFormatVersion)
                      .str());
  if (endian::read32le(header + kHeaderSizeOffset) != kHeaderSize)
    return reject("unexpected header size");
  if (std::memcmp(header + kKeyOffset, key.bytes.data(), key.bytes.size()) != 0)
    return reject("stored under another key");
  uint64_t payloadSize = endian::read64le(header + kPayloadSizeOffset);
  uint64_t fileSize = uint64_t(st.st_size) - kHeaderSize;
  if (payloadSize > kMaxPayloadSize)
    return reject(llvm::formatv("header declares {0} bytes, over the limit "
                                "of {1}",
                                payloadSize, kMaxPayloadSize)
                      .str());
  if (payloadSize != fileSize)
    return reject(llvm::formatv("payload is {0} bytes, header says {1}",
                                fileSize, payloadSize)
                      .str());
  // Read into memory rather than map, so that another process replacing or
  // truncating the file cannot fault us later.
  std::unique_ptr<llvm::WritableMemoryBuffer> payload =
      llvm::WritableMemoryBuffer::getNewUninitMemBuffer(payloadSize, key.hex());
  if (!payload ||
      !readExactly(fd.get(), payload->getBufferStart(), payloadSize))
    return reject("shorter than its header says");
  if (llvm::xxh3_64bits(llvm::StringRef(payload->getBufferStart(),
                                        payload->getBufferSize())) !=
      endian::read64le(header + kChecksumOffset))
    return reject("checksum mismatch");
  // Used now: the disk limit removes the least recently used files first.
  if (!installed)
    (void)::futimens(fd.get(), nullptr);
  return payload;
}

void CompileCache::store(const CacheKey &key, llvm::StringRef object) {
  std::lock_guard<std::mutex> lock(mutex);
  std::string hex = key.hex();
  memory.insert(hex, llvm::MemoryBuffer::getMemBufferCopy(object, hex));
  ++counters.stores;
  writeFile(key, object);
}

void CompileCache::writeFile(const CacheKey &key, llvm::StringRef object) {
  if (dir.empty())
    return;
  auto fail = [&](const llvm::Twine &why) {
    ++counters.diskWriteFailures;
    status = why.str();
  };
  llvm::SmallString<256> path(dir);
  llvm::sys::path::append(path, key.hex() + kSuffix);
  // A unique temporary next to the final file, renamed over it: readers in
  // other processes see the old file or the new one, never half of one.
  llvm::SmallString<256> model(dir);
  llvm::sys::path::append(model, key.hex() + "-%%%%%%%%.tmp");
  llvm::Expected<fs::TempFile> temp =
      fs::TempFile::create(model, fs::owner_read | fs::owner_write);
  if (!temp) {
    fail(llvm::formatv("cannot write to cache directory '{0}': {1}", dir,
                       llvm::toString(temp.takeError())));
    return;
  }

  char header[kHeaderSize] = {};
  std::memcpy(header + kMagicOffset, kMagic, sizeof(kMagic));
  endian::write32le(header + kVersionOffset, kFormatVersion);
  endian::write32le(header + kHeaderSizeOffset, kHeaderSize);
  std::memcpy(header + kKeyOffset, key.bytes.data(), key.bytes.size());
  endian::write64le(header + kPayloadSizeOffset, object.size());
  endian::write64le(header + kChecksumOffset, llvm::xxh3_64bits(object));
  bool writeFailed;
  std::string writeError;
  {
    llvm::raw_fd_ostream os(temp->FD, /*shouldClose=*/false);
    os.write(header, sizeof(header));
    os << object;
    os.flush();
    writeFailed = os.has_error();
    if (writeFailed) {
      writeError = os.error().message();
      // An unchecked stream error is fatal when the stream is destroyed.
      os.clear_error();
    }
  }
  if (writeFailed) {
    llvm::consumeError(temp->discard());
    fail(llvm::formatv("cannot write cache file '{0}': {1}", temp->TmpName,
                       writeError));
    return;
  }
  if (llvm::Error err = temp->keep(path)) {
    fail(llvm::formatv("cannot rename cache file into '{0}': {1}", path,
                       llvm::toString(std::move(err))));
    return;
  }
  ++counters.diskWrites;
  trimDisk(kHeaderSize + object.size());
}

void CompileCache::trimDisk(uint64_t written) {
  if (diskBytes && (*diskBytes += written) <= diskLimit)
    return;
  struct File {
    llvm::sys::TimePoint<> used;
    std::string path;
    uint64_t size;
  };
  std::vector<File> files;
  uint64_t total = 0;
  auto now = std::chrono::system_clock::now();
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end;
       it.increment(ec)) {
    fs::file_status st;
    if (fs::status(it->path(), st, /*Follow=*/false) ||
        st.type() != fs::file_type::regular_file)
      continue;
    llvm::StringRef name = llvm::sys::path::filename(it->path());
    if (name.ends_with(".tmp")) {
      if (now - st.getLastModificationTime() > kStaleTemporary &&
          !fs::remove(it->path()))
        ++counters.staleTemporaries;
      continue;
    }
    if (!name.ends_with(kSuffix))
      continue;
    files.push_back({st.getLastModificationTime(), it->path(), st.getSize()});
    total += st.getSize();
  }
  if (total > diskLimit) {
    // Down to three quarters, so that the next scans are some writes away.
    llvm::sort(files,
               [](const File &a, const File &b) { return a.used < b.used; });
    for (const File &file : files) {
      if (total <= diskLimit / 4 * 3)
        break;
      if (fs::remove(file.path))
        continue;
      total -= file.size;
      ++counters.diskEvictions;
    }
  }
  diskBytes = total;
}

void CompileCache::setDiskLimit(uint64_t bytes) {
  std::lock_guard<std::mutex> lock(mutex);
  diskLimit = bytes;
  diskBytes.reset();
}

void CompileCache::evict(const CacheKey &key) {
  std::lock_guard<std::mutex> lock(mutex);
  std::string hex = key.hex();
  memory.erase(hex);
  ++counters.evictions;
  if (dir.empty())
    return;
  llvm::SmallString<256> path(dir);
  llvm::sys::path::append(path, hex + kSuffix);
  // Best effort: a file we cannot remove is overwritten by the next store.
  (void)fs::remove(path);
}

void CompileCache::clearMemory() {
  std::lock_guard<std::mutex> lock(mutex);
  memory.clear();
}

CompileCacheStats CompileCache::stats() const {
  std::lock_guard<std::mutex> lock(mutex);
  CompileCacheStats stats = counters;
  stats.memoryEvictions = memory.evictions() - memoryEvictionsAtReset;
  return stats;
}

void CompileCache::resetStats() {
  std::lock_guard<std::mutex> lock(mutex);
  counters = CompileCacheStats();
  memoryEvictionsAtReset = memory.evictions();
}

void CompileCache::notifyObjectCompiled(const llvm::Module *m,
                                        llvm::MemoryBufferRef object) {
  if (std::optional<CacheKey> key = CacheKey::fromHex(m->getModuleIdentifier()))
    store(*key, object.getBuffer());
}

std::unique_ptr<llvm::MemoryBuffer>
CompileCache::getObject(const llvm::Module *m) {
  if (std::optional<CacheKey> key = CacheKey::fromHex(m->getModuleIdentifier()))
    return lookup(*key);
  return nullptr;
}
