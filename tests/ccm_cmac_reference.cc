// ccm_cmac_reference.cc: see ccm_cmac_reference.h.
#include "tests/ccm_cmac_reference.h"

namespace ctcrypto_test {

Bytes RefCcmSeal(const ctcrypto::AesKey& key, std::span<const uint8_t> nonce,
                 std::span<const uint8_t> in, std::span<const uint8_t> ad,
                 size_t tag_len) {
  const size_t q = 15 - nonce.size();
  // B0.
  Bytes b(16, 0);
  b[0] = static_cast<uint8_t>((ad.empty() ? 0 : 64) + 8 * ((tag_len - 2) / 2) +
                              (q - 1));
  for (size_t i = 0; i < nonce.size(); ++i) b[1 + i] = nonce[i];
  uint64_t len = in.size();
  for (size_t i = 0; i < q && i < 8; ++i) b[15 - i] = static_cast<uint8_t>(len >> (8 * i));
  // Associated data with its length encoding.
  if (!ad.empty()) {
    uint64_t a = ad.size();
    if (a < 65536 - 256) {
      b.push_back(static_cast<uint8_t>(a >> 8));
      b.push_back(static_cast<uint8_t>(a));
    } else if (a < (uint64_t{1} << 32)) {
      b.push_back(0xff);
      b.push_back(0xfe);
      for (int i = 3; i >= 0; --i) b.push_back(static_cast<uint8_t>(a >> (8 * i)));
    } else {
      b.push_back(0xff);
      b.push_back(0xff);
      for (int i = 7; i >= 0; --i) b.push_back(static_cast<uint8_t>(a >> (8 * i)));
    }
    b.insert(b.end(), ad.begin(), ad.end());
    while (b.size() % 16) b.push_back(0);
  }
  b.insert(b.end(), in.begin(), in.end());
  while (b.size() % 16) b.push_back(0);
  // CBC-MAC.
  uint8_t x[16] = {};
  for (size_t off = 0; off < b.size(); off += 16) {
    for (int i = 0; i < 16; ++i) x[i] ^= b[off + i];
    key.encrypt_block(x, x);
  }
  // Counter blocks A_i = (q-1) || nonce || [i]_q.
  auto ctr_block = [&](uint64_t i, uint8_t out[16]) {
    uint8_t a[16] = {};
    a[0] = static_cast<uint8_t>(q - 1);
    for (size_t k = 0; k < nonce.size(); ++k) a[1 + k] = nonce[k];
    for (size_t k = 0; k < q && k < 8; ++k) a[15 - k] = static_cast<uint8_t>(i >> (8 * k));
    key.encrypt_block(a, out);
  };
  Bytes out(in.begin(), in.end());
  for (size_t off = 0; off < out.size(); off += 16) {
    uint8_t s[16];
    ctr_block(off / 16 + 1, s);
    for (size_t i = 0; i < 16 && off + i < out.size(); ++i) out[off + i] ^= s[i];
  }
  uint8_t s0[16];
  ctr_block(0, s0);
  for (size_t i = 0; i < tag_len; ++i) out.push_back(x[i] ^ s0[i]);
  return out;
}

namespace {
void Double(uint8_t b[16]) {
  const bool carry = b[0] & 0x80;
  for (int i = 0; i < 15; ++i) b[i] = static_cast<uint8_t>((b[i] << 1) | (b[i + 1] >> 7));
  b[15] = static_cast<uint8_t>(b[15] << 1);
  if (carry) b[15] ^= 0x87;
}
}  // namespace

Bytes RefCmac(const ctcrypto::AesKey& key, std::span<const uint8_t> msg) {
  uint8_t k1[16] = {}, k2[16];
  key.encrypt_block(k1, k1);
  Double(k1);
  for (int i = 0; i < 16; ++i) k2[i] = k1[i];
  Double(k2);
  const size_t n = msg.empty() ? 1 : (msg.size() + 15) / 16;
  const bool complete = !msg.empty() && msg.size() % 16 == 0;
  uint8_t x[16] = {};
  for (size_t j = 0; j < n; ++j) {
    uint8_t m[16] = {};
    for (size_t i = 0; i < 16; ++i) {
      size_t idx = 16 * j + i;
      if (idx < msg.size()) m[i] = msg[idx];
      else if (idx == msg.size()) m[i] = 0x80;
    }
    if (j == n - 1) {
      for (int i = 0; i < 16; ++i) m[i] ^= complete ? k1[i] : k2[i];
    }
    for (int i = 0; i < 16; ++i) x[i] ^= m[i];
    key.encrypt_block(x, x);
  }
  return Bytes(x, x + 16);
}

}  // namespace ctcrypto_test
