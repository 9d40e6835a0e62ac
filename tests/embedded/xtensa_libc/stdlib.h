// The declarations of <stdlib.h> the sketches use, for the freestanding lx106 builds
// (there is no libc for them). The ESP32 signature stub (esp32/Arduino.h) includes it
// as the core's Arduino.h does; only the compile-only ESP32 check reaches malloc here.
#pragma once
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif
void* malloc(size_t size);
void free(void* p);
#ifdef __cplusplus
}
#endif
