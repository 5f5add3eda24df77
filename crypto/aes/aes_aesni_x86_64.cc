// aes_aesni_x86_64.cc: AES with the AES-NI instructions (row "aesni").
//
// Technique. Intel's AES-NI (Gueron, "Intel Advanced Encryption Standard
// (AES) New Instructions Set", white paper rev. 3.01): AESENC/AESENCLAST do
// one full round (ShiftRows, SubBytes, MixColumns, AddRoundKey) on a block in
// an XMM register; AESDEC/AESDECLAST do the inverse rounds of FIPS-197's
// equivalent inverse cipher (5.3.5), whose middle round keys are the
// encryption keys passed through InvMixColumns (AESIMC).
//
// Key schedule. FIPS-197 5.2 word by word; SubWord comes from
// AESKEYGENASSIST with a zero round constant (its dword 0 is SubWord of the
// input's dword 1), and Rcon is XORed in afterwards from a table indexed by
// the public word number, so one loop serves 128-, 192- and 256-bit keys.
// Layout (crypto/aes/aesni_internal.h): encryption keys at byte 0,
// decryption keys at byte 256, 16 bytes per round.
//
// Throughput. AESENC has a latency of several cycles but issues one or two
// per cycle, so independent blocks are interleaved: CTR and CBC decryption
// keep 8 blocks in flight; CBC encryption is inherently serial. Short runs
// (1..7 blocks, e.g. GCM's tag mask plus a few data blocks) are a compile-time
// specialisation per count, so a 2-block call is two interleaved chains with
// no loop or precomputation. Multi-block ECB (for XTS) runs the same way,
// 8 blocks in flight. The counter is kept byte-reversed so inc32 is a
// PADDD on the low dword (wrapping mod 2^32 exactly as GCM requires) and one
// PSHUFB turns it back into a block. The stitched loops over this key are
// the modes' kernels: GCM's with the clmul GHASH row
// (crypto/modes/gcm_aesni_x86_64.cc), TLS-CBC's with the shani SHA rows
// (crypto/tls/tls_cbc_sha_aesni_x86_64.cc); CCM's one-pass loop is here
// (pure AES) and its kernel entry in crypto/modes/ccm_kernel_aesni.cc.
//
// Constant time. The AES instructions are data-independent in timing (no
// tables); all branches and indices depend only on lengths, block counts and
// round numbers, which are public.
#include <cstring>

#include "crypto/aes/aes_row.h"
#include "crypto/aes/aesni_internal.h"
#include "crypto/cpu/cpu.h"
#include "crypto/ct.h"
#include "crypto/internal.h"

namespace ctcrypto::internal {

namespace x86hw {

namespace {

uint32_t sub_word(uint32_t w) {
  __m128i x = _mm_shuffle_epi32(_mm_cvtsi32_si128(static_cast<int>(w)), 0);
  x = ct_unmodelled(x, [](__m128i v) { return _mm_aeskeygenassist_si128(v, 0); });
  return static_cast<uint32_t>(_mm_cvtsi128_si32(x));
}

// cbc_dec_n: N blocks of CBC decryption; *iv is updated.
template <int N>
inline __attribute__((always_inline)) void cbc_dec_n(const __m128i* dk, int nr,
                                                     __m128i* iv,
                                                     const uint8_t* in,
                                                     uint8_t* out) {
  // size_t bound: gcc 12's -Wsign-conversion reports an int template parameter
  // used as an array bound.
  __m128i c[static_cast<size_t>(N)], b[static_cast<size_t>(N)];
  const __m128i k0 = _mm_load_si128(dk);
#pragma GCC unroll 8
  for (int i = 0; i < N; ++i) {
    c[i] = loadu(in + 16 * i);
    b[i] = _mm_xor_si128(c[i], k0);
  }
  for (int r = 1; r < nr; ++r) {
    const __m128i k = _mm_load_si128(dk + r);
#pragma GCC unroll 8
    for (int i = 0; i < N; ++i) b[i] = _mm_aesdec_si128(b[i], k);
  }
  const __m128i kl = _mm_load_si128(dk + nr);
  // All ciphertext is in registers before the first store (in place).
#pragma GCC unroll 8
  for (int i = 0; i < N; ++i) {
    __m128i prev = i == 0 ? *iv : c[i - 1];
    storeu(out + 16 * i, _mm_xor_si128(_mm_aesdeclast_si128(b[i], kl), prev));
  }
  *iv = c[N - 1];
}

// ecb_n: N independent blocks (ECB), round-major so N AESENC/AESDEC are in
// flight; every block is loaded before the first store (in place). `rk` is
// the encryption or the decryption schedule, matching kDec.
template <int N, bool kDec>
inline __attribute__((always_inline)) void ecb_n(const __m128i* rk, int nr,
                                                 const uint8_t* in,
                                                 uint8_t* out) {
  __m128i b[static_cast<size_t>(N)];
  const __m128i k0 = _mm_load_si128(rk);
#pragma GCC unroll 8
  for (int i = 0; i < N; ++i) b[i] = _mm_xor_si128(loadu(in + 16 * i), k0);
  for (int r = 1; r < nr; ++r) {
    const __m128i k = _mm_load_si128(rk + r);
#pragma GCC unroll 8
    for (int i = 0; i < N; ++i)
      b[i] = kDec ? _mm_aesdec_si128(b[i], k) : _mm_aesenc_si128(b[i], k);
  }
  const __m128i kl = _mm_load_si128(rk + nr);
#pragma GCC unroll 8
  for (int i = 0; i < N; ++i)
    storeu(out + 16 * i, kDec ? _mm_aesdeclast_si128(b[i], kl)
                              : _mm_aesenclast_si128(b[i], kl));
}

// ecb_any: 8 blocks per iteration, then one specialisation for the 1..7
// left (block counts are public).
template <bool kDec>
void ecb_any(const AesKeyState* s, const uint8_t* in, uint8_t* out,
             size_t blocks) {
  const __m128i* rk = kDec ? dec_keys(s) : enc_keys(s);
  const int nr = static_cast<int>(s->rounds);
  for (; blocks >= 8; blocks -= 8, in += 128, out += 128)
    ecb_n<8, kDec>(rk, nr, in, out);
  switch (blocks) {
    case 7: ecb_n<7, kDec>(rk, nr, in, out); break;
    case 6: ecb_n<6, kDec>(rk, nr, in, out); break;
    case 5: ecb_n<5, kDec>(rk, nr, in, out); break;
    case 4: ecb_n<4, kDec>(rk, nr, in, out); break;
    case 3: ecb_n<3, kDec>(rk, nr, in, out); break;
    case 2: ecb_n<2, kDec>(rk, nr, in, out); break;
    case 1: ecb_n<1, kDec>(rk, nr, in, out); break;
    default: break;
  }
}

// expand_words: FIPS-197 KeyExpansion (5.2) for Nk = kNk into w[0..4(Nr+1)).
// Nk is a template parameter so that i % Nk and i / Nk compile to multiplies
// instead of divisions (a run-time divide per word was most of a key set-up).
template <size_t kNk>
void expand_words(const uint8_t* key, uint32_t* w) {
  static constexpr uint8_t kRcon[10] = {0x01, 0x02, 0x04, 0x08, 0x10,
                                        0x20, 0x40, 0x80, 0x1b, 0x36};
  constexpr size_t kTotal = 4 * (kNk + 7);
  // Words are little-endian loads: byte 0 of the key is the low byte, so
  // RotWord is a rotate right by 8 and Rcon goes into the low byte.
  std::memcpy(w, key, 4 * kNk);
  for (size_t i = kNk; i < kTotal; ++i) {
    uint32_t t = w[i - 1];
    if (i % kNk == 0) {
      t = sub_word(t);
      t = ((t >> 8) | (t << 24)) ^ kRcon[i / kNk - 1];
    } else if (kNk > 6 && i % kNk == 4) {
      t = sub_word(t);
    }
    w[i] = w[i - kNk] ^ t;
  }
}

}  // namespace

// aesni_set_encrypt_key: the FIPS-197 key expansion into the encryption
// schedule at kEncKeyOffset; returns the bytes written from offset 0.
size_t aesni_set_encrypt_key(AesKeyState* s, const uint8_t* key,
                             size_t key_len) {
  const size_t total = 4 * (key_len / 4 + 7);
  uint32_t w[60];
  switch (key_len) {  // public
    case 16: expand_words<4>(key, w); break;
    case 24: expand_words<6>(key, w); break;
    default: expand_words<8>(key, w); break;
  }
  std::memcpy(s->storage + kEncKeyOffset, w, total * 4);
  secure_zero(w, sizeof(w));
  return kEncKeyOffset + total * 4;
}

// aesni_set_key: the encryption schedule and, for AESDEC, the equivalent
// inverse cipher's (FIPS-197, 5.3.5): the round keys reversed, the inner
// ones through InvMixColumns (AESIMC).
void aesni_set_key(AesKeyState* s, const uint8_t* key, size_t key_len) {
  aesni_set_encrypt_key(s, key, key_len);
  const size_t nr = key_len / 4 + 6;
  const __m128i* ek = enc_keys(s);
  __m128i* dk = reinterpret_cast<__m128i*>(s->storage + kDecKeyOffset);
  dk[0] = ek[nr];
  for (size_t i = 1; i < nr; ++i) dk[i] = _mm_aesimc_si128(ek[nr - i]);
  dk[nr] = ek[0];
}

void aesni_encrypt_block(const AesKeyState* s, const uint8_t in[16],
                         uint8_t out[16]) {
  const __m128i* rk = enc_keys(s);
  const int nr = static_cast<int>(s->rounds);
  __m128i b = _mm_xor_si128(loadu(in), _mm_load_si128(rk));
  for (int r = 1; r < nr; ++r) b = _mm_aesenc_si128(b, _mm_load_si128(rk + r));
  storeu(out, _mm_aesenclast_si128(b, _mm_load_si128(rk + nr)));
}

void aesni_decrypt_block(const AesKeyState* s, const uint8_t in[16],
                         uint8_t out[16]) {
  const __m128i* dk = dec_keys(s);
  const int nr = static_cast<int>(s->rounds);
  __m128i b = _mm_xor_si128(loadu(in), _mm_load_si128(dk));
  for (int r = 1; r < nr; ++r) b = _mm_aesdec_si128(b, _mm_load_si128(dk + r));
  storeu(out, _mm_aesdeclast_si128(b, _mm_load_si128(dk + nr)));
}

void aesni_cbc_encrypt(const AesKeyState* s, const uint8_t* in, uint8_t* out,
                       size_t blocks, uint8_t iv[16]) {
  const __m128i* rk = enc_keys(s);
  const int nr = static_cast<int>(s->rounds);
  __m128i v = loadu(iv);
  for (size_t j = 0; j < blocks; ++j) {
    __m128i b = _mm_xor_si128(_mm_xor_si128(loadu(in + 16 * j), v),
                              _mm_load_si128(rk));
    for (int r = 1; r < nr; ++r) b = _mm_aesenc_si128(b, _mm_load_si128(rk + r));
    v = _mm_aesenclast_si128(b, _mm_load_si128(rk + nr));
    storeu(out + 16 * j, v);
  }
  storeu(iv, v);
}

void aesni_cbc_decrypt(const AesKeyState* s, const uint8_t* in, uint8_t* out,
                       size_t blocks, uint8_t iv[16]) {
  const __m128i* dk = dec_keys(s);
  const int nr = static_cast<int>(s->rounds);
  __m128i v = loadu(iv);
  while (blocks >= 8) {
    cbc_dec_n<8>(dk, nr, &v, in, out);
    in += 128;
    out += 128;
    blocks -= 8;
  }
  switch (blocks) {
    case 7: cbc_dec_n<7>(dk, nr, &v, in, out); break;
    case 6: cbc_dec_n<6>(dk, nr, &v, in, out); break;
    case 5: cbc_dec_n<5>(dk, nr, &v, in, out); break;
    case 4: cbc_dec_n<4>(dk, nr, &v, in, out); break;
    case 3: cbc_dec_n<3>(dk, nr, &v, in, out); break;
    case 2: cbc_dec_n<2>(dk, nr, &v, in, out); break;
    case 1: cbc_dec_n<1>(dk, nr, &v, in, out); break;
    default: break;
  }
  storeu(iv, v);
}

void aesni_ecb_encrypt(const AesKeyState* s, const uint8_t* in, uint8_t* out,
                       size_t blocks) {
  ecb_any<false>(s, in, out, blocks);
}

void aesni_ecb_decrypt(const AesKeyState* s, const uint8_t* in, uint8_t* out,
                       size_t blocks) {
  ecb_any<true>(s, in, out, blocks);
}

void aesni_ctr32(const AesKeyState* s, const uint8_t* in, uint8_t* out,
                 size_t blocks, const uint8_t counter[16]) {
  const __m128i* rk = enc_keys(s);
  const int nr = static_cast<int>(s->rounds);
  __m128i c = bswap128(loadu(counter));
  while (blocks >= 8) {
    ctr_n<8>(rk, nr, c, in, out);
    c = add_ctr(c, 8);
    in += 128;
    out += 128;
    blocks -= 8;
  }
  switch (blocks) {
    case 7: ctr_n<7>(rk, nr, c, in, out); break;
    case 6: ctr_n<6>(rk, nr, c, in, out); break;
    case 5: ctr_n<5>(rk, nr, c, in, out); break;
    case 4: ctr_n<4>(rk, nr, c, in, out); break;
    case 3: ctr_n<3>(rk, nr, c, in, out); break;
    case 2: ctr_n<2>(rk, nr, c, in, out); break;
    case 1: ctr_n<1>(rk, nr, c, in, out); break;
    default: break;
  }
}

// --- CCM: CBC-MAC and CTR in one pass -----------------------------------------
// Two independent AES chains advance round by round side by side: the MAC
// block (serial from block to block) and a keystream block. AESENC has a
// latency of several cycles but issues every cycle, so the keystream block
// runs in the MAC chain's latency shadow and CTR costs almost nothing on
// top of the MAC. Seal pairs block j's MAC with block j's keystream (the
// plaintext is known); open needs P_j = C_j ^ E(ctr_j) before MACing it, so
// it pairs block j's MAC with block j+1's keystream (one block of software
// pipelining; the last iteration computes one keystream block that is not
// used). Branches depend only on the block count.

namespace {

template <int NR, bool kOpen>
void ccm_nr(const AesKeyState* s, const uint8_t* in, uint8_t* out,
            size_t blocks, const uint8_t counter[16], uint8_t mac[16]) {
  // The round keys are read from the schedule where they are used, not
  // copied into a local array: with AES-256 such an array does not fit the
  // registers, and in the sanitizer builds it lives in the frame whole.
  const __m128i* rk = enc_keys(s);
  const auto k = [rk](int r) { return _mm_load_si128(rk + r); };
  __m128i c = bswap128(loadu(counter));
  __m128i m = loadu(mac);
  __m128i ks = _mm_setzero_si128();
  if (kOpen) {
    // Keystream block 0 on its own; the loop then runs one block ahead.
    ks = _mm_xor_si128(bswap128(c), k(0));
#pragma GCC unroll 14
    for (int r = 1; r < NR; ++r) ks = _mm_aesenc_si128(ks, k(r));
    ks = _mm_aesenclast_si128(ks, k(NR));
    c = add_ctr(c, 1);
  }
  for (size_t j = 0; j < blocks; ++j) {
    const __m128i d = loadu(in + 16 * j);
    __m128i p = kOpen ? _mm_xor_si128(d, ks) : d;
    if (kOpen) storeu(out + 16 * j, p);
    __m128i x = _mm_xor_si128(_mm_xor_si128(m, p), k(0));
    __m128i y = _mm_xor_si128(bswap128(c), k(0));
#pragma GCC unroll 14
    for (int r = 1; r < NR; ++r) {
      x = _mm_aesenc_si128(x, k(r));
      y = _mm_aesenc_si128(y, k(r));
    }
    m = _mm_aesenclast_si128(x, k(NR));
    y = _mm_aesenclast_si128(y, k(NR));
    if (kOpen) {
      ks = y;
    } else {
      storeu(out + 16 * j, _mm_xor_si128(d, y));
    }
    c = add_ctr(c, 1);
  }
  storeu(mac, m);
}

// Out of line: with AES-256 the loop's 15 round keys and six blocks exceed
// the 16 XMM registers, so the compiler may keep loaded round keys in its
// frame (GCC 12 and clang 14 did, tests/stack_residue_test.cc); the entry
// points below scrub that frame (kCcmFrameScrubBytes) after the call.
template <bool kOpen>
[[gnu::noinline]] void ccm_bulk(const AesKeyState* s, const uint8_t* in,
                                uint8_t* out, size_t blocks,
                                const uint8_t counter[16], uint8_t mac[16]) {
  if (blocks == 0) return;
  switch (s->rounds) {
    case 10: return ccm_nr<10, kOpen>(s, in, out, blocks, counter, mac);
    case 12: return ccm_nr<12, kOpen>(s, in, out, blocks, counter, mac);
    default: return ccm_nr<14, kOpen>(s, in, out, blocks, counter, mac);
  }
}

// More than ccm_bulk's frame (at most 120 bytes, gcc 12 and clang 14,
// -fstack-usage) and the 128-byte red zone below it (GCC spills there).
constexpr size_t kCcmFrameScrubBytes = 256;

}  // namespace

void aesni_ccm_seal_bulk(const AesKeyState* s, const uint8_t* in, uint8_t* out,
                         size_t blocks, const uint8_t counter[16],
                         uint8_t mac[16]) {
  ccm_bulk<false>(s, in, out, blocks, counter, mac);
  scrub_stack<kCcmFrameScrubBytes>();
}

void aesni_ccm_open_bulk(const AesKeyState* s, const uint8_t* in, uint8_t* out,
                         size_t blocks, const uint8_t counter[16],
                         uint8_t mac[16]) {
  ccm_bulk<true>(s, in, out, blocks, counter, mac);
  scrub_stack<kCcmFrameScrubBytes>();
}

}  // namespace x86hw

const AesRow kAesAesni = {
    .name = "aesni",
    .required_caps = kCapAesni | kCapSsse3,
    .set_key = x86hw::aesni_set_key,
    .encrypt_block = x86hw::aesni_encrypt_block,
    .ctr32 = x86hw::aesni_ctr32,
    .cbc_encrypt = x86hw::aesni_cbc_encrypt,
    .ecb_encrypt = x86hw::aesni_ecb_encrypt,
    .set_encrypt_key = x86hw::aesni_set_encrypt_key,
};

const AesDecryptRow kAesAesniDecrypt = {
    .row = &kAesAesni,
    .decrypt_block = x86hw::aesni_decrypt_block,
    .cbc_decrypt = x86hw::aesni_cbc_decrypt,
    .ecb_decrypt = x86hw::aesni_ecb_decrypt,
};

}  // namespace ctcrypto::internal
