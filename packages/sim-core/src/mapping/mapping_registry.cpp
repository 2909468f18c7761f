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

}  // namespace flashscope::mapping
