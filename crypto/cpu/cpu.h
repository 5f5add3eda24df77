// cpu.h: the CPU capabilities the row tables are chosen by.
//
// Capabilities are either static (//config:caps_static, the default on
// @platforms//os:none: what the compile-time target promises, target_caps.h)
// or detected once at run time (x86: cpuid/xgetbv, ARM Linux: getauxval),
// after which the comma-separated names in the environment variable
// CTCRYPTO_DISABLE are removed. Either way the result is closed under
// "builds on": removing a capability removes every capability that needs it
// (no aesni => no vaes, no avx => no avx2/avx512/vaes/vpclmul, ...). The
// runtime word is the only global state of the library and it is written
// exactly once.
//
// Nothing outside crypto/cpu reads CPUID or HWCAP: the row tables name
// what they require and the selection functions compare it with this word.
#ifndef CTCRYPTO_CPU_CPU_H_
#define CTCRYPTO_CPU_CPU_H_

#include <cstddef>
#include <cstdint>

namespace ctcrypto::internal {

enum Cap : uint32_t {
  // Names accepted by CTCRYPTO_DISABLE (and printed by `ctcrypto caps`).
  kCapAesni = 1u << 0,   // x86 AES-NI
  kCapPclmul = 1u << 1,  // x86 PCLMULQDQ
  kCapSsse3 = 1u << 2,   // x86 SSSE3 (PSHUFB)
  kCapAvx = 1u << 3,     // x86 AVX, OS-enabled YMM state (xgetbv)
  kCapVaes = 1u << 4,    // x86 VAES + VPCLMULQDQ on 256/512-bit vectors
  kCapNeon = 1u << 5,    // ARM Advanced SIMD
  kCapAes = 1u << 6,     // ARMv8 AES instructions (AESE/AESD/AESMC/AESIMC)
  kCapPmull = 1u << 7,   // ARMv8 64-bit PMULL
  // Finer capabilities that other names imply; removed with their parents.
  kCapAvx2 = 1u << 8,
  kCapAvx512 = 1u << 9,  // AVX-512 F/BW/VL with OS-enabled ZMM state
  // SHA instructions (the compression-function rows, hash/sha_row.h).
  kCapShaNi = 1u << 10,   // x86 SHA extensions (SHA-1 and SHA-256)
  kCapSha1 = 1u << 11,    // ARMv8 SHA1C/SHA1P/SHA1M/SHA1H/SHA1SU0/SHA1SU1
  kCapSha2 = 1u << 12,    // ARMv8 SHA256H/SHA256H2/SHA256SU0/SHA256SU1
  kCapSha512 = 1u << 13,  // ARMv8.2 SHA512H/SHA512H2/SHA512SU0/SHA512SU1
};

struct CapName {
  const char* name;
  uint32_t bit;
};
// kCapNames: every capability with its CTCRYPTO_DISABLE name.
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
