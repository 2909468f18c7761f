// ListSource: a request source over a list of I/Os held in memory — for tests
// and small hand-made workloads.
#pragma once

#include <vector>

#include "workload/request_source.h"

namespace flashscope {

class ListSource final : public IRequestSource {
 public:
  explicit ListSource(std::vector<HostIo> ios) : ios_(std::move(ios)) {}
  bool Next(HostIo& io) override {
    if (next_ == ios_.size()) return false;
    io = ios_[next_++];
    return true;
  }

 private:
  std::vector<HostIo> ios_;
  size_t next_ = 0;
};

}  // namespace flashscope
