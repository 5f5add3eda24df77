// An unaligned word load and halfword store fault on the ARMv6-M build, as
// on a Cortex-M0+, and are performed on the ARMv7E-M / ARMv8-M builds.
//
// The ARMv6-M build runs on mps2-an385's Cortex-M3, which would perform them;
// mps2_vectors.c sets CCR.UNALIGN_TRP before the C runtime starts so that it
// faults instead. This test is what shows the setting took: it points VTOR at
// a copy of the vector table whose HardFault handler counts the fault, notes
// CFSR, clears the fault status and resumes after the faulting (16-bit)
// instruction. A run that does not fault where it must, or faults where it
// must not, fails; the board runtime's own handler (a fault ends the test)
// is back in place before main returns.
#include <cstdint>
#include <cstdio>
#include <cstring>

namespace {

// System Control Block registers (ARMv7-M ARM, "System Control Space").
volatile uint32_t& Reg(uint32_t address) {
  return *reinterpret_cast<volatile uint32_t*>(address);
}
constexpr uint32_t kVtor = 0xE000ED08u;
constexpr uint32_t kCcr = 0xE000ED14u;
constexpr uint32_t kCfsr = 0xE000ED28u;
constexpr uint32_t kHfsr = 0xE000ED2Cu;
constexpr uint32_t kCcrUnalignTrp = 1u << 3;
constexpr uint32_t kCfsrUnaligned = 1u << 24;  // UFSR.UNALIGNED

#if defined(__ARM_ARCH_6M__)
constexpr bool kMustTrap = true;
#else
constexpr bool kMustTrap = false;
#endif

volatile uint32_t traps = 0;
volatile uint32_t trap_cfsr = 0;

}  // namespace

// Called from trap_handler with the stacked exception frame (r0-r3, r12,
// lr, pc, xPSR): resume at the instruction after the faulting one, which
// the probes below make a 16-bit encoding.
extern "C" __attribute__((used)) void unaligned_trap_record(uint32_t* frame) {
  traps = traps + 1;
  trap_cfsr = Reg(kCfsr);
  Reg(kCfsr) = Reg(kCfsr);  // write-one-to-clear
  Reg(kHfsr) = Reg(kHfsr);
  frame[6] += 2;
}

// Keeps EXC_RETURN (lr) across the call and returns through it; push/pop of
// two registers keep the stack 8-byte aligned. ARMv6-M instructions only.
extern "C" __attribute__((naked)) void unaligned_trap_handler() {
  __asm__ volatile(
      "mov r0, sp\n"
      "push {r0, lr}\n"
      "bl unaligned_trap_record\n"
      "pop {r0, r1}\n"
      "bx r1\n");
}

namespace {

// 16 system exception entries; VTOR ignores its low 7 bits and the boards'
// tables (with their interrupt entries) need at most 512-byte alignment.
alignas(512) void (*vectors[16])();

int failures = 0;
void Check(bool ok, const char* what) {
  if (!ok) {
    std::printf("FAIL: %s\n", what);
    failures++;
  }
}

// A 16-bit LDR (T1: low registers, immediate 0) from p.
uint32_t LoadWord(const void* p) {
  uint32_t v;
  __asm__ volatile("ldr %0, [%1]" : "=l"(v) : "l"(p) : "memory");
  return v;
}

// A 16-bit STRH (T1) of v to p.
void StoreHalf(void* p, uint32_t v) {
  __asm__ volatile("strh %0, [%1]" : : "l"(v), "l"(p) : "memory");
}

}  // namespace

int main() {
  const uint32_t old_vtor = Reg(kVtor);
  std::memcpy(vectors, reinterpret_cast<const void*>(old_vtor), sizeof(vectors));
  vectors[3] = unaligned_trap_handler;  // HardFault (UsageFault is not enabled)
  Reg(kVtor) = reinterpret_cast<uint32_t>(vectors);
  __asm__ volatile("dsb\nisb" ::: "memory");

  Check(((Reg(kCcr) & kCcrUnalignTrp) != 0) == kMustTrap,
        kMustTrap ? "CCR.UNALIGN_TRP is clear on the ARMv6-M build"
                  : "CCR.UNALIGN_TRP is set on an ARMv7-M/ARMv8-M build");

  alignas(4) unsigned char buf[12] = {0x00, 0x11, 0x22, 0x33, 0x44, 0x55,
                                      0x66, 0x77, 0x88, 0x99, 0xaa, 0xbb};
  // Aligned: never traps.
  uint32_t v = LoadWord(buf + 4);
  Check(traps == 0, "an aligned load trapped");
  Check(v == 0x77665544u, "aligned load value");

  // Unaligned word load.
  v = LoadWord(buf + 1);
  if (kMustTrap) {
    Check(traps == 1, "an unaligned LDR did not trap on the ARMv6-M build");
    Check((trap_cfsr & kCfsrUnaligned) != 0, "the fault was not UNALIGNED");
  } else {
    Check(traps == 0, "an unaligned LDR trapped");
    Check(v == 0x44332211u, "unaligned load value");
  }

  // Unaligned halfword store: on the ARMv6-M build it traps before writing.
  trap_cfsr = 0;
  StoreHalf(buf + 7, 0xa5c3u);
  if (kMustTrap) {
    Check(traps == 2, "an unaligned STRH did not trap on the ARMv6-M build");
    Check((trap_cfsr & kCfsrUnaligned) != 0, "the fault was not UNALIGNED");
    Check(buf[7] == 0x77 && buf[8] == 0x88, "the trapped store wrote memory");
  } else {
    Check(traps == 0, "an unaligned STRH trapped");
    Check(buf[7] == 0xc3 && buf[8] == 0xa5, "unaligned store value");
  }

  Reg(kVtor) = old_vtor;
  __asm__ volatile("dsb\nisb" ::: "memory");
  std::printf("unaligned_trap_test: %s (%s build, %u traps)\n",
              failures == 0 ? "OK" : "FAILED",
              kMustTrap ? "ARMv6-M" : "ARMv7-M/ARMv8-M", static_cast<unsigned>(traps));
  return failures == 0 ? 0 : 1;
}
