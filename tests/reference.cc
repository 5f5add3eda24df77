#include "tests/reference.h"

#include <cstring>

namespace ctcrypto_test {

Block ToBlock(std::span<const uint8_t> b) {
  Block out{};
  for (size_t i = 0; i < 16 && i < b.size(); ++i) out[i] = b[i];
  return out;
}

namespace {

// Multiplication in GF(2^8) modulo x^8 + x^4 + x^3 + x + 1 (FIPS-197, 4.2).
uint8_t GfMul8(uint8_t a, uint8_t b) {
  uint8_t r = 0;
  for (int i = 0; i < 8; ++i) {
    if (b & 1) r ^= a;
    a = static_cast<uint8_t>((a << 1) ^ ((a & 0x80) ? 0x1b : 0));
    b >>= 1;
  }
  return r;
}

// SubBytes (FIPS-197, 5.1.1): the multiplicative inverse (0 maps to 0)
// followed by the affine map b ^ rotl(b,1) ^ rotl(b,2) ^ rotl(b,3) ^
// rotl(b,4) ^ 0x63; and its inverse table.
struct SboxTables {
  uint8_t fwd[256];
  uint8_t inv[256];
  SboxTables() {
    for (int x = 0; x < 256; ++x) {
      uint8_t inverse = 0;
      for (int c = 1; c < 256 && x != 0; ++c) {
        if (GfMul8(static_cast<uint8_t>(x), static_cast<uint8_t>(c)) == 1) {
          inverse = static_cast<uint8_t>(c);
        }
      }
      uint8_t s = 0x63;
      for (int k = 0; k < 5; ++k) {
        s ^= static_cast<uint8_t>((inverse << k) | (inverse >> ((8 - k) & 7)));
      }
      fwd[x] = s;
      inv[s] = static_cast<uint8_t>(x);
    }
  }
};

const SboxTables& Sbox() {
  static const SboxTables tables;
  return tables;
}

// The state as FIPS-197 3.4 lays it out: byte r + 4c is row r, column c.
void AddRoundKey(Block* s, const uint8_t* rk) {
  for (int i = 0; i < 16; ++i) (*s)[i] ^= rk[i];
}
void SubBytes(Block* s, const uint8_t table[256]) {
  for (auto& b : *s) b = table[b];
}
// ShiftRows (5.1.2) moves row r left by r columns; InvShiftRows right.
void ShiftRows(Block* s, bool inverse) {
  Block t = *s;
  for (int r = 0; r < 4; ++r) {
    for (int c = 0; c < 4; ++c) {
      int from = inverse ? (c + 4 - r) % 4 : (c + r) % 4;
      (*s)[r + 4 * c] = t[r + 4 * from];
    }
  }
}
// MixColumns (5.1.3) multiplies each column by {03}x^3 + {01}x^2 + {01}x +
// {02}; InvMixColumns (5.3.3) by {0b}x^3 + {0d}x^2 + {09}x + {0e}.
void MixColumns(Block* s, bool inverse) {
  const uint8_t m[4] = {static_cast<uint8_t>(inverse ? 0x0e : 0x02),
                        static_cast<uint8_t>(inverse ? 0x0b : 0x03),
                        static_cast<uint8_t>(inverse ? 0x0d : 0x01),
                        static_cast<uint8_t>(inverse ? 0x09 : 0x01)};
  for (int c = 0; c < 4; ++c) {
    uint8_t a[4];
    for (int r = 0; r < 4; ++r) a[r] = (*s)[r + 4 * c];
    for (int r = 0; r < 4; ++r) {
      uint8_t v = 0;
      for (int k = 0; k < 4; ++k) v ^= GfMul8(m[(k - r + 4) % 4], a[k]);
      (*s)[r + 4 * c] = v;
    }
  }
}

}  // namespace

Bytes RefAesExpandKey(std::span<const uint8_t> key) {
  const size_t nk = key.size() / 4;
  const size_t words = 4 * (nk + 7);  // 4 (Nr + 1), Nr = Nk + 6
  Bytes w(4 * words);
  for (size_t i = 0; i < key.size(); ++i) w[i] = key[i];
  uint8_t rcon = 1;
  for (size_t i = nk; i < words; ++i) {
    uint8_t t[4];
    for (int b = 0; b < 4; ++b) t[b] = w[4 * (i - 1) + b];
    if (i % nk == 0) {  // RotWord, SubWord, Rcon
      const uint8_t t0 = t[0];
      t[0] = static_cast<uint8_t>(Sbox().fwd[t[1]] ^ rcon);
      t[1] = Sbox().fwd[t[2]];
      t[2] = Sbox().fwd[t[3]];
      t[3] = Sbox().fwd[t0];
      rcon = GfMul8(rcon, 2);
    } else if (nk > 6 && i % nk == 4) {  // SubWord (AES-256 only)
      for (auto& b : t) b = Sbox().fwd[b];
    }
    for (int b = 0; b < 4; ++b) w[4 * i + b] = w[4 * (i - nk) + b] ^ t[b];
  }
  return w;
}

Block RefAesEncryptBlock(std::span<const uint8_t> key, const Block& in) {
  const Bytes w = RefAesExpandKey(key);
  const int rounds = static_cast<int>(key.size() / 4 + 6);
  Block s = in;
  AddRoundKey(&s, w.data());
  for (int r = 1; r <= rounds; ++r) {
    SubBytes(&s, Sbox().fwd);
    ShiftRows(&s, false);
    if (r != rounds) MixColumns(&s, false);
    AddRoundKey(&s, w.data() + 16 * r);
  }
  return s;
}

Block RefAesDecryptBlock(std::span<const uint8_t> key, const Block& in) {
  const Bytes w = RefAesExpandKey(key);
  const int rounds = static_cast<int>(key.size() / 4 + 6);
  Block s = in;
  AddRoundKey(&s, w.data() + 16 * rounds);
  for (int r = rounds - 1; r >= 0; --r) {
    ShiftRows(&s, true);
    SubBytes(&s, Sbox().inv);
    AddRoundKey(&s, w.data() + 16 * r);
    if (r != 0) MixColumns(&s, true);
  }
  return s;
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
