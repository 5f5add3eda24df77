// aes_vpaes_x86_64.cc: vpaes on x86-64 with SSSE3 PSHUFB.
//
// The algorithm (Hamburg, CHES 2009: AES as 16-entry nibble lookups done by
// a byte shuffle with the table in a register) lives once in vpaes_core.h;
// this file supplies the eight vector operations it needs (load, store,
// vxor, vand, splat, shr4, tbl, with_ctr; see "Usage" there). PSHUFB returns 0
// for an index byte with bit 7 set and otherwise uses the low 4 bits, which
// is exactly the "1/0 = 0x80 = infinity" convention of the core (indices
// are always < 16 or >= 0x80). Every table is a register or a constant
// memory operand at a fixed address; the state never indexes memory, so the
// code is constant time. Compiled with -mssse3; used when CPUID has SSSE3.
#include <tmmintrin.h>

#include "crypto/aes/aes_row.h"
#include "crypto/aes/vpaes_core.h"
#include "crypto/aes/vpaes_export.h"
#include "crypto/cpu/cpu.h"

namespace ctcrypto::internal {
namespace {

struct Ssse3 {
  using V = __m128i;
  // The row's entry points scrub this much stack after each call
  // (vpaes_core.h, "entry points"): the largest entry frame is 56 bytes
  // (gcc 12, clang 14: -fstack-usage) below which the 128-byte red zone
  // holds a leaf's spills.
  static constexpr size_t kFrameScrubBytes = 256;
  static V load(const uint8_t* p) {
    return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  }
  static void store(uint8_t* p, V v) {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(p), v);
  }
  static V vxor(V a, V b) { return _mm_xor_si128(a, b); }
  static V vand(V a, V b) { return _mm_and_si128(a, b); }
  static V splat(uint8_t c) { return _mm_set1_epi8(static_cast<char>(c)); }
  // No per-byte shift on SSE: shift 16-bit lanes and mask the nibble.
  static V shr4(V x) { return _mm_and_si128(_mm_srli_epi16(x, 4), splat(0x0F)); }
  static V tbl(V table, V idx) { return _mm_shuffle_epi8(table, idx); }
  static V with_ctr(V prefix, uint32_t ctr) {
    const uint32_t be = be32_lane(ctr);
    return _mm_or_si128(prefix,
                        _mm_slli_si128(_mm_cvtsi32_si128(static_cast<int>(be)), 12));
  }
};

using Impl = vpaes::Vpaes<Ssse3>;

}  // namespace

CTCRYPTO_VPAES_DEFINE_ROW(Impl, kCapSsse3)

}  // namespace ctcrypto::internal
