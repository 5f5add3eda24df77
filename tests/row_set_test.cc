// row_set_test.cc: which rows a build has and which its CPU selects, exactly.
//
// util/configs.tsv (the hosted configurations) and util/mcu_configs.tsv (the
// bare-metal ones, the same columns) say, per configuration of this
// repository, the AES, GHASH and SHA tables (rows, best first) and the rows
// its CPU (the QEMU model, or this host) selects. The configuration names
// itself to the test (.bazelrc, for every --config): the hosted ones with
// CTCRYPTO_TEST_CONFIG in the environment, the bare-metal ones with the
// argument --ctcrypto_test_config=NAME, because a semihosted program has a
// command line but no environment. Neither is a failure, never a skip; the
// argument wins. (The row table of doc/design.md is made from the same
// columns by util/row-table.sh and checked by //util:row_table_test.)
// It also checks the row declarations of crypto/BUILD.bazel against the C++
// rows: every capability a row requires at run time is one it declares it
// uses (which is what the build-time opt-outs and static capabilities act on).
// (The README's capability names are checked against crypto/cpu/caps.bzl's
// by //util:row_table_test.)
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include "crypto/aes/aes_row.h"
#include "crypto/cpu/cpu.h"
#include "crypto/ghash/ghash_row.h"
#include "crypto/hash/sha_row.h"
#include "crypto/testing/explicit_rows.h"
#include "tests/test_util.h"

namespace {

using ctcrypto::internal::AesRow;
using ctcrypto::internal::GhashRow;
using ctcrypto::internal::ShaRow;
using ctcrypto::internal::ShaFamily;

std::vector<std::string> Split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::string field;
  std::istringstream in(s);
  while (std::getline(in, field, sep)) out.push_back(field);
  return out;
}

std::string Join(const std::vector<std::string>& v, const char* sep) {
  std::string out;
  for (size_t i = 0; i < v.size(); i++) out += (i ? sep : "") + v[i];
  return out;
}

struct ConfigRow {
  std::string config, qemu_cpu;
  std::vector<std::string> aes_rows, ghash_rows;
  std::string aes_chosen, ghash_chosen;
  std::vector<std::string> sha_rows, sha512_rows;
  std::string sha_chosen, sha512_chosen;
  std::vector<std::string> aes_all_rows, ghash_all_rows;
};

// The configurations of util/configs.tsv and then util/mcu_configs.tsv
// (comment lines skipped).
std::vector<ConfigRow> ReadConfigs() {
  std::vector<ConfigRow> rows;
  for (const char* table : {"util/configs.tsv", "util/mcu_configs.tsv"}) {
    std::ifstream f(ctcrypto_test::TestDataPath(table));
    if (!f.good()) ADD_FAILURE() << table << " not in the test's data";
    std::string line;
    while (std::getline(f, line)) {
      if (line.empty() || line[0] == '#') continue;
      std::vector<std::string> c = Split(line, '\t');
      if (c.size() != 16) {
        ADD_FAILURE() << table << ": 16 columns expected: " << line;
        continue;
      }
      rows.push_back({c[0], c[3], Split(c[6], ','), Split(c[7], ','), c[8],
                      c[9], Split(c[10], ','), Split(c[11], ','), c[12], c[13],
                      Split(c[14], ','), Split(c[15], ',')});
    }
  }
  return rows;
}

template <class Row>
std::vector<std::string> Names(const Row* const* table, size_t n) {
  std::vector<std::string> v;
  for (size_t i = 0; i < n; i++) v.push_back(table[i]->name);
  return v;
}

// --ctcrypto_test_config=NAME, from main.
const char* g_config_arg = nullptr;

const ConfigRow* ThisConfig(const std::vector<ConfigRow>& configs) {
  const char* name = g_config_arg != nullptr ? g_config_arg
                                             : std::getenv("CTCRYPTO_TEST_CONFIG");
  if (name == nullptr) {
    ADD_FAILURE() << "no configuration named: neither --ctcrypto_test_config= "
                     "nor CTCRYPTO_TEST_CONFIG (.bazelrc gives one of them for "
                     "every --config of util/configs.tsv and util/mcu_configs.tsv)";
    return nullptr;
  }
  for (const ConfigRow& c : configs) {
    if (c.config == name) return &c;
  }
  ADD_FAILURE() << "configuration " << name
                << " is in neither util/configs.tsv nor util/mcu_configs.tsv";
  return nullptr;
}

TEST(RowSet, TablesAreExactlyTheDeclaredOnes) {
  std::vector<ConfigRow> configs = ReadConfigs();
  ASSERT_GE(configs.size(), 5u);
  const ConfigRow* c = ThisConfig(configs);
  ASSERT_NE(c, nullptr);
  using namespace ctcrypto::internal;
  EXPECT_EQ(Join(Names(kAesRows, kNumAesRows), ","), Join(c->aes_rows, ","))
      << "AES table of " << c->config;
  EXPECT_EQ(Join(Names(kGhashRows, kNumGhashRows), ","),
            Join(c->ghash_rows, ","))
      << "GHASH table of " << c->config;
  for (ShaFamily f : {ShaFamily::kSha1, ShaFamily::kSha256, ShaFamily::kSha512}) {
    std::span<const ShaRow* const> t = sha_table(f);
    EXPECT_EQ(Join(Names(t.data(), t.size()), ","),
              Join(f == ShaFamily::kSha512 ? c->sha512_rows : c->sha_rows, ","))
        << "SHA table " << static_cast<int>(f) << " of " << c->config;
  }
}

// The all-rows lists (crypto/testing): what the tests, benchmarks and
// fuzzers run. A row missing here would go untested, so it fails.
TEST(RowSet, AllRowsListsAreExactlyTheDeclaredOnes) {
  std::vector<ConfigRow> configs = ReadConfigs();
  const ConfigRow* c = ThisConfig(configs);
  ASSERT_NE(c, nullptr);
  using namespace ctcrypto::internal;
  EXPECT_EQ(Join(Names(all_aes_rows().data(), all_aes_rows().size()), ","),
            Join(c->aes_all_rows, ","))
      << "AES all-rows list of " << c->config;
  EXPECT_EQ(Join(Names(all_ghash_rows().data(), all_ghash_rows().size()), ","),
            Join(c->ghash_all_rows, ","))
      << "GHASH all-rows list of " << c->config;
}

// A row the generator leaves out of a table (crypto/rows.bzl) can never be
// selected: an earlier row of the table runs wherever it would. Its
// declared uses are a superset of the earlier row's; this checks the same
// on the required_caps the selection actually reads.
template <class Row>
void CheckLeftOutRowsAreShadowed(std::span<const Row* const> all,
                                 std::span<const Row* const> table,
                                 const char* what) {
  for (size_t i = 0; i < all.size(); i++) {
    bool listed = false;
    for (const Row* t : table) listed = listed || t == all[i];
    if (listed) continue;
    // The portable rows stay in the all-rows lists where a platform drops
    // them from its table (aarch64): not a matter of shadowing.
    if (all[i]->required_caps == 0 && i + 1 == all.size()) continue;
    bool shadowed = false;
    for (size_t j = 0; j < i; j++) {
      bool earlier_listed = false;
      for (const Row* t : table) earlier_listed = earlier_listed || t == all[j];
      if (earlier_listed &&
          (all[j]->required_caps & ~all[i]->required_caps) == 0)
        shadowed = true;
    }
    EXPECT_TRUE(shadowed) << what << " row " << all[i]->name
                          << " is left out of the table but not shadowed";
  }
}

TEST(RowSet, LeftOutRowsAreShadowed) {
  using namespace ctcrypto::internal;
  if (cpu_caps_static()) GTEST_SKIP() << "static capabilities: one row kept";
  CheckLeftOutRowsAreShadowed(all_aes_rows(), aes_table(), "AES");
  CheckLeftOutRowsAreShadowed(all_ghash_rows(), ghash_table(), "GHASH");
}

// What the CPU selects, from what it reports (CTCRYPTO_DISABLE, which the
// reruns of the suites set, does not change this).
TEST(RowSet, TheCpuSelectsTheDeclaredRows) {
  std::vector<ConfigRow> configs = ReadConfigs();
  const ConfigRow* c = ThisConfig(configs);
  ASSERT_NE(c, nullptr);
  using namespace ctcrypto::internal;
  const uint32_t caps = cpu_detected_caps();
  EXPECT_STREQ(select_aes_row(caps)->name, c->aes_chosen.c_str())
      << c->config << " on " << c->qemu_cpu;
  EXPECT_STREQ(select_ghash_row(caps)->name, c->ghash_chosen.c_str())
      << c->config << " on " << c->qemu_cpu;
  EXPECT_STREQ(select_sha_row(ShaFamily::kSha1, caps)->name,
               c->sha_chosen.c_str()) << c->config << " on " << c->qemu_cpu;
  EXPECT_STREQ(select_sha_row(ShaFamily::kSha256, caps)->name,
               c->sha_chosen.c_str()) << c->config << " on " << c->qemu_cpu;
  EXPECT_STREQ(select_sha_row(ShaFamily::kSha512, caps)->name,
               c->sha512_chosen.c_str()) << c->config << " on " << c->qemu_cpu;
}

TEST(RowSet, RequiredCapsAreDeclaredUses) {
  using namespace ctcrypto::internal;
  for (size_t i = 0; i < kNumAesRows; i++) {
    EXPECT_EQ(kAesRows[i]->required_caps & ~kAesRowUses[i], 0u)
        << "AES row " << kAesRows[i]->name
        << " requires a capability its ctcrypto_row() does not declare";
  }
  for (size_t i = 0; i < kNumGhashRows; i++) {
    EXPECT_EQ(kGhashRows[i]->required_caps & ~kGhashRowUses[i], 0u)
        << "GHASH row " << kGhashRows[i]->name
        << " requires a capability its ctcrypto_row() does not declare";
  }
  // (The SHA tables' hardware rows are checked by declaration in
  // crypto/BUILD.bazel; their portable rows end every table.)
  // The last row of each table runs on anything this build targets.
  EXPECT_EQ(kAesRows[kNumAesRows - 1]->required_caps &
                ~cpu_detected_caps(), 0u);
  EXPECT_EQ(kGhashRows[kNumGhashRows - 1]->required_caps &
                ~cpu_detected_caps(), 0u);
}

}  // namespace

int main(int argc, char** argv) {
  testing::InitGoogleTest(&argc, argv);
  static constexpr char kFlag[] = "--ctcrypto_test_config=";
  for (int i = 1; i < argc; ++i) {
    if (std::strncmp(argv[i], kFlag, sizeof(kFlag) - 1) == 0) {
      g_config_arg = argv[i] + sizeof(kFlag) - 1;
    }
  }
  return RUN_ALL_TESTS();
}
