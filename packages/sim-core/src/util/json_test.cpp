// Tests for the JSON reader/writer: positions and error lines users see,
// escapes, and the exact bytes of number formatting (which must match between
// native and WebAssembly builds).
#include "util/json.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "util/input_error.h"

namespace flashscope::json {
namespace {

// Parses text expected to be malformed and returns the error.
InputError ParseError(std::string_view text) {
  try {
    Parse(text, "test.json");
  } catch (const InputError& error) {
    return error;
  }
  ADD_FAILURE() << "expected an InputError for: " << text;
  return InputError("", 0, "no error");
}

void ExpectError(std::string_view text, uint32_t line, const std::string& problem_part) {
  const InputError error = ParseError(text);
  EXPECT_EQ(error.file(), "test.json") << text;
  EXPECT_EQ(error.line(), line) << text << " -> " << error.what();
  EXPECT_NE(error.problem().find(problem_part), std::string::npos)
      << "problem \"" << error.problem() << "\" lacks \"" << problem_part << "\"";
}

bool SameValue(const Value& a, const Value& b) {
  if (a.type() != b.type()) return false;
  switch (a.type()) {
    case Type::kNull:
      return true;
    case Type::kBool:
      return a.as_bool() == b.as_bool();
    case Type::kNumber:
      return a.as_number() == b.as_number();
    case Type::kString:
      return a.as_string() == b.as_string();
    case Type::kArray:
      if (a.items().size() != b.items().size()) return false;
      for (size_t i = 0; i < a.items().size(); ++i) {
        if (!SameValue(a.items()[i], b.items()[i])) return false;
      }
      return true;
    case Type::kObject:
      if (a.members().size() != b.members().size()) return false;
      for (size_t i = 0; i < a.members().size(); ++i) {
        if (a.members()[i].first != b.members()[i].first) return false;
        if (!SameValue(a.members()[i].second, b.members()[i].second)) {
          return false;
        }
      }
      return true;
  }
  return false;
}

std::string Compact(const Value& value) {
  Writer writer;
  writer.Raw(value);
  return writer.Take();
}

std::string Pretty(const Value& value) {
  Writer writer(/*pretty=*/true);
  writer.Raw(value);
  return writer.Take();
}

TEST(JsonParse, ReadsEveryTypeInFileOrder) {
  const Value root =
      Parse(R"({"z": 1, "a": [true, false, null], "s": "x", "n": -2.5e3, "o": {}})", "f");
  ASSERT_TRUE(root.is_object());
  ASSERT_EQ(root.members().size(), 5u);
  EXPECT_EQ(root.members()[0].first, "z");
  EXPECT_EQ(root.members()[1].first, "a");
  EXPECT_EQ(root.Find("z")->as_number(), 1);
  const Value& array = *root.Find("a");
  ASSERT_EQ(array.items().size(), 3u);
  EXPECT_TRUE(array.items()[0].as_bool());
  EXPECT_FALSE(array.items()[1].as_bool());
  EXPECT_TRUE(array.items()[2].is_null());
  EXPECT_EQ(root.Find("s")->as_string(), "x");
  EXPECT_EQ(root.Find("n")->as_number(), -2500);
  EXPECT_TRUE(root.Find("o")->is_object());
  EXPECT_EQ(root.Find("missing"), nullptr);
}

TEST(JsonParse, RecordsLineAndColumnOfEveryValue) {
  const Value root = Parse(
      "{\n  \"gc\": {\n    \"victim\": \"fifo\"\n  },\r\n"
      "  \"list\": [1,\n\t2]\n}",
      "f");
  EXPECT_EQ(root.line(), 1u);
  EXPECT_EQ(root.column(), 1u);
  const Value& gc = *root.Find("gc");
  EXPECT_EQ(gc.line(), 2u);
  EXPECT_EQ(gc.column(), 9u);
  EXPECT_EQ(gc.Find("victim")->line(), 3u);
  EXPECT_EQ(gc.Find("victim")->column(), 15u);
  const Value& list = *root.Find("list");
  EXPECT_EQ(list.line(), 5u);
  EXPECT_EQ(list.items()[1].line(), 6u);
  EXPECT_EQ(list.items()[1].column(), 2u);  // after a tab
}

TEST(JsonParse, AcceptsLargeNumbersAndExponents) {
  EXPECT_EQ(Parse("9007199254740993", "f").as_number(), 9007199254740992.0);
  EXPECT_EQ(Parse("1E3", "f").as_number(), 1000);
  EXPECT_EQ(Parse("1e-400", "f").as_number(), 0);  // underflow is fine
  EXPECT_EQ(Parse("-0.125", "f").as_number(), -0.125);
  EXPECT_EQ(Parse("0.1", "f").as_number(), 0.1);
  EXPECT_EQ(Parse("123456789012345678", "f").as_number(), 123456789012345678.0);
}

TEST(JsonParse, DecodesEscapesIncludingSurrogatePairs) {
  const Value value = Parse(R"("q\" b\\ s\/ \b\f\n\r\t \u00e9 \u20AC \ud83d\ude00 \u0000")", "f");
  const std::string expected = std::string("q\" b\\ s/ \b\f\n\r\t \xC3\xA9 ") +
                               "\xE2\x82\xAC \xF0\x9F\x98\x80 " + std::string(1, '\0');
  EXPECT_EQ(value.as_string(), expected);
  // Raw UTF-8 passes through unchanged.
  EXPECT_EQ(Parse("\"caf\xC3\xA9\"", "f").as_string(), "caf\xC3\xA9");
}

TEST(JsonParse, SkipsByteOrderMark) {
  EXPECT_EQ(Parse("\xEF\xBB\xBF{\"a\": 1}", "f").Find("a")->as_number(), 1);
}

TEST(JsonErrors, StructuralErrorsNameTheLineAndWhatWasExpected) {
  ExpectError("", 1, "empty input");
  ExpectError("  \n ", 2, "empty input");
  ExpectError("{\n\"gc\" 1}", 2, "expected ':' after object key \"gc\"");
  ExpectError("{\"a\": 1\n\"b\": 2}", 2, "expected ',' or '}' after object member \"a\"");
  ExpectError("[1\n2]", 2, "expected ',' or ']' after array element");
  ExpectError("{\n  \"a\": 1,\n}", 3, "trailing comma before '}'");
  ExpectError("[1,\n]", 2, "trailing comma before ']'");
  ExpectError("{1: 2}", 1, "expected a string key in object");
  ExpectError("{\"a\": 1}\n\n x", 3, "trailing characters after JSON value");
  ExpectError("{\"a\":\n", 2, "expected a JSON value; reached the end");
  ExpectError("{\"a\": 1", 1, "reached the end of the input");
  ExpectError("[1, }", 1, "expected a JSON value; found '}'");
  ExpectError("{\"a\": 1 // note\n}", 1, "comments are not allowed");
  ExpectError("{'a': 1}", 1, "strings need double quotes");
}

TEST(JsonErrors, DuplicateKeyNamesTheSecondLine) {
  ExpectError("{\n  \"seed\": 1,\n  \"seed\": 2\n}", 3,
              "duplicate key \"seed\" (first given on line 2)");
  // Large objects use a hash index; the check must still hold.
  std::string big = "{";
  for (int i = 0; i < 40; ++i) big += "\"k" + std::to_string(i) + "\": 0,\n";
  big += "\"k7\": 1}";
  ExpectError(big, 41, "duplicate key \"k7\" (first given on line 8)");
}

TEST(JsonErrors, StringErrors) {
  ExpectError("\n\"abc", 2, "unterminated string");
  ExpectError("{\"name\": \"abc\n\"}", 1, "a string cannot span lines");
  ExpectError("\"a\tb\"", 1, "unescaped control character U+0009");
  ExpectError("\"\\q\"", 1, "invalid escape '\\q'");
  ExpectError("\"\\u12G4\"", 1, "expected 4 hex digits");
  ExpectError("\"\\u12\"", 1, "expected 4 hex digits");
  ExpectError("\"\\ud83d\"", 1, "unpaired surrogate \\uD83D");
  ExpectError("\"\\ud83d\\u0041\"", 1, "unpaired surrogate \\uD83D");
  ExpectError("\"\\ude00\"", 1, "unpaired surrogate \\uDE00");
  ExpectError("\"\xC3\"", 1, "invalid UTF-8");
  ExpectError("\"\xC0\xAF\"", 1, "invalid UTF-8");      // overlong '/'
  ExpectError("\"\xED\xA0\x80\"", 1, "invalid UTF-8");  // encoded surrogate
}

TEST(JsonErrors, NumberErrors) {
  ExpectError("01", 1, "leading zeros are not allowed");
  ExpectError("[\n-]", 2, "expected a digit after '-'");
  ExpectError("1.", 1, "expected a digit after the decimal point");
  ExpectError("1e+", 1, "expected a digit in the exponent");
  ExpectError(".5", 1, "expected a digit before the decimal point");
  ExpectError("+1", 1, "a leading '+' is not allowed");
  ExpectError("0x1F", 1, "invalid number '0x1F'");
  ExpectError("1.2.3", 1, "invalid number '1.2.3'");
  ExpectError("NaN", 1, "NaN and Infinity are not valid JSON");
  ExpectError("-Infinity", 1, "NaN and Infinity are not valid JSON");
  ExpectError("1e999", 1, "too large");
  ExpectError("{\"gc\": greedy}", 1, "unexpected word 'greedy'");
  ExpectError("tru", 1, "unexpected word 'tru'");
}

TEST(JsonErrors, NestingDepthIsLimited) {
  const std::string ok = std::string(256, '[') + std::string(256, ']');
  EXPECT_NO_THROW(Parse(ok, "f"));
  const std::string deep = std::string(257, '[') + std::string(257, ']');
  ExpectError(deep, 1, "nesting deeper than 256 levels");
  // A hostile file far deeper than the limit fails cleanly, not by crashing.
  std::string hostile;
  for (int i = 0; i < 100000; ++i) hostile += "{\"a\":";
  ExpectError(hostile, 1, "nesting deeper than 256 levels");
}

TEST(JsonRoundTrip, CompactAndPrettyOutputsReparseToTheSameTree) {
  const std::string text = R"({
  "name": "tlc \"fast\"\n\u0001",
  "seed": 18446744073709,
  "ratio": 0.07,
  "neg": -12.5,
  "flags": [true, false, null],
  "nested": {"list": [{"a": 1}, [], {}], "empty": ""},
  "unicode": "\u00e9\ud83d\ude00"
})";
  const Value original = Parse(text, "f");
  const Value from_compact = Parse(Compact(original), "compact");
  const Value from_pretty = Parse(Pretty(original), "pretty");
  EXPECT_TRUE(SameValue(original, from_compact)) << Compact(original);
  EXPECT_TRUE(SameValue(original, from_pretty)) << Pretty(original);
  // Writing is a fixed point: writing the re-read tree gives the same bytes.
  EXPECT_EQ(Compact(from_compact), Compact(original));
  EXPECT_EQ(Pretty(from_pretty), Pretty(original));
}

TEST(JsonWriter, CompactBytes) {
  Writer writer;
  writer.BeginObject()
      .FieldString("a", "x")
      .Field("b", 1.5)
      .FieldUint("c", 18446744073709551615ull)
      .FieldBool("d", false)
      .Key("e")
      .BeginArray()
      .Int(-3)
      .Null()
      .BeginObject()
      .EndObject()
      .EndArray()
      .EndObject();
  EXPECT_EQ(writer.str(), R"({"a":"x","b":1.5,"c":18446744073709551615,"d":false,)"
                          R"("e":[-3,null,{}]})");
}

TEST(JsonWriter, PrettyLayout) {
  Writer writer(/*pretty=*/true);
  writer.BeginObject()
      .FieldString("name", "n")
      .Key("p50")
      .BeginArray()
      .Number(1)
      .Number(2.5)
      .Number(3)
      .EndArray()
      .Key("runs")
      .BeginArray()
      .BeginObject()
      .Field("waf", 2.008)
      .EndObject()
      .BeginArray()
      .EndArray()
      .EndArray()
      .Key("empty")
      .BeginObject()
      .EndObject()
      .EndObject();
  EXPECT_EQ(writer.str(),
            "{\n"
            "  \"name\": \"n\",\n"
            "  \"p50\": [1, 2.5, 3],\n"
            "  \"runs\": [\n"
            "    {\n"
            "      \"waf\": 2.008\n"
            "    },\n"
            "    []\n"
            "  ],\n"
            "  \"empty\": {}\n"
            "}");
}

TEST(JsonWriter, EscapesStringsPerRfc8259) {
  Writer writer;
  writer.String(std::string("q\" b\\ / \b\f\n\r\t \x01\x1F \x7F \xC3\xA9", 21));
  EXPECT_EQ(writer.str(), "\"q\\\" b\\\\ / \\b\\f\\n\\r\\t \\u0001\\u001F \x7F \xC3\xA9\"");
  // Invalid UTF-8 never reaches the output.
  Writer bad;
  bad.String(
      "a\xFF"
      "b\xC3");
  EXPECT_EQ(bad.str(), "\"a\\uFFFDb\\uFFFD\"");
  EXPECT_EQ(Parse(bad.str(), "f").as_string(),
            "a\xEF\xBF\xBD"
            "b\xEF\xBF\xBD");
}

TEST(JsonWriter, MisuseThrowsInsteadOfWritingInvalidJson) {
  EXPECT_THROW(Writer().BeginObject().Number(1), std::logic_error);
  EXPECT_THROW(Writer().Key("a"), std::logic_error);
  EXPECT_THROW(Writer().BeginArray().EndObject(), std::logic_error);
  EXPECT_THROW(Writer().BeginObject().Key("a").EndObject(), std::logic_error);
  EXPECT_THROW(Writer().Number(1).Number(2), std::logic_error);
  EXPECT_THROW(Writer().BeginArray().Key("a"), std::logic_error);
}

TEST(JsonFormatNumber, IntegersPrintWithoutPoint) {
  EXPECT_EQ(FormatNumber(0), "0");
  EXPECT_EQ(FormatNumber(-0.0), "0");
  EXPECT_EQ(FormatNumber(1), "1");
  EXPECT_EQ(FormatNumber(-42), "-42");
  EXPECT_EQ(FormatNumber(67108864), "67108864");
  EXPECT_EQ(FormatNumber(9007199254740991.0), "9007199254740991");
  // 2^53 and beyond are "other numbers": printed exactly, still no point.
  EXPECT_EQ(FormatNumber(9007199254740992.0), "9007199254740992");
  EXPECT_EQ(FormatNumber(1e20), "100000000000000000000");
}

TEST(JsonFormatNumber, FractionsKeepSixDecimalsTrimmed) {
  EXPECT_EQ(FormatNumber(1.5), "1.5");
  EXPECT_EQ(FormatNumber(2.008), "2.008");
  EXPECT_EQ(FormatNumber(0.07), "0.07");
  EXPECT_EQ(FormatNumber(0.1 + 0.2), "0.3");
  EXPECT_EQ(FormatNumber(-0.25), "-0.25");
  EXPECT_EQ(FormatNumber(130.9), "130.9");
  EXPECT_EQ(FormatNumber(1234567.1234567), "1234567.123457");
  EXPECT_EQ(FormatNumber(2.0000001), "2");
  EXPECT_EQ(FormatNumber(0.000123), "0.000123");
  EXPECT_EQ(FormatNumber(0.000123456789), "0.000123457");
  EXPECT_EQ(FormatNumber(0.00001), "0.00001");
  EXPECT_EQ(FormatNumber(0.0999999999), "0.1");
}

TEST(JsonFormatNumber, TinyHugeAndNonFinite) {
  EXPECT_EQ(FormatNumber(1e-7), "1e-07");
  EXPECT_EQ(FormatNumber(-2.5e-9), "-2.5e-09");
  EXPECT_EQ(FormatNumber(1.234567e-6), "1.23457e-06");
  EXPECT_EQ(FormatNumber(1e21), "1e+21");
  EXPECT_EQ(FormatNumber(1.5e300), "1.5e+300");
  EXPECT_EQ(FormatNumber(std::numeric_limits<double>::quiet_NaN()), "null");
  EXPECT_EQ(FormatNumber(std::numeric_limits<double>::infinity()), "null");
  EXPECT_EQ(FormatNumber(-std::numeric_limits<double>::infinity()), "null");
  // Every form is valid JSON that reads back close to the value.
  for (double x : {1e-7, 1.5e300, 0.000123456789, 1234567.1234567}) {
    const double back = Parse(FormatNumber(x), "f").as_number();
    EXPECT_NEAR(back / x, 1.0, 1e-5) << x;
  }
}

TEST(JsonValue, SetReplacesInPlaceAndAppendsNewKeys) {
  Value object = Parse(R"({"a": 1, "b": 2})", "f");
  object.Set("a", Value::String("x"));
  object.Set("c", Value::Bool(true));
  EXPECT_EQ(Compact(object), R"({"a":"x","b":2,"c":true})");
  Value* b = object.Find("b");
  ASSERT_NE(b, nullptr);
  *b = Value::Null();
  EXPECT_EQ(Compact(object), R"({"a":"x","b":null,"c":true})");
  EXPECT_STREQ(TypeName(Type::kObject), "an object");
  EXPECT_STREQ(TypeName(Type::kNumber), "a number");
}

TEST(JsonParseLoose, JsonWhenItParsesElseBareText) {
  EXPECT_EQ(ParseLoose("4").as_number(), 4);
  EXPECT_EQ(ParseLoose("0.28").as_number(), 0.28);
  EXPECT_TRUE(ParseLoose("true").as_bool());
  EXPECT_TRUE(ParseLoose("null").is_null());
  EXPECT_EQ(ParseLoose("\"fifo\"").as_string(), "fifo");
  EXPECT_EQ(ParseLoose("fifo").as_string(), "fifo");
  EXPECT_EQ(ParseLoose("my drive").as_string(), "my drive");
  EXPECT_EQ(ParseLoose("1.2.3").as_string(), "1.2.3");
  EXPECT_EQ(ParseLoose("").as_string(), "");
  EXPECT_TRUE(ParseLoose(R"({"victim": "fifo"})").is_object());
}

}  // namespace
}  // namespace flashscope::json
