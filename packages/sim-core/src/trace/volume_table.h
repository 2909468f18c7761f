// VolumeTable: the device / volume ids of a trace ("hm_1", "1063", "259,0"),
// each given a small index in order of first appearance, so a record can
// wait in the reorder window and find its drive region without its line.
// Bounded: the first kMaxTraceVolumes ids get their own index; every later
// new id shares kOtherVolumes (named "(other volumes)"), so memory stays
// fixed however many volumes a trace names. Indexes survive a rewind of
// the scanner (a second pass sees the same ids in the same order).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace flashscope {

// As many as the inspector lists (TraceInspector::kMaxDevices).
inline constexpr uint32_t kMaxTraceVolumes = 65536;
inline constexpr uint32_t kOtherVolumes = kMaxTraceVolumes;

class VolumeTable {
 public:
  // Allocates only for an id not seen before (at most kMaxTraceVolumes times).
  uint32_t IndexOf(std::string_view id) {
    if (last_ != nullptr && id == *last_) return last_index_;
    key_.assign(id.data(), id.size());
    auto found = indexes_.find(key_);
    if (found == indexes_.end()) {
      if (names_.size() >= kMaxTraceVolumes) {
        overflowed_ = true;
        last_ = nullptr;
        return kOtherVolumes;
      }
      found = indexes_.emplace(key_, static_cast<uint32_t>(names_.size())).first;
      names_.push_back(&found->first);  // map keys never move
    }
    last_ = &found->first;
    last_index_ = found->second;
    return last_index_;
  }

  // Valid while the table lives.
  std::string_view Name(uint32_t index) const {
    return index < names_.size() ? std::string_view(*names_[index]) : kOtherName;
  }
  // Distinct ids with their own index (ids beyond the cap not included).
  size_t size() const { return names_.size(); }
  bool overflowed() const { return overflowed_; }

 private:
  static constexpr std::string_view kOtherName = "(other volumes)";

  std::unordered_map<std::string, uint32_t> indexes_;
  std::vector<const std::string*> names_;
  std::string key_;
  const std::string* last_ = nullptr;
  uint32_t last_index_ = 0;
  bool overflowed_ = false;
};

}  // namespace flashscope
