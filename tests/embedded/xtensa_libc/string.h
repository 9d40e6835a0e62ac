/* The part of <string.h> that the Xtensa harnesses provide (tests/embedded/xtensa_support.cpp):
 * the lx106 programs have no C library, and the host Arduino shim's header includes this. */
#ifndef LAB_XTENSA_STRING_H
#define LAB_XTENSA_STRING_H
#include <stddef.h>
#ifdef __cplusplus
extern "C" {
#endif
void* memcpy(void* to, const void* from, size_t n);
void* memset(void* to, int c, size_t n);
size_t strlen(const char* s);
#ifdef __cplusplus
}
#endif
#endif
