// gcm_vaes_x86_64.cc: the GCM kernel of the vaes AES row with the vpclmul
// GHASH row ("vaes+vpclmul", gcm_kernel.h): VAES counter mode and
// VPCLMULQDQ GHASH on 512-bit vectors in one loop. The AES side (round
// keys broadcast from the AES-NI key layout, byte-reversed counters in
// four lanes) is the vaes row's (crypto/aes/aes_vaes_x86_64.cc,
// vaes_internal.h); the GHASH side the vpclmul row's key and arithmetic
// (crypto/ghash/ghash_clmul_core.h).
//
// Technique. seal_bulk/open_bulk run 32 blocks of AES (8 ZMM
// chains) and a 32-block aggregated VPCLMULQDQ GHASH (the vpclmul row's
// key and arithmetic, crypto/ghash/ghash_clmul_core.h: VpclmulKey,
// x*H^32..x*H^1, one per-lane
// reduction per 32 blocks, Xi folded into the first block) in one loop body:
// seal hashes the previous 32 ciphertext blocks while encrypting the next
// 32; open hashes the 32 blocks it decrypts. One GHASH vector (three
// VPCLMULQDQs) is written after each AES round and the reduction after the
// eighth: on the target (AMD Zen 4) VAESENC issues twice per cycle and
// VPCLMULQDQ once per two cycles on a separate unit, so the carry-less
// multiplies set the pace and are spread over the rounds; the round keys
// are broadcast once per call (a VBROADCASTI32X4 from memory takes the
// VAESENC pipes). After the iterations, seal runs a last 16 blocks as 4
// chains and leaves the rest to the mode; open runs the remaining 1..31
// blocks as one masked pass (gcm_tail: AES and the GHASH of those blocks in
// one call, one reduction). Calls of 5..31 blocks (seal: 5..32) are that
// masked pass alone with the keys broadcast per round (gcm_short): no key
// array. The kernel takes GCM messages of 80 bytes and more from their first
// byte (bulk_from_start_bytes): the mode's head would otherwise move
// three blocks out of the stitched pass into a separate ctr32 and GHASH call
// and start the bulk 48 bytes into the buffer, so that every 64-byte load
// and store crossed a cache line (measured, TSC cycles per seal: 256 B 300
// -> 265, 1350 B 640 -> 600, 16 KiB 3700 -> 3520; open likewise). The end
// of a message, up to 496 bytes (all of a 256-byte message; the 70 bytes a
// 1350-byte seal leaves after the bulk), goes to the kernel's last pass
// (seal_last / open_last): gcm_short with the partial block under a
// byte mask and GCM's length block as one more hashed block, whose product
// with x*H does not depend on the data and is computed during the AES
// rounds. The mode's final ctr32 call, staging copies and GHASH call go
// away (TSC cycles: 256-byte seal or open about 5% fewer, a 1350-byte seal
// 530 -> 446, a 100-byte seal 240 -> 171; 31 blocks and the length block use
// all 32 powers, hence the bound). After every
// pass the stack it used is zeroed, measured from its stack pointer
// (run_wiped): a few stores after gcm_short with GCC -O2, the passes'
// 3-6 KiB frames under ASan. Counter
// blocks: built in registers, one iteration ahead (ctr_blocks, gcm_iter's
// kPipe; with a 96-bit nonce, whose counter is public, mostly in a
// big-endian fast form, see fast_ctr). Taking them instead from a stack
// buffer that integer code fills one iteration ahead (4-byte counter stores, 64-byte loads) was
// about 7% faster at 8-16 KiB on Golden Cove (Emerald Rapids) but 20-50%
// slower on Zen 5 (TSC cycles per 16 KiB AES-128 call, four runs: seal
// 1980-3350 with it, 1610-1660 without; open 1920-2890 and 1560-1610; the
// same with two buffers, written two iterations ahead), so it is not
// used. Nor is building them 16 counters per vector (one VPADDD, VPSHUFB
// and VPXORD per 16 blocks, then a two-table VPERMI2D per chain with the
// whitened nonce): it cut the 512-bit ALU uops of an AES-128 iteration
// from 188 to 176 (llvm-mca sapphirerapids 88.15 -> 85.10 cycles; the
// port 0+5 bound 94 -> 88), but on Zen 5 seals got 2-10% slower (16 KiB
// AES-128 and 64 KiB AES-256, //bench:speed -cputime, interleaved runs in
// both orders), also for AES-256 with its counters left per chain: there
// GCC then read the hashed ciphertext back from memory instead of keeping
// it in registers.
//
//
// Cost model: bench/mca.sh (CONFIGS=x86_64_aesni) runs llvm-mca on the
// 32-block loops on Sapphire Rapids and Zen 4. On Sapphire Rapids the loop
// is bound by ports 0 and 5: VAESENC issues on port 0 only, VPCLMULQDQ and
// the shuffles on port 5, the other 512-bit ALU ops on either, so every
// such op costs VAESENC time. Cycles per iteration (512 bytes), AES-128
// seal / open, AES-256 seal / open, against BoringSSL's VAES loop priced
// the same way (bench/mca_boringssl.sh: its 256-byte loop from the
// stripped bssl binary in ../shared/peers/boringssl, key-size branches
// resolved, times two; doc/cost-model.md has the table):
//   LLVM 14 (Skylake-server model for SPR): 82.11 / 82.11, 112.06 / 112.08
//     (before the lane-0 fold_all, reload and the counter pipe of gcm_iter:
//     88.15 / 86.61, 113.13 / 112.13); BoringSSL 83.17, 112.2;
//   LLVM 19 sapphirerapids, a 96-bit nonce's iterations in the fast
//     counter form (fast_ctr; seven in eight): 88.14 / 88.16, 112.06 /
//     112.06; in the general form (any other nonce, and the eighth):
//     91.14 / 91.14, 112.12 / 112.17; BoringSSL 94.36 / 94.32, 112.48 /
//     112.56 (ours, seven fast and one general iteration in eight: 1.065x
//     AES-128, 1.003x AES-256);
//   LLVM 19 znver4 (bound by the FP0/FP1 pipes, VAESENC's and
//     VPCLMULQDQ's): fast form 114.57 / 115.56, 129.04 / 128.04; general
//     117.56 / 117.56, 130.07 / 131.09; BoringSSL 133.13 / 132.13, 148.14 /
//     148.15 (ours 1.14-1.16x).
// The floor on Sapphire Rapids, one 512-bit VAESENC per cycle: 80 and 112
// (AES-256 is at it in both loops: no AES-256 loop can be 1.05x
// BoringSSL's there).
// mca-loop: gcm=vaes+vpclmul gcm_seal_nr<10,false> 512 vaesenc=72
// mca-loop: gcm=vaes+vpclmul gcm_open_nr<10> 512 vaesenc=72
// mca-loop: gcm=vaes+vpclmul gcm_seal_nr<14,false> 512 vaesenc=104
// mca-loop: gcm=vaes+vpclmul gcm_open_nr<14> 512 vaesenc=104
//
// Constant time. VAES/VPCLMULQDQ are data-independent in timing; branches,
// masks and indices depend only on lengths, block counts and round numbers.
#include <immintrin.h>

#include <cstring>

#include "crypto/aes/aes_row.h"
#include "crypto/aes/aesni_internal.h"
#include "crypto/aes/vaes_internal.h"
#include "crypto/cpu/cpu.h"
#include "crypto/ghash/ghash_clmul_core.h"
#include "crypto/internal.h"
#include "crypto/modes/gcm_kernel.h"

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

namespace x86hw {

namespace {

// Counter blocks for one iteration of NZ chains. The general form adds to
// the byte-reversed counter and byte swaps every vector back (one VPSHUFB
// per four blocks, on the same pipes as VAESENC on the target). When the
// low byte of the public counter cannot carry within the iteration, the
// additions go straight to the big-endian form instead: adding n << 24 to
// the last dword of a lane adds n to byte 15, so one VPSHUFB serves all NZ
// vectors. `fast` must not depend on a secret counter (see fast_ctr).
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

// fast_ctr: whether the big-endian fast form of ctr_blocks may be used for
// the n blocks from counter tail v (their low bytes do not carry). Only
// for a public counter (GcmKernel::seal_bulk's ctr_public: a 96-bit
// nonce): for any other nonce GCM starts from J0 = GHASH_H(IV), a function
// of the key, and testing whether its low byte carries is a branch on
// secret data (the ctmsan suite reports it); those take the general form
// throughout, and the value is not looked at. With a 96-bit nonce one
// 32-block iteration in eight carries (once per 256 blocks), so seven in
// eight take the fast form: 7 VPSHUFBs fewer on port 5 (llvm-mca
// sapphirerapids, AES-128: 91.14 -> 87.65 cycles per 512 bytes).
inline bool fast_ctr(bool ctr_public, uint32_t v, int n) {
  return ctr_public && (v & 0xff) + static_cast<uint32_t>(n) <= 0x100;
}

// reload: p, hidden from the compiler, so that seal's loop reads the
// previous chunk's ciphertext back from memory (64-byte loads, the load
// ports) rather than keeping its eight vectors in registers across the
// iteration: with the round keys and chains that left too few of the 32
// ZMM registers, and the spills and register moves took ports VAESENC and
// VPCLMULQDQ use on Intel (llvm-mca sapphirerapids, AES-128 seal 87.15 ->
// 85.61 cycles per iteration, AES-256 113.13 -> 112.12).
inline __attribute__((always_inline)) const uint8_t* reload(const uint8_t* p) {
  __asm__("" : "+r"(p));
  return p;
}

// gcm_iter: one stitched iteration of NZ ZMM chains (4 * NZ blocks of CTR
// from in to out) and NH vectors (4 * NH blocks) at `hash` folded into x
// with one reduction (key vectors kv.., see ghash_vecs). The GHASH vectors
// ride along with the first AES rounds, the one carrying x last, and the
// reduction with the rounds after them: eight chains keep enough
// independent VAESENCs in flight to cover the instruction's latency, while
// the carry-less multiplies run on their own unit. For open, hash == in and
// every hashed block is loaded before any store; for seal, hash is the
// previous iteration's output (through reload).
//
// kPipe: the counter blocks (already XORed with round key 0) come from
// pipe[], and the next NZ chains' blocks (from c + 4 * NZ) are written
// there during the last full round, for the next iteration. `fast`: the
// blocks this call builds (kPipe: the next iteration's, else its own) may
// take ctr_blocks' big-endian form (fast_ctr). Built at the
// top of the iteration instead, their VPADDD/VPSHUFB/VPXORD chain stood
// between one iteration's last VAESENC and the next one's first, and the
// ALU ops that ran in that gap took the VAESENC port (llvm-mca
// sapphirerapids, AES-128 open 85.61 -> 82.11 cycles per iteration, seal
// likewise after reload; AES-256 about the same).
template <int NR, int NZ, int NH, bool kPipe = false>
inline __attribute__((always_inline)) void gcm_iter(
    const __m512i* rkz, const VpclmulKey* hk, int kv, __m512i c, bool fast,
    const uint8_t* in, uint8_t* out, const uint8_t* hash, __m512i* x,
    __m512i* pipe = nullptr) {
  static_assert(NH % 2 == 0 && NH + 1 < NR);
  const __m512i* kh = reinterpret_cast<const __m512i*>(hk->h) + kv;
  const __m512i* kk = reinterpret_cast<const __m512i*>(hk->hk) + kv;
  // size_t bound: gcc 12's -Wsign-conversion reports an int template parameter
  // used as an array bound.
  __m512i b[static_cast<size_t>(NZ)];
  if (kPipe) {
#pragma GCC unroll 8
    for (int i = 0; i < NZ; ++i) b[i] = pipe[i];
  } else {
    ctr_blocks<NZ>(c, fast, rkz[0], b);
  }
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
    if (kPipe && r == NR - 1)
      ctr_blocks<NZ>(_mm512_add_epi32(c, lane_step(4 * NZ)), fast, rkz[0],
                     pipe);
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

// gcm_tail: the last n blocks of the bulk, 4 * (NZ - 1) < n <= 4 * NZ
// (n public), as NZ ZMM chains of CTR whose last register is loaded and
// stored under a mask of whole blocks, and their GHASH in the same call with
// one reduction: the ciphertext vectors go to the multiplier from registers
// (no store-to-load round trip), and the mode's final step is left with the
// partial block and the length block only. Block i of the run multiplies
// x*H^(n-i) (VpclmulKey slots 32 - n + i, read unaligned; the last key
// vectors are loaded under the same mask, so reads stay inside the table and
// the missing lanes add zero products). kSeal: hash the output, else the
// input (all loads precede the stores, so in place works). kFin: the run
// is the message's end, `bytes` long (n = ceil(bytes / 16) <= 31 blocks, the
// last possibly partial: its bytes are loaded and stored under a byte mask
// and hashed zero-padded), and one more block, fin (GCM's length block), is
// hashed after it: the data blocks then multiply x*H^(n+1-i), and fin times
// x*H goes into lane 0 of the sums before the first data product (it does
// not depend on the data, so its three multiplies run while the AES rounds
// do).
template <int NR, int NZ, bool kSeal, bool kFin>
inline __attribute__((always_inline)) void gcm_tail(
    const __m128i* rk, const VpclmulKey* hk, __m512i c, const uint8_t* in,
    uint8_t* out, size_t n, const uint8_t* fin, size_t bytes, __m512i* x) {
  const size_t tail = n - 4 * (NZ - 1);  // 1..4 blocks in the last chain
  const __mmask8 m = static_cast<__mmask8>((1u << (2 * tail)) - 1);
  // kFin: the last chain's bytes, 1..64
  const size_t tail_bytes = kFin ? bytes - 64 * (NZ - 1) : 64;
  const __mmask64 mb =
      tail_bytes >= 64 ? ~__mmask64{0} : (__mmask64{1} << tail_bytes) - 1;
  const size_t base = kVNumPowers - n - (kFin ? 1 : 0);
  GhAcc fa{};
  if (kFin) {
    const __m512i f = _mm512_zextsi128_si512(bswap128(loadu(fin)));
    const __m512i fh =
        _mm512_zextsi128_si512(_mm_load_si128(&hk->h[kVNumPowers - 1]));
    const __m512i fk =
        _mm512_zextsi128_si512(_mm_load_si128(&hk->hk[kVNumPowers - 1]));
    fa.lo = _mm512_clmulepi64_epi128(f, fh, 0x00);
    fa.hi = _mm512_clmulepi64_epi128(f, fh, 0x11);
    fa.mid =
        _mm512_clmulepi64_epi128(_mm512_xor_si512(f, swap64(f)), fk, 0x00);
  }
  __m512i b[static_cast<size_t>(NZ)];
  const __m512i k0 = bcast_key(rk, 0);
#pragma GCC unroll 8
  for (int i = 0; i < NZ; ++i)
    b[i] = _mm512_xor_si512(
        bswap512(_mm512_add_epi32(c, lane_step(4 * i))), k0);
#pragma GCC unroll 14
  for (int r = 1; r < NR; ++r) {
    const __m512i k = bcast_key(rk, r);
#pragma GCC unroll 8
    for (int i = 0; i < NZ; ++i) b[i] = _mm512_aesenc_epi128(b[i], k);
  }
  const __m512i kl = bcast_key(rk, NR);
  GhAcc a = fa;
  if (!kFin)
    a = GhAcc{_mm512_setzero_si512(), _mm512_setzero_si512(),
              _mm512_setzero_si512()};
#pragma GCC unroll 8
  for (int i = 0; i < NZ; ++i) {
    const __mmask8 mi = i < NZ - 1 ? __mmask8{0xff} : m;
    const bool last_bytes = kFin && i == NZ - 1;
    const __m512i d = last_bytes ? _mm512_maskz_loadu_epi8(mb, in + 64 * i)
                                 : _mm512_maskz_loadu_epi64(mi, in + 64 * i);
    __m512i o =
        _mm512_maskz_xor_epi64(mi, _mm512_aesenclast_epi128(b[i], kl), d);
    if (last_bytes) o = _mm512_maskz_mov_epi8(mb, o);
    if (i < NZ - 1)
      _mm512_storeu_si512(out + 64 * i, o);
    else if (last_bytes)
      _mm512_mask_storeu_epi8(out + 64 * i, mb, o);
    else
      _mm512_mask_storeu_epi64(out + 64 * i, m, o);
    __m512i h = bswap512(kSeal ? o : d);
    if (i == 0) h = _mm512_xor_si512(h, *x);  // x: lane 0 (fold_all)
    const size_t ki = base + static_cast<size_t>(4 * i);
    const __m512i kh = _mm512_maskz_loadu_epi64(mi, &hk->h[ki]);
    const __m512i kk = _mm512_maskz_loadu_epi64(mi, &hk->hk[ki]);
    const __m512i hs = _mm512_xor_si512(h, swap64(h));
    a.lo = _mm512_xor_si512(a.lo, _mm512_clmulepi64_epi128(h, kh, 0x00));
    a.hi = _mm512_xor_si512(a.hi, _mm512_clmulepi64_epi128(h, kh, 0x11));
    a.mid = _mm512_xor_si512(a.mid, _mm512_clmulepi64_epi128(hs, kk, 0x00));
  }
  *x = fold_all(reduce512(a.lo, a.hi, a.mid));
}

// gcm_tail_n: gcm_tail for 1 <= n <= 32 blocks (31 with kFin), the chain
// count chosen by the (public) block count.
template <int NR, bool kSeal, bool kFin = false>
inline __attribute__((always_inline)) void gcm_tail_n(
    const __m128i* rk, const VpclmulKey* hk, __m512i c, const uint8_t* in,
    uint8_t* out, size_t n, __m512i* x, const uint8_t* fin = nullptr,
    size_t bytes = 0) {
  switch ((n + 3) / 4) {
    case 1: gcm_tail<NR, 1, kSeal, kFin>(rk, hk, c, in, out, n, fin, bytes, x);
      break;
    case 2: gcm_tail<NR, 2, kSeal, kFin>(rk, hk, c, in, out, n, fin, bytes, x);
      break;
    case 3: gcm_tail<NR, 3, kSeal, kFin>(rk, hk, c, in, out, n, fin, bytes, x);
      break;
    case 4: gcm_tail<NR, 4, kSeal, kFin>(rk, hk, c, in, out, n, fin, bytes, x);
      break;
    case 5: gcm_tail<NR, 5, kSeal, kFin>(rk, hk, c, in, out, n, fin, bytes, x);
      break;
    case 6: gcm_tail<NR, 6, kSeal, kFin>(rk, hk, c, in, out, n, fin, bytes, x);
      break;
    case 7: gcm_tail<NR, 7, kSeal, kFin>(rk, hk, c, in, out, n, fin, bytes, x);
      break;
    default:
      gcm_tail<NR, 8, kSeal, kFin>(rk, hk, c, in, out, n, fin, bytes, x);
      break;
  }
}

// stack_pointer: the current stack pointer (public: it depends only on the
// call chain).
inline __attribute__((always_inline)) uintptr_t stack_pointer() {
  uintptr_t sp;
  __asm__ __volatile__("mov %%rsp, %0" : "=r"(sp));
  return sp;
}

// Bulk: every whole block of the call (len is a multiple of 16, at least
// 256): 32-block stitched iterations, for seal then at most one of 16
// blocks, and the remaining 1..31 blocks in one gcm_tail (so a message's
// whole blocks take one reduction per 32 blocks plus one). ctr and x
// advance together with the data. Never inlined, and *sp is set to the
// stack pointer (see run_wiped).
//
// kCarry (seal_bulk_carry, a stream): whole 32-block chunks only; the
// stream's carried chunk (carry, *carry_len 0 or 512 bytes) is hashed with
// chunk 0's AES, and the last chunk is copied to the carry unhashed.
template <int NR, bool kCarry = false>
[[gnu::noinline, gnu::flatten]] size_t gcm_seal_nr(
    const AesKeyState* s, const GhashKeyState* g, const uint8_t* in,
    uint8_t* out, size_t len, uint8_t ctr[16], bool ctr_public,
    uint8_t xi[16], uintptr_t* sp, uint8_t* carry = nullptr,
    size_t* carry_len = nullptr) {
  *sp = stack_pointer();
  const size_t n = len / 16;
  const size_t n32 = n / 32;
  size_t done = 32 * n32;  // blocks
  __m512i rk[static_cast<size_t>(NR) + 1];
  bcast_keys<NR>(s, rk);
  const VpclmulKey* hk = vpclmul_key(g);
  __m512i c = ctr_base(ctr);
  // v: the counter tail of the next blocks the pipe builds (read only
  // through fast_ctr, i.e. only for a public counter)
  uint32_t v = load_be32(ctr + 12);
  __m512i x = _mm512_zextsi128_si512(bswap128(loadu(xi)));
  __m512i pipe[8];  // the next iteration's counter blocks (gcm_iter)
  ctr_blocks<8>(c, fast_ctr(ctr_public, v, 32), rk[0], pipe);
  v += 32;
  if (kCarry && n32) {
    if (*carry_len != 0)
      gcm_iter<NR, 8, 8, true>(rk, hk, 0, c, fast_ctr(ctr_public, v, 32), in,
                               out, carry, &x, pipe);
    else
      gcm_iter<NR, 8, 0, true>(rk, hk, 0, c, fast_ctr(ctr_public, v, 32), in,
                               out, nullptr, &x, pipe);
    c = _mm512_add_epi32(c, lane_step(32));
    v += 32;
    for (size_t i = 1; i < n32; ++i) {
      gcm_iter<NR, 8, 8, true>(rk, hk, 0, c, fast_ctr(ctr_public, v, 32),
                               in + 512 * i, out + 512 * i,
                               reload(out + 512 * (i - 1)), &x, pipe);
      c = _mm512_add_epi32(c, lane_step(32));
      v += 32;
    }
    std::memcpy(carry, out + 512 * (n32 - 1), 512);
    *carry_len = 512;
  } else if (n32) {
    // Software pipeline: encrypt chunk 0, then encrypt chunk i while
    // hashing chunk i - 1, then hash the last chunk.
    gcm_iter<NR, 8, 0, true>(rk, hk, 0, c, fast_ctr(ctr_public, v, 32), in,
                             out, nullptr, &x, pipe);
    c = _mm512_add_epi32(c, lane_step(32));
    v += 32;
    for (size_t i = 1; i < n32; ++i) {
      gcm_iter<NR, 8, 8, true>(rk, hk, 0, c, fast_ctr(ctr_public, v, 32),
                               in + 512 * i, out + 512 * i,
                               reload(out + 512 * (i - 1)), &x, pipe);
      c = _mm512_add_epi32(c, lane_step(32));
      v += 32;
    }
    const uint8_t* last = out + 512 * (n32 - 1);
    if (n - done >= 16) {
      // The next 16 blocks encrypt while the previous chunk is hashed
      // (v - 32: the pipe ran one iteration ahead of c).
      gcm_iter<NR, 4, 8>(rk, hk, 0, c, fast_ctr(ctr_public, v - 32, 16),
                         in + 512 * n32, out + 512 * n32, last, &x);
      c = _mm512_add_epi32(c, lane_step(16));
      x = ghash_vecs<4>(hk, 4, last + 512, x);
      done += 16;
    } else {
      x = ghash_vecs<8>(hk, 0, last, x);
    }
  }
  // The last 1..15 blocks go back to the mode (ctr32 + one GHASH call
  // with the length block): measured faster there than a masked tail here,
  // whose reduction would come after the last chunk's and before the length
  // block's.
  storeu(ctr, bswap128(lo128(c)));
  storeu(xi, bswap128(lo128(x)));
  return 16 * done;
}

template <int NR>
[[gnu::noinline, gnu::flatten]] size_t gcm_open_nr(
    const AesKeyState* s, const GhashKeyState* g, const uint8_t* in,
    uint8_t* out, size_t len, uint8_t ctr[16], bool ctr_public,
    uint8_t xi[16], uintptr_t* sp) {
  *sp = stack_pointer();
  const size_t n = len / 16;
  const size_t n32 = n / 32;
  __m512i rk[static_cast<size_t>(NR) + 1];
  bcast_keys<NR>(s, rk);
  const VpclmulKey* hk = vpclmul_key(g);
  __m512i c = ctr_base(ctr);
  uint32_t v = load_be32(ctr + 12);  // as in gcm_seal_nr
  __m512i x = _mm512_zextsi128_si512(bswap128(loadu(xi)));
  __m512i pipe[8];  // the next iteration's counter blocks (gcm_iter)
  ctr_blocks<8>(c, fast_ctr(ctr_public, v, 32), rk[0], pipe);
  v += 32;
  for (size_t i = 0; i < n32; ++i) {
    gcm_iter<NR, 8, 8, true>(rk, hk, 0, c, fast_ctr(ctr_public, v, 32),
                             in + 512 * i, out + 512 * i, in + 512 * i, &x,
                             pipe);
    c = _mm512_add_epi32(c, lane_step(32));
    v += 32;
  }
  const size_t r = n - 32 * n32;  // 0..31
  if (r) {
    gcm_tail_n<NR, false>(enc_keys(s), hk, c, in + 512 * n32,
                          out + 512 * n32, r, &x);
    c = _mm512_add_epi32(c, lane_step(static_cast<int>(r)));
  }
  storeu(ctr, bswap128(lo128(c)));
  storeu(xi, bswap128(lo128(x)));
  return 16 * n;
}

// gcm_short: 5..31 blocks (an 80..511-byte call; seal up to 512 bytes) in
// one gcm_tail; fewer go back to the mode (AES-NI ctr32 and 128-bit GHASH,
// as for vaes_ctr32). With kFin it is the last pass (vaes_gcm_last): 1..496
// bytes, the last block possibly partial, then the length block fin; one
// masked ZMM pass there beat the mode's ctr32 and GHASH calls even for a
// few blocks (a 64-byte open 194 -> 184 TSC cycles). A 512-byte seal is one
// pass here rather than a 32-block iteration and a separate GHASH pass over
// its output (about 10% faster, TSC cycles per call); open stays with
// gcm_open_nr at 32 blocks, whose iteration hashes while it decrypts.
// Without iterations there is nothing to amortise the broadcast round-key
// array and the former fixed 3 KiB stack scrub over (that scrub alone was
// about a tenth of a 512-byte seal in a profile): the keys are broadcast
// from the key as each round needs them, as in ctr_z. With GCC -O2 the pass
// keeps its chains, keys and GHASH sums in registers (no stack frame:
// objdump); other builds spill them (ASan: a 3 KiB frame of chains,
// broadcast keys and powers of H), so like the bulk it is never inlined,
// sets *sp to its stack pointer and runs through run_wiped.
template <int NR, bool kSeal, bool kFin = false>
[[gnu::noinline, gnu::flatten]] size_t gcm_short(
    const AesKeyState* s, const GhashKeyState* g, const uint8_t* in,
    uint8_t* out, size_t len, uint8_t ctr[16], uint8_t xi[16], uintptr_t* sp,
    const uint8_t* fin = nullptr) {
  *sp = stack_pointer();
  const size_t n = kFin ? (len + 15) / 16 : len / 16;
  __m512i c = ctr_base(ctr);
  __m512i x = _mm512_zextsi128_si512(bswap128(loadu(xi)));
  gcm_tail_n<NR, kSeal, kFin>(enc_keys(s), vpclmul_key(g), c, in, out, n, &x,
                              fin, len);
  c = _mm512_add_epi32(c, lane_step(static_cast<int>(n)));
  storeu(ctr, bswap128(lo128(c)));
  storeu(xi, bswap128(lo128(x)));
  return kFin ? len : 16 * n;
}

// zero_dead_stack: zeroes [lo, hi), hi - lo >= 64, with 64-byte stores:
// aligned ones from lo rounded down to a cache line (no line-split stores;
// the bytes below lo are dead stack as well), and a last one ending at hi.
// The range lies below the caller's stack pointer, so only assembly may
// write it (to the compiler it is no object; ASan would flag a C++ store
// there), and nothing of the caller lives there: GCC and clang use the red
// zone below the stack pointer only in leaf functions, and the caller of
// this one has just made a call. Loop bounds are public.
inline __attribute__((always_inline)) void zero_dead_stack(uintptr_t lo,
                                                           uintptr_t hi) {
  const __m512i z = _mm512_setzero_si512();
  lo &= ~uintptr_t{63};
  __asm__ __volatile__(
      "1:\n\t"
      "vmovdqa64 %[z], (%[p])\n\t"
      "add $64, %[p]\n\t"
      "cmp %[last], %[p]\n\t"
      "jb 1b\n\t"
      "vmovdqu64 %[z], (%[last])"
      : [p] "+r"(lo)
      : [z] "v"(z), [last] "r"(hi - 64)
      : "cc", "memory");
}

// run_wiped: runs one of the GCM passes above, then zeroes every byte of
// stack it can have written, so that no round key, power of H, keystream or
// GHASH sum the compiler spilled outlives the call, in any build: from the
// red zone under the pass's stack pointer up to this function's stack
// pointer (the pass's return address, saved registers and frame lie in
// between). A pass's stack pointer is constant in its body (the frame is
// set up in the prologue; nothing there pushes or allocates), so *sp read
// anywhere in it is the bottom of its frame. Below it the pass can only
// have written the 128-byte red zone a leaf may use without moving the
// stack pointer (x86-64 System V ABI, 3.2.2): the passes are flattened
// (every call in them inlined, so no helper runs with a frame below; ASan
// otherwise calls ghash_vecs out of line); the calls a sanitizer build
// adds are error reports, which do not return, and ASan's stack (un)poison
// and fake-frame calls, which see addresses and sizes only (objdump of the
// ASan, UBSan and clang builds). The wipe is the frame's size plus 128
// bytes: a few stores after gcm_short with GCC -O2 (no frame); the former
// fixed 3 KiB scrub after the bulk fell short of its ASan frames (5-6
// KiB), and a 1 KiB margin below the frame cost 5-10% of a 256- or
// 512-byte seal or open (//bench:speed, CPU time). It is the x86-only
// precursor of crypto/internal.h's run_scrubbed, which the aesni and
// armv8 kernels use; on run_scrubbed (mark_frame, a call and a wipe of
// its own) these passes were 10-19% slower from 64 to 1350 bytes, hence
// this form here.
constexpr uintptr_t kWipeBelowBytes = 128;

template <typename Pass>
inline __attribute__((always_inline)) size_t run_wiped(Pass pass) {
  const uintptr_t top = stack_pointer();
  uintptr_t sp = top;
  const size_t done = pass(&sp);
  zero_dead_stack(sp - kWipeBelowBytes, top);
  return done;
}

template <bool kSeal, bool kFin = false>
size_t gcm_short_any(const AesKeyState* s, const GhashKeyState* g,
                     const uint8_t* in, uint8_t* out, size_t len,
                     uint8_t ctr[16], uint8_t xi[16], uintptr_t* sp,
                     const uint8_t* fin = nullptr) {
  switch (s->rounds) {
    case 10:
      return gcm_short<10, kSeal, kFin>(s, g, in, out, len, ctr, xi, sp, fin);
    case 12:
      return gcm_short<12, kSeal, kFin>(s, g, in, out, len, ctr, xi, sp, fin);
    default:
      return gcm_short<14, kSeal, kFin>(s, g, in, out, len, ctr, xi, sp, fin);
  }
}

// gcm_short (the tail pass) builds its counters per chain in the general
// form whatever ctr_public says: one pass, nothing to gain.
size_t gcm_seal_any(const AesKeyState* s, const GhashKeyState* g,
                    const uint8_t* in, uint8_t* out, size_t len,
                    uint8_t ctr[16], bool pub, uint8_t xi[16], uintptr_t* sp) {
  if (len <= 512) return gcm_short_any<true>(s, g, in, out, len, ctr, xi, sp);
  switch (s->rounds) {
    case 10: return gcm_seal_nr<10>(s, g, in, out, len, ctr, pub, xi, sp);
    case 12: return gcm_seal_nr<12>(s, g, in, out, len, ctr, pub, xi, sp);
    default: return gcm_seal_nr<14>(s, g, in, out, len, ctr, pub, xi, sp);
  }
}

size_t gcm_open_any(const AesKeyState* s, const GhashKeyState* g,
                    const uint8_t* in, uint8_t* out, size_t len,
                    uint8_t ctr[16], bool pub, uint8_t xi[16], uintptr_t* sp) {
  if (len < 512) return gcm_short_any<false>(s, g, in, out, len, ctr, xi, sp);
  switch (s->rounds) {
    case 10: return gcm_open_nr<10>(s, g, in, out, len, ctr, pub, xi, sp);
    case 12: return gcm_open_nr<12>(s, g, in, out, len, ctr, pub, xi, sp);
    default: return gcm_open_nr<14>(s, g, in, out, len, ctr, pub, xi, sp);
  }
}

size_t vaes_gcm_seal_bulk(const AesKeyState* s, const GhashKeyState* g,
                          const uint8_t* in, uint8_t* out, size_t len,
                          uint8_t ctr[16], bool ctr_public, uint8_t xi[16]) {
  if (len < 80) return 0;  // see gcm_short
  return run_wiped([&](uintptr_t* sp) {
    return gcm_seal_any(s, g, in, out, len, ctr, ctr_public, xi, sp);
  });
}

size_t vaes_gcm_open_bulk(const AesKeyState* s, const GhashKeyState* g,
                          const uint8_t* in, uint8_t* out, size_t len,
                          uint8_t ctr[16], bool ctr_public, uint8_t xi[16]) {
  if (len < 80) return 0;  // see gcm_short
  return run_wiped([&](uintptr_t* sp) {
    return gcm_open_any(s, g, in, out, len, ctr, ctr_public, xi, sp);
  });
}

// vaes_gcm_seal_carry: GcmKernel::seal_bulk_carry, whole 512-byte chunks
// (gcm_seal_nr's kCarry form), run wiped like the bulk.
constexpr size_t kCarryBytes = 512;
static_assert(kCarryBytes <= kGcmStreamCarryBytes);

size_t vaes_gcm_seal_carry(const AesKeyState* s, const GhashKeyState* g,
                           const uint8_t* in, uint8_t* out, size_t len,
                           uint8_t ctr[16], bool pub, uint8_t xi[16],
                           uint8_t* carry, size_t* carry_len) {
  if (len < kCarryBytes) return 0;
  return run_wiped([&](uintptr_t* sp) {
    switch (s->rounds) {
      case 10:
        return gcm_seal_nr<10, true>(s, g, in, out, len, ctr, pub, xi, sp,
                                     carry, carry_len);
      case 12:
        return gcm_seal_nr<12, true>(s, g, in, out, len, ctr, pub, xi, sp,
                                     carry, carry_len);
      default:
        return gcm_seal_nr<14, true>(s, g, in, out, len, ctr, pub, xi, sp,
                                     carry, carry_len);
    }
  });
}

// vaes_gcm_last: GcmKernel::seal_last / open_last, the message's
// last 1..496 bytes and the length block as one gcm_short pass (1..31
// blocks and the length block: at most the table's 32 powers).
template <bool kSeal>
void vaes_gcm_last(const AesKeyState* s, const GhashKeyState* g,
                   const uint8_t* in, uint8_t* out, size_t len,
                   uint8_t ctr[16], uint8_t xi[16],
                   const uint8_t len_block[16]) {
  run_wiped([&](uintptr_t* sp) {
    return gcm_short_any<kSeal, true>(s, g, in, out, len, ctr, xi, sp,
                                      len_block);
  });
}

}  // namespace

}  // namespace x86hw

const GcmKernel kGcmVaes = {
    .name = "vaes+vpclmul",
    .aes = &kAesVaes,
    .ghash = &kGhashVpclmul,
    .seal_bulk = x86hw::vaes_gcm_seal_bulk,
    .open_bulk = x86hw::vaes_gcm_open_bulk,
    .bulk_from_start_bytes = 80,  // gcm_short's minimum
    .seal_last = x86hw::vaes_gcm_last<true>,
    .open_last = x86hw::vaes_gcm_last<false>,
    .last_min_bytes = 1,
    .last_max_bytes = 496,
    .seal_bulk_carry = x86hw::vaes_gcm_seal_carry,
    .carry_bytes = x86hw::kCarryBytes,
};

}  // namespace ctcrypto::internal
