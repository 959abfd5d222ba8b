//===- ThisBuild.cpp - which build of tnp is running, and where -----------===//

#include "lib/ThisBuild.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <cstring>
#include <dlfcn.h>
#include <elf.h>
#include <filesystem>
#include <link.h>

using namespace tnp::detail;

namespace {

/// The file tnp's code was loaded from: libtnp.so, or the program.
std::filesystem::path thisFile() {
  Dl_info info;
  std::error_code ec;
  if (dladdr(reinterpret_cast<void *>(&thisFile), &info) && info.dli_fname &&
      std::filesystem::exists(info.dli_fname, ec))
    return info.dli_fname;
  return "/proc/self/exe";
}

/// For dl_iterate_phdr: the GNU build ID, in hex, of the loaded object one
/// of whose segments holds `*data`'s address.
int findBuildId(dl_phdr_info *info, size_t, void *data) {
  auto *found = static_cast<std::string *>(data);
  auto code = reinterpret_cast<uintptr_t>(&findBuildId);
  bool holdsCode = false;
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr) &segment = info->dlpi_phdr[i];
    uintptr_t start = info->dlpi_addr + segment.p_vaddr;
    holdsCode |= segment.p_type == PT_LOAD && code >= start &&
                 code < start + segment.p_memsz;
  }
  if (!holdsCode)
    return 0;
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr) &segment = info->dlpi_phdr[i];
    if (segment.p_type != PT_NOTE)
      continue;
    const char *note =
        reinterpret_cast<const char *>(info->dlpi_addr + segment.p_vaddr);
    const char *end = note + segment.p_memsz;
    while (note + sizeof(ElfW(Nhdr)) <= end) {
      const auto *header = reinterpret_cast<const ElfW(Nhdr) *>(note);
      const char *name = note + sizeof(ElfW(Nhdr));
      const char *desc = name + ((header->n_namesz + 3) & ~3u);
      if (header->n_type == NT_GNU_BUILD_ID && header->n_namesz == 4 &&
          std::memcmp(name, "GNU", 4) == 0 && desc + header->n_descsz <= end) {
        *found = llvm::toHex(llvm::StringRef(desc, header->n_descsz),
                             /*LowerCase=*/true);
        return 1;
      }
      note = desc + ((header->n_descsz + 3) & ~3u);
    }
  }
  return 1;
}

} // namespace

std::string tnp::detail::thisBuildId() {
  std::filesystem::path file = thisFile();
  std::string id;
  dl_iterate_phdr(findBuildId, &id);
  if (!id.empty())
    return "build-id:" + id;
  std::error_code ec;
  auto size = std::filesystem::file_size(file, ec);
  auto time = std::filesystem::last_write_time(file, ec);
  return file.filename().string() + ":" + std::to_string(size) + ":" +
         std::to_string(time.time_since_epoch().count());
}

std::string tnp::detail::thisBuildDirectory() {
  std::filesystem::path file = thisFile();
  std::error_code ec;
  std::filesystem::path resolved = std::filesystem::canonical(file, ec);
  return ec ? std::string() : resolved.parent_path().string();
}
