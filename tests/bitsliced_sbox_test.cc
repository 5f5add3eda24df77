// bitsliced_sbox_test.cc: the shared bitsliced S-box header checked
// exhaustively against the FIPS-197 §5.1.1 / §5.3.2 definitions (inverse in
// GF(2^8), then the affine map), on both word types the tree instantiates it
// with on scalar paths (uint64_t for nohw, uint32_t for SubWord).
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>

#include "crypto/aes/bitsliced_sbox.h"

namespace ctcrypto::internal {
namespace {

uint8_t gmul(uint8_t a, uint8_t b) {
  uint8_t r = 0;
  for (int i = 0; i < 8; i++) {
    if (b & 1) r ^= a;
    a = static_cast<uint8_t>((a << 1) ^ ((a & 0x80) ? 0x1B : 0));
    b >>= 1;
  }
  return r;
}

uint8_t ref_sbox(uint8_t x) {
  uint8_t inv = 0;
  for (int y = 1; y < 256; y++)
    if (gmul(x, static_cast<uint8_t>(y)) == 1) inv = static_cast<uint8_t>(y);
  auto rotl = [](uint8_t v, int n) {
    return static_cast<uint8_t>((v << n) | (v >> (8 - n)));
  };
  return static_cast<uint8_t>(inv ^ rotl(inv, 1) ^ rotl(inv, 2) ^
                              rotl(inv, 3) ^ rotl(inv, 4) ^ 0x63);
}

// Runs F on the bytes in[0..n) (n = bits of W), one byte per bit position.
template <typename W, typename F>
void run_planes(const uint8_t* in, uint8_t* out, F f) {
  constexpr int kBits = 8 * sizeof(W);
  W q[8] = {};
  for (int j = 0; j < 8; j++)
    for (int p = 0; p < kBits; p++) q[j] |= static_cast<W>((in[p] >> j) & 1) << p;
  f(q);
  for (int p = 0; p < kBits; p++) {
    uint8_t v = 0;
    for (int j = 0; j < 8; j++) v |= static_cast<uint8_t>(((q[j] >> p) & 1) << j);
    out[p] = v;
  }
}

template <typename W>
void check_all() {
  constexpr int kBits = 8 * sizeof(W);
  uint8_t s[256], in[kBits], out[kBits];
  for (int x = 0; x < 256; x++) s[x] = ref_sbox(static_cast<uint8_t>(x));
  for (int base = 0; base < 256; base += kBits) {
    for (int p = 0; p < kBits; p++) in[p] = static_cast<uint8_t>(base + p);
    run_planes<W>(in, out, [](W* q) { bs_sub_bytes(q); });
    for (int p = 0; p < kBits; p++) EXPECT_EQ(out[p], s[base + p]) << base + p;
    for (int p = 0; p < kBits; p++) in[p] = s[base + p];
    run_planes<W>(in, out, [](W* q) { bs_inv_sub_bytes(q); });
    for (int p = 0; p < kBits; p++) EXPECT_EQ(out[p], base + p) << base + p;
  }
}

TEST(BitslicedSbox, AllBytesU64) { check_all<uint64_t>(); }
TEST(BitslicedSbox, AllBytesU32) { check_all<uint32_t>(); }

TEST(BitslicedSbox, SubWordAllBytesEveryPosition) {
  for (int x = 0; x < 256; x++) {
    const uint8_t sx = ref_sbox(static_cast<uint8_t>(x));
    for (int b = 0; b < 4; b++) {
      // The other three bytes are x+1, x+2, x+3 so no position is trivial.
      uint32_t w = 0, want = 0;
      for (int k = 0; k < 4; k++) {
        const uint8_t v = static_cast<uint8_t>(k == b ? x : x + k + 1);
        w |= uint32_t{v} << (8 * k);
        want |= uint32_t{k == b ? sx : ref_sbox(v)} << (8 * k);
      }
      EXPECT_EQ(bs_sub_word(w), want) << x << " at byte " << b;
    }
  }
}

}  // namespace
}  // namespace ctcrypto::internal
