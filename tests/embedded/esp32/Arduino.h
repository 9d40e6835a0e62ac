// A signature stub of the Arduino-ESP32 core (Espressif's arduino-esp32, cores 2.0.x
// and 3.x): the part of its API the sketches use, declared with the core's own types,
// overload sets and default arguments, so that the ARDUINO_ARCH_ESP32 branch of every
// sketch is compiled by the tests (tests/embedded/embedded.py esp32) with -Wall -Wextra
// -Werror for the lx106 and for rv32imc, the ESP32-C3's instruction set. A call the
// real core would reject (a missing function, an ambiguous print overload, a wrong
// argument count) fails here too. Nothing here is the core's code.
//
// LAB_ESP32_CORE (2 or 3) picks the core generation: both give ESP.getCycleCount(),
// getCpuFrequencyMhz(), micros(), yield(), SET_LOOP_TASK_STACK_SIZE; the raw cycle
// counter is cpu_hal_get_cycle_count() on core 2.x (ESP-IDF 4.4) and
// esp_cpu_get_cycle_count() on core 3.x (ESP-IDF 5). The tests compile core 2.x with
// -std=gnu++11 and core 3.x with -std=gnu++2b, as those cores do.
//
// tests/embedded/esp32_shim.cpp implements these declarations over C stdio, for the
// whole-sketch runs under qemu-system-riscv32 (and the host build they are compared with);
// Serial's input is the standard input there (see the shim).
#pragma once

#if !defined(LAB_ESP32_CORE) || (LAB_ESP32_CORE != 2 && LAB_ESP32_CORE != 3)
#error "define LAB_ESP32_CORE as 2 or 3: the Arduino-ESP32 core generation to stand in for"
#endif

#define ARDUINO_ARCH_ESP32 1
#define ESP_ARDUINO_VERSION_MAJOR LAB_ESP32_CORE

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>  // malloc, free: the core's Arduino.h includes it
#include <string.h>

typedef bool boolean;
typedef uint8_t byte;

#define DEC 10
#define HEX 16
#define OCT 8
#define BIN 2

// Print: the overload set of the core's Print class (Print.h), println likewise.
class Print {
 public:
  size_t write(uint8_t c);
  size_t write(const uint8_t* buffer, size_t size);
  size_t write(const char* s) { return s ? write(reinterpret_cast<const uint8_t*>(s), strlen(s)) : 0; }
  size_t printf(const char* format, ...) __attribute__((format(printf, 2, 3)));

  size_t print(const char s[]);
  size_t print(char c);
  size_t print(unsigned char n, int base = DEC);
  size_t print(int n, int base = DEC);
  size_t print(unsigned int n, int base = DEC);
  size_t print(long n, int base = DEC);
  size_t print(unsigned long n, int base = DEC);
  size_t print(long long n, int base = DEC);
  size_t print(unsigned long long n, int base = DEC);
  size_t print(double n, int digits = 2);

  size_t println(const char s[]);
  size_t println(char c);
  size_t println(unsigned char n, int base = DEC);
  size_t println(int n, int base = DEC);
  size_t println(unsigned int n, int base = DEC);
  size_t println(long n, int base = DEC);
  size_t println(unsigned long n, int base = DEC);
  size_t println(long long n, int base = DEC);
  size_t println(unsigned long long n, int base = DEC);
  size_t println(double n, int digits = 2);
  size_t println(void);
};

#define SERIAL_8N1 0x800001c

// The UART Serial of the ESP32 and ESP32-S3 (on the C3 with "USB CDC on boot" Serial
// is the USB port's HWCDC, which prints through the same Print).
class HardwareSerial : public Print {
 public:
  void begin(unsigned long baud, uint32_t config = SERIAL_8N1, int8_t rxPin = -1, int8_t txPin = -1, bool invert = false,
             unsigned long timeout_ms = 20000UL, uint8_t rxfifo_full_thrhd = 112);
  void end();
  void flush(void);
  int available(void);
  int read(void);  // the next byte, or -1 when none has arrived
  operator bool() const;
};

extern HardwareSerial Serial;

// esp32-hal.h
unsigned long micros();
unsigned long millis();
void delay(uint32_t ms);
void yield(void);
uint32_t getCpuFrequencyMhz();

// Esp.h
class EspClass {
 public:
  uint32_t getCycleCount();
  uint32_t getHeapSize();
  uint32_t getFreeHeap();
  uint32_t getSketchSize();
  const char* getChipModel();
};

extern EspClass ESP;

// The raw cycle counter, as each core generation's ESP-IDF spells it.
#if LAB_ESP32_CORE >= 3
typedef uint32_t esp_cpu_cycle_count_t;
extern "C" esp_cpu_cycle_count_t esp_cpu_get_cycle_count(void);
#else
extern "C" uint32_t cpu_hal_get_cycle_count(void);
#endif

// FreeRTOS, as the core includes it: the loop task's unused stack, in bytes on ESP-IDF.
typedef void* TaskHandle_t;
typedef unsigned int UBaseType_t;
extern "C" UBaseType_t uxTaskGetStackHighWaterMark(TaskHandle_t task);

// The loop task's stack (8,192 bytes unless a sketch says otherwise, at file scope).
size_t getArduinoLoopTaskStackSize(void);
#define SET_LOOP_TASK_STACK_SIZE(sz) \
  size_t getArduinoLoopTaskStackSize() { return sz; }

void setup(void);
void loop(void);
