// dispatch_test.cc: capability parsing, the dependency closure, the row
// tables and selection.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <set>
#include <string>
#include <vector>

#include "crypto/aes/aes_row.h"
#include "crypto/cpu/cpu.h"
#include "crypto/ghash/ghash_row.h"
#include "crypto/modes/xts_kernel.h"
#include "crypto/testing/explicit_rows.h"
#include "ctcrypto/aead.h"
#include "ctcrypto/aes.h"
#include "ctcrypto/ccm.h"
#include "ctcrypto/ghash.h"
#include "tests/rows.h"
#include "tests/test_util.h"

namespace ctcrypto_test {
namespace {

using namespace ctcrypto::internal;  // NOLINT: Cap constants

constexpr uint32_t kAllCaps = kCapAesni | kCapPclmul | kCapSsse3 | kCapAvx |
                              kCapVaes | kCapNeon | kCapAes | kCapPmull |
                              kCapAvx2 | kCapAvx512 | kCapShaNi | kCapSha1 |
                              kCapSha2 | kCapSha512;

TEST(ParseDisableListTest, KnownAndUnknownNames) {
  size_t unknown = 99;
  EXPECT_EQ(parse_disable_list("aesni,foo,neon", &unknown),
            kCapAesni | kCapNeon);
  EXPECT_EQ(unknown, 1u);
  unknown = 99;
  EXPECT_EQ(parse_disable_list("", &unknown), 0u);
  EXPECT_EQ(unknown, 0u);
  unknown = 99;
  EXPECT_EQ(parse_disable_list(nullptr, &unknown), 0u);
  EXPECT_EQ(unknown, 0u);
  unknown = 99;
  EXPECT_EQ(parse_disable_list("pclmul", &unknown), uint32_t{kCapPclmul});
  EXPECT_EQ(unknown, 0u);
  unknown = 0;
  EXPECT_EQ(parse_disable_list("bar,baz", &unknown), 0u);
  EXPECT_EQ(unknown, 2u);
  // Names are whole words: prefixes and extensions are unknown.
  unknown = 0;
  EXPECT_EQ(parse_disable_list("aes", &unknown), uint32_t{kCapAes});
  EXPECT_EQ(parse_disable_list("aesn,aesnii,avx51", &unknown), 0u);
  EXPECT_EQ(unknown, 3u);
  // The unknown counter is optional.
  EXPECT_EQ(parse_disable_list("ssse3,avx", nullptr), kCapSsse3 | kCapAvx);
  // Every documented name parses to its bit.
  const std::pair<const char*, uint32_t> kNames[] = {
      {"aesni", kCapAesni}, {"pclmul", kCapPclmul}, {"ssse3", kCapSsse3},
      {"avx", kCapAvx},     {"vaes", kCapVaes},     {"neon", kCapNeon},
      {"aes", kCapAes},     {"pmull", kCapPmull}};
  for (auto [name, bit] : kNames) {
    unknown = 99;
    EXPECT_EQ(parse_disable_list(name, &unknown), bit) << name;
    EXPECT_EQ(unknown, 0u) << name;
  }
}

TEST(ParseDisableListTest, CapNamesTableIsConsistent) {
  std::set<std::string> names;
  uint32_t bits = 0;
  ASSERT_GE(kNumCapNames, 8u);
  for (size_t i = 0; i < kNumCapNames; ++i) {
    const CapName& c = kCapNames[i];
    ASSERT_NE(c.name, nullptr);
    EXPECT_TRUE(names.insert(c.name).second) << "duplicate name " << c.name;
    EXPECT_EQ(c.bit & (c.bit - 1), 0u) << c.name << " is not a single bit";
    EXPECT_EQ(bits & c.bit, 0u) << c.name << " reuses a bit";
    bits |= c.bit;
    size_t unknown = 99;
    EXPECT_EQ(parse_disable_list(c.name, &unknown), c.bit) << c.name;
    EXPECT_EQ(unknown, 0u);
  }
  EXPECT_EQ(bits, kAllCaps);
}

TEST(CapsRemoveTest, Closure) {
  // Removing nothing keeps everything.
  EXPECT_EQ(caps_remove(kAllCaps, 0), kAllCaps);
  EXPECT_EQ(caps_remove(0, kCapAesni), 0u);
  // No AES-NI => no VAES; the rest of x86 stays.
  uint32_t r = caps_remove(kAllCaps, kCapAesni);
  EXPECT_EQ(r & (kCapAesni | kCapVaes), 0u);
  EXPECT_EQ(r & (kCapPclmul | kCapSsse3 | kCapAvx | kCapAvx2 | kCapAvx512),
            kCapPclmul | kCapSsse3 | kCapAvx | kCapAvx2 | kCapAvx512);
  // No AVX => no AVX2, AVX-512, VAES.
  r = caps_remove(kAllCaps, kCapAvx);
  EXPECT_EQ(r & (kCapAvx | kCapAvx2 | kCapAvx512 | kCapVaes), 0u);
  EXPECT_EQ(r & (kCapAesni | kCapPclmul | kCapSsse3),
            kCapAesni | kCapPclmul | kCapSsse3);
  // No NEON => no ARMv8 AES / PMULL (they use NEON registers).
  r = caps_remove(kAllCaps, kCapNeon);
  EXPECT_EQ(r & (kCapNeon | kCapAes | kCapPmull), 0u);
  // Removing a leaf removes only the leaf.
  EXPECT_EQ(caps_remove(kAllCaps, kCapVaes), kAllCaps & ~uint32_t{kCapVaes});
  EXPECT_EQ(caps_remove(kAllCaps, kCapPmull), kAllCaps & ~uint32_t{kCapPmull});
  // Every removed capability is gone, and the result is closed (idempotent).
  for (size_t i = 0; i < kNumCapNames; ++i) {
    uint32_t bit = kCapNames[i].bit;
    uint32_t after = caps_remove(kAllCaps, bit);
    EXPECT_EQ(after & bit, 0u) << kCapNames[i].name;
    EXPECT_EQ(caps_remove(after, bit), after) << kCapNames[i].name;
    EXPECT_EQ(caps_remove(after, 0), after) << kCapNames[i].name;
  }
}

TEST(CapsToStringTest, RoundTrip) {
  char buf[256];
  EXPECT_STREQ(caps_to_string(kCapAesni | kCapPclmul, buf, sizeof(buf)),
               "aesni,pclmul");
  for (uint32_t caps : {uint32_t{kCapAesni}, uint32_t{kCapNeon | kCapPmull},
                        kAllCaps}) {
    caps_to_string(caps, buf, sizeof(buf));
    size_t unknown = 99;
    EXPECT_EQ(parse_disable_list(buf, &unknown), caps) << buf;
    EXPECT_EQ(unknown, 0u) << buf;
  }
  // Always NUL-terminated, even when cut short.
  char small[8];
  std::memset(small, 'x', sizeof(small));
  caps_to_string(kAllCaps, small, sizeof(small));
  EXPECT_LT(std::strlen(small), sizeof(small));
}

TEST(CpuCapsTest, Consistent) {
  uint32_t detected = cpu_detected_caps();
  uint32_t caps = cpu_caps();
  EXPECT_EQ(caps & ~detected, 0u) << "cpu_caps has bits the CPU lacks";
  EXPECT_EQ(caps_remove(caps, 0), caps) << "cpu_caps not closed";
  char buf[256];
  RecordProperty("detected_caps", caps_to_string(detected, buf, sizeof(buf)));
  RecordProperty("cpu_caps", caps_to_string(caps, buf, sizeof(buf)));
}

TEST(RowTableTest, AesRows) {
  ASSERT_GE(kNumAesRows, 1u);
  std::set<std::string> names;
  for (size_t i = 0; i < kNumAesRows; ++i) {
    const AesRow* b = kAesRows[i];
    ASSERT_NE(b, nullptr);
    ASSERT_NE(b->name, nullptr);
    EXPECT_TRUE(names.insert(b->name).second) << "duplicate row " << b->name;
    EXPECT_EQ(find_aes_row(b->name), b) << b->name;
    EXPECT_NE(b->set_key, nullptr) << b->name;
    EXPECT_NE(b->encrypt_block, nullptr) << b->name;
    EXPECT_NE(b->ctr32, nullptr) << b->name;
    EXPECT_NE(b->cbc_encrypt, nullptr) << b->name;
    // The inverse cipher: its own object, the row's in both lists.
    const ctcrypto::internal::AesDecryptRow* d =
        ctcrypto::internal::aes_decrypt_row_of(b);
    ASSERT_NE(d, nullptr) << b->name;
    EXPECT_EQ(d->row, b) << b->name;
    EXPECT_NE(d->decrypt_block, nullptr) << b->name;
    EXPECT_NE(d->cbc_decrypt, nullptr) << b->name;
    EXPECT_EQ(ctcrypto::internal::aes_row_usable(b),
              (b->required_caps & ~cpu_caps()) == 0)
        << b->name;
  }
  EXPECT_EQ(find_aes_row("no-such-row"), nullptr);
#if defined(__aarch64__)
  // Advanced SIMD is architectural on ARMv8-A: the NEON rows end the table
  // and the portable row is not linked into the library.
  EXPECT_EQ(find_aes_row("nohw"), nullptr) << "nohw in the aarch64 table";
#else
  EXPECT_NE(find_aes_row("nohw"), nullptr) << "nohw must be compiled in";
#endif
  // The last row needs nothing.
  EXPECT_EQ(kAesRows[kNumAesRows - 1]->required_caps, 0u);
}

TEST(RowTableTest, GhashRows) {
  ASSERT_GE(kNumGhashRows, 1u);
  std::set<std::string> names;
  for (size_t i = 0; i < kNumGhashRows; ++i) {
    const GhashRow* b = kGhashRows[i];
    ASSERT_NE(b, nullptr);
    ASSERT_NE(b->name, nullptr);
    EXPECT_TRUE(names.insert(b->name).second) << "duplicate row " << b->name;
    EXPECT_EQ(find_ghash_row(b->name), b) << b->name;
    EXPECT_NE(b->init, nullptr);
    EXPECT_NE(b->update, nullptr);
    EXPECT_EQ(ctcrypto::internal::ghash_row_usable(b),
              (b->required_caps & ~cpu_caps()) == 0)
        << b->name;
  }
  EXPECT_EQ(find_ghash_row("no-such-row"), nullptr);
#if defined(__aarch64__)
  // Advanced SIMD is architectural on ARMv8-A: the NEON rows end the table
  // and the portable row is not linked into the library.
  EXPECT_EQ(find_ghash_row("nohw"), nullptr) << "nohw in the aarch64 table";
#else
  EXPECT_NE(find_ghash_row("nohw"), nullptr) << "nohw must be compiled in";
#endif
  EXPECT_EQ(kGhashRows[kNumGhashRows - 1]->required_caps, 0u);
}

// The mode kernel tables (crypto/modes/gcm_kernel.h, ccm_kernel.h,
// crypto/tls/tls_cbc_kernel.h): every kernel the library lists serves rows
// compiled in (a shadowed row, e.g. vpaes under vpaes+bsaes, keeps its
// kernel for the keys the tests set up on it), is complete, declares at least the
// capabilities its rows require (so an opt-out of any of them drops it),
// and is unique for its pair; a key set up by the public init() runs the
// kernel of its pair.
TEST(KernelTableTest, GcmKernels) {
  std::span<const ctcrypto::internal::GcmKernel* const> t =
      ctcrypto::internal::gcm_kernel_table();
  for (size_t i = 0; i < t.size(); ++i) {
    const ctcrypto::internal::GcmKernel* k = t[i];
    ASSERT_NE(k, nullptr);
    SCOPED_TRACE(k->name);
    ASSERT_NE(k->aes, nullptr);
    ASSERT_NE(k->ghash, nullptr);
    EXPECT_EQ(ctcrypto::internal::find_any_aes_row(k->aes->name), k->aes);
    EXPECT_EQ(ctcrypto::internal::find_any_ghash_row(k->ghash->name), k->ghash);
    EXPECT_NE(k->seal_bulk, nullptr);
    EXPECT_NE(k->open_bulk, nullptr);
    EXPECT_EQ(k->seal_last == nullptr, k->open_last == nullptr);
    if (k->seal_last != nullptr) {
      EXPECT_GE(k->last_min_bytes, 1u);
      EXPECT_GE(k->last_max_bytes, k->last_min_bytes);
    }
    // A carrying seal (for streams) names its batch, which must fit the
    // stream's carry and be whole blocks.
    EXPECT_EQ(k->seal_bulk_carry == nullptr, k->carry_bytes == 0);
    EXPECT_LE(k->carry_bytes, ctcrypto::internal::kGcmStreamCarryBytes);
    EXPECT_EQ(k->carry_bytes % 16, 0u);
    const uint32_t need = k->aes->required_caps | k->ghash->required_caps;
    EXPECT_EQ(ctcrypto::internal::kGcmKernelUses[i] & need, need);
    EXPECT_EQ(ctcrypto::internal::find_gcm_kernel(t, k->aes, k->ghash), k)
        << "two kernels for one pair";
  }
  ctcrypto::AesGcm gcm;
  ASSERT_EQ(gcm.init(std::vector<uint8_t>(16, 1)), ctcrypto::Status::kOk);
  const AesRow* aes = ctcrypto::internal::key_state(gcm.aes_key()).row;
  const GhashRow* ghash = ctcrypto::internal::key_state(gcm.ghash_key()).row;
  EXPECT_EQ(ctcrypto::internal::gcm_kernel(gcm),
            ctcrypto::internal::find_gcm_kernel(t, aes, ghash));
  gcm.clear();
  EXPECT_EQ(ctcrypto::internal::gcm_kernel(gcm), nullptr);
}

TEST(KernelTableTest, CcmKernels) {
  std::span<const ctcrypto::internal::CcmKernel* const> t =
      ctcrypto::internal::ccm_kernel_table();
  for (size_t i = 0; i < t.size(); ++i) {
    const ctcrypto::internal::CcmKernel* k = t[i];
    ASSERT_NE(k, nullptr);
    SCOPED_TRACE(k->name);
    ASSERT_NE(k->aes, nullptr);
    EXPECT_EQ(ctcrypto::internal::find_any_aes_row(k->aes->name), k->aes);
    EXPECT_NE(k->seal_bulk, nullptr);
    EXPECT_NE(k->open_bulk, nullptr);
    const uint32_t need = k->aes->required_caps;
    EXPECT_EQ(ctcrypto::internal::kCcmKernelUses[i] & need, need);
    EXPECT_EQ(ctcrypto::internal::find_ccm_kernel(t, k->aes), k)
        << "two kernels for one row";
  }
  ctcrypto::AesCcm ccm;
  ASSERT_EQ(ccm.init(std::vector<uint8_t>(16, 1), 16), ctcrypto::Status::kOk);
  const AesRow* aes = ctcrypto::internal::key_state(ccm.aes_key()).row;
  EXPECT_EQ(ctcrypto::internal::ccm_kernel(ccm),
            ctcrypto::internal::find_ccm_kernel(t, aes));
}

// XTS (crypto/modes/xts_kernel.h): as CCM's, and the wide x86 rows, the
// armv8 row and the vpaes+bsaes row must each have theirs, so a kernel
// dropped from the table fails here rather than falling back to the
// three-pass path unnoticed.
TEST(KernelTableTest, XtsKernels) {
  std::span<const ctcrypto::internal::XtsKernel* const> t =
      ctcrypto::internal::xts_kernel_table();
  for (size_t i = 0; i < t.size(); ++i) {
    const ctcrypto::internal::XtsKernel* k = t[i];
    ASSERT_NE(k, nullptr);
    SCOPED_TRACE(k->name);
    ASSERT_NE(k->aes, nullptr);
    EXPECT_STREQ(k->name, k->aes->name);
    EXPECT_EQ(ctcrypto::internal::find_any_aes_row(k->aes->name), k->aes);
    EXPECT_NE(k->encrypt_bulk, nullptr);
    EXPECT_NE(k->decrypt_bulk, nullptr);
    const uint32_t need = k->aes->required_caps;
    EXPECT_EQ(ctcrypto::internal::kXtsKernelUses[i] & need, need);
    EXPECT_EQ(ctcrypto::internal::find_xts_kernel(t, k->aes), k)
        << "two kernels for one row";
  }
  for (size_t i = 0; i < ctcrypto::internal::kNumAesRows; ++i) {
    const AesRow* aes = ctcrypto::internal::kAesRows[i];
    const std::string name = aes->name;
    if (name == "vaes" || name == "aesni" || name == "armv8" ||
        name == "vpaes+bsaes") {
      EXPECT_NE(ctcrypto::internal::find_xts_kernel(t, aes), nullptr)
          << "no XTS kernel for row " << name;
    }
  }
}

TEST(KernelTableTest, TlsCbcKernels) {
  std::span<const ctcrypto::internal::TlsCbcKernel* const> t =
      ctcrypto::internal::tls_cbc_kernel_table();
  for (size_t i = 0; i < t.size(); ++i) {
    const ctcrypto::internal::TlsCbcKernel* k = t[i];
    ASSERT_NE(k, nullptr);
    SCOPED_TRACE(k->name);
    ASSERT_NE(k->aes, nullptr);
    ASSERT_NE(k->sha, nullptr);
    EXPECT_EQ(ctcrypto::internal::find_any_aes_row(k->aes->name), k->aes);
    EXPECT_NE(k->seal_steps, nullptr);
    const uint32_t need = k->aes->required_caps | k->sha->required_caps;
    EXPECT_EQ(ctcrypto::internal::kTlsCbcKernelUses[i] & need, need);
    EXPECT_EQ(ctcrypto::internal::find_tls_cbc_kernel(t, k->aes, k->sha), k)
        << "two kernels for one pair";
  }
}

TEST(SelectTest, NoCapsGivesRowNeedingNothing) {
  const AesRow* a = select_aes_row(0);
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->required_caps, 0u) << a->name;
  const GhashRow* g = select_ghash_row(0);
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->required_caps, 0u) << g->name;
  // A row needing nothing is always usable.
  EXPECT_TRUE(ctcrypto::internal::aes_row_usable(a));
  EXPECT_TRUE(ctcrypto::internal::ghash_row_usable(g));
}

TEST(SelectTest, FirstMatchingRowInTableOrder) {
  // For every subset of capabilities seen in the table, select returns the
  // first row whose requirements are met.
  std::set<uint32_t> cap_sets = {0u, kAllCaps, cpu_caps()};
  for (size_t i = 0; i < kNumAesRows; ++i) {
    cap_sets.insert(kAesRows[i]->required_caps);
  }
  for (size_t i = 0; i < kNumGhashRows; ++i) {
    cap_sets.insert(kGhashRows[i]->required_caps);
  }
  for (uint32_t caps : cap_sets) {
    const AesRow* want = nullptr;
    for (size_t i = 0; i < kNumAesRows && !want; ++i) {
      if ((kAesRows[i]->required_caps & ~caps) == 0) want = kAesRows[i];
    }
    EXPECT_EQ(select_aes_row(caps), want) << "caps " << caps;
    const GhashRow* gwant = nullptr;
    for (size_t i = 0; i < kNumGhashRows && !gwant; ++i) {
      if ((kGhashRows[i]->required_caps & ~caps) == 0) {
        gwant = kGhashRows[i];
      }
    }
    EXPECT_EQ(select_ghash_row(caps), gwant) << "caps " << caps;
  }
}

TEST(SelectTest, DefaultKeysUseSelectedRows) {
  const AesRow* a = select_aes_row(cpu_caps());
  const GhashRow* g = select_ghash_row(cpu_caps());
  ASSERT_NE(a, nullptr);
  ASSERT_NE(g, nullptr);
  EXPECT_TRUE(ctcrypto::internal::aes_row_usable(a));
  EXPECT_TRUE(ctcrypto::internal::ghash_row_usable(g));
  ctcrypto::AesGcm gcm;
  ASSERT_EQ(gcm.init(Bytes(16, 1)), ctcrypto::Status::kOk);
  EXPECT_STREQ(gcm.aes_key().row_name(), a->name);
  EXPECT_STREQ(gcm.ghash_key().row_name(), g->name);
  RecordProperty("aes_row", a->name);
  RecordProperty("ghash_row", g->name);
}

TEST(RowsHelperTest, UsableListsMatchTables) {
  auto aes = UsableAesRows();
  auto ghash = UsableGhashRows();
  ASSERT_FALSE(aes.empty());
  ASSERT_FALSE(ghash.empty());
  size_t usable = 0;
  for (const AesRow* b : ctcrypto::internal::all_aes_rows()) {
    if (ctcrypto::internal::aes_row_usable(b)) ++usable;
  }
  EXPECT_EQ(aes.size(), usable);
  EXPECT_EQ(UsableGcmRows().size(), aes.size() * ghash.size());
  // The selected row is among the tested ones.
  EXPECT_NE(std::find(aes.begin(), aes.end(), select_aes_row(cpu_caps())),
            aes.end());
  EXPECT_NE(std::find(ghash.begin(), ghash.end(),
                      select_ghash_row(cpu_caps())),
            ghash.end());
  // The reference is the portable code itself, linked into the tests even
  // where the library leaves it out (aarch64).
  EXPECT_EQ(ReferenceAesRow(), &ctcrypto::internal::kAesNohw);
  EXPECT_EQ(ReferenceGhashRow(), &ctcrypto::internal::kGhashNohw);
  std::string list;
  for (auto* b : aes) list += std::string(b->name) + " ";
  for (auto* b : ghash) list += std::string("ghash:") + b->name + " ";
  RecordProperty("tested_rows", list);
  std::printf("tested rows: %s\n", list.c_str());
}

}  // namespace
}  // namespace ctcrypto_test
