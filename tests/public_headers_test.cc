// public_headers_test: the public headers (crypto/include/ctcrypto/*.h,
// passed as arguments by BUILD.bazel) include only each other and the
// standard library, and name no internal type: a consumer compiles against
// ctcrypto/ alone, and the object layouts are fixed by the published
// state sizes, not by the rows a build compiles in. The internal names
// allowed are the access structs the classes befriend, each its own
// (internal::AesKeyAccess, crypto/aes/aes_key_access.h; internal::GcmAccess,
// crypto/modes/gcm_access.h; ...), by forward declaration.
#include <gtest/gtest.h>

#include <cctype>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/test_util.h"

namespace ctcrypto_test {
namespace {

std::vector<std::string> g_headers;  // from argv, set before the tests run

// StripComments: the text with // and /* */ comments blanked (comments may
// name internal types to say where a state is defined). String literals in
// these headers hold no comment markers.
std::string StripComments(const std::string& s) {
  std::string out;
  size_t i = 0;
  while (i < s.size()) {
    if (s.compare(i, 2, "//") == 0) {
      while (i < s.size() && s[i] != '\n') ++i;
    } else if (s.compare(i, 2, "/*") == 0) {
      size_t end = s.find("*/", i + 2);
      i = end == std::string::npos ? s.size() : end + 2;
    } else {
      out += s[i++];
    }
  }
  return out;
}

// IsAccessFriend: whether `l` befriends an internal access struct,
// "friend struct internal::<Name>Access;" (Name alphanumeric).
bool IsAccessFriend(const std::string& l) {
  const std::string head = "friend struct internal::";
  const std::string tail = "Access;";
  if (l.size() <= head.size() + tail.size() || l.rfind(head, 0) != 0 ||
      l.compare(l.size() - tail.size(), tail.size(), tail) != 0)
    return false;
  for (size_t i = head.size(); i < l.size() - tail.size(); ++i)
    if (!std::isalnum(static_cast<unsigned char>(l[i]))) return false;
  return true;
}

// Violations: one line per offending line of header `text`.
std::vector<std::string> Violations(const std::string& text) {
  std::vector<std::string> bad;
  std::istringstream lines(StripComments(text));
  std::string line;
  while (std::getline(lines, line)) {
    const size_t first = line.find_first_not_of(" \t");
    if (first == std::string::npos) continue;
    const std::string l = line.substr(first);
    if (l.rfind("#include", 0) == 0) {
      const size_t q = l.find('"');
      if (q != std::string::npos && l.compare(q + 1, 9, "ctcrypto/") != 0)
        bad.push_back("non-public include: " + l);
      if (q == std::string::npos && l.find(".h>") != std::string::npos &&
          l.find("<stddef.h>") == std::string::npos &&
          l.find("<stdint.h>") == std::string::npos)
        bad.push_back("non-standard include: " + l);
      continue;
    }
    if (l.find("internal") == std::string::npos) continue;
    if (l == "namespace internal {" || l == "}  // namespace internal" ||
        IsAccessFriend(l))
      continue;
    bad.push_back("internal name: " + l);
  }
  return bad;
}

TEST(PublicHeadersTest, CheckerFindsViolations) {
  // The checker itself: each kind of violation is found, the allowed forms
  // and comments are not.
  EXPECT_EQ(Violations("#include \"crypto/aes/aes_row.h\"\n").size(), 1u);
  EXPECT_EQ(Violations("#include <gtest/gtest.h>\n").size(), 1u);
  EXPECT_EQ(Violations("  internal::AesKeyState state_;\n").size(), 1u);
  EXPECT_EQ(Violations("  Status init(const internal::AesRow* b);\n")
                .size(),
            1u);
  EXPECT_EQ(Violations("  friend struct internal::AesRow;\n").size(), 1u);
  EXPECT_EQ(Violations("  friend struct internal::Access;\n").size(), 1u);
  EXPECT_EQ(Violations("  friend struct internal::Aes::KeyAccess;\n").size(),
            1u);
  EXPECT_TRUE(Violations("#include <span>\n#include <stdint.h>\n"
                         "#include \"ctcrypto/status.h\"\n"
                         "namespace internal {\nstruct AesKeyAccess;\n}\n"
                         "  friend struct internal::AesKeyAccess;\n"
                         "  friend struct internal::GcmAccess;\n"
                         "  // internal::AesKeyState, in a comment\n"
                         "  /* internal::HashCtx */\n")
                  .empty());
}

TEST(PublicHeadersTest, IncludeOnlyPublicAndStandardHeaders) {
  // Every public header is passed (BUILD.bazel: the glob of //crypto's
  // public_headers); these are the ones this test was written against.
  ASSERT_GE(g_headers.size(), 14u);
  size_t found_known = 0;
  for (const char* known : {"/aes.h", "/aead.h", "/hash.h", "/tls_cbc.h",
                            "/gcm_siv.h", "/ctcrypto.h"}) {
    for (const std::string& h : g_headers)
      if (h.size() >= std::string(known).size() &&
          h.compare(h.size() - std::string(known).size(), std::string::npos,
                    known) == 0)
        ++found_known;
  }
  EXPECT_EQ(found_known, 6u);
  for (const std::string& h : g_headers) {
    std::ifstream in(TestDataPath(h));
    ASSERT_TRUE(in.good()) << "cannot open " << h;
    std::stringstream text;
    text << in.rdbuf();
    ASSERT_FALSE(text.str().empty()) << h;
    for (const std::string& v : Violations(text.str()))
      ADD_FAILURE() << h << ": " << v;
  }
}

}  // namespace
}  // namespace ctcrypto_test

int main(int argc, char** argv) {
  testing::InitGoogleTest(&argc, argv);
  for (int i = 1; i < argc; ++i)
    ctcrypto_test::g_headers.push_back(argv[i]);
  return RUN_ALL_TESTS();
}
