// target_caps.h: what the compile-time target promises, from the compiler's
// predefined macros (the flags of the consumer's toolchain, not a row's own
// -m flags: include this only from code compiled with the library's base
// flags). Used when capabilities are static (//config:caps_static, the
// default on @platforms//os:none): cpu_static.cc reports exactly these, and
// the generated row tables (crypto/rows.bzl) list a row only when
// CTCRYPTO_TARGET_HAS_<NAME> holds for every capability it uses, so a row
// whose instructions the target does not promise is never linked.
//
// CTCRYPTO_TARGET_HAS_<NAME> (0 or 1) is generated, with the predefined
// macros that promise each capability, from crypto/cpu/caps.bzl
// (crypto/cpu/target_caps.inc).
#ifndef CTCRYPTO_CPU_TARGET_CAPS_H_
#define CTCRYPTO_CPU_TARGET_CAPS_H_

#include <cstdint>

#include "crypto/cpu/cpu.h"
#include "crypto/cpu/target_caps.inc"

namespace ctcrypto::internal {

// kTargetCaps: the Cap bits the compile-time target promises.
inline constexpr uint32_t kTargetCaps = 0
#define CTCRYPTO_CAP(constant, bit, name, target_has, needs) \
  | ((target_has) ? uint32_t{constant} : uint32_t{0})
#include "crypto/cpu/caps.inc"
#undef CTCRYPTO_CAP
    ;

}  // namespace ctcrypto::internal

#endif  // CTCRYPTO_CPU_TARGET_CAPS_H_
