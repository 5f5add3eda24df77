// cpu_none.cc: the run-time probe of a CPU family without one here (any CPU
// but x86_64, or ARM outside Linux, where HWCAP is not read): it reports
// nothing, so the tables choose rows that need no capability (the
// portable rows; on aarch64 the NEON rows, Advanced SIMD being
// architectural). A product that knows its target's features uses static
// capabilities instead (//config:caps_static).
#include "crypto/cpu/cpu.h"
#include "crypto/cpu/cpu_detect.h"

namespace ctcrypto::internal {

uint32_t detect_cpu_caps() { return 0; }

}  // namespace ctcrypto::internal
