// EventStream: the CLI's --events. Every GC, migration, stall and zone
// event leaves the process as it happens, so a run of any length holds
// none of them (the simulator's log keeps only its newest few):
//   with --json     each event's JSON goes to an unnamed temporary file as
//                   it happens, and is copied into the result's "events"
//                   list when the run ends: the result is still one JSON
//                   object, byte-identical to one built in memory;
//   without --json  each event is printed on stdout as one JSON line as it
//                   happens (JSON Lines: `| jq` or `| grep stall`), before
//                   the text summary.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

#include "engine/sim_events.h"

namespace flashscope {

class EventStream {
 public:
  explicit EventStream(bool into_json);
  ~EventStream();
  EventStream(const EventStream&) = delete;
  EventStream& operator=(const EventStream&) = delete;

  // What the simulator calls with each event (SimOptions::on_event).
  SimEventLog::Sink Sink();

  // Prints `result` (a compact RunResultJson without "events", ending in
  // "}\n") with "events" (every event, oldest first) and "events_total"
  // appended as its last keys.
  void PrintJsonWithEvents(const std::string& result, std::FILE* out);

 private:
  void Write(const SimEvent& event);

  bool into_json_;
  std::FILE* spool_ = nullptr;  // --json: the events so far, comma-separated
  uint64_t written_ = 0;
};

}  // namespace flashscope
