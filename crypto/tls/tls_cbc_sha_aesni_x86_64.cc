// tls_cbc_sha_aesni_x86_64.cc: the TLS-CBC kernels of the AES-NI key
// layout with the "shani" SHA rows (tls_cbc_kernel.h): CBC encryption
// (AESENC) and the SHA-1 or SHA-256 compression function (the SHA
// extensions) in one instruction stream. The aesni row's entries are here;
// the vaes row (the same key layout, and CBC encryption is serial, so wider
// vectors would not help) has its own in tls_cbc_sha_vaes_x86_64.cc.
//
// Why. A TLS-CBC record is MAC-then-encrypt: HMAC over the plaintext, CBC
// encryption of the plaintext (and MAC and padding). Both are serial
// dependency chains: CBC one AES latency per round per block, SHA one
// SHA256RNDS2 / SHA1RNDS4 latency per two / four rounds. Each alone leaves
// most of the core idle, yet calling them alternately, even 64 bytes at a
// time, measured as slow as running them one after the other (Zen 4):
// the waiting operations of one chain fill the floating-point scheduler
// before the other chain's operations arrive. Here the two are interleaved
// at the level of instructions: after each group of four SHA rounds (16
// groups for SHA-256, 20 for SHA-1) comes the next slice of the 4 x (Nr + 1)
// AES steps of the four CBC blocks that cover the same 64 bytes, so the
// scheduler always holds work from both chains.
//
// The stream. Step i hashes the 64-byte SHA block at hash_in + 64 i and
// encrypts the four CBC blocks at in + 64 i. The caller lines the two up
// with its own offsets (the hash input is the MAC's, which starts with the
// record header), so hash_in may run ahead of in; when out == in (in place)
// the SHA block is loaded, and the four plaintext blocks are loaded, before
// any ciphertext of that step is stored, so a step never hashes its own
// output. (Whole steps only; the caller does the rest with the plain rows.)
//
// Pairing: the loop computes exactly the "shani" rows' compression function
// (the same inline groups, crypto/hash/sha_ni_x86_64.h) and the AES-NI
// key layout's CBC encryption (aesni_internal.h), so each kernel serves
// one such pair, and a key with any other pair runs both chains
// separately.
//
// Constant time: AESENC/AESENCLAST, the SHA instructions, PSHUFB with
// constant masks, XORs and adds; the step count, the round count and the
// interleaving are public; no branch or address depends on data or keys.
#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "crypto/aes/aes_row.h"
#include "crypto/aes/aesni_internal.h"
#include "crypto/hash/sha_row.h"
#include "crypto/cpu/cpu.h"
#include "crypto/hash/sha_ni_x86_64.h"
#include "crypto/tls/tls_cbc_kernel.h"
#include "crypto/tls/tls_cbc_sha_aesni.h"

namespace ctcrypto::internal {

namespace x86hw {

namespace {

#define CTCRYPTO_STITCH_INLINE inline __attribute__((always_inline))

// Four CBC blocks as 4 (NR + 1) steps: step j works on block j / (NR + 1),
// round j % (NR + 1) (round 0: XOR of plaintext, chaining value and round
// key 0; the last round stores the ciphertext block, the next chaining
// value). Round keys are memory operands: sixteen XMM registers do not hold
// 11..15 round keys next to the SHA state and message window.
template <int NR>
struct CbcFour {
  static constexpr int kSteps = 4 * (NR + 1);
  const __m128i* rk;
  uint8_t* out;
  __m128i x;      // the chaining value: the last ciphertext block
  __m128i pt[4];  // this step's plaintext blocks, loaded up front

  template <int J>
  CTCRYPTO_STITCH_INLINE void step() {
    constexpr int b = J / (NR + 1), r = J % (NR + 1);
    if constexpr (r == 0) {
      x = _mm_xor_si128(_mm_xor_si128(pt[b], x), _mm_load_si128(rk));
    } else if constexpr (r < NR) {
      x = _mm_aesenc_si128(x, _mm_load_si128(rk + r));
    } else {
      x = _mm_aesenclast_si128(x, _mm_load_si128(rk + NR));
      _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 16 * b), x);
    }
  }

  // Steps [From, To).
  template <int From, int To>
  CTCRYPTO_STITCH_INLINE void steps() {
    if constexpr (From < To) {
      step<From>();
      steps<From + 1, To>();
    }
  }

  // The hook the SHA block calls after group G of kGroups: the slice of
  // steps whose share of the work ends there, spread evenly.
  template <int kGroups>
  struct Slice {
    CbcFour* c;
    template <int G>
    CTCRYPTO_STITCH_INLINE void operator()(std::integral_constant<int, G>) const {
      c->template steps<G * kSteps / kGroups, (G + 1) * kSteps / kGroups>();
    }
  };
};

template <int NR, ShaFamily kFamily>
void cbc_sha_steps(const AesKeyState* s, HashState* h, const uint8_t* hash_in,
                   const uint8_t* in, uint8_t* out, size_t n, uint8_t iv[16]) {
  CbcFour<NR> c;
  c.rk = enc_keys(s);
  c.x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(iv));
  if constexpr (kFamily == ShaFamily::kSha1) {
    shani::Sha1Regs r = shani::sha1_load(h);
    for (size_t i = 0; i < n; ++i, hash_in += 64, in += 64) {
      for (int b = 0; b < 4; ++b)
        c.pt[b] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in + 16 * b));
      c.out = out + 64 * i;
      shani::sha1_block(r, hash_in, typename CbcFour<NR>::template Slice<20>{&c});
    }
    shani::sha1_store(r, h);
  } else {
    shani::Sha256Regs r = shani::sha256_load(h);
    for (size_t i = 0; i < n; ++i, hash_in += 64, in += 64) {
      for (int b = 0; b < 4; ++b)
        c.pt[b] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in + 16 * b));
      c.out = out + 64 * i;
      shani::sha256_block(r, hash_in,
                          typename CbcFour<NR>::template Slice<16>{&c});
    }
    shani::sha256_store(r, h);
  }
  _mm_storeu_si128(reinterpret_cast<__m128i*>(iv), c.x);
}

template <ShaFamily kFamily>
void cbc_sha_by_rounds(const AesKeyState* s, HashState* h,
                       const uint8_t* hash_in, const uint8_t* in, uint8_t* out,
                       size_t n, uint8_t iv[16]) {
  switch (s->rounds) {  // public
    case 10:
      return cbc_sha_steps<10, kFamily>(s, h, hash_in, in, out, n, iv);
    case 12:
      return cbc_sha_steps<12, kFamily>(s, h, hash_in, in, out, n, iv);
    default:
      return cbc_sha_steps<14, kFamily>(s, h, hash_in, in, out, n, iv);
  }
}

#undef CTCRYPTO_STITCH_INLINE

}  // namespace

void aesni_cbc_sha1_steps(const AesKeyState* s, HashState* h,
                          const uint8_t* hash_in, const uint8_t* in,
                          uint8_t* out, size_t n, uint8_t iv[16]) {
  cbc_sha_by_rounds<ShaFamily::kSha1>(s, h, hash_in, in, out, n, iv);
}

void aesni_cbc_sha256_steps(const AesKeyState* s, HashState* h,
                            const uint8_t* hash_in, const uint8_t* in,
                            uint8_t* out, size_t n, uint8_t iv[16]) {
  cbc_sha_by_rounds<ShaFamily::kSha256>(s, h, hash_in, in, out, n, iv);
}

}  // namespace x86hw

const TlsCbcKernel kTlsCbcAesniSha1 = {
    .name = "aesni+shani",
    .aes = &kAesAesni,
    .sha = &kSha1Shani,
    .seal_steps = x86hw::aesni_cbc_sha1_steps,
};

const TlsCbcKernel kTlsCbcAesniSha256 = {
    .name = "aesni+shani",
    .aes = &kAesAesni,
    .sha = &kSha256Shani,
    .seal_steps = x86hw::aesni_cbc_sha256_steps,
};

}  // namespace ctcrypto::internal
