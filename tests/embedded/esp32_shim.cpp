// The ESP32 signature stub (esp32/Arduino.h) implemented over C stdio, so that a whole
// sketch, its ARDUINO_ARCH_ESP32 branch included, runs
// - under qemu-system-riscv32 -icount shift=0 (rv32imac, picolibc, semihosting), where
//   the cycle counter is the count of instructions retired (minstret, exact and
//   repeatable under -icount), micros() is that count / 1000 (one instruction per
//   emulated nanosecond) and getCpuFrequencyMhz() says 1000: an ESP32-C3 proxy for
//   counting instructions, not its timing;
// - on the host, for the output the RISC-V run is compared with.
// Serial input is the standard input: on the host read(2) (a terminal, a pipe, a file),
// on RISC-V the semihosting console (SYS_READ on ":tt"), which QEMU 7.2 with
// -semihosting-config enable=on,target=native and no chardev reads from its own standard
// input; a read there waits for a byte and reads none once that input has ended (at the
// end of a file; /dev/null at once). The sketch sees the Arduino API and never waits:
// available() is 1 when a byte has arrived, read() takes it, and `Serial` turns false
// once the input has ended, as a native USB port's Serial does when its monitor goes
// away. On the host a byte "has arrived" when poll(2) says so; on RISC-V, with no poll,
// the shim reads ahead, which waits only where a terminal or pipe is the input (the tests
// give a file or /dev/null). Nothing is read until the sketch asks.
// main() paints the stack, runs setup(), then loop(): once, and again each time a byte
// arrives, as long as the sketch reads Serial and its input has not ended (a board calls
// loop() forever; here, between calls, the shim flushes the output and waits for input).
// A sketch that never reads Serial gets loop() once, as before. It reports on stderr
// (RISC-V only)
//   lab-esp32: stack max=<bytes> limit=<bytes>
// the deepest the stack went (from the top, start code and main included) and the loop
// task's stack size on an ESP32 (8,192 bytes, or what the sketch's SET_LOOP_TASK_STACK_SIZE
// says); or that the stack ran through its whole region (64 KB here).
#include <stdio.h>
#include <time.h>
#if defined(__riscv)
extern "C" {
#include <semihost.h>  // picolibc's semihosting calls (a C header without extern "C")
}
#else
#include <poll.h>
#include <unistd.h>
#endif

#include "Arduino.h"

HardwareSerial Serial;
EspClass ESP;

namespace {

// The counter: minstret's low 32 bits on RISC-V (micros() then divides in 32 bits, cheap
// inside the timed loops), nanoseconds in 64 bits on the host (32 would wrap in 4 s).
#if defined(__riscv)
typedef uint32_t Count;
Count counter() {
  uint32_t v;
  // .option arch keeps -march a plain multilib name (rv32imac) for picolibc.
  __asm__ volatile(".option push\n.option arch, +zicsr\ncsrr %0, minstret\n.option pop" : "=r"(v));
  return v;
}
#else
typedef uint64_t Count;
Count counter() {  // nanoseconds
  timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return uint64_t(t.tv_sec) * 1000000000u + uint64_t(t.tv_nsec);
}
#endif
const Count COUNTS_PER_MICROSECOND = 1000;  // RISC-V: -icount shift=0, one instruction per ns

size_t put(const char* s, size_t n) { return fwrite(s, 1, n, stdout); }

// Serial input: the byte read ahead (-1: none), whether the input has ended, and whether
// the sketch has asked for input at all.
int pending = -1;
bool ended = false, asked = false;

// Whether a byte is there to read, reading one ahead if it has arrived (or, with `wait`,
// waiting for one); false at the end of the input too.
bool inputByte(bool wait) {
  if (pending >= 0 || ended) return pending >= 0;
#if defined(__riscv)
  (void)wait;  // SYS_READ always waits
  fflush(stdout);
  static int console = -2;                                   // not opened yet
  if (console == -2) console = sys_semihost_open(":tt", 0);  // mode 0: "r"
  unsigned char c;
  if (console >= 0 && sys_semihost_read(console, &c, 1) == 0)  // returns the bytes NOT read
    pending = c;
#else
  pollfd in = {STDIN_FILENO, POLLIN, 0};
  if (!wait && poll(&in, 1, 0) == 0) return false;  // nothing has arrived yet
  fflush(stdout);                                   // what the sketch printed is out before the shim waits
  unsigned char c;
  if (read(STDIN_FILENO, &c, 1) == 1) pending = c;
#endif
  ended = pending < 0;
  return pending >= 0;
}

template <class T>
size_t number(const char* format, T v) {
  char text[24];
  const int n = snprintf(text, sizeof text, format, v);
  return n > 0 ? put(text, size_t(n)) : 0;
}

}  // namespace

size_t Print::write(uint8_t c) { return fputc(c, stdout) == EOF ? 0 : 1; }
size_t Print::write(const uint8_t* buffer, size_t size) { return put(reinterpret_cast<const char*>(buffer), size); }
size_t Print::printf(const char* format, ...) {
  va_list args;
  va_start(args, format);
  const int n = vfprintf(stdout, format, args);
  va_end(args);
  return n > 0 ? size_t(n) : 0;
}

// Only base 10 (DEC) is used by the sketches; another base prints in decimal too.
size_t Print::print(const char s[]) { return write(s); }
size_t Print::print(char c) { return write(uint8_t(c)); }
size_t Print::print(unsigned char n, int) { return number("%u", unsigned(n)); }
size_t Print::print(int n, int) { return number("%d", n); }
size_t Print::print(unsigned int n, int) { return number("%u", n); }
size_t Print::print(long n, int) { return number("%ld", n); }
size_t Print::print(unsigned long n, int) { return number("%lu", n); }
size_t Print::print(long long n, int) { return number("%lld", n); }
size_t Print::print(unsigned long long n, int) { return number("%llu", n); }
size_t Print::print(double n, int digits) {
  const int written = fprintf(stdout, "%.*f", digits < 0 ? 0 : digits, n);
  return written > 0 ? size_t(written) : 0;
}

size_t Print::println(void) { return print("\r\n"); }  // as the core ends lines
size_t Print::println(const char s[]) { return print(s) + println(); }
size_t Print::println(char c) { return print(c) + println(); }
size_t Print::println(unsigned char n, int base) { return print(n, base) + println(); }
size_t Print::println(int n, int base) { return print(n, base) + println(); }
size_t Print::println(unsigned int n, int base) { return print(n, base) + println(); }
size_t Print::println(long n, int base) { return print(n, base) + println(); }
size_t Print::println(unsigned long n, int base) { return print(n, base) + println(); }
size_t Print::println(long long n, int base) { return print(n, base) + println(); }
size_t Print::println(unsigned long long n, int base) { return print(n, base) + println(); }
size_t Print::println(double n, int digits) { return print(n, digits) + println(); }

void HardwareSerial::begin(unsigned long, uint32_t, int8_t, int8_t, bool, unsigned long, uint8_t) {}
void HardwareSerial::end() {}
void HardwareSerial::flush(void) { fflush(stdout); }
int HardwareSerial::available(void) {
  asked = true;
  return inputByte(false) ? 1 : 0;
}
int HardwareSerial::read(void) {
  asked = true;
  const int c = inputByte(false) ? pending : -1;
  pending = -1;
  return c;
}
HardwareSerial::operator bool() const {
  asked = true;
  inputByte(false);
  return !ended;
}

unsigned long micros() { return (unsigned long)(counter() / COUNTS_PER_MICROSECOND); }
unsigned long millis() { return (unsigned long)(counter() / (COUNTS_PER_MICROSECOND * 1000)); }
void delay(uint32_t) {}  // nothing waits for a serial monitor here
void yield(void) {}
uint32_t getCpuFrequencyMhz() { return uint32_t(COUNTS_PER_MICROSECOND); }

uint32_t EspClass::getCycleCount() { return uint32_t(counter()); }
uint32_t EspClass::getHeapSize() { return 0; }
uint32_t EspClass::getFreeHeap() { return 0; }
uint32_t EspClass::getSketchSize() { return 0; }
const char* EspClass::getChipModel() { return "QEMU rv32"; }
#if LAB_ESP32_CORE >= 3
extern "C" esp_cpu_cycle_count_t esp_cpu_get_cycle_count(void) { return uint32_t(counter()); }
#else
extern "C" uint32_t cpu_hal_get_cycle_count(void) { return uint32_t(counter()); }
#endif
// The loop task's stack size: the core's default unless the sketch set its own.
__attribute__((weak)) size_t getArduinoLoopTaskStackSize(void) { return 8192; }

#if defined(__riscv)
// picolibc's linker script: the stack runs from __stack down to __heap_end. main() paints
// it; the deepest word no longer painted is how far the stack has gone.
extern "C" char __stack[], __heap_end[];
namespace {
const uint32_t PAINT = 0x5AC3A55Au;

__attribute__((noinline)) void paintStack() {
  // Below this frame, with a margin for the calls that paint.
  const uintptr_t below = (reinterpret_cast<uintptr_t>(__builtin_frame_address(0)) - 256) & ~uintptr_t(3);
  for (uint32_t* p = reinterpret_cast<uint32_t*>(__heap_end); p < reinterpret_cast<uint32_t*>(below); p++) *p = PAINT;
}

// Bytes of stack used so far at the deepest, or -1 when it reached the end of its region.
long deepestStack() {
  const uint32_t* p = reinterpret_cast<const uint32_t*>(__heap_end);
  while (*p == PAINT) p++;
  return p == reinterpret_cast<const uint32_t*>(__heap_end) ? -1 : long(__stack - reinterpret_cast<const char*>(p));
}

void reportStack() {
  const long deepest = deepestStack(), task = long(getArduinoLoopTaskStackSize());
  if (deepest < 0)
    fprintf(stderr, "lab-esp32: stack overflow: the stack ran through all %ld bytes of its region\n", long(__stack - __heap_end));
  else fprintf(stderr, "lab-esp32: stack max=%ld limit=%ld\n", deepest, task);
}
}  // namespace

// As on ESP-IDF: the loop task's stack never used so far, in bytes.
extern "C" UBaseType_t uxTaskGetStackHighWaterMark(TaskHandle_t) {
  const long deepest = deepestStack(), free = long(getArduinoLoopTaskStackSize()) - deepest;
  return deepest >= 0 && free > 0 ? UBaseType_t(free) : 0;
}
#else
namespace {
void paintStack() {}
void reportStack() {}
}  // namespace
extern "C" UBaseType_t uxTaskGetStackHighWaterMark(TaskHandle_t) { return 0; }  // not measured on the host
#endif

int main() {
  paintStack();
  setup();
  do loop();
  while (asked && inputByte(true));
  fflush(stdout);
  reportStack();
  return 0;
}
