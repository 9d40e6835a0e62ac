// search_sketch_check COMMAND [ARGS...]
// Runs a search step's sketch (on the host shim, or in a simulator through a runner)
// and judges what it prints over Serial with the reference rules and an independent
// solver (tests/search_support.h), not with the step's own code:
// - a title line naming the step;
// - "move <n> <X|O> <square|pass> score=<s> nodes=<N> us=<T>" lines: a game from the
//   start in which every move is legal for the side to move, and a pass only when it
//   has no move;
// - "solve position=<position> score=<discs> best=<move> nodes=<N> us=<T>": the exact
//   score of that position, a best move that really scores it, then "pv <moves>" a legal
//   line starting with it in which every move keeps the exact score (a PV may stop
//   early, e.g. at a table hit, but never holds a mistake);
// - DONE last. Exit 0 when all holds, 1 with the reason otherwise.
#include <regex>
#include <sstream>
#include <string>

#include "search_registry.h"
#include "search_support.h"
#include "sketch_output.h"

namespace {

using namespace reversi;

// Plays `name` in p: "" if it is legal there (a pass only when the side to move has no
// move and the game is not over), else what is wrong.
std::string playName(Position& p, const std::string& name) {
  const int m = parseMove(name);
  const std::vector<int> legal = ref::legalMoves(p, p.toMove);
  if (m == kPass) {
    if (!legal.empty()) return "pass while " + squareName(legal[0]) + " was legal in " + formatPosition(p);
    if (ref::gameOver(p)) return "pass after the end of the game in " + formatPosition(p);
    p.toMove = opponent(p.toMove);
  } else if (m < 0 || ref::play(p, m, p.toMove) == 0) {
    return "illegal move " + name + " in " + formatPosition(p);
  }
  return "";
}

// "" if the principal variation is legal from q and every move in it keeps the exact
// score `score` (for the side to move at q), else what is wrong.
std::string checkPv(Position q, int score, const std::vector<std::string>& pv) {
  for (const std::string& name : pv) {
    Position next = q;
    if (std::string err = playName(next, name); !err.empty()) return err;
    if (-testing::bruteForceScore(next) != score) return name + " does not keep the exact score in " + formatPosition(q);
    q = next;
    score = -score;
  }
  return "";
}

std::string checkSearchSketch(const std::string& output) {
  const std::regex title("e[0-9][0-9]_[a-z0-9_]+: .+");
  const std::regex move("move ([0-9]+) ([XO]) ([a-h][1-8]|pass) score=-?[0-9]+ nodes=[0-9]+ us=[0-9]+");
  const std::regex solve("solve position=([-XO]{64} [XO]) score=(-?[0-9]+) best=([a-h][1-8]|pass) nodes=[0-9]+ us=[0-9]+");
  const std::vector<std::string> lines = splitLines(output);
  if (lines.empty() || !std::regex_match(lines[0], title)) return "the first line is not the step's title";
  std::vector<std::string> game;
  Position p = startPosition();
  bool solved = false;
  for (size_t i = 1; i < lines.size(); ++i) {
    std::smatch m;
    if (std::regex_match(lines[i], m, move)) {
      if (std::stoi(m[1]) != int(game.size()) + 1) return "move lines out of order: " + lines[i];
      if ((m[2] == "X") != (p.toMove == BLACK)) return "wrong side to move: " + lines[i];
      game.push_back(m[3]);
      if (std::string err = playName(p, m[3]); !err.empty()) return "game: " + err;
    } else if (std::regex_match(lines[i], m, solve)) {
      const Position q = parsePosition(std::string(m[1]));
      const int want = testing::bruteForceScore(q);
      if (std::stoi(m[2]) != want) return "solve: score " + std::string(m[2]) + ", exact is " + std::to_string(want);
      if (!checkPv(q, want, {m[3]}).empty()) return "solve: " + std::string(m[3]) + " is not a best move";
      if (i + 1 >= lines.size() || lines[i + 1].rfind("pv ", 0) != 0) return "solve: no pv line after it";
      std::istringstream pv(lines[i + 1].substr(3));
      std::vector<std::string> line;
      for (std::string s; pv >> s;) line.push_back(s);
      if (line.empty() || line[0] != std::string(m[3])) return "solve: the pv does not start with the best move";
      if (std::string err = checkPv(q, want, line); !err.empty()) return "pv: " + err;
      solved = true;
    }
  }
  if (game.empty()) return "no move line of the form 'move <n> <X|O> <square> score=.. nodes=.. us=..'";
  if (!solved) return "no solve line";
  if (lines.back() != "DONE") return "the last line is not DONE";
  return "";
}

}  // namespace

int main(int argc, char** argv) { return runSketchChecker(argc, argv, checkSearchSketch); }
