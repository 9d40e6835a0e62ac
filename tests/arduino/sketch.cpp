// A sketch compiled as C++ on the host against the Arduino shim (or, for the embedded
// checks, the ESP32 signature stub): the build compiles this file once per sketch, its
// .ino named by -DLAB_SKETCH_INO="<folder>.ino" and its folder on the include path
// (lab_host_sketch in tests/tests.cmake, lab_sketch_checks in tests/embedded/embedded.cmake).
// <>, not "": the Arduino.h of the build's include path (the shim, or the ESP32 stub),
// never the one beside this file.
#include <Arduino.h>

#ifndef LAB_SKETCH_INO
#error "compile with -DLAB_SKETCH_INO=\"<folder>.ino\" and the sketch's folder on the include path"
#endif
#include LAB_SKETCH_INO
