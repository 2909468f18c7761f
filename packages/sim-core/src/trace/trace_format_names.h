// The trace format names the CLI (--format), the device-independent trace
// options JSON and the UI offer. The registry (trace_format_registry.cpp)
// must construct every one of them; a test checks it.
#pragma once

#include <array>
#include <string_view>

namespace flashscope {

inline constexpr std::array<std::string_view, 10> kTraceFormatNames = {
    "msr", "spc", "alibaba", "tencent", "blkparse", "iolog", "mqsim", "disksim", "csv", "systor"};

}  // namespace flashscope
