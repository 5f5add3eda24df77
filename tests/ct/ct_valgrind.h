// ct_valgrind.h: what the constant-time programs ask valgrind (under
// --config=ctgrind, which defines CTCRYPTO_CTGRIND and links the valgrind
// client requests); elsewhere the answers of a run without valgrind.
#ifndef CTCRYPTO_TESTS_CT_CT_VALGRIND_H_
#define CTCRYPTO_TESTS_CT_CT_VALGRIND_H_

#if defined(CTCRYPTO_CTGRIND)
#include <valgrind/valgrind.h>
#endif

namespace ctcrypto_ct {

inline bool under_valgrind() {
#if defined(CTCRYPTO_CTGRIND)
  return RUNNING_ON_VALGRIND != 0;
#else
  return false;
#endif
}

// valgrind_errors: the errors valgrind has reported so far in this process.
inline unsigned valgrind_errors() {
#if defined(CTCRYPTO_CTGRIND)
  return VALGRIND_COUNT_ERRORS;
#else
  return 0;
#endif
}

}  // namespace ctcrypto_ct

#endif  // CTCRYPTO_TESTS_CT_CT_VALGRIND_H_
