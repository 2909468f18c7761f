// The C API's trace object (api/trace_input.h): parsing and opening.
#include "api/trace_input.h"

#include <cmath>

#include "api/js_byte_input.h"
#include "util/input_error.h"

namespace flashscope {
namespace {

const json::Value& Expect(const json::Value& value, json::Type type, const std::string& file,
                          const std::string& key) {
  if (value.type() != type) {
    throw InputError(file, value.line(),
                     "trace." + key + ": expected " + json::TypeName(type) + ", got " +
                         json::TypeName(value.type()));
  }
  return value;
}

// A non-negative whole number below 2^53 (exact as a double).
uint64_t WholeNumber(const json::Value& value, const std::string& file, const std::string& key,
                     double max) {
  const double number = Expect(value, json::Type::kNumber, file, key).as_number();
  if (!(number >= 0 && number <= max && std::floor(number) == number)) {
    throw InputError(file, value.line(),
                     "trace." + key + ": must be a whole number from 0 to " +
                         std::to_string(static_cast<uint64_t>(max)));
  }
  return static_cast<uint64_t>(number);
}

}  // namespace

TraceInputSpec ParseTraceInputSpec(const json::Value& object, const std::string& file) {
  Expect(object, json::Type::kObject, file, "");
  TraceInputSpec spec;
  spec.line = object.line();
  spec.options = ParseTraceOptions(object, file, {"input", "name", "size_bytes", "path"});
  const json::Value* input = object.Find("input");
  const json::Value* name = object.Find("name");
  const json::Value* size = object.Find("size_bytes");
  const json::Value* path = object.Find("path");
  if ((input == nullptr) == (path == nullptr)) {
    throw InputError(file, object.line(),
                     "trace: give either input (with name and size_bytes) or path");
  }
  if (path != nullptr) {
    spec.path = Expect(*path, json::Type::kString, file, "path").as_string();
    if (name != nullptr || size != nullptr) {
      throw InputError(file, object.line(),
                       "trace: a path is cited as given and sized from the file: no name or "
                       "size_bytes with it");
    }
    spec.name = spec.path;
    return spec;
  }
  if (name == nullptr || size == nullptr) {
    throw InputError(file, object.line(), "trace: input needs name and size_bytes");
  }
  spec.from_javascript = true;
  spec.input = static_cast<uint32_t>(WholeNumber(*input, file, "input", 4294967295.0));
  spec.name = Expect(*name, json::Type::kString, file, "name").as_string();
  spec.size_bytes = WholeNumber(*size, file, "size_bytes", 9007199254740992.0);
  return spec;
}

std::unique_ptr<IByteInput> OpenTraceInput(const TraceInputSpec& spec, const std::string& file) {
  if (!spec.from_javascript) return OpenFileInput(spec.path);
#ifdef __EMSCRIPTEN__
  return MakeJsByteInput(spec.input, spec.name, spec.size_bytes);
#else
  throw InputError(file, spec.line,
                   "trace: input reads from JavaScript, which only the WebAssembly build has "
                   "(natively, give a path)");
#endif
}

}  // namespace flashscope
