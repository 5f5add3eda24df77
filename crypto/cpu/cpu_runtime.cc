// cpu_runtime.cc: capabilities probed at run time (//config:caps_runtime,
// the default except on @platforms//os:none): the CPU family's probe
// (cpu_x86_64.cc, cpu_aarch64.cc, cpu_arm.cc, or cpu_none.cc) minus the
// names listed in the environment variable CTCRYPTO_DISABLE.
#include <cstdlib>

#include "crypto/cpu/cpu.h"
#include "crypto/cpu/cpu_detect.h"

namespace ctcrypto::internal {

uint32_t cpu_detected_caps() {
  // Closing the detected set too keeps it coherent (e.g. AVX reported
  // without SSSE3 by an odd hypervisor is dropped).
  // The closure propagates from removed bits, so every bit the CPU lacks
  // counts as removed (caps_remove(raw, 0) would close nothing).
  uint32_t raw = detect_cpu_caps();
  return caps_remove(raw, ~raw);
}

uint32_t cpu_caps() {
  // The library's only global state: computed once, thread-safe by the
  // C++ rules for function-local statics, never written again.
  static const uint32_t caps = [] {
    uint32_t removed = parse_disable_list(std::getenv("CTCRYPTO_DISABLE"),
                                          nullptr);
    return caps_remove(cpu_detected_caps(), removed);
  }();
  return caps;
}

bool cpu_caps_static() { return false; }

}  // namespace ctcrypto::internal
