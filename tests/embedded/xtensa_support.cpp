// The C library functions the Xtensa harnesses need (there is no libc for them): GCC
// emits memcpy and memset for struct copies and clearing loops, and the Arduino shim's
// header includes <string.h> (xtensa_libc/string.h declares these three). The
// attribute keeps GCC from turning their own loops back into calls to themselves.
// And __muldi3, the 64-bit multiply, which the ESP8266 and ESP32 toolchains' libgcc has
// and Debian's lx106 libgcc lacks (the table steps seed their Zobrist keys with it).
// The divisions stay missing on purpose: a step that divides fails to link, and the
// test names the routine (the lx106 has no divide instruction: division is slow there).
#include <stdint.h>
#include <string.h>

#define LAB_PLAIN_LOOPS __attribute__((optimize("no-tree-loop-distribute-patterns")))

extern "C" LAB_PLAIN_LOOPS void* memcpy(void* to, const void* from, size_t n) {
  for (size_t i = 0; i < n; i++) static_cast<char*>(to)[i] = static_cast<const char*>(from)[i];
  return to;
}

extern "C" LAB_PLAIN_LOOPS void* memset(void* to, int c, size_t n) {
  for (size_t i = 0; i < n; i++) static_cast<char*>(to)[i] = static_cast<char>(c);
  return to;
}

extern "C" LAB_PLAIN_LOOPS size_t strlen(const char* s) {
  size_t n = 0;
  while (s[n]) n++;
  return n;
}

// a * b mod 2^64. The lx106's mull gives the low 32 bits of a 32 x 32 product only, so
// the low words' full product is built from four 16 x 16 products.
extern "C" unsigned long long __muldi3(unsigned long long a, unsigned long long b) {
  const uint32_t al = uint32_t(a), ah = uint32_t(a >> 32), bl = uint32_t(b), bh = uint32_t(b >> 32);
  const uint32_t a0 = al & 0xFFFF, a1 = al >> 16, b0 = bl & 0xFFFF, b1 = bl >> 16;
  const uint32_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0;
  const uint32_t mid = (p00 >> 16) + (p01 & 0xFFFF) + (p10 & 0xFFFF);  // below 3 * 2^16: no overflow
  const uint32_t lo = mid << 16 | (p00 & 0xFFFF);
  const uint32_t hi = a1 * b1 + (p01 >> 16) + (p10 >> 16) + (mid >> 16) + al * bh + ah * bl;
  return (unsigned long long)hi << 32 | lo;
}
