// Vector table and fault handlers of the test binaries on QEMU's MPS2 boards
// (mps2-an386: Cortex-M4; mps2-an505: Cortex-M33; mps2-an385: Cortex-M3,
// which runs the ARMv6-M build), which run with semihosting (qemu_mps2.sh).
//
// The C runtime is newlib's rdimon crt0 (_start, linked by --specs=rdimon.specs):
// it asks QEMU for the heap and stack through SYS_HEAPINFO (QEMU answers with
// its largest RAM region, the one mps2.ld places the program in), clears
// .bss, runs the constructors, calls main and ends the run through SYS_EXIT
// with main's status. This file adds what the core needs first: the initial
// stack pointer and the reset vector (ARMv7-M / ARMv8-M ARM, "Vector table"),
// and handlers that end the run with a message and a failing status when a
// test faults, instead of spinning until the test times out.
//
// The ARMv6-M build (Cortex-M0+) runs on a Cortex-M3: QEMU 7.2's only
// ARMv6-M board is the micro:bit (Cortex-M0, 16 KiB of RAM), too small for
// the suites, and its MPS2 boards accept only their own core. ARMv6-M is a
// subset of ARMv7-M (the same exception model, memory map and system
// registers, and Thumb without most of Thumb-2), so an ARMv6-M program runs
// unchanged on the M3. What the M3 allows and an M0+ does not is made to
// fault here before the C runtime starts (mps2_reset): an unaligned load or
// store, which ARMv6-M always traps (its CCR.UNALIGN_TRP reads as one) and
// ARMv7-M performs unless UNALIGN_TRP is set. The other difference,
// instructions outside ARMv6-M, qemu_mps2.sh checks in the binary before
// running it.

#include <stdint.h>

extern char __stack_top[];  // mps2.ld: the end of RAM
void _start(void);          // newlib's rdimon crt0

// A semihosting call: BKPT 0xAB in Thumb state, operation in r0, argument
// block in r1 ("Semihosting for AArch32 and AArch64", Arm).
static uint32_t semihost(uint32_t op, const void* arg) {
  register uint32_t r0 __asm__("r0") = op;
  register const void* r1 __asm__("r1") = arg;
  __asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
  return r0;
}

enum {
  kSysWrite0 = 0x04,  // SYS_WRITE0: a NUL-terminated string to the console
  kSysExit = 0x18,    // SYS_EXIT
  // ADP_Stopped_RunTimeErrorUnknown: QEMU exits with status 1.
  kRunTimeErrorUnknown = 0x20023,
};

static const char* const kFaultNames[] = {
    "NMI", "HardFault", "MemManage", "BusFault", "UsageFault", "SecureFault",
    "unexpected exception",
};

static void put_hex(char* out, uint32_t v) {
  for (int i = 7; i >= 0; --i) {
    out[i] = "0123456789abcdef"[v & 15];
    v >>= 4;
  }
}

// Called by the handlers below with the exception frame the core stacked on
// entry (r0-r3, r12, lr, pc, xPSR; thread and handler mode both use MSP here).
__attribute__((noreturn, used)) void mps2_fault_report(const uint32_t* frame,
                                                       uint32_t which) {
  static char msg[] = " pc=00000000 cfsr=00000000 hfsr=00000000\n";
  const volatile uint32_t* cfsr = (const volatile uint32_t*)0xE000ED28u;
  const volatile uint32_t* hfsr = (const volatile uint32_t*)0xE000ED2Cu;
  semihost(kSysWrite0, "\nmps2: fatal exception: ");
  semihost(kSysWrite0, kFaultNames[which]);
  put_hex(msg + 4, frame[6]);
  put_hex(msg + 18, *cfsr);
  put_hex(msg + 32, *hfsr);
  semihost(kSysWrite0, msg);
  semihost(kSysExit, (const void*)(uintptr_t)kRunTimeErrorUnknown);
  for (;;) {
  }
}

// Each handler passes the stacked frame (SP on entry) and its index in
// kFaultNames. bl rather than b: the 16-bit b of ARMv6-M reaches only
// +-2 KiB; mps2_fault_report does not return, so lr need not survive.
#define MPS2_FAULT_HANDLER(fn, index)                         \
  __attribute__((naked)) static void fn(void) {               \
    __asm__ volatile("mov r0, sp\n"                           \
                     "movs r1, #" #index "\n"                 \
                     "bl mps2_fault_report\n");               \
  }
MPS2_FAULT_HANDLER(nmi_handler, 0)
MPS2_FAULT_HANDLER(hard_fault_handler, 1)
MPS2_FAULT_HANDLER(mem_manage_handler, 2)
MPS2_FAULT_HANDLER(bus_fault_handler, 3)
MPS2_FAULT_HANDLER(usage_fault_handler, 4)
MPS2_FAULT_HANDLER(secure_fault_handler, 5)
MPS2_FAULT_HANDLER(other_handler, 6)

// The reset vector. On the ARMv6-M build, first makes the core trap what an
// ARMv6-M core traps (file comment): CCR (0xE000ED14; ARMv7-M ARM, CCR)
//   UNALIGN_TRP (bit 3): an unaligned LDR/STR/LDRH/STRH faults (HardFault
//     here, as on an M0+: UsageFault is not enabled in SHCSR), where the M3
//     would perform it;
//   STKALIGN (bit 9): 8-byte stack alignment on exception entry, which
//     ARMv6-M always does (the bit reads as one there).
// (DIV_0_TRP would change nothing: ARMv6-M has no divide instruction, and
// gcc's __aeabi_idiv/uidiv for it are shift-and-subtract code.) Runs before
// the C runtime, on the vector table's initial stack.
__attribute__((noreturn)) static void mps2_reset(void) {
#if defined(__ARM_ARCH_6M__)
  volatile uint32_t* const ccr = (volatile uint32_t*)0xE000ED14u;
  *ccr |= (1u << 3) | (1u << 9);
  // The new CCR applies to the accesses that follow (ARMv7-M ARM: changes
  // to the System Control Space take effect after a DSB and an ISB).
  __asm__ volatile("dsb\n"
                   "isb\n" ::: "memory");
#endif
  _start();
  for (;;) {
  }
}

// The 16 system exception entries; no interrupt is enabled. Entry 7 is
// SecureFault on ARMv8-M with the Security Extension and reserved on ARMv7-M.
__attribute__((section(".vectors"), used)) static void (*const kVectors[16])(void) = {
    (void (*)(void))__stack_top,
    mps2_reset,
    nmi_handler,
    hard_fault_handler,
    mem_manage_handler,
    bus_fault_handler,
    usage_fault_handler,
    secure_fault_handler,
    0,
    0,
    0,
    other_handler,  // SVCall
    other_handler,  // DebugMonitor
    0,
    other_handler,  // PendSV
    other_handler,  // SysTick
};
