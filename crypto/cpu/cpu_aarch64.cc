// cpu_aarch64.cc: AT_HWCAP from the kernel. Advanced SIMD is architectural
// on ARMv8-A, so kCapNeon is always present.
#include <sys/auxv.h>

#include "crypto/cpu/cpu.h"
#include "crypto/cpu/cpu_detect.h"

namespace ctcrypto::internal {

uint32_t detect_cpu_caps() {
  unsigned long hwcap = getauxval(AT_HWCAP);
  uint32_t caps = kCapNeon;
  if (hwcap & (1ul << 3)) caps |= kCapAes;    // HWCAP_AES
  if (hwcap & (1ul << 4)) caps |= kCapPmull;  // HWCAP_PMULL
  if (hwcap & (1ul << 5)) caps |= kCapSha1;   // HWCAP_SHA1
  if (hwcap & (1ul << 6)) caps |= kCapSha2;   // HWCAP_SHA2
  if (hwcap & (1ul << 21)) caps |= kCapSha512;  // HWCAP_SHA512
  return caps;
}

}  // namespace ctcrypto::internal
