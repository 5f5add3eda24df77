// cpu_arm.cc: 32-bit ARM. NEON from AT_HWCAP, the AArch32 crypto extensions
// from AT_HWCAP2.
#include <sys/auxv.h>

#include "crypto/cpu/cpu.h"
#include "crypto/cpu/cpu_detect.h"

namespace ctcrypto::internal {

uint32_t detect_cpu_caps() {
  unsigned long hwcap = getauxval(AT_HWCAP);
  unsigned long hwcap2 = getauxval(AT_HWCAP2);
  uint32_t caps = 0;
  if (hwcap & (1ul << 12)) caps |= kCapNeon;  // HWCAP_NEON
  if (hwcap2 & (1ul << 0)) caps |= kCapAes;   // HWCAP2_AES
  if (hwcap2 & (1ul << 1)) caps |= kCapPmull; // HWCAP2_PMULL
  if (hwcap2 & (1ul << 2)) caps |= kCapSha1;  // HWCAP2_SHA1
  if (hwcap2 & (1ul << 3)) caps |= kCapSha2;  // HWCAP2_SHA2
  return caps;
}

}  // namespace ctcrypto::internal
