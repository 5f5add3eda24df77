// cpu_x86_64.cc: cpuid + xgetbv. A vector extension counts only if the OS
// saves its register state (XCR0), otherwise using it would corrupt state
// across context switches.
#include <cpuid.h>

#include "crypto/cpu/cpu.h"
#include "crypto/cpu/cpu_detect.h"

namespace ctcrypto::internal {

namespace {

uint64_t read_xcr0() {
  uint32_t eax, edx;
  // xgetbv with ECX = 0; encoded as bytes so no -mxsave is needed.
  __asm__ volatile(".byte 0x0f, 0x01, 0xd0" : "=a"(eax), "=d"(edx) : "c"(0));
  return (static_cast<uint64_t>(edx) << 32) | eax;
}

}  // namespace

uint32_t detect_cpu_caps() {
  unsigned a, b, c, d;
  if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
  uint32_t caps = 0;
  if (c & (1u << 9)) caps |= kCapSsse3;
  if (c & (1u << 25)) caps |= kCapAesni;
  if (c & (1u << 1)) caps |= kCapPclmul;
  bool osxsave = (c & (1u << 27)) != 0;
  uint64_t xcr0 = osxsave ? read_xcr0() : 0;
  bool ymm_state = (xcr0 & 0x6) == 0x6;            // XMM | YMM
  bool zmm_state = (xcr0 & 0xe6) == 0xe6;          // + opmask, ZMM_Hi256, Hi16_ZMM
  if ((c & (1u << 28)) && ymm_state) caps |= kCapAvx;

  // clang's <cpuid.h> declares it int, gcc's unsigned: the leaf count is
  // nonnegative either way.
  unsigned max_leaf = static_cast<unsigned>(__get_cpuid_max(0, nullptr));
  if (max_leaf >= 7) {
    __cpuid_count(7, 0, a, b, c, d);
    if ((b & (1u << 5)) && ymm_state) caps |= kCapAvx2;
    bool avx512 = (b & (1u << 16)) && (b & (1u << 30)) && (b & (1u << 31));
    if (avx512 && zmm_state) caps |= kCapAvx512;
    bool vaes = (c & (1u << 9)) != 0, vpclmul = (c & (1u << 10)) != 0;
    if (vaes && vpclmul && ymm_state) caps |= kCapVaes;
    if (b & (1u << 29)) caps |= kCapShaNi;  // SHA extensions (XMM state only)
  }
  return caps;
}

}  // namespace ctcrypto::internal
