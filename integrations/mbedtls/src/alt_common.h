// alt_common.h: what the ALT modules share: the objects in a context's
// opaque storage (ctcrypto_mbedtls_alt.h), wiping, overlap tests and the
// constant-time helpers.
//
// Include this first: it lets the modules read the fields of Mbed TLS's
// structures (MBEDTLS_ALLOW_PRIVATE_ACCESS), as Mbed TLS's own library
// sources do.
#ifndef CTCRYPTO_MBEDTLS_ALT_COMMON_H_
#define CTCRYPTO_MBEDTLS_ALT_COMMON_H_

#define MBEDTLS_ALLOW_PRIVATE_ACCESS

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>
#include <span>

#include "ctcrypto_mbedtls_alt.h"
#include "mbedtls/build_info.h"
#include "mbedtls/platform_util.h"

#if defined(CTCRYPTO_CTGRIND)
#include <valgrind/memcheck.h>
#elif defined(CTCRYPTO_CTMSAN)
#include <sanitizer/msan_interface.h>
#endif

namespace ctcrypto_mbedtls {

// wipe: mbedtls_platform_zeroize (not optimised away).
inline void wipe(void* p, size_t n) {
  if (n != 0) mbedtls_platform_zeroize(p, n);
}

// overlap: whether [a, a+n) and [b, b+n) share a byte without being the
// same buffer (in place).
inline bool partial_overlap(const void* a, const void* b, size_t n) {
  const uintptr_t x = reinterpret_cast<uintptr_t>(a);
  const uintptr_t y = reinterpret_cast<uintptr_t>(b);
  if (n == 0 || x == y) return false;
  return x < y ? y - x < n : x - y < n;
}

// ct_diff: 1 when the n bytes differ, else 0, with no branch or index on
// their values (a tag compare). The verdict alone is public (the caller
// learns it from the return code): it is reduced to one bit before it is
// declassified for the constant-time checkers (doc/constant-time.md; the
// ctgrind / ctmsan builds define these macros), as ctcrypto declassifies
// its own verdicts, so that the branch on it is not reported.
inline uint32_t ct_diff(const uint8_t* a, const uint8_t* b, size_t n) {
  uint32_t d = 0;
  for (size_t i = 0; i < n; ++i) d |= static_cast<uint32_t>(a[i] ^ b[i]);
  uint32_t verdict = (d | (0u - d)) >> 31;
#if defined(CTCRYPTO_CTGRIND)
  (void)VALGRIND_MAKE_MEM_DEFINED(&verdict, sizeof(verdict));
#elif defined(CTCRYPTO_CTMSAN)
  __msan_unpoison(&verdict, sizeof(verdict));
#endif
  return verdict;
}

inline void xor_into(uint8_t* dst, const uint8_t* src, size_t n) {
  for (size_t i = 0; i < n; ++i) dst[i] ^= src[i];
}

// The objects of a context, T, at the first address of its storage aligned
// for T (ctcrypto_mbedtls_alt.h).
template <class T, class Ctx>
size_t aligned_offset(const Ctx* ctx) {
  static_assert(sizeof(T) + alignof(T) - 1 <= sizeof(ctx->ctcrypto_storage),
                "the context's storage is too small for its objects");
  const uintptr_t p = reinterpret_cast<uintptr_t>(ctx->ctcrypto_storage);
  return static_cast<size_t>((alignof(T) - p % alignof(T)) % alignof(T));
}

// construct: a fresh T in the context (the context's key state is left to
// the caller). Any previous objects must have been cleared.
template <class T, class Ctx>
T* construct(Ctx* ctx) {
  const size_t off = aligned_offset<T>(ctx);
  ctx->ctcrypto_offset = static_cast<uint32_t>(off);
  ctx->ctcrypto_self = ctx;
  return new (ctx->ctcrypto_storage + off) T();
}

// objects: the context's T, or nullptr if it holds no key. A context
// copied to an address of another alignment has its objects moved into
// place; *moved (if given) reports whether the context was found away from
// where it was last used (a copy), so that references an operation in
// progress holds into the old copy can be dropped.
template <class T, class Ctx>
T* objects(Ctx* ctx, bool* moved = nullptr) {
  if (ctx->ctcrypto_state != CTCRYPTO_MBEDTLS_KEYED) return nullptr;
  const size_t off = aligned_offset<T>(ctx);
  if (off != ctx->ctcrypto_offset) {
    if (ctx->ctcrypto_offset > sizeof(ctx->ctcrypto_storage) - sizeof(T)) {
      return nullptr;  // not a context this module set up
    }
    std::memmove(ctx->ctcrypto_storage + off,
                 ctx->ctcrypto_storage + ctx->ctcrypto_offset, sizeof(T));
    ctx->ctcrypto_offset = static_cast<uint32_t>(off);
  }
  if (moved != nullptr) *moved = ctx->ctcrypto_self != ctx;
  ctx->ctcrypto_self = ctx;
  return std::launder(reinterpret_cast<T*>(ctx->ctcrypto_storage + off));
}

// release: destroys the context's T (its destructor wipes it) and wipes the
// whole context, which holds no key afterwards.
template <class T, class Ctx>
void release(Ctx* ctx) {
  if (T* t = objects<T>(ctx)) t->~T();
  wipe(ctx, sizeof(*ctx));
}

// Big-endian helpers.
inline void put_be64(uint8_t* p, uint64_t v) {
  for (int i = 7; i >= 0; --i) {
    p[i] = static_cast<uint8_t>(v);
    v >>= 8;
  }
}

// inc32_by: adds n to the last 32 bits of a counter block (mod 2^32).
inline void inc32_by(uint8_t ctr[16], uint64_t n) {
  uint32_t c = (uint32_t{ctr[12]} << 24) | (uint32_t{ctr[13]} << 16) |
               (uint32_t{ctr[14]} << 8) | ctr[15];
  c += static_cast<uint32_t>(n);
  ctr[12] = static_cast<uint8_t>(c >> 24);
  ctr[13] = static_cast<uint8_t>(c >> 16);
  ctr[14] = static_cast<uint8_t>(c >> 8);
  ctr[15] = static_cast<uint8_t>(c);
}

// inc128_by: adds n to a 128-bit big-endian counter block (mod 2^128).
inline void inc128_by(uint8_t ctr[16], uint64_t n) {
  unsigned carry = 0;
  for (int i = 15; i >= 0; --i) {
    const unsigned add = static_cast<unsigned>(n & 0xff);
    n >>= 8;
    const unsigned s = ctr[i] + add + carry;
    ctr[i] = static_cast<uint8_t>(s);
    carry = s >> 8;
    if (n == 0 && carry == 0) break;
  }
}

// Bytes of stack a mode uses to bounce data whose input and output overlap
// other than exactly (Mbed TLS allows output below input).
inline constexpr size_t kBounce = 256;

}  // namespace ctcrypto_mbedtls

#endif  // CTCRYPTO_MBEDTLS_ALT_COMMON_H_
