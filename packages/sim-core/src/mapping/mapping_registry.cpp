// The one explicit list of address-mapping schemes (static self-registration
// is dropped by linkers). Adding a scheme: one file in impl/, one line here
// and its name in mapping_names.h.
#include "mapping/i_mapping_scheme.h"
#include "mapping/impl/schemes.h"

namespace flashscope::mapping {

std::unique_ptr<IMappingScheme> MakeMappingScheme(std::string_view name,
                                                  const MappingConfig& config,
                                                  const std::string& source) {
  if (name == "page") return std::make_unique<PageMapping>(config, source);
  if (name == "block") return std::make_unique<BlockMapping>(config, source);
  if (name == "bast") return std::make_unique<Bast>(config, source);
  if (name == "fast") return std::make_unique<Fast>(config, source);
  if (name == "dftl") return std::make_unique<Dftl>(config, source);
  return nullptr;
}

void ApplyMappingParameters(const ParamBag& params, MappingConfig& config) {
  config.log_blocks = LogBlocks(params);
  config.cmt_entries = CmtEntries(params);
}

std::vector<PolicyInfo> MappingSchemeInfos() {
  return {
      {"page", "Page mapping (every page mapped)", "Every page mapped anywhere", {}},
      {"block", "Block mapping", "A logical block maps to one flash block, pages in place", {}},
      {"bast", "BAST (a log block per data block)",
       "Block mapping with a dedicated log block per data block (Kim et al. 2002)",
       LogBlocksParameters()},
      {"fast", "FAST (shared random log blocks)",
       "Block mapping with log blocks shared by every data block (Lee et al. 2007)",
       LogBlocksParameters()},
      {"dftl", "DFTL (cached mapping table)",
       "Page mapping with the table on flash and a cache of it in RAM (Gupta et al. 2009)",
       DftlParameters()},
  };
}

}  // namespace flashscope::mapping
