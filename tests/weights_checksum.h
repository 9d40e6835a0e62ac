/// \file weights_checksum.h
/// \brief The checksum of a set of trained weights as bench/e07_train.cpp computes it
/// (FNV-1a-64 over the table's characters, then the steps and scalars as 16-bit numbers,
/// low byte first), for the steps' tests to recompute their header's TRAINED_CHECKSUM.
#pragma once
#include <cstddef>
#include <cstdint>

namespace reversi::testing {

/// What a weights header holds, recomputed: its checksum and its unprintable characters.
struct WeightsSum {
  uint64_t checksum;   ///< FNV-1a-64, as the trainer wrote it
  size_t unprintable;  ///< table characters outside ' '..'~' (none in a header the trainer wrote)
};

/// @brief The sum of a header's arrays. @param table,n the table and its characters
/// @param step,scalar the header's TRAINED_STEP and TRAINED_SCALAR @return the sum
template <class Steps, class Scalars>
WeightsSum weightsSum(const char* table, size_t n, const Steps& step, const Scalars& scalar) {
  uint64_t h = 0xcbf29ce484222325ULL;
  auto add = [&](uint8_t b) { h = (h ^ b) * 0x100000001b3ULL; };
  size_t unprintable = 0;
  for (size_t i = 0; i < n; i++) {
    add(uint8_t(table[i]));
    unprintable += table[i] < ' ' || table[i] > '~';
  }
  for (const auto& row : step)
    for (int16_t v : row) add(uint8_t(uint16_t(v) & 0xFF)), add(uint8_t(uint16_t(v) >> 8));
  for (const auto& row : scalar)
    for (int16_t v : row) add(uint8_t(uint16_t(v) & 0xFF)), add(uint8_t(uint16_t(v) >> 8));
  return {h, unprintable};
}

}  // namespace reversi::testing
