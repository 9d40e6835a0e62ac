/// \file reference.h
/// \brief An independent, deliberately plain implementation of the rules, used only
/// to check the stages. It works on Position directly, checks every coordinate, and
/// returns the list of squares a move flips (article 004's final form).
#pragma once
#include <cstdint>
#include <vector>

#include "position.h"

namespace reversi::ref {

/// Squares (y*8+x) that `me` would flip by playing on `square`, in direction order;
/// empty when the move is illegal or the square is occupied.
std::vector<int> flips(const Position& p, int square, uint8_t me);

/// Legal squares for `me`, ascending.
std::vector<int> legalMoves(const Position& p, uint8_t me);

/// Plays `me` on `square` if legal (also setting the side to move to the opponent);
/// returns the number flipped, 0 (and p unchanged) if illegal.
int play(Position& p, int square, uint8_t me);

/// True when neither side has a legal move.
bool gameOver(const Position& p);

/// Perft with the published convention (pass = ply, finished game = one leaf).
uint64_t perft(const Position& p, int depth);

}  // namespace reversi::ref
