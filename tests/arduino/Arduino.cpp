#include "Arduino.h"

#include <chrono>
#include <cstdio>
#include <thread>

HostSerial Serial;

namespace {
const auto kStart = std::chrono::steady_clock::now();
}

void HostSerial::begin(unsigned long) {}
size_t HostSerial::print(const char* s) { return size_t(std::fputs(s, stdout) >= 0 ? strlen(s) : 0); }
size_t HostSerial::print(char c) { return std::fputc(c, stdout) == EOF ? 0 : 1; }
size_t HostSerial::print(int v) { return size_t(std::printf("%d", v)); }
size_t HostSerial::print(unsigned int v) { return size_t(std::printf("%u", v)); }
size_t HostSerial::print(long v) { return size_t(std::printf("%ld", v)); }
size_t HostSerial::print(unsigned long v) { return size_t(std::printf("%lu", v)); }
size_t HostSerial::println() { return print("\r\n"); }  // as the Arduino core ends lines

unsigned long micros() {
  return (unsigned long)std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - kStart).count();
}
unsigned long millis() { return micros() / 1000; }
void delay(unsigned long ms) { std::this_thread::sleep_for(std::chrono::milliseconds(ms)); }
