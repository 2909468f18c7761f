// A cache listener for tests: records every flush and read miss as text, so
// a test states the exact flash work a sequence causes.
#pragma once

#include <string>
#include <vector>

#include "cache/i_write_cache.h"

namespace flashscope::cache {

class RecordingListener final : public IWriteCacheListener {
 public:
  // "page 5", "padded B1 [5 6] fill [4 7]", "merged B21 [84 85] fill []";
  // a FlushAll flush ends in " (flush)", a write-through in " (through)".
  void OnFlush(const CacheFlush& flush) override {
    std::string text;
    if (flush.kind == FlushKind::kPage) {
      text = "page " + std::to_string(flush.pages[0]);
    } else {
      text = flush.kind == FlushKind::kPaddedBlock ? "padded B" : "merged B";
      text += std::to_string(flush.logical_block) + " " + List(flush.pages) + " fill " +
              List(flush.fill_pages);
    }
    if (flush.cause == FlushCause::kFlushAll) text += " (flush)";
    if (flush.cause == FlushCause::kWriteThrough) text += " (through)";
    events.push_back(text);
  }
  void OnReadMiss(uint64_t lpn) override { events.push_back("read " + std::to_string(lpn)); }

  std::vector<std::string> Take() {
    std::vector<std::string> taken;
    taken.swap(events);
    return taken;
  }

  std::vector<std::string> events;

 private:
  static std::string List(std::span<const uint64_t> lpns) {
    std::string text = "[";
    for (uint64_t lpn : lpns) text += (text.size() > 1 ? " " : "") + std::to_string(lpn);
    return text + "]";
  }
};

}  // namespace flashscope::cache
