// cpu_detect.h: the per-architecture run-time probe. With runtime
// capabilities exactly one of cpu_x86_64.cc, cpu_aarch64.cc, cpu_arm.cc,
// cpu_none.cc is compiled; static capabilities (cpu_static.cc) need none.
#ifndef CTCRYPTO_CPU_CPU_DETECT_H_
#define CTCRYPTO_CPU_CPU_DETECT_H_

#include <cstdint>

namespace ctcrypto::internal {

// detect_cpu_caps: Cap bits the CPU and OS support, as reported by the
// hardware, before any CTCRYPTO_DISABLE.
uint32_t detect_cpu_caps();

}  // namespace ctcrypto::internal

#endif  // CTCRYPTO_CPU_CPU_DETECT_H_
