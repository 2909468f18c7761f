// The file and memory IByteInputs.
#include "trace/byte_input.h"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>

#include "util/input_error.h"

namespace flashscope {

namespace {

class FileInput final : public IByteInput {
 public:
  FileInput(std::string path, std::FILE* file, uint64_t size_bytes)
      : path_(std::move(path)), file_(file), size_bytes_(size_bytes) {}
  ~FileInput() override { std::fclose(file_); }
  FileInput(const FileInput&) = delete;
  FileInput& operator=(const FileInput&) = delete;

  size_t Read(uint8_t* destination, size_t max) override {
    const size_t n = std::fread(destination, 1, max, file_);
    if (n == 0 && std::ferror(file_)) {
      throw InputError(path_, 0, std::string("read failed: ") + std::strerror(errno));
    }
    return n;
  }
  uint64_t size_bytes() const override { return size_bytes_; }
  const std::string& name() const override { return path_; }
  void Rewind() override {
    if (std::fseek(file_, 0, SEEK_SET) != 0) {
      throw InputError(path_, 0, "cannot seek back to the start (is it a pipe?)");
    }
    std::clearerr(file_);
  }

 private:
  std::string path_;
  std::FILE* file_;
  uint64_t size_bytes_;
};

class MemoryInput final : public IByteInput {
 public:
  MemoryInput(std::string name, std::string bytes)
      : name_(std::move(name)), bytes_(std::move(bytes)) {}

  size_t Read(uint8_t* destination, size_t max) override {
    const size_t n = std::min(max, bytes_.size() - position_);
    std::memcpy(destination, bytes_.data() + position_, n);
    position_ += n;
    return n;
  }
  uint64_t size_bytes() const override { return bytes_.size(); }
  const std::string& name() const override { return name_; }
  void Rewind() override { position_ = 0; }

 private:
  std::string name_;
  std::string bytes_;
  size_t position_ = 0;
};

}  // namespace

std::unique_ptr<IByteInput> OpenFileInput(const std::string& path) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) {
    throw InputError(path, 0, "cannot read the file (does it exist?)");
  }
  if (S_ISDIR(info.st_mode)) throw InputError(path, 0, "is a directory, not a trace file");
  std::FILE* file = std::fopen(path.c_str(), "rb");
  if (!file) throw InputError(path, 0, std::string("cannot open: ") + std::strerror(errno));
  // Regular files have a size; pipes and devices report theirs as unknown.
  const uint64_t size = S_ISREG(info.st_mode) ? static_cast<uint64_t>(info.st_size) : UINT64_MAX;
  return std::make_unique<FileInput>(path, file, size);
}

std::unique_ptr<IByteInput> MakeMemoryInput(std::string name, std::string bytes) {
  return std::make_unique<MemoryInput>(std::move(name), std::move(bytes));
}

}  // namespace flashscope
