/* The rv32imc board's entry (QEMU virt, started with -bios none: the reset
 * ROM jumps to 0x80000000, where board.ld puts this code): the global and
 * stack pointers, the trap vector, then board_start (board.c) in C. */
  .section .text.start, "ax", @progbits
  /* The CSR instructions are the Zicsr extension, which binutils 2.40
   * (the ISA spec of 2019) no longer counts in "rv32imc"; every core that
   * runs machine mode has it. */
  .option arch, +zicsr
  .globl _start
_start:
  /* gp: the linker relaxes accesses near it, so it is set before relaxation
   * may use it (and without relaxation itself). */
  .option push
  .option norelax
  la gp, __global_pointer$
  .option pop
  la sp, __stack_top
  la t0, trap_entry
  csrw mtvec, t0
  call board_start
1:
  j 1b

  /* Any trap is a failure (no interrupt is enabled): its cause to C. mtvec's
   * direct mode wants a 4-byte aligned address. */
  .balign 4
trap_entry:
  csrr a0, mcause
  csrr a1, mepc
  call board_trap
2:
  j 2b
