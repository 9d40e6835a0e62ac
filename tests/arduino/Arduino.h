// A minimal host stand-in for the Arduino core: only what the stage sketches use
// (Serial printing, micros, millis, delay, setup/loop). Output goes to stdout. There is
// no input: no Serial Monitor is attached (Serial is false, nothing is available), so a
// sketch that reads Serial in loop() (step 07's game) finds nothing and prints nothing.
#pragma once
#include <stddef.h>
#include <stdint.h>
#include <string.h>

class HostSerial {
 public:
  void begin(unsigned long baud);
  size_t print(const char* s);
  size_t print(char c);
  size_t print(int v);
  size_t print(unsigned int v);
  size_t print(long v);
  size_t print(unsigned long v);
  size_t println();
  template <class T>
  size_t println(T v) {
    const size_t n = print(v);
    return n + println();
  }
  int available() { return 0; }
  int read() { return -1; }
  explicit operator bool() const { return false; }
};

extern HostSerial Serial;

unsigned long micros();
unsigned long millis();
void delay(unsigned long ms);

void setup();
void loop();
