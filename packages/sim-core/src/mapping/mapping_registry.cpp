// The one explicit list of address-mapping schemes (static self-registration
// is dropped by linkers). Adding a scheme: one file in impl/ (its class, its
// parameters and a function returning its entry; the shared bases are in
// impl/schemes.h) and its one line in the table below, plus that function's
// declaration beside the others. Make, Infos and Names all read this table.
#include "mapping/i_mapping_scheme.h"
#include "mapping/impl/schemes.h"

namespace flashscope::mapping {

// Each defined in its own file of impl/.
MappingSchemeEntry PageMappingEntry();
MappingSchemeEntry BlockMappingEntry();
MappingSchemeEntry BastEntry();
MappingSchemeEntry FastEntry();
MappingSchemeEntry DftlEntry();

const std::vector<MappingSchemeEntry>& MappingSchemeTable() {
  static const std::vector<MappingSchemeEntry> table = {
      PageMappingEntry(), BlockMappingEntry(), BastEntry(), FastEntry(), DftlEntry(),
  };
  return table;
}

std::unique_ptr<IMappingScheme> MakeMappingScheme(std::string_view name,
                                                  const MappingConfig& config,
                                                  const std::string& source) {
  const MappingSchemeEntry* entry = FindPlugin(MappingSchemeTable(), name);
  return entry != nullptr ? entry->make(config, source) : nullptr;
}

// The schemes' parameters (impl/scheme_base.cpp) into the config they run on.
void ApplyMappingParameters(const ParamBag& params, MappingConfig& config) {
  config.log_blocks = LogBlocks(params);
  config.cmt_entries = CmtEntries(params);
}

std::vector<PolicyInfo> MappingSchemeInfos() { return PluginInfos(MappingSchemeTable()); }

const std::vector<std::string_view>& MappingSchemeNames() {
  static const std::vector<std::string_view> names = PluginNames(MappingSchemeTable());
  return names;
}

}  // namespace flashscope::mapping
