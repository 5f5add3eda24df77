// ghash_nohw32_rows.h: both multiplier variants of the 32-bit portable GHASH
// (crypto/ghash/ghash_nohw32.h) as rows of their own, compiled on every
// target, for the tests and the constant-time suites. A 32-bit build's
// `nohw` row is one of the two (ghash_nohw32.cc picks it per core), so the
// other one would otherwise run only on the configurations whose core picks
// it (32x32->32: cortex_m0plus only, no hosted one, so not under valgrind);
// these rows run both on every configuration. Not listed in the library's tables: no build selects
// them, init_with_rows (explicit_rows.h) takes them as it takes the
// reference rows.
#ifndef CTCRYPTO_TESTING_GHASH_NOHW32_ROWS_H_
#define CTCRYPTO_TESTING_GHASH_NOHW32_ROWS_H_

#include "crypto/ghash/ghash_row.h"

namespace ctcrypto::internal {

// "nohw32_mul64": 32x32->64 multiplies (the `nohw` row of ARMv7-A,
// ARMv7E-M, ARMv8-M Mainline).
extern const GhashRow kGhashNohw32Mul64;
// "nohw32_mul32": 32x32->32 multiplies and bit reversal (the `nohw` row of
// ARMv6-M, ARMv7-M without DSP, ARMv8-M Baseline).
extern const GhashRow kGhashNohw32Mul32;

}  // namespace ctcrypto::internal

#endif  // CTCRYPTO_TESTING_GHASH_NOHW32_ROWS_H_
