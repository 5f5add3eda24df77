// aes_vaes_x86_64.cc: AES with VAES on 512-bit vectors (row "vaes").
//
// Technique. VAES (VEX/EVEX-encoded AESENC on YMM/ZMM) does one AES round on
// each 128-bit lane of a vector, so a ZMM register carries four blocks and
// one instruction advances all four. Round keys are the AES-NI row's
// (crypto/aes/aesni_internal.h layout, same set_key), broadcast to all four
// lanes with VBROADCASTI32X4 straight from the key as each round needs them:
// nothing is precomputed or copied per call.
//
// CTR. The counter is kept byte-reversed in every lane with lane offsets
// 0..3, so inc32 is VPADDD on the low dword of each lane (wrapping mod 2^32
// as GCM requires) and one VPSHUFB per four blocks turns it back. Bulk runs
// 32 blocks (8 ZMM chains) per iteration to cover VAESENC's latency; the
// remainder runs as 1..4 ZMM chains whose last register is loaded and stored
// under an AVX-512 mask of whole blocks (the mask depends only on the block
// count, which is public). Calls of 1..4 blocks - GCM's tag mask and first
// blocks - go to the AES-NI row's ctr32: separate 128-bit chains finish
// sooner than one ZMM chain with masked loads and stores (measured).
//
// ECB (for XTS): as CTR, 32 blocks per iteration, masked last chain, 1..4
// blocks on the AES-NI row.
//
// Key schedule, single blocks and CBC encryption (serial) are the AES-NI
// row's functions; CBC decryption runs 32 or 16 blocks as ZMM chains of
// AESDEC (cbc_dec_z) and hands fewer than 16 to the AES-NI row.
//
// Constant time. VAES/VPCLMULQDQ are data-independent in timing; branches,
// masks and indices depend only on lengths, block counts and round numbers.
#include <cstring>

#include "crypto/aes/aes_row.h"
#include "crypto/aes/aesni_internal.h"
#include "crypto/cpu/cpu.h"
#include "crypto/aes/vaes_internal.h"
#include "crypto/internal.h"

// Without GCC's post-RA scheduler, as the GCM kernel over this row
// (crypto/modes/gcm_vaes_x86_64.cc, which says why): the CTR, ECB and CBC
// loops here were measured and tuned built this way. (clang has no per-file
// optimisation pragma and schedules differently.)
#if !defined(__clang__)
#pragma GCC optimize("no-schedule-insns2")
#endif
namespace ctcrypto::internal {

namespace x86hw {

namespace {

// ctr_z: NZ ZMM chains (4 * NZ blocks) from reversed counters c. The last
// chain moves only the qwords in `last` (whole blocks).
template <int NZ>
inline __attribute__((always_inline)) void ctr_z(const __m128i* rk, int nr,
                                                 __m512i c, const uint8_t* in,
                                                 uint8_t* out, __mmask8 last) {
  // size_t bound: gcc 12's -Wsign-conversion reports an int template parameter
  // used as an array bound.
  __m512i b[static_cast<size_t>(NZ)];
  const __m512i k0 = bcast_key(rk, 0);
#pragma GCC unroll 8
  for (int i = 0; i < NZ; ++i)
    b[i] = _mm512_xor_si512(
        bswap512(_mm512_add_epi32(c, lane_step(4 * i))), k0);
  for (int r = 1; r < nr; ++r) {
    const __m512i k = bcast_key(rk, r);
#pragma GCC unroll 8
    for (int i = 0; i < NZ; ++i) b[i] = _mm512_aesenc_epi128(b[i], k);
  }
  const __m512i kl = bcast_key(rk, nr);
#pragma GCC unroll 8
  for (int i = 0; i < NZ; ++i) {
    b[i] = _mm512_aesenclast_epi128(b[i], kl);
    if (i < NZ - 1) {
      _mm512_storeu_si512(out + 64 * i,
                          _mm512_xor_si512(b[i], load512(in + 64 * i)));
    } else {
      __m512i d = _mm512_maskz_loadu_epi64(last, in + 64 * i);
      _mm512_mask_storeu_epi64(out + 64 * i, last, _mm512_xor_si512(b[i], d));
    }
  }
}

void vaes_ctr32(const AesKeyState* s, const uint8_t* in, uint8_t* out,
                size_t blocks, const uint8_t counter[16]) {
  // 1..4 blocks (GCM's tag mask and short messages): 128-bit AES-NI chains
  // have lower latency than one ZMM chain with masked memory operations.
  if (blocks <= 4) return aesni_ctr32(s, in, out, blocks, counter);
  const __m128i* rk = enc_keys(s);
  const int nr = static_cast<int>(s->rounds);
  __m512i c = ctr_base(counter);
  while (blocks >= 32) {
    ctr_z<8>(rk, nr, c, in, out, 0xff);
    c = _mm512_add_epi32(c, lane_step(32));
    in += 512;
    out += 512;
    blocks -= 32;
  }
  if (blocks >= 16) {
    ctr_z<4>(rk, nr, c, in, out, 0xff);
    c = _mm512_add_epi32(c, lane_step(16));
    in += 256;
    out += 256;
    blocks -= 16;
  }
  if (blocks == 0) return;
  const size_t nz = (blocks + 3) / 4;
  const size_t tail = blocks - 4 * (nz - 1);  // 1..4 blocks in the last
  const __mmask8 m = static_cast<__mmask8>((1u << (2 * tail)) - 1);
  switch (nz) {
    case 1: ctr_z<1>(rk, nr, c, in, out, m); break;
    case 2: ctr_z<2>(rk, nr, c, in, out, m); break;
    case 3: ctr_z<3>(rk, nr, c, in, out, m); break;
    default: ctr_z<4>(rk, nr, c, in, out, m); break;
  }
}

// cbc_dec_z: CBC decryption of 4 * NZ blocks as NZ ZMM chains of AESDEC
// (decryption is parallel; only encryption is serial). Every ciphertext
// vector is read, and the next chaining value saved, before any store, so
// in place works. The previous-block vector of the first chain is the
// chaining value and the first three blocks (VALIGNQ); the others are plain
// loads 16 bytes back.
template <int NZ>
inline __attribute__((always_inline)) void cbc_dec_z(const __m128i* dk, int nr,
                                                     __m128i* iv,
                                                     const uint8_t* in,
                                                     uint8_t* out) {
  __m512i b[static_cast<size_t>(NZ)], p[static_cast<size_t>(NZ)];
  const __m512i k0 = bcast_key(dk, 0);
#pragma GCC unroll 8
  for (int i = 0; i < NZ; ++i) {
    const __m512i c = load512(in + 64 * i);
    p[i] = i == 0 ? _mm512_maskz_alignr_epi64(0xff, c, bcast128(*iv), 6)
                  : load512(in + 64 * i - 16);
    b[i] = _mm512_xor_si512(c, k0);
  }
  *iv = loadu(in + 64 * NZ - 16);
  for (int r = 1; r < nr; ++r) {
    const __m512i k = bcast_key(dk, r);
#pragma GCC unroll 8
    for (int i = 0; i < NZ; ++i) b[i] = _mm512_aesdec_epi128(b[i], k);
  }
  const __m512i kl = bcast_key(dk, nr);
#pragma GCC unroll 8
  for (int i = 0; i < NZ; ++i)
    _mm512_storeu_si512(out + 64 * i,
                        _mm512_xor_si512(_mm512_aesdeclast_epi128(b[i], kl),
                                         p[i]));
}

// vaes_cbc_decrypt: 32 blocks at a time, then 16; fewer than 16 go to the
// AES-NI row's 8-way code (latency-bound there anyway).
void vaes_cbc_decrypt(const AesKeyState* s, const uint8_t* in, uint8_t* out,
                      size_t blocks, uint8_t iv[16]) {
  if (blocks < 16) return aesni_cbc_decrypt(s, in, out, blocks, iv);
  const __m128i* dk = dec_keys(s);
  const int nr = static_cast<int>(s->rounds);
  __m128i v = loadu(iv);
  while (blocks >= 32) {
    cbc_dec_z<8>(dk, nr, &v, in, out);
    in += 512;
    out += 512;
    blocks -= 32;
  }
  if (blocks >= 16) {
    cbc_dec_z<4>(dk, nr, &v, in, out);
    in += 256;
    out += 256;
    blocks -= 16;
  }
  storeu(iv, v);
  if (blocks) aesni_cbc_decrypt(s, in, out, blocks, iv);
}

// ecb_z: 4 * NZ independent blocks (ECB) as NZ ZMM chains; the last chain
// loads and stores only the qwords in `last` (whole blocks). All loads come
// before the first store (in place).
template <int NZ, bool kDec>
inline __attribute__((always_inline)) void ecb_z(const __m128i* rk, int nr,
                                                 const uint8_t* in,
                                                 uint8_t* out, __mmask8 last) {
  __m512i b[static_cast<size_t>(NZ)];
  const __m512i k0 = bcast_key(rk, 0);
#pragma GCC unroll 8
  for (int i = 0; i < NZ; ++i) {
    const __m512i x = i < NZ - 1 ? load512(in + 64 * i)
                                 : _mm512_maskz_loadu_epi64(last, in + 64 * i);
    b[i] = _mm512_xor_si512(x, k0);
  }
  for (int r = 1; r < nr; ++r) {
    const __m512i k = bcast_key(rk, r);
#pragma GCC unroll 8
    for (int i = 0; i < NZ; ++i)
      b[i] = kDec ? _mm512_aesdec_epi128(b[i], k) : _mm512_aesenc_epi128(b[i], k);
  }
  const __m512i kl = bcast_key(rk, nr);
#pragma GCC unroll 8
  for (int i = 0; i < NZ; ++i) {
    b[i] = kDec ? _mm512_aesdeclast_epi128(b[i], kl)
                : _mm512_aesenclast_epi128(b[i], kl);
    if (i < NZ - 1) {
      _mm512_storeu_si512(out + 64 * i, b[i]);
    } else {
      _mm512_mask_storeu_epi64(out + 64 * i, last, b[i]);
    }
  }
}

// vaes_ecb: 32 blocks (8 ZMM chains) per iteration, then 16, then 1..4
// chains with a masked last one; 1..4 blocks in all go to the AES-NI row
// (as for ctr32: plain XMM chains beat one masked ZMM chain there).
template <bool kDec>
void vaes_ecb(const AesKeyState* s, const uint8_t* in, uint8_t* out,
              size_t blocks) {
  if (blocks <= 4) {
    return kDec ? aesni_ecb_decrypt(s, in, out, blocks)
                : aesni_ecb_encrypt(s, in, out, blocks);
  }
  const __m128i* rk = kDec ? dec_keys(s) : enc_keys(s);
  const int nr = static_cast<int>(s->rounds);
  for (; blocks >= 32; blocks -= 32, in += 512, out += 512)
    ecb_z<8, kDec>(rk, nr, in, out, 0xff);
  if (blocks >= 16) {
    ecb_z<4, kDec>(rk, nr, in, out, 0xff);
    in += 256;
    out += 256;
    blocks -= 16;
  }
  if (blocks == 0) return;
  const size_t nz = (blocks + 3) / 4;
  const size_t tail = blocks - 4 * (nz - 1);  // 1..4 blocks in the last
  const __mmask8 m = static_cast<__mmask8>((1u << (2 * tail)) - 1);
  switch (nz) {
    case 1: ecb_z<1, kDec>(rk, nr, in, out, m); break;
    case 2: ecb_z<2, kDec>(rk, nr, in, out, m); break;
    case 3: ecb_z<3, kDec>(rk, nr, in, out, m); break;
    default: ecb_z<4, kDec>(rk, nr, in, out, m); break;
  }
}

}  // namespace

}  // namespace x86hw

const AesRow kAesVaes = {
    .name = "vaes",
    .required_caps = kCapAesni | kCapSsse3 | kCapAvx | kCapAvx2 | kCapVaes | kCapAvx512,
    .set_key = x86hw::aesni_set_key,
    .encrypt_block = x86hw::aesni_encrypt_block,
    .ctr32 = x86hw::vaes_ctr32,
    .cbc_encrypt = x86hw::aesni_cbc_encrypt,
    .ecb_encrypt = x86hw::vaes_ecb<false>,
    .set_encrypt_key = x86hw::aesni_set_encrypt_key,
};

const AesDecryptRow kAesVaesDecrypt = {
    .row = &kAesVaes,
    .decrypt_block = x86hw::aesni_decrypt_block,
    .cbc_decrypt = x86hw::vaes_cbc_decrypt,
    .ecb_decrypt = x86hw::vaes_ecb<true>,
};

}  // namespace ctcrypto::internal
