// cpu.h: the CPU capabilities the row tables are chosen by.
//
// Capabilities are either static (//config:caps_static, the default on
// @platforms//os:none: what the compile-time target promises, target_caps.h)
// or detected once at run time (x86: cpuid/xgetbv, ARM Linux: getauxval),
// after which the comma-separated names in the environment variable
// CTCRYPTO_DISABLE are removed. Either way the result is closed under
// "builds on": removing a capability removes every capability that needs it
// (no aesni => no vaes, no avx => no avx2/avx512/vaes, ...). The runtime
// word is the only global state of the library and it is written exactly
// once.
//
// The capabilities (name, bit, what each needs, how a compile-time target
// promises it) are listed once, in crypto/cpu/caps.bzl; the Cap constants
// below, kCapNames and target_caps.h expand its generated X-macro list
// crypto/cpu/caps.inc.
//
// Nothing outside crypto/cpu reads CPUID or HWCAP: the row tables name
// what they require and the selection functions compare it with this word.
#ifndef CTCRYPTO_CPU_CPU_H_
#define CTCRYPTO_CPU_CPU_H_

#include <cstddef>
#include <cstdint>

namespace ctcrypto::internal {

// One bit per capability of crypto/cpu/caps.bzl (kCapAesni, kCapPclmul, ...).
enum Cap : uint32_t {
#define CTCRYPTO_CAP(constant, bit, name, target_has, needs) \
  constant = uint32_t{1} << (bit),
#include "crypto/cpu/caps.inc"
#undef CTCRYPTO_CAP
};

struct CapName {
  const char* name;
  uint32_t bit;
};
// kCapNames: every capability with its CTCRYPTO_DISABLE name (which `ctcrypto
// caps` prints), in caps.bzl's order.
extern const CapName kCapNames[];
extern const size_t kNumCapNames;

// cpu_detected_caps: what the CPU and OS offer, before CTCRYPTO_DISABLE.
uint32_t cpu_detected_caps();

// cpu_caps: detected & ~disabled, closed under dependencies. Computed once
// (cpu_runtime.cc), or a constant (cpu_static.cc).
uint32_t cpu_caps();

// cpu_caps_static: whether cpu_caps() is the compile-time target's set.
bool cpu_caps_static();

// caps_remove: `caps` without `removed` and without everything that builds
// on a removed capability.
uint32_t caps_remove(uint32_t caps, uint32_t removed);

// parse_disable_list: the capability bits named in a comma-separated list.
// Unknown names are ignored; *unknown (if non-null) counts them.
uint32_t parse_disable_list(const char* list, size_t* unknown);

// caps_to_string: writes the names of the bits in `caps`, comma-separated,
// into buf (always NUL-terminated); returns buf.
const char* caps_to_string(uint32_t caps, char* buf, size_t buf_len);

}  // namespace ctcrypto::internal

#endif  // CTCRYPTO_CPU_CPU_H_
