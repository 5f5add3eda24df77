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
#ifndef CTCRYPTO_CT_H_
#define CTCRYPTO_CT_H_

#include <cstddef>

#if defined(CTCRYPTO_CTGRIND)
#include <valgrind/memcheck.h>
#include <valgrind/valgrind.h>
#endif

namespace ctcrypto::internal {

// ct_secret: from here on, the n bytes at p are secret; anything that
// branches on them or uses them as an address is reported under ctgrind.
inline void ct_secret([[maybe_unused]] const void* p,
                      [[maybe_unused]] size_t n) {
#if defined(CTCRYPTO_CTGRIND)
  (void)VALGRIND_MAKE_MEM_UNDEFINED(p, n);
#endif
}

// ct_declassify: the n bytes at p are public from here on. Call only on
// values that the protocol reveals anyway, at one place, with a comment.
inline void ct_declassify([[maybe_unused]] const void* p,
                          [[maybe_unused]] size_t n) {
#if defined(CTCRYPTO_CTGRIND)
  (void)VALGRIND_MAKE_MEM_DEFINED(p, n);
#endif
}

// ct_checking: true when running under valgrind in a ctgrind build (the
// tests use it to say whether a run actually checked anything).
inline bool ct_checking() {
#if defined(CTCRYPTO_CTGRIND)
  return RUNNING_ON_VALGRIND != 0;
#else
  return false;
#endif
}

}  // namespace ctcrypto::internal

#endif  // CTCRYPTO_CT_H_
