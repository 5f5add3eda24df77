// file_test.h: a reader for BoringSSL's FileTest vector format.
//
// A file is a sequence of records separated by blank lines (end of file also
// ends one). Each record line is `NAME: value` or `Name = value` (the first
// ':' or '=' delimits; name and value are trimmed). Lines starting with '#'
// are comments. A value is hex (either case), empty, or a quoted literal
// ("" is the empty string). `[...]` instruction lines are not used by any
// vendored file and are reported as errors.
//
// To make sure nothing is skipped silently, RunFileTest fails the current
// test when a record carries an attribute outside the caller's list, or when
// the callback did not read every attribute of a record (a record that is
// deliberately skipped must call MarkAllUsed()).
#ifndef CTCRYPTO_TESTS_FILE_TEST_H_
#define CTCRYPTO_TESTS_FILE_TEST_H_

#include <cstddef>
#include <functional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "tests/test_util.h"

namespace ctcrypto_test {

class FileTestRecord {
 public:
  FileTestRecord(std::string file, int line) : file_(std::move(file)), line_(line) {}

  const std::string& file() const { return file_; }
  int line() const { return line_; }
  // Where: "file:line" of the record's first attribute.
  std::string Where() const;

  bool Has(const std::string& name) const;
  // GetString: the trimmed value with quotes removed; marks it used. A
  // missing attribute is a test failure and gives "".
  std::string GetString(const std::string& name);
  // GetBytes: the value decoded as hex (or the bytes of a quoted literal);
  // marks it used. Missing or malformed is a test failure.
  Bytes GetBytes(const std::string& name);
  // MarkAllUsed: for records a test deliberately skips (and counts).
  void MarkAllUsed();

  std::vector<std::string> UnusedAttributes() const;
  size_t size() const { return attrs_.size(); }

  // Used by the parser. Returns false on a duplicate name.
  bool Add(std::string name, std::string value);

 private:
  struct Attr {
    std::string name;
    std::string value;
    bool quoted = false;
    bool used = false;
  };
  Attr* Find(const std::string& name);
  const Attr* Find(const std::string& name) const;

  std::string file_;
  int line_;
  std::vector<Attr> attrs_;
};

// ParseFileTest: parses `contents` (named `file` in messages). On a syntax
// error sets *error to "file:line: reason" and returns false.
bool ParseFileTest(const std::string& file, const std::string& contents,
                   std::vector<FileTestRecord>* records, std::string* error);

// ReadFileTest: reads and parses a test-data file (path relative to the
// workspace root, see TestDataPath). Failures are reported as test failures.
bool ReadFileTest(const std::string& rel_path,
                  std::vector<FileTestRecord>* records);

// RunFileTest: runs `fn` on every record of `rel_path` (with a SCOPED_TRACE
// naming the record). Fails the test when the file cannot be read or has no
// records, when a record has an attribute not in `allowed`, or when `fn`
// leaves an attribute unread. Returns the number of records run.
size_t RunFileTest(const std::string& rel_path,
                   const std::set<std::string>& allowed,
                   const std::function<void(FileTestRecord&)>& fn);

}  // namespace ctcrypto_test

#endif  // CTCRYPTO_TESTS_FILE_TEST_H_
