/* The rv32imc board: QEMU's RISC-V virt machine (qemu-system-riscv32 -M virt
 * -bios none), running firmware built for rv32imc / ilp32 in machine mode.
 * Everything the product needs before and after main() besides start.S: the
 * C runtime start, a trap report, the console (the NS16550A UART) and the
 * exit path (the SiFive test device). Memory map: board.ld. */
#include <stdint.h>

#include "boards/board.h"

const char board_name[] = "rv32imc, QEMU virt";

/* From board.ld. */
extern uint32_t __data_load[], __data_start[], __data_end[];
extern uint32_t __bss_start[], __bss_end[];
extern void (*__init_array_start[])(void);
extern void (*__init_array_end[])(void);

int main(void);
void board_start(void);
void board_trap(uint32_t cause, uint32_t pc);

/* NS16550A UART0 (QEMU's -serial). */
#define UART0_THR (*(volatile uint8_t*)0x10000000u)
#define UART0_LSR (*(volatile uint8_t*)0x10000005u)
#define UART_LSR_THR_EMPTY 0x20u

/* The SiFive test device ("finisher"): QEMU exits on a write, with status
 * 0 for 0x5555 and status N for (N << 16) | 0x3333. */
#define TEST_FINISHER (*(volatile uint32_t*)0x00100000u)

void board_puts(const char* s) {
  for (; *s; s++) {
    while (!(UART0_LSR & UART_LSR_THR_EMPTY)) {
    }
    UART0_THR = (uint8_t)*s;
  }
}

/* The exit path. On a board without such a device the product resets, or
 * reports and waits. */
void board_exit(int status) {
  TEST_FINISHER =
      status == 0 ? 0x5555u : ((uint32_t)(status & 0xffff) << 16) | 0x3333u;
  for (;;) {
  }
}

static void put_hex(uint32_t v) {
  char s[11] = "0x";
  for (int i = 0; i < 8; i++) s[2 + i] = "0123456789abcdef"[(v >> (28 - 4 * i)) & 0xf];
  s[10] = 0;
  board_puts(s);
}

void board_trap(uint32_t cause, uint32_t pc) {
  board_puts("firmware: FAIL: trap, mcause ");
  put_hex(cause);
  board_puts(" mepc ");
  put_hex(pc);
  board_puts("\n");
  board_exit(1);
}

/* The C runtime: .data from its load address, .bss zeroed, static
 * constructors (C++), then main. */
void board_start(void) {
  for (uint32_t *src = __data_load, *dst = __data_start; dst < __data_end;)
    *dst++ = *src++;
  for (uint32_t* dst = __bss_start; dst < __bss_end;) *dst++ = 0;
  for (void (**f)(void) = __init_array_start; f < __init_array_end; f++)
    (*f)();
  board_exit(main());
}
