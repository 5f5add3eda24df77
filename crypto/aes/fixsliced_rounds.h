// fixsliced_rounds.h: the cipher's round sequence and the batch loops of the
// portable fixsliced AES, shared by its two word sizes (aes_nohw.cc: four
// blocks in eight 64-bit planes; aes_nohw32.cc: two blocks in eight 32-bit
// planes). Only one of them is compiled for a target.
//
// Fixslicing (Adomnicai and Peyrin, "Fixslicing AES-like ciphers", TCHES
// 2021/1): the stored state lags the true one by k = (rounds so far) mod 4
// ShiftRows, each of the four MixColumns variants absorbs its lag, round key
// r is stored pre-shifted to lag r mod 4, and only the ends correct the lag:
// AES-128 and AES-256 (10 and 14 rounds, 2 mod 4) finish at lag 2 and apply
// SR^2, AES-192 (12 rounds) finishes at lag 0. The rounds are unrolled by
// four so that every lag is a compile-time constant. Decryption is the
// direct inverse cipher (FIPS-197 §5.3): the same round keys at the same
// lags, in reverse order.
//
// A layout L supplies, as static members (templates over the plane type W
// where a form has more than one, e.g. the 64-bit form's SSE2 pair):
//   sub_bytes(q), inv_sub_bytes(q)             the S-box circuit, 8 planes
//   mix_columns<K>(q), inv_mix_columns<K>(q)   (Inv)MixColumns at lag K
//   add_round_key(q, s, r)                     XOR of stored round key r
//   shift_rows_2(q)                            SR^2 (= SR^-2)
//   load_batch(q, in, n), store_batch(q, out, n)
//                                              n (1..kBatchBlocks) blocks in
//                                              or out of the planes, the
//                                              unused slots zero on load
//   kBatchBlocks                               blocks per batch
// and optionally
//   encrypt_batch(s, q, fix_lag)               all of encrypt_batch below
//                                              in one routine (SR^2 at the
//                                              end only if fix_lag)
//
// Constant time: every function here runs a fixed sequence of the layout's
// operations; loop counts and branches depend on the public round count
// and block counts only. Lone blocks and odd tails take a full batch.
#ifndef CTCRYPTO_CRYPTO_AES_FIXSLICED_ROUNDS_H_
#define CTCRYPTO_CRYPTO_AES_FIXSLICED_ROUNDS_H_

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "crypto/aes/aes_row.h"
#include "crypto/internal.h"

namespace ctcrypto::internal::fixsliced {

// Middle round r of encryption; K = r mod 4 is the lag after its ShiftRows.
template <class L, int K, typename W>
[[gnu::always_inline]] inline void enc_round(W q[8], const AesKeyState* s,
                                             unsigned r) {
  L::sub_bytes(q);
  L::template mix_columns<K>(q);
  L::add_round_key(q, s, r);
}

// Middle round r of decryption; K = r mod 4 is the lag after InvShiftRows.
template <class L, int K, typename W>
[[gnu::always_inline]] inline void dec_round(W q[8], const AesKeyState* s,
                                             unsigned r) {
  L::inv_sub_bytes(q);
  L::add_round_key(q, s, r);
  L::template inv_mix_columns<K>(q);
}

// rounds is 10, 12 or 14 (public), so rounds mod 4 is 2 or 0. With
// kFixLag false the planes are left at lag rounds mod 4 (SR^2 not applied):
// for a caller that applies SR^2 more cheaply after its own output
// transposition (aes_nohw32.cc's ctr32).
template <class L, bool kFixLag = true, typename W>
void encrypt_batch(const AesKeyState* s, W q[8]) {
  const unsigned nr = s->rounds;
  // A layout may run the whole sequence below as one routine of its own
  // (aes_nohw32.cc on ARMv7-M / ARMv8-M Mainline: generated,
  // register-allocated assembly of these same steps).
  if constexpr (requires(W* p) { L::encrypt_batch(s, p, kFixLag); }) {
    L::encrypt_batch(s, q, kFixLag);
    return;
  }
  L::add_round_key(q, s, 0);
  // Middle rounds 1..nr-1, unrolled by four so that each lag is a constant.
  for (unsigned r = 1;;) {
    enc_round<L, 1>(q, s, r);
    if (++r == nr) break;
    enc_round<L, 2>(q, s, r);
    if (++r == nr) break;
    enc_round<L, 3>(q, s, r);
    if (++r == nr) break;
    enc_round<L, 0>(q, s, r);
    if (++r == nr) break;
  }
  L::sub_bytes(q);
  L::add_round_key(q, s, nr);
  if (kFixLag && (nr & 3) == 2) L::shift_rows_2(q);  // lag nr mod 4 back to zero
}

// The inverse cipher is a function of its own, apart from every encryption
// function, so a program that never decrypts (GCM, CTR, CCM, CMAC) does not
// link it: only the row's decryption entry (AesDecryptRow) names it.
template <class L, typename W>
void decrypt_batch(const AesKeyState* s, W q[8]) {
  const unsigned nr = s->rounds;
  if ((nr & 3) == 2) L::shift_rows_2(q);  // lag 0 to lag nr mod 4
  L::add_round_key(q, s, nr);
  // Middle rounds nr-1 down to 1; nr-1 mod 4 is 1 or 3.
  unsigned r = nr - 1;
  if ((r & 3) == 3) {
    dec_round<L, 3>(q, s, r--);
    dec_round<L, 2>(q, s, r--);
  }
  for (;;) {  // r mod 4 == 1 here
    dec_round<L, 1>(q, s, r);
    if (--r == 0) break;
    dec_round<L, 0>(q, s, r--);
    dec_round<L, 3>(q, s, r--);
    dec_round<L, 2>(q, s, r--);
  }
  L::inv_sub_bytes(q);
  L::add_round_key(q, s, 0);
}

// The row's entry points built from one batch (kDec: the inverse cipher).
// Each wipes the planes it used: they held plaintext or keystream.
template <class L, bool kDec>
void one_block(const AesKeyState* s, const uint8_t in[16], uint8_t out[16]) {
  typename L::Word q[8];
  L::load_batch(q, in, 1);
  if constexpr (kDec) {
    decrypt_batch<L>(s, q);
  } else {
    encrypt_batch<L>(s, q);
  }
  L::store_batch(q, out, 1);
  secure_zero(q, sizeof(q));
}

// ECB: independent blocks in full batches, the last one padded; load_batch
// reads a batch before store_batch writes it (in place).
template <class L, bool kDec>
void ecb(const AesKeyState* s, const uint8_t* in, uint8_t* out,
         size_t blocks) {
  constexpr size_t kB = L::kBatchBlocks;
  typename L::Word q[8];
  while (blocks > 0) {
    const size_t n = blocks < kB ? blocks : kB;
    L::load_batch(q, in, n);
    if constexpr (kDec) {
      decrypt_batch<L>(s, q);
    } else {
      encrypt_batch<L>(s, q);
    }
    L::store_batch(q, out, n);
    in += 16 * n;
    out += 16 * n;
    blocks -= n;
  }
  secure_zero(q, sizeof(q));
}

template <class L>
[[gnu::noinline]] void cbc_encrypt_body(const AesKeyState* s,
                                        const uint8_t* in, uint8_t* out,
                                        size_t blocks, uint8_t iv[16]) {
  // Each block needs the previous ciphertext, so a batch holds one block.
  uint8_t x[16];
  std::memcpy(x, iv, 16);
  for (size_t k = 0; k < blocks; k++) {
    for (int i = 0; i < 16; i++)
      x[i] ^= in[16 * k + static_cast<size_t>(i)];
    typename L::Word q[8];
    L::load_batch(q, x, 1);
    encrypt_batch<L>(s, q);
    L::store_batch(q, x, 1);
    std::memcpy(out + 16 * k, x, 16);
  }
  std::memcpy(iv, x, 16);
}

// cbc_encrypt is CBC-MAC's path too (CCM, CMAC: modes/cbc_mac_internal.h),
// where the last chain block is the MAC itself: after a failed verify it
// would be a valid tag for the caller's message. The body's frame keeps it
// in x, in the bit planes q and in a compiler temporary that no wipe
// inside can name (x86-64: the block store_batch assembles before the
// copy to x), so the body runs out of line and its frame is scrubbed after
// it returns (tests/stack_residue_test.cc: the MAC of a failed verify).
// kCbcEncryptScrubBytes: above the body's frame on every target (x86-64:
// 232 bytes).
inline constexpr size_t kCbcEncryptScrubBytes = 512;

template <class L>
void cbc_encrypt(const AesKeyState* s, const uint8_t* in, uint8_t* out,
                 size_t blocks, uint8_t iv[16]) {
  cbc_encrypt_body<L>(s, in, out, blocks, iv);
  scrub_stack<kCbcEncryptScrubBytes>();
}

// cbc_chain: the CBC step after a batch of n decrypted blocks pt of the
// saved ciphertext ct: out = pt XOR (prev, then ct shifted by a block), and
// prev becomes the batch's last ciphertext block. Shared with aes_nohw.cc's
// wide batches.
inline void cbc_chain(const uint8_t* pt, const uint8_t* ct, size_t n,
                      uint8_t prev[16], uint8_t* out) {
  for (size_t i = 0; i < 16; i++) out[i] = pt[i] ^ prev[i];
  for (size_t i = 16; i < 16 * n; i++) out[i] = pt[i] ^ ct[i - 16];
  std::memcpy(prev, ct + 16 * (n - 1), 16);
}

template <class L>
void cbc_decrypt(const AesKeyState* s, const uint8_t* in, uint8_t* out,
                 size_t blocks, uint8_t iv[16]) {
  constexpr size_t kB = L::kBatchBlocks;
  uint8_t prev[16], ct[16 * kB], pt[16 * kB];
  std::memcpy(prev, iv, 16);
  while (blocks > 0) {
    const size_t n = blocks < kB ? blocks : kB;
    // Keep the ciphertext before `out` (possibly == `in`) is written.
    std::memcpy(ct, in, 16 * n);
    typename L::Word q[8];
    L::load_batch(q, ct, n);
    decrypt_batch<L>(s, q);
    L::store_batch(q, pt, n);
    cbc_chain(pt, ct, n, prev, out);
    in += 16 * n;
    out += 16 * n;
    blocks -= n;
  }
  std::memcpy(iv, prev, 16);
  secure_zero(pt, sizeof(pt));
}

}  // namespace ctcrypto::internal::fixsliced

#endif  // CTCRYPTO_CRYPTO_AES_FIXSLICED_ROUNDS_H_
