#include "report/nand_json.h"

namespace flashscope {

void WriteByCause(json::Writer& out, const std::array<uint64_t, kCauseCount>& values) {
  out.BeginObject();
  for (uint32_t c = 0; c < kCauseCount; ++c) {
    out.FieldUint(CauseName(static_cast<Cause>(c)), values[c]);
  }
  out.EndObject();
}

void WriteNand(json::Writer& out, const NandCounters& nand, uint32_t page_bytes) {
  out.BeginObject();
  out.FieldUint("page_reads", nand.TotalReads());
  out.FieldUint("page_programs", nand.TotalPrograms());
  out.FieldUint("block_erases", nand.TotalErases());
  out.FieldUint("write_bytes", nand.TotalPrograms() * page_bytes);
  out.Key("programs_by_cause");
  WriteByCause(out, nand.page_programs);
  out.Key("reads_by_cause");
  WriteByCause(out, nand.page_reads);
  out.Key("erases_by_cause");
  WriteByCause(out, nand.block_erases);
  out.EndObject();
}

}  // namespace flashscope
