// The fio options whose values have a syntax of their own (HOWTO "Job file
// parameters"): block sizes and their ranges, splits and alignment, rates
// per direction, rw with its postfix, file sizes and service, steady state,
// percentile lists, zoned access and the random distributions. Each parses
// its text into a FioJob and fails with an InputError "file:line: option:
// problem" (fio_values.h's ValueContext says where the value came from).
#pragma once

#include <cstdint>
#include <string_view>

#include "workload/fio_job.h"
#include "workload/fio_values.h"

namespace flashscope::fio_values {

// bs=4k or bs=4k,8k,16k (per direction).
void ParseBs(FioJob& job, const ValueContext& ctx, std::string_view text);
// bsrange=1k-4k,2k-8k.
void ParseBsRange(FioJob& job, const ValueContext& ctx, std::string_view text);
// ba=4k or ba=4k,8k.
void ParseBlockAlign(FioJob& job, const ValueContext& ctx, std::string_view text);
// rate / ratemin (bytes, when `bytes`) and rate_iops / rate_iops_min.
void ParseRatePerDirection(uint64_t (&out)[3], const ValueContext& ctx, std::string_view text,
                           bool bytes);
// bssplit=4k/50:64k/50,... (per direction).
void ParseBsSplit(FioJob& job, const ValueContext& ctx, std::string_view text);
// rw=randread:8, rw=read:-8k.
void ParseRw(FioJob& job, const ValueContext& ctx, std::string_view text);
// filesize=1m or filesize=1m-4m.
void ParseFileSize(FioJob& job, const ValueContext& ctx, std::string_view text);
// file_service_type=roundrobin|sequential|random[:N].
void ParseFileService(FioJob& job, const ValueContext& ctx, std::string_view text);
// ss=iops:10% and the other steady-state criteria.
void ParseSteadyState(FioJob& job, const ValueContext& ctx, std::string_view text);
// percentile_list=99.5:99.9.
void ParsePercentileList(FioJob& job, const ValueContext& ctx, std::string_view text);
// random_distribution=zoned:60/10:30/20:8/30:2/40 (the part after "zoned:").
void ParseZones(FioJob& job, const ValueContext& ctx, std::string_view text);
// random_distribution=random|zipf:T|pareto:H|normal:S|zoned:...|sequence:...
void ParseRandomDistribution(FioJob& job, const ValueContext& ctx, std::string_view text);

}  // namespace flashscope::fio_values
