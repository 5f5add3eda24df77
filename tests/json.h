// json.h: a small strict JSON (RFC 8259) parser for the Wycheproof vector
// files. Numbers keep their text as well as a double; objects keep member
// order. No third-party code.
#ifndef CTCRYPTO_TESTS_JSON_H_
#define CTCRYPTO_TESTS_JSON_H_

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace ctcrypto_test {

class JsonValue {
 public:
  enum class Type { kNull, kBool, kNumber, kString, kArray, kObject };

  Type type() const { return type_; }
  bool is_null() const { return type_ == Type::kNull; }
  bool is_bool() const { return type_ == Type::kBool; }
  bool is_number() const { return type_ == Type::kNumber; }
  bool is_string() const { return type_ == Type::kString; }
  bool is_array() const { return type_ == Type::kArray; }
  bool is_object() const { return type_ == Type::kObject; }

  bool as_bool() const { return bool_; }
  double as_number() const { return number_; }
  // as_int: the number if it is an integer that fits, else `fallback`.
  int64_t as_int(int64_t fallback = -1) const;
  // as_string: the decoded string (number text for numbers).
  const std::string& as_string() const { return string_; }

  // Arrays.
  size_t size() const;
  const JsonValue& operator[](size_t i) const;
  const std::vector<JsonValue>& array() const { return array_; }

  // Objects: member lookup; Get returns null when absent.
  const JsonValue* Get(const std::string& key) const;
  bool Has(const std::string& key) const { return Get(key) != nullptr; }
  const std::vector<std::pair<std::string, JsonValue>>& members() const {
    return members_;
  }

  // Builders (used by the parser).
  static JsonValue Null() { return JsonValue(); }
  static JsonValue Bool(bool b);
  static JsonValue Number(double d, std::string text);
  static JsonValue String(std::string s);
  static JsonValue Array(std::vector<JsonValue> a);
  static JsonValue Object(std::vector<std::pair<std::string, JsonValue>> m);

 private:
  Type type_ = Type::kNull;
  bool bool_ = false;
  double number_ = 0;
  std::string string_;
  std::vector<JsonValue> array_;
  std::vector<std::pair<std::string, JsonValue>> members_;
};

// ParseJson: parses a complete document (surrounding whitespace allowed).
// On error returns false and sets *error to "offset N: reason".
bool ParseJson(const std::string& text, JsonValue* out, std::string* error);

// LoadJson: reads and parses tests/testdata/<file> (`rel` as for
// TestDataPath); on failure records a GoogleTest failure naming the file
// and the path tried, and returns false.
bool LoadJson(const std::string& rel, JsonValue* out);
// HexField: the required hex-string member `name` of a Wycheproof test
// object, decoded; records a failure (and returns empty bytes) when it is
// missing, not a string or not hex.
std::vector<uint8_t> HexField(const JsonValue& obj, const char* name);

}  // namespace ctcrypto_test

#endif  // CTCRYPTO_TESTS_JSON_H_
