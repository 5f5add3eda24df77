#include "tests/reference.h"

#include <cstring>

namespace ctcrypto_test {

Block ToBlock(std::span<const uint8_t> b) {
  Block out{};
  for (size_t i = 0; i < 16 && i < b.size(); ++i) out[i] = b[i];
  return out;
}

Block RefGfMul(const Block& x, const Block& y) {
  Block z{};
  Block v = y;
  for (int i = 0; i < 128; ++i) {
    if ((x[i / 8] >> (7 - i % 8)) & 1) {
      for (int j = 0; j < 16; ++j) z[j] ^= v[j];
    }
    bool lsb = v[15] & 1;
    for (int j = 15; j > 0; --j) {
      v[j] = static_cast<uint8_t>((v[j] >> 1) | (v[j - 1] << 7));
    }
    v[0] >>= 1;
    if (lsb) v[0] ^= 0xe1;
  }
  return z;
}

Block RefGhash(const Block& h, std::span<const uint8_t> data, Block xi) {
  for (size_t off = 0; off < data.size(); off += 16) {
    for (size_t j = 0; j < 16 && off + j < data.size(); ++j) {
      xi[j] ^= data[off + j];
    }
    xi = RefGfMul(xi, h);
  }
  return xi;
}

Block RefGfInverse(const Block& x) {
  Block one{};
  one[0] = 0x80;
  Block result = one;
  Block sq = x;
  for (int i = 1; i < 128; ++i) {
    sq = RefGfMul(sq, sq);  // x^(2^i)
    result = RefGfMul(result, sq);
  }
  return result;
}

Block RefJ0(const Block& h, std::span<const uint8_t> nonce) {
  Block j0{};
  if (nonce.size() == 12) {
    std::memcpy(j0.data(), nonce.data(), 12);
    j0[15] = 1;
    return j0;
  }
  j0 = RefGhash(h, nonce);
  Block len{};
  uint64_t bits = static_cast<uint64_t>(nonce.size()) * 8;
  for (int i = 0; i < 8; ++i) len[15 - i] = static_cast<uint8_t>(bits >> (8 * i));
  return RefGhash(h, len, j0);
}

Bytes NonceForJ0(const Block& h, const Block& j0) {
  Block len{};
  len[15] = 128;  // a 16-byte nonce
  Block t = RefGfMul(len, h);
  for (int i = 0; i < 16; ++i) t[i] ^= j0[i];
  Block hinv = RefGfInverse(h);
  Block n = RefGfMul(RefGfMul(t, hinv), hinv);
  return Bytes(n.begin(), n.end());
}

namespace {
void Inc32(Block* c) {
  for (int i = 15; i >= 12; --i) {
    if (++(*c)[i] != 0) break;
  }
}
void Inc128(Block* c) {
  for (int i = 15; i >= 0; --i) {
    if (++(*c)[i] != 0) break;
  }
}
template <typename Inc>
Bytes Ctr(const ctcrypto::AesKey& key, Block counter,
          std::span<const uint8_t> in, Inc inc) {
  Bytes out(in.begin(), in.end());
  for (size_t off = 0; off < out.size(); off += 16) {
    uint8_t ks[16];
    key.encrypt_block(counter.data(), ks);
    for (size_t j = 0; j < 16 && off + j < out.size(); ++j) out[off + j] ^= ks[j];
    inc(&counter);
  }
  return out;
}
}  // namespace

Bytes RefCtr32(const ctcrypto::AesKey& key, const Block& counter,
               std::span<const uint8_t> in) {
  return Ctr(key, counter, in, Inc32);
}

Bytes RefCtr128(const ctcrypto::AesKey& key, const Block& counter,
                std::span<const uint8_t> in) {
  return Ctr(key, counter, in, Inc128);
}

Bytes RefCbcEncrypt(const ctcrypto::AesKey& key, const Block& iv,
                    std::span<const uint8_t> in) {
  Bytes out(in.size());
  Block chain = iv;
  for (size_t off = 0; off + 16 <= in.size(); off += 16) {
    uint8_t x[16];
    for (int j = 0; j < 16; ++j) x[j] = in[off + j] ^ chain[j];
    key.encrypt_block(x, out.data() + off);
    std::memcpy(chain.data(), out.data() + off, 16);
  }
  return out;
}

Bytes RefCbcDecrypt(const ctcrypto::AesKey& key, const Block& iv,
                    std::span<const uint8_t> in) {
  Bytes out(in.size());
  Block chain = iv;
  for (size_t off = 0; off + 16 <= in.size(); off += 16) {
    uint8_t x[16];
    key.decrypt_block(in.data() + off, x);
    for (int j = 0; j < 16; ++j) out[off + j] = x[j] ^ chain[j];
    std::memcpy(chain.data(), in.data() + off, 16);
  }
  return out;
}

Bytes RefGcmSeal(const ctcrypto::AesKey& key, std::span<const uint8_t> nonce,
                 std::span<const uint8_t> in, std::span<const uint8_t> ad,
                 size_t tag_len) {
  Block zero{};
  Block h{};
  key.encrypt_block(zero.data(), h.data());
  const Block j0 = RefJ0(h, nonce);
  Block ctr = j0;
  Inc32(&ctr);
  Bytes out = RefCtr32(key, ctr, in);
  Block s = RefGhash(h, ad);
  s = RefGhash(h, out, s);
  Block len{};
  uint64_t ad_bits = static_cast<uint64_t>(ad.size()) * 8;
  uint64_t ct_bits = static_cast<uint64_t>(in.size()) * 8;
  for (int i = 0; i < 8; ++i) {
    len[7 - i] = static_cast<uint8_t>(ad_bits >> (8 * i));
    len[15 - i] = static_cast<uint8_t>(ct_bits >> (8 * i));
  }
  s = RefGhash(h, len, s);
  uint8_t ek[16];
  key.encrypt_block(j0.data(), ek);
  for (size_t i = 0; i < tag_len; ++i) out.push_back(s[i] ^ ek[i]);
  return out;
}

}  // namespace ctcrypto_test
