// What the Xtensa harnesses share under qemu-system-xtensa -M sim -cpu lx106: output
// through the simulator's semihosting call, decimal printing without division, and the
// CCOUNT register. The lx106 programs have no libc (xtensa_support.cpp supplies the few
// functions GCC and the Arduino shim need) and Debian's lx106 libgcc has no 32-bit
// unsigned division (__udivsi3, __umodsi3) nor 64-bit multiply (__muldi3).
#pragma once
#include <stdint.h>

extern "C" int semihost_write(const char* s, int n);  // xtensa_start.S

namespace xtensa {

inline void print(const char* s) {
  int n = 0;
  while (s[n]) n++;
  semihost_write(s, n);
}

/// Writes v in decimal by subtracting powers of ten; returns the characters written.
inline int printNumber(uint32_t v) {
  static const uint32_t POWERS[] = {1000000000u, 100000000u, 10000000u, 1000000u, 100000u, 10000u, 1000u, 100u, 10u, 1u};
  char out[10];
  int n = 0;
  for (uint32_t p : POWERS) {
    char digit = '0';
    while (v >= p) v -= p, digit++;
    if (digit != '0' || n > 0 || p == 1) out[n++] = digit;
  }
  semihost_write(out, n);
  return n;
}

/// The core's cycle counter. Under QEMU with -icount shift=0 it follows the virtual
/// clock (1 ns per instruction) at the configured 40 MHz: one tick per 25 instructions.
inline uint32_t ccount() {
  uint32_t c;
  __asm__ volatile("rsr.ccount %0" : "=a"(c));
  return c;
}

const uint32_t INSTRUCTIONS_PER_TICK = 25;

}  // namespace xtensa
