// Vector table and fault handlers of the test binaries on QEMU's MPS2 boards
// (mps2-an386: Cortex-M4; mps2-an505: Cortex-M33), which run with
// semihosting (qemu_mps2.sh).
//
// The C runtime is newlib's rdimon crt0 (_start, linked by --specs=rdimon.specs):
// it asks QEMU for the heap and stack through SYS_HEAPINFO (QEMU answers with
// its largest RAM region, the one mps2.ld places the program in), clears
// .bss, runs the constructors, calls main and ends the run through SYS_EXIT
// with main's status. This file adds what the core needs first: the initial
// stack pointer and the reset vector (ARMv7-M / ARMv8-M ARM, "Vector table"),
// and handlers that end the run with a message and a failing status when a
// test faults, instead of spinning until the test times out.

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
// kFaultNames.
#define MPS2_FAULT_HANDLER(fn, index)                         \
  __attribute__((naked)) static void fn(void) {               \
    __asm__ volatile("mov r0, sp\n"                           \
                     "movs r1, #" #index "\n"                 \
                     "b mps2_fault_report\n");                \
  }
MPS2_FAULT_HANDLER(nmi_handler, 0)
MPS2_FAULT_HANDLER(hard_fault_handler, 1)
MPS2_FAULT_HANDLER(mem_manage_handler, 2)
MPS2_FAULT_HANDLER(bus_fault_handler, 3)
MPS2_FAULT_HANDLER(usage_fault_handler, 4)
MPS2_FAULT_HANDLER(secure_fault_handler, 5)
MPS2_FAULT_HANDLER(other_handler, 6)

// The 16 system exception entries; no interrupt is enabled. Entry 7 is
// SecureFault on ARMv8-M with the Security Extension and reserved on ARMv7-M.
__attribute__((section(".vectors"), used)) static void (*const kVectors[16])(void) = {
    (void (*)(void))__stack_top,
    _start,
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
