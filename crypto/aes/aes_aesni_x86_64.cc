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
// PSHUFB turns it back into a block.
//
// Stitched GCM. gcm_seal_bulk/gcm_open_bulk run 8 AES blocks and an 8-block
// aggregated GHASH (the clmul row's key and arithmetic, ghash_clmul_core.h)
// in the same loop body, so the AES and PCLMULQDQ units work in parallel:
// seal hashes the previous 8 ciphertext blocks while encrypting the next 8;
// open hashes the 8 ciphertext blocks it is decrypting. From 16
// iterations on (kMemIterations), their counter blocks, round key 0
// included, are written by integer code into a small stack buffer one
// iteration ahead and loaded from there (CtrBlocks; the buffer is zeroed
// afterwards), which takes a PADDD, a PSHUFB and a PXOR per block off the
// vector ports: measured on Golden Cove (Emerald Rapids), TSC cycles per
// 16 KiB seal, AES-128 6800 -> 6340, AES-256 7890 -> 7470 (open 6780 ->
// 6190, 7830 -> 7300); shorter calls are unchanged. The row takes GCM
// messages of 49 bytes and more from their first byte
// (gcm_bulk_from_start_bytes; the tag mask is then one encrypt_block), and
// the end of a message, up to 2047 bytes (all of a message of 49..2047
// bytes; the 70 bytes a 2118-byte message leaves after the bulk), goes to
// the row's last pass (gcm_seal_last / gcm_open_last): whole 8-block
// stitched iterations as above, then a final batch of 1..8 blocks whose
// last block may be partial (through a 16-byte stack buffer, hashed under
// a byte mask) and whose GHASH group includes GCM's length block, one
// reduction; seal hashes the previous batch during the final batch's AES
// rounds. The mode's head, final ctr32 call, staging copies and GHASH call
// go away (TSC cycles per AES-128 call on Golden Cove, seal / open: 64
// bytes 185 / 205 -> 163 / 146, 256 bytes 312 / 251 -> 234 / 233, 1350
// bytes 752 / 717 -> 687 / 679, 16 KiB within 1%; AES-256 256 bytes
// 346 / 278 -> 267 / 254).
//
// Constant time. The AES instructions are data-independent in timing (no
// tables); all branches and indices depend only on lengths, block counts and
// round numbers, which are public (the last pass's byte mask is read at an
// offset given by the length). The last pass's stack copies of the partial
// block (plaintext and keystream-masked output) are zeroed after use.
#include <cstring>

#include "crypto/aes/aes_row.h"
#include "crypto/aes/aesni_internal.h"
#include "crypto/cpu/cpu.h"
#include "crypto/ct.h"
#include "crypto/ghash/ghash_clmul_core.h"
#include "crypto/internal.h"

namespace ctcrypto::internal {

extern const GhashRow kGhashClmul;

namespace x86hw {

namespace {

uint32_t sub_word(uint32_t w) {
  __m128i x = _mm_shuffle_epi32(_mm_cvtsi32_si128(static_cast<int>(w)), 0);
  x = ct_unmodelled(x, [](__m128i v) { return _mm_aeskeygenassist_si128(v, 0); });
  return static_cast<uint32_t>(_mm_cvtsi128_si32(x));
}

inline __m128i add_ctr(__m128i c, int i) {
  return _mm_add_epi32(c, _mm_set_epi32(0, 0, 0, i));
}

// ctr_n: N blocks of CTR from byte-reversed counter c.
template <int N>
inline __attribute__((always_inline)) void ctr_n(const __m128i* rk, int nr,
                                                 __m128i c, const uint8_t* in,
                                                 uint8_t* out) {
  __m128i b[N];
  const __m128i k0 = _mm_load_si128(rk);
#pragma GCC unroll 8
  for (int i = 0; i < N; ++i) b[i] = _mm_xor_si128(bswap128(add_ctr(c, i)), k0);
  for (int r = 1; r < nr; ++r) {
    const __m128i k = _mm_load_si128(rk + r);
#pragma GCC unroll 8
    for (int i = 0; i < N; ++i) b[i] = _mm_aesenc_si128(b[i], k);
  }
  const __m128i kl = _mm_load_si128(rk + nr);
#pragma GCC unroll 8
  for (int i = 0; i < N; ++i) {
    b[i] = _mm_aesenclast_si128(b[i], kl);
    storeu(out + 16 * i, _mm_xor_si128(b[i], loadu(in + 16 * i)));
  }
}

// cbc_dec_n: N blocks of CBC decryption; *iv is updated.
template <int N>
inline __attribute__((always_inline)) void cbc_dec_n(const __m128i* dk, int nr,
                                                     __m128i* iv,
                                                     const uint8_t* in,
                                                     uint8_t* out) {
  __m128i c[N], b[N];
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
  __m128i b[N];
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

// CtrBlocks: the 8 counter blocks of the next stitched iteration with round
// key 0 already added, in memory (for runs of at least kMemIterations).
// Only their last dword (the big-endian 32-bit counter, XOR the same dword
// of round key 0) changes from one iteration to the next; integer code
// writes it (add, byte swap, XOR, 4-byte store per block), which keeps the
// vector ports, where the AES rounds and the GHASH multiplies compete, free
// of the PADDD, PSHUFB and PXOR that building each block in a register
// costs (on Golden Cove, AESENC, PCLMULQDQ and every SSE ALU op share ports
// 0, 1 and 5, and those three ops per block were a tenth of the loop's
// vector work; Zen 4 runs integer and vector ops on separate pipes, so
// there too the integer work competes with neither AES nor GHASH; not
// measured there). The counter is not public in general (J0 of a nonce
// other than 96 bits is GHASH_H(IV)): add, byte swap, XOR and store are
// data-independent. The blocks of iteration i + 1 are written during
// iteration i, after its blocks were loaded: a 16-byte load of a block
// whose 4-byte store is still in the store buffer cannot be forwarded and
// waits for the store to commit (see kMemIterations for what that costs
// once per call).
struct alignas(16) CtrBlocks {
  __m128i v[8];
  uint32_t k0_last;  // dword 3 of round key 0
};

inline __attribute__((always_inline)) void init_ctr_blocks(CtrBlocks& cb,
                                                           const __m128i* rk,
                                                           __m128i c) {
  const __m128i k0 = _mm_load_si128(rk);
  std::memcpy(&cb.k0_last, reinterpret_cast<const uint8_t*>(rk) + 12, 4);
#pragma GCC unroll 8
  for (int i = 0; i < 8; ++i)
    _mm_store_si128(&cb.v[i], _mm_xor_si128(bswap128(add_ctr(c, i)), k0));
}

// next_ctr_blocks: cb = the 8 blocks from 32-bit counter n on.
inline __attribute__((always_inline)) void next_ctr_blocks(CtrBlocks& cb,
                                                           uint32_t n) {
#pragma GCC unroll 8
  for (uint32_t i = 0; i < 8; ++i) {
    const uint32_t w = __builtin_bswap32(n + i) ^ cb.k0_last;
    std::memcpy(reinterpret_cast<uint8_t*>(&cb.v[i]) + 12, &w, 4);
  }
}

// gcm8: one stitched iteration: 8 CTR blocks from in to out, and 8 blocks
// of `hash` folded into x. NR is the round count. The counter blocks come
// from the byte-reversed counter c (kMem false: PADDD, PSHUFB and PXOR of
// round key 0 per block), or (kMem true) from cb, which is loaded first and
// then rewritten for the next iteration from the 32-bit counter `next`
// (next_ctr_blocks). For open, hash == in and every hashed block is loaded
// before any store; for seal, hash is the previous iteration's output.
template <int NR, bool kMem>
inline __attribute__((always_inline)) void gcm8(const __m128i* rk,
                                                const ClmulKey* hk, __m128i c,
                                                CtrBlocks* cb, uint32_t next,
                                                const uint8_t* in,
                                                uint8_t* out,
                                                const uint8_t* hash,
                                                __m128i* x) {
  static_assert(kNumPowers == 8, "gcm8 hashes 8 blocks with H^8..H^1");
  __m128i b[8];
  if (kMem) {
#pragma GCC unroll 8
    for (int i = 0; i < 8; ++i) b[i] = _mm_load_si128(&cb->v[i]);
    next_ctr_blocks(*cb, next);
  } else {
    const __m128i k0 = _mm_load_si128(rk);
#pragma GCC unroll 8
    for (int i = 0; i < 8; ++i)
      b[i] = _mm_xor_si128(bswap128(add_ctr(c, i)), k0);
  }
  Acc a = acc_zero();
#pragma GCC unroll 14
  for (int r = 1; r < NR; ++r) {
    const __m128i k = _mm_load_si128(rk + r);
#pragma GCC unroll 8
    for (int i = 0; i < 8; ++i) b[i] = _mm_aesenc_si128(b[i], k);
    if (r <= 8) {
      // GHASH block r-1 rides along with AES round r.
      const int j = r - 1;
      __m128i h = bswap128(loadu(hash + 16 * j));
      if (j == 0) h = _mm_xor_si128(h, *x);
      acc_mul(a, h, _mm_load_si128(&hk->h[j]), _mm_load_si128(&hk->hk[j]));
    }
  }
  *x = acc_reduce(a);
  const __m128i kl = _mm_load_si128(rk + NR);
#pragma GCC unroll 8
  for (int i = 0; i < 8; ++i) {
    b[i] = _mm_aesenclast_si128(b[i], kl);
    storeu(out + 16 * i, _mm_xor_si128(b[i], loadu(in + 16 * i)));
  }
}

// kMemIterations: the iterations from which gcm_nr takes its counter blocks
// from memory (CtrBlocks); shorter runs keep the blocks in registers. The
// first iteration that loads blocks written with 4-byte stores waits for
// those stores to commit, which presumably means for all the work issued
// before them (the mode's head, a GHASH call) to retire: a cost once per
// call that a few iterations do not win back (measured on Golden Cove, TSC
// cycles: memory blocks from the first iteration on made a 256-byte open
// 250 -> 300 and a 1350-byte seal 756 -> 772, a 16 KiB seal 6800 -> 6350;
// from 8 iterations on, the 1350-byte seal took 775-800).
constexpr size_t kMemIterations = 16;

// gcm8_mem_loop: iterations i..n8-1 of gcm_nr with the counter blocks from
// memory; c is the byte-reversed counter of iteration i's first block (and
// is advanced), x the GHASH value (returned). Out of line, so that calls
// below kMemIterations keep gcm_nr's small frame.
template <bool kOpen, int NR>
[[gnu::noinline]] __m128i gcm8_mem_loop(const __m128i* rk, const ClmulKey* hk,
                                        __m128i* c, size_t i, size_t n8,
                                        const uint8_t* in, uint8_t* out,
                                        __m128i x) {
  // 32-bit counter of iteration i's first block, as an integer (inc32 wraps
  // mod 2^32 in uint32_t arithmetic exactly as GCM requires).
  uint32_t n = static_cast<uint32_t>(_mm_cvtsi128_si32(*c));
  const __m128i eight = _mm_set_epi32(0, 0, 0, 8);
  // The first blocks with 16-byte stores, which forward to gcm8's loads.
  CtrBlocks cb;
  init_ctr_blocks(cb, rk, *c);
  for (; i < n8; ++i) {
    const uint8_t* hash = kOpen ? in + 128 * i : out + 128 * (i - 1);
    n += 8;
    gcm8<NR, true>(rk, hk, *c, &cb, n, in + 128 * i, out + 128 * i, hash,
                   &x);
    *c = _mm_add_epi32(*c, eight);
  }
  secure_zero(&cb, sizeof(cb));
  return x;
}

// gcm_nr: the stitched bulk of seal (kOpen false) or open. Seal hashes the
// previous 8 ciphertext blocks while encrypting the next 8 (the first 8 are
// encrypted alone, the last 8 hashed after the loop, unless kHashLast is
// false: the last pass hashes them itself); open hashes the 8 blocks it
// decrypts.
template <bool kOpen, int NR, bool kHashLast = true>
size_t gcm_nr(const AesKeyState* s, const GhashKeyState* g, const uint8_t* in,
              uint8_t* out, size_t len, uint8_t ctr[16], uint8_t xi[16]) {
  const size_t n8 = len / 128;
  const __m128i* rk = enc_keys(s);
  const ClmulKey* hk = clmul_key(g);
  __m128i c = bswap128(loadu(ctr));
  __m128i x = bswap128(loadu(xi));
  const __m128i eight = _mm_set_epi32(0, 0, 0, 8);
  size_t i = 0;
  if (!kOpen) {
    ctr_n<8>(rk, NR, c, in, out);
    c = _mm_add_epi32(c, eight);
    i = 1;
  }
  if (n8 - i >= kMemIterations) {
    x = gcm8_mem_loop<kOpen, NR>(rk, hk, &c, i, n8, in, out, x);
  } else {
    for (; i < n8; ++i) {
      const uint8_t* hash = kOpen ? in + 128 * i : out + 128 * (i - 1);
      gcm8<NR, false>(rk, hk, c, nullptr, 0, in + 128 * i, out + 128 * i,
                      hash, &x);
      c = _mm_add_epi32(c, eight);
    }
  }
  if (!kOpen && kHashLast) x = ghash_n(hk, x, out + 128 * (n8 - 1), 8);
  storeu(ctr, bswap128(c));
  storeu(xi, bswap128(x));
  return n8 * 128;
}

// gcm_bulk: AesRow::gcm_seal_bulk (kOpen false) / gcm_open_bulk, whole
// 8-block batches; the round count is public.
template <bool kOpen>
size_t gcm_bulk(const AesKeyState* s, const GhashKeyState* g,
                const uint8_t* in, uint8_t* out, size_t len, uint8_t ctr[16],
                uint8_t xi[16]) {
  if (len < 128) return 0;
  switch (s->rounds) {
    case 10: return gcm_nr<kOpen, 10>(s, g, in, out, len, ctr, xi);
    case 12: return gcm_nr<kOpen, 12>(s, g, in, out, len, ctr, xi);
    default: return gcm_nr<kOpen, 14>(s, g, in, out, len, ctr, xi);
  }
}

// --- The last pass (gcm_seal_last / gcm_open_last) --------------------------
// The message's last 1..kLastMaxBytes bytes: n = ceil(len / 16) blocks, the
// last one holding t = 1..16 bytes, split as k = (n - 1) / 8 whole 8-block
// batches (gcm8, as in gcm_nr) and a final batch of R = n - 8k = 1..8
// blocks (gcm_final), then GCM's length block L. The final batch's GHASH
// group is its R blocks and L, R + 1 <= 9 products summed unreduced and
// reduced once: block i times H^(R+1-i), L times H. The table has H^8..H^1;
// H^9 (R = 8) is one mont_mul of H^8 and H, which depends only on the key
// and runs in the shadow of the AES rounds. L's product does not depend on
// the data either. The partial block goes through 16-byte stack buffers
// (its t input bytes copied in zero-padded, the output copied out t bytes
// long, t public), and seal hashes its ciphertext under a byte mask (a
// load from kByteMask at an offset given by t), so nothing past the
// message is read or written.

// keep_acc: the three sums through one empty asm that takes and gives
// them back in XMM registers (an optimisation barrier; see gcm_final).
// Under ctmsan their shadow is carried across by hand, as ct_opaque does
// (MSan would report the asm's secret inputs and call its outputs clean).
static inline void keep_acc(Acc& a) {
#if defined(CTCRYPTO_CTMSAN)
  const Acc shadow_of = a;
  __msan_unpoison(&a, sizeof(a));
  __asm__("" : "+x"(a.lo), "+x"(a.hi), "+x"(a.mid));
  __msan_copy_shadow(&a, &shadow_of, sizeof(a));
#else
  __asm__("" : "+x"(a.lo), "+x"(a.hi), "+x"(a.mid));
#endif
}

// kByteMask: loadu(kByteMask + 16 - t) has its first t bytes all-ones.
alignas(32) constexpr uint8_t kByteMask[32] = {
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0,    0,    0,    0,    0,    0,
    0,    0,    0,    0,    0,    0,    0,    0,    0,    0};

// kLastMaxBytes: the longest end of a message the last pass takes
// (AesRow::gcm_last_max_bytes): just under the 16 stitched iterations
// from which the bulk takes its counter blocks from memory
// (kMemIterations). Measured (TSC cycles, AES-128 seal / open): a bound of
// 256 bytes left 600 bytes at 407 / 390 (bulk, then the last pass on 88
// bytes) where 1024 gave 383 / 379, and 1350 bytes at 711 / 697 where 2048
// gave 690 / 685; at exactly 2048 bytes the bulk's memory counters won
// (open 937 against 966).
constexpr size_t kLastMaxBytes = 128 * kMemIterations - 1;

// kFromStartBytes: AesRow::gcm_bulk_from_start_bytes. A message of 49
// bytes or more goes to the last pass whole (the bulk when longer than
// kLastMaxBytes) rather than through the mode's head (the tag mask and 3
// data blocks in one ctr32 call, their GHASH in a call of its own), which
// measured slower from 49 bytes on (TSC cycles, AES-128 seal / open, head
// then last pass -> last pass alone: 49 bytes 189 / 184 -> 169 / 173, 64
// bytes 177 / 183 -> 170 / 160). More than the head (kGcmHeadBytes):
// gcm.cc writes the length block only for messages longer than the head.
// Below the bulk's minimum (128 bytes): the last pass takes those
// messages whole, hence its bound of at least 128.
constexpr size_t kFromStartBytes = 49;
static_assert(kFromStartBytes > kGcmHeadBytes && kLastMaxBytes >= 128);

// gcm_final: the final batch of the last pass, R blocks from the counter
// `ctr`, the GHASH value in `xi` (both updated; the mode's buffers, which
// it wipes); its last block reads `tin` and writes `tout` (16-byte stack
// buffers; the caller copies the partial block in and out) and holds t
// bytes. Open hashes the blocks it decrypts (and L, and x into the first)
// during the AES rounds, L first and the block carrying x last; seal
// hashes `prev` (8 ciphertext blocks of the batch before, or null) during
// the rounds, then its own R ciphertext blocks and L after them.
// Never inlined: its values (up to 8 blocks, two sets of sums, H^9, the
// counter and x) fit in the 16 XMM registers, and none is live across a
// call in the caller (whose frame would keep it). With GCC 12 -O2 all
// 48 instances use no stack at all (objdump; they did spill sums, H^9 and
// blocks before keep(), the empty asm before the last round and seal's
// hashing from memory). Other builds (sanitizers) may spill, as the bulk
// loops may.
template <bool kOpen, int NR, int R>
[[gnu::noinline]] void gcm_final(const __m128i* rk, const ClmulKey* hk,
                                 uint8_t ctr[16], uint8_t xi[16],
                                 const uint8_t* in, uint8_t* out,
                                 const uint8_t* tin, uint8_t* tout, size_t t,
                                 const uint8_t* prev,
                                 const uint8_t len_block[16]) {
  static_assert(R >= 1 && R <= 8 && NR >= 10);
  const __m128i lenb = bswap128(loadu(len_block));
  // x is read from xi where it is used and written back there, and the
  // counter is advanced at once: neither is held across the rounds.
  auto load_x = [&] { return bswap128(loadu(xi)); };
  // block(i): the final batch's input block i (the last one from tin).
  auto block = [&](int i) {
    return i == R - 1 ? _mm_load_si128(reinterpret_cast<const __m128i*>(tin))
                      : loadu(in + 16 * i);
  };
  __m128i b[R];
  const __m128i k0 = _mm_load_si128(rk);
  {
    const __m128i c = bswap128(loadu(ctr));
#pragma GCC unroll 8
    for (int i = 0; i < R; ++i)
      b[i] = _mm_xor_si128(bswap128(add_ctr(c, i)), k0);
    storeu(ctr, bswap128(add_ctr(c, R)));
  }
  // H^9 (only for R = 8): mont(x H^8, x H) = x H^9, the table's form.
  // Open uses it during the rounds; seal computes it after them (held
  // across them, it was spilled), which the out-of-order core still runs
  // in their shadow.
  __m128i h9 = _mm_setzero_si128();
  auto make_h9 = [&] {
    if (R == 8)
      h9 = mont_mul(_mm_load_si128(&hk->h[0]), _mm_load_si128(&hk->h[7]));
  };
  if (kOpen) make_h9();
  // The products of the final group: block i times H^(R+1-i), p = 1..9.
  auto mul = [&](Acc& acc, __m128i v, int p) {
    if (p == 9)
      acc_mul(acc, v, h9, _mm_xor_si128(h9, _mm_shuffle_epi32(h9, 0x4e)));
    else
      acc_mul(acc, v, _mm_load_si128(&hk->h[8 - p]),
              _mm_load_si128(&hk->hk[8 - p]));
  };
  Acc f = acc_zero();  // the final group: R blocks and L
  Acc a = acc_zero();  // seal: the previous batch
  // keep(acc): an empty asm that takes and gives back the sums in
  // registers, once per round: without it GCC reassociated the XORs of a
  // round's products with other rounds' and computed them all up front,
  // spilling partial products (data times powers of H) to the stack.
  auto keep = [](Acc& acc) { keep_acc(acc); };
#pragma GCC unroll 9
  for (int r = 1; r <= 9; ++r) {
    const __m128i k = _mm_load_si128(rk + r);
#pragma GCC unroll 8
    for (int i = 0; i < R; ++i) b[i] = _mm_aesenc_si128(b[i], k);
    keep(kOpen ? f : a);
    if (kOpen) {
      // Round 1: L; round 2 + j: block R-1-j; block 0 (with x) at R + 1.
      if (r == 1) {
        mul(f, lenb, 1);
      } else if (r <= R + 1) {
        const int i = R + 1 - r;
        __m128i h = bswap128(block(i));
        if (i == 0) h = _mm_xor_si128(h, load_x());
        mul(f, h, R + 1 - i);
      }
    } else if (prev != nullptr && r <= 8) {
      const int j = r - 1;
      __m128i h = bswap128(loadu(prev + 16 * j));
      if (j == 0) h = _mm_xor_si128(h, load_x());
      acc_mul(a, h, _mm_load_si128(&hk->h[j]), _mm_load_si128(&hk->hk[j]));
    }
  }
  if (!kOpen && prev != nullptr) storeu(xi, bswap128(acc_reduce(a)));
#pragma GCC unroll 4
  for (int r = 10; r < NR; ++r) {
    const __m128i k = _mm_load_si128(rk + r);
#pragma GCC unroll 8
    for (int i = 0; i < R; ++i) b[i] = _mm_aesenc_si128(b[i], k);
  }
  const __m128i kl = _mm_load_si128(rk + NR);
  // Every block is read (again, for open) before any is written (in place).
  // The pointers pass through an empty asm so that GCC reloads open's
  // blocks here rather than keeping them in registers since they were
  // hashed (which spilled them).
  __asm__("" : "+r"(in), "+r"(tin));
#pragma GCC unroll 8
  for (int i = 0; i < R; ++i)
    b[i] = _mm_xor_si128(_mm_aesenclast_si128(b[i], kl), block(i));
  b[R - 1] = _mm_and_si128(b[R - 1], loadu(kByteMask + 16 - t));
#pragma GCC unroll 8
  for (int i = 0; i < R - 1; ++i) storeu(out + 16 * i, b[i]);
  _mm_store_si128(reinterpret_cast<__m128i*>(tout), b[R - 1]);
  if (!kOpen) {
    // The ciphertext is hashed from where it was just stored (forwarded
    // 16-byte stores), not from the registers: those with H^9 and the sums
    // were more than the 16 XMM registers, and GCC spilled a product.
    __asm__("" : "+r"(out), "+r"(tout));
    make_h9();
    mul(f, lenb, 1);
#pragma GCC unroll 8
    for (int i = 0; i < R; ++i) {
      __m128i h = bswap128(i == R - 1 ? _mm_load_si128(
                                            reinterpret_cast<__m128i*>(tout))
                                      : loadu(out + 16 * i));
      if (i == 0) h = _mm_xor_si128(h, load_x());
      mul(f, h, R + 1 - i);
      keep(f);
    }
  }
  storeu(xi, bswap128(acc_reduce(f)));
}

// gcm_nr_call: gcm_nr never inlined; seal does not hash its last batch.
template <bool kOpen, int NR>
[[gnu::noinline]] void gcm_nr_call(const AesKeyState* s,
                                   const GhashKeyState* g, const uint8_t* in,
                                   uint8_t* out, size_t len, uint8_t ctr[16],
                                   uint8_t xi[16]) {
  gcm_nr<kOpen, NR, kOpen>(s, g, in, out, len, ctr, xi);
}

// gcm_last_nr: the last pass (see above); lengths and counts are public.
template <bool kOpen, int NR>
void gcm_last_nr(const AesKeyState* s, const GhashKeyState* g,
                 const uint8_t* in, uint8_t* out, size_t len, uint8_t ctr[16],
                 uint8_t xi[16], const uint8_t len_block[16]) {
  const size_t n = (len + 15) / 16;
  const size_t t = len - 16 * (n - 1);  // 1..16
  const size_t k = (n - 1) / 8;         // whole batches before the final
  const size_t fin = 128 * k;           // the final batch's offset
  alignas(16) uint8_t tin[16], tout[16];
  std::memset(tin, 0, 16);
  std::memcpy(tin, in + 16 * (n - 1), t);
  // The whole batches: the bulk's loop (out of line: inlined here, GCC
  // spilled vector values to a 400-byte frame across its iterations);
  // seal leaves its last batch for gcm_final to hash.
  if (k) gcm_nr_call<kOpen, NR>(s, g, in, out, fin, ctr, xi);
  const uint8_t* prev = !kOpen && k ? out + fin - 128 : nullptr;
  const __m128i* rk = enc_keys(s);
  const ClmulKey* hk = clmul_key(g);
  switch (n - 8 * k) {
#define CTCRYPTO_FINAL(R)                                                   \
  case R:                                                                   \
    gcm_final<kOpen, NR, R>(rk, hk, ctr, xi, in + fin, out + fin, tin,     \
                            tout, t, prev, len_block);                      \
    break;
    CTCRYPTO_FINAL(1)
    CTCRYPTO_FINAL(2)
    CTCRYPTO_FINAL(3)
    CTCRYPTO_FINAL(4)
    CTCRYPTO_FINAL(5)
    CTCRYPTO_FINAL(6)
    CTCRYPTO_FINAL(7)
    default: CTCRYPTO_FINAL(8)
#undef CTCRYPTO_FINAL
  }
  std::memcpy(out + 16 * (n - 1), tout, t);
  secure_zero(tin, sizeof(tin));
  secure_zero(tout, sizeof(tout));
}

// gcm_last: AesRow::gcm_seal_last (kOpen false) / gcm_open_last.
template <bool kOpen>
void gcm_last(const AesKeyState* s, const GhashKeyState* g, const uint8_t* in,
              uint8_t* out, size_t len, uint8_t ctr[16], uint8_t xi[16],
              const uint8_t len_block[16]) {
  switch (s->rounds) {
    case 10: return gcm_last_nr<kOpen, 10>(s, g, in, out, len, ctr, xi, len_block);
    case 12: return gcm_last_nr<kOpen, 12>(s, g, in, out, len, ctr, xi, len_block);
    default: return gcm_last_nr<kOpen, 14>(s, g, in, out, len, ctr, xi, len_block);
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
    .gcm_ghash = &kGhashClmul,
    .gcm_seal_bulk = x86hw::gcm_bulk<false>,
    .gcm_open_bulk = x86hw::gcm_bulk<true>,
    .gcm_bulk_from_start_bytes = x86hw::kFromStartBytes,
    .gcm_seal_last = x86hw::gcm_last<false>,
    .gcm_open_last = x86hw::gcm_last<true>,
    .gcm_last_min_bytes = 1,
    .gcm_last_max_bytes = x86hw::kLastMaxBytes,
    .ecb_encrypt = x86hw::aesni_ecb_encrypt,
    .ccm_seal_bulk = x86hw::aesni_ccm_seal_bulk,
    .ccm_open_bulk = x86hw::aesni_ccm_open_bulk,
    .set_encrypt_key = x86hw::aesni_set_encrypt_key,
    .cbc_sha_seal_bulk = x86hw::aesni_cbc_sha_seal_bulk,
};

const AesDecryptRow kAesAesniDecrypt = {
    .row = &kAesAesni,
    .decrypt_block = x86hw::aesni_decrypt_block,
    .cbc_decrypt = x86hw::aesni_cbc_decrypt,
    .ecb_decrypt = x86hw::aesni_ecb_decrypt,
};

}  // namespace ctcrypto::internal
