// The host Arduino shim's interface (tests/arduino/Arduino.h) implemented for the bare
// lx106 under qemu-system-xtensa, so that a sketch compiles and runs there unchanged:
// Serial goes out through semihosting, time comes from CCOUNT, main() runs setup()
// and loop() once, as the host shim does.
//
// Time: under -icount shift=0 one emulated nanosecond is one instruction, so micros()
// is the instruction count divided by 1000 (CCOUNT / 40): what the sketch prints as
// us=T means about T * 1000 instructions, not ESP8266 or ESP32 time.
#include "Arduino.h"
#include "xtensa_support.h"

HostSerial Serial;

namespace {

// n / d by shift and subtract: the lx106 libgcc has no __udivsi3.
uint32_t divide(uint32_t n, uint32_t d) {
  uint32_t q = 0, r = 0;
  for (int bit = 31; bit >= 0; bit--) {
    r = r << 1 | (n >> bit & 1);
    if (r >= d) r -= d, q |= uint32_t(1) << bit;
  }
  return q;
}

const uint32_t TICKS_PER_MICROSECOND = 1000 / xtensa::INSTRUCTIONS_PER_TICK;

size_t printSigned(long v) {
  if (v >= 0) return size_t(xtensa::printNumber(uint32_t(v)));
  xtensa::print("-");
  return 1 + size_t(xtensa::printNumber(uint32_t(0) - uint32_t(v)));
}

}  // namespace

void HostSerial::begin(unsigned long) {}
size_t HostSerial::print(const char* s) {
  xtensa::print(s);
  return strlen(s);
}
size_t HostSerial::print(char c) {
  semihost_write(&c, 1);
  return 1;
}
size_t HostSerial::print(int v) { return printSigned(v); }
size_t HostSerial::print(unsigned int v) { return size_t(xtensa::printNumber(v)); }
size_t HostSerial::print(long v) { return printSigned(v); }
size_t HostSerial::print(unsigned long v) { return size_t(xtensa::printNumber(v)); }
size_t HostSerial::println() { return print("\r\n"); }  // as the Arduino core ends lines

unsigned long micros() { return divide(xtensa::ccount(), TICKS_PER_MICROSECOND); }
unsigned long millis() { return divide(xtensa::ccount(), TICKS_PER_MICROSECOND * 1000); }
void delay(unsigned long) {}  // nothing waits for a serial monitor here

int main() {
  setup();
  loop();
  return 0;
}
