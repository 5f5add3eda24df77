// modes_test.cc: CTR (inc32 and 128-bit) and CBC on every usable AES row:
// NIST CAVP KATs, SP 800-38A F.2/F.5, counter wrapping, all short lengths,
// in-place and unaligned buffers, randomised comparison with the reference
// row, and argument errors.
#include <gtest/gtest.h>

#include <array>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "ctcrypto/aes.h"
#include "ctcrypto/modes.h"
#include "tests/rows.h"
#include "tests/file_test.h"
#include "tests/reference.h"
#include "tests/test_util.h"

namespace ctcrypto_test {
namespace {

using ctcrypto::AesKey;
using ctcrypto::Status;

class ModesTest : public testing::TestWithParam<const AesRow*> {
 protected:
  void MakeKey(AesKey* k, const Bytes& raw) {
    ASSERT_TRUE(InitAesKey(k, raw, GetParam()));
  }
};

std::span<const uint8_t, 16> Ctr(const Block& b) {
  return std::span<const uint8_t, 16>(b.data(), 16);
}

// Lengths used by the exhaustive-length tests: 0..65 (4 blocks + 1) and a
// few large ones.
std::vector<size_t> TestLengths() {
  std::vector<size_t> v;
  for (size_t i = 0; i <= 65; ++i) v.push_back(i);
  for (size_t n : {95, 96, 97, 127, 128, 129, 191, 192, 193, 255, 256, 257,
                   383, 384, 385, 1000, 4096 + 3, 16384 + 15}) {
    v.push_back(n);
  }
  return v;
}

// --- NIST CAVP (AESAVS KAT) -------------------------------------------------

void RunCavpFile(const AesRow* row, const std::string& file,
                 const std::string& cipher, bool ctr, size_t expected) {
  size_t enc = 0, dec = 0;
  size_t n = RunFileTest(
      "tests/testdata/nist_cavp/" + file,
      {"Cipher", "Operation", "Key", "IV", "Plaintext", "Ciphertext"},
      [&](FileTestRecord& r) {
        ASSERT_EQ(r.GetString("Cipher"), cipher);
        std::string op = r.GetString("Operation");
        Bytes key = r.GetBytes("Key"), iv = r.GetBytes("IV"),
              pt = r.GetBytes("Plaintext"), ct = r.GetBytes("Ciphertext");
        ASSERT_EQ(iv.size(), 16u);
        AesKey k;
        ASSERT_TRUE(InitAesKey(&k, key, row));
        bool encrypt = op == "ENCRYPT";
        ASSERT_TRUE(encrypt || op == "DECRYPT") << op;
        (encrypt ? enc : dec)++;
        const Bytes& in = encrypt ? pt : ct;
        const Bytes& want = encrypt ? ct : pt;
        Bytes out(in.size(), 0xcc);
        if (ctr) {
          ASSERT_EQ(ctcrypto::aes_ctr128(k, Ctr(ToBlock(iv)), in, out),
                    Status::kOk);
        } else {
          Block chain = ToBlock(iv);
          std::span<uint8_t, 16> ivs(chain.data(), 16);
          ASSERT_EQ(encrypt ? ctcrypto::aes_cbc_encrypt(k, ivs, in, out)
                            : ctcrypto::aes_cbc_decrypt(k, ivs, in, out),
                    Status::kOk);
          // The chaining value is the last ciphertext block.
          EXPECT_EQ(ToHex(chain), ToHex(Bytes(ct.end() - 16, ct.end())));
        }
        EXPECT_EQ(ToHex(out), ToHex(want));
      });
  EXPECT_EQ(n, expected);
  EXPECT_EQ(enc, expected / 2);
  EXPECT_EQ(dec, expected / 2);
}

TEST_P(ModesTest, NistCavpCbc) {
  RunCavpFile(GetParam(), "aes_128_cbc.txt", "AES-128-CBC", false, 568);
  RunCavpFile(GetParam(), "aes_192_cbc.txt", "AES-192-CBC", false, 700);
  RunCavpFile(GetParam(), "aes_256_cbc.txt", "AES-256-CBC", false, 810);
}

TEST_P(ModesTest, NistCavpCtr) {
  RunCavpFile(GetParam(), "aes_128_ctr.txt", "AES-128-CTR", true, 568);
  RunCavpFile(GetParam(), "aes_192_ctr.txt", "AES-192-CTR", true, 700);
  RunCavpFile(GetParam(), "aes_256_ctr.txt", "AES-256-CTR", true, 810);
}

// --- SP 800-38A Appendix F ---------------------------------------------------

const char kSp800_38aPlain[] =
    "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
    "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710";

struct Sp800_38aVector {
  const char* name;
  const char* key;
  const char* cbc;  // F.2.1/F.2.3/F.2.5 (decrypt: F.2.2/4/6)
  const char* ctr;  // F.5.1/F.5.3/F.5.5 (decrypt: F.5.2/4/6)
};

const Sp800_38aVector kSp800_38a[] = {
    {"AES128", "2b7e151628aed2a6abf7158809cf4f3c",
     "7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b2"
     "73bed6b8e3c1743b7116e69e222295163ff1caa1681fac09120eca307586e1a7",
     "874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187bb9fffdff"
     "5ae4df3edbd5d35e5b4f09020db03eab1e031dda2fbe03d1792170a0f3009cee"},
    {"AES192", "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b",
     "4f021db243bc633d7178183a9fa071e8b4d9ada9ad7dedf4e5e738763f69145a"
     "571b242012fb7ae07fa9baac3df102e008b0e27988598881d920a9e64f5615cd",
     "1abc932417521ca24f2b0459fe7e6e0b090339ec0aa6faefd5ccc2c6f4ce8e94"
     "1e36b26bd1ebc670d1bd1d665620abf74f78a7f6d29809585a97daec58c6b050"},
    {"AES256",
     "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
     "f58c4c04d6e5f1ba779eabfb5f7bfbd69cfc4e967edb808d679f777bc6702c7d"
     "39f23369a9d9bacfa530e26304231461b2eb05e2c39be9fcda6c19078c6a9d1b",
     "601ec313775789a5b7a7f504bbf3d228f443e3ca4d62b59aca84e990cacaf5c5"
     "2b0930daa23de94ce87017ba2d84988ddfc9c58db67aada613c2dd08457941a6"},
};

TEST_P(ModesTest, Sp800_38aF2Cbc) {
  const Bytes pt = Hex(kSp800_38aPlain);
  for (const auto& v : kSp800_38a) {
    SCOPED_TRACE(v.name);
    AesKey k;
    MakeKey(&k, Hex(v.key));
    Block iv = ToBlock(Hex("000102030405060708090a0b0c0d0e0f"));
    Bytes out(pt.size());
    ASSERT_EQ(ctcrypto::aes_cbc_encrypt(k, std::span<uint8_t, 16>(iv), pt, out),
              Status::kOk);
    EXPECT_EQ(ToHex(out), v.cbc);
    EXPECT_EQ(ToHex(iv), std::string(v.cbc + 96, 32));
    // Decrypt, one block per call: the IV chains across calls.
    iv = ToBlock(Hex("000102030405060708090a0b0c0d0e0f"));
    Bytes ct = Hex(v.cbc), back(ct.size());
    for (size_t off = 0; off < ct.size(); off += 16) {
      ASSERT_EQ(ctcrypto::aes_cbc_decrypt(
                    k, std::span<uint8_t, 16>(iv),
                    std::span<const uint8_t>(ct.data() + off, 16),
                    std::span<uint8_t>(back.data() + off, 16)),
                Status::kOk);
    }
    EXPECT_EQ(ToHex(back), kSp800_38aPlain);
  }
}

TEST_P(ModesTest, Sp800_38aF5Ctr) {
  const Bytes pt = Hex(kSp800_38aPlain);
  const Block counter = ToBlock(Hex("f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff"));
  for (const auto& v : kSp800_38a) {
    SCOPED_TRACE(v.name);
    AesKey k;
    MakeKey(&k, Hex(v.key));
    Bytes out(pt.size());
    ASSERT_EQ(ctcrypto::aes_ctr128(k, Ctr(counter), pt, out), Status::kOk);
    EXPECT_EQ(ToHex(out), v.ctr);
    Bytes back(out.size());
    ASSERT_EQ(ctcrypto::aes_ctr128(k, Ctr(counter), out, back), Status::kOk);
    EXPECT_EQ(ToHex(back), kSp800_38aPlain);
    // The 32-bit tail fcfdfeff does not wrap within 4 blocks, so inc32 gives
    // the same keystream here.
    Bytes out32(pt.size());
    ASSERT_EQ(ctcrypto::aes_ctr32(k, Ctr(counter), pt, out32), Status::kOk);
    EXPECT_EQ(ToHex(out32), v.ctr);
  }
}

// --- Counter wrapping ----------------------------------------------------------

TEST_P(ModesTest, Ctr32WrapsWithinOneCall) {
  AesKey k;
  MakeKey(&k, Hex("000102030405060708090a0b0c0d0e0f"));
  Block counter = ToBlock(Hex("0f0e0d0c0b0a09080706050effffffe0"));
  const size_t blocks = 40;  // the tail reaches ffffffff at block 31
  Bytes zeros(blocks * 16 + 5, 0);
  Bytes out(zeros.size());
  ASSERT_EQ(ctcrypto::aes_ctr32(k, Ctr(counter), zeros, out), Status::kOk);
  EXPECT_EQ(ToHex(out), ToHex(RefCtr32(k, counter, zeros)));
  // Block 32's keystream is E(prefix || 00000000): the carry must not leak
  // into byte 11.
  Block wrapped = counter;
  wrapped[12] = wrapped[13] = wrapped[14] = wrapped[15] = 0;
  uint8_t ks[16];
  k.encrypt_block(wrapped.data(), ks);
  EXPECT_EQ(ToHex(std::span<const uint8_t>(out.data() + 32 * 16, 16)),
            ToHex(ks));
  // Block 31 is E(prefix || ffffffff).
  Block last = counter;
  last[15] = 0xff;
  k.encrypt_block(last.data(), ks);
  EXPECT_EQ(ToHex(std::span<const uint8_t>(out.data() + 31 * 16, 16)),
            ToHex(ks));
  // Every block count up to 40 around the wrap point, checked block by block.
  for (size_t nb = 1; nb <= blocks; ++nb) {
    Bytes in(nb * 16, 0x3c), o(nb * 16);
    ASSERT_EQ(ctcrypto::aes_ctr32(k, Ctr(counter), in, o), Status::kOk);
    ASSERT_EQ(ToHex(o), ToHex(RefCtr32(k, counter, in))) << nb;
  }
}

TEST_P(ModesTest, Ctr128CarriesAcrossWords) {
  AesKey k;
  MakeKey(&k, Hex("2b7e151628aed2a6abf7158809cf4f3c"));
  for (const char* c : {"0f0e0d0c0b0a09080706050effffffe0",
                        "00000000000000007ffffffffffffff0",
                        "fffffffffffffffffffffffffffffff8",
                        "00ffffffffffffffffffffffffffffff"}) {
    SCOPED_TRACE(c);
    Block counter = ToBlock(Hex(c));
    Bytes in(40 * 16 + 7, 0xa5), out(in.size());
    ASSERT_EQ(ctcrypto::aes_ctr128(k, Ctr(counter), in, out), Status::kOk);
    EXPECT_EQ(ToHex(out), ToHex(RefCtr128(k, counter, in)));
  }
  // Explicitly: after ...ffffffff the next counter block carries into byte 11.
  Block counter = ToBlock(Hex("0f0e0d0c0b0a0908070605ffffffffff"));
  Bytes in(32, 0), out(32);
  ASSERT_EQ(ctcrypto::aes_ctr128(k, Ctr(counter), in, out), Status::kOk);
  Block next = ToBlock(Hex("0f0e0d0c0b0a09080706060000000000"));
  uint8_t ks[16];
  k.encrypt_block(next.data(), ks);
  EXPECT_EQ(ToHex(std::span<const uint8_t>(out.data() + 16, 16)), ToHex(ks));
}

// --- Every length, in place, unaligned -------------------------------------

TEST_P(ModesTest, CtrAllLengthsInPlaceAndUnaligned) {
  std::mt19937 rng(TestSeed() + 1);
  AesKey k;
  MakeKey(&k, RandomBytes(rng, 32));
  Block counter = ToBlock(RandomBytes(rng, 16));
  counter[12] = 0xff;
  counter[13] = 0xff;
  counter[14] = 0xff;  // wraps within ~256 blocks
  for (size_t len : TestLengths()) {
    SCOPED_TRACE(len);
    Bytes in = RandomBytes(rng, len);
    Bytes want32 = RefCtr32(k, counter, in);
    Bytes want128 = RefCtr128(k, counter, in);
    for (int mode = 0; mode < 2; ++mode) {
      auto fn = mode == 0 ? ctcrypto::aes_ctr32 : ctcrypto::aes_ctr128;
      const Bytes& want = mode == 0 ? want32 : want128;
      // Out of place, aligned.
      Bytes out(len + 8, 0x77);
      ASSERT_EQ(fn(k, Ctr(counter), in, out), Status::kOk);
      ASSERT_EQ(ToHex(std::span<const uint8_t>(out.data(), len)), ToHex(want))
          << "mode " << mode;
      for (size_t i = len; i < out.size(); ++i) {
        ASSERT_EQ(out[i], 0x77) << "wrote past the input length";
      }
      // In place, unaligned offsets 0..3.
      for (size_t off = 0; off < 4; ++off) {
        AlignedBuffer buf(len, off);
        if (len) std::memcpy(buf.data(), in.data(), len);
        ASSERT_EQ(fn(k, Ctr(counter), buf.cspan(), buf.span()), Status::kOk);
        ASSERT_EQ(ToHex(buf.ToBytes()), ToHex(want)) << "off " << off;
        ASSERT_TRUE(buf.GuardsIntact());
      }
      // Out of place, input and output at different misalignments.
      if (len > 300 && len < 2000) continue;
      for (size_t ioff = 1; ioff < 4; ++ioff) {
        AlignedBuffer src(len, ioff);
        AlignedBuffer dst(len, 4 - ioff);
        if (len) std::memcpy(src.data(), in.data(), len);
        ASSERT_EQ(fn(k, Ctr(counter), src.cspan(), dst.span()), Status::kOk);
        ASSERT_EQ(ToHex(dst.ToBytes()), ToHex(want)) << "ioff " << ioff;
        ASSERT_EQ(ToHex(src.ToBytes()), ToHex(in));
        ASSERT_TRUE(dst.GuardsIntact());
      }
    }
  }
}

TEST_P(ModesTest, CbcAllLengthsInPlaceAndUnaligned) {
  std::mt19937 rng(TestSeed() + 2);
  AesKey k;
  MakeKey(&k, RandomBytes(rng, 24));
  const Block iv0 = ToBlock(RandomBytes(rng, 16));
  std::vector<size_t> lens;
  for (size_t b = 0; b <= 9; ++b) lens.push_back(b * 16);
  for (size_t n : {1008, 4096, 16384}) lens.push_back(n);
  for (size_t len : lens) {
    SCOPED_TRACE(len);
    Bytes pt = RandomBytes(rng, len);
    Bytes ct = RefCbcEncrypt(k, iv0, pt);
    ASSERT_EQ(ToHex(RefCbcDecrypt(k, iv0, ct)), ToHex(pt));
    Block last = len ? ToBlock(std::span<const uint8_t>(ct.data() + len - 16, 16))
                     : iv0;
    for (size_t off = 0; off < 4; ++off) {
      SCOPED_TRACE(off);
      // Out of place.
      AlignedBuffer src(len, off), dst(len, (off + 1) % 4);
      if (len) std::memcpy(src.data(), pt.data(), len);
      Block iv = iv0;
      ASSERT_EQ(ctcrypto::aes_cbc_encrypt(k, std::span<uint8_t, 16>(iv),
                                          src.cspan(), dst.span()),
                Status::kOk);
      ASSERT_EQ(ToHex(dst.ToBytes()), ToHex(ct));
      ASSERT_EQ(ToHex(iv), ToHex(last));
      ASSERT_TRUE(dst.GuardsIntact());
      iv = iv0;
      ASSERT_EQ(ctcrypto::aes_cbc_decrypt(k, std::span<uint8_t, 16>(iv),
                                          dst.cspan(), src.span()),
                Status::kOk);
      ASSERT_EQ(ToHex(src.ToBytes()), ToHex(pt));
      ASSERT_EQ(ToHex(iv), ToHex(last));
      ASSERT_TRUE(src.GuardsIntact());
      // In place.
      AlignedBuffer buf(len, off);
      if (len) std::memcpy(buf.data(), pt.data(), len);
      iv = iv0;
      ASSERT_EQ(ctcrypto::aes_cbc_encrypt(k, std::span<uint8_t, 16>(iv),
                                          buf.cspan(), buf.span()),
                Status::kOk);
      ASSERT_EQ(ToHex(buf.ToBytes()), ToHex(ct));
      iv = iv0;
      ASSERT_EQ(ctcrypto::aes_cbc_decrypt(k, std::span<uint8_t, 16>(iv),
                                          buf.cspan(), buf.span()),
                Status::kOk);
      ASSERT_EQ(ToHex(buf.ToBytes()), ToHex(pt));
      ASSERT_TRUE(buf.GuardsIntact());
    }
    // Split into two calls at every block boundary (up to 9 blocks): the IV
    // carries the chain.
    if (len <= 144) {
      for (size_t cut = 0; cut <= len; cut += 16) {
        Block iv = iv0;
        Bytes out(len);
        std::span<uint8_t, 16> ivs(iv);
        ASSERT_EQ(ctcrypto::aes_cbc_encrypt(
                      k, ivs, std::span<const uint8_t>(pt.data(), cut),
                      std::span<uint8_t>(out.data(), cut)),
                  Status::kOk);
        ASSERT_EQ(ctcrypto::aes_cbc_encrypt(
                      k, ivs, std::span<const uint8_t>(pt.data() + cut, len - cut),
                      std::span<uint8_t>(out.data() + cut, len - cut)),
                  Status::kOk);
        ASSERT_EQ(ToHex(out), ToHex(ct)) << "cut " << cut;
        iv = iv0;
        Bytes back(len);
        ASSERT_EQ(ctcrypto::aes_cbc_decrypt(
                      k, ivs, std::span<const uint8_t>(ct.data(), cut),
                      std::span<uint8_t>(back.data(), cut)),
                  Status::kOk);
        ASSERT_EQ(ctcrypto::aes_cbc_decrypt(
                      k, ivs, std::span<const uint8_t>(ct.data() + cut, len - cut),
                      std::span<uint8_t>(back.data() + cut, len - cut)),
                  Status::kOk);
        ASSERT_EQ(ToHex(back), ToHex(pt)) << "cut " << cut;
      }
    }
  }
}

// --- Randomised comparison with the reference row and the naive models ------
// Every row against the naive per-block CTR / CBC of reference.h (which
// share no code with any row's bulk path), and against the reference row's
// bulk path where the row under test is another row.

TEST_P(ModesTest, RandomMatchesReferenceRow) {
  const AesRow* ref_row = ReferenceAesRow();
  ASSERT_NE(ref_row, nullptr);
  const bool self = GetParam() == ref_row;
  std::mt19937 rng(TestSeed() + 3);
  const size_t kKeyLens[] = {16, 24, 32};
  for (int iter = 0; iter < 150; ++iter) {
    SCOPED_TRACE(iter);
    Bytes key = RandomBytes(rng, kKeyLens[rng() % 3]);
    AesKey k, r;
    MakeKey(&k, key);
    ASSERT_TRUE(InitAesKey(&r, key, ref_row));
    size_t len = rng() % 300;
    Bytes in = RandomBytes(rng, len);
    Block counter = ToBlock(RandomBytes(rng, 16));
    if (iter % 4 == 0) counter[12] = counter[13] = counter[14] = 0xff;
    for (int mode = 0; mode < 2; ++mode) {
      auto fn = mode == 0 ? ctcrypto::aes_ctr32 : ctcrypto::aes_ctr128;
      Bytes a(len), b(len);
      ASSERT_EQ(fn(k, Ctr(counter), in, a), Status::kOk);
      const Bytes naive = mode == 0 ? RefCtr32(r, counter, in)
                                    : RefCtr128(r, counter, in);
      ASSERT_EQ(ToHex(a), ToHex(naive)) << "ctr mode " << mode << " vs naive";
      if (self) continue;
      ASSERT_EQ(fn(r, Ctr(counter), in, b), Status::kOk);
      ASSERT_EQ(ToHex(a), ToHex(b)) << "ctr mode " << mode;
    }
    size_t cbc_len = len & ~size_t{15};
    std::span<const uint8_t> cin(in.data(), cbc_len);
    Block iv = ToBlock(RandomBytes(rng, 16));
    for (int dir = 0; dir < 2; ++dir) {
      auto fn = dir == 0 ? ctcrypto::aes_cbc_encrypt : ctcrypto::aes_cbc_decrypt;
      Block iva = iv, ivb = iv;
      Bytes a(cbc_len), b(cbc_len);
      ASSERT_EQ(fn(k, std::span<uint8_t, 16>(iva), cin, a), Status::kOk);
      const Bytes naive =
          dir == 0 ? RefCbcEncrypt(r, iv, cin) : RefCbcDecrypt(r, iv, cin);
      ASSERT_EQ(ToHex(a), ToHex(naive)) << "cbc dir " << dir << " vs naive";
      // SP 800-38A: the next chaining value is the last ciphertext block.
      const Bytes& ct = dir == 0 ? a : in;
      const Block want_iv =
          cbc_len == 0 ? iv : ToBlock(std::span<const uint8_t>(ct.data() + cbc_len - 16, 16));
      ASSERT_EQ(ToHex(iva), ToHex(want_iv)) << "cbc dir " << dir << " chaining value";
      if (self) continue;
      ASSERT_EQ(fn(r, std::span<uint8_t, 16>(ivb), cin, b), Status::kOk);
      ASSERT_EQ(ToHex(a), ToHex(b)) << "cbc dir " << dir;
      ASSERT_EQ(ToHex(iva), ToHex(ivb));
    }
  }
}

// --- Argument errors ---------------------------------------------------------------

TEST_P(ModesTest, CbcPartialBlockIsInvalidLength) {
  AesKey k;
  MakeKey(&k, Bytes(16, 1));
  for (size_t len : {1, 2, 15, 17, 31, 33, 47, 100}) {
    SCOPED_TRACE(len);
    Bytes in(len, 0x11), out(len + 16, 0x99);
    Block iv{};
    iv.fill(0x42);
    for (int dir = 0; dir < 2; ++dir) {
      auto fn = dir == 0 ? ctcrypto::aes_cbc_encrypt : ctcrypto::aes_cbc_decrypt;
      EXPECT_EQ(fn(k, std::span<uint8_t, 16>(iv), in, out),
                Status::kInvalidLength);
      for (uint8_t b : out) ASSERT_EQ(b, 0x99) << "out touched";
      for (uint8_t b : iv) ASSERT_EQ(b, 0x42) << "iv touched";
    }
  }
}

TEST_P(ModesTest, OutputTooSmall) {
  AesKey k;
  MakeKey(&k, Bytes(32, 2));
  Block iv{};
  for (size_t len : {1, 16, 17, 64, 100}) {
    SCOPED_TRACE(len);
    Bytes in(len, 0x11), out(len - 1, 0x99);
    for (auto fn : {ctcrypto::aes_ctr32, ctcrypto::aes_ctr128}) {
      EXPECT_EQ(fn(k, Ctr(iv), in, out), Status::kOutputTooSmall);
      for (uint8_t b : out) ASSERT_EQ(b, 0x99);
    }
    if (len % 16 == 0) {
      Bytes small(len - 16, 0x99);
      for (auto fn : {ctcrypto::aes_cbc_encrypt, ctcrypto::aes_cbc_decrypt}) {
        Block ivc{};
        EXPECT_EQ(fn(k, std::span<uint8_t, 16>(ivc), in, small),
                  Status::kOutputTooSmall);
        for (uint8_t b : small) ASSERT_EQ(b, 0x99);
        for (uint8_t b : ivc) ASSERT_EQ(b, 0);
      }
    }
  }
}

TEST_P(ModesTest, OverlappingBuffers) {
  AesKey k;
  MakeKey(&k, Bytes(16, 3));
  Bytes buf(256);
  for (size_t i = 0; i < buf.size(); ++i) buf[i] = static_cast<uint8_t>(i);
  const Bytes orig = buf;
  Block iv{};
  // (in offset, out offset): partial overlaps in both directions.
  const std::pair<size_t, size_t> kCases[] = {
      {0, 1}, {1, 0}, {0, 16}, {16, 0}, {0, 15}, {32, 17}, {0, 63}, {63, 0}};
  for (auto [io, oo] : kCases) {
    SCOPED_TRACE(testing::Message() << io << "," << oo);
    std::span<const uint8_t> in(buf.data() + io, 64);
    std::span<uint8_t> out(buf.data() + oo, 64);
    for (auto fn : {ctcrypto::aes_ctr32, ctcrypto::aes_ctr128}) {
      EXPECT_EQ(fn(k, Ctr(iv), in, out), Status::kOverlappingBuffers);
    }
    for (auto fn : {ctcrypto::aes_cbc_encrypt, ctcrypto::aes_cbc_decrypt}) {
      Block ivc{};
      EXPECT_EQ(fn(k, std::span<uint8_t, 16>(ivc), in, out),
                Status::kOverlappingBuffers);
    }
    ASSERT_EQ(ToHex(buf), ToHex(orig)) << "buffer modified";
  }
  // Adjacent (touching but not overlapping) buffers are fine.
  std::span<const uint8_t> in(buf.data(), 64);
  std::span<uint8_t> out(buf.data() + 64, 64);
  EXPECT_EQ(ctcrypto::aes_ctr32(k, Ctr(iv), in, out), Status::kOk);
  std::span<const uint8_t> in2(buf.data() + 128, 64);
  std::span<uint8_t> out2(buf.data() + 64, 64);
  Block ivc{};
  EXPECT_EQ(ctcrypto::aes_cbc_encrypt(k, std::span<uint8_t, 16>(ivc), in2, out2),
            Status::kOk);
}

TEST_P(ModesTest, EmptyInput) {
  AesKey k;
  MakeKey(&k, Bytes(16, 4));
  Block iv{};
  iv.fill(7);
  EXPECT_EQ(ctcrypto::aes_ctr32(k, Ctr(iv), {}, {}), Status::kOk);
  EXPECT_EQ(ctcrypto::aes_ctr128(k, Ctr(iv), {}, {}), Status::kOk);
  EXPECT_EQ(ctcrypto::aes_cbc_encrypt(k, std::span<uint8_t, 16>(iv), {}, {}),
            Status::kOk);
  EXPECT_EQ(ctcrypto::aes_cbc_decrypt(k, std::span<uint8_t, 16>(iv), {}, {}),
            Status::kOk);
  for (uint8_t b : iv) EXPECT_EQ(b, 7) << "empty CBC changed the IV";
}

CTCRYPTO_INSTANTIATE_AES_ROWS(ModesTest);

TEST(ModesNoKeyTest, UninitialisedKey) {
  AesKey k;
  Block iv{};
  Bytes in(32, 1), out(32, 0x99);
  EXPECT_EQ(ctcrypto::aes_ctr32(k, Ctr(iv), in, out), Status::kNotInitialized);
  EXPECT_EQ(ctcrypto::aes_ctr128(k, Ctr(iv), in, out),
            Status::kNotInitialized);
  EXPECT_EQ(ctcrypto::aes_cbc_encrypt(k, std::span<uint8_t, 16>(iv), in, out),
            Status::kNotInitialized);
  EXPECT_EQ(ctcrypto::aes_cbc_decrypt(k, std::span<uint8_t, 16>(iv), in, out),
            Status::kNotInitialized);
  for (uint8_t b : out) EXPECT_EQ(b, 0x99);
  for (uint8_t b : iv) EXPECT_EQ(b, 0);
}

}  // namespace
}  // namespace ctcrypto_test
