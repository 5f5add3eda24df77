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
// Stitched GCM. gcm_seal_bulk/gcm_open_bulk run 16 blocks of AES (4 ZMM) and
// a 16-block aggregated VPCLMULQDQ GHASH (crypto/ghash/
// ghash_vpclmul_x86_64.cc, key powers x*H^16..x*H^1) in one loop body: seal
// hashes the previous 16 ciphertext blocks while encrypting the next 16;
// open hashes the 16 blocks it decrypts. Pairs with the vpclmul GHASH row.
//
// Key schedule, single blocks and CBC are the AES-NI row's functions (CBC
// encryption is serial; the 8-way AES-NI CBC decryption is kept).
//
// Constant time. VAES/VPCLMULQDQ are data-independent in timing; branches,
// masks and indices depend only on lengths, block counts and round numbers.
#include "crypto/aes/aes_backend.h"
#include "crypto/aes/aesni_internal.h"
#include "crypto/cpu/cpu.h"

namespace ctcrypto::internal {

extern const GhashBackend kGhashVpclmul;

namespace x86hw {

namespace {

inline __m512i bcast_key(const __m128i* rk, int r) {
  return bcast128(_mm_load_si128(rk + r));
}

// ctr_base: the byte-reversed counter in all four lanes, lane i + offset i.
inline __m512i ctr_base(const uint8_t counter[16]) {
  __m512i c = bcast128(bswap128(loadu(counter)));
  return _mm512_add_epi32(
      c, _mm512_set_epi32(0, 0, 0, 3, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 0));
}

inline __m512i lane_step(int n) {
  return _mm512_set_epi32(0, 0, 0, n, 0, 0, 0, n, 0, 0, 0, n, 0, 0, 0, n);
}

// ctr_z: NZ ZMM chains (4 * NZ blocks) from reversed counters c. The last
// chain moves only the qwords in `last` (whole blocks).
template <int NZ>
inline __attribute__((always_inline)) void ctr_z(const __m128i* rk, int nr,
                                                 __m512i c, const uint8_t* in,
                                                 uint8_t* out, __mmask8 last) {
  __m512i b[NZ];
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

// gcm_iter: one stitched iteration of NZ ZMM chains (4 * NZ blocks; NZ is
// 4 or 8): CTR from in to out, and the 4 * NZ blocks at `hash` folded into
// x, 16 at a time (one reduction per 16, with x H^16 off the data path; see
// acc512_finish). Eight chains keep enough independent VAESENCs in flight
// to cover the instruction's latency; the GHASH multiplies ride along with
// the first rounds. For open, hash == in and every hashed block is loaded
// before any store; for seal, hash is the previous iteration's output.
template <int NR, int NZ>
inline __attribute__((always_inline)) void gcm_iter(const __m128i* rk,
                                                    const ClmulKey* hk,
                                                    __m512i c,
                                                    const uint8_t* in,
                                                    uint8_t* out,
                                                    const uint8_t* hash,
                                                    __m128i* x) {
  static_assert(NZ % 4 == 0 && NZ < NR);
  const __m512i* kh = reinterpret_cast<const __m512i*>(hk->h);
  const __m512i* kk = reinterpret_cast<const __m512i*>(hk->hk);
  __m512i b[NZ];
  const __m512i k0 = bcast_key(rk, 0);
#pragma GCC unroll 8
  for (int i = 0; i < NZ; ++i)
    b[i] = _mm512_xor_si512(
        bswap512(_mm512_add_epi32(c, lane_step(4 * i))), k0);
  Acc512 a{_mm512_setzero_si512(), _mm512_setzero_si512(),
           _mm512_setzero_si512()};
#pragma GCC unroll 14
  for (int r = 1; r < NR; ++r) {
    const __m512i k = bcast_key(rk, r);
#pragma GCC unroll 8
    for (int i = 0; i < NZ; ++i) b[i] = _mm512_aesenc_epi128(b[i], k);
    if (r <= NZ) {
      // GHASH vector j (blocks 4j..4j+3) rides along with AES round r.
      const int j = r - 1;
      __m512i d = bswap512(load512(hash + 64 * j));
      acc512_mul(a, d, _mm512_load_si512(kh + j % 4),
                 _mm512_load_si512(kk + j % 4));
      if (j % 4 == 3) {
        *x = acc512_finish(a, hk, *x);
        a = Acc512{_mm512_setzero_si512(), _mm512_setzero_si512(),
                   _mm512_setzero_si512()};
      }
    }
  }
  const __m512i kl = bcast_key(rk, NR);
#pragma GCC unroll 8
  for (int i = 0; i < NZ; ++i) {
    b[i] = _mm512_aesenclast_epi128(b[i], kl);
    _mm512_storeu_si512(out + 64 * i,
                        _mm512_xor_si512(b[i], load512(in + 64 * i)));
  }
}

// Bulk: 32-block stitched iterations, then at most one of 16 blocks.
template <int NR>
size_t gcm_seal_nr(const AesKeyState* s, const GhashKeyState* g,
                   const uint8_t* in, uint8_t* out, size_t len, uint8_t ctr[16],
                   uint8_t xi[16]) {
  const size_t n32 = len / 512;
  const bool rest16 = (len % 512) >= 256;
  const __m128i* rk = enc_keys(s);
  const ClmulKey* hk = clmul_key(g);
  __m512i c = ctr_base(ctr);
  __m128i x = bswap128(loadu(xi));
  if (n32) {
    // Software pipeline: encrypt chunk 0, then encrypt chunk i while
    // hashing chunk i - 1, then hash the last chunk.
    ctr_z<8>(rk, NR, c, in, out, 0xff);
    c = _mm512_add_epi32(c, lane_step(32));
    for (size_t i = 1; i < n32; ++i) {
      gcm_iter<NR, 8>(rk, hk, c, in + 512 * i, out + 512 * i,
                      out + 512 * (i - 1), &x);
      c = _mm512_add_epi32(c, lane_step(32));
    }
    const uint8_t* last = out + 512 * (n32 - 1);
    if (rest16) {
      // The last 16 blocks encrypt while the previous chunk's first half
      // is hashed; the remaining 32 blocks are hashed after.
      gcm_iter<NR, 4>(rk, hk, c, in + 512 * n32, out + 512 * n32, last, &x);
      c = _mm512_add_epi32(c, lane_step(16));
      x = ghash16(hk, x, last + 256);
      x = ghash16(hk, x, last + 512);
    } else {
      x = ghash16(hk, x, last);
      x = ghash16(hk, x, last + 256);
    }
  } else if (rest16) {
    ctr_z<4>(rk, NR, c, in, out, 0xff);
    c = _mm512_add_epi32(c, lane_step(16));
    x = ghash16(hk, x, out);
  }
  storeu(ctr, bswap128(lo128(c)));
  storeu(xi, bswap128(x));
  return n32 * 512 + (rest16 ? 256 : 0);
}

template <int NR>
size_t gcm_open_nr(const AesKeyState* s, const GhashKeyState* g,
                   const uint8_t* in, uint8_t* out, size_t len, uint8_t ctr[16],
                   uint8_t xi[16]) {
  const size_t n32 = len / 512;
  const bool rest16 = (len % 512) >= 256;
  const __m128i* rk = enc_keys(s);
  const ClmulKey* hk = clmul_key(g);
  __m512i c = ctr_base(ctr);
  __m128i x = bswap128(loadu(xi));
  for (size_t i = 0; i < n32; ++i) {
    gcm_iter<NR, 8>(rk, hk, c, in + 512 * i, out + 512 * i, in + 512 * i, &x);
    c = _mm512_add_epi32(c, lane_step(32));
  }
  if (rest16) {
    gcm_iter<NR, 4>(rk, hk, c, in + 512 * n32, out + 512 * n32,
                    in + 512 * n32, &x);
    c = _mm512_add_epi32(c, lane_step(16));
  }
  storeu(ctr, bswap128(lo128(c)));
  storeu(xi, bswap128(x));
  return n32 * 512 + (rest16 ? 256 : 0);
}

size_t vaes_gcm_seal_bulk(const AesKeyState* s, const GhashKeyState* g,
                          const uint8_t* in, uint8_t* out, size_t len,
                          uint8_t ctr[16], uint8_t xi[16]) {
  if (len < 256) return 0;
  switch (s->rounds) {
    case 10: return gcm_seal_nr<10>(s, g, in, out, len, ctr, xi);
    case 12: return gcm_seal_nr<12>(s, g, in, out, len, ctr, xi);
    default: return gcm_seal_nr<14>(s, g, in, out, len, ctr, xi);
  }
}

size_t vaes_gcm_open_bulk(const AesKeyState* s, const GhashKeyState* g,
                          const uint8_t* in, uint8_t* out, size_t len,
                          uint8_t ctr[16], uint8_t xi[16]) {
  if (len < 256) return 0;
  switch (s->rounds) {
    case 10: return gcm_open_nr<10>(s, g, in, out, len, ctr, xi);
    case 12: return gcm_open_nr<12>(s, g, in, out, len, ctr, xi);
    default: return gcm_open_nr<14>(s, g, in, out, len, ctr, xi);
  }
}

}  // namespace

}  // namespace x86hw

const AesBackend kAesVaes = {
    "vaes",
    kCapAesni | kCapSsse3 | kCapAvx | kCapAvx2 | kCapVaes | kCapAvx512,
    x86hw::aesni_set_key,
    x86hw::aesni_encrypt_block,
    x86hw::aesni_decrypt_block,
    x86hw::vaes_ctr32,
    x86hw::aesni_cbc_encrypt,
    x86hw::aesni_cbc_decrypt,
    &kGhashVpclmul,
    x86hw::vaes_gcm_seal_bulk,
    x86hw::vaes_gcm_open_bulk,
};

}  // namespace ctcrypto::internal
