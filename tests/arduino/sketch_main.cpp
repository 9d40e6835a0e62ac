// The host's stand-in for the Arduino core's main(): setup() once, loop() once.
#include <cstdio>

#include "Arduino.h"

int main() {
  setup();
  loop();
  std::fflush(stdout);
  return 0;
}
