/* The Cortex-M4F board: QEMU's mps2-an386 (Arm's MPS2 with the AN386 image,
 * a Cortex-M4 with the FPv4-SP FPU), for firmware built hard-float
 * (-mfloat-abi=hard -mfpu=fpv4-sp-d16). Everything the product needs before
 * and after main(): the vector table, the reset code, a fault handler, the
 * console (UART0) and the exit path. Memory map: board.ld. */
#include <stdint.h>

#include "boards/board.h"

const char board_name[] = "Cortex-M4F, mps2-an386";

/* From board.ld. */
extern uint32_t __data_load[], __data_start[], __data_end[];
extern uint32_t __bss_start[], __bss_end[], __stack_top[];
extern void (*__init_array_start[])(void);
extern void (*__init_array_end[])(void);

int main(void);

/* CMSDK APB UART0 (the MPS2 console; QEMU's -serial). */
#define UART0_DATA (*(volatile uint32_t*)0x40004000u)
#define UART0_STATE (*(volatile uint32_t*)0x40004004u)
#define UART0_CTRL (*(volatile uint32_t*)0x40004008u)
#define UART0_BAUDDIV (*(volatile uint32_t*)0x40004010u)
#define UART_STATE_TX_FULL 1u
#define UART_CTRL_TX_ENABLE 1u

/* Coprocessor Access Control Register (ARMv7-M). */
#define SCB_CPACR (*(volatile uint32_t*)0xE000ED88u)

void board_puts(const char* s) {
  for (; *s; s++) {
    while (UART0_STATE & UART_STATE_TX_FULL) {
    }
    UART0_DATA = (uint8_t)*s;
  }
}

/* The exit path. QEMU ends the run on a semihosting SYS_EXIT (started with
 * -semihosting): reason ADP_Stopped_ApplicationExit gives exit status 0,
 * any other 1. On a board without a debugger attached the BKPT would fault;
 * there the product resets, or reports and waits. */
void board_exit(int status) {
  register uint32_t op __asm__("r0") = 0x18; /* SYS_EXIT */
  register uint32_t reason __asm__("r1") =
      status == 0 ? 0x20026u  /* ADP_Stopped_ApplicationExit */
                  : 0x20023u; /* ADP_Stopped_RunTimeErrorUnknown */
  __asm__ volatile("bkpt 0xab" : : "r"(op), "r"(reason) : "memory");
  for (;;) {
  }
}

static void fault_handler(void) {
  board_puts("firmware: FAIL: fault\n");
  board_exit(1);
}

/* Reset: the FPU first, then the C runtime, then main. */
void reset_handler(void);
void reset_handler(void) {
  /* Full access to CP10 and CP11, the FPU. With -mfloat-abi=hard any
   * function may use FP registers, so this comes before any other code
   * (the code below does integer work only). */
  SCB_CPACR |= 0xFu << 20;
  __asm__ volatile("dsb\n\tisb" : : : "memory");
  UART0_BAUDDIV = 16; /* the smallest divider the UART allows */
  UART0_CTRL = UART_CTRL_TX_ENABLE;
  /* .data from its load address in flash, .bss zeroed. */
  for (uint32_t *src = __data_load, *dst = __data_start; dst < __data_end;)
    *dst++ = *src++;
  for (uint32_t* dst = __bss_start; dst < __bss_end;) *dst++ = 0;
  /* Static constructors (C++). */
  for (void (**f)(void) = __init_array_start; f < __init_array_end; f++)
    (*f)();
  board_exit(main());
}

/* The vector table, at address 0 (VTOR's reset value): the initial stack
 * pointer, then the exception handlers. No interrupt is used. */
typedef void (*vector)(void);
__attribute__((section(".vectors"), used)) static const vector vectors[16] = {
    (vector)(uintptr_t)__stack_top,
    reset_handler,
    fault_handler, /* NMI */
    fault_handler, /* HardFault */
    fault_handler, /* MemManage */
    fault_handler, /* BusFault */
    fault_handler, /* UsageFault */
    0, 0, 0, 0,
    fault_handler, /* SVCall */
    fault_handler, /* DebugMonitor */
    0,
    fault_handler, /* PendSV */
    fault_handler, /* SysTick */
};
