/* Start file for the Xtensa harness under qemu-system-xtensa -M sim -cpu lx106.
 * QEMU's loader jumps to _start: set the stack, zero .bss, run the static constructors
 * (last to first, as GCC's own start code runs .ctors), call main (call0 ABI, the
 * lx106 has no register windows), then leave through the simulator's exit call
 * with main's return value as QEMU's exit status. */
    .section .text.start, "ax"
    .literal_position
    .global _start
    .align 4
_start:
    movi    a1, __stack_top
    movi    a2, __bss_start
    movi    a3, __bss_end
    movi    a4, 0
1:  bgeu    a2, a3, 2f
    s32i    a4, a2, 0
    addi    a2, a2, 4
    j       1b
2:  movi    a12, __ctors_start  /* a12, a13: callee-saved in the call0 ABI */
    movi    a13, __ctors_end
3:  bgeu    a12, a13, 4f
    addi    a13, a13, -4
    l32i    a2, a13, 0
    callx0  a2
    j       3b
4:  call0   main
    mov     a3, a2          /* exit status */
    movi    a2, 1           /* SYS_exit */
    simcall
5:  j       5b

/* int semihost_write(const char* s, int n): simcall write (a2 = 4) to stdout (fd 1). */
    .global semihost_write
    .align 4
semihost_write:
    mov     a5, a3          /* length */
    mov     a4, a2          /* buffer */
    movi    a3, 1           /* fd */
    movi    a2, 4           /* SYS_write */
    simcall
    ret
