// aes_armv8_impl.h: the ARMv8 AES row's functions, shared by the AArch64
// (aes_armv8_aarch64.cc) and AArch32 (aes_armv8_arm.cc) builds, which
// differ only in register count: 32 vector registers allow 8 blocks in
// flight, AArch32's 16 Q registers 4. Include from exactly one file per
// build; see aes_armv8_aarch64.cc for the essay.
#ifndef CTCRYPTO_AES_AES_ARMV8_IMPL_H_
#define CTCRYPTO_AES_AES_ARMV8_IMPL_H_

#include <arm_neon.h>

#include <cstring>

#include "crypto/aes/aes_armv8.h"
#include "crypto/aes/aes_armv8_core.h"
#include "crypto/aes/aes_row.h"
#include "crypto/cpu/cpu.h"
#include "crypto/ct.h"
#include "crypto/internal.h"

namespace ctcrypto::internal {

namespace {

// --- key schedule ----------------------------------------------------------

// sub_word: FIPS-197 SubWord via AESE with a zero round key (see above).
inline uint32_t sub_word(uint32_t w) {
  uint8x16_t v = vreinterpretq_u8_u32(vdupq_n_u32(w));
  v = vaeseq_u8(v, vdupq_n_u8(0));
  return vgetq_lane_u32(vreinterpretq_u32_u8(v), 0);
}

// expand_words: FIPS-197 KeyExpansion for Nk = kNk (a template parameter,
// so that i % Nk is a multiply, not a run-time division).
template <size_t kNk>
void expand_words(const uint8_t* key, uint32_t* w) {
  constexpr size_t kTotal = 4 * (kNk + 7);
  for (size_t i = 0; i < kNk; ++i) w[i] = load_le32(key + 4 * i);
  uint32_t rcon = 1;  // public constants, x^(i/Nk - 1) in GF(2^8)
  for (size_t i = kNk; i < kTotal; ++i) {
    uint32_t t = w[i - 1];
    if (i % kNk == 0) {
      // RotWord on little-endian packed bytes is a right rotation by 8.
      t = sub_word((t >> 8) | (t << 24)) ^ rcon;
      rcon = (rcon << 1) ^ (0x11b & (0u - (rcon >> 7)));
    } else if (kNk > 6 && i % kNk == 4) {
      t = sub_word(t);
    }
    w[i] = w[i - kNk] ^ t;
  }
}

// armv8_expand: the FIPS-197 key expansion, round keys 0..Nr at offset 0 of
// the storage and in ek[]; returns the bytes written.
size_t armv8_expand(AesKeyState* s, const uint8_t* key, size_t key_len,
                    uint8x16_t ek[15]) {
  const size_t nr = key_len / 4 + 6;
  uint32_t w[60];
  switch (key_len) {  // public
    case 16: expand_words<4>(key, w); break;
    case 24: expand_words<6>(key, w); break;
    default: expand_words<8>(key, w); break;
  }
  for (size_t r = 0; r <= nr; ++r) {
    ek[r] = vreinterpretq_u8_u32(vld1q_u32(w + 4 * r));
    vst1q_u8(s->storage + 16 * r, ek[r]);
  }
  secure_zero(w, sizeof(w));
  return 16 * (nr + 1);
}

size_t armv8_set_encrypt_key(AesKeyState* s, const uint8_t* key,
                             size_t key_len) {
  uint8x16_t ek[15];
  const size_t written = armv8_expand(s, key, key_len, ek);
  secure_zero(ek, sizeof(ek));
  return written;
}

void armv8_set_key(AesKeyState* s, const uint8_t* key, size_t key_len) {
  const size_t nr = key_len / 4 + 6;
  uint8x16_t ek[15];
  armv8_expand(s, key, key_len, ek);
  // Equivalent inverse cipher: dk[0] = ek[Nr], dk[i] = InvMixColumns(
  // ek[Nr-i]) for 0 < i < Nr, dk[Nr] = ek[0].
  uint8_t* dk = s->storage + kDecOffset;
  vst1q_u8(dk, ek[nr]);
  for (size_t i = 1; i < nr; ++i)
    vst1q_u8(dk + 16 * i, vaesimcq_u8(ek[nr - i]));
  vst1q_u8(dk + 16 * nr, ek[0]);
  secure_zero(ek, sizeof(ek));
}


template <int Nr>
void encrypt_block_t(const AesKeyState* s, const uint8_t* in, uint8_t* out) {
  RoundKeys<Nr> rk(s->storage);
  uint8x16_t b = vld1q_u8(in);
  encN<Nr, 1>(rk, &b);
  vst1q_u8(out, b);
}

template <int Nr>
void decrypt_block_t(const AesKeyState* s, const uint8_t* in, uint8_t* out) {
  RoundKeys<Nr> rk(s->storage + kDecOffset);
  uint8x16_t b = vld1q_u8(in);
  decN<Nr, 1>(rk, &b);
  vst1q_u8(out, b);
}

void armv8_encrypt_block(const AesKeyState* s, const uint8_t in[16],
                         uint8_t out[16]) {
  CTCRYPTO_ARMV8_DISPATCH(s, encrypt_block_t, s, in, out);
}

void armv8_decrypt_block(const AesKeyState* s, const uint8_t in[16],
                         uint8_t out[16]) {
  CTCRYPTO_ARMV8_DISPATCH(s, decrypt_block_t, s, in, out);
}

// The bulk functions below (ECB, CTR, CBC, CCM) run under run_scrubbed
// (crypto/internal.h): their loops mark their frames (m), which are wiped
// after them, spilled round keys included (RoundKeys in
// aes_armv8_core.h). The CTR and CBC loops are never inlined, so that each
// is a function of its own for the cost model (bench/mca.sh markers in
// aes_armv8_aarch64.cc and aes_armv8_arm.cc). A single block
// (encrypt_block, decrypt_block) holds its Nr + 1 keys and one block,
// which the 16 Q registers of AArch32 hold without spilling (clang 14 and
// gcc 12: no stack frame).

// --- ECB (multi-block, for XTS) ---------------------------------------------

// ecb_batch: N independent blocks, all loaded before the first store.
template <int Nr, int N, bool kDec>
CTCRYPTO_INLINE void ecb_batch(const RoundKeys<Nr>& rk, const uint8_t* in,
                               uint8_t* out) {
  // size_t bound: gcc 12's -Wsign-conversion reports an int template parameter
  // used as an array bound.
  uint8x16_t b[static_cast<size_t>(N)];
#pragma GCC unroll 8
  for (int j = 0; j < N; ++j) b[j] = vld1q_u8(in + 16 * j);
  if (kDec) {
    decN<Nr, N>(rk, b);
  } else {
    encN<Nr, N>(rk, b);
  }
#pragma GCC unroll 8
  for (int j = 0; j < N; ++j) vst1q_u8(out + 16 * j, b[j]);
}

// ecb_t: kWide blocks in flight, then half a batch, then single blocks
// (as CBC decryption; counts are public).
template <int Nr, bool kDec>
void ecb_t(StackMark* m, const AesKeyState* s, const uint8_t* in,
           uint8_t* out, size_t blocks) {
  mark_frame(m);
  RoundKeys<Nr> rk(s->storage + (kDec ? kDecOffset : 0));
  for (; blocks >= kWide; blocks -= kWide, in += 16 * kWide, out += 16 * kWide)
    ecb_batch<Nr, kWide, kDec>(rk, in, out);
  if (blocks >= kWide / 2) {
    ecb_batch<Nr, kWide / 2, kDec>(rk, in, out);
    blocks -= kWide / 2, in += 8 * kWide, out += 8 * kWide;
  }
  for (; blocks > 0; --blocks, in += 16, out += 16)
    ecb_batch<Nr, 1, kDec>(rk, in, out);
}

template <int Nr>
void ecb_encrypt_t(StackMark* m, const AesKeyState* s, const uint8_t* in,
                   uint8_t* out, size_t blocks) {
  ecb_t<Nr, false>(m, s, in, out, blocks);
}

template <int Nr>
void ecb_decrypt_t(StackMark* m, const AesKeyState* s, const uint8_t* in,
                   uint8_t* out, size_t blocks) {
  ecb_t<Nr, true>(m, s, in, out, blocks);
}

void armv8_ecb_encrypt(const AesKeyState* s, const uint8_t* in, uint8_t* out,
                       size_t blocks) {
  run_scrubbed([&](StackMark* m) {
    CTCRYPTO_ARMV8_DISPATCH(s, ecb_encrypt_t, m, s, in, out, blocks);
  });
}

void armv8_ecb_decrypt(const AesKeyState* s, const uint8_t* in, uint8_t* out,
                       size_t blocks) {
  run_scrubbed([&](StackMark* m) {
    CTCRYPTO_ARMV8_DISPATCH(s, ecb_decrypt_t, m, s, in, out, blocks);
  });
}

// --- CTR -------------------------------------------------------------------

template <int Nr>
[[gnu::noinline]] void ctr32_t(StackMark* m, const AesKeyState* s,
                               const uint8_t* in, uint8_t* out, size_t blocks,
                               const uint8_t* counter) {
  mark_frame(m);
  RoundKeys<Nr> rk(s->storage);
  uint8x16_t iv = vld1q_u8(counter);
  uint32_t c = load_be32(counter + 12);
  // c may be secret (GCM's J0 from a long nonce): the opaque update keeps
  // the compiler from testing the loop's end on the counter.
  for (; blocks >= kWide; blocks -= kWide, in += 16 * kWide,
                          out += 16 * kWide, c = ct_opaque(c + kWide))
    ctr_batch<Nr, kWide>(rk, iv, c, in, out, kWide);
  // Tail: a padded batch (keystream blocks past the tail are discarded).
  if (blocks > kWide / 2) {
    ctr_batch<Nr, kWide>(rk, iv, c, in, out, blocks);
  } else if (blocks) {
    ctr_batch<Nr, kWide / 2>(rk, iv, c, in, out, blocks);
  }
}

void armv8_ctr32(const AesKeyState* s, const uint8_t* in, uint8_t* out,
                 size_t blocks, const uint8_t counter[16]) {
  run_scrubbed([&](StackMark* m) {
    CTCRYPTO_ARMV8_DISPATCH(s, ctr32_t, m, s, in, out, blocks, counter);
  });
}

// --- CBC -------------------------------------------------------------------

// CBC encryption is one dependent chain of AES rounds per block, so its
// speed is the latency of that chain. Two EORs leave the chain: AESE adds
// its key operand itself, so the plaintext is folded into the first round
// key (p ^ rk[0], computed off the chain), and the chain carries the last
// AESE output `st` instead of the ciphertext st ^ rk[Nr], whose rk[Nr] is
// folded into that same key operand: AESE(st, p ^ rk[0] ^ rk[Nr]) =
// SubBytes(ShiftRows(c ^ p ^ rk[0])).
template <int Nr>
[[gnu::noinline]] void cbc_encrypt_t(StackMark* m, const AesKeyState* s,
                                     const uint8_t* in, uint8_t* out,
                                     size_t blocks, uint8_t* iv) {
  mark_frame(m);
  RoundKeys<Nr> rk(s->storage);
  const uint8x16_t k0n = veorq_u8(rk.key(0), rk.key(Nr));
  uint8x16_t st = veorq_u8(vld1q_u8(iv), rk.key(Nr));
  for (; blocks > 0; --blocks, in += 16, out += 16) {
    uint8x16_t b = vaesmcq_u8(vaeseq_u8(st, veorq_u8(vld1q_u8(in), k0n)));
#pragma GCC unroll 14
    for (int r = 1; r < Nr - 1; ++r) b = vaesmcq_u8(vaeseq_u8(b, rk.key(r)));
    st = vaeseq_u8(b, rk.key(Nr - 1));
    vst1q_u8(out, veorq_u8(st, rk.key(Nr)));
  }
  vst1q_u8(iv, veorq_u8(st, rk.key(Nr)));
}

// cbc_dec_batch: N blocks; all ciphertext is read before anything is
// written, so in == out works.
template <int Nr, int N>
CTCRYPTO_INLINE uint8x16_t cbc_dec_batch(const RoundKeys<Nr>& rk,
                                         uint8x16_t prev, const uint8_t* in,
                                         uint8_t* out) {
  uint8x16_t c[static_cast<size_t>(N)], b[static_cast<size_t>(N)];
#pragma GCC unroll 8
  for (int j = 0; j < N; ++j) b[j] = c[j] = vld1q_u8(in + 16 * j);
  decN<Nr, N>(rk, b);
  vst1q_u8(out, veorq_u8(b[0], prev));
#pragma GCC unroll 8
  for (int j = 1; j < N; ++j) vst1q_u8(out + 16 * j, veorq_u8(b[j], c[j - 1]));
  return c[N - 1];
}

template <int Nr>
[[gnu::noinline]] void cbc_decrypt_t(StackMark* m, const AesKeyState* s,
                                     const uint8_t* in, uint8_t* out,
                                     size_t blocks, uint8_t* iv) {
  mark_frame(m);
  RoundKeys<Nr> rk(s->storage + kDecOffset);
  uint8x16_t prev = vld1q_u8(iv);
  for (; blocks >= kWide; blocks -= kWide, in += 16 * kWide, out += 16 * kWide)
    prev = cbc_dec_batch<Nr, kWide>(rk, prev, in, out);
  if (blocks >= kWide / 2) {
    prev = cbc_dec_batch<Nr, kWide / 2>(rk, prev, in, out);
    blocks -= kWide / 2, in += 8 * kWide, out += 8 * kWide;
  }
  for (; blocks > 0; --blocks, in += 16, out += 16)
    prev = cbc_dec_batch<Nr, 1>(rk, prev, in, out);
  vst1q_u8(iv, prev);
}

void armv8_cbc_encrypt(const AesKeyState* s, const uint8_t* in, uint8_t* out,
                       size_t blocks, uint8_t iv[16]) {
  run_scrubbed([&](StackMark* m) {
    CTCRYPTO_ARMV8_DISPATCH(s, cbc_encrypt_t, m, s, in, out, blocks, iv);
  });
}

void armv8_cbc_decrypt(const AesKeyState* s, const uint8_t* in, uint8_t* out,
                       size_t blocks, uint8_t iv[16]) {
  run_scrubbed([&](StackMark* m) {
    CTCRYPTO_ARMV8_DISPATCH(s, cbc_decrypt_t, m, s, in, out, blocks, iv);
  });
}

// --- CCM: CBC-MAC and CTR in one pass ---------------------------------------
// The MAC chain is serial (cbc_encrypt_t's chain, with the same folding of
// the input and last round key into the first AESE key operand); the
// keystream block of the same step is an independent AESE/AESMC chain that
// issues in its latency gaps, so CTR costs little on top of the MAC.
// Seal pairs block j's MAC with block j's keystream; open needs P_j before
// MACing it, so its keystream runs one block ahead (the last step computes
// one block that is not used). The counter's 32-bit tail wraps like
// ctr32's; ccm.cc never lets it.
template <int Nr, bool kOpen>
CTCRYPTO_INLINE void ccm_t(const AesKeyState* s, const uint8_t* in,
                           uint8_t* out, size_t blocks,
                           const uint8_t* counter, uint8_t* mac) {
  RoundKeys<Nr> rk(s->storage);
  const uint8x16_t k0n = veorq_u8(rk.key(0), rk.key(Nr));
  uint8x16_t st = veorq_u8(vld1q_u8(mac), rk.key(Nr));
  const uint8x16_t iv = vld1q_u8(counter);
  uint32_t c = load_be32(counter + 12);
  uint8x16_t ks = vdupq_n_u8(0);
  if (kOpen) {
    uint8x16_t b[1] = {counter_block(iv, c)};
    encN<Nr, 1>(rk, b);
    ks = b[0];
    ++c;
  }
  for (; blocks > 0; --blocks, in += 16, out += 16, ++c) {
    const uint8x16_t d = vld1q_u8(in);
    const uint8x16_t p = kOpen ? veorq_u8(d, ks) : d;
    if (kOpen) vst1q_u8(out, p);
    uint8x16_t x = vaesmcq_u8(vaeseq_u8(st, veorq_u8(p, k0n)));
    uint8x16_t y = vaesmcq_u8(vaeseq_u8(counter_block(iv, c), rk.key(0)));
#pragma GCC unroll 14
    for (int r = 1; r < Nr - 1; ++r) {
      x = vaesmcq_u8(vaeseq_u8(x, rk.key(r)));
      y = vaesmcq_u8(vaeseq_u8(y, rk.key(r)));
    }
    st = vaeseq_u8(x, rk.key(Nr - 1));
    y = veorq_u8(vaeseq_u8(y, rk.key(Nr - 1)), rk.key(Nr));
    if (kOpen) {
      ks = y;
    } else {
      vst1q_u8(out, veorq_u8(d, y));
    }
  }
  vst1q_u8(mac, veorq_u8(st, rk.key(Nr)));
}

template <int Nr>
void ccm_seal_t(StackMark* m, const AesKeyState* s, const uint8_t* in,
                uint8_t* out, size_t blocks, const uint8_t* counter,
                uint8_t* mac) {
  mark_frame(m);
  ccm_t<Nr, false>(s, in, out, blocks, counter, mac);
}

template <int Nr>
void ccm_open_t(StackMark* m, const AesKeyState* s, const uint8_t* in,
                uint8_t* out, size_t blocks, const uint8_t* counter,
                uint8_t* mac) {
  mark_frame(m);
  ccm_t<Nr, true>(s, in, out, blocks, counter, mac);
}

}  // namespace

// The CCM loops, named for the CCM kernel of this row
// (crypto/modes/ccm_kernel_armv8.cc; aes_armv8.h).
void armv8_ccm_seal_bulk(const AesKeyState* s, const uint8_t* in, uint8_t* out,
                         size_t blocks, const uint8_t counter[16],
                         uint8_t mac[16]) {
  if (blocks == 0) return;
  run_scrubbed([&](StackMark* m) {
    CTCRYPTO_ARMV8_DISPATCH(s, ccm_seal_t, m, s, in, out, blocks, counter, mac);
  });
}

void armv8_ccm_open_bulk(const AesKeyState* s, const uint8_t* in, uint8_t* out,
                         size_t blocks, const uint8_t counter[16],
                         uint8_t mac[16]) {
  if (blocks == 0) return;
  run_scrubbed([&](StackMark* m) {
    CTCRYPTO_ARMV8_DISPATCH(s, ccm_open_t, m, s, in, out, blocks, counter, mac);
  });
}

namespace {

// armv8_row: the "armv8" row, the same on AArch64 and AArch32 (the block
// counts in flight differ inside the functions above).
constexpr AesRow armv8_row() {
  return AesRow{.name = "armv8",
                    .required_caps = kCapAes | kCapNeon,
                    .set_key = armv8_set_key,
                    .encrypt_block = armv8_encrypt_block,
                    .ctr32 = armv8_ctr32,
                    .cbc_encrypt = armv8_cbc_encrypt,
                    .ecb_encrypt = armv8_ecb_encrypt,
                    .set_encrypt_key = armv8_set_encrypt_key};
}

// armv8_decrypt_row: its inverse cipher (AESD over the decryption schedule).
constexpr AesDecryptRow armv8_decrypt_row(const AesRow* row) {
  return AesDecryptRow{.row = row,
                       .decrypt_block = armv8_decrypt_block,
                       .cbc_decrypt = armv8_cbc_decrypt,
                       .ecb_decrypt = armv8_ecb_decrypt};
}

}  // namespace

}  // namespace ctcrypto::internal

#endif  // CTCRYPTO_AES_AES_ARMV8_IMPL_H_
