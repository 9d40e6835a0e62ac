// e05_sketch_table.h — where a search step's sketch finds its table's memory, from step
// 05 on (included by the sketch after e01_minimax/e01_sketch.h, which declares lendTable()).
#ifndef REVERSI_LAB_E05_SKETCH_TABLE_H
#define REVERSI_LAB_E05_SKETCH_TABLE_H

// The transposition table's memory: none on an Uno (its 2 KB of RAM cannot hold the
// searcher), a static pool elsewhere (the same size on the host, the Mega and the
// lx106, so that they print the same nodes), and on an ESP32/ESP8266 the heap, with
// the static pool as the fallback when the heap cannot give that much.
#if defined(__AVR__) && !defined(__AVR_ATmega2560__)
step::Slot pool[1];
#else
step::Slot pool[96];
#endif
const uint32_t HEAP_SLOTS = 8192;

// Lends the table its memory; returns the number of slots (0: no table).
uint32_t tableMemory() {
#if defined(ARDUINO_ARCH_ESP32) || defined(ARDUINO_ARCH_ESP8266)
  if (step::Slot* heap = (step::Slot*)malloc(HEAP_SLOTS * sizeof(step::Slot))) {
    search.useTable(heap, HEAP_SLOTS);
    return HEAP_SLOTS;
  }
#endif
  const uint32_t n = sizeof(pool) / sizeof(pool[0]);
  if (n < (uint32_t)step::BUCKET) return 0;
  search.useTable(pool, n);
  return n;
}

// Lends the table its memory and prints how many slots it has (e01_sketch.h's setup()).
void lendTable() {
  const uint32_t slots = tableMemory();
  Serial.print("table slots=");
  Serial.println(slots);
}

#endif  // REVERSI_LAB_E05_SKETCH_TABLE_H
