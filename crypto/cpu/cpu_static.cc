// cpu_static.cc: static capabilities (//config:caps_static, the default on
// @platforms//os:none): exactly what the compile-time target promises
// (target_caps.h). No probe, no environment: CTCRYPTO_DISABLE is not read,
// and nothing here needs an operating system.
#include "crypto/cpu/cpu.h"
#include "crypto/cpu/target_caps.h"

namespace ctcrypto::internal {

uint32_t cpu_detected_caps() { return caps_remove(kTargetCaps, ~kTargetCaps); }

uint32_t cpu_caps() {
  // A constant: no global state at all.
  return cpu_detected_caps();
}

bool cpu_caps_static() { return true; }

}  // namespace ctcrypto::internal
