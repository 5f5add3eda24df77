#include "tests/json.h"

#include <cmath>
#include <cstdlib>

#include "gtest/gtest.h"
#include "tests/test_util.h"

namespace ctcrypto_test {

int64_t JsonValue::as_int(int64_t fallback) const {
  if (type_ != Type::kNumber) return fallback;
  if (!(number_ >= -9007199254740992.0 && number_ <= 9007199254740992.0)) {
    return fallback;
  }
  double r = std::floor(number_);
  if (r != number_) return fallback;
  return static_cast<int64_t>(r);
}

size_t JsonValue::size() const {
  if (type_ == Type::kArray) return array_.size();
  if (type_ == Type::kObject) return members_.size();
  return 0;
}

const JsonValue& JsonValue::operator[](size_t i) const { return array_.at(i); }

const JsonValue* JsonValue::Get(const std::string& key) const {
  if (type_ != Type::kObject) return nullptr;
  for (const auto& m : members_) {
    if (m.first == key) return &m.second;
  }
  return nullptr;
}

JsonValue JsonValue::Bool(bool b) {
  JsonValue v;
  v.type_ = Type::kBool;
  v.bool_ = b;
  return v;
}

JsonValue JsonValue::Number(double d, std::string text) {
  JsonValue v;
  v.type_ = Type::kNumber;
  v.number_ = d;
  v.string_ = std::move(text);
  return v;
}

JsonValue JsonValue::String(std::string s) {
  JsonValue v;
  v.type_ = Type::kString;
  v.string_ = std::move(s);
  return v;
}

JsonValue JsonValue::Array(std::vector<JsonValue> a) {
  JsonValue v;
  v.type_ = Type::kArray;
  v.array_ = std::move(a);
  return v;
}

JsonValue JsonValue::Object(std::vector<std::pair<std::string, JsonValue>> m) {
  JsonValue v;
  v.type_ = Type::kObject;
  v.members_ = std::move(m);
  return v;
}

namespace {

class Parser {
 public:
  explicit Parser(const std::string& text) : s_(text) {}

  bool ParseDocument(JsonValue* out, std::string* error) {
    SkipWs();
    if (!ParseValue(out, 0)) {
      *error = "offset " + std::to_string(pos_) + ": " + error_;
      return false;
    }
    SkipWs();
    if (pos_ != s_.size()) {
      *error = "offset " + std::to_string(pos_) + ": trailing characters";
      return false;
    }
    return true;
  }

 private:
  static constexpr int kMaxDepth = 64;

  bool Fail(const char* why) {
    error_ = why;
    return false;
  }

  void SkipWs() {
    while (pos_ < s_.size() && (s_[pos_] == ' ' || s_[pos_] == '\t' ||
                                s_[pos_] == '\n' || s_[pos_] == '\r')) {
      ++pos_;
    }
  }

  bool Literal(const char* word) {
    size_t n = std::char_traits<char>::length(word);
    if (s_.compare(pos_, n, word) != 0) return Fail("invalid literal");
    pos_ += n;
    return true;
  }

  bool ParseValue(JsonValue* out, int depth) {
    if (depth > kMaxDepth) return Fail("nesting too deep");
    if (pos_ >= s_.size()) return Fail("unexpected end of input");
    char c = s_[pos_];
    switch (c) {
      case '{':
        return ParseObject(out, depth);
      case '[':
        return ParseArray(out, depth);
      case '"': {
        std::string str;
        if (!ParseString(&str)) return false;
        *out = JsonValue::String(std::move(str));
        return true;
      }
      case 't':
        if (!Literal("true")) return false;
        *out = JsonValue::Bool(true);
        return true;
      case 'f':
        if (!Literal("false")) return false;
        *out = JsonValue::Bool(false);
        return true;
      case 'n':
        if (!Literal("null")) return false;
        *out = JsonValue::Null();
        return true;
      default:
        if (c == '-' || (c >= '0' && c <= '9')) return ParseNumber(out);
        return Fail("unexpected character");
    }
  }

  bool ParseObject(JsonValue* out, int depth) {
    ++pos_;  // '{'
    std::vector<std::pair<std::string, JsonValue>> members;
    SkipWs();
    if (pos_ < s_.size() && s_[pos_] == '}') {
      ++pos_;
      *out = JsonValue::Object(std::move(members));
      return true;
    }
    for (;;) {
      SkipWs();
      if (pos_ >= s_.size() || s_[pos_] != '"') return Fail("expected key");
      std::string key;
      if (!ParseString(&key)) return false;
      for (const auto& m : members) {
        if (m.first == key) return Fail("duplicate key");
      }
      SkipWs();
      if (pos_ >= s_.size() || s_[pos_] != ':') return Fail("expected ':'");
      ++pos_;
      SkipWs();
      JsonValue v;
      if (!ParseValue(&v, depth + 1)) return false;
      members.emplace_back(std::move(key), std::move(v));
      SkipWs();
      if (pos_ >= s_.size()) return Fail("unterminated object");
      if (s_[pos_] == ',') {
        ++pos_;
        continue;
      }
      if (s_[pos_] == '}') {
        ++pos_;
        *out = JsonValue::Object(std::move(members));
        return true;
      }
      return Fail("expected ',' or '}'");
    }
  }

  bool ParseArray(JsonValue* out, int depth) {
    ++pos_;  // '['
    std::vector<JsonValue> items;
    SkipWs();
    if (pos_ < s_.size() && s_[pos_] == ']') {
      ++pos_;
      *out = JsonValue::Array(std::move(items));
      return true;
    }
    for (;;) {
      SkipWs();
      JsonValue v;
      if (!ParseValue(&v, depth + 1)) return false;
      items.push_back(std::move(v));
      SkipWs();
      if (pos_ >= s_.size()) return Fail("unterminated array");
      if (s_[pos_] == ',') {
        ++pos_;
        continue;
      }
      if (s_[pos_] == ']') {
        ++pos_;
        *out = JsonValue::Array(std::move(items));
        return true;
      }
      return Fail("expected ',' or ']'");
    }
  }

  bool Hex4(uint32_t* v) {
    if (pos_ + 4 > s_.size()) return Fail("short \\u escape");
    uint32_t r = 0;
    for (int i = 0; i < 4; ++i) {
      char c = s_[pos_++];
      r <<= 4;
      if (c >= '0' && c <= '9') {
        r |= static_cast<uint32_t>(c - '0');
      } else if (c >= 'a' && c <= 'f') {
        r |= static_cast<uint32_t>(c - 'a' + 10);
      } else if (c >= 'A' && c <= 'F') {
        r |= static_cast<uint32_t>(c - 'A' + 10);
      } else {
        return Fail("bad \\u escape");
      }
    }
    *v = r;
    return true;
  }

  static void AppendUtf8(std::string* s, uint32_t cp) {
    if (cp < 0x80) {
      s->push_back(static_cast<char>(cp));
    } else if (cp < 0x800) {
      s->push_back(static_cast<char>(0xC0 | (cp >> 6)));
      s->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
      s->push_back(static_cast<char>(0xE0 | (cp >> 12)));
      s->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
      s->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else {
      s->push_back(static_cast<char>(0xF0 | (cp >> 18)));
      s->push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
      s->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
      s->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    }
  }

  bool ParseString(std::string* out) {
    ++pos_;  // opening quote
    out->clear();
    while (pos_ < s_.size()) {
      unsigned char c = static_cast<unsigned char>(s_[pos_++]);
      if (c == '"') return true;
      if (c < 0x20) return Fail("control character in string");
      if (c != '\\') {
        out->push_back(static_cast<char>(c));
        continue;
      }
      if (pos_ >= s_.size()) break;
      char e = s_[pos_++];
      switch (e) {
        case '"': out->push_back('"'); break;
        case '\\': out->push_back('\\'); break;
        case '/': out->push_back('/'); break;
        case 'b': out->push_back('\b'); break;
        case 'f': out->push_back('\f'); break;
        case 'n': out->push_back('\n'); break;
        case 'r': out->push_back('\r'); break;
        case 't': out->push_back('\t'); break;
        case 'u': {
          uint32_t cp;
          if (!Hex4(&cp)) return false;
          if (cp >= 0xD800 && cp < 0xDC00) {
            uint32_t lo;
            if (pos_ + 2 > s_.size() || s_[pos_] != '\\' ||
                s_[pos_ + 1] != 'u') {
              return Fail("unpaired surrogate");
            }
            pos_ += 2;
            if (!Hex4(&lo)) return false;
            if (lo < 0xDC00 || lo >= 0xE000) return Fail("bad surrogate pair");
            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
          } else if (cp >= 0xDC00 && cp < 0xE000) {
            return Fail("unpaired surrogate");
          }
          AppendUtf8(out, cp);
          break;
        }
        default:
          return Fail("bad escape");
      }
    }
    return Fail("unterminated string");
  }

  bool ParseNumber(JsonValue* out) {
    size_t start = pos_;
    auto digit = [&](size_t i) {
      return i < s_.size() && s_[i] >= '0' && s_[i] <= '9';
    };
    if (s_[pos_] == '-') ++pos_;
    if (!digit(pos_)) return Fail("bad number");
    if (s_[pos_] == '0') {
      ++pos_;
    } else {
      while (digit(pos_)) ++pos_;
    }
    if (pos_ < s_.size() && s_[pos_] == '.') {
      ++pos_;
      if (!digit(pos_)) return Fail("bad fraction");
      while (digit(pos_)) ++pos_;
    }
    if (pos_ < s_.size() && (s_[pos_] == 'e' || s_[pos_] == 'E')) {
      ++pos_;
      if (pos_ < s_.size() && (s_[pos_] == '+' || s_[pos_] == '-')) ++pos_;
      if (!digit(pos_)) return Fail("bad exponent");
      while (digit(pos_)) ++pos_;
    }
    std::string text = s_.substr(start, pos_ - start);
    *out = JsonValue::Number(std::strtod(text.c_str(), nullptr), text);
    return true;
  }

  const std::string& s_;
  size_t pos_ = 0;
  std::string error_;
};

}  // namespace

bool ParseJson(const std::string& text, JsonValue* out, std::string* error) {
  Parser p(text);
  return p.ParseDocument(out, error);
}

bool LoadJson(const std::string& rel, JsonValue* out) {
  std::string text;
  std::string path = TestDataPath(rel);
  if (!ReadWholeFile(path, &text)) {
    ADD_FAILURE() << "cannot read " << rel << " (tried " << path << ")";
    return false;
  }
  std::string err;
  if (!ParseJson(text, out, &err)) {
    ADD_FAILURE() << rel << ": JSON error: " << err;
    return false;
  }
  return true;
}

std::vector<uint8_t> HexField(const JsonValue& obj, const char* name) {
  const JsonValue* v = obj.Get(name);
  if (v == nullptr || !v->is_string()) {
    ADD_FAILURE() << "missing string field " << name;
    return {};
  }
  Bytes b;
  if (!HexToBytes(v->as_string(), &b)) ADD_FAILURE() << name << " not hex";
  return b;
}

}  // namespace ctcrypto_test
