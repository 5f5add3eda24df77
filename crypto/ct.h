// ct.h: secret / public annotations for mechanical constant-time checking.
//
// The checker is valgrind memcheck used the ctgrind way (Langley 2010): the
// bytes of a secret (key, plaintext, received tag) are marked *undefined*.
// Memcheck then propagates undefinedness through every computation and
// reports each conditional branch, memory address (table index) or system
// call that depends on it: exactly the operations a constant-time
// implementation must not perform on secrets. Arithmetic, shifts, masks,
// SIMD and AES/CLMUL instructions on undefined data are not reported, so
// constant-time code runs clean.
//
// Values that are public by design must be made "defined" again before the
// code branches on them (declassified): a tag-check result, a ciphertext
// handed to the network, a length. Each declassification in crypto/ is one
// named call with a comment saying why the value is public; grep for
// ct_declassify to audit them all.
//
// Normal builds: both functions are empty inline functions and vanish. The
// --config=ctgrind build (.bazelrc) defines CTCRYPTO_CTGRIND, and they
// become memcheck client requests (a few no-op instructions that valgrind
// recognises; also harmless when the binary runs outside valgrind).
//
// The second checker, for code valgrind cannot run (AVX-512: VAES,
// VPCLMULQDQ), is clang's MemorySanitizer used the same way (Mbed TLS's
// "constant-flow" testing): --config=ctmsan defines CTCRYPTO_CTMSAN and the
// same two functions become __msan_poison / __msan_unpoison. MSan propagates
// poison through arithmetic and SIMD intrinsics and reports a conditional
// branch or a memory address (-msan-check-access-address, on by default)
// that depends on a poisoned value.
#ifndef CTCRYPTO_CT_H_
#define CTCRYPTO_CT_H_

#include <cstddef>

#if defined(CTCRYPTO_CTGRIND)
#include <valgrind/memcheck.h>
#include <valgrind/valgrind.h>
#endif
#if defined(CTCRYPTO_CTMSAN)
#include <sanitizer/msan_interface.h>
#endif

namespace ctcrypto::internal {

// ct_secret: from here on, the n bytes at p are secret; anything that
// branches on them or uses them as an address is reported under ctgrind.
inline void ct_secret([[maybe_unused]] const void* p,
                      [[maybe_unused]] size_t n) {
#if defined(CTCRYPTO_CTGRIND)
  (void)VALGRIND_MAKE_MEM_UNDEFINED(p, n);
#elif defined(CTCRYPTO_CTMSAN)
  __msan_poison(p, n);
#endif
}

// ct_asm_stored: the n bytes at p were stored by an asm statement from
// secrets (a kernel's output). MSan does not see stores made in asm, so
// under ctmsan their shadow would still be that of what was there before;
// this marks them secret (a coarse but sound rule, as CtAsmScope's).
// Elsewhere it is nothing: valgrind follows the stores themselves.
inline void ct_asm_stored([[maybe_unused]] const void* p,
                          [[maybe_unused]] size_t n) {
#if defined(CTCRYPTO_CTMSAN)
  __msan_poison(p, n);
#endif
}

// ct_declassify: the n bytes at p are public from here on. Call only on
// values that the protocol reveals anyway, at one place, with a comment.
inline void ct_declassify([[maybe_unused]] const void* p,
                          [[maybe_unused]] size_t n) {
#if defined(CTCRYPTO_CTGRIND)
  (void)VALGRIND_MAKE_MEM_DEFINED(p, n);
#elif defined(CTCRYPTO_CTMSAN)
  __msan_unpoison(p, n);
#endif
}

// ct_checking: true when running under valgrind in a ctgrind build, or in
// a ctmsan build (MSan is compiled in; the tests use it to say whether a
// run actually checked anything).
inline bool ct_checking() {
#if defined(CTCRYPTO_CTGRIND)
  return RUNNING_ON_VALGRIND != 0;
#elif defined(CTCRYPTO_CTMSAN)
  return true;
#else
  return false;
#endif
}

// ct_opaque: returns v, hidden from the optimiser. For public loop indices
// that are combined with a secret (a counter derived from the key, such as
// GCM's J0 for nonces other than 96 bits): without it the compiler may
// strength-reduce `secret + i` into the loop's induction variable and
// test the loop's end on the secret sum, a branch on secret data (with a
// fixed pattern, but neither a checker nor the next compiler can know that).
//
// Under ctmsan: MSan checks every input of an asm statement and calls its
// outputs clean, which would report the barrier itself and then declassify
// v; the shadow of v is carried across the empty asm by hand instead.
template <typename T>
inline T ct_opaque(T v) {
#if defined(CTCRYPTO_CTMSAN)
  const T shadow_of = v;
  __msan_unpoison(&v, sizeof(v));
  __asm__("" : "+r"(v));
  __msan_copy_shadow(&v, &shadow_of, sizeof(v));
#else
  __asm__("" : "+r"(v));
#endif
  return v;
}

// ct_unmodelled: f(x), for an instruction the checker does not model.
// MSan checks the inputs of an intrinsic it has no rule for and calls its
// result clean (clang 14: _mm_aeskeygenassist_si128, whose immediate
// operand gives it a shape MSan's generic rule does not cover), which would
// report a constant-time computation and then lose the secret. Under
// ctmsan, f runs on a clean copy and the result is secret if any byte of x
// was (a coarser but sound rule); everywhere else this is just f(x).
template <typename T, typename F>
inline auto ct_unmodelled(T x, F f) {
#if defined(CTCRYPTO_CTMSAN)
  const bool secret = __msan_test_shadow(&x, sizeof(x)) != -1;
  __msan_unpoison(&x, sizeof(x));
  auto r = f(x);
  if (secret) __msan_poison(&r, sizeof(r));
  return r;
#else
  return f(x);
#endif
}

// CTCRYPTO_CT_ASM_SCOPE(io, io_bytes, reads, reads_bytes): put before an
// asm statement whose register operands are the io_bytes at io (in and
// out) and which reads reads_bytes at reads through a pointer. MSan checks
// every input of an asm statement and calls its outputs clean, which would
// report a constant-time computation and then lose the secret (the
// generated bitsliced rounds, the XTS tweak doubling). Under ctmsan the io
// bytes are unpoisoned for the asm and, at the end of the enclosing scope,
// poisoned again when any io or read byte was secret (a coarse but sound
// rule, as ct_unmodelled's); elsewhere it is nothing.
#if defined(CTCRYPTO_CTMSAN)
class CtAsmScope {
 public:
  CtAsmScope(void* io, size_t io_bytes, const void* reads, size_t reads_bytes)
      : io_(io), n_(io_bytes) {
    secret_ = __msan_test_shadow(io, io_bytes) != -1 ||
              (reads != nullptr && __msan_test_shadow(reads, reads_bytes) != -1);
    __msan_unpoison(io, io_bytes);
  }
  ~CtAsmScope() {
    if (secret_) __msan_poison(io_, n_);
  }
  CtAsmScope(const CtAsmScope&) = delete;
  CtAsmScope& operator=(const CtAsmScope&) = delete;

 private:
  void* io_;
  size_t n_;
  bool secret_;
};
#define CTCRYPTO_CT_ASM_SCOPE(io, io_bytes, reads, reads_bytes) \
  const ::ctcrypto::internal::CtAsmScope ct_asm_scope_((io), (io_bytes), \
                                                      (reads), (reads_bytes))
#else
#define CTCRYPTO_CT_ASM_SCOPE(io, io_bytes, reads, reads_bytes) \
  static_cast<void>(0)
#endif

}  // namespace ctcrypto::internal

#endif  // CTCRYPTO_CT_H_
