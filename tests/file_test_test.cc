// file_test_test.cc: the vector-file reader itself, so that a reader bug
// cannot silently drop or mangle records.
#include <gtest/gtest.h>
#include <gtest/gtest-spi.h>

#include <string>
#include <vector>

#include "tests/file_test.h"
#include "tests/test_util.h"

namespace ctcrypto_test {
namespace {

// Failures: runs f with test failures intercepted and returns their messages.
template <typename F>
std::vector<std::string> Failures(F f) {
  testing::TestPartResultArray results;
  {
    testing::ScopedFakeTestPartResultReporter reporter(
        testing::ScopedFakeTestPartResultReporter::
            INTERCEPT_ONLY_CURRENT_THREAD,
        &results);
    f();
  }
  std::vector<std::string> out;
  for (int i = 0; i < results.size(); ++i) {
    out.push_back(results.GetTestPartResult(i).message());
  }
  return out;
}

// AllContain: non-empty, and every message contains `what`.
testing::AssertionResult AllContain(const std::vector<std::string>& msgs,
                                    const std::string& what) {
  if (msgs.empty()) return testing::AssertionFailure() << "no failure";
  for (const auto& m : msgs) {
    if (m.find(what) == std::string::npos) {
      return testing::AssertionFailure() << "unexpected failure: " << m;
    }
  }
  return testing::AssertionSuccess();
}

TEST(FileTestParserTest, RecordsValuesAndComments) {
  const std::string text =
      "# leading comment\n"
      "KEY: 00ff\n"
      "IN: \n"
      "AD:\n"
      "TAG:  AbCd  \n"
      "\n"
      "\n"
      "# between records\n"
      "Name = \"\"\n"
      "Other = \"hi\"\n"
      "Mixed=0A0b\n"
      "Colon: a:b=c\n";  // no trailing blank line: EOF ends the record
  std::vector<FileTestRecord> recs;
  std::string err;
  ASSERT_TRUE(ParseFileTest("t.txt", text, &recs, &err)) << err;
  ASSERT_EQ(recs.size(), 2u);
  EXPECT_EQ(recs[0].line(), 2);
  EXPECT_EQ(recs[0].size(), 4u);
  EXPECT_EQ(ToHex(recs[0].GetBytes("KEY")), "00ff");
  EXPECT_TRUE(recs[0].GetBytes("IN").empty());
  EXPECT_TRUE(recs[0].GetBytes("AD").empty());
  EXPECT_EQ(ToHex(recs[0].GetBytes("TAG")), "abcd");
  EXPECT_TRUE(recs[0].UnusedAttributes().empty());
  EXPECT_EQ(recs[1].Where(), "t.txt:9");
  EXPECT_TRUE(recs[1].GetBytes("Name").empty());
  EXPECT_EQ(recs[1].GetString("Other"), "hi");
  EXPECT_EQ(ToHex(recs[1].GetBytes("Other")), "6869");
  EXPECT_EQ(ToHex(recs[1].GetBytes("Mixed")), "0a0b");
  // The first ':' or '=' delimits.
  EXPECT_EQ(recs[1].GetString("Colon"), "a:b=c");
  EXPECT_TRUE(recs[1].UnusedAttributes().empty());
}

TEST(FileTestParserTest, Errors) {
  std::vector<FileTestRecord> recs;
  std::string err;
  EXPECT_FALSE(ParseFileTest("t", "A: 1\nA: 2\n", &recs, &err));
  EXPECT_NE(err.find("t:2"), std::string::npos) << err;
  EXPECT_FALSE(ParseFileTest("t", "[section]\nA: 1\n", &recs, &err));
  EXPECT_FALSE(ParseFileTest("t", "no delimiter here\n", &recs, &err));
  EXPECT_FALSE(ParseFileTest("t", ": value\n", &recs, &err));
  // Empty input is not an error, just no records.
  ASSERT_TRUE(ParseFileTest("t", "# only a comment\n\n", &recs, &err));
  EXPECT_TRUE(recs.empty());
}

TEST(FileTestParserTest, BadHexAndMissingAttributesFail) {
  std::vector<FileTestRecord> recs;
  std::string err;
  ASSERT_TRUE(ParseFileTest("t", "A: 0g\nB: 123\n", &recs, &err));
  ASSERT_EQ(recs.size(), 1u);
  EXPECT_TRUE(AllContain(Failures([&] { recs[0].GetBytes("A"); }),
                         "is not hex"));
  EXPECT_TRUE(AllContain(Failures([&] { recs[0].GetBytes("B"); }),
                         "is not hex"));
  EXPECT_TRUE(AllContain(Failures([&] { recs[0].GetBytes("C"); }),
                         "missing attribute C"));
}

TEST(FileTestParserTest, RealFilesParse) {
  // Record counts from tests/testdata/README.md.
  const std::pair<const char*, size_t> kFiles[] = {
      {"tests/testdata/aes_128_gcm_tests.txt", 74},
      {"tests/testdata/aes_192_gcm_tests.txt", 6},
      {"tests/testdata/aes_256_gcm_tests.txt", 66},
      {"tests/testdata/cipher_tests.txt", 118},
      {"tests/testdata/aes_tests.txt", 11},
      {"tests/testdata/nist_cavp/aes_128_cbc.txt", 568},
      {"tests/testdata/nist_cavp/aes_192_ctr.txt", 700},
      {"tests/testdata/nist_cavp/aes_256_cbc.txt", 810},
  };
  for (auto [file, count] : kFiles) {
    std::vector<FileTestRecord> recs;
    ASSERT_TRUE(ReadFileTest(file, &recs)) << file;
    EXPECT_EQ(recs.size(), count) << file;
  }
}

// RunFileTest fails the test on unknown or unused attributes; checked
// through a fake file in the real format.
TEST(FileTestParserTest, UnknownAndUnusedAttributesFail) {
  size_t n = 0;
  auto msgs = Failures([&] {
    n = RunFileTest("tests/testdata/aes_tests.txt",
                    {"Mode", "Key", "Plaintext"},  // Ciphertext not allowed
                    [](FileTestRecord& r) { r.MarkAllUsed(); });
  });
  EXPECT_TRUE(AllContain(msgs, "unknown attribute Ciphertext"));
  EXPECT_EQ(msgs.size(), 11u);
  EXPECT_EQ(n, 0u) << "records with unknown attributes must not run";
  msgs = Failures([&] {
    n = RunFileTest("tests/testdata/aes_tests.txt",
                    {"Mode", "Key", "Plaintext", "Ciphertext"},
                    [](FileTestRecord& r) {
                      r.GetString("Mode");
                      r.GetBytes("Key");
                      r.GetBytes("Plaintext");
                    });
  });
  EXPECT_TRUE(AllContain(msgs, "attribute Ciphertext was not used"));
  EXPECT_EQ(msgs.size(), 11u);
  msgs = Failures([&] {
    n = RunFileTest("tests/testdata/no_such_file.txt", {"A"},
                    [](FileTestRecord&) {});
  });
  EXPECT_TRUE(AllContain(msgs, "cannot read test data"));
  EXPECT_EQ(n, 0u);
}

}  // namespace
}  // namespace ctcrypto_test
