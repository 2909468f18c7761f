// The built-in trace formats; each is defined in its own file of impl/ and
// listed once in trace_format_registry.cpp.
#pragma once

#include <memory>

#include "trace/i_trace_format.h"

namespace flashscope {

std::unique_ptr<ITraceFormat> MakeMsrFormat();
std::unique_ptr<ITraceFormat> MakeSpcFormat();
std::unique_ptr<ITraceFormat> MakeAlibabaFormat();
std::unique_ptr<ITraceFormat> MakeTencentFormat();
std::unique_ptr<ITraceFormat> MakeBlkparseFormat(const TraceFormatOptions& options);
std::unique_ptr<ITraceFormat> MakeIologFormat();
std::unique_ptr<ITraceFormat> MakeMqsimFormat();
std::unique_ptr<ITraceFormat> MakeDisksimFormat();
std::unique_ptr<ITraceFormat> MakeSystorFormat();
std::unique_ptr<ITraceFormat> MakeCsvFormat(const TraceFormatOptions& options);

// The share of `sample`'s non-blank lines a fresh `format` parses as
// records, 0 when fewer than one line in two does; the usual base of
// Detect, which then weighs the format's own signatures.
double ShareOfRecords(ITraceFormat& format, const std::vector<std::string_view>& sample);

}  // namespace flashscope
