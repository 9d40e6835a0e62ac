// Published Reversi perft counts from the standard start (black to move), with the
// convention: a pass is a ply, a finished game is one leaf at every later depth.
// Source: Aart Bik's Reversi perft page; the same sequence as OEIS A124004.
#pragma once
#include <cstdint>

namespace reversi::testing {
inline constexpr uint64_t kPublishedPerft[] = {1,      4,       12,       56,        244,        1396,        8200,        55092,
                                               390216, 3005288, 24571284, 212258800, 1939886636, 18429641748, 184042084512};
}
