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
// Stitched GCM. gcm_seal_bulk/gcm_open_bulk run 32 blocks of AES (8 ZMM
// chains) and a 32-block aggregated VPCLMULQDQ GHASH (the vpclmul row's
// key and arithmetic, crypto/ghash/ghash_clmul_core.h: VpclmulKey,
// x*H^32..x*H^1, one per-lane
// reduction per 32 blocks, Xi folded into the first block) in one loop body:
// seal hashes the previous 32 ciphertext blocks while encrypting the next
// 32; open hashes the 32 blocks it decrypts. One GHASH vector (three
// VPCLMULQDQs) is written after each AES round and the reduction after the
// eighth: on the target (AMD Zen 5) VAESENC issues twice per cycle and
// VPCLMULQDQ once per two cycles on a separate unit, so the carry-less
// multiplies set the pace and are spread over the rounds; the round keys
// are broadcast once per call (a VBROADCASTI32X4 from memory takes the
// VAESENC pipes). A last 16 blocks run as 4 chains. Counter blocks: when the
// public counter's low byte cannot carry within an iteration, the additions
// go to the big-endian block directly (one VPSHUFB per iteration instead of
// one per four blocks; see ctr_blocks). Pairs with the vpclmul GHASH row.
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
#include "crypto/aes/aes_backend.h"
#include "crypto/aes/aesni_internal.h"
#include "crypto/cpu/cpu.h"
#include "crypto/ghash/ghash_clmul_core.h"
#include "crypto/internal.h"

// Keep the source order of the stitched loops: GCC's post-RA scheduler
// otherwise gathers all GHASH work of an iteration ahead of the AES rounds,
// and the carry-less multiplier (one issue per two cycles on the target, the
// loop's bottleneck) then idles while the AES rounds drain (measured 2-3%
// slower). The order written below spreads the multiplies over the rounds.
// (clang has no per-file optimisation pragma and schedules differently.)
#if !defined(__clang__)
#pragma GCC optimize("no-schedule-insns2")
#endif
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
  __m512i b[NZ], p[NZ];
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
  __m512i b[NZ];
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

// Counter blocks for one iteration of NZ chains. The general form adds to
// the byte-reversed counter and byte swaps every vector back (one VPSHUFB
// per four blocks, on the same pipes as VAESENC on the target). When the
// low byte of the public counter cannot carry within the iteration, the
// additions go straight to the big-endian form instead: adding n << 24 to
// the last dword of a lane adds n to byte 15, so one VPSHUFB serves all NZ
// vectors. `fast` must not depend on a secret counter (see no_carry).
template <int NZ>
inline __attribute__((always_inline)) void ctr_blocks(__m512i c, bool fast,
                                                      __m512i k0,
                                                      __m512i* b) {
  if (fast) {
    const __m512i base = bswap512(c);
#pragma GCC unroll 8
    for (int i = 0; i < NZ; ++i)
      b[i] = _mm512_xor_si512(
          _mm512_add_epi32(base, _mm512_set_epi32(
                                     (4 * i) << 24, 0, 0, 0, (4 * i) << 24,
                                     0, 0, 0, (4 * i) << 24, 0, 0, 0,
                                     (4 * i) << 24, 0, 0, 0)),
          k0);
  } else {
#pragma GCC unroll 8
    for (int i = 0; i < NZ; ++i)
      b[i] = _mm512_xor_si512(
          bswap512(_mm512_add_epi32(c, lane_step(4 * i))), k0);
  }
}

// no_carry: whether the big-endian fast form of ctr_blocks may be used for
// the next n blocks from counter value v. Always false: the counter is not
// public in general. For a nonce other than 96 bits GCM starts from
// J0 = GHASH_H(IV), a function of the key, and testing whether its low byte
// carries within the iteration is a branch on secret data (reported by the
// ctmsan suite). Choosing the fast form needs the caller's word that the
// counter is public (a 96-bit nonce); until the backend interface carries
// it, every iteration takes the general form.
inline bool no_carry(uint32_t /*v*/, int /*n*/) { return false; }

// gcm_iter: one stitched iteration of NZ ZMM chains (4 * NZ blocks of CTR
// from in to out) and NH vectors (4 * NH blocks) at `hash` folded into x
// with one reduction (key vectors kv.., see ghash_vecs). The GHASH vectors
// ride along with the first AES rounds, the one carrying x last, and the
// reduction with the rounds after them: eight chains keep enough
// independent VAESENCs in flight to cover the instruction's latency, while
// the carry-less multiplies run on their own unit. For open, hash == in and
// every hashed block is loaded before any store; for seal, hash is the
// previous iteration's output.
template <int NR, int NZ, int NH>
inline __attribute__((always_inline)) void gcm_iter(
    const __m512i* rkz, const VpclmulKey* hk, int kv, __m512i c, bool fast,
    const uint8_t* in, uint8_t* out, const uint8_t* hash, __m512i* x) {
  static_assert(NH % 2 == 0 && NH + 1 < NR);
  const __m512i* kh = reinterpret_cast<const __m512i*>(hk->h) + kv;
  const __m512i* kk = reinterpret_cast<const __m512i*>(hk->hk) + kv;
  __m512i b[NZ];
  ctr_blocks<NZ>(c, fast, rkz[0], b);
  GhAcc a{_mm512_setzero_si512(), _mm512_setzero_si512(),
          _mm512_setzero_si512()};
  GhAcc p = a;
#pragma GCC unroll 14
  for (int r = 1; r < NR; ++r) {
#pragma GCC unroll 8
    for (int i = 0; i < NZ; ++i) b[i] = _mm512_aesenc_epi128(b[i], rkz[r]);
    if (NH > 0 && r <= NH) {
      // One GHASH vector per round (three multiplies, about the rate the
      // carry-less unit sustains next to eight VAESENCs), from the last
      // vector down to the one that carries x; products are summed two
      // vectors at a time with VPTERNLOGQ.
      const int j = NH - r;
      const __m512i d = load_hash(hash + 64 * j, j == 0, *x);
      const __m512i h = _mm512_load_si512(kh + j);
      const __m512i hx = _mm512_load_si512(kk + j);
      const __m512i ds = _mm512_xor_si512(d, swap64(d));
      const __m512i lo = _mm512_clmulepi64_epi128(d, h, 0x00);
      const __m512i hi = _mm512_clmulepi64_epi128(d, h, 0x11);
      const __m512i mi = _mm512_clmulepi64_epi128(ds, hx, 0x00);
      if (r % 2 == 1) {
        p = GhAcc{lo, hi, mi};
      } else if (r == 2) {
        a = GhAcc{_mm512_xor_si512(p.lo, lo), _mm512_xor_si512(p.hi, hi),
                  _mm512_xor_si512(p.mid, mi)};
      } else {
        a = GhAcc{xor3_512(a.lo, p.lo, lo), xor3_512(a.hi, p.hi, hi),
                  xor3_512(a.mid, p.mid, mi)};
      }
    }
    if (NH > 0 && r == NH + 1) *x = fold_all(reduce512(a.lo, a.hi, a.mid));
  }
#pragma GCC unroll 8
  for (int i = 0; i < NZ; ++i) {
    b[i] = _mm512_aesenclast_epi128(b[i], rkz[NR]);
    _mm512_storeu_si512(out + 64 * i,
                        _mm512_xor_si512(b[i], load512(in + 64 * i)));
  }
}

// bcast_keys: the NR + 1 round keys broadcast to all lanes once per call
// (a VBROADCASTI32X4 from memory uses the same pipes as VAESENC on the
// target; held in registers or re-read as plain 64-byte loads they do not).
template <int NR>
inline __attribute__((always_inline)) void bcast_keys(const AesKeyState* s,
                                                      __m512i* rkz) {
  const __m128i* rk = enc_keys(s);
#pragma GCC unroll 15
  for (int r = 0; r <= NR; ++r) rkz[r] = bcast_key(rk, r);
}

// Bulk: 32-block stitched iterations, then at most one of 16 blocks. ctr
// and cv advance together: c is the byte-reversed counter vector, cv the
// public 32-bit counter value of its first lane.
template <int NR>
size_t gcm_seal_nr(const AesKeyState* s, const GhashKeyState* g,
                   const uint8_t* in, uint8_t* out, size_t len, uint8_t ctr[16],
                   uint8_t xi[16]) {
  const size_t n32 = len / 512;
  const bool rest16 = (len % 512) >= 256;
  __m512i rk[NR + 1];
  bcast_keys<NR>(s, rk);
  const VpclmulKey* hk = vpclmul_key(g);
  __m512i c = ctr_base(ctr);
  uint32_t cv = load_be32(ctr + 12);
  __m512i x = bcast128(bswap128(loadu(xi)));
  if (n32) {
    // Software pipeline: encrypt chunk 0, then encrypt chunk i while
    // hashing chunk i - 1, then hash the last chunk.
    gcm_iter<NR, 8, 0>(rk, hk, 0, c, no_carry(cv, 32), in, out, nullptr, &x);
    c = _mm512_add_epi32(c, lane_step(32));
    cv += 32;
    for (size_t i = 1; i < n32; ++i) {
      gcm_iter<NR, 8, 8>(rk, hk, 0, c, no_carry(cv, 32), in + 512 * i,
                         out + 512 * i, out + 512 * (i - 1), &x);
      c = _mm512_add_epi32(c, lane_step(32));
      cv += 32;
    }
    const uint8_t* last = out + 512 * (n32 - 1);
    if (rest16) {
      // The last 16 blocks encrypt while the previous chunk is hashed.
      gcm_iter<NR, 4, 8>(rk, hk, 0, c, no_carry(cv, 16), in + 512 * n32,
                         out + 512 * n32, last, &x);
      c = _mm512_add_epi32(c, lane_step(16));
      x = ghash_vecs<4>(hk, 4, last + 512, x);
    } else {
      x = ghash_vecs<8>(hk, 0, last, x);
    }
  } else if (rest16) {
    gcm_iter<NR, 4, 0>(rk, hk, 0, c, no_carry(cv, 16), in, out, nullptr, &x);
    c = _mm512_add_epi32(c, lane_step(16));
    x = ghash_vecs<4>(hk, 4, out, x);
  }
  storeu(ctr, bswap128(lo128(c)));
  storeu(xi, bswap128(lo128(x)));
  return n32 * 512 + (rest16 ? 256 : 0);
}

template <int NR>
size_t gcm_open_nr(const AesKeyState* s, const GhashKeyState* g,
                   const uint8_t* in, uint8_t* out, size_t len, uint8_t ctr[16],
                   uint8_t xi[16]) {
  const size_t n32 = len / 512;
  const bool rest16 = (len % 512) >= 256;
  __m512i rk[NR + 1];
  bcast_keys<NR>(s, rk);
  const VpclmulKey* hk = vpclmul_key(g);
  __m512i c = ctr_base(ctr);
  uint32_t cv = load_be32(ctr + 12);
  __m512i x = bcast128(bswap128(loadu(xi)));
  for (size_t i = 0; i < n32; ++i) {
    gcm_iter<NR, 8, 8>(rk, hk, 0, c, no_carry(cv, 32), in + 512 * i,
                       out + 512 * i, in + 512 * i, &x);
    c = _mm512_add_epi32(c, lane_step(32));
    cv += 32;
  }
  if (rest16) {
    gcm_iter<NR, 4, 4>(rk, hk, 4, c, no_carry(cv, 16), in + 512 * n32,
                       out + 512 * n32, in + 512 * n32, &x);
    c = _mm512_add_epi32(c, lane_step(16));
  }
  storeu(ctr, bswap128(lo128(c)));
  storeu(xi, bswap128(lo128(x)));
  return n32 * 512 + (rest16 ? 256 : 0);
}

constexpr size_t kVaesGcmFrameBytes = 3072;

size_t vaes_gcm_seal_bulk(const AesKeyState* s, const GhashKeyState* g,
                          const uint8_t* in, uint8_t* out, size_t len,
                          uint8_t ctr[16], uint8_t xi[16]) {
  if (len < 256) return 0;
  size_t done;
  switch (s->rounds) {
    case 10: done = gcm_seal_nr<10>(s, g, in, out, len, ctr, xi); break;
    case 12: done = gcm_seal_nr<12>(s, g, in, out, len, ctr, xi); break;
    default: done = gcm_seal_nr<14>(s, g, in, out, len, ctr, xi); break;
  }
  // The loop's frame (under 3 KiB, sanitizer builds included) holds the
  // broadcast round keys and the compiler's ZMM spills of them: wiped once
  // per call.
  scrub_stack<kVaesGcmFrameBytes>();
  return done;
}

size_t vaes_gcm_open_bulk(const AesKeyState* s, const GhashKeyState* g,
                          const uint8_t* in, uint8_t* out, size_t len,
                          uint8_t ctr[16], uint8_t xi[16]) {
  if (len < 256) return 0;
  size_t done;
  switch (s->rounds) {
    case 10: done = gcm_open_nr<10>(s, g, in, out, len, ctr, xi); break;
    case 12: done = gcm_open_nr<12>(s, g, in, out, len, ctr, xi); break;
    default: done = gcm_open_nr<14>(s, g, in, out, len, ctr, xi); break;
  }
  // The loop's frame (under 3 KiB, sanitizer builds included) holds the
  // broadcast round keys and the compiler's ZMM spills of them: wiped once
  // per call.
  scrub_stack<kVaesGcmFrameBytes>();
  return done;
}

}  // namespace

}  // namespace x86hw

const AesBackend kAesVaes = {
    .name = "vaes",
    .required_caps = kCapAesni | kCapSsse3 | kCapAvx | kCapAvx2 | kCapVaes | kCapAvx512,
    .set_key = x86hw::aesni_set_key,
    .encrypt_block = x86hw::aesni_encrypt_block,
    .ctr32 = x86hw::vaes_ctr32,
    .cbc_encrypt = x86hw::aesni_cbc_encrypt,
    .gcm_ghash = &kGhashVpclmul,
    .gcm_seal_bulk = x86hw::vaes_gcm_seal_bulk,
    .gcm_open_bulk = x86hw::vaes_gcm_open_bulk,
    .ecb_encrypt = x86hw::vaes_ecb<false>,
    .ccm_seal_bulk = x86hw::aesni_ccm_seal_bulk,
    .ccm_open_bulk = x86hw::aesni_ccm_open_bulk,
    .set_encrypt_key = x86hw::aesni_set_encrypt_key,
};

const AesDecryptRow kAesVaesDecrypt = {
    .row = &kAesVaes,
    .decrypt_block = x86hw::aesni_decrypt_block,
    .cbc_decrypt = x86hw::vaes_cbc_decrypt,
    .ecb_decrypt = x86hw::vaes_ecb<true>,
};

}  // namespace ctcrypto::internal
