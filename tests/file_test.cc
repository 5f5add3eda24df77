#include "tests/file_test.h"

#include <gtest/gtest.h>

#include <string_view>

namespace ctcrypto_test {
namespace {

std::string_view Trim(std::string_view s) {
  size_t b = 0;
  while (b < s.size() && (s[b] == ' ' || s[b] == '\t')) ++b;
  size_t e = s.size();
  while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t')) --e;
  return s.substr(b, e - b);
}

bool IsBlank(std::string_view s) { return Trim(s).empty(); }

std::string BaseName(const std::string& path) {
  size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

}  // namespace

std::string FileTestRecord::Where() const {
  return file_ + ":" + std::to_string(line_);
}

FileTestRecord::Attr* FileTestRecord::Find(const std::string& name) {
  for (auto& a : attrs_) {
    if (a.name == name) return &a;
  }
  return nullptr;
}

const FileTestRecord::Attr* FileTestRecord::Find(
    const std::string& name) const {
  for (const auto& a : attrs_) {
    if (a.name == name) return &a;
  }
  return nullptr;
}

bool FileTestRecord::Has(const std::string& name) const {
  return Find(name) != nullptr;
}

bool FileTestRecord::Add(std::string name, std::string value) {
  if (Find(name) != nullptr) return false;
  Attr a;
  a.name = std::move(name);
  if (value.size() >= 2 && value.front() == '"' && value.back() == '"') {
    a.value = value.substr(1, value.size() - 2);
    a.quoted = true;
  } else {
    a.value = std::move(value);
  }
  attrs_.push_back(std::move(a));
  return true;
}

std::string FileTestRecord::GetString(const std::string& name) {
  Attr* a = Find(name);
  if (a == nullptr) {
    ADD_FAILURE() << Where() << ": missing attribute " << name;
    return "";
  }
  a->used = true;
  return a->value;
}

Bytes FileTestRecord::GetBytes(const std::string& name) {
  Attr* a = Find(name);
  if (a == nullptr) {
    ADD_FAILURE() << Where() << ": missing attribute " << name;
    return {};
  }
  a->used = true;
  if (a->quoted) return Bytes(a->value.begin(), a->value.end());
  Bytes out;
  if (!HexToBytes(a->value, &out)) {
    ADD_FAILURE() << Where() << ": attribute " << name
                  << " is not hex: " << a->value;
    return {};
  }
  return out;
}

void FileTestRecord::MarkAllUsed() {
  for (auto& a : attrs_) a.used = true;
}

std::vector<std::string> FileTestRecord::UnusedAttributes() const {
  std::vector<std::string> out;
  for (const auto& a : attrs_) {
    if (!a.used) out.push_back(a.name);
  }
  return out;
}

bool ParseFileTest(const std::string& file, const std::string& contents,
                   std::vector<FileTestRecord>* records, std::string* error) {
  records->clear();
  bool in_record = false;
  int line_no = 0;
  size_t pos = 0;
  while (pos < contents.size()) {
    size_t nl = contents.find('\n', pos);
    size_t end = nl == std::string::npos ? contents.size() : nl;
    std::string_view line(contents.data() + pos, end - pos);
    pos = nl == std::string::npos ? contents.size() : nl + 1;
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    auto fail = [&](const std::string& why) {
      *error = file + ":" + std::to_string(line_no) + ": " + why;
      return false;
    };
    if (!line.empty() && line[0] == '#') continue;
    if (IsBlank(line)) {
      in_record = false;
      continue;
    }
    if (Trim(line)[0] == '[') {
      return fail("instruction lines ([...]) are not supported");
    }
    size_t delim = line.find_first_of(":=");
    if (delim == std::string_view::npos) {
      return fail("line has no ':' or '=': " + std::string(line));
    }
    std::string name(Trim(line.substr(0, delim)));
    std::string value(Trim(line.substr(delim + 1)));
    if (name.empty()) return fail("empty attribute name");
    if (!in_record) {
      records->emplace_back(file, line_no);
      in_record = true;
    }
    if (!records->back().Add(name, value)) {
      return fail("attribute " + name + " repeated in one record");
    }
  }
  return true;
}

bool ReadFileTest(const std::string& rel_path,
                  std::vector<FileTestRecord>* records) {
  std::string path = TestDataPath(rel_path);
  std::string contents;
  if (!ReadWholeFile(path, &contents)) {
    ADD_FAILURE() << "cannot read test data " << rel_path << " (tried "
                  << path << ")";
    return false;
  }
  std::string error;
  if (!ParseFileTest(BaseName(rel_path), contents, records, &error)) {
    ADD_FAILURE() << "parse error: " << error;
    return false;
  }
  return true;
}

size_t RunFileTest(const std::string& rel_path,
                   const std::set<std::string>& allowed,
                   const std::function<void(FileTestRecord&)>& fn) {
  std::vector<FileTestRecord> records;
  if (!ReadFileTest(rel_path, &records)) return 0;
  if (records.empty()) {
    ADD_FAILURE() << rel_path << " has no records";
    return 0;
  }
  size_t n = 0;
  for (auto& rec : records) {
    SCOPED_TRACE(rec.Where());
    bool ok = true;
    for (const auto& name : rec.UnusedAttributes()) {
      if (allowed.count(name) == 0) {
        ADD_FAILURE() << rec.Where() << ": unknown attribute " << name;
        ok = false;
      }
    }
    if (!ok) continue;
    fn(rec);
    for (const auto& name : rec.UnusedAttributes()) {
      ADD_FAILURE() << rec.Where() << ": attribute " << name
                    << " was not used by the test";
    }
    ++n;
  }
  return n;
}

}  // namespace ctcrypto_test
