// aead_tool_test.cc: the streaming ops of `ctcrypto aead`
// (tool/aead_batch.h): for every GCM and CCM name of the AEAD table,
// sealstream and openstream with random messages and random chunk lists
// answer exactly what seal and open answer (ciphertexts, plaintexts and
// every error: tampered input, short input, bad nonces); chunk lists that
// are malformed or add up past their field are errors; the names that do
// not stream (GCM-SIV, TLS-CBC) answer "ERROR unsupported".
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "tool/aead_batch.h"

namespace ctcrypto_test {
namespace {

using ctcrypto::tool::aead_process_line;
using ctcrypto::tool::aead_table;
using ctcrypto::tool::AeadEntry;

std::string Hex(const std::vector<uint8_t>& b) {
  static constexpr char kDigits[] = "0123456789abcdef";
  if (b.empty()) return "-";
  std::string s;
  for (uint8_t x : b) {
    s.push_back(kDigits[x >> 4]);
    s.push_back(kDigits[x & 15]);
  }
  return s;
}

std::vector<uint8_t> FromHex(const std::string& h) {
  std::vector<uint8_t> b;
  if (h == "-") return b;
  for (size_t i = 0; i + 1 < h.size(); i += 2)
    b.push_back(static_cast<uint8_t>(std::stoi(h.substr(i, 2), nullptr, 16)));
  return b;
}

bool IsGcm(const std::string& name) {
  return name.size() > 4 && name.compare(name.size() - 4, 4, "-gcm") == 0;
}
bool IsCcmProfile(const std::string& name) {
  return name.find("-ccm-") != std::string::npos;
}

class AeadToolStream : public ::testing::Test {
 protected:
  std::mt19937 rng_{20261204};

  size_t Below(size_t n) {
    return std::uniform_int_distribution<size_t>(0, n - 1)(rng_);
  }
  std::vector<uint8_t> Bytes(size_t n) {
    std::vector<uint8_t> b(n);
    for (auto& x : b) x = static_cast<uint8_t>(rng_());
    return b;
  }
  // Chunks: a random chunk list over `len` bytes: "-", or sizes (zeros
  // included) adding up to len or less (the rest is the tool's last chunk).
  std::string Chunks(size_t len) {
    if (Below(4) == 0) return "-";
    std::string s;
    size_t left = len;
    const size_t count = 1 + Below(6);
    for (size_t i = 0; i < count; ++i) {
      const size_t n = Below(3) == 0 ? 0 : Below(left + 1);
      s += (s.empty() ? "" : ",") + std::to_string(n);
      left -= n;
      if (left == 0 && Below(2) == 0) break;
    }
    if (Below(3) == 0 && left > 0) s += "," + std::to_string(left);
    return s;
  }
  std::vector<uint8_t> Nonce(const std::string& name) {
    if (IsGcm(name)) return Bytes(Below(4) == 0 ? 1 + Below(40) : 12);
    if (IsCcmProfile(name)) return Bytes(13);
    return Bytes(7 + Below(7));
  }
};

std::string Line(const std::string& op, const std::string& name,
                 const std::vector<uint8_t>& key,
                 const std::vector<uint8_t>& nonce,
                 const std::vector<uint8_t>& ad,
                 const std::vector<uint8_t>& input) {
  return op + " " + name + " " + Hex(key) + " " + Hex(nonce) + " " + Hex(ad) +
         " " + Hex(input);
}

// The table's streaming names are exactly the GCM and CCM ones.
TEST_F(AeadToolStream, StreamingNames) {
  std::set<std::string> streaming, one_shot_only;
  for (const AeadEntry& e : aead_table())
    (e.stream != nullptr ? streaming : one_shot_only).insert(e.name);
  EXPECT_EQ(streaming,
            (std::set<std::string>{
                "aes-128-gcm", "aes-192-gcm", "aes-256-gcm", "aes-128-ccm",
                "aes-192-ccm", "aes-256-ccm", "aes-128-ccm-bluetooth",
                "aes-128-ccm-bluetooth-8", "aes-128-ccm-matter"}));
  EXPECT_TRUE(one_shot_only.count("aes-128-gcm-siv"));
  EXPECT_TRUE(one_shot_only.count("aes-128-cbc-sha1-tls"));
}

// McGrew/Viega test case 2 (K = 0, IV = 0, P = 0^16), streamed.
TEST_F(AeadToolStream, KnownAnswer) {
  const std::string zero16(32, '0'), zero12(24, '0');
  const std::string sealed =
      "0388dace60b6a392f328c2b971b2fe78ab6e47d42cec13bdf53a67b21257bddf";
  for (const char* chunks :
       {"-", "0", "16", "3,0,5", "1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1"}) {
    SCOPED_TRACE(chunks);
    EXPECT_EQ(aead_process_line("sealstream aes-128-gcm " + zero16 + " " +
                                zero12 + " - " + zero16 + " - " + chunks),
              sealed);
    EXPECT_EQ(aead_process_line("openstream aes-128-gcm " + zero16 + " " +
                                zero12 + " - " + sealed + " - " + chunks),
              zero16);
  }
}

TEST_F(AeadToolStream, RandomChunkingsGiveTheOneShotAnswer) {
  for (const AeadEntry& e : aead_table()) {
    if (e.stream == nullptr) continue;
    const std::string name = e.name;
    SCOPED_TRACE(name);
    for (int trial = 0; trial < 60; ++trial) {
      const auto key = Bytes(e.key_len);
      const auto nonce = Nonce(name);
      const auto ad = Bytes(Below(4) == 0 ? 0 : Below(70));
      // Short, medium, and past a GCM kernel batch (a seal stream's carry).
      const size_t pt_len = Below(5) == 0   ? Below(3)
                            : Below(6) == 0 ? 600 + Below(2500)
                                            : Below(260);
      const auto pt = Bytes(pt_len);
      const std::string seal = Line("seal", name, key, nonce, ad, pt);
      const std::string sealed = aead_process_line(seal);
      SCOPED_TRACE(seal);
      ASSERT_NE(sealed.rfind("ERROR", 0), 0u) << sealed;
      const size_t tag_len = sealed.size() / 2 - pt.size();
      for (int c = 0; c < 4; ++c) {
        const std::string ad_chunks = Chunks(ad.size());
        const std::string in_chunks = Chunks(pt.size());
        const std::string tail = " " + ad_chunks + " " + in_chunks;
        SCOPED_TRACE(tail);
        EXPECT_EQ(aead_process_line(
                      Line("sealstream", name, key, nonce, ad, pt) + tail),
                  sealed);
        const auto sealed_bytes = FromHex(sealed);
        const std::string open =
            Line("open", name, key, nonce, ad, sealed_bytes);
        EXPECT_EQ(aead_process_line(open), Hex(pt));
        EXPECT_EQ(aead_process_line(
                      Line("openstream", name, key, nonce, ad, sealed_bytes) +
                      tail),
                  Hex(pt));
        // Tampered: one bit of the ciphertext or tag, or of the AD.
        auto bad = sealed_bytes;
        auto bad_ad = ad;
        if (!bad_ad.empty() && Below(3) == 0)
          bad_ad[Below(bad_ad.size())] ^= 0x20;
        else
          bad[Below(bad.size())] ^= static_cast<uint8_t>(1u << Below(8));
        const std::string refused =
            aead_process_line(Line("open", name, key, nonce, bad_ad, bad));
        EXPECT_EQ(refused, "ERROR authentication failure");
        EXPECT_EQ(aead_process_line(
                      Line("openstream", name, key, nonce, bad_ad, bad) +
                      tail),
                  refused);
      }
      // Input shorter than a tag, opened: the one-shot answer.
      const auto short_bytes = FromHex(sealed.substr(0, 2 * Below(tag_len)));
      EXPECT_EQ(
          aead_process_line(Line("openstream", name, key, nonce, ad,
                                 short_bytes) +
                            " - -"),
          aead_process_line(Line("open", name, key, nonce, ad, short_bytes)));
    }
  }
}

// Errors from the key, the nonce and the message length are the one-shot
// errors, word for word.
TEST_F(AeadToolStream, ErrorsAreTheOneShotErrors) {
  for (const AeadEntry& e : aead_table()) {
    if (e.stream == nullptr) continue;
    const std::string name = e.name;
    SCOPED_TRACE(name);
    const auto key = Bytes(e.key_len);
    const auto ad = Bytes(5);
    const auto pt = Bytes(33);
    std::vector<std::vector<uint8_t>> nonces = {{}, Bytes(6), Bytes(14),
                                                Bytes(12), Bytes(7)};
    for (const auto& nonce : nonces) {
      for (const char* op : {"seal", "open"}) {
        const std::string one_shot = aead_process_line(
            Line(op, name, key, nonce, ad, pt));
        EXPECT_EQ(aead_process_line(Line(std::string(op) + "stream", name,
                                         key, nonce, ad, pt) +
                                    " 2 3,4"),
                  one_shot)
            << op << " nonce " << nonce.size();
      }
    }
    // A wrong key length.
    const auto short_key = Bytes(e.key_len - 1);
    EXPECT_EQ(aead_process_line(
                  Line("sealstream", name, short_key, Bytes(13), ad, pt) +
                  " - -"),
              aead_process_line(
                  Line("seal", name, short_key, Bytes(13), ad, pt)));
  }
  // A CCM message too long for its nonce: 13-byte nonce, 65536 bytes.
  const std::vector<uint8_t> big(65536, 7);
  const auto key = Bytes(16), nonce = Bytes(13);
  const std::string one_shot =
      aead_process_line(Line("seal", "aes-128-ccm", key, nonce, {}, big));
  EXPECT_EQ(one_shot, "ERROR message too long");
  EXPECT_EQ(aead_process_line(
                Line("sealstream", "aes-128-ccm", key, nonce, {}, big) +
                " - 1000"),
            one_shot);
}

TEST_F(AeadToolStream, BadChunkLists) {
  const std::string key(32, '1'), nonce12(24, '2'), nonce13(26, '2');
  const std::string ad = "0102030405";  // 5 bytes
  const std::string pt = "00112233445566778899";  // 10 bytes
  for (const std::string& name_nonce :
       {"aes-128-gcm " + key + " " + nonce12,
        "aes-128-ccm " + key + " " + nonce13,
        "aes-128-ccm-matter " + key + " " + nonce13}) {
    SCOPED_TRACE(name_nonce);
    const std::string seal = "sealstream " + name_nonce + " " + ad + " " + pt;
    const std::string sealed =
        aead_process_line("seal " + name_nonce + " " + ad + " " + pt);
    ASSERT_NE(sealed.rfind("ERROR", 0), 0u) << sealed;
    const std::string open =
        "openstream " + name_nonce + " " + ad + " " + sealed;
    // Exactly the field's length is fine; one byte more is not.
    EXPECT_EQ(aead_process_line(seal + " 5 10"), sealed);
    EXPECT_EQ(aead_process_line(seal + " 2,3 4,6"), sealed);
    EXPECT_EQ(aead_process_line(open + " 0,5,0 10,0"), pt);
    EXPECT_EQ(aead_process_line(seal + " 6 -"),
              "ERROR ad chunks exceed the ad");
    EXPECT_EQ(aead_process_line(seal + " 2,2,2 -"),
              "ERROR ad chunks exceed the ad");
    EXPECT_EQ(aead_process_line(seal + " - 11"),
              "ERROR input chunks exceed the input");
    EXPECT_EQ(aead_process_line(seal + " - 4,4,4"),
              "ERROR input chunks exceed the input");
    // openstream chunks the ciphertext: the tag is not data.
    EXPECT_EQ(aead_process_line(open + " - 11"),
              "ERROR input chunks exceed the ciphertext");
    EXPECT_EQ(aead_process_line(open + " - " +
                                std::to_string(sealed.size() / 2)),
              "ERROR input chunks exceed the ciphertext");
    // Malformed lists.
    for (const char* bad :
         {"1,,2", ",1", "1,", ",", "a", "-1", "+1", "0x1", "1.5", "--",
          "99999999999", "4294967296", "1;2", "1,-"}) {
      SCOPED_TRACE(bad);
      EXPECT_EQ(aead_process_line(seal + " " + bad + " -"),
                "ERROR bad ad chunk list");
      EXPECT_EQ(aead_process_line(seal + " - " + bad),
                "ERROR bad input chunk list");
      EXPECT_EQ(aead_process_line(open + " - " + bad),
                "ERROR bad input chunk list");
    }
    // Field counts: the stream ops need both lists, the one-shot ops none.
    EXPECT_EQ(aead_process_line(seal), "ERROR wrong field count");
    EXPECT_EQ(aead_process_line(seal + " -"), "ERROR wrong field count");
    EXPECT_EQ(aead_process_line(seal + " - - -"), "ERROR wrong field count");
    EXPECT_EQ(aead_process_line("seal " + name_nonce + " " + ad + " " + pt +
                                " - -"),
              "ERROR wrong field count");
    EXPECT_EQ(aead_process_line(seal + " -  -"), "ERROR wrong field count");
    EXPECT_EQ(aead_process_line(seal + "  - -"), "ERROR wrong field count");
    EXPECT_EQ(aead_process_line(seal + " - -\r"), sealed);
  }
}

TEST_F(AeadToolStream, NamesThatDoNotStreamAreUnsupported) {
  for (const AeadEntry& e : aead_table()) {
    if (e.stream != nullptr) continue;
    SCOPED_TRACE(e.name);
    const auto key = Bytes(e.key_len);
    for (const char* op : {"sealstream", "openstream"})
      EXPECT_EQ(aead_process_line(Line(op, e.name, key, Bytes(12), Bytes(11),
                                       Bytes(48)) +
                                  " - -"),
                "ERROR unsupported");
  }
  EXPECT_EQ(aead_process_line("sealstream aes-128-gmac 00 00 00 00 - -"),
            "ERROR unknown aead");
  EXPECT_EQ(aead_process_line("streamseal aes-128-gcm 00 00 00 00 - -"),
            "ERROR unknown op");
}

}  // namespace
}  // namespace ctcrypto_test
