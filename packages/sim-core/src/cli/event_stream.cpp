#include "cli/event_stream.h"

#include <stdexcept>

#include "report/event_json.h"
#include "util/json.h"

namespace flashscope {

EventStream::EventStream(bool into_json) : into_json_(into_json) {
  if (!into_json_) return;
  // tmpfile: unnamed, removed by the system when closed or when the
  // process ends, whatever way it ends.
  spool_ = std::tmpfile();
  if (spool_ == nullptr) throw std::runtime_error("--events: cannot create a temporary file");
}

EventStream::~EventStream() {
  if (spool_ != nullptr) std::fclose(spool_);
}

SimEventLog::Sink EventStream::Sink() {
  return [this](const SimEvent& event) { Write(event); };
}

void EventStream::Write(const SimEvent& event) {
  json::Writer out;
  WriteEvent(out, event);
  std::string text = out.Take();
  if (into_json_) {
    if (written_ > 0) text.insert(text.begin(), ',');
    std::fwrite(text.data(), 1, text.size(), spool_);
  } else {
    text += '\n';
    std::fwrite(text.data(), 1, text.size(), stdout);
  }
  ++written_;
}

void EventStream::PrintJsonWithEvents(const std::string& result, std::FILE* out) {
  const size_t close = result.rfind('}');
  if (!into_json_ || close == std::string::npos) {
    throw std::logic_error("PrintJsonWithEvents needs --json and a JSON object");
  }
  std::fwrite(result.data(), 1, close, out);
  std::fputs(",\"events\":[", out);
  std::fflush(spool_);
  std::rewind(spool_);
  char buffer[1 << 16];
  size_t n;
  while ((n = std::fread(buffer, 1, sizeof buffer, spool_)) > 0) std::fwrite(buffer, 1, n, out);
  std::fprintf(out, "],\"events_total\":%llu}\n", static_cast<unsigned long long>(written_));
}

}  // namespace flashscope
