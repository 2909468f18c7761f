// The one explicit list of trace formats (static self-registration is
// dropped by linkers). Adding a format: one file in impl/, one line here and
// its name in trace_format_names.h.
#include <algorithm>

#include "trace/i_trace_format.h"
#include "trace/impl/fields.h"
#include "trace/impl/formats.h"
#include "trace/trace_format_names.h"
#include "util/input_error.h"

namespace flashscope {

namespace {

std::unique_ptr<ITraceFormat> Construct(std::string_view name, const TraceFormatOptions& options) {
  if (name == "msr") return MakeMsrFormat();
  if (name == "spc") return MakeSpcFormat();
  if (name == "alibaba") return MakeAlibabaFormat();
  if (name == "tencent") return MakeTencentFormat();
  if (name == "blkparse") return MakeBlkparseFormat(options);
  if (name == "iolog") return MakeIologFormat();
  if (name == "mqsim") return MakeMqsimFormat();
  if (name == "disksim") return MakeDisksimFormat();
  if (name == "csv") return MakeCsvFormat(options);
  if (name == "systor") return MakeSystorFormat();
  return nullptr;
}

}  // namespace

std::unique_ptr<ITraceFormat> MakeTraceFormat(std::string_view name,
                                              const TraceFormatOptions& options) {
  std::unique_ptr<ITraceFormat> format = Construct(name, options);
  if (!format) {
    std::string known;
    for (std::string_view each : kTraceFormatNames) {
      if (!known.empty()) known += ", ";
      known += each;
    }
    throw InputError("trace options", 0,
                     "unknown trace format '" + std::string(name) + "' (" + known + ")");
  }
  return format;
}

double ShareOfRecords(ITraceFormat& format, const std::vector<std::string_view>& sample) {
  TraceRecord record;
  std::string reason;
  size_t lines = 0;
  size_t records = 0;
  for (std::string_view line : sample) {
    if (trace_fields::Trim(line).empty()) continue;
    ++lines;
    if (format.ParseLine(line, record, reason) == TraceLineKind::kRecord) ++records;
  }
  if (lines == 0 || records * 2 < lines) return 0;
  return static_cast<double>(records) / static_cast<double>(lines);
}

std::vector<TraceFormatGuess> DetectTraceFormat(const std::vector<std::string_view>& sample,
                                                const TraceFormatOptions& options) {
  std::vector<TraceFormatGuess> guesses;
  for (std::string_view name : kTraceFormatNames) {
    if (name == "csv" && options.csv_columns.empty()) continue;
    std::unique_ptr<ITraceFormat> format;
    try {
      format = Construct(name, options);
    } catch (const InputError&) {
      continue;  // e.g. a csv mapping that does not parse: not a candidate
    }
    const double confidence = std::clamp(format->Detect(sample), 0.0, 1.0);
    guesses.push_back({std::string(name), confidence});
  }
  std::stable_sort(guesses.begin(), guesses.end(),
                   [](const TraceFormatGuess& a, const TraceFormatGuess& b) {
                     return a.confidence > b.confidence;
                   });
  return guesses;
}

}  // namespace flashscope
